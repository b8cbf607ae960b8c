import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encryptFeishuEvent, signFeishuRequest } from '../../lib/channels/feishu/crypto.js';
import type { ChannelTestKit, WebhookRequest } from '../../modules/channel/channel.adapter.js';
import { imageBytes } from '../upload-fixtures.js';
import { parseForm, readBody, sendJson, serveLocally } from './local-server.js';

/*
 * A local Feishu open platform for tests: tenant tokens (app id and secret checked), IM messages,
 * image and file uploads, message resources (a real PNG) and the bot's info, answering the way
 * Feishu does, including its error codes inside JSON bodies, and sending one message per `uuid`
 * (a repeat answers the first one's result). It can fail the next sends with HTTP 500, revoke the
 * tokens it issued (99991663), and refuse a user (230013).
 */

export type FeishuSentMessage = {
  receiveId: string;
  msgType: string;
  content: Record<string, unknown>;
  messageId: string;
  uuid: string;
};

export type FeishuPlatform = {
  url: string;
  appId: string;
  appSecret: string;
  /** Every API call, oldest first. */
  requests: { method: string; path: string; query: Record<string, string>; authorization: string }[];
  messages: FeishuSentMessage[];
  uploads: {
    kind: 'image' | 'file';
    key: string;
    fields: Record<string, string>;
    fileName: string;
    data: Buffer;
  }[];
  tokensIssued: () => number;
  failNextSends: (count: number) => void;
  /** Feishu stops accepting every token issued so far (as if they expired early). */
  expireTokens: () => void;
  /** Sends to this open_id answer 230013 (the user is outside the bot's availability). */
  refuseUser: (openId: string) => void;
  png: Buffer;
  close: () => Promise<void>;
};

export const startFeishuPlatform = async (
  options: { appId?: string; appSecret?: string } = {},
): Promise<FeishuPlatform> => {
  const appId = options.appId ?? 'cli_a1b2c3d4e5f6a7b8';
  const appSecret = options.appSecret ?? 'feishu-app-secret-for-tests';
  const png = await imageBytes('png', 2, 2);
  const validTokens = new Set<string>();
  const refusedUsers = new Set<string>();
  let issued = 0;
  let failures = 0;
  let sequence = 0;

  const platform: Omit<FeishuPlatform, 'url' | 'close'> = {
    appId,
    appSecret,
    requests: [],
    messages: [],
    uploads: [],
    png,
    tokensIssued: () => issued,
    failNextSends: (count) => {
      failures = count;
    },
    expireTokens: () => validTokens.clear(),
    refuseUser: (openId) => refusedUsers.add(openId),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const authorization = request.headers.authorization ?? '';
    platform.requests.push({
      method: request.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      authorization,
    });

    if (path === '/open-apis/auth/v3/tenant_access_token/internal' && request.method === 'POST') {
      const credentials = JSON.parse(body.toString('utf8') || '{}') as {
        app_id?: string;
        app_secret?: string;
      };
      if (credentials.app_id !== appId || credentials.app_secret !== appSecret)
        return sendJson(response, 400, { code: 10014, msg: 'app secret invalid' });
      issued += 1;
      const token = `t-${randomBytes(12).toString('hex')}`;
      validTokens.add(token);
      return sendJson(response, 200, { code: 0, msg: 'ok', tenant_access_token: token, expire: 7200 });
    }

    // Every other API wants a live tenant token, as Feishu does (HTTP 400 with code 99991663).
    const token = authorization.replace(/^Bearer /, '');
    if (!validTokens.has(token))
      return sendJson(response, 400, {
        code: 99991663,
        msg: 'Invalid access token for authorization. Please make a request with token attached.',
      });

    if (path === '/open-apis/im/v1/messages' && request.method === 'POST') {
      if (failures > 0) {
        failures -= 1;
        return sendJson(response, 500, { code: 2200, msg: 'Internal Error' });
      }
      if (url.searchParams.get('receive_id_type') !== 'open_id')
        return sendJson(response, 400, { code: 230001, msg: 'invalid receive_id_type' });
      const sent = JSON.parse(body.toString('utf8')) as {
        receive_id: string;
        msg_type: string;
        content: string;
        uuid?: string;
      };
      if (refusedUsers.has(sent.receive_id))
        return sendJson(response, 400, { code: 230013, msg: 'Bot has NO availability to this user.' });
      const earlier = sent.uuid && platform.messages.find((message) => message.uuid === sent.uuid);
      if (earlier)
        return sendJson(response, 200, {
          code: 0,
          msg: 'success',
          data: { message_id: earlier.messageId, msg_type: earlier.msgType },
        });
      sequence += 1;
      const messageId = `om_sent_${sequence}`;
      platform.messages.push({
        receiveId: sent.receive_id,
        msgType: sent.msg_type,
        content: JSON.parse(sent.content) as Record<string, unknown>,
        messageId,
        uuid: sent.uuid ?? '',
      });
      return sendJson(response, 200, {
        code: 0,
        msg: 'success',
        data: { message_id: messageId, msg_type: sent.msg_type },
      });
    }

    if (
      (path === '/open-apis/im/v1/images' || path === '/open-apis/im/v1/files') &&
      request.method === 'POST'
    ) {
      const kind = path.endsWith('images') ? 'image' : 'file';
      const { fields, file } = await parseForm(request.headers['content-type'] ?? '', body);
      if (
        !file ||
        (kind === 'image' && fields.image_type !== 'message') ||
        (kind === 'file' && !fields.file_type)
      )
        return sendJson(response, 400, { code: 234001, msg: 'Invalid request param.' });
      sequence += 1;
      const key = kind === 'image' ? `img_v3_${sequence}` : `file_v3_${sequence}`;
      platform.uploads.push({ kind, key, fields, fileName: file.name, data: file.data });
      return sendJson(response, 200, {
        code: 0,
        msg: 'success',
        data: kind === 'image' ? { image_key: key } : { file_key: key },
      });
    }

    const resource = /^\/open-apis\/im\/v1\/messages\/([^/]+)\/resources\/([^/]+)$/.exec(path);
    if (resource && request.method === 'GET') {
      const type = url.searchParams.get('type');
      if (type !== 'image' && type !== 'file')
        return sendJson(response, 400, { code: 234001, msg: 'Invalid request param.' });
      const headers: Record<string, string> = { 'Content-Type': 'image/png' };
      if (type === 'file') headers['Content-Disposition'] = `attachment; filename="${resource[2]}.png"`;
      return response.writeHead(200, headers).end(png);
    }

    if (path === '/open-apis/bot/v3/info' && request.method === 'GET')
      return sendJson(response, 200, {
        code: 0,
        msg: 'ok',
        bot: {
          activate_status: 2,
          app_name: 'OpenKefu Test Bot',
          avatar_url: '',
          ip_white_list: [],
          open_id: 'ou_bot_0001',
        },
      });

    return sendJson(response, 404, { code: 404, msg: 'not found' });
  };

  const server = await serveLocally(handle, (response, error) =>
    sendJson(response, 500, { code: 1, msg: String(error) }),
  );
  return { ...platform, url: server.base, close: server.close };
};

export type FeishuWebhookSettings = { verificationToken: string; encryptKey?: string };

/** A POST as Feishu sends it: encrypted and signed when an Encrypt Key is set, plain otherwise. */
export const buildFeishuWebhook = (settings: FeishuWebhookSettings, envelope: unknown): WebhookRequest => {
  const plain = JSON.stringify(envelope);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (!settings.encryptKey) return { method: 'POST', query: {}, headers, rawBody: Buffer.from(plain) };
  const rawBody = Buffer.from(JSON.stringify({ encrypt: encryptFeishuEvent(settings.encryptKey, plain) }));
  const isUrlCheck = (envelope as { type?: string }).type === 'url_verification';
  if (!isUrlCheck) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    const nonce = randomBytes(8).toString('hex');
    headers['x-lark-request-timestamp'] = timestamp;
    headers['x-lark-request-nonce'] = nonce;
    headers['x-lark-signature'] = signFeishuRequest(timestamp, nonce, settings.encryptKey, rawBody);
  }
  return { method: 'POST', query: {}, headers, rawBody };
};

/** An im.message.receive_v1 event (schema 2.0) from a user in a private chat. */
export const feishuMessageEvent = (input: {
  token: string;
  userId: string;
  messageId: string;
  messageType: string;
  content: Record<string, unknown>;
  chatType?: 'p2p' | 'group';
  createTime?: number;
}) => {
  const createTime = String(input.createTime ?? Date.now());
  return {
    schema: '2.0',
    header: {
      event_id: randomUUID().replace(/-/g, ''),
      token: input.token,
      create_time: createTime,
      event_type: 'im.message.receive_v1',
      tenant_key: '2ca1d211f64f6438',
      app_id: 'cli_a1b2c3d4e5f6a7b8',
    },
    event: {
      sender: {
        sender_id: {
          union_id: 'on_8ed6aa67826108097d9ee143816345',
          user_id: 'e33ggbyz',
          open_id: input.userId,
        },
        sender_type: 'user',
        tenant_key: '2ca1d211f64f6438',
      },
      message: {
        message_id: input.messageId,
        create_time: createTime,
        update_time: createTime,
        chat_id: 'oc_5ad11d72b830411d72b836c20',
        chat_type: input.chatType ?? 'p2p',
        message_type: input.messageType,
        content: JSON.stringify(input.content),
      },
    },
  };
};

/** The same request with a signature Feishu did not make. */
export const forgeFeishuWebhook = (request: WebhookRequest): WebhookRequest => {
  const signature = request.headers['x-lark-signature'] ?? '';
  return {
    ...request,
    headers: {
      ...request.headers,
      'x-lark-request-timestamp':
        request.headers['x-lark-request-timestamp'] ?? String(Math.floor(Date.now() / 1000)),
      'x-lark-request-nonce': request.headers['x-lark-request-nonce'] ?? 'forged',
      'x-lark-signature': signature
        ? `${signature.startsWith('0') ? '1' : '0'}${signature.slice(1)}`
        : '0'.repeat(64),
    },
  };
};

const textOfSent = (message: FeishuSentMessage): string => {
  if (typeof message.content.text === 'string') return message.content.text;
  const post = message.content.zh_cn as { content?: { tag: string; text?: string }[][] } | undefined;
  return (post?.content ?? [])
    .flat()
    .map((node) => node.text ?? '')
    .join('');
};

export const feishuKit: ChannelTestKit = {
  type: 'feishu',
  start: async () => {
    const platform = await startFeishuPlatform();
    const settings = {
      appId: platform.appId,
      appSecret: platform.appSecret,
      verificationToken: 'feishu-verification-token',
      encryptKey: 'feishu-encrypt-key',
    };
    return {
      apiBases: { feishu: platform.url },
      settings,
      textMessage: ({ userId, messageId, text }) =>
        buildFeishuWebhook(
          settings,
          feishuMessageEvent({
            token: settings.verificationToken,
            userId,
            messageId,
            messageType: 'text',
            content: { text },
          }),
        ),
      imageMessage: ({ userId, messageId }) =>
        buildFeishuWebhook(
          settings,
          feishuMessageEvent({
            token: settings.verificationToken,
            userId,
            messageId,
            messageType: 'image',
            content: { image_key: `img_v3_in_${messageId}` },
          }),
        ),
      forged: forgeFeishuWebhook,
      sent: () => platform.messages.map((message) => ({ to: message.receiveId, text: textOfSent(message) })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
