import type { AdapterContext, TokenStore } from '../../../modules/channel/channel.adapter.js';
import { callOutsideJson, OutsideError } from '../../outside/http.js';
import { officialApi, type WechatApi } from './api.js';
import { createWechatCrypt } from './crypt.js';
import { toWechatError } from './errors.js';
import { isWechatSignatureValid } from './signature.js';
import { parseWechatXml } from './xml.js';

/*
 * WeChat Open Platform's third-party platform (第三方平台, "component"): the platform's own app that
 * official accounts authorise instead of handing over their AppSecret.
 *
 * - WeChat pushes a component_verify_ticket every 10 minutes to the authorisation event address,
 *   encrypted with the component's Token and EncodingAESKey (receive id: the component's AppID).
 * - component_access_token (2 h) = api_component_token(appid, secret, latest ticket).
 * - An account's admin is sent to componentloginpage with a pre_auth_code; WeChat comes back to
 *   the redirect with auth_code; api_query_auth trades it for the authorizer's AppID, access token
 *   and refresh token; api_authorizer_token renews the access token with the refresh token.
 * - Messages to authorised accounts arrive at the message address (its $APPID$ replaced by the
 *   account's AppID), encrypted the same way; replies use the ordinary customer-service API with the
 *   authorizer's access token.
 */

export type ComponentSettings = {
  componentAppId: string;
  componentAppSecret: string;
  /** The message check Token and EncodingAESKey entered in the component's settings. */
  token: string;
  encodingAESKey: string;
};

export type ComponentContext = {
  settings: ComponentSettings;
  /** The platform's own tokens: the latest verify ticket and the component access token. */
  store: TokenStore;
  apiBase: (platform: string, fallback: string) => string;
  fetchImpl?: typeof fetch;
  now: () => number;
};

const verifyTicketName = 'wechat_open:verify_ticket';
const componentTokenName = 'wechat_open:component_access_token';
/** WeChat sends a new ticket every 10 minutes; one stays valid for 12 hours. */
const verifyTicketLifeMs = 12 * 3600_000;

const apiBaseOf = (ctx: Pick<ComponentContext, 'apiBase'>) =>
  ctx.apiBase('wechat', 'https://api.weixin.qq.com').replace(/\/+$/, '');

type WechatAnswer = { errcode?: number; errmsg?: string };

const checked = <T extends WechatAnswer>(answer: T): T => {
  if (typeof answer.errcode === 'number' && answer.errcode !== 0)
    throw toWechatError(answer.errcode, answer.errmsg ?? '', 200);
  return answer;
};

export type ComponentEvent =
  | { infoType: 'component_verify_ticket'; ticket: string }
  | { infoType: 'authorized' | 'updateauthorized' | 'unauthorized'; authorizerAppId: string }
  | { infoType: 'other'; name: string };

/**
 * Opens one push to the authorisation event address: signature over the Encrypt part, then AES
 * with the component's AppID as the receive id. Throws on anything that does not verify.
 */
export const openComponentEvent = (
  settings: ComponentSettings,
  request: { query: Record<string, string>; rawBody: Buffer },
): ComponentEvent => {
  const encrypted = parseWechatXml(request.rawBody.toString('utf8')).Encrypt;
  const { msg_signature: signature, timestamp = '', nonce = '' } = request.query;
  if (!encrypted || !isWechatSignatureValid(signature, [settings.token, timestamp, nonce, encrypted]))
    throw new OutsideError(
      'protocol',
      'the authorisation event is not signed by WeChat',
      null,
      false,
      'bad_signature',
    );
  const fields = parseWechatXml(
    createWechatCrypt(settings.encodingAESKey, settings.componentAppId).decrypt(encrypted),
  );
  const infoType = fields.InfoType ?? '';
  if (infoType === 'component_verify_ticket' && fields.ComponentVerifyTicket)
    return { infoType, ticket: fields.ComponentVerifyTicket };
  if (
    (infoType === 'authorized' || infoType === 'updateauthorized' || infoType === 'unauthorized') &&
    fields.AuthorizerAppid
  )
    return { infoType, authorizerAppId: fields.AuthorizerAppid };
  return { infoType: 'other', name: infoType };
};

/** Keeps the newest verify ticket for every node. */
export const keepVerifyTicket = (ctx: ComponentContext, ticket: string) =>
  ctx.store.set(verifyTicketName, ticket, ctx.now() + verifyTicketLifeMs);

/** The component access token: the kept one, else a new one for the latest verify ticket. */
export const getComponentAccessToken = async (
  ctx: ComponentContext,
  options: { fresh?: boolean } = {},
): Promise<string> => {
  if (!options.fresh) {
    const kept = await ctx.store.get(componentTokenName);
    if (kept) return kept;
  }
  const ticket = await ctx.store.get(verifyTicketName);
  if (!ticket)
    throw new OutsideError(
      'platform',
      'WeChat has not sent the component verify ticket yet: check the authorisation event address in the third-party platform settings, and try again in 10 minutes',
      null,
      true,
      'no_verify_ticket',
    );
  const answer = checked(
    await callOutsideJson<WechatAnswer & { component_access_token?: string; expires_in?: number }>(
      {
        method: 'POST',
        url: `${apiBaseOf(ctx)}/cgi-bin/component/api_component_token`,
        body: {
          component_appid: ctx.settings.componentAppId,
          component_appsecret: ctx.settings.componentAppSecret,
          component_verify_ticket: ticket,
        },
      },
      ctx.fetchImpl,
    ),
  );
  if (!answer.component_access_token)
    throw new OutsideError('protocol', 'WeChat answered no component access token', 200, true);
  await ctx.store.set(
    componentTokenName,
    answer.component_access_token,
    ctx.now() + (answer.expires_in ?? 7200) * 1000,
  );
  return answer.component_access_token;
};

/** A component API call with component_access_token in the query. */
const callComponent = async <T extends object>(
  ctx: ComponentContext,
  path: string,
  body: Record<string, string>,
): Promise<T & WechatAnswer> =>
  checked(
    await callOutsideJson<T & WechatAnswer>(
      {
        method: 'POST',
        url: `${apiBaseOf(ctx)}${path}`,
        query: { component_access_token: await getComponentAccessToken(ctx) },
        body: { component_appid: ctx.settings.componentAppId, ...body },
      },
      ctx.fetchImpl,
    ),
  );

/**
 * Where an official account's admin authorises the component: WeChat's page for a fresh
 * pre-authorisation code, coming back to `redirectUri` with auth_code. auth_type 1: official accounts.
 */
export const buildComponentLoginUrl = async (ctx: ComponentContext, redirectUri: string): Promise<string> => {
  const answer = await callComponent<{ pre_auth_code?: string }>(
    ctx,
    '/cgi-bin/component/api_create_preauthcode',
    {},
  );
  if (!answer.pre_auth_code) throw new OutsideError('protocol', 'WeChat answered no pre_auth_code', 200);
  const url = new URL(
    `${ctx.apiBase('wechat-mp', 'https://mp.weixin.qq.com').replace(/\/+$/, '')}/cgi-bin/componentloginpage`,
  );
  url.searchParams.set('component_appid', ctx.settings.componentAppId);
  url.searchParams.set('pre_auth_code', answer.pre_auth_code);
  url.searchParams.set('redirect_uri', redirectUri);
  url.searchParams.set('auth_type', '1');
  return url.toString();
};

export type AuthorizerTokens = {
  authorizerAppId: string;
  accessToken: string;
  /** Seconds. */
  expiresIn: number;
  refreshToken: string;
};

/** Trades the redirect's auth_code for the authorised account's AppID and tokens. */
export const queryAuthorization = async (
  ctx: ComponentContext,
  authCode: string,
): Promise<AuthorizerTokens> => {
  const answer = await callComponent<{
    authorization_info?: {
      authorizer_appid?: string;
      authorizer_access_token?: string;
      expires_in?: number;
      authorizer_refresh_token?: string;
    };
  }>(ctx, '/cgi-bin/component/api_query_auth', { authorization_code: authCode });
  const info = answer.authorization_info;
  if (!info?.authorizer_appid || !info.authorizer_access_token || !info.authorizer_refresh_token)
    throw new OutsideError('protocol', 'WeChat answered no authorisation info', 200);
  return {
    authorizerAppId: info.authorizer_appid,
    accessToken: info.authorizer_access_token,
    expiresIn: info.expires_in ?? 7200,
    refreshToken: info.authorizer_refresh_token,
  };
};

/** A new access token for an authorised account (its refresh token may be renewed too). */
export const refreshAuthorizerToken = async (
  ctx: ComponentContext,
  authorizerAppId: string,
  refreshToken: string,
): Promise<Omit<AuthorizerTokens, 'authorizerAppId'>> => {
  const answer = await callComponent<{
    authorizer_access_token?: string;
    expires_in?: number;
    authorizer_refresh_token?: string;
  }>(ctx, '/cgi-bin/component/api_authorizer_token', {
    authorizer_appid: authorizerAppId,
    authorizer_refresh_token: refreshToken,
  });
  if (!answer.authorizer_access_token)
    throw new OutsideError('protocol', 'WeChat answered no authorizer access token', 200);
  return {
    accessToken: answer.authorizer_access_token,
    expiresIn: answer.expires_in ?? 7200,
    refreshToken: answer.authorizer_refresh_token ?? refreshToken,
  };
};

/** An authorised account's refresh token, in its own tokens; it lasts until the grant is taken back. */
export const authorizerRefreshTokenName = 'wechat_open:refresh_token';
const refreshTokenLifeMs = 10 * 365 * 24 * 3600_000;

/** The component's context for an account connected through it (its context carries the platform's tokens). */
export const componentContextOf = (ctx: AdapterContext): ComponentContext => {
  const { componentAppId, componentAppSecret, token, encodingAESKey } = ctx.settings;
  if (!ctx.platformTokens || !componentAppId || !componentAppSecret || !token || !encodingAESKey)
    throw new OutsideError(
      'platform',
      "this official account does not connect through the platform's WeChat third-party platform",
      null,
      false,
      'no_component',
    );
  return {
    settings: { componentAppId, componentAppSecret, token, encodingAESKey },
    store: ctx.platformTokens,
    apiBase: ctx.apiBase,
    ...(ctx.fetchImpl ? { fetchImpl: ctx.fetchImpl } : {}),
    now: ctx.now,
  };
};

/** Keeps an authorisation's tokens as the account's own (the access token under officialApi's name). */
export const keepAuthorizerTokens = async (
  ctx: AdapterContext,
  authorizerAppId: string,
  tokens: Omit<AuthorizerTokens, 'authorizerAppId'>,
) => {
  await ctx.tokens.set(
    officialApi.tokenNameOf({ appId: authorizerAppId }),
    tokens.accessToken,
    ctx.now() + tokens.expiresIn * 1000,
  );
  await ctx.tokens.set(authorizerRefreshTokenName, tokens.refreshToken, ctx.now() + refreshTokenLifeMs);
};

/**
 * The official-account API for an account authorised to the component: the same calls, with an
 * access token renewed through the component from the account's refresh token.
 */
export const authorizerApi: WechatApi = {
  ...officialApi,
  tokenRequestOf: (settings) => ({
    path: '/cgi-bin/component/api_authorizer_token',
    query: { component_appid: settings.componentAppId ?? '', authorizer_appid: settings.appId ?? '' },
  }),
  fetchToken: async (ctx) => {
    const refreshToken = await ctx.tokens.get(authorizerRefreshTokenName);
    if (!refreshToken)
      throw new OutsideError(
        'platform',
        'the official account has not authorised the platform yet (or took it back): run "Authorise" again',
        null,
        false,
        'not_authorised',
      );
    const renewed = await refreshAuthorizerToken(
      componentContextOf(ctx),
      ctx.settings.appId ?? '',
      refreshToken,
    );
    await ctx.tokens.set(authorizerRefreshTokenName, renewed.refreshToken, ctx.now() + refreshTokenLifeMs);
    return { token: renewed.accessToken, expiresIn: renewed.expiresIn };
  },
};
