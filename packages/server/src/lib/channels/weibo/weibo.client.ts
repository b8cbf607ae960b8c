import { createHash } from 'node:crypto';
import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutside, OutsideError } from '../../outside/http.js';

/*
 * Weibo fan service (粉丝服务平台). Callbacks carry signature = sha1 of the sorted, joined
 * [app secret, timestamp, nonce] in the query (GET with echostr to confirm the URL, POST for
 * messages). Calls use the account's long-lived access token from the form; Weibo answers errors
 * as {error, error_code, request}, mostly with a 4xx status.
 *
 * Hosts: messages on m.api.weibo.com (CHANNEL_API_BASES `weibo-fans`), media downloads on
 * upload.api.weibo.com (`weibo-upload`), the account check on api.weibo.com (`weibo`).
 */

export const weiboBases = {
  weibo: 'https://api.weibo.com',
  'weibo-fans': 'https://m.api.weibo.com',
  'weibo-upload': 'https://upload.api.weibo.com',
};

export const signWeiboCallback = (appSecret: string, timestamp: string, nonce: string): string =>
  createHash('sha1').update([appSecret, timestamp, nonce].sort().join('')).digest('hex');

// 10001 system error, 10009 too busy, 10022–10024 rate limits.
const transientCodes = new Set([10001, 10009, 10022, 10023, 10024]);
// Expired or revoked tokens: the admin must paste a new one (Weibo issues no refresh token here).
const tokenCodes = new Set([21314, 21315, 21316, 21317, 21327, 21332]);

const errorOf = (status: number, body: Buffer): OutsideError | undefined => {
  let parsed: { error?: string; error_code?: number | string };
  try {
    parsed = JSON.parse(body.toString('utf8')) as typeof parsed;
  } catch {
    return undefined;
  }
  if (parsed.error_code === undefined || parsed.error_code === null || Number(parsed.error_code) === 0)
    return undefined;
  const code = Number(parsed.error_code);
  const words = tokenCodes.has(code)
    ? `the Weibo access token was refused (${parsed.error ?? code}): paste a new one`
    : String(parsed.error ?? code);
  return new OutsideError('platform', words, status, transientCodes.has(code), String(code));
};

/** One call; Weibo's error body (whatever the status) becomes a `platform` OutsideError with its code. */
export const callWeibo = async (
  ctx: AdapterContext,
  request: {
    host: keyof typeof weiboBases;
    path: string;
    query?: Record<string, string>;
    form?: Record<string, string>;
  },
) => {
  const base = ctx.apiBase(request.host, weiboBases[request.host]);
  const response = await callOutside(
    {
      method: request.form ? 'POST' : 'GET',
      url: `${base}${request.path}`,
      query: request.query,
      ...(request.form
        ? {
            headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
            body: new URLSearchParams(request.form).toString(),
          }
        : {}),
    },
    ctx.fetchImpl,
    // A 4xx body carries Weibo's error_code; a 5xx stays callOutside's (retryable) error.
    (body, status) => (status < 500 ? errorOf(status, body) : undefined),
  );
  const error = errorOf(response.status, response.body);
  if (error) throw error;
  return response;
};
