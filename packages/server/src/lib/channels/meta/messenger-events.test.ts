import { describe, expect, it } from 'vitest';
import { messengerMessageEvent, messengerWebhook } from '../../../test/protocol/meta.js';
import { parseMessengerWebhook, type MessengerWebhook } from './messenger-events.js';

const pageId = '104839275018364';
const parse = (events: Record<string, unknown>[], page = pageId) =>
  parseMessengerWebhook(messengerWebhook(page, events) as MessengerWebhook, pageId);

describe('Messenger webhooks', () => {
  it('reads a text message from a PSID', () => {
    expect(
      parse([
        messengerMessageEvent(pageId, '6789012345', { mid: 'm_1', text: 'hello, world!' }, 1458692752478),
      ]),
    ).toEqual([
      {
        externalId: 'm_1',
        externalUserId: '6789012345',
        kind: 'text',
        text: 'hello, world!',
        at: 1458692752478,
      },
    ]);
  });

  it('gives each attachment its own stable id and kind', () => {
    const messages = parse([
      messengerMessageEvent(pageId, 'u1', {
        mid: 'm_2',
        attachments: [
          {
            type: 'image',
            payload: { url: 'https://scontent.xx.fbcdn.net/v/t1.15752-9/photo.png?_nc_cat=1' },
          },
          {
            type: 'file',
            payload: { url: 'https://cdn.fbsbx.com/v/t59.2708-21/Order%20list.pdf?_nc_cat=1' },
          },
          { type: 'audio', payload: { url: 'https://cdn.fbsbx.com/v/audioclip.mp4' } },
          { type: 'video', payload: { url: 'https://video.xx.fbcdn.net/v/clip.mp4' } },
          { type: 'fallback', title: 'Our shop', payload: { url: 'https://shop.example.com/' } },
        ],
      }),
    ]);
    expect(
      messages.map((message) => [message.externalId, message.kind, message.mediaRef ?? message.text]),
    ).toEqual([
      ['m_2', 'image', 'https://scontent.xx.fbcdn.net/v/t1.15752-9/photo.png?_nc_cat=1'],
      ['m_2#1', 'file', 'https://cdn.fbsbx.com/v/t59.2708-21/Order%20list.pdf?_nc_cat=1'],
      ['m_2#2', 'voice', 'https://cdn.fbsbx.com/v/audioclip.mp4'],
      ['m_2#3', 'video', 'https://video.xx.fbcdn.net/v/clip.mp4'],
      ['m_2#4', 'link', 'Our shop https://shop.example.com/'],
    ]);
    expect(messages[1].fileName).toBe('Order list.pdf');
  });

  it('skips echoes, receipts and other pages; reads postbacks as menu clicks', () => {
    expect(
      parse([messengerMessageEvent(pageId, pageId, { mid: 'm_3', text: 'our reply', is_echo: true })]),
    ).toEqual([]);
    expect(
      parse([{ sender: { id: 'u1' }, recipient: { id: pageId }, timestamp: 1, delivery: { mids: ['m_1'] } }]),
    ).toEqual([]);
    expect(parse([messengerMessageEvent('other', 'u1', { mid: 'm_4', text: 'hi' })], 'other')).toEqual([]);
    expect(
      parse([
        {
          sender: { id: 'u1' },
          recipient: { id: pageId },
          timestamp: 5,
          postback: { mid: 'm_5', title: 'Track order', payload: 'TRACK' },
        },
      ]),
    ).toEqual([
      {
        externalId: 'm_5',
        externalUserId: 'u1',
        kind: 'event',
        text: 'Track order',
        event: { name: 'menu_click', key: 'TRACK' },
        at: 5,
      },
    ]);
  });
});
