import { randomBytes } from 'node:crypto';
import { signDouyinWebhook } from '../../lib/channels/douyin/douyin.client.js';
import type {
  ChannelTestKit,
  ChannelTestPlatform,
  WebhookRequest,
} from '../../modules/channel/channel.adapter.js';
import { parseJsonBody, samplePng, startLocalPlatform, type LocalAnswer } from './local-server.js';

/*
 * A local Douyin open platform for tests: stable client tokens (issued, expirable), the direct
 * message reply API checking its token, and images served as PNG.
 */

export const douyinTestAccount = {
  clientKey: 'tt10abcdouyin',
  clientSecret: 'douyin-test-client-secret',
  accountOpenId: 'b9b71865-7fea-44cc-account',
};

export const startDouyinPlatform = async () => {
  const account = douyinTestAccount;
  const tokens = new Map<string, number>();
  let current = '';
  const sent: { to: string; text: string; body: Record<string, unknown>; openId: string }[] = [];
  let failing = 0;
  let denying = 0;
  const counts = { tokens: 0 };
  const extraError = (code: number, description: string): LocalAnswer => ({
    json: { data: { error_code: code, description }, extra: { error_code: code, description, logid: 'l' } },
  });

  const platform = await startLocalPlatform((call) => {
    if (call.path.startsWith('/media/')) return { body: samplePng, contentType: 'image/png' };
    const body = parseJsonBody(call.body);
    if (call.path === '/oauth/stable_client_token/') {
      if (body.client_key !== account.clientKey || body.client_secret !== account.clientSecret)
        return {
          json: {
            data: { error_code: 10013, description: 'client_key 或者 client_secret 不正确' },
            message: 'error',
          },
        };
      // Stable: the same token while it is valid.
      if (!current || (tokens.get(current) ?? 0) < Date.now()) {
        current = `clt.${randomBytes(8).toString('hex')}`;
        tokens.set(current, Date.now() + 7_200_000);
      }
      counts.tokens += 1;
      return {
        json: {
          data: { access_token: current, expires_in: 7200, error_code: 0, description: '' },
          message: 'success',
        },
      };
    }
    const token = String(call.headers['access-token'] ?? '');
    if ((tokens.get(token) ?? 0) < Date.now())
      return extraError(2190008, 'access_token过期,请刷新或重新授权');
    if (call.path === '/im/send/msg/') {
      if (failing > 0) {
        failing -= 1;
        return { status: 500, json: { err_no: 2100004, err_msg: '系统繁忙' } };
      }
      if (denying > 0) {
        denying -= 1;
        return extraError(2100009, '用户未授权该api');
      }
      const content = (body.content ?? {}) as { text?: { text?: string } };
      sent.push({
        to: String(body.to_user_id),
        text: content.text?.text ?? '',
        body,
        openId: call.query.open_id,
      });
      return {
        json: {
          data: { msg_id: `@${randomBytes(6).toString('hex')}`, error_code: 0 },
          extra: { error_code: 0, description: '' },
        },
      };
    }
    return { status: 404, json: { err_no: 404, err_msg: 'not found' } };
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

export const buildDouyinWebhook = (
  payload: unknown,
  clientSecret = douyinTestAccount.clientSecret,
): WebhookRequest => {
  const rawBody = Buffer.from(JSON.stringify(payload), 'utf8');
  return {
    method: 'POST',
    query: {},
    headers: {
      'content-type': 'application/json',
      'x-douyin-signature': signDouyinWebhook(clientSecret, rawBody),
    },
    rawBody,
  };
};

export const buildImReceive = (input: {
  userId: string;
  messageId: string;
  type: 'text' | 'image';
  text?: string;
  resourceUrl?: string;
}) => ({
  event: 'im_receive_msg',
  client_key: douyinTestAccount.clientKey,
  from_user_id: input.userId,
  to_user_id: douyinTestAccount.accountOpenId,
  log_id: `log-${input.messageId}`,
  content: {
    conversation_short_id: `conv-${input.userId}`,
    server_message_id: input.messageId,
    conversation_type: 1,
    message_type: input.type,
    ...(input.type === 'text' ? { text: input.text } : { resource_url: input.resourceUrl }),
    create_time: Date.now(),
    user_infos: [
      { open_id: input.userId, nick_name: `fan ${input.userId}`, avatar: 'https://p3.douyinpic.com/a.jpeg' },
    ],
  },
});

export const douyinKit: ChannelTestKit = {
  type: 'douyin',
  start: async (): Promise<ChannelTestPlatform> => {
    const platform = await startDouyinPlatform();
    return {
      apiBases: { douyin: platform.base },
      settings: { clientKey: douyinTestAccount.clientKey, clientSecret: douyinTestAccount.clientSecret },
      textMessage: ({ userId, messageId, text }) =>
        buildDouyinWebhook(buildImReceive({ userId, messageId, type: 'text', text })),
      imageMessage: ({ userId, messageId }) =>
        buildDouyinWebhook(
          buildImReceive({ userId, messageId, type: 'image', resourceUrl: `${platform.base}/media/in.png` }),
        ),
      forged: (request) => ({
        ...request,
        headers: { ...request.headers, 'x-douyin-signature': '0'.repeat(40) },
      }),
      sent: () => platform.sent.map(({ to, text }) => ({ to, text })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
