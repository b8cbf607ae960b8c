import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { callWeibo, signWeiboCallback } from '../../../../lib/channels/weibo/weibo.client.js';
import { isSameSignature } from '../../../../lib/channels/shared/signature.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import {
  ChannelSignatureError,
  type ChannelAdapter,
  type InboundKind,
  type InboundMessage,
} from '../../channel.adapter.js';

/*
 * Weibo fan service messages (debug-only channel, issue 19).
 *
 * Every callback carries signature/timestamp/nonce in the query, signature = sha1 of the sorted,
 * joined [appSecret, timestamp, nonce]; the URL check is a GET with echostr, answered with it.
 * Messages are POSTed as JSON {type, receiver_id, sender_id, created_at, text, data} (an XML body
 * with the same element names is read too): text, position, voice/image (data.vfid), event
 * (data.subtype follow/unfollow/click/… and data.key), mention. Weibo sends no message id, so
 * a digest of the body stands in (a redelivery repeats the same bytes).
 *
 * Replies: POST m.api.weibo.com/2/messages/reply.json {access_token, type: text, data: {"text"},
 * receiver_id, save_sender_box}; pictures and files go as links. Media: upload.api.weibo.com
 * /2/mss/msget by the message's vfid. test(): api.weibo.com/2/account/get_uid.json.
 */

type WeiboMessage = {
  type?: string;
  sender_id?: string | number;
  receiver_id?: string | number;
  created_at?: string;
  text?: string;
  data?: Record<string, unknown> | string;
};

const xmlParser = new XMLParser({ parseTagValue: false, ignoreAttributes: true });

const parseBody = (raw: Buffer): WeiboMessage | null => {
  const text = raw.toString('utf8').trim();
  try {
    if (text.startsWith('<')) {
      const parsed = xmlParser.parse(text) as Record<string, WeiboMessage>;
      return parsed.xml ?? Object.values(parsed)[0] ?? null;
    }
    return JSON.parse(text) as WeiboMessage;
  } catch {
    return null;
  }
};

const eventNames: Record<string, string> = {
  follow: 'subscribe',
  unfollow: 'unsubscribe',
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
  click: 'menu_click',
  view: 'menu_view',
  scan: 'scan',
  scan_follow: 'subscribe',
};

const messageOf = (body: WeiboMessage, raw: Buffer, now: number): InboundMessage | null => {
  if (!body.type || body.sender_id === undefined) return null;
  const data = (typeof body.data === 'string' ? {} : (body.data ?? {})) as Record<string, string | number>;
  const at = body.created_at ? Date.parse(body.created_at) : NaN;
  const base = {
    externalId: createHash('sha1').update(raw).digest('hex').slice(0, 32),
    externalUserId: String(body.sender_id),
    at: Number.isFinite(at) ? at : now,
  };
  const media = (kind: InboundKind): InboundMessage => ({
    ...base,
    kind,
    text: body.text ?? '',
    mediaRef: String(data.vfid ?? data.tovfid ?? '') || undefined,
  });
  switch (body.type) {
    case 'text':
    case 'mention':
      return { ...base, kind: 'text', text: body.text ?? '' };
    case 'image':
      return media('image');
    case 'voice':
      return media('voice');
    case 'position':
      return {
        ...base,
        kind: 'location',
        text: body.text || `${data.latitude ?? ''},${data.longitude ?? ''}`,
      };
    case 'event': {
      const subtype = String(data.subtype ?? '');
      return {
        ...base,
        kind: 'event',
        text: '',
        event: {
          name: eventNames[subtype] ?? subtype,
          key: data.key === undefined ? undefined : String(data.key),
        },
      };
    }
    default:
      return { ...base, kind: 'text', text: body.text ?? `[${body.type}]` };
  }
};

export const weiboAdapter: ChannelAdapter = {
  type: 'weibo',
  // Fan service lets the account answer within 48 hours of the user's last message.
  replyWindowMs: 48 * 3600_000,

  handleWebhook: async (ctx, request) => {
    const { signature, timestamp = '', nonce = '', echostr } = request.query;
    const expected = signWeiboCallback(ctx.settings.appSecret ?? '', timestamp, nonce);
    if (!isSameSignature(expected, signature)) throw new ChannelSignatureError();
    if (request.method === 'GET')
      return { answer: { status: 200, contentType: 'text/plain', body: echostr ?? '' }, messages: [] };
    const body = parseBody(request.rawBody);
    const message = body ? messageOf(body, request.rawBody, ctx.now()) : null;
    // An empty answer: no passive reply, agents answer through reply.json.
    return { answer: { status: 200, body: '' }, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const text = message.media ? [message.text, message.media.url].filter(Boolean).join('\n') : message.text;
    const response = await callWeibo(ctx, {
      host: 'weibo-fans',
      path: '/2/messages/reply.json',
      form: {
        access_token: ctx.settings.accessToken ?? '',
        type: 'text',
        data: JSON.stringify({ text }),
        receiver_id: to.externalUserId,
        save_sender_box: '1',
      },
    });
    const answer = JSON.parse(response.body.toString('utf8')) as { id?: string | number; result?: boolean };
    if (answer.result === false)
      throw new OutsideError(
        'platform',
        'Weibo did not accept the reply',
        response.status,
        false,
        'not_sent',
      );
    return { externalId: answer.id === undefined ? '' : String(answer.id) };
  },

  fetchMedia: async (ctx, ref) => {
    const response = await callWeibo(ctx, {
      host: 'weibo-upload',
      path: '/2/mss/msget',
      query: { access_token: ctx.settings.accessToken ?? '', fid: ref },
    });
    const mediaType = (response.headers.get('content-type') ?? 'application/octet-stream')
      .split(';')[0]
      .trim();
    const extension =
      mediaType === 'image/png'
        ? 'png'
        : mediaType.startsWith('image/')
          ? 'jpg'
          : mediaType.startsWith('audio/')
            ? 'amr'
            : 'bin';
    return { data: response.body, mediaType, fileName: `weibo-${ref}.${extension}` };
  },

  test: async (ctx) => {
    const response = await callWeibo(ctx, {
      host: 'weibo',
      path: '/2/account/get_uid.json',
      query: { access_token: ctx.settings.accessToken ?? '' },
    });
    const answer = JSON.parse(response.body.toString('utf8')) as { uid?: number | string };
    return { detail: `uid ${answer.uid ?? '?'}` };
  },
};
