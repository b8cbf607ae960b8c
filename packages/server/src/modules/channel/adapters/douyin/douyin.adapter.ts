import {
  callDouyin,
  douyinTokenName,
  fetchDouyinClientToken,
  signDouyinWebhook,
} from '../../../../lib/channels/douyin/douyin.client.js';
import { fetchMediaByUrl } from '../../../../lib/channels/shared/media.js';
import { isSameSignature } from '../../../../lib/channels/shared/signature.js';
import { OutsideError } from '../../../../lib/outside/http.js';
import { ChannelSignatureError, type ChannelAdapter, type InboundMessage } from '../../channel.adapter.js';

/*
 * Douyin open platform direct messages (debug-only channel, issue 19).
 *
 * Webhook: every POST carries X-Douyin-Signature = sha1(clientSecret + raw body). The URL check
 * is the event `verify_webhook`, answered with {"challenge": <its value>}. Messages arrive as
 * `im_receive_msg` (the authorised account received a private message): from_user_id is the
 * user's open_id, to_user_id the account's; content holds conversation_short_id,
 * server_message_id, message_type (text, image, emoji, video, other), text, and for pictures a
 * resource_url when Douyin provides one (it often does not). `im_enter_direct_msg` (the user
 * opened the chat) becomes the event enter_session.
 *
 * Reply: POST /im/send/msg/?open_id=<account open_id> with the client_token in `access-token`,
 * {msg_id, conversation_id, to_user_id, content: {msg_type: 1, text: {text}}}: an answer to the
 * user's last message (msg_id), which is why context keeps it. Pictures and files go out as their
 * public links (Douyin's image messages need an upload to its material service first).
 */

type DouyinEvent = {
  event?: string;
  from_user_id?: string;
  to_user_id?: string;
  content?: unknown;
  log_id?: string;
};

type ImContent = {
  conversation_short_id?: string;
  server_message_id?: string;
  message_type?: string;
  text?: string;
  resource_url?: string;
  create_time?: number;
  user_infos?: { open_id?: string; nick_name?: string; avatar?: string }[];
};

const contentOf = (raw: unknown): ImContent => {
  if (typeof raw === 'string')
    try {
      return JSON.parse(raw) as ImContent;
    } catch {
      return {};
    }
  return typeof raw === 'object' && raw !== null ? (raw as ImContent) : {};
};

const messageOfEvent = (
  event: DouyinEvent,
  msgId: string | undefined,
  now: number,
): InboundMessage | null => {
  const content = contentOf(event.content);
  const userId = event.from_user_id ?? '';
  if (!userId) return null;
  const user = content.user_infos?.find((info) => info.open_id === userId);
  const base = {
    externalUserId: userId,
    nickname: user?.nick_name || undefined,
    avatar: user?.avatar || undefined,
    context: {
      accountOpenId: event.to_user_id ?? '',
      conversationId: content.conversation_short_id ?? '',
      msgId: content.server_message_id ?? '',
    },
    at: content.create_time ?? now,
  };
  if (event.event === 'im_enter_direct_msg')
    return {
      ...base,
      externalId: msgId || event.log_id || `enter-${userId}-${base.at}`,
      kind: 'event',
      text: '',
      event: { name: 'enter_session' },
    };
  if (event.event !== 'im_receive_msg' || !content.server_message_id) return null;
  const externalId = content.server_message_id;
  if (content.message_type === 'image')
    return { ...base, externalId, kind: 'image', text: '', mediaRef: content.resource_url || undefined };
  if (content.message_type === 'text') return { ...base, externalId, kind: 'text', text: content.text ?? '' };
  return {
    ...base,
    externalId,
    kind: 'text',
    text: content.text || `[${content.message_type ?? 'message'}]`,
  };
};

export const douyinAdapter: ChannelAdapter = {
  type: 'douyin',
  replyWindowMs: null,

  handleWebhook: async (ctx, request) => {
    const expected = signDouyinWebhook(ctx.settings.clientSecret ?? '', request.rawBody);
    if (!isSameSignature(expected, request.headers['x-douyin-signature'])) throw new ChannelSignatureError();
    const ok = { status: 200, body: '' };
    let event: DouyinEvent;
    try {
      event = JSON.parse(request.rawBody.toString('utf8')) as DouyinEvent;
    } catch {
      return { answer: ok, messages: [] };
    }
    if (event.event === 'verify_webhook') {
      const challenge = (contentOf(event.content) as { challenge?: unknown }).challenge;
      return {
        answer: { status: 200, contentType: 'application/json', body: JSON.stringify({ challenge }) },
        messages: [],
      };
    }
    const message = messageOfEvent(event, request.headers['msg-id'], ctx.now());
    return { answer: ok, messages: message ? [message] : [] };
  },

  send: async (ctx, to, message) => {
    const { accountOpenId, conversationId, msgId } = to.context;
    if (!accountOpenId || !conversationId)
      throw new OutsideError(
        'protocol',
        'no Douyin conversation to answer in',
        null,
        false,
        'no_conversation',
      );
    const text = message.media ? [message.text, message.media.url].filter(Boolean).join('\n') : message.text;
    const answer = await callDouyin(ctx, {
      path: '/im/send/msg/',
      query: { open_id: accountOpenId },
      body: {
        msg_id: msgId ?? '',
        conversation_id: conversationId,
        to_user_id: to.externalUserId,
        content: { msg_type: 1, text: { text } },
      },
    });
    return { externalId: String(answer.data?.msg_id ?? '') };
  },

  fetchMedia: (ctx, ref) => fetchMediaByUrl(ctx, ref, 'douyin-image'),

  test: async (ctx) => {
    // A real call: the stable token endpoint answers the same token while it is valid.
    await ctx.tokens.drop(douyinTokenName);
    const token = await fetchDouyinClientToken(ctx);
    return { detail: `client token ${token.slice(0, 8)}…` };
  },
};
