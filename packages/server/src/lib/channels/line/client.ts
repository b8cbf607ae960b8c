import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import {
  callOutside,
  OutsideError,
  parseOutsideJson,
  type OutsideRequest,
  type OutsideResponse,
} from '../../outside/http.js';

/*
 * Calls to the LINE Messaging API with the channel access token. LINE reports errors as HTTP
 * statuses with {message}; callOutside classes them, except one: a 429 that says the monthly
 * message quota is used up will not pass by waiting minutes, so it is final.
 */

export const lineBaseOf = (ctx: AdapterContext): string => ctx.apiBase('line', 'https://api.line.me');
export const lineDataBaseOf = (ctx: AdapterContext): string =>
  ctx.apiBase('line-data', 'https://api-data.line.me');

export const withLineToken = (ctx: AdapterContext, request: OutsideRequest): OutsideRequest => ({
  ...request,
  headers: { ...request.headers, Authorization: `Bearer ${ctx.settings.channelAccessToken}` },
});

export const classifyLineError = (error: unknown): unknown =>
  error instanceof OutsideError && error.status === 429 && /monthly limit/i.test(error.message)
    ? new OutsideError('http', error.message, 429, false, 'monthly_limit')
    : error;

export const callLine = async (ctx: AdapterContext, request: OutsideRequest): Promise<OutsideResponse> => {
  try {
    return await callOutside(withLineToken(ctx, request), ctx.fetchImpl);
  } catch (error) {
    throw classifyLineError(error);
  }
};

export const callLineJson = async <T>(ctx: AdapterContext, request: OutsideRequest): Promise<T> => {
  const response = await callLine(ctx, request);
  // Some LINE answers are empty: an empty object then.
  return response.body.length === 0 ? ({} as T) : parseOutsideJson<T>(response, 'LINE');
};
