import {
  baiduMaxSkewMs,
  baiduTokenName,
  callBaidu,
  fetchBaiduToken,
  signBaiduCheck,
  signBaiduPush,
} from '../../../../lib/channels/baidu/baidu.client.js';
import { fetchMediaByUrl } from '../../../../lib/channels/shared/media.js';
import { isSameSignature } from '../../../../lib/channels/shared/signature.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import { ChannelSignatureError, type ChannelAdapter, type InboundMessage } from '../../channel.adapter.js';

/*
 * Baidu marketing consultation (百度营销 / 爱番番-style, debug-only channel, issue 19).
 *
 * NOT A PUBLISHED BAIDU PROTOCOL: no public push format for consultation messages was found, so
 * the channel speaks OpenKefu's own signed JSON webhook (lib/channels/baidu/baidu.client.ts has the
 * signatures), for a relay in front of Baidu. The wire format:
 *
 *   GET  ?timestamp=&nonce=&echostr=&signature=sha1(sorted [token, timestamp, nonce])  → echostr
 *   POST headers x-bd-timestamp (ms), x-bd-nonce,
 *        x-bd-signature = hex HMAC-SHA256(token, timestamp + "\n" + nonce + "\n" + body)
 *        body {"event": "message" | "session_start" | "lead",
 *              "sessionId": "...",
 *              "visitor": {"id": "...", "name": "..."},
 *              "message": {"id": "...", "type": "text" | "image", "text": "...",
 *                          "imageUrl": "https://...", "time": <ms>}}
 *        answered {"code": 0}
 *   send POST {baidu}/open/v1/message/send  Authorization: Bearer <token from /oauth/token>
 *        {"sessionId", "visitorId", "type": "text", "text"} or {"type": "image", "imageUrl"}
 *        → {"code": 0, "data": {"messageId"}}
 */

type BaiduPush = {
  event?: string;
  sessionId?: string;
  visitor?: { id?: string; name?: string };
  message?: { id?: string; type?: string; text?: string; imageUrl?: string; time?: number };
};

const messageOf = (push: BaiduPush, now: number): InboundMessage | null => {
  const visitorId = push.visitor?.id;
  if (!visitorId) return null;
  const base = {
    externalUserId: visitorId,
    nickname: push.visitor?.name || undefined,
    context: { sessionId: push.sessionId ?? '' },
    at: push.message?.time ?? now,
  };
  if (push.event === 'session_start' || push.event === 'lead')
    return {
      ...base,
      externalId: `${push.event}-${push.sessionId ?? visitorId}`,
      kind: 'event',
      text: push.message?.text ?? '',
      event: { name: push.event === 'lead' ? 'lead' : 'enter_session' },
    };
  const message = push.message;
  if (push.event !== 'message' || !message?.id) return null;
  if (message.type === 'image')
    return {
      ...base,
      externalId: message.id,
      kind: 'image',
      text: '',
      mediaRef: message.imageUrl || undefined,
    };
  return { ...base, externalId: message.id, kind: 'text', text: message.text ?? '' };
};

export const baiduyingxiaoAdapter: ChannelAdapter = {
  type: 'baiduyingxiao',
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    const token = ctx.settings.token ?? '';
    if (request.method === 'GET') {
      const { timestamp = '', nonce = '', echostr = '', signature } = request.query;
      if (!isSameSignature(signBaiduCheck(token, timestamp, nonce), signature))
        throw new ChannelSignatureError();
      return { answer: { status: 200, contentType: 'text/plain', body: echostr }, messages: [] };
    }
    const timestamp = request.headers['x-bd-timestamp'] ?? '';
    const nonce = request.headers['x-bd-nonce'] ?? '';
    const expected = signBaiduPush(token, timestamp, nonce, request.rawBody);
    if (!isSameSignature(expected, request.headers['x-bd-signature'])) throw new ChannelSignatureError();
    // A signed call replayed later is refused as well.
    if (!(Math.abs(ctx.now() - Number(timestamp)) <= baiduMaxSkewMs))
      throw new ChannelSignatureError('timestamp too far from now');
    const answer = { status: 200, contentType: 'application/json', body: '{"code":0}' };
    let push: BaiduPush;
    try {
      push = JSON.parse(request.rawBody.toString('utf8')) as BaiduPush;
    } catch {
      return { answer, messages: [] };
    }
    const message = messageOf(push, ctx.now());
    return { answer, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const sessionId = to.context.sessionId;
    if (!sessionId)
      throw new OutsideError('protocol', 'no Baidu session to answer in', null, false, 'no_session');
    const sendOne = async (body: Record<string, string>) => {
      const answer = await callBaidu(ctx, '/open/v1/message/send', {
        sessionId,
        visitorId: to.externalUserId,
        ...body,
      });
      return { externalId: String(answer.data?.messageId ?? '') };
    };
    if (message.kind === 'image' && message.media) {
      const sent = await sendOne({ type: 'image', imageUrl: message.media.url });
      return message.text ? sendOne({ type: 'text', text: message.text }) : sent;
    }
    const text = message.media ? [message.text, message.media.url].filter(Boolean).join('\n') : message.text;
    return sendOne({ type: 'text', text });
  },

  fetchMedia: (ctx, ref) => fetchMediaByUrl(ctx, ref, 'baidu-image'),

  test: async (ctx) => {
    await ctx.tokens.drop(baiduTokenName);
    const token = await fetchBaiduToken(ctx);
    return { detail: `access token ${token.slice(0, 6)}…` };
  },
};
