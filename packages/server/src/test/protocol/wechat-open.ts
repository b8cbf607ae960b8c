import { randomBytes } from 'node:crypto';
import { createWechatCrypt } from '../../lib/channels/wechat/crypt.js';
import { computeWechatSignature } from '../../lib/channels/wechat/signature.js';
import type { WebhookRequest } from '../../modules/channel/channel.adapter.js';
import { randomEncodingAesKey } from './wechat.js';
import { parseJsonBody, startLocalPlatform, type LocalAnswer } from './local-server.js';

/*
 * A local WeChat Open Platform third-party platform (component) for tests: it issues verify
 * tickets as signed, encrypted pushes, component access tokens for the latest ticket only,
 * pre-authorisation codes, the authorisation page (answered at once as an admin who agreed: the
 * address WeChat would send them back to, with auth_code, as JSON), authorizer tokens and their
 * refresh, as WeChat documents them.
 */

export const createComponentTestSettings = () => ({
  componentAppId: 'wxcomponent0000001',
  componentAppSecret: `cs-${randomBytes(8).toString('hex')}`,
  token: 'componenttoken123',
  encodingAESKey: randomEncodingAesKey(),
});

export type ComponentTestSettings = ReturnType<typeof createComponentTestSettings>;

const refused = (errcode: number, errmsg: string): LocalAnswer => ({ json: { errcode, errmsg } });

export const startWechatOpenPlatform = async (
  settings: ComponentTestSettings,
  authorizer = { appId: 'wxauthorizer000001' },
) => {
  const tickets: string[] = [];
  const componentTokens = new Map<string, number>();
  const preAuthCodes = new Set<string>();
  const authCodes = new Set<string>();
  const authorizerTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const token = () => randomBytes(12).toString('hex');
  /** Customer-service messages sent on an authorised account's behalf. */
  const sent: { to: string; msgtype: string; text: string }[] = [];

  const issueAuthorizer = () => {
    const accessToken = `at-${token()}`;
    const refreshToken = `rt-${token()}`;
    authorizerTokens.set(accessToken, Date.now() + 7_200_000);
    refreshTokens.add(refreshToken);
    return { accessToken, refreshToken };
  };

  const platform = await startLocalPlatform((call) => {
    if (call.path === '/cgi-bin/componentloginpage') {
      if (
        call.query.component_appid !== settings.componentAppId ||
        !preAuthCodes.has(call.query.pre_auth_code ?? '')
      )
        return { status: 400, body: 'invalid pre_auth_code' };
      preAuthCodes.delete(call.query.pre_auth_code ?? '');
      const code = `queryauthcode@@@${token()}`;
      authCodes.add(code);
      const back = new URL(call.query.redirect_uri ?? '');
      back.searchParams.set('auth_code', code);
      back.searchParams.set('expires_in', '600');
      return { status: 200, json: { redirect: back.toString() } };
    }
    const body = parseJsonBody(call.body);
    if (call.path === '/cgi-bin/message/custom/send') {
      if ((authorizerTokens.get(call.query.access_token ?? '') ?? 0) < Date.now())
        return refused(40001, 'invalid credential, access_token is invalid or not latest');
      const msgtype = String(body.msgtype);
      const content = (body[msgtype] ?? {}) as Record<string, string>;
      sent.push({ to: String(body.touser), msgtype, text: content.content ?? content.media_id ?? '' });
      return { json: { errcode: 0, errmsg: 'ok' } };
    }
    if (call.path === '/cgi-bin/component/api_component_token') {
      if (
        body.component_appid !== settings.componentAppId ||
        body.component_appsecret !== settings.componentAppSecret
      )
        return refused(40013, 'invalid appid or secret');
      if (tickets.at(-1) !== body.component_verify_ticket)
        return refused(61006, 'component ticket is invalid');
      const issued = `ct-${token()}`;
      componentTokens.set(issued, Date.now() + 7_200_000);
      return { json: { component_access_token: issued, expires_in: 7200 } };
    }
    if (call.path.startsWith('/cgi-bin/component/')) {
      const expires = componentTokens.get(call.query.component_access_token ?? '');
      if (!expires || expires < Date.now()) return refused(42001, 'component access token expired');
      if (body.component_appid !== settings.componentAppId) return refused(40013, 'invalid appid');
    }
    switch (call.path) {
      case '/cgi-bin/component/api_create_preauthcode': {
        const code = `preauthcode@@@${token()}`;
        preAuthCodes.add(code);
        return { json: { pre_auth_code: code, expires_in: 1800 } };
      }
      case '/cgi-bin/component/api_query_auth': {
        if (!authCodes.delete(String(body.authorization_code))) return refused(61010, 'code is expired');
        const issued = issueAuthorizer();
        return {
          json: {
            authorization_info: {
              authorizer_appid: authorizer.appId,
              authorizer_access_token: issued.accessToken,
              expires_in: 7200,
              authorizer_refresh_token: issued.refreshToken,
              func_info: [{ funcscope_category: { id: 1 } }],
            },
          },
        };
      }
      case '/cgi-bin/component/api_authorizer_token': {
        if (body.authorizer_appid !== authorizer.appId)
          return refused(61003, 'component is not authorized by this account');
        if (!refreshTokens.delete(String(body.authorizer_refresh_token)))
          return refused(61023, 'refresh_token is invalid');
        const issued = issueAuthorizer();
        return {
          json: {
            authorizer_access_token: issued.accessToken,
            expires_in: 7200,
            authorizer_refresh_token: issued.refreshToken,
          },
        };
      }
      default:
        return { status: 404, json: { errcode: 404, errmsg: 'no such api' } };
    }
  });

  /** A push to the authorisation event address, signed and encrypted as WeChat sends it. */
  const eventPush = (fields: Record<string, string>): WebhookRequest => {
    const xml = `<xml><AppId><![CDATA[${settings.componentAppId}]]></AppId><CreateTime>${Math.floor(
      Date.now() / 1000,
    )}</CreateTime>${Object.entries(fields)
      .map(([key, value]) => `<${key}><![CDATA[${value}]]></${key}>`)
      .join('')}</xml>`;
    const encrypted = createWechatCrypt(settings.encodingAESKey, settings.componentAppId).encrypt(xml);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = token().slice(0, 10);
    return {
      method: 'POST',
      query: {
        timestamp,
        nonce,
        encrypt_type: 'aes',
        msg_signature: computeWechatSignature([settings.token, timestamp, nonce, encrypted]),
      },
      headers: { 'content-type': 'text/xml' },
      rawBody: Buffer.from(
        `<xml><AppId><![CDATA[${settings.componentAppId}]]></AppId><Encrypt><![CDATA[${encrypted}]]></Encrypt></xml>`,
      ),
    };
  };

  return {
    ...platform,
    authorizer,
    sent,
    /** WeChat's ten-minutely ticket push; the newest ticket is the only one token calls accept. */
    verifyTicketPush: () => {
      const ticket = `ticket@@@${token()}`;
      tickets.push(ticket);
      return {
        ticket,
        request: eventPush({ InfoType: 'component_verify_ticket', ComponentVerifyTicket: ticket }),
      };
    },
    /** The account's admin took the authorisation back in WeChat. */
    unauthorizedPush: (appId = authorizer.appId) =>
      eventPush({ InfoType: 'unauthorized', AuthorizerAppid: appId }),
    /** Every authorizer access token issued so far stops working (refresh tokens stay valid). */
    expireAuthorizerTokens: () => {
      for (const issued of authorizerTokens.keys()) authorizerTokens.set(issued, 0);
    },
    /** Whether an authorizer access token would be accepted now. */
    isAuthorizerTokenValid: (accessToken: string) => (authorizerTokens.get(accessToken) ?? 0) > Date.now(),
  };
};

export type WechatOpenPlatform = Awaited<ReturnType<typeof startWechatOpenPlatform>>;
