import type { InboundMessage } from '../../../modules/channel/channel.adapter.js';

/*
 * WhatsApp Cloud API webhooks (object whatsapp_business_account, field messages) in the
 * framework's terms. Delivery receipts (value.statuses) are left out: the interface has no place
 * for them, and a failure reported there (an expired window, undeliverable media) only reaches
 * us later, after send() has answered.
 */

type WhatsAppMedia = { id?: string; mime_type?: string; caption?: string; filename?: string };

type WhatsAppMessage = {
  from?: string;
  id?: string;
  timestamp?: string;
  type?: string;
  text?: { body?: string };
  image?: WhatsAppMedia;
  audio?: WhatsAppMedia;
  video?: WhatsAppMedia;
  document?: WhatsAppMedia;
  sticker?: WhatsAppMedia;
  location?: { latitude?: number; longitude?: number; name?: string; address?: string };
  button?: { text?: string; payload?: string };
  interactive?: {
    type?: string;
    button_reply?: { id?: string; title?: string };
    list_reply?: { id?: string; title?: string };
  };
  contacts?: { name?: { formatted_name?: string }; phones?: { phone?: string }[] }[];
};

type WhatsAppValue = {
  metadata?: { phone_number_id?: string };
  contacts?: { wa_id?: string; profile?: { name?: string } }[];
  messages?: WhatsAppMessage[];
};

export type WhatsAppWebhook = {
  object?: string;
  entry?: { id?: string; changes?: { field?: string; value?: WhatsAppValue }[] }[];
};

const describe = (
  message: WhatsAppMessage,
): Pick<InboundMessage, 'kind' | 'text' | 'mediaRef' | 'fileName'> | null => {
  switch (message.type) {
    case 'text':
      return { kind: 'text', text: message.text?.body ?? '' };
    case 'image':
    case 'sticker': {
      const media = message.image ?? message.sticker;
      return { kind: 'image', text: media?.caption ?? '', mediaRef: media?.id };
    }
    case 'audio':
      return { kind: 'voice', text: '', mediaRef: message.audio?.id };
    case 'video':
      return { kind: 'video', text: message.video?.caption ?? '', mediaRef: message.video?.id };
    case 'document':
      return {
        kind: 'file',
        text: message.document?.caption ?? '',
        mediaRef: message.document?.id,
        fileName: message.document?.filename,
      };
    case 'location': {
      const place = message.location ?? {};
      const label = [place.name, place.address].filter(Boolean).join(', ');
      return {
        kind: 'location',
        text: `${label} (${place.latitude ?? ''}, ${place.longitude ?? ''})`.trim(),
      };
    }
    case 'button':
      return { kind: 'text', text: message.button?.text ?? message.button?.payload ?? '' };
    case 'interactive': {
      const reply = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return { kind: 'text', text: reply?.title ?? reply?.id ?? '' };
    }
    case 'contacts':
      return {
        kind: 'text',
        text: (message.contacts ?? [])
          .map((card) =>
            [card.name?.formatted_name, ...(card.phones ?? []).map((phone) => phone.phone)]
              .filter(Boolean)
              .join(' '),
          )
          .join('\n'),
      };
    case 'reaction':
    case 'system':
      // A reaction to one of ours or a number change: not a customer message.
      return null;
    default:
      return { kind: 'text', text: `[${message.type ?? 'unknown'}]` };
  }
};

/**
 * The messages sent to this phone number. A webhook of the app can carry other numbers of the
 * same business account: those belong to other channel accounts and are skipped here.
 */
export const parseWhatsAppWebhook = (body: WhatsAppWebhook, phoneNumberId: string): InboundMessage[] => {
  if (body.object !== 'whatsapp_business_account') return [];
  const messages: InboundMessage[] = [];
  for (const entry of body.entry ?? [])
    for (const change of entry.changes ?? []) {
      const value = change.value;
      if (change.field !== 'messages' || !value) continue;
      if (value.metadata?.phone_number_id && value.metadata.phone_number_id !== phoneNumberId) continue;
      for (const message of value.messages ?? []) {
        const described = describe(message);
        if (!described || !message.id || !message.from) continue;
        const nickname = value.contacts?.find((contact) => contact.wa_id === message.from)?.profile?.name;
        messages.push({
          externalId: message.id,
          externalUserId: message.from,
          ...(nickname ? { nickname } : {}),
          ...described,
          at: Number(message.timestamp) * 1000 || Date.now(),
        });
      }
    }
  return messages;
};
