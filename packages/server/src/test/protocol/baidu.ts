import { randomBytes } from 'node:crypto';
import { signBaiduCheck, signBaiduPush } from '../../lib/channels/baidu/baidu.client.js';
import type {
  ChannelTestKit,
  ChannelTestPlatform,
  WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { parseJsonBody, samplePng, startLocalPlatform } from './local-server.js';

/*
 * A local server for the Baidu marketing channel's (OpenKefu-defined) protocol: tokens issued and
 * expirable, sends checked and kept, images served.
 */

export const baiduTestAccount = { appId: 'bd-app-1', appSecret: 'bd-secret-1', token: 'bd-push-token' };

export const startBaiduPlatform = async () => {
  const tokens = new Map<string, number>();
  const sent: { to: string; text: string; body: Record<string, unknown> }[] = [];
  let failing = 0;
  let denying = 0;
  const counts = { tokens: 0 };

  const platform = await startLocalPlatform((call) => {
    if (call.path.startsWith('/media/')) return { body: samplePng, contentType: 'image/png' };
    const body = parseJsonBody(call.body);
    if (call.path === '/oauth/token') {
      if (body.appId !== baiduTestAccount.appId || body.appSecret !== baiduTestAccount.appSecret)
        return { json: { code: 4, msg: 'invalid appId or appSecret' } };
      const token = `bdt-${randomBytes(6).toString('hex')}`;
      tokens.set(token, Date.now() + 7_200_000);
      counts.tokens += 1;
      return { json: { code: 0, data: { accessToken: token, expiresIn: 7200 } } };
    }
    const bearer = String(call.headers.authorization ?? '').replace(/^Bearer /, '');
    const expiresAt = tokens.get(bearer);
    if (expiresAt === undefined) return { json: { code: 110, msg: 'invalid access token' } };
    if (expiresAt < Date.now()) return { json: { code: 111, msg: 'access token expired' } };
    if (call.path === '/open/v1/message/send') {
      if (failing > 0) {
        failing -= 1;
        return { status: 502, body: 'bad gateway' };
      }
      if (denying > 0) {
        denying -= 1;
        return { json: { code: 6, msg: 'no permission to access data' } };
      }
      sent.push({
        to: String(body.visitorId),
        text: String(body.type === 'image' ? body.imageUrl : body.text),
        body,
      });
      return { json: { code: 0, data: { messageId: `bdm-${sent.length}` } } };
    }
    return { status: 404, json: { code: 3, msg: 'unsupported openapi method' } };
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
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
  };
};

export const buildBaiduPush = (
  payload: unknown,
  options: { token?: string; timestamp?: number } = {},
): WebhookRequest => {
  const rawBody = Buffer.from(JSON.stringify(payload), 'utf8');
  const timestamp = String(options.timestamp ?? Date.now());
  const nonce = randomBytes(4).toString('hex');
  return {
    method: 'POST',
    query: {},
    headers: {
      'content-type': 'application/json',
      'x-bd-timestamp': timestamp,
      'x-bd-nonce': nonce,
      'x-bd-signature': signBaiduPush(options.token ?? baiduTestAccount.token, timestamp, nonce, rawBody),
    },
    rawBody,
  };
};

export const buildBaiduCheck = (echostr: string, token = baiduTestAccount.token): WebhookRequest => {
  const timestamp = String(Date.now());
  const nonce = randomBytes(4).toString('hex');
  return {
    method: 'GET',
    query: { timestamp, nonce, echostr, signature: signBaiduCheck(token, timestamp, nonce) },
    headers: {},
    rawBody: Buffer.alloc(0),
  };
};

export const buildBaiduMessage = (input: {
  userId: string;
  messageId: string;
  type: 'text' | 'image';
  text?: string;
  imageUrl?: string;
}) => ({
  event: 'message',
  sessionId: `sess-${input.userId}`,
  visitor: { id: input.userId, name: `visitor ${input.userId}` },
  message: {
    id: input.messageId,
    type: input.type,
    text: input.text,
    imageUrl: input.imageUrl,
    time: Date.now(),
  },
});

export const baiduyingxiaoKit: ChannelTestKit = {
  type: 'baiduyingxiao',
  start: async (): Promise<ChannelTestPlatform> => {
    const platform = await startBaiduPlatform();
    return {
      apiBases: { baidu: platform.base },
      settings: { ...baiduTestAccount },
      textMessage: ({ userId, messageId, text }) =>
        buildBaiduPush(buildBaiduMessage({ userId, messageId, type: 'text', text })),
      imageMessage: ({ userId, messageId }) =>
        buildBaiduPush(
          buildBaiduMessage({ userId, messageId, type: 'image', imageUrl: `${platform.base}/media/in.png` }),
        ),
      forged: (request) => ({
        ...request,
        headers: { ...request.headers, 'x-bd-signature': '0'.repeat(64) },
      }),
      sent: () => platform.sent.map(({ to, text }) => ({ to, text })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
