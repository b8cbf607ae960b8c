import { createHash } from 'node:crypto';
import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutside, callOutsideJson, OutsideError, type OutsideRequest } from '../../outside/http.js';
import { tokenRefusedCodes, toWechatError, toWechatTokenError } from './errors.js';

/*
 * Calls to WeChat's APIs for the four WeChat channels: one access token per app (official account
 * and mini program: appid + secret; Work WeChat: corpid + the app's or customer service's secret),
 * cached in ctx.tokens until it expires, fetched once even when several sends need it at the same
 * moment, and fetched anew once when the platform says it is no longer valid.
 */

export type WechatApi = {
  /** The ctx.apiBase key (CHANNEL_API_BASES) and its default address. */
  platform: 'wechat' | 'wework';
  fallbackBase: string;
  /** The token's name in ctx.tokens: the app it belongs to. */
  tokenNameOf: (settings: Record<string, string>) => string;
  tokenRequestOf: (settings: Record<string, string>) => { path: string; query: Record<string, string> };
  /** Apps whose token comes another way (an account authorised to WeChat's third-party platform). */
  fetchToken?: (ctx: AdapterContext) => Promise<{ token: string; expiresIn: number }>;
};

/** Official accounts and mini programs: api.weixin.qq.com, appid + appsecret. */
export const officialApi: WechatApi = {
  platform: 'wechat',
  fallbackBase: 'https://api.weixin.qq.com',
  tokenNameOf: (settings) => `wechat:${settings.appId}`,
  tokenRequestOf: (settings) => ({
    path: '/cgi-bin/token',
    query: { grant_type: 'client_credential', appid: settings.appId, secret: settings.appSecret },
  }),
};

/** Work WeChat (self-built apps, WeChat customer service): qyapi.weixin.qq.com, corpid + secret. */
export const workApi: WechatApi = {
  platform: 'wework',
  fallbackBase: 'https://qyapi.weixin.qq.com',
  // Each secret (an app's, customer service's) has its own token within the corporation.
  tokenNameOf: (settings) => `wework:${settings.corpId}:${settings.agentId || 'kf'}`,
  tokenRequestOf: (settings) => ({
    path: '/cgi-bin/gettoken',
    query: { corpid: settings.corpId, corpsecret: settings.secret },
  }),
};

export const wechatBaseOf = (ctx: AdapterContext, api: WechatApi): string =>
  ctx.apiBase(api.platform, api.fallbackBase).replace(/\/+$/, '');

type WechatAnswer = { errcode?: number; errmsg?: string };

/** Throws the platform's error for a non-zero errcode. */
const checkAnswer = <T extends WechatAnswer>(answer: T, status: number | null = 200): T => {
  if (typeof answer.errcode === 'number' && answer.errcode !== 0)
    throw toWechatError(answer.errcode, answer.errmsg ?? '', status);
  return answer;
};

const fetchesUnderWay = new Map<string, Promise<string>>();

/** Asks the platform for a new token and keeps it for its lifetime. */
const fetchAccessToken = async (ctx: AdapterContext, api: WechatApi): Promise<string> => {
  if (api.fetchToken) {
    const fetched = await api.fetchToken(ctx);
    await ctx.tokens.set(api.tokenNameOf(ctx.settings), fetched.token, ctx.now() + fetched.expiresIn * 1000);
    return fetched.token;
  }
  const { path, query } = api.tokenRequestOf(ctx.settings);
  const answer = await callOutsideJson<WechatAnswer & { access_token?: string; expires_in?: number }>(
    { url: `${wechatBaseOf(ctx, api)}${path}`, query },
    ctx.fetchImpl,
  );
  if (typeof answer.errcode === 'number' && answer.errcode !== 0)
    throw toWechatTokenError(answer.errcode, answer.errmsg ?? '', 200);
  if (!answer.access_token)
    throw new OutsideError('protocol', 'the platform answered no access token', 200, true);
  const expiresIn = typeof answer.expires_in === 'number' ? answer.expires_in : 7200;
  await ctx.tokens.set(api.tokenNameOf(ctx.settings), answer.access_token, ctx.now() + expiresIn * 1000);
  return answer.access_token;
};

/**
 * A valid access token: the cached one, else a fresh one. `fresh` skips the cache (the console's
 * test button checks the credentials themselves).
 */
export const getAccessToken = async (
  ctx: AdapterContext,
  api: WechatApi,
  options: { fresh?: boolean } = {},
): Promise<string> => {
  const name = api.tokenNameOf(ctx.settings);
  if (!options.fresh) {
    const cached = await ctx.tokens.get(name);
    if (cached) return cached;
  }
  // One fetch per app at a time in this process: an official account's new token replaces the old.
  // The credentials are part of the key, so a mistyped secret never borrows a good one's answer.
  const credentials = createHash('sha256')
    .update(JSON.stringify(api.tokenRequestOf(ctx.settings)))
    .digest('hex');
  const key = `${wechatBaseOf(ctx, api)}|${name}|${credentials}`;
  const underWay = fetchesUnderWay.get(key);
  if (underWay) return underWay;
  const fetching = fetchAccessToken(ctx, api).finally(() => fetchesUnderWay.delete(key));
  fetchesUnderWay.set(key, fetching);
  return fetching;
};

/** Runs `attempt` with a token; when the platform refuses the token, forgets it and tries once more. */
const withAccessToken = async <T>(
  ctx: AdapterContext,
  api: WechatApi,
  attempt: (token: string) => Promise<T>,
): Promise<T> => {
  const token = await getAccessToken(ctx, api);
  try {
    return await attempt(token);
  } catch (error) {
    if (!(error instanceof OutsideError) || !tokenRefusedCodes.has(Number(error.platformCode))) throw error;
    const name = api.tokenNameOf(ctx.settings);
    // Another node may already have stored a newer token: drop only the one that was refused.
    if ((await ctx.tokens.get(name)) === token) await ctx.tokens.drop(name);
    return attempt(await getAccessToken(ctx, api));
  }
};

export type WechatCall = Omit<OutsideRequest, 'url'> & { path: string };

/** A JSON API call with `access_token` in the query; a non-zero errcode throws OutsideError. */
export const callWechatJson = async <T extends object = Record<string, unknown>>(
  ctx: AdapterContext,
  api: WechatApi,
  call: WechatCall,
): Promise<T & WechatAnswer> => {
  const { path, ...request } = call;
  return withAccessToken(ctx, api, async (token) =>
    checkAnswer(
      await callOutsideJson<T & WechatAnswer>(
        {
          ...request,
          url: `${wechatBaseOf(ctx, api)}${path}`,
          query: { ...request.query, access_token: token },
        },
        ctx.fetchImpl,
      ),
    ),
  );
};

/** A file name safe inside a quoted multipart header. */
const headerSafe = (name: string) => name.replace(/["\r\n\\]/g, '_') || 'file';

/** Uploads temporary media (3 days) for a message; answers its media_id. */
export const uploadWechatMedia = async (
  ctx: AdapterContext,
  api: WechatApi,
  type: string,
  media: { data: Buffer; fileName: string; mediaType: string },
): Promise<string> => {
  const boundary = `----openkefu${Date.now().toString(16)}${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="${headerSafe(media.fileName)}"; ` +
    `filelength=${media.data.length}\r\nContent-Type: ${media.mediaType || 'application/octet-stream'}\r\n\r\n`;
  const body = Buffer.concat([Buffer.from(head, 'utf8'), media.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const answer = await callWechatJson<{ media_id?: string }>(ctx, api, {
    method: 'POST',
    path: '/cgi-bin/media/upload',
    query: { type },
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    body,
    timeoutMs: 60_000,
  });
  if (!answer.media_id) throw new OutsideError('protocol', 'the platform answered no media_id', 200, true);
  return answer.media_id;
};

const fileNameOf = (disposition: string | null): string | undefined => {
  if (!disposition) return undefined;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition)?.[1]?.trim();
  if (!plain) return undefined;
  // Header values arrive as Latin-1; the platform writes Chinese names in UTF-8.
  const utf8 = Buffer.from(plain, 'latin1').toString('utf8');
  return utf8.includes('\uFFFD') ? plain : utf8;
};

const extensionOf: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'audio/amr': 'amr',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
};

/**
 * Downloads temporary media by media_id. The platform answers the bytes, or JSON: an error, or
 * (official account video) the address to download it from.
 */
export const fetchWechatMedia = async (
  ctx: AdapterContext,
  api: WechatApi,
  mediaId: string,
): Promise<{ data: Buffer; mediaType: string; fileName: string }> =>
  withAccessToken(ctx, api, async (token) => {
    const response = await callOutside(
      {
        url: `${wechatBaseOf(ctx, api)}/cgi-bin/media/get`,
        query: { access_token: token, media_id: mediaId },
        timeoutMs: 60_000,
      },
      ctx.fetchImpl,
    );
    const mediaType = (response.headers.get('content-type') ?? 'application/octet-stream')
      .split(';')[0]
      .trim();
    if (/json|text\/plain/i.test(mediaType) || response.body.subarray(0, 1).toString() === '{') {
      let answer: WechatAnswer & { video_url?: string };
      try {
        answer = JSON.parse(response.body.toString('utf8')) as WechatAnswer & { video_url?: string };
      } catch {
        answer = {};
      }
      checkAnswer(answer, response.status);
      if (answer.video_url) {
        const video = await callOutside({ url: answer.video_url, timeoutMs: 60_000 }, ctx.fetchImpl);
        return { data: video.body, mediaType: 'video/mp4', fileName: `${mediaId}.mp4` };
      }
    }
    const extension = extensionOf[mediaType];
    return {
      data: response.body,
      mediaType,
      fileName:
        fileNameOf(response.headers.get('content-disposition')) ??
        (extension ? `${mediaId}.${extension}` : mediaId),
    };
  });
