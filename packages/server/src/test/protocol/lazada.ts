import { randomBytes } from 'node:crypto';
import { isSameSignature } from '../../lib/channels/shared/signature.js';
import { signLazadaCall, signLazadaPush } from '../../lib/channels/lazada/lazada.sign.js';
import type {
  ChannelTestKit,
  ChannelTestPlatform,
  WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { samplePng, startLocalPlatform, type LocalAnswer } from './local-server.js';

/*
 * A local Lazada Open Platform for tests: one server for both the region API (/rest/...) and the
 * auth host (/rest/auth/...), checking app key, timestamp and signature as Lazop does; issues,
 * refreshes and expires seller tokens; keeps IM sends; serves images.
 */

export const lazadaTestAccount = {
  appKey: '112233',
  appSecret: 'lazada-test-secret-3412gyo124goi3124',
  code: 'lazada-grant-code',
  sellerName: 'OpenKefu Lazada Store',
};

export const startLazadaPlatform = async () => {
  const account = lazadaTestAccount;
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const sent: { to: string; text: string; params: Record<string, string> }[] = [];
  let failing = 0;
  let denying = 0;
  const counts = { grants: 0, refreshes: 0 };

  const issue = () => {
    const accessToken = `lat-${randomBytes(6).toString('hex')}`;
    const refreshToken = `lrt-${randomBytes(6).toString('hex')}`;
    accessTokens.set(accessToken, Date.now() + 604_800_000);
    refreshTokens.add(refreshToken);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: 604_800,
      refresh_expires_in: 2_592_000,
      account: 'seller@example.com',
      country: 'sg',
      account_platform: 'seller_center',
      country_user_info: [
        { country: 'sg', seller_id: '1000165972', user_id: '100094063', short_code: 'SG1' },
      ],
    };
  };
  const fail = (code: string, message: string, type = 'ISV'): LocalAnswer => ({
    json: { code, type, message, request_id: randomBytes(6).toString('hex') },
  });

  const platform = await startLocalPlatform((call) => {
    if (call.path.startsWith('/media/')) return { body: samplePng, contentType: 'image/png' };
    if (!call.path.startsWith('/rest/')) return { status: 404, body: 'not found' };
    const apiPath = call.path.slice('/rest'.length);
    const form = Object.fromEntries(new URLSearchParams(call.body.toString('utf8')));
    const params: Record<string, string> = { ...call.query, ...form };
    if (params.app_key !== account.appKey) return fail('InvalidAppKey', 'Invalid app key');
    if (params.sign_method !== 'sha256') return fail('InvalidSignMethod', 'Sign method not supported');
    if (Math.abs(Date.now() - Number(params.timestamp)) > 7_200_000)
      return fail('InvalidTimestamp', 'Timestamp expired');
    if (!isSameSignature(signLazadaCall(account.appSecret, apiPath, params), params.sign))
      return fail('IncompleteSignature', 'The request signature does not conform to platform standards');
    if (!apiPath.startsWith('/auth/')) {
      const expiresAt = accessTokens.get(params.access_token ?? '');
      if (!expiresAt || expiresAt < Date.now())
        return fail('IllegalAccessToken', 'The specified access token is invalid or expired');
    }
    switch (apiPath) {
      case '/auth/token/create':
        if (params.code !== account.code) return fail('InvalidCode', 'Invalid authorization code');
        counts.grants += 1;
        return { json: { code: '0', request_id: 'r', ...issue() } };
      case '/auth/token/refresh':
        if (!refreshTokens.delete(params.refresh_token ?? ''))
          return fail('IllegalRefreshToken', 'Invalid refresh token');
        counts.refreshes += 1;
        return { json: { code: '0', request_id: 'r', ...issue() } };
      case '/seller/get':
        return {
          json: {
            code: '0',
            data: { name: account.sellerName, seller_id: 1000165972, location: 'Singapore' },
          },
        };
      case '/im/message/send': {
        if (call.method !== 'POST') return fail('InvalidMethod', 'POST required');
        if (failing > 0) {
          failing -= 1;
          return { status: 500, json: { code: 'ServiceUnavailable', message: 'service unavailable' } };
        }
        if (denying > 0) {
          denying -= 1;
          return fail('InsufficientPermission', 'The app has no permission for this API', 'ISV');
        }
        sent.push({
          to: form.session_id,
          text: form.template_id === '3' ? form.img_url : form.txt,
          params: form,
        });
        return {
          json: { code: '0', data: { message_id: `21d0${sent.length}${Date.now()}` }, request_id: 'r' },
        };
      }
      default:
        return fail('InvalidApiPath', 'The specified API path is invalid');
    }
  });

  return {
    ...platform,
    sent,
    counts,
    failNextSends: (count: number) => {
      failing = count;
    },
    denyNextSends: (count: number) => {
      denying = count;
    },
    expireAccessTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
  };
};

/** A push as Lazada sends it, signed with app key + body. */
export const buildLazadaPush = (
  payload: unknown,
  appSecret = lazadaTestAccount.appSecret,
): WebhookRequest => {
  const rawBody = Buffer.from(JSON.stringify(payload), 'utf8');
  return {
    method: 'POST',
    query: {},
    headers: {
      'content-type': 'application/json',
      authorization: signLazadaPush(lazadaTestAccount.appKey, appSecret, rawBody),
    },
    rawBody,
  };
};

export const buildImPush = (input: {
  userId: string;
  messageId: string;
  templateId: number;
  content: Record<string, string>;
  sessionId?: string;
  fromType?: number;
  /** The seller the push is for (the grant's country_user_info names it). */
  sellerId?: string;
}) => ({
  seller_id: input.sellerId ?? '1000165972',
  message_type: 2,
  timestamp: Date.now(),
  site: 'lazada_sg',
  data: {
    session_id: input.sessionId ?? `100094063_2_${input.userId}_1_103`,
    message_id: input.messageId,
    content: JSON.stringify(input.content),
    from_account_id: input.userId,
    from_account_type: input.fromType ?? 1,
    send_time: Date.now(),
    template_id: input.templateId,
    to_account_id: '100094063',
    to_account_type: 2,
    type: 1,
    site_id: 'SG',
    auto_reply: false,
    status: 0,
  },
});

export const lazadaKit: ChannelTestKit = {
  type: 'lazada',
  start: async (): Promise<ChannelTestPlatform> => {
    const platform = await startLazadaPlatform();
    return {
      apiBases: { lazada: `${platform.base}/rest`, 'lazada-auth': platform.base },
      settings: { appKey: lazadaTestAccount.appKey, appSecret: lazadaTestAccount.appSecret, region: 'sg' },
      textMessage: ({ userId, messageId, text }) =>
        buildLazadaPush(buildImPush({ userId, messageId, templateId: 1, content: { txt: text } })),
      imageMessage: ({ userId, messageId }) =>
        buildLazadaPush(
          buildImPush({
            userId,
            messageId,
            templateId: 3,
            content: { imgUrl: `${platform.base}/media/in.png`, width: '1', height: '1' },
          }),
        ),
      forged: (request) => ({ ...request, headers: { ...request.headers, authorization: '0'.repeat(64) } }),
      // Lazada answers into a session (<seller>_2_<buyer>_1_103): `to` is the buyer it names.
      sent: () => platform.sent.map(({ to, text }) => ({ to: to.split('_')[2] ?? to, text })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
