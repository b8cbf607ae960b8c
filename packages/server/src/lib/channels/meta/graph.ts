import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import {
  callOutside,
  OutsideError,
  parseOutsideJson,
  type OutsideRequest,
  type OutsideResponse,
} from '../../outside/http.js';

/*
 * Calls to Meta's Graph API (WhatsApp Cloud API, Messenger). Errors come as HTTP 4xx/5xx with
 * {error: {message, code, error_subcode, error_data, is_transient}}: the code decides whether
 * waiting helps, and a closed 24-hour window gets words an agent understands.
 */

/** One Graph API version for every call; Meta supports each for about two years. */
export const GRAPH_VERSION = 'v21.0';

export const graphUrlOf = (ctx: AdapterContext, path: string): string =>
  `${ctx.apiBase('graph', 'https://graph.facebook.com')}/${GRAPH_VERSION}/${path}`;

type GraphError = {
  message?: string;
  code?: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_data?: { details?: string } | string;
};

/**
 * Temporary: unknown error (1), service unavailable (2), app/user/page rate limits (4, 17, 32,
 * 613), WhatsApp account and throughput limits (80007, 130429, 131056), WhatsApp's "something
 * went wrong" and "service unavailable" (131000, 131016, 133004).
 */
const transientCodes = new Set([1, 2, 4, 17, 32, 613, 80007, 130429, 131000, 131016, 131056, 133004]);

const isWindowClosed = (error: GraphError) =>
  (error.code === 10 && error.error_subcode === 2018278) || error.code === 131047;

const graphErrorOf = (error: GraphError, status: number): OutsideError => {
  const code = Number(error.code ?? 0);
  const details = typeof error.error_data === 'object' ? error.error_data?.details : undefined;
  const words = [error.message, details].filter(Boolean).join(': ') || `Graph API error ${code}`;
  if (isWindowClosed(error))
    return new OutsideError(
      'platform',
      `The 24-hour reply window has closed: the customer must write again first (${words})`,
      status,
      false,
      String(code),
    );
  const isRetryable =
    transientCodes.has(code) || error.is_transient === true || status === 429 || status >= 500;
  return new OutsideError('platform', words, status, isRetryable, String(code));
};

/** Graph's error object, when the body is one (not a proxy's page: callOutside's error says enough). */
const readGraphError = (body: Buffer, status: number): OutsideError | undefined => {
  try {
    const error = (JSON.parse(body.toString('utf8')) as { error?: GraphError }).error;
    return error && typeof error === 'object' ? graphErrorOf(error, status) : undefined;
  } catch {
    return undefined;
  }
};

/** One call with the bearer token; Meta's error object becomes an OutsideError carrying its code. */
export const callGraph = (
  ctx: AdapterContext,
  accessToken: string,
  request: OutsideRequest,
): Promise<OutsideResponse> =>
  callOutside(
    { ...request, headers: { ...request.headers, Authorization: `Bearer ${accessToken}` } },
    ctx.fetchImpl,
    readGraphError,
  );

export const callGraphJson = async <T>(
  ctx: AdapterContext,
  accessToken: string,
  request: OutsideRequest,
): Promise<T> => parseOutsideJson<T>(await callGraph(ctx, accessToken, request), 'the Graph API');
