import type { AdapterContext } from '../../../modules/channel/channel.adapter.js';
import { callOutside, OutsideError, parseOutsideJson } from '../../outside/http.js';
import { callWithToken } from '../shared/token.js';
import { signLazadaCall } from './lazada.sign.js';

/*
 * Calls to the Lazada Open Platform (api.lazada.<country>/rest, auth.lazada.com/rest): system
 * parameters in the query, business parameters in the form body, all signed together. The
 * seller's access token comes from the OAuth grant and is refreshed with its refresh token.
 */

export const lazadaRegionBases: Record<string, string> = {
  sg: 'https://api.lazada.sg/rest',
  my: 'https://api.lazada.com.my/rest',
  th: 'https://api.lazada.co.th/rest',
  vn: 'https://api.lazada.vn/rest',
  ph: 'https://api.lazada.com.ph/rest',
  id: 'https://api.lazada.co.id/rest',
};
export const lazadaAuthDefault = 'https://auth.lazada.com';
export const lazadaAccessTokenName = 'access_token';
export const lazadaRefreshTokenName = 'refresh_token';

export type LazadaAnswer = Record<string, unknown> & { code?: string; message?: string; data?: unknown };

// Lazada's own codes for throttling and back-end trouble: worth another try later.
const isTransientLazadaCode = (code: string) =>
  /CallLimit|ServiceTimeout|ServiceUnavailable|SystemBusy|InternalError|ISP\.|SYSTEM_ERROR/i.test(code);
const isExpiredTokenCode = (code: string) =>
  /IllegalAccessToken|AccessTokenExpired|InvalidAccessToken/i.test(code);

const regionBaseOf = (ctx: AdapterContext) =>
  ctx.apiBase('lazada', lazadaRegionBases[ctx.settings.region ?? 'sg'] ?? lazadaRegionBases.sg);
export const lazadaAuthBaseOf = (ctx: AdapterContext) => ctx.apiBase('lazada-auth', lazadaAuthDefault);

export type LazadaRequest = {
  apiPath: string;
  method?: 'GET' | 'POST';
  params?: Record<string, string>;
  accessToken?: string;
  /** The auth host (token create/refresh) instead of the region's API host. */
  isAuth?: boolean;
};

export const callLazada = async (ctx: AdapterContext, request: LazadaRequest): Promise<LazadaAnswer> => {
  const system: Record<string, string> = {
    app_key: ctx.settings.appKey ?? '',
    sign_method: 'sha256',
    timestamp: String(ctx.now()),
    ...(request.accessToken ? { access_token: request.accessToken } : {}),
  };
  const business = request.params ?? {};
  const sign = signLazadaCall(ctx.settings.appSecret ?? '', request.apiPath, { ...business, ...system });
  const method = request.method ?? 'GET';
  const base = request.isAuth ? `${lazadaAuthBaseOf(ctx)}/rest` : regionBaseOf(ctx);
  const response = await callOutside(
    {
      method,
      url: `${base}${request.apiPath}`,
      query: method === 'GET' ? { ...business, ...system, sign } : { ...system, sign },
      ...(method === 'POST'
        ? {
            headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
            body: new URLSearchParams(business).toString(),
          }
        : {}),
    },
    ctx.fetchImpl,
  );
  const answer = parseOutsideJson<LazadaAnswer>(response, 'Lazada');
  const code = String(answer.code ?? '0');
  if (code !== '0')
    throw new OutsideError(
      'platform',
      String(answer.message || code),
      response.status,
      isTransientLazadaCode(code),
      isExpiredTokenCode(code) ? 'token_expired' : code,
    );
  return answer;
};

const keepTokens = async (ctx: AdapterContext, answer: LazadaAnswer) => {
  const accessToken = String(answer.access_token ?? '');
  const refreshToken = String(answer.refresh_token ?? '');
  if (!accessToken)
    throw new OutsideError('protocol', 'Lazada gave no access token', null, false, 'no_token');
  await ctx.tokens.set(lazadaAccessTokenName, accessToken, ctx.now() + Number(answer.expires_in ?? 0) * 1000);
  if (refreshToken)
    await ctx.tokens.set(
      lazadaRefreshTokenName,
      refreshToken,
      ctx.now() + Number(answer.refresh_expires_in ?? 0) * 1000,
    );
  return accessToken;
};

export const buildLazadaAuthorizeUrl = (ctx: AdapterContext, redirectUri: string, state: string): string => {
  const url = new URL(`${lazadaAuthBaseOf(ctx)}/oauth/authorize`);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('force_auth', 'true');
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('client_id', ctx.settings.appKey ?? '');
  url.searchParams.set('state', state);
  return url.toString();
};

/** Trades the grant's code for the seller's tokens; answers the account and its country. */
export const grantLazadaTokens = async (ctx: AdapterContext, code: string) => {
  const answer = await callLazada(ctx, { apiPath: '/auth/token/create', isAuth: true, params: { code } });
  await keepTokens(ctx, answer);
  const country = String(answer.country ?? '');
  // The seller in the grant's country (pushes name it as seller_id); a cross-border grant lists several.
  const sellers = Array.isArray(answer.country_user_info)
    ? (answer.country_user_info as { country?: string; seller_id?: string | number }[])
    : [];
  const seller = sellers.find((entry) => entry.country === country.toLowerCase()) ?? sellers[0];
  return {
    account: String(answer.account ?? ''),
    country,
    sellerId: seller?.seller_id === undefined ? '' : String(seller.seller_id),
  };
};

const notAuthorised = () =>
  new OutsideError(
    'platform',
    'the seller has not authorised this app yet (or the authorisation expired): run "Authorise" again',
    null,
    false,
    'not_authorised',
  );

export const refreshLazadaToken = async (ctx: AdapterContext): Promise<string> => {
  const refreshToken = await ctx.tokens.get(lazadaRefreshTokenName);
  if (!refreshToken) throw notAuthorised();
  const answer = await callLazada(ctx, {
    apiPath: '/auth/token/refresh',
    isAuth: true,
    params: { refresh_token: refreshToken },
  }).catch(async (error: unknown) => {
    if (error instanceof OutsideError && !error.isRetryable) {
      await ctx.tokens.drop(lazadaRefreshTokenName);
      throw notAuthorised();
    }
    throw error;
  });
  return keepTokens(ctx, answer);
};

/** A seller call with the stored token: refreshed when missing, and once when refused as expired. */
export const callLazadaSeller = async (
  ctx: AdapterContext,
  request: Omit<LazadaRequest, 'accessToken' | 'isAuth'>,
): Promise<LazadaAnswer> =>
  callWithToken(
    ctx,
    lazadaAccessTokenName,
    async () => (await ctx.tokens.get(lazadaAccessTokenName)) ?? (await refreshLazadaToken(ctx)),
    (accessToken) => callLazada(ctx, { ...request, accessToken }),
  );
