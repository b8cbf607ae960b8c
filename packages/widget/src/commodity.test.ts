import { describe, expect, it, vi } from 'vitest';
import { readCommodityParam, toCommodity } from './commodity.js';
import { chatUrlOf, installCommands, readOptions, type EmbedOptions } from './embed.js';

/* The product the visitor is looking at, from the embed snippet to the chat page (issue 21). */

const kettle = {
  title: 'Blue\nkettle',
  price: 129,
  image: 'https://cdn.example/k.png',
  url: 'https://shop.example/k?id=1',
};

describe('toCommodity', () => {
  it('keeps one-line text and web addresses', () => {
    expect(toCommodity(kettle)).toEqual({
      title: 'Blue kettle',
      price: '129',
      image: 'https://cdn.example/k.png',
      url: 'https://shop.example/k?id=1',
    });
  });

  it('refuses a product without a title or with a script address, and drops an http image', () => {
    expect(toCommodity({ ...kettle, title: ' ' })).toBeNull();
    expect(toCommodity({ ...kettle, url: 'javascript:alert(1)' })).toBeNull();
    expect(toCommodity({ ...kettle, image: 'http://cdn.example/k.png' })?.image).toBe('');
    expect(readCommodityParam('{not json')).toBeNull();
  });
});

describe('the embed snippet', () => {
  const base: EmbedOptions = {
    host: 'https://kefu.example',
    org: 'acme',
    wid: 'w1',
    aid: null,
    lang: null,
    style: 4,
    label: 'Chat',
  };

  it('reads the product from data-commodity-* and carries it to the chat page', () => {
    const script = document.createElement('script');
    script.src = 'https://kefu.example/embed.js';
    Object.assign(script.dataset, {
      org: 'acme',
      commodityTitle: 'Blue kettle',
      commodityPrice: '¥129',
      commodityUrl: 'https://shop.example/k',
    });
    const options = readOptions(script);
    expect(options.commodity).toEqual({
      title: 'Blue kettle',
      price: '¥129',
      image: '',
      url: 'https://shop.example/k',
    });
    const url = new URL(chatUrlOf(options, 'https://shop.example/k'));
    expect(readCommodityParam(url.searchParams.get('commodity'))).toEqual(options.commodity);
  });

  it("takes the product from window.openkefu('commodity', …) and forgets it with null", () => {
    const win = { location: { href: 'https://shop.example/' } } as unknown as Window;
    const options = { ...base };
    const launch = vi.fn();
    const run = installCommands(win, options, launch);
    run('commodity', kettle);
    run('open');
    expect(
      readCommodityParam(new URL(launch.mock.calls[0]?.[0] as string).searchParams.get('commodity')),
    ).toMatchObject({
      title: 'Blue kettle',
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    run('commodity', { title: 'x', url: 'data:text/html,hi' });
    expect(options.commodity).toBeNull();
    expect(warn).toHaveBeenCalled();
    run('commodity', null);
    expect(options.commodity).toBeNull();
  });
});
