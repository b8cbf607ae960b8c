import { createHash } from 'node:crypto';
import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutsideJson, OutsideError } from '../../outside/http.js';
import { callWithToken } from '../shared/token.js';

/*
 * Douyin open platform (open.douyin.com): webhooks signed X-Douyin-Signature = sha1(client secret
 * + raw body); calls with a client_token from /oauth/stable_client_token/ (stable: a fetch on one
 * node does not invalidate another's, unlike /oauth/client_token/).
 */

export const douyinDefaultBase = 'https://open.douyin.com';
export const douyinTokenName = 'client_token';

export const signDouyinWebhook = (clientSecret: string, rawBody: Buffer): string =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(clientSecret, 'utf8'), rawBody]))
    .digest('hex');

// 2100004 system busy, 10020 / 2100005 call frequency; the rest (permission, parameters) stay failed.
const transientCodes = new Set([2100004, 2100005, 10020, 2119002]);
// access_token / client_token expired or invalid.
const expiredTokenCodes = new Set([2190008, 2190002, 28001003, 28001008, 10008]);

type DouyinAnswer = Record<string, unknown> & {
  err_no?: number;
  err_msg?: string;
  data?: Record<string, unknown> & { error_code?: number; description?: string };
  extra?: { error_code?: number; description?: string };
};

/** Douyin reports errors three ways (err_no, data.error_code, extra.error_code): one check for all. */
export const assertDouyinOk = (answer: DouyinAnswer): DouyinAnswer => {
  const candidates: [number | undefined, string | undefined][] = [
    [answer.err_no, answer.err_msg],
    [answer.extra?.error_code, answer.extra?.description],
    [answer.data?.error_code, answer.data?.description],
  ];
  for (const [code, words] of candidates)
    if (code !== undefined && code !== null && Number(code) !== 0)
      throw new OutsideError(
        'platform',
        words || `Douyin error ${code}`,
        200,
        transientCodes.has(Number(code)),
        expiredTokenCodes.has(Number(code)) ? 'token_expired' : String(code),
      );
  return answer;
};

export const douyinBaseOf = (ctx: AdapterContext) => ctx.apiBase('douyin', douyinDefaultBase);

export const fetchDouyinClientToken = async (ctx: AdapterContext): Promise<string> => {
  const kept = await ctx.tokens.get(douyinTokenName);
  if (kept) return kept;
  const answer = assertDouyinOk(
    await callOutsideJson<DouyinAnswer>(
      {
        method: 'POST',
        url: `${douyinBaseOf(ctx)}/oauth/stable_client_token/`,
        body: {
          client_key: ctx.settings.clientKey ?? '',
          client_secret: ctx.settings.clientSecret ?? '',
          grant_type: 'client_credential',
        },
      },
      ctx.fetchImpl,
    ),
  );
  const token = String(answer.data?.access_token ?? '');
  if (!token) throw new OutsideError('protocol', 'Douyin gave no client token', null, false, 'no_token');
  await ctx.tokens.set(douyinTokenName, token, ctx.now() + Number(answer.data?.expires_in ?? 7200) * 1000);
  return token;
};

/** A call with the client token in the `access-token` header; a refused token is fetched anew once. */
export const callDouyin = async (
  ctx: AdapterContext,
  request: { path: string; query?: Record<string, string>; body: unknown },
): Promise<DouyinAnswer> => {
  const once = async (token: string) =>
    assertDouyinOk(
      await callOutsideJson<DouyinAnswer>(
        {
          method: 'POST',
          url: `${douyinBaseOf(ctx)}${request.path}`,
          query: request.query,
          headers: { 'access-token': token },
          body: request.body,
        },
        ctx.fetchImpl,
      ),
    );
  return callWithToken(ctx, douyinTokenName, () => fetchDouyinClientToken(ctx), once);
};
