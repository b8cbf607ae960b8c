import { describe, expect, it } from 'vitest';
import { feishuMessageEvent } from '../../../test/protocol/feishu.js';
import { parseFeishuEvent, parseFeishuMediaRef, type FeishuEnvelope } from './event.js';

const messageOf = (
  messageType: string,
  content: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) => {
  const envelope = feishuMessageEvent({
    token: 't',
    userId: 'ou_7d8a6e6df7621556ce0d21922b676706ccs',
    messageId: 'om_5ce6d572455d361153b7cb51da133945',
    messageType,
    content,
    createTime: 1609073151345,
  });
  Object.assign(envelope.event.message, extra);
  return parseFeishuEvent(envelope as FeishuEnvelope);
};

describe('Feishu events', () => {
  it('reads a text message with its ids, time and chat', () => {
    expect(messageOf('text', { text: 'hello' })).toEqual([
      {
        externalId: 'om_5ce6d572455d361153b7cb51da133945',
        externalUserId: 'ou_7d8a6e6df7621556ce0d21922b676706ccs',
        kind: 'text',
        text: 'hello',
        context: { chatId: 'oc_5ad11d72b830411d72b836c20', chatType: 'p2p' },
        at: 1609073151345,
      },
    ]);
  });

  it('shows mentioned names instead of placeholders', () => {
    const [message] = messageOf(
      'text',
      { text: '@_user_1 where is my order?' },
      { mentions: [{ key: '@_user_1', name: 'Support Bot' }] },
    );
    expect(message.text).toBe('@Support Bot where is my order?');
  });

  it('keeps both ids of media so the resource API can find it', () => {
    const [image] = messageOf('image', { image_key: 'img_v2_041b28e3-5680-48c2-9af2-497ace79333g' });
    expect(image).toMatchObject({ kind: 'image', text: '' });
    expect(parseFeishuMediaRef(image.mediaRef ?? '')).toEqual({
      type: 'image',
      messageId: 'om_5ce6d572455d361153b7cb51da133945',
      key: 'img_v2_041b28e3-5680-48c2-9af2-497ace79333g',
    });
    const [file] = messageOf('file', { file_key: 'file_v2_1', file_name: 'invoice.pdf' });
    expect(file).toMatchObject({
      kind: 'file',
      fileName: 'invoice.pdf',
      mediaRef: 'file:om_5ce6d572455d361153b7cb51da133945:file_v2_1',
    });
    expect(messageOf('audio', { file_key: 'file_v2_2', duration: 2000 })[0]).toMatchObject({
      kind: 'voice',
      mediaRef: 'file:om_5ce6d572455d361153b7cb51da133945:file_v2_2',
    });
    expect(
      messageOf('media', { file_key: 'file_v2_3', image_key: 'img_1', file_name: 'clip.mp4' })[0],
    ).toMatchObject({
      kind: 'video',
      fileName: 'clip.mp4',
    });
  });

  it('flattens rich text, reads locations and names other kinds', () => {
    const post = messageOf('post', {
      title: 'Order',
      content: [
        [
          { tag: 'text', text: 'see ' },
          { tag: 'a', text: 'here', href: 'https://example.com/o/1' },
        ],
        [{ tag: 'img', image_key: 'img_1' }],
      ],
    });
    expect(post[0]).toMatchObject({ kind: 'text', text: 'Order\nsee here https://example.com/o/1\n[image]' });
    expect(
      messageOf('location', { name: 'Pier 39', longitude: '-122.41', latitude: '37.80' })[0],
    ).toMatchObject({
      kind: 'location',
      text: 'Pier 39 (37.80, -122.41)',
    });
    expect(messageOf('sticker', { file_key: 'f' })[0]).toMatchObject({ kind: 'text', text: '[sticker]' });
  });

  it('ignores messages from apps and events it does not handle; reads the bot chat being opened', () => {
    const fromApp = feishuMessageEvent({
      token: 't',
      userId: 'ou_1',
      messageId: 'om_1',
      messageType: 'text',
      content: { text: 'x' },
    });
    fromApp.event.sender.sender_type = 'app';
    expect(parseFeishuEvent(fromApp as FeishuEnvelope)).toEqual([]);
    expect(parseFeishuEvent({ schema: '2.0', header: { event_type: 'im.message.message_read_v1' } })).toEqual(
      [],
    );
    expect(
      parseFeishuEvent({
        schema: '2.0',
        header: {
          event_id: 'ev_1',
          event_type: 'im.chat.access_event.bot_p2p_chat_entered_v1',
          create_time: '1700000000000',
        },
        event: { chat_id: 'oc_1', operator_id: { open_id: 'ou_2' } },
      }),
    ).toEqual([
      {
        externalId: 'ev_1',
        externalUserId: 'ou_2',
        kind: 'event',
        text: '',
        event: { name: 'enter_session' },
        context: { chatId: 'oc_1', chatType: 'p2p' },
        at: 1700000000000,
      },
    ]);
  });
});
