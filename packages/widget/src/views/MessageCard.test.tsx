import type { Message } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n.js';
import type { TimelineItem } from '../state/chat.js';
import { CommodityOffer } from './CommodityOffer.js';
import { Composer } from './Composer.js';
import { MessageList } from './MessageList.js';

/* Issue 21's message types as the visitor sees them, and sending a location. */

const base: Message = {
  mid: 'm1',
  tid: 't1',
  seq: 1,
  type: 'text',
  content: '',
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: '',
  sender: { kind: 'agent', id: 'u1', nickname: 'Ann', avatar: '' },
  createdAt: 0,
};

let host: HTMLDivElement;
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  render(null, host);
  host.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const show = (messages: Message[], language: 'en-US' | 'zh-CN' = 'en-US') => {
  const timeline: TimelineItem[] = messages.map((message) => ({
    kind: 'message',
    key: message.mid,
    message,
  }));
  render(<MessageList t={createTranslator(language)} timeline={timeline} />, host);
};

describe('message cards in the widget', () => {
  it('shows a link card under the text, as text, with an https image only', () => {
    show([
      {
        ...base,
        content: 'look https://shop.example/k',
        card: {
          kind: 'link',
          url: 'https://shop.example/k',
          title: '<img src=x onerror=alert(1)>Kettle',
          description: 'Boils fast',
          image: 'https://cdn.example/k.png',
          siteName: 'Shop',
        },
      },
    ]);
    const card = host.querySelector<HTMLAnchorElement>('[data-testid="chat-link-card"]');
    expect(card?.getAttribute('href')).toBe('https://shop.example/k');
    expect(card?.textContent).toContain('<img src=x onerror=alert(1)>Kettle');
    expect(card?.querySelectorAll('img')).toHaveLength(1);
    expect(card?.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/k.png');
  });

  it('shows a location as an OpenStreetMap link with its coordinates, in both languages', () => {
    const location: Message = {
      ...base,
      type: 'location',
      card: { kind: 'location', latitude: 31.2304, longitude: 121.4737, name: '', address: 'Nanjing Rd' },
    };
    show([location]);
    const link = host.querySelector<HTMLAnchorElement>('[data-testid="chat-location"]');
    expect(link?.href).toBe(
      'https://www.openstreetmap.org/?mlat=31.230400&mlon=121.473700#map=16/31.230400/121.473700',
    );
    expect(link?.textContent).toContain('31.230400, 121.473700');
    expect(link?.textContent).toContain('Open in map');
    show([location], 'zh-CN');
    expect(host.textContent).toContain('在地图中打开');
  });

  it('shows a product with its price, and no link for a script address', () => {
    show([
      {
        ...base,
        type: 'commodity',
        card: { kind: 'commodity', title: 'Kettle', price: '¥129', image: '', url: 'javascript:alert(1)' },
      },
    ]);
    const product = host.querySelector('[data-testid="chat-commodity"]');
    expect(product?.textContent).toContain('¥129');
    expect(product?.hasAttribute('href')).toBe(false);
  });

  it('plays voice and video inline, loading metadata only', () => {
    show([
      { ...base, mid: 'v', type: 'voice', fileUrl: '/uploads/a.webm' },
      { ...base, mid: 'w', seq: 2, type: 'shortvideo', fileUrl: '/uploads/b.mp4' },
    ]);
    const audio = host.querySelector('audio');
    expect(audio?.getAttribute('src')).toBe('/uploads/a.webm');
    expect(audio?.hasAttribute('controls')).toBe(true);
    expect(audio?.getAttribute('preload')).toBe('metadata');
    expect(host.querySelector('video')?.getAttribute('preload')).toBe('metadata');
  });
});

describe('sending a location', () => {
  const mountComposer = (onLocation: (position: { latitude: number; longitude: number }) => void) =>
    render(<Composer t={createTranslator('en-US')} onLocation={onLocation} />, host);

  const stubGeolocation = (outcome: { latitude: number; longitude: number } | { code: number }) => {
    vi.stubGlobal('navigator', {
      ...navigator,
      geolocation: {
        getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) => {
          if ('code' in outcome)
            fail({ code: outcome.code, PERMISSION_DENIED: 1 } as GeolocationPositionError);
          else ok({ coords: outcome } as GeolocationPosition);
        },
      },
    });
  };

  const click = async () => {
    await act(async () => {
      host.querySelector<HTMLButtonElement>('[data-testid="chat-location-button"]')?.click();
      await new Promise((done) => setTimeout(done, 0));
    });
  };

  it('asks first and sends the position once the visitor agrees', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubGeolocation({ latitude: 1.5, longitude: 2.5 });
    const onLocation = vi.fn();
    mountComposer(onLocation);
    await click();
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('Share your current location'));
    expect(onLocation).toHaveBeenCalledWith({ latitude: 1.5, longitude: 2.5 });
  });

  it('sends nothing when the visitor declines', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(false);
    const getCurrentPosition = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, geolocation: { getCurrentPosition } });
    const onLocation = vi.fn();
    mountComposer(onLocation);
    await click();
    expect(getCurrentPosition).not.toHaveBeenCalled();
    expect(onLocation).not.toHaveBeenCalled();
  });

  it('says so clearly when the browser refuses', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    stubGeolocation({ code: 1 });
    const onLocation = vi.fn();
    mountComposer(onLocation);
    await click();
    expect(onLocation).not.toHaveBeenCalled();
    expect(host.querySelector('[role="alert"]')?.textContent).toContain('permission was refused');
  });
});

describe('the product the visitor was looking at', () => {
  it('is offered with its price and sent with one click', () => {
    const onSend = vi.fn();
    const commodity = { title: 'Blue kettle', price: '¥129', image: '', url: 'https://shop.example/k' };
    render(<CommodityOffer t={createTranslator('zh-CN')} commodity={commodity} onSend={onSend} />, host);
    const offer = host.querySelector('[data-testid="chat-commodity-offer"]');
    expect(offer?.textContent).toContain('¥129');
    expect(offer?.querySelector('a')?.getAttribute('href')).toBe('https://shop.example/k');
    host.querySelector<HTMLButtonElement>('[data-testid="chat-commodity-send"]')?.click();
    expect(onSend).toHaveBeenCalledWith(commodity);
    expect(offer?.textContent).toContain('发送此商品');
  });
});
