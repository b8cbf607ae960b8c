import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { signLineBody } from '../../lib/channels/line/signature.js';
import type { ChannelTestKit, WebhookRequest } from '../../modules/channel/channel.adapter.js';
import { imageBytes } from '../upload-fixtures.js';
import { readBody, sendJson, serveLocally } from './local-server.js';

/*
 * A local LINE platform for tests: the Messaging API (push with retry keys, profiles, bot info) on
 * one server and the content API (api-data) on another, as LINE splits them. Push checks the
 * channel access token and the retry key (409 for a key already accepted); it can fail the next
 * sends with 500, accept a push but lose the answer, or report the monthly quota used up.
 */

export type LinePush = { to: string; messages: Record<string, unknown>[]; retryKey: string };

export type LinePlatform = {
  url: string;
  dataUrl: string;
  channelAccessToken: string;
  requests: {
    server: 'api' | 'data';
    method: string;
    path: string;
    authorization: string;
    retryKey: string;
  }[];
  pushes: LinePush[];
  failNextSends: (count: number) => void;
  /** The next push is accepted but its connection is cut before the answer. */
  loseNextAnswer: () => void;
  exhaustQuota: () => void;
  profileLookups: () => number;
  png: Buffer;
  close: () => Promise<void>;
};

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const startLinePlatform = async (
  options: { channelAccessToken?: string } = {},
): Promise<LinePlatform> => {
  const channelAccessToken = options.channelAccessToken ?? `line-token-${randomBytes(8).toString('hex')}`;
  const png = await imageBytes('png', 2, 2);
  const acceptedKeys = new Map<string, string>();
  let failures = 0;
  let loseAnswer = false;
  let quotaUsedUp = false;
  let profiles = 0;
  let sequence = 0;

  const platform: Omit<LinePlatform, 'url' | 'dataUrl' | 'close'> = {
    channelAccessToken,
    requests: [],
    pushes: [],
    png,
    failNextSends: (count) => {
      failures = count;
    },
    loseNextAnswer: () => {
      loseAnswer = true;
    },
    exhaustQuota: () => {
      quotaUsedUp = true;
    },
    profileLookups: () => profiles,
  };

  const handle = async (server: 'api' | 'data', request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const retryKey = String(request.headers['x-line-retry-key'] ?? '');
    platform.requests.push({
      server,
      method: request.method ?? 'GET',
      path,
      authorization: request.headers.authorization ?? '',
      retryKey,
    });
    if (request.headers.authorization !== `Bearer ${channelAccessToken}`)
      return sendJson(response, 401, {
        message: 'Authentication failed. Confirm that the access token in the authorization header is valid.',
      });

    const content = /^\/v2\/bot\/message\/([^/]+)\/content$/.exec(path);
    if (server === 'data') {
      if (!content || request.method !== 'GET') return sendJson(response, 404, { message: 'Not found' });
      if (content[1].startsWith('preparing')) return response.writeHead(202).end();
      return response.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    }

    if (path === '/v2/bot/message/push' && request.method === 'POST') {
      if (retryKey && !uuidPattern.test(retryKey))
        return sendJson(response, 400, { message: 'The value for the X-Line-Retry-Key header is invalid' });
      const accepted = acceptedKeys.get(retryKey);
      if (accepted)
        return sendJson(
          response,
          409,
          { message: 'The retry key is already accepted', sentMessages: [{ id: accepted }] },
          { 'x-line-accepted-request-id': randomUUID() },
        );
      if (failures > 0) {
        failures -= 1;
        return sendJson(response, 500, { message: 'An error occurred in the backend' });
      }
      if (quotaUsedUp) return sendJson(response, 429, { message: 'You have reached your monthly limit.' });
      const push = JSON.parse(body.toString('utf8')) as { to?: string; messages?: Record<string, unknown>[] };
      if (!push.to || !push.messages?.length || push.messages.length > 5)
        return sendJson(response, 400, {
          message: 'The request body has 1 error(s)',
          details: [{ message: 'Size must be between 1 and 5', property: 'messages' }],
        });
      sequence += 1;
      const id = `${481156897219000000 + sequence}`;
      if (retryKey) acceptedKeys.set(retryKey, id);
      platform.pushes.push({ to: push.to, messages: push.messages, retryKey });
      if (loseAnswer) {
        loseAnswer = false;
        request.socket.destroy();
        return;
      }
      return sendJson(
        response,
        200,
        { sentMessages: [{ id, quoteToken: `q-${sequence}` }] },
        {
          'x-line-request-id': randomUUID(),
        },
      );
    }

    const profile = /^\/v2\/bot\/profile\/([^/]+)$/.exec(path);
    if (profile && request.method === 'GET') {
      profiles += 1;
      if (profile[1].startsWith('Unofriend')) return sendJson(response, 404, { message: 'Not found' });
      return sendJson(response, 200, {
        displayName: `LINE user ${profile[1].slice(-4)}`,
        userId: profile[1],
        pictureUrl: `https://profile.line-scdn.net/${profile[1]}`,
        language: 'en',
      });
    }

    if (path === '/v2/bot/info' && request.method === 'GET')
      return sendJson(response, 200, {
        userId: 'Ub9952f8e6a1b4a3f8d1c2b3a4e5f6a7b',
        basicId: '@216rukbf',
        displayName: 'OpenKefu Test',
        chatMode: 'chat',
        markAsReadMode: 'manual',
      });

    return sendJson(response, 404, { message: 'Not found' });
  };

  const serverOf = (name: 'api' | 'data') =>
    serveLocally(
      (request, response) => handle(name, request, response),
      (response, error) => sendJson(response, 500, { message: String(error) }),
    );
  const [api, data] = await Promise.all([serverOf('api'), serverOf('data')]);
  return {
    ...platform,
    url: api.base,
    dataUrl: data.base,
    close: async () => {
      await Promise.all([api.close(), data.close()]);
    },
  };
};

/** A webhook POST as LINE sends it, signed with the channel secret. */
export const buildLineWebhook = (
  channelSecret: string,
  events: Record<string, unknown>[],
): WebhookRequest => {
  const rawBody = Buffer.from(JSON.stringify({ destination: 'Ub9952f8e6a1b4a3f8d1c2b3a4e5f6a7b', events }));
  return {
    method: 'POST',
    query: {},
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'x-line-signature': signLineBody(channelSecret, rawBody),
    },
    rawBody,
  };
};

/** A message event from a user (the Messaging API reference's shape). */
export const lineMessageEvent = (
  userId: string,
  message: Record<string, unknown> & { id: string; type: string },
  timestamp = Date.now(),
) => ({
  type: 'message',
  message: { quoteToken: `q${message.id}`, ...message },
  webhookEventId: `01${randomBytes(12).toString('hex').toUpperCase()}`,
  deliveryContext: { isRedelivery: false },
  timestamp,
  source: { type: 'user', userId },
  replyToken: randomBytes(16).toString('hex'),
  mode: 'active',
});

export const forgeLineWebhook = (request: WebhookRequest): WebhookRequest => ({
  ...request,
  headers: {
    ...request.headers,
    'x-line-signature': signLineBody('not-the-channel-secret', request.rawBody),
  },
});

export const lineKit: ChannelTestKit = {
  type: 'line',
  start: async () => {
    const platform = await startLinePlatform();
    const settings = {
      channelSecret: randomBytes(16).toString('hex'),
      channelAccessToken: platform.channelAccessToken,
    };
    return {
      apiBases: { line: platform.url, 'line-data': platform.dataUrl },
      settings,
      textMessage: ({ userId, messageId, text }) =>
        buildLineWebhook(settings.channelSecret, [
          lineMessageEvent(userId, { id: messageId, type: 'text', text }),
        ]),
      imageMessage: ({ userId, messageId }) =>
        buildLineWebhook(settings.channelSecret, [
          lineMessageEvent(userId, { id: messageId, type: 'image', contentProvider: { type: 'line' } }),
        ]),
      forged: forgeLineWebhook,
      sent: () =>
        platform.pushes.flatMap((push) =>
          push.messages.map((message) => ({
            to: push.to,
            text: typeof message.text === 'string' ? message.text : '',
          })),
        ),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
