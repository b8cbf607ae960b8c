import { randomBytes } from 'node:crypto';
import { signWeiboCallback } from '../../lib/channels/weibo/weibo.client.js';
import type {
  ChannelTestKit,
  ChannelTestPlatform,
  WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { samplePng, startLocalPlatform, type LocalAnswer } from './local-server.js';

/*
 * A local Weibo for tests: the fan-service reply API (m.api), media downloads (upload.api) and the
 * account check (api), all on one server, each checking the access token as Weibo does.
 */

export const weiboTestAccount = {
  appKey: '1902538057',
  appSecret: 'appsecretEnF5leY4V',
  accessToken: '2.00weibo-test-token',
  uid: 2489518277,
};

export const startWeiboPlatform = async () => {
  const account = weiboTestAccount;
  const sent: { to: string; text: string; form: Record<string, string> }[] = [];
  let failing = 0;
  let denying = 0;
  let isTokenExpired = false;
  const refuse = (status: number, code: number, error: string, request: string): LocalAnswer => ({
    status,
    json: { error, error_code: code, request },
  });

  const platform = await startLocalPlatform((call) => {
    const form = Object.fromEntries(new URLSearchParams(call.body.toString('utf8')));
    const token = call.query.access_token ?? form.access_token;
    if (token !== account.accessToken) return refuse(403, 21332, 'invalid_access_token', call.path);
    if (isTokenExpired) return refuse(403, 21327, 'expired_token', call.path);
    switch (call.path) {
      case '/2/account/get_uid.json':
        return { json: { uid: account.uid } };
      case '/2/mss/msget':
        return call.query.fid
          ? { body: samplePng, contentType: 'image/png' }
          : refuse(400, 10008, 'param error', call.path);
      case '/2/messages/reply.json': {
        if (failing > 0) {
          failing -= 1;
          return refuse(503, 10001, 'system error', call.path);
        }
        if (denying > 0) {
          denying -= 1;
          return refuse(403, 20130, 'not permitted to send message to this user', call.path);
        }
        if (form.type !== 'text') return refuse(400, 10008, 'param error', call.path);
        const data = JSON.parse(form.data ?? '{}') as { text?: string };
        sent.push({ to: form.receiver_id, text: data.text ?? '', form });
        return {
          json: {
            result: true,
            id: Number(`4${Date.now()}`.slice(0, 15)) + sent.length,
            sender_id: String(account.uid),
            receiver_id: form.receiver_id,
            type: 'text',
            data: form.data,
          },
        };
      }
      default:
        return refuse(404, 10014, 'api not found', call.path);
    }
  });

  return {
    ...platform,
    sent,
    failNextSends: (count: number) => {
      failing = count;
    },
    denyNextSends: (count: number) => {
      denying = count;
    },
    expireToken: (isExpired = true) => {
      isTokenExpired = isExpired;
    },
  };
};

/** A callback as Weibo sends it: signature, timestamp and nonce in the query. */
export const buildWeiboCallback = (
  input: { method: 'GET' | 'POST'; body?: string; echostr?: string },
  appSecret = weiboTestAccount.appSecret,
): WebhookRequest => {
  const timestamp = String(Date.now());
  const nonce = randomBytes(4).toString('hex');
  return {
    method: input.method,
    query: {
      signature: signWeiboCallback(appSecret, timestamp, nonce),
      timestamp,
      nonce,
      ...(input.echostr ? { echostr: input.echostr } : {}),
    },
    headers: { 'content-type': 'application/json' },
    rawBody: Buffer.from(input.body ?? '', 'utf8'),
  };
};

export const buildWeiboMessage = (input: {
  userId: string;
  type: string;
  text?: string;
  data?: Record<string, unknown>;
}) =>
  JSON.stringify({
    type: input.type,
    receiver_id: String(weiboTestAccount.uid),
    sender_id: input.userId,
    created_at: new Date().toUTCString(),
    text: input.text ?? '',
    data: input.data ?? {},
  });

export const weiboKit: ChannelTestKit = {
  type: 'weibo',
  start: async (): Promise<ChannelTestPlatform> => {
    const platform = await startWeiboPlatform();
    // Weibo sends no message id: the test's id rides in the body so each call is distinct.
    return {
      apiBases: { weibo: platform.base, 'weibo-fans': platform.base, 'weibo-upload': platform.base },
      settings: {
        appKey: weiboTestAccount.appKey,
        appSecret: weiboTestAccount.appSecret,
        accessToken: weiboTestAccount.accessToken,
      },
      textMessage: ({ userId, text, messageId }) =>
        buildWeiboCallback({
          method: 'POST',
          body: buildWeiboMessage({ userId, type: 'text', text, data: { ref: messageId } }),
        }),
      imageMessage: ({ userId, messageId }) =>
        buildWeiboCallback({
          method: 'POST',
          body: buildWeiboMessage({
            userId,
            type: 'image',
            data: { vfid: `vf-${messageId}`, tovfid: `tvf-${messageId}` },
          }),
        }),
      forged: (request) => ({ ...request, query: { ...request.query, signature: '0'.repeat(40) } }),
      sent: () => platform.sent.map(({ to, text }) => ({ to, text })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
