import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import {
  callOutside,
  OutsideError,
  parseOutsideJson,
  type OutsideRequest,
  type OutsideResponse,
} from '../../outside/http.js';

/*
 * Calls to Feishu's open platform with the app's tenant_access_token. Feishu reports errors as a
 * `code` in the JSON answer, sometimes under HTTP 200 and sometimes under 400/429/500, so both
 * are read. A token Feishu no longer accepts is dropped and the call made once more with a fresh one.
 */

export const feishuBaseOf = (ctx: AdapterContext): string => ctx.apiBase('feishu', 'https://open.feishu.cn');

const tokenName = 'feishu.tenant_access_token';

/** Tenant token invalid or expired (99991663), app token invalid (99991664), token malformed (99991671). */
const invalidTokenCodes = new Set([99991663, 99991664, 99991671]);
/** The app's rate limit (99991400) and the messaging frequency limit (230020): worth waiting for. */
const transientCodes = new Set([99991400, 230020]);

type FeishuAnswer = { code?: number; msg?: string };

const parseAnswer = (body: Buffer): FeishuAnswer | undefined => {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as FeishuAnswer) : undefined;
  } catch {
    return undefined;
  }
};

const feishuErrorOf = (answer: FeishuAnswer, status: number): OutsideError => {
  const code = Number(answer.code);
  const isRetryable = transientCodes.has(code) || status === 429 || status >= 500;
  return new OutsideError(
    'platform',
    answer.msg || `Feishu error ${code}`,
    status,
    isRetryable,
    String(code),
  );
};

const isFeishuError = (answer: FeishuAnswer | undefined): answer is FeishuAnswer =>
  typeof answer?.code === 'number' && answer.code !== 0;

/** One call without a token; Feishu's error codes (in an error body or under 200) become OutsideErrors carrying them. */
export const callFeishuOnce = async (
  ctx: AdapterContext,
  request: OutsideRequest,
): Promise<OutsideResponse> => {
  const response = await callOutside(request, ctx.fetchImpl, (body, status) => {
    const answer = parseAnswer(body);
    return isFeishuError(answer) ? feishuErrorOf(answer, status) : undefined;
  });
  if ((response.headers.get('content-type') ?? '').includes('json')) {
    const answer = parseAnswer(response.body);
    if (isFeishuError(answer)) throw feishuErrorOf(answer, response.status);
  }
  return response;
};

const parseJsonOf = <T>(response: OutsideResponse): T => parseOutsideJson<T>(response, 'Feishu');

/** A cached tenant_access_token, or a new one (valid two hours). */
export const getTenantToken = async (ctx: AdapterContext): Promise<string> => {
  const cached = await ctx.tokens.get(tokenName);
  if (cached) return cached;
  const response = await callFeishuOnce(ctx, {
    method: 'POST',
    url: `${feishuBaseOf(ctx)}/open-apis/auth/v3/tenant_access_token/internal`,
    body: { app_id: ctx.settings.appId, app_secret: ctx.settings.appSecret },
  });
  const answer = parseJsonOf<{ tenant_access_token?: string; expire?: number }>(response);
  if (!answer.tenant_access_token)
    throw new OutsideError('protocol', 'Feishu answered no tenant_access_token', response.status, true);
  await ctx.tokens.set(tokenName, answer.tenant_access_token, ctx.now() + (answer.expire ?? 7200) * 1000);
  return answer.tenant_access_token;
};

/** A call with the tenant token; retried once with a fresh token when Feishu refuses it. */
export const callFeishu = async (ctx: AdapterContext, request: OutsideRequest): Promise<OutsideResponse> => {
  for (let attempt = 1; ; attempt += 1) {
    const token = await getTenantToken(ctx);
    try {
      return await callFeishuOnce(ctx, {
        ...request,
        headers: { ...request.headers, Authorization: `Bearer ${token}` },
      });
    } catch (error) {
      if (
        attempt > 1 ||
        !(error instanceof OutsideError) ||
        !invalidTokenCodes.has(Number(error.platformCode))
      )
        throw error;
      await ctx.tokens.drop(tokenName);
    }
  }
};

export const callFeishuJson = async <T>(ctx: AdapterContext, request: OutsideRequest): Promise<T> =>
  parseJsonOf<T>(await callFeishu(ctx, request));
