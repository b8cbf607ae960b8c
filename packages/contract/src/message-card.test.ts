import { describe, expect, it } from 'vitest';
import { cardAsText, firstWebUrlOf, mapUrlOf, messageCardSchema } from './message-card.js';
import { messageSchema, messageSendSchema } from './message.js';

describe('message cards', () => {
  it('cleans a location to one-line text and keeps the coordinates', () => {
    const parsed = messageSendSchema.parse({
      tid: 't',
      localId: 'l',
      type: 'location',
      location: { latitude: -33.8568, longitude: 151.2153, name: 'Opera\nHouse\u0000 ' },
    });
    expect(parsed.location).toEqual({
      latitude: -33.8568,
      longitude: 151.2153,
      name: 'Opera House',
      address: '',
    });
  });

  it('refuses coordinates off the globe and a location message without one', () => {
    const base = { tid: 't', localId: 'l', type: 'location' } as const;
    expect(messageSendSchema.safeParse(base).error?.issues[0]?.path).toEqual(['location']);
    expect(
      messageSendSchema.safeParse({ ...base, location: { latitude: 0, longitude: 181 } }).error?.issues[0]
        ?.path,
    ).toEqual(['location', 'longitude']);
  });

  it('accepts products with web addresses only, and images over https only', () => {
    const send = (commodity: Record<string, unknown>) =>
      messageSendSchema.safeParse({ tid: 't', localId: 'l', type: 'commodity', commodity });
    expect(send({ title: 'Kettle', price: '¥129', url: 'https://shop.example/k' }).success).toBe(true);
    expect(send({ title: 'Kettle', url: 'javascript:alert(1)' }).error?.issues[0]?.path).toEqual([
      'commodity',
      'url',
    ]);
    expect(send({ title: 'Kettle', url: 'data:text/html,<b>' }).success).toBe(false);
    expect(
      send({ title: 'Kettle', url: 'https://shop.example/k', image: 'http://img.example/k.png' }).success,
    ).toBe(false);
    expect(send({ title: '', url: 'https://shop.example/k' }).success).toBe(false);
  });

  it('reads a stored card back unchanged, and refuses one with a script address', () => {
    const card = {
      kind: 'link',
      url: 'https://example.com/a',
      title: 'A',
      description: '',
      image: '',
      siteName: 'example.com',
    } as const;
    expect(messageCardSchema.parse(card)).toEqual(card);
    expect(messageCardSchema.safeParse({ ...card, url: 'javascript:void(0)' }).success).toBe(false);
    const message = messageSchema.shape.card.parse(card);
    expect(message).toEqual(card);
  });

  it('finds the first web address of a text, without trailing punctuation', () => {
    expect(firstWebUrlOf('see https://example.com/a?b=1, thanks')).toBe('https://example.com/a?b=1');
    expect(firstWebUrlOf('看看 https://example.cn/商品。')).toBe('https://example.cn/商品');
    expect(firstWebUrlOf('javascript:alert(1) ftp://x')).toBeNull();
  });

  it('links a location to OpenStreetMap', () => {
    expect(mapUrlOf({ latitude: 31.2304, longitude: 121.4737 })).toBe(
      'https://www.openstreetmap.org/?mlat=31.230400&mlon=121.473700#map=16/31.230400/121.473700',
    );
  });

  it('writes a location or product as text for text-only channels', () => {
    expect(cardAsText({ kind: 'location', latitude: 1, longitude: 2, name: 'Office', address: '' })).toBe(
      'Office\nhttps://www.openstreetmap.org/?mlat=1.000000&mlon=2.000000#map=16/1.000000/2.000000',
    );
    expect(
      cardAsText({
        kind: 'commodity',
        title: 'Kettle',
        price: '¥129',
        image: '',
        url: 'https://shop.example/k',
      }),
    ).toBe('Kettle ¥129\nhttps://shop.example/k');
  });
});
