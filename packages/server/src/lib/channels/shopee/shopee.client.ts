import { randomBytes } from 'node:crypto';
import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutside, OutsideError } from '../../outside/http.js';
import { callWithToken } from '../shared/token.js';
import { signShopeeCall } from './shopee.sign.js';

/*
 * Calls to the Shopee Open Platform v2 (partner.shopeemobile.com): every call signed in its query,
 * shop-level calls with the shop's access token (≈ 4 h) refreshed with its refresh token (30 days)
 * when missing or refused. Tokens live in ctx.tokens so every node shares them.
 */

export const shopeeDefaultBase = 'https://partner.shopeemobile.com';
export const shopeeAccessTokenName = 'access_token';
export const shopeeRefreshTokenName = 'refresh_token';
const refreshTokenLifeMs = 30 * 24 * 3600_000;

export type ShopeeAnswer = Record<string, unknown> & {
  error?: string;
  message?: string;
  response?: Record<string, unknown>;
};

/** The platform's errors that pass with time (Shopee answers them with HTTP 200 or 429). */
const isTransientShopeeError = (code: string) =>
  /busy|too_many|rate_limit|error_server|error_inner|timeout/i.test(code);
const isExpiredTokenError = (code: string, message: string) =>
  // error_auth also covers a wrong signature: one needless refresh then, never a loop.
  /invalid_ac+e+s+_token|access_token_expired|^error_auth$/i.test(code) ||
  (/access[_ ]token/i.test(message) && /expired|invalid/i.test(message));

const baseOf = (ctx: AdapterContext) => ctx.apiBase('shopee', shopeeDefaultBase);
const secondsOf = (ctx: AdapterContext) => Math.floor(ctx.now() / 1000);

/** Big ids (conversation_id, message_id) exceed 2^53: keep them as text before parsing. */
export const parseShopeeJson = (text: string): ShopeeAnswer =>
  JSON.parse(
    text.replace(/"(conversation_id|message_id|latest_message_id|from_id|to_id)":\s*(\d+)/g, '"$1":"$2"'),
  ) as ShopeeAnswer;

export type ShopeeRequest = {
  path: string;
  method?: 'GET' | 'POST';
  query?: Record<string, string | number>;
  /** A JSON text (ids written as digits), or multipart bytes with their content type. */
  body?: string | { bytes: Buffer; contentType: string };
  /** Shop-level call: signed with the access token and shop id. */
  shop?: { accessToken: string; shopId: string };
};

/** One signed call; a Shopee `error` becomes an OutsideError of kind `platform`. */
export const callShopee = async (ctx: AdapterContext, request: ShopeeRequest): Promise<ShopeeAnswer> => {
  const partnerId = ctx.settings.partnerId ?? '';
  const timestamp = secondsOf(ctx);
  const sign = signShopeeCall(ctx.settings.partnerKey ?? '', {
    partnerId,
    path: request.path,
    timestamp,
    accessToken: request.shop?.accessToken,
    shopId: request.shop?.shopId,
  });
  const headers: Record<string, string> = {};
  let body: string | Uint8Array | undefined;
  if (typeof request.body === 'string') {
    body = request.body;
    headers['Content-Type'] = 'application/json';
  } else if (request.body) {
    body = request.body.bytes;
    headers['Content-Type'] = request.body.contentType;
  }
  const response = await callOutside(
    {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      url: `${baseOf(ctx)}${request.path}`,
      query: {
        ...request.query,
        partner_id: partnerId,
        timestamp,
        sign,
        ...(request.shop ? { access_token: request.shop.accessToken, shop_id: request.shop.shopId } : {}),
      },
      headers,
      body,
    },
    ctx.fetchImpl,
  ).catch((error: unknown) => {
    // Shopee answers refusals with a 4xx whose JSON `error` callOutside keeps as the message.
    if (error instanceof OutsideError && error.kind === 'http' && error.status !== null && !error.isRetryable)
      throw new OutsideError(
        'platform',
        error.message,
        error.status,
        false,
        isExpiredTokenError(error.message, '') ? 'token_expired' : error.message,
      );
    throw error;
  });
  let answer: ShopeeAnswer;
  try {
    answer = parseShopeeJson(response.body.toString('utf8'));
  } catch {
    throw new OutsideError('protocol', 'Shopee answered something other than JSON', response.status, true);
  }
  if (answer.error) {
    const code = String(answer.error);
    const message = String(answer.message || code);
    throw new OutsideError(
      'platform',
      message,
      response.status,
      isTransientShopeeError(code),
      isExpiredTokenError(code, message) ? 'token_expired' : code,
    );
  }
  return answer;
};

const keepTokens = async (ctx: AdapterContext, answer: ShopeeAnswer) => {
  const accessToken = String(answer.access_token ?? '');
  const refreshToken = String(answer.refresh_token ?? '');
  if (!accessToken || !refreshToken)
    throw new OutsideError('protocol', 'Shopee gave no access token', null, false, 'no_token');
  const expireIn = Number(answer.expire_in ?? 14_400);
  await ctx.tokens.set(shopeeAccessTokenName, accessToken, ctx.now() + expireIn * 1000);
  await ctx.tokens.set(shopeeRefreshTokenName, refreshToken, ctx.now() + refreshTokenLifeMs);
  return accessToken;
};

/** The page the admin is sent to; Shopee comes back to `redirect` with code and shop_id. */
export const buildShopeeAuthorizeUrl = (ctx: AdapterContext, redirectUri: string, state: string): string => {
  const path = '/api/v2/shop/auth_partner';
  const partnerId = ctx.settings.partnerId ?? '';
  const timestamp = secondsOf(ctx);
  const url = new URL(`${baseOf(ctx)}${path}`);
  url.searchParams.set('partner_id', partnerId);
  url.searchParams.set('timestamp', String(timestamp));
  url.searchParams.set('sign', signShopeeCall(ctx.settings.partnerKey ?? '', { partnerId, path, timestamp }));
  // Shopee appends only code and shop_id: our state must ride inside the redirect address.
  const redirect = new URL(redirectUri);
  redirect.searchParams.set('state', state);
  url.searchParams.set('redirect', redirect.toString());
  return url.toString();
};

const assertDigits = (value: string, what: string) => {
  if (!/^\d{1,20}$/.test(value))
    throw new OutsideError('protocol', `${what} must be digits`, null, false, 'bad_id');
  return value;
};

/** Trades the grant's code for the shop's tokens. */
export const grantShopeeTokens = async (ctx: AdapterContext, code: string, shopId: string): Promise<void> => {
  const answer = await callShopee(ctx, {
    path: '/api/v2/auth/token/get',
    body: `{"code":${JSON.stringify(code)},"shop_id":${assertDigits(shopId, 'shop_id')},"partner_id":${assertDigits(ctx.settings.partnerId ?? '', 'partnerId')}}`,
  });
  await keepTokens(ctx, answer);
};

const notAuthorised = () =>
  new OutsideError(
    'platform',
    'the shop has not authorised this app yet (or the authorisation expired): run "Authorise" again',
    null,
    false,
    'not_authorised',
  );

/** A new access token from the refresh token (which Shopee renews on the way). */
export const refreshShopeeToken = async (ctx: AdapterContext, shopId: string): Promise<string> => {
  const refreshToken = await ctx.tokens.get(shopeeRefreshTokenName);
  if (!refreshToken) throw notAuthorised();
  const answer = await callShopee(ctx, {
    path: '/api/v2/auth/access_token/get',
    body: `{"refresh_token":${JSON.stringify(refreshToken)},"shop_id":${assertDigits(shopId, 'shop_id')},"partner_id":${assertDigits(ctx.settings.partnerId ?? '', 'partnerId')}}`,
  }).catch(async (error: unknown) => {
    // A refused refresh token will not get better: only a new grant helps.
    if (error instanceof OutsideError && !error.isRetryable) {
      await ctx.tokens.drop(shopeeRefreshTokenName);
      throw notAuthorised();
    }
    throw error;
  });
  return keepTokens(ctx, answer);
};

/**
 * A shop-level call with the stored access token: refreshed first when missing, and once more when
 * Shopee refuses it as expired.
 */
export const callShopeeShop = async (
  ctx: AdapterContext,
  request: Omit<ShopeeRequest, 'shop'>,
  shopId = ctx.settings.shopId ?? '',
): Promise<ShopeeAnswer> => {
  if (!shopId) throw notAuthorised();
  return callWithToken(
    ctx,
    shopeeAccessTokenName,
    async () => (await ctx.tokens.get(shopeeAccessTokenName)) ?? (await refreshShopeeToken(ctx, shopId)),
    (accessToken) => callShopee(ctx, { ...request, shop: { accessToken, shopId } }),
  );
};

/** A multipart/form-data body with one file field (callOutside sends bytes as they are). */
export const buildMultipart = (field: string, fileName: string, mediaType: string, data: Buffer) => {
  const boundary = `----openkefu${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName.replace(/["\r\n]/g, '_')}"\r\nContent-Type: ${mediaType}\r\n\r\n`,
    'utf8',
  );
  return {
    bytes: Buffer.concat([head, data, Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8')]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};
