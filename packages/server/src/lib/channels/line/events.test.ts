import { describe, expect, it } from 'vitest';
import { lineMessageEvent } from '../../../test/protocol/line.js';
import { parseLineWebhook } from './events.js';

const userId = 'U4af4980629abcdef0123456789abcdef';
const parseOne = (message: Record<string, unknown> & { id: string; type: string }) =>
  parseLineWebhook({ events: [lineMessageEvent(userId, message, 1462629479859)] });

describe('LINE webhook events', () => {
  it('reads a text message with its id, user and time', () => {
    expect(parseOne({ id: '444573844083572737', type: 'text', text: 'Hello, world! (love)' })).toEqual([
      {
        externalId: '444573844083572737',
        externalUserId: userId,
        kind: 'text',
        text: 'Hello, world! (love)',
        context: {},
        at: 1462629479859,
      },
    ]);
  });

  it('refers to media by message id, except content hosted elsewhere', () => {
    expect(parseOne({ id: '3', type: 'image', contentProvider: { type: 'line' } })[0]).toMatchObject({
      kind: 'image',
      mediaRef: '3',
      text: '',
    });
    expect(
      parseOne({ id: '4', type: 'video', duration: 60000, contentProvider: { type: 'line' } })[0],
    ).toMatchObject({ kind: 'video', mediaRef: '4' });
    expect(
      parseOne({ id: '5', type: 'audio', duration: 6000, contentProvider: { type: 'line' } })[0],
    ).toMatchObject({ kind: 'voice', mediaRef: '5' });
    expect(parseOne({ id: '6', type: 'file', fileName: 'file.txt', fileSize: 2138 })[0]).toMatchObject({
      kind: 'file',
      mediaRef: '6',
      fileName: 'file.txt',
    });
    const external = parseOne({
      id: '7',
      type: 'image',
      contentProvider: { type: 'external', originalContentUrl: 'https://example.com/original.jpg' },
    });
    expect(external[0]).toMatchObject({ kind: 'image', text: 'https://example.com/original.jpg' });
    expect(external[0].mediaRef).toBeUndefined();
  });

  it('reads locations and stickers', () => {
    expect(
      parseOne({
        id: '8',
        type: 'location',
        title: 'my location',
        address: 'Tokyo',
        latitude: 35.65910807942215,
        longitude: 139.70372892916203,
      })[0],
    ).toMatchObject({
      kind: 'location',
      text: 'my location, Tokyo (35.65910807942215, 139.70372892916203)',
    });
    expect(
      parseOne({
        id: '9',
        type: 'sticker',
        packageId: '446',
        stickerId: '1988',
        keywords: ['happy', 'smile'],
      })[0],
    ).toMatchObject({
      kind: 'text',
      text: '[sticker: happy, smile]',
    });
  });

  it('turns follow, unfollow and postback into events and keeps groups in the context', () => {
    const source = { type: 'user', userId };
    const messages = parseLineWebhook({
      events: [
        { type: 'follow', webhookEventId: 'E1', timestamp: 1, source },
        { type: 'unfollow', webhookEventId: 'E2', timestamp: 2, source },
        { type: 'postback', webhookEventId: 'E3', timestamp: 3, source, postback: { data: 'action=track' } },
        {
          type: 'message',
          timestamp: 4,
          source: { type: 'group', groupId: 'Cabc', userId },
          message: { id: '10', type: 'text', text: 'hi' },
        },
        {
          type: 'message',
          timestamp: 5,
          source: { type: 'group', groupId: 'Cabc' },
          message: { id: '11', type: 'text', text: 'no user id' },
        },
      ],
    });
    expect(
      messages.map((message) => [message.externalId, message.kind, message.event, message.context]),
    ).toEqual([
      ['E1', 'event', { name: 'subscribe' }, {}],
      ['E2', 'event', { name: 'unsubscribe' }, {}],
      ['E3', 'event', { name: 'menu_click', key: 'action=track' }, {}],
      ['10', 'text', undefined, { groupId: 'Cabc' }],
    ]);
  });
});
