import type { InboundMessage } from '../../../modules/channel/channel.adapter.js';

/*
 * Messenger Platform webhooks (object page, entry[].messaging[]) in the framework's terms. Echoes
 * of the page's own messages, delivery and read receipts are left out.
 */

type MessengerAttachment = {
  type?: string;
  title?: string;
  payload?: {
    url?: string;
    title?: string;
    sticker_id?: number;
    coordinates?: { lat?: number; long?: number };
  };
};

type MessengerEvent = {
  sender?: { id?: string };
  recipient?: { id?: string };
  timestamp?: number;
  message?: { mid?: string; text?: string; is_echo?: boolean; attachments?: MessengerAttachment[] };
  postback?: { mid?: string; title?: string; payload?: string };
};

export type MessengerWebhook = {
  object?: string;
  entry?: { id?: string; time?: number; messaging?: MessengerEvent[] }[];
};

const fileNameOfUrl = (url: string): string | undefined => {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return /\.[a-z0-9]{2,5}$/i.test(last) ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
};

const describeAttachment = (
  attachment: MessengerAttachment,
): Pick<InboundMessage, 'kind' | 'text' | 'mediaRef' | 'fileName'> => {
  const url = attachment.payload?.url ?? '';
  switch (attachment.type) {
    case 'image':
      return { kind: 'image', text: '', mediaRef: url };
    case 'video':
      return { kind: 'video', text: '', mediaRef: url };
    case 'audio':
      return { kind: 'voice', text: '', mediaRef: url };
    case 'file':
      return { kind: 'file', text: '', mediaRef: url, fileName: fileNameOfUrl(url) };
    case 'location': {
      const point = attachment.payload?.coordinates;
      return {
        kind: 'location',
        text: `${attachment.title ?? ''} (${point?.lat ?? ''}, ${point?.long ?? ''})`.trim(),
      };
    }
    case 'fallback':
      // A shared link: its title and address.
      return {
        kind: 'link',
        text: [attachment.title ?? attachment.payload?.title, url].filter(Boolean).join(' '),
      };
    default:
      return { kind: 'text', text: `[${attachment.type ?? 'attachment'}]` };
  }
};

const messagesOf = (event: MessengerEvent, userId: string, at: number): InboundMessage[] => {
  const message = event.message;
  if (message?.mid && !message.is_echo) {
    const mid = message.mid;
    const found: InboundMessage[] = [];
    if (message.text)
      found.push({ externalId: mid, externalUserId: userId, kind: 'text', text: message.text, at });
    // Several attachments share one mid: each gets a stable id of its own for de-duplication.
    (message.attachments ?? []).forEach((attachment, index) => {
      // A link preview repeats the text's link.
      if (attachment.type === 'fallback' && message.text) return;
      found.push({
        externalId: found.length === 0 ? mid : `${mid}#${index}`,
        externalUserId: userId,
        ...describeAttachment(attachment),
        at,
      });
    });
    return found;
  }
  if (event.postback)
    return [
      {
        externalId: event.postback.mid ?? `postback:${userId}:${at}`,
        externalUserId: userId,
        kind: 'event',
        text: event.postback.title ?? '',
        event: { name: 'menu_click', key: event.postback.payload },
        at,
      },
    ];
  return [];
};

/** The page's incoming messages; entries of other pages of the same app are skipped. */
export const parseMessengerWebhook = (body: MessengerWebhook, pageId: string): InboundMessage[] => {
  if (body.object !== 'page') return [];
  return (body.entry ?? [])
    .filter((entry) => !pageId || entry.id === pageId)
    .flatMap((entry) =>
      (entry.messaging ?? []).flatMap((event) => {
        const userId = event.sender?.id;
        if (!userId || userId === pageId) return [];
        return messagesOf(event, userId, event.timestamp ?? entry.time ?? Date.now());
      }),
    );
};
