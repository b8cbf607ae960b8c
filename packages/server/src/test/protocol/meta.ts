import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { GRAPH_VERSION } from '../../lib/channels/meta/graph.js';
import { signMetaBody } from '../../lib/channels/meta/signature.js';
import type { ChannelTestKit, WebhookRequest } from '../../modules/channel/channel.adapter.js';
import { imageBytes } from '../upload-fixtures.js';
import { parseForm, readBody, sendJson, serveLocally } from './local-server.js';

/*
 * A local Graph API for tests, speaking both WhatsApp Cloud API (/{phone-number-id}/messages,
 * /media, media download by id) and Messenger (/me/messages, /me, attachment CDN), with Graph's
 * error objects: 190 for a wrong token, a 5xx for failed sends, 131047 / 10+2018278 when the
 * 24-hour window is closed for a recipient. Webhook builders sign bodies as Meta does.
 */

export type MetaPlatform = {
  url: string;
  phoneNumberId: string;
  accessToken: string;
  pageId: string;
  pageAccessToken: string;
  requests: { method: string; path: string; query: Record<string, string>; authorization: string }[];
  /** Bodies posted to /{phone-number-id}/messages. */
  whatsappMessages: Record<string, unknown>[];
  /** Bodies posted to /me/messages. */
  messengerMessages: {
    recipient: { id: string };
    messaging_type: string;
    message: Record<string, unknown>;
  }[];
  uploads: { id: string; fields: Record<string, string>; fileName: string; data: Buffer }[];
  failNextSends: (count: number) => void;
  closeWindow: (userId: string) => void;
  /** An attachment address on this server, as Messenger's CDN would give. */
  attachmentUrl: (name: string) => string;
  png: Buffer;
  close: () => Promise<void>;
};

const graphError = (message: string, code: number, extra: Record<string, unknown> = {}) => ({
  error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: 'A1b2C3d4E5f6' },
});

export const startMetaPlatform = async (
  options: { phoneNumberId?: string; accessToken?: string; pageId?: string; pageAccessToken?: string } = {},
): Promise<MetaPlatform> => {
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const accessToken = options.accessToken ?? 'EAAG-whatsapp-system-user-token';
  const pageId = options.pageId ?? '104839275018364';
  const pageAccessToken = options.pageAccessToken ?? 'EAAG-page-access-token';
  const png = await imageBytes('png', 2, 2);
  const closedWindows = new Set<string>();
  let failures = 0;
  let sequence = 0;
  let base = '';

  const platform: Omit<MetaPlatform, 'url' | 'close' | 'attachmentUrl'> = {
    phoneNumberId,
    accessToken,
    pageId,
    pageAccessToken,
    requests: [],
    whatsappMessages: [],
    messengerMessages: [],
    uploads: [],
    png,
    failNextSends: (count) => {
      failures = count;
    },
    closeWindow: (userId) => closedWindows.add(userId),
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const body = await readBody(request);
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;
    const authorization = request.headers.authorization ?? '';
    const token = authorization.replace(/^Bearer /, '') || (url.searchParams.get('access_token') ?? '');
    platform.requests.push({
      method: request.method ?? 'GET',
      path,
      query: Object.fromEntries(url.searchParams),
      authorization,
    });
    const refuseToken = () =>
      sendJson(response, 401, graphError('Invalid OAuth access token - Cannot parse access token', 190));

    if (path.startsWith('/messenger-cdn/huge/')) {
      // 30 MB in chunks without a Content-Length: only counting while reading can stop it.
      response.writeHead(200, { 'Content-Type': 'video/mp4' });
      const chunks = function* () {
        for (let index = 0; index < 30; index += 1) yield Buffer.alloc(1024 * 1024);
      };
      Readable.from(chunks()).pipe(response);
      return;
    }
    if (path.startsWith('/messenger-cdn/'))
      return response.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    if (path === '/whatsapp_business/attachments/') {
      // The download address also wants the bearer token.
      if (token !== accessToken) return refuseToken();
      return response.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    }

    const prefix = `/${GRAPH_VERSION}/`;
    if (!path.startsWith(prefix)) return sendJson(response, 404, graphError('Unknown path components', 2500));
    const route = path.slice(prefix.length);

    // Messenger
    if (route === 'me/messages' && request.method === 'POST') {
      if (token !== pageAccessToken) return refuseToken();
      if (failures > 0) {
        failures -= 1;
        return sendJson(
          response,
          500,
          graphError('An unexpected error has occurred. Please retry your request later.', 2, {
            is_transient: true,
          }),
        );
      }
      const sent = JSON.parse(body.toString('utf8')) as MetaPlatform['messengerMessages'][number];
      if (closedWindows.has(sent.recipient.id))
        return sendJson(
          response,
          400,
          graphError('(#10) This message is sent outside of allowed window.', 10, { error_subcode: 2018278 }),
        );
      platform.messengerMessages.push(sent);
      sequence += 1;
      return sendJson(response, 200, { recipient_id: sent.recipient.id, message_id: `m_sent_${sequence}` });
    }
    if (route === 'me' && request.method === 'GET') {
      if (token !== pageAccessToken) return refuseToken();
      return sendJson(response, 200, { name: 'OpenKefu Test Page', id: pageId });
    }

    // WhatsApp
    if (route === `${phoneNumberId}/messages` && request.method === 'POST') {
      if (token !== accessToken) return refuseToken();
      if (failures > 0) {
        failures -= 1;
        return sendJson(response, 500, graphError('(#131000) Something went wrong', 131000));
      }
      const sent = JSON.parse(body.toString('utf8')) as Record<string, unknown> & {
        to: string;
        messaging_product?: string;
      };
      if (sent.messaging_product !== 'whatsapp')
        return sendJson(
          response,
          400,
          graphError('(#100) The parameter messaging_product is required.', 100),
        );
      if (closedWindows.has(sent.to))
        return sendJson(
          response,
          400,
          graphError('(#131047) Re-engagement message', 131047, {
            error_data: {
              messaging_product: 'whatsapp',
              details:
                'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
            },
          }),
        );
      platform.whatsappMessages.push(sent);
      sequence += 1;
      return sendJson(response, 200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: sent.to, wa_id: sent.to }],
        messages: [{ id: `wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBI${sequence}` }],
      });
    }
    if (route === `${phoneNumberId}/media` && request.method === 'POST') {
      if (token !== accessToken) return refuseToken();
      const { fields, file } = await parseForm(request.headers['content-type'] ?? '', body);
      if (!file || fields.messaging_product !== 'whatsapp' || !fields.type)
        return sendJson(
          response,
          400,
          graphError('(#100) Param file must be a file with one of the following types', 100),
        );
      sequence += 1;
      const id = `${4490709327384033 + sequence}`;
      platform.uploads.push({ id, fields, fileName: file.name, data: file.data });
      return sendJson(response, 200, { id });
    }
    if (route === phoneNumberId && request.method === 'GET') {
      if (token !== accessToken) return refuseToken();
      return sendJson(response, 200, {
        display_phone_number: '+1 555-010-0199',
        verified_name: 'OpenKefu Test',
        id: phoneNumberId,
      });
    }
    if (/^\d+$/.test(route) && request.method === 'GET') {
      if (token !== accessToken) return refuseToken();
      return sendJson(response, 200, {
        messaging_product: 'whatsapp',
        url: `${base}/whatsapp_business/attachments/?mid=${route}&ext=1700000000&hash=ATu`,
        mime_type: 'image/png',
        sha256: createHash('sha256').update(png).digest('hex'),
        file_size: png.length,
        id: route,
      });
    }
    return sendJson(
      response,
      400,
      graphError(`Unsupported ${request.method} request.`, 100, { error_subcode: 33 }),
    );
  };

  const server = await serveLocally(handle, (response, error) =>
    sendJson(response, 500, graphError(String(error), 1)),
  );
  base = server.base;
  return {
    ...platform,
    url: base,
    attachmentUrl: (name) => `${base}/messenger-cdn/v/t1.15752-9/${name}`,
    close: server.close,
  };
};

/** Meta's JSON: non-ASCII as \uXXXX and slashes escaped, so signatures cover those exact bytes. */
const encodeAsMeta = (body: unknown): Buffer =>
  Buffer.from(
    JSON.stringify(body)
      .replace(/\//g, '\\/')
      .replace(/[\u007f-\uffff]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`),
  );

/** A webhook POST signed with the app secret (X-Hub-Signature-256). */
export const buildMetaWebhook = (appSecret: string, body: unknown): WebhookRequest => {
  const rawBody = encodeAsMeta(body);
  return {
    method: 'POST',
    query: {},
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signMetaBody(appSecret, rawBody) },
    rawBody,
  };
};

/** The subscription check Meta makes when the callback address is saved. */
export const buildMetaVerification = (verifyToken: string, challenge = '1158201444'): WebhookRequest => ({
  method: 'GET',
  query: { 'hub.mode': 'subscribe', 'hub.verify_token': verifyToken, 'hub.challenge': challenge },
  headers: {},
  rawBody: Buffer.alloc(0),
});

export const forgeMetaWebhook = (request: WebhookRequest): WebhookRequest => ({
  ...request,
  headers: { ...request.headers, 'x-hub-signature-256': signMetaBody('not-the-app-secret', request.rawBody) },
});

/** One WhatsApp message webhook (the documented example's shape) for `phoneNumberId`. */
export const whatsappMessageWebhook = (input: {
  phoneNumberId: string;
  from: string;
  name?: string;
  message: Record<string, unknown> & { id: string; type: string };
  timestamp?: number;
}) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550100199', phone_number_id: input.phoneNumberId },
            contacts: [{ profile: { name: input.name ?? 'Kerry Fisher' }, wa_id: input.from }],
            messages: [
              {
                from: input.from,
                timestamp: String(input.timestamp ?? Math.floor(Date.now() / 1000)),
                ...input.message,
              },
            ],
          },
          field: 'messages',
        },
      ],
    },
  ],
});

/** One Messenger webhook with `events` for the page. */
export const messengerWebhook = (pageId: string, events: Record<string, unknown>[]) => ({
  object: 'page',
  entry: [{ id: pageId, time: Date.now(), messaging: events }],
});

export const messengerMessageEvent = (
  pageId: string,
  userId: string,
  message: Record<string, unknown> & { mid: string },
  timestamp = Date.now(),
) => ({ sender: { id: userId }, recipient: { id: pageId }, timestamp, message });

export const whatsappKit: ChannelTestKit = {
  type: 'whatsapp',
  start: async () => {
    const platform = await startMetaPlatform();
    const settings = {
      phoneNumberId: platform.phoneNumberId,
      accessToken: platform.accessToken,
      appSecret: `whatsapp-app-secret-${randomBytes(4).toString('hex')}`,
      verifyToken: 'whatsapp-verify-token',
    };
    const webhookOf = (from: string, message: Record<string, unknown> & { id: string; type: string }) =>
      buildMetaWebhook(
        settings.appSecret,
        whatsappMessageWebhook({ phoneNumberId: platform.phoneNumberId, from, message }),
      );
    return {
      apiBases: { graph: platform.url },
      settings,
      textMessage: ({ userId, messageId, text }) =>
        webhookOf(userId, { id: messageId, type: 'text', text: { body: text } }),
      imageMessage: ({ userId, messageId }) =>
        webhookOf(userId, {
          id: messageId,
          type: 'image',
          image: { id: '1031862924617433', mime_type: 'image/png', sha256: 'x' },
        }),
      forged: forgeMetaWebhook,
      sent: () =>
        platform.whatsappMessages.map((message) => ({
          to: String(message.to),
          text:
            message.type === 'text'
              ? String((message.text as { body?: string }).body ?? '')
              : String((message[String(message.type)] as { caption?: string }).caption ?? ''),
        })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};

export const messengerKit: ChannelTestKit = {
  type: 'messenger',
  start: async () => {
    const platform = await startMetaPlatform();
    const settings = {
      pageId: platform.pageId,
      pageAccessToken: platform.pageAccessToken,
      appSecret: `messenger-app-secret-${randomBytes(4).toString('hex')}`,
      verifyToken: 'messenger-verify-token',
    };
    const webhookOf = (userId: string, message: Record<string, unknown> & { mid: string }) =>
      buildMetaWebhook(
        settings.appSecret,
        messengerWebhook(platform.pageId, [messengerMessageEvent(platform.pageId, userId, message)]),
      );
    return {
      apiBases: { graph: platform.url },
      settings,
      textMessage: ({ userId, messageId, text }) => webhookOf(userId, { mid: messageId, text }),
      imageMessage: ({ userId, messageId }) =>
        webhookOf(userId, {
          mid: messageId,
          attachments: [{ type: 'image', payload: { url: platform.attachmentUrl(`${messageId}.png`) } }],
        }),
      forged: forgeMetaWebhook,
      sent: () =>
        platform.messengerMessages.map((message) => ({
          to: message.recipient.id,
          text: typeof message.message.text === 'string' ? message.message.text : '',
        })),
      failNextSends: platform.failNextSends,
      close: platform.close,
    };
  },
};
