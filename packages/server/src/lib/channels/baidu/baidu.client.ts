import { createHash, createHmac } from 'node:crypto';
import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutsideJson, OutsideError } from '../../outside/http.js';
import { callWithToken } from '../shared/token.js';

/*
 * Baidu marketing consultation messages (百度营销 / 爱番番-style). No public push protocol for
 * third-party consultation messages could be found, so this is OpenKefu's own signed JSON
 * protocol, meant for a relay that speaks to Baidu (see the adapter's header for the wire format):
 *
 * - URL check: GET ?timestamp&nonce&echostr&signature, signature = sha1(sorted [token, timestamp,
 *   nonce] joined), answered with echostr (the WeChat-family convention Baidu's products share).
 * - Messages: POST JSON with headers x-bd-timestamp (ms), x-bd-nonce, x-bd-signature = hex
 *   HMAC-SHA256(token, timestamp + "\n" + nonce + "\n" + raw body); older than 5 minutes is refused.
 * - Calls: POST {base}/oauth/token {appId, appSecret} → {code: 0, data: {accessToken, expiresIn}};
 *   then Authorization: Bearer <accessToken>. Answers {code, msg, data}; code 0 is success.
 */

export const baiduDefaultBase = 'https://openapi.aifanfan.baidu.com';
export const baiduTokenName = 'access_token';
export const baiduMaxSkewMs = 5 * 60_000;

export const signBaiduCheck = (token: string, timestamp: string, nonce: string): string =>
  createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');

export const signBaiduPush = (token: string, timestamp: string, nonce: string, rawBody: Buffer): string =>
  createHmac('sha256', token)
    .update(Buffer.concat([Buffer.from(`${timestamp}\n${nonce}\n`, 'utf8'), rawBody]))
    .digest('hex');

// 2 service unavailable, 18 QPS limit, 19 daily quota (Baidu's usual numbering).
const transientCodes = new Set([2, 18, 19]);
// 110 invalid token, 111 expired token.
const tokenCodes = new Set([110, 111]);

type BaiduAnswer = { code?: number; msg?: string; data?: Record<string, unknown> };

const assertBaiduOk = (answer: BaiduAnswer, status = 200): BaiduAnswer => {
  const code = Number(answer.code ?? 0);
  if (code !== 0)
    throw new OutsideError(
      'platform',
      answer.msg || `Baidu error ${code}`,
      status,
      transientCodes.has(code),
      tokenCodes.has(code) ? 'token_expired' : String(code),
    );
  return answer;
};

const baseOf = (ctx: AdapterContext) => ctx.apiBase('baidu', baiduDefaultBase);

export const fetchBaiduToken = async (ctx: AdapterContext): Promise<string> => {
  const kept = await ctx.tokens.get(baiduTokenName);
  if (kept) return kept;
  const answer = assertBaiduOk(
    await callOutsideJson<BaiduAnswer>(
      {
        method: 'POST',
        url: `${baseOf(ctx)}/oauth/token`,
        body: { appId: ctx.settings.appId ?? '', appSecret: ctx.settings.appSecret ?? '' },
      },
      ctx.fetchImpl,
    ),
  );
  const token = String(answer.data?.accessToken ?? '');
  if (!token) throw new OutsideError('protocol', 'Baidu gave no access token', null, false, 'no_token');
  await ctx.tokens.set(baiduTokenName, token, ctx.now() + Number(answer.data?.expiresIn ?? 7200) * 1000);
  return token;
};

/** A call with the bearer token; refused as expired, the token is fetched anew once. */
export const callBaidu = async (ctx: AdapterContext, path: string, body: unknown): Promise<BaiduAnswer> => {
  const once = async (token: string) =>
    assertBaiduOk(
      await callOutsideJson<BaiduAnswer>(
        { method: 'POST', url: `${baseOf(ctx)}${path}`, headers: { Authorization: `Bearer ${token}` }, body },
        ctx.fetchImpl,
      ),
    );
  return callWithToken(ctx, baiduTokenName, () => fetchBaiduToken(ctx), once);
};
