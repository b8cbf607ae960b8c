import type { InboundMessage } from '../../../modules/channel/channel.adapter.js';

/*
 * Feishu's events (schema 2.0) in the framework's terms. Only fields we read are typed; every one
 * is optional because a signed body can still lack what an older or newer event version omits.
 */

type FeishuUserId = { open_id?: string; union_id?: string; user_id?: string };

export type FeishuEnvelope = {
  schema?: string;
  type?: string;
  token?: string;
  challenge?: string;
  header?: { event_id?: string; event_type?: string; create_time?: string; token?: string; app_id?: string };
  event?: {
    sender?: { sender_id?: FeishuUserId; sender_type?: string };
    operator_id?: FeishuUserId;
    chat_id?: string;
    message?: {
      message_id?: string;
      create_time?: string;
      chat_id?: string;
      chat_type?: string;
      message_type?: string;
      content?: string;
      mentions?: { key?: string; name?: string }[];
    };
  };
};

/** A media reference carries what the resource API needs: the message id, the key and its type. */
export const formatFeishuMediaRef = (type: 'image' | 'file', messageId: string, key: string): string =>
  `${type}:${messageId}:${key}`;

export const parseFeishuMediaRef = (
  ref: string,
): { type: 'image' | 'file'; messageId: string; key: string } => {
  const [type, messageId, key] = ref.split(':');
  if ((type !== 'image' && type !== 'file') || !messageId || !key)
    throw new Error(`not a Feishu media reference: ${ref}`);
  return { type, messageId, key };
};

const parseContent = (content: string | undefined): Record<string, unknown> => {
  try {
    const parsed: unknown = JSON.parse(content ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Rich text (`post`) flattened: its title, then each line's text, links and mentions. */
const flattenPost = (content: Record<string, unknown>): string => {
  // Received posts have {title, content}; sent ones are keyed by locale. Accept both.
  const body = Array.isArray(content.content)
    ? content
    : ((Object.values(content).find((value) => typeof value === 'object' && value !== null) as
        Record<string, unknown> | undefined) ?? {});
  const lines = Array.isArray(body.content) ? (body.content as unknown[]) : [];
  const text = lines.map((line) =>
    (Array.isArray(line) ? (line as Record<string, unknown>[]) : [])
      .map((node) => {
        if (node.tag === 'text') return stringOf(node.text);
        if (node.tag === 'a') return `${stringOf(node.text)} ${stringOf(node.href)}`.trim();
        if (node.tag === 'at') return `@${stringOf(node.user_name)}`;
        if (node.tag === 'img') return '[image]';
        return '';
      })
      .join(''),
  );
  return [stringOf(body.title), ...text].filter(Boolean).join('\n');
};

/** Mentions arrive as placeholders (@_user_1): show the names instead. */
const replaceMentions = (text: string, mentions: { key?: string; name?: string }[] = []): string =>
  mentions.reduce(
    (result, mention) => (mention.key ? result.split(mention.key).join(`@${mention.name ?? ''}`) : result),
    text,
  );

const describeMessage = (
  messageType: string,
  content: Record<string, unknown>,
  messageId: string,
): Pick<InboundMessage, 'kind' | 'text' | 'mediaRef' | 'fileName'> => {
  switch (messageType) {
    case 'text':
      return { kind: 'text', text: stringOf(content.text) };
    case 'post':
      return { kind: 'text', text: flattenPost(content) };
    case 'image':
      return {
        kind: 'image',
        text: '',
        mediaRef: formatFeishuMediaRef('image', messageId, stringOf(content.image_key)),
      };
    case 'file':
      return {
        kind: 'file',
        text: '',
        mediaRef: formatFeishuMediaRef('file', messageId, stringOf(content.file_key)),
        fileName: stringOf(content.file_name) || undefined,
      };
    case 'audio':
      return {
        kind: 'voice',
        text: '',
        mediaRef: formatFeishuMediaRef('file', messageId, stringOf(content.file_key)),
      };
    case 'media':
      return {
        kind: 'video',
        text: '',
        mediaRef: formatFeishuMediaRef('file', messageId, stringOf(content.file_key)),
        fileName: stringOf(content.file_name) || undefined,
      };
    case 'location': {
      const name = stringOf(content.name);
      return {
        kind: 'location',
        text: `${name} (${stringOf(content.latitude)}, ${stringOf(content.longitude)})`.trim(),
      };
    }
    default:
      // Stickers (not downloadable through the resource API), shared chats, cards…: say what came.
      return { kind: 'text', text: `[${messageType}]` };
  }
};

/** The messages and events of one decrypted, authenticated envelope. */
export const parseFeishuEvent = (envelope: FeishuEnvelope): InboundMessage[] => {
  const eventType = envelope.header?.event_type;
  const at = Number(envelope.header?.create_time) || Date.now();
  if (eventType === 'im.message.receive_v1') {
    const message = envelope.event?.message;
    const sender = envelope.event?.sender;
    const userId = sender?.sender_id?.open_id;
    // Our own bot's messages and other apps' are not the customer's words.
    if (!message?.message_id || !userId || (sender?.sender_type && sender.sender_type !== 'user')) return [];
    const parsed = describeMessage(
      message.message_type ?? 'text',
      parseContent(message.content),
      message.message_id,
    );
    return [
      {
        externalId: message.message_id,
        externalUserId: userId,
        ...parsed,
        text: replaceMentions(parsed.text, message.mentions),
        context: { chatId: message.chat_id ?? '', chatType: message.chat_type ?? 'p2p' },
        at: Number(message.create_time) || at,
      },
    ];
  }
  if (eventType === 'im.chat.access_event.bot_p2p_chat_entered_v1') {
    const userId = envelope.event?.operator_id?.open_id;
    if (!userId || !envelope.header?.event_id) return [];
    return [
      {
        externalId: envelope.header.event_id,
        externalUserId: userId,
        kind: 'event',
        text: '',
        event: { name: 'enter_session' },
        context: { chatId: envelope.event?.chat_id ?? '', chatType: 'p2p' },
        at,
      },
    ];
  }
  return [];
};
