import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatUrlOf, install, readOptions, type EmbedOptions } from './embed.js';

const options = (style: number): EmbedOptions => ({
  host: 'https://kefu.example',
  org: 'acme',
  wid: 'w1',
  aid: null,
  lang: 'zh-CN',
  style,
  label: '在线客服',
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('embed.js', () => {
  it('reads the snippet attributes and the host from its own src; unknown styles fall back to H5', () => {
    const script = document.createElement('script');
    script.src = 'https://kefu.example/embed.js';
    script.dataset.org = 'acme';
    script.dataset.wid = 'w1';
    script.dataset.style = '9';
    expect(readOptions(script)).toMatchObject({
      host: 'https://kefu.example',
      org: 'acme',
      wid: 'w1',
      style: 4,
    });
  });

  it('builds the chat address with the group, language and the host page', () => {
    const url = new URL(chatUrlOf(options(3), 'https://shop.example/p?id=1'));
    expect(url.origin + url.pathname).toBe('https://kefu.example/chat/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      org: 'acme',
      wid: 'w1',
      lang: 'zh-CN',
      page: 'https://shop.example/p?id=1',
    });
  });

  it('style 1 opens a full window, style 2 a centred popup', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    install(document, window, options(1))?.click();
    expect(open).toHaveBeenLastCalledWith(expect.stringContaining('/chat/?org=acme'), '_blank');
    document.body.innerHTML = '';
    install(document, window, options(2))?.click();
    expect(open.mock.lastCall?.[1]).toBe('openkefu');
    expect(open.mock.lastCall?.[2]).toMatch(/width=420,height=640/);
  });

  it('style 3 toggles a floating panel whose iframe loads on first open', () => {
    const toggle = install(document, window, options(3));
    const panel = document.querySelector<HTMLElement>('[data-openkefu="panel"]');
    expect(panel?.querySelector('iframe')).toBeNull();
    toggle?.click();
    expect(panel?.style.display).toBe('block');
    expect(panel?.querySelector('iframe')?.src).toContain('https://kefu.example/chat/?org=acme');
    toggle?.click();
    expect(panel?.style.display).toBe('none');
  });
});
