import { randomBytes } from 'node:crypto';
import { signShopeeCall, signShopeePush } from '../../lib/channels/shopee/shopee.sign.js';
import { isSameSignature } from '../../lib/channels/shared/signature.js';
import { shopeeWebhookUrlHeader } from '../../modules/channel/adapters/shopee/shopee.adapter.js';
import type {
  ChannelTestKit,
  ChannelTestPlatform,
  WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { parseJsonBody, samplePng, startLocalPlatform, type LocalAnswer } from './local-server.js';

/*
 * A local Shopee Open Platform v2 for tests: checks every call's signature and timestamp as
 * Shopee does, issues, refreshes and expires shop tokens, keeps what the app sent, serves images.
 */

export const shopeeTestAccount = {
  partnerId: '2001887',
  partnerKey: 'shpk-test-6a57414d766c79786863726c58624f466b',
  shopId: '600001',
  code: 'shopee-grant-code',
  shopName: 'OpenKefu Test Shop',
};

/** The push address the test platform signs over (the framework's `x-openkefu-webhook-url`). */
export const shopeeTestWebhookUrl = 'https://kefu.example.com/channel/webhook/shopee-test';

type ShopeeOptions = { accessTokenLifeS?: number };

export const startShopeePlatform = async (options: ShopeeOptions = {}) => {
  const account = shopeeTestAccount;
  const accessTokens = new Map<string, number>();
  const refreshTokens = new Set<string>();
  const sent: { to: string; text: string; type: string; body: Record<string, unknown> }[] = [];
  const uploads: Buffer[] = [];
  let failing = 0;
  let denying = 0;
  const counts = { grants: 0, refreshes: 0 };

  const issue = () => {
    const accessToken = `sat-${randomBytes(6).toString('hex')}`;
    const refreshToken = `srt-${randomBytes(6).toString('hex')}`;
    accessTokens.set(accessToken, Date.now() + (options.accessTokenLifeS ?? 14_400) * 1000);
    refreshTokens.add(refreshToken);
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expire_in: options.accessTokenLifeS ?? 14_400,
    };
  };
  const refused = (status: number, error: string, message: string): LocalAnswer => ({
    status,
    json: { error, message, request_id: randomBytes(8).toString('hex') },
  });

  const platform = await startLocalPlatform((call, base) => {
    if (call.path.startsWith('/media/')) return { body: samplePng, contentType: 'image/png' };
    const { partner_id, timestamp, sign, access_token, shop_id } = call.query;
    if (partner_id !== account.partnerId) return refused(403, 'error_auth', 'Invalid partner_id.');
    if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 300)
      return refused(403, 'error_auth', 'Invalid timestamp.');
    const isShopCall = !call.path.startsWith('/api/v2/auth/');
    const expected = signShopeeCall(account.partnerKey, {
      partnerId: partner_id,
      path: call.path,
      timestamp: Number(timestamp),
      ...(isShopCall ? { accessToken: access_token, shopId: shop_id } : {}),
    });
    if (!isSameSignature(expected, sign)) return refused(403, 'error_sign', 'Wrong sign.');
    if (isShopCall) {
      const expiresAt = access_token ? accessTokens.get(access_token) : undefined;
      if (!expiresAt || expiresAt < Date.now() || shop_id !== account.shopId)
        return refused(403, 'invalid_acceess_token', 'Invalid access_token.');
    }
    const body = call.path === '/api/v2/sellerchat/upload_image' ? {} : parseJsonBody(call.body);
    switch (call.path) {
      case '/api/v2/auth/token/get':
        if (body.code !== account.code || String(body.shop_id) !== account.shopId)
          return refused(403, 'error_auth', 'Invalid code.');
        counts.grants += 1;
        return {
          json: {
            ...issue(),
            error: '',
            message: '',
            request_id: 'r1',
            shop_id_list: [Number(account.shopId)],
          },
        };
      case '/api/v2/auth/access_token/get': {
        const token = String(body.refresh_token);
        if (!refreshTokens.has(token)) return refused(403, 'error_auth', 'Invalid refresh_token.');
        refreshTokens.delete(token);
        counts.refreshes += 1;
        return {
          json: {
            ...issue(),
            partner_id: Number(account.partnerId),
            shop_id: Number(account.shopId),
            error: '',
          },
        };
      }
      case '/api/v2/shop/get_shop_info':
        return {
          json: { shop_name: account.shopName, region: 'SG', status: 'NORMAL', error: '', message: '' },
        };
      case '/api/v2/sellerchat/upload_image': {
        if (!/name="file"/.test(call.body.toString('latin1')))
          return refused(400, 'error_param', 'file is required');
        uploads.push(call.body);
        return {
          json: { response: { url: `${base}/media/${uploads.length}.png`, thumbnail: '' }, error: '' },
        };
      }
      case '/api/v2/sellerchat/send_message': {
        if (failing > 0) {
          failing -= 1;
          return refused(500, 'error_server', 'Internal server error.');
        }
        if (denying > 0) {
          denying -= 1;
          return refused(403, 'error_permission', 'You have no permission to chat with this buyer.');
        }
        const content = (body.content ?? {}) as Record<string, string>;
        const type = String(body.message_type);
        sent.push({
          to: String(body.to_id),
          text: type === 'image' ? content.image_url : content.text,
          type,
          body,
        });
        return {
          json: {
            response: { message_id: `20${Date.now()}${sent.length}`, message_type: type, to_id: body.to_id },
            error: '',
          },
        };
      }
      default:
        return refused(404, 'error_not_found', 'No such api.');
    }
  });

  return {
    ...platform,
    sent,
    uploads,
    counts,
    failNextSends: (count: number) => {
      failing = count;
    },
    denyNextSends: (count: number) => {
      denying = count;
    },
    /** Every access token issued so far stops working (refresh tokens stay valid). */
    expireAccessTokens: () => {
      for (const token of accessTokens.keys()) accessTokens.set(token, 0);
    },
  };
};

/** A push as Shopee sends it, signed over the push address and the body's bytes. */
export const buildShopeePush = (
  payload: unknown,
  partnerKey = shopeeTestAccount.partnerKey,
  url = shopeeTestWebhookUrl,
): WebhookRequest => {
  const rawBody = Buffer.from(JSON.stringify(payload), 'utf8');
  return {
    method: 'POST',
    query: {},
    headers: {
      'content-type': 'application/json',
      authorization: signShopeePush(partnerKey, url, rawBody),
      [shopeeWebhookUrlHeader]: url,
    },
    rawBody,
  };
};

export const buildWebchatPush = (input: {
  userId: string;
  messageId: string;
  type: 'text' | 'image';
  text?: string;
  url?: string;
}) => ({
  msg_id: `push-${input.messageId}`,
  shop_id: Number(shopeeTestAccount.shopId),
  code: 10,
  timestamp: Math.floor(Date.now() / 1000),
  data: {
    type: 'message',
    content: {
      message_id: input.messageId,
      message_type: input.type,
      from_id: Number(input.userId),
      from_user_name: `buyer${input.userId}`,
      from_shop_id: 0,
      to_id: 5001,
      to_shop_id: Number(shopeeTestAccount.shopId),
      conversation_id: '650908968319134433',
      created_timestamp: Math.floor(Date.now() / 1000),
      content: input.type === 'text' ? { text: input.text } : { url: input.url },
      region: 'SG',
      status: 'normal',
    },
  },
});

export const shopeeKit: ChannelTestKit = {
  type: 'shopee',
  start: async (): Promise<ChannelTestPlatform> => {
    const platform = await startShopeePlatform();
    return {
      apiBases: { shopee: platform.base },
      settings: {
        partnerId: shopeeTestAccount.partnerId,
        partnerKey: shopeeTestAccount.partnerKey,
        shopId: shopeeTestAccount.shopId,
      },
      textMessage: ({ userId, messageId, text, webhookUrl }) =>
        buildShopeePush(
          buildWebchatPush({ userId, messageId, type: 'text', text }),
          shopeeTestAccount.partnerKey,
          webhookUrl,
        ),
      imageMessage: ({ userId, messageId, webhookUrl }) =>
        buildShopeePush(
          buildWebchatPush({ userId, messageId, type: 'image', url: `${platform.base}/media/in.png` }),
          shopeeTestAccount.partnerKey,
          webhookUrl,
        ),
      forged: (request) => ({ ...request, headers: { ...request.headers, authorization: '0'.repeat(64) } }),
      sent: () => platform.sent.map(({ to, text }) => ({ to, text })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
