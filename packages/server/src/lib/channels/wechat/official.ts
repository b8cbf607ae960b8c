import type { AdapterContext, ChannelAdapter } from '../../../modules/channel/channel.adapter.js';
import { OutsideError } from '../../outside/http.js';
import { callWechatJson, fetchWechatMedia, getAccessToken, officialApi } from './api.js';
import { echoOutcome, openOfficialCallback } from './callback.js';
import {
  authorizerApi,
  buildComponentLoginUrl,
  componentContextOf,
  keepAuthorizerTokens,
  queryAuthorization,
} from './component.js';
import { toInboundMessage } from './inbound.js';
import { sendWechatOutbound, type MediaRules } from './outbound.js';

/*
 * What official accounts (公众号) and mini programs (小程序) share: the same callback (plain,
 * encrypted or both), answered "success" at once since WeChat redelivers after 5 s; replies as
 * customer-service messages through the same API, allowed for 48 h after the user's last message.
 * They differ in the media they may send and in how a push's body is written.
 */

const success = { status: 200, contentType: 'text/plain', body: 'success' };

/** Authorised to the platform's third-party platform (component) rather than connected with its own AppSecret. */
const isOnComponent = (ctx: AdapterContext) => Boolean(ctx.settings.componentAppId);

/** The API with the account's way of getting tokens. */
const apiOf = (ctx: AdapterContext) => (isOnComponent(ctx) ? authorizerApi : officialApi);

/**
 * What the callback is checked with: the account's own Token and key, or the component's — whose
 * pushes are always encrypted, with the component's AppID as the receive id.
 */
const callbackSettingsOf = (ctx: AdapterContext): Record<string, string> =>
  isOnComponent(ctx)
    ? {
        token: ctx.settings.token ?? '',
        encodingAesKey: ctx.settings.encodingAESKey ?? '',
        appId: ctx.settings.componentAppId ?? '',
        encryptMode: 'safe',
      }
    : ctx.settings;

/** Official accounts may authorise the platform's third-party platform instead (platform → channel). */
const componentGrant: Pick<ChannelAdapter, 'authorizeUrl' | 'completeAuthorization' | 'platformApp'> = {
  authorizeUrl: async (ctx, redirectUri, state) => {
    // WeChat appends only auth_code and expires_in: our state rides inside the redirect address.
    const redirect = new URL(redirectUri);
    redirect.searchParams.set('state', state);
    return buildComponentLoginUrl(componentContextOf(ctx), redirect.toString());
  },

  completeAuthorization: async (ctx, params) => {
    if (!params.auth_code)
      throw new OutsideError('protocol', 'WeChat came back without an auth_code', null, false, 'no_code');
    const granted = await queryAuthorization(componentContextOf(ctx), params.auth_code);
    await keepAuthorizerTokens(ctx, granted.authorizerAppId, granted);
    return { detail: granted.authorizerAppId, settings: { appId: granted.authorizerAppId } };
  },

  platformApp: {
    tenantSetting: 'appId',
    // The component's message address ends with the account's AppID ($APPID$ in its settings).
    tenantOf: (_request, pathTenant) => pathTenant,
  },
};

export const createOfficialAdapter = (
  type: 'mp' | 'mini',
  mediaRules: MediaRules,
  /** The push's fields by name (XML, or the mini program's JSON). */
  fieldsOf: (body: string) => Record<string, string>,
): ChannelAdapter => ({
  type,
  replyWindowMs: 48 * 3600_000,

  handleWebhook: async (ctx, request) => {
    const opened = openOfficialCallback(callbackSettingsOf(ctx), request);
    if (opened.kind === 'verify') return echoOutcome(opened.echo);
    const message = toInboundMessage(fieldsOf(opened.body));
    return { answer: success, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const externalId = await sendWechatOutbound(
      ctx,
      apiOf(ctx),
      message,
      mediaRules,
      async (msgtype, content) => {
        await callWechatJson(ctx, apiOf(ctx), {
          method: 'POST',
          path: '/cgi-bin/message/custom/send',
          body: { touser: to.externalUserId, msgtype, [msgtype]: content },
        });
        // The customer-service API answers no message id.
        return '';
      },
    );
    return { externalId };
  },

  fetchMedia: (ctx, ref) => fetchWechatMedia(ctx, apiOf(ctx), ref),

  test: async (ctx) => {
    await getAccessToken(ctx, apiOf(ctx), { fresh: true });
    return { detail: 'Access token obtained' };
  },

  ...(type === 'mp' ? componentGrant : {}),
});
