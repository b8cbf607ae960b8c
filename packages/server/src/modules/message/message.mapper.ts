import {
  messageCardSchema,
  type Client,
  type DeliveryState,
  type Message,
  type MessageCard,
  type MessageStatus,
  type MessageType,
  type SenderKind,
} from '@openkefu/contract';
import type { MessageRow } from './message.repository.js';

/** A stored card, or undefined for none or one that no longer reads as the contract says. */
export const cardOf = (json: string): MessageCard | undefined => {
  if (!json) return undefined;
  try {
    const parsed = messageCardSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

export const toMessage = (row: MessageRow): Message => ({
  mid: row.mid,
  tid: row.tid,
  seq: Number(row.seq),
  type: row.type as MessageType,
  content: row.content,
  imageUrl: row.image_url,
  thumbUrl: row.thumb_url,
  fileUrl: row.file_url,
  fileName: row.file_name,
  fileSize: Number(row.file_size),
  status: row.status as MessageStatus,
  client: row.client as Client,
  localId: row.local_id,
  sender: {
    kind: row.sender_kind as SenderKind,
    id: row.visitor_vid ?? row.user_uid ?? '',
    nickname: row.visitor_nickname ?? row.user_nickname ?? '',
    avatar: row.visitor_avatar ?? row.user_avatar ?? '',
  },
  createdAt: Number(row.created_at),
  ...(row.delivery ? { delivery: { state: row.delivery as DeliveryState, error: row.delivery_error } } : {}),
  ...withCard(cardOf(row.card)),
});

/** `{ card }` when there is one: the field is absent otherwise. */
export const withCard = (card: MessageCard | undefined): { card?: MessageCard } => (card ? { card } : {});

/**
 * The thread's last-message preview: text as is, media as a bracketed kind. Never HTML. Null for a
 * notification: its content is a parameter (an agent's nickname, a score), not words to show, so the
 * thread keeps the preview of its last real message.
 */
export const previewOf = (type: string, content: string, fileName: string): string | null => {
  if (type.startsWith('notification_')) return null;
  if (type === 'text') return content.slice(0, 200);
  if (type === 'file') return `[file] ${fileName}`.slice(0, 200);
  return `[${type}]`;
};
