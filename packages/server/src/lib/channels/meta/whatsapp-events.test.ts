import { describe, expect, it } from 'vitest';
import { whatsappMessageWebhook } from '../../../test/protocol/meta.js';
import { parseWhatsAppWebhook, type WhatsAppWebhook } from './whatsapp-events.js';

const phoneNumberId = '106540352242922';
const parse = (message: Record<string, unknown> & { id: string; type: string }) =>
  parseWhatsAppWebhook(
    whatsappMessageWebhook({
      phoneNumberId,
      from: '16315551234',
      message,
      timestamp: 1603059201,
    }) as WhatsAppWebhook,
    phoneNumberId,
  );

describe('WhatsApp webhooks', () => {
  it('reads the documented text example with the sender’s profile name', () => {
    expect(
      parse({
        id: 'wamid.ABGGFlCGg0cvAgo-sJQh43L5Pe4W',
        type: 'text',
        text: { body: 'Hello this is an answer' },
      }),
    ).toEqual([
      {
        externalId: 'wamid.ABGGFlCGg0cvAgo-sJQh43L5Pe4W',
        externalUserId: '16315551234',
        nickname: 'Kerry Fisher',
        kind: 'text',
        text: 'Hello this is an answer',
        at: 1603059201000,
      },
    ]);
  });

  it('reads media by id, documents with their names, locations and replies', () => {
    expect(
      parse({
        id: 'w1',
        type: 'image',
        image: { id: '1031862924617433', mime_type: 'image/jpeg', caption: 'broken' },
      })[0],
    ).toMatchObject({
      kind: 'image',
      text: 'broken',
      mediaRef: '1031862924617433',
    });
    expect(
      parse({
        id: 'w2',
        type: 'audio',
        audio: { id: 'a1', mime_type: 'audio/ogg; codecs=opus', voice: true },
      })[0],
    ).toMatchObject({
      kind: 'voice',
      mediaRef: 'a1',
    });
    expect(parse({ id: 'w3', type: 'video', video: { id: 'v1', mime_type: 'video/mp4' } })[0]).toMatchObject({
      kind: 'video',
      mediaRef: 'v1',
    });
    expect(
      parse({
        id: 'w4',
        type: 'document',
        document: { id: 'd1', filename: 'receipt.pdf', mime_type: 'application/pdf' },
      })[0],
    ).toMatchObject({
      kind: 'file',
      mediaRef: 'd1',
      fileName: 'receipt.pdf',
    });
    expect(
      parse({
        id: 'w5',
        type: 'location',
        location: { latitude: 37.4847, longitude: -122.1473, name: 'Meta HQ', address: '1 Hacker Way' },
      })[0],
    ).toMatchObject({
      kind: 'location',
      text: 'Meta HQ, 1 Hacker Way (37.4847, -122.1473)',
    });
    expect(
      parse({
        id: 'w6',
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'yes', title: 'Yes please' } },
      })[0],
    ).toMatchObject({
      kind: 'text',
      text: 'Yes please',
    });
    expect(parse({ id: 'w7', type: 'reaction', reaction: { message_id: 'w1', emoji: '👍' } })).toEqual([]);
    expect(parse({ id: 'w8', type: 'unsupported' })[0]).toMatchObject({
      kind: 'text',
      text: '[unsupported]',
    });
  });

  it('skips delivery receipts and other phone numbers of the business account', () => {
    const statuses = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: phoneNumberId },
                statuses: [{ id: 'w', status: 'delivered' }],
              },
            },
          ],
        },
      ],
    };
    expect(parseWhatsAppWebhook(statuses, phoneNumberId)).toEqual([]);
    const other = whatsappMessageWebhook({
      phoneNumberId: '999',
      from: '1',
      message: { id: 'x', type: 'text', text: { body: 'hi' } },
    });
    expect(parseWhatsAppWebhook(other as WhatsAppWebhook, phoneNumberId)).toEqual([]);
  });
});
