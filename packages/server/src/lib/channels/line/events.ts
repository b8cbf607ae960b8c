import type { InboundMessage } from '../../../modules/channel/channel.adapter.js';

/*
 * LINE Messaging API webhook events in the framework's terms. Only events from a user (source
 * userId) are kept; media is fetched later by message id from the content API.
 */

type LineMessage = {
  id?: string;
  type?: string;
  text?: string;
  fileName?: string;
  title?: string;
  address?: string;
  latitude?: number;
  longitude?: number;
  keywords?: string[];
  contentProvider?: { type?: string; originalContentUrl?: string };
};

type LineEvent = {
  type?: string;
  timestamp?: number;
  webhookEventId?: string;
  source?: { type?: string; userId?: string; groupId?: string; roomId?: string };
  message?: LineMessage;
  postback?: { data?: string };
};

export type LineWebhook = { destination?: string; events?: LineEvent[] };

const describeMessage = (
  message: LineMessage,
): Pick<InboundMessage, 'kind' | 'text' | 'mediaRef' | 'fileName'> => {
  // Media sent from elsewhere (contentProvider external) lives at its own address, not in LINE's content API.
  const isExternal = message.contentProvider?.type === 'external';
  const media = isExternal
    ? { text: message.contentProvider?.originalContentUrl ?? '' }
    : { text: '', mediaRef: message.id };
  switch (message.type) {
    case 'text':
      return { kind: 'text', text: message.text ?? '' };
    case 'image':
      return { kind: 'image', ...media };
    case 'video':
      return { kind: 'video', ...media };
    case 'audio':
      return { kind: 'voice', ...media };
    case 'file':
      return { kind: 'file', text: '', mediaRef: message.id, fileName: message.fileName };
    case 'location': {
      const label = [message.title, message.address].filter(Boolean).join(', ');
      return {
        kind: 'location',
        text: `${label} (${message.latitude ?? ''}, ${message.longitude ?? ''})`.trim(),
      };
    }
    case 'sticker':
      return {
        kind: 'text',
        text: message.keywords?.length
          ? `[sticker: ${message.keywords.slice(0, 3).join(', ')}]`
          : '[sticker]',
      };
    default:
      return { kind: 'text', text: `[${message.type ?? 'message'}]` };
  }
};

const describeEvent = (event: LineEvent): Pick<InboundMessage, 'kind' | 'text' | 'event'> | null => {
  if (event.type === 'follow') return { kind: 'event', text: '', event: { name: 'subscribe' } };
  if (event.type === 'unfollow') return { kind: 'event', text: '', event: { name: 'unsubscribe' } };
  if (event.type === 'postback')
    return { kind: 'event', text: '', event: { name: 'menu_click', key: event.postback?.data } };
  return null;
};

export const parseLineWebhook = (body: LineWebhook): InboundMessage[] =>
  (body.events ?? []).flatMap((event): InboundMessage[] => {
    const userId = event.source?.userId;
    if (!userId) return [];
    const at = event.timestamp ?? Date.now();
    const context: Record<string, string> = event.source?.groupId
      ? { groupId: event.source.groupId }
      : event.source?.roomId
        ? { roomId: event.source.roomId }
        : {};
    if (event.type === 'message' && event.message?.id)
      return [
        {
          externalId: event.message.id,
          externalUserId: userId,
          ...describeMessage(event.message),
          context,
          at,
        },
      ];
    const described = describeEvent(event);
    if (!described || !event.webhookEventId) return [];
    return [{ externalId: event.webhookEventId, externalUserId: userId, ...described, context, at }];
  });
