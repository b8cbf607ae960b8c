import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLauncher, watchInvitations, type EmbedOptions } from './embed.js';

const options: EmbedOptions = {
  host: 'https://kefu.example',
  org: 'acme',
  wid: 'w1',
  aid: null,
  lang: 'en-US',
  style: 3,
  label: 'Chat with us',
};

type Call = { url: string; method: string; body: unknown; auth: string | null };
let calls: Call[];

const stubServer = (matches: unknown[]) => {
  calls = [];
  const queue = [...matches];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const headers = init.headers as Record<string, string>;
      calls.push({
        url,
        method: init.method ?? 'GET',
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        auth: headers.authorization ?? null,
      });
      const path = new URL(url).pathname;
      const data =
        path === '/visitor/api/init'
          ? { token: 'vt', visitor: { visitCount: 3 } }
          : path === '/visitor/api/targeted/match'
            ? queue.shift()
            : null;
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data }), { status: 200 });
    }),
  );
};

const invitation = {
  tgid: 'tg1',
  message: '<b>Need help</b> with pricing?',
  wid: 'w9',
  nickname: 'Sales',
  avatar: '',
};
const flush = () => vi.advanceTimersByTimeAsync(0);
const bubble = () => document.querySelector<HTMLElement>('[data-openkefu="invitation"]');

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('proactive invitations in embed.js', () => {
  it('reports the page, waits until a rule can hold, shows the invitation and opens its group on accept', async () => {
    stubServer([
      { invitation: null, retryAtSeconds: 5 },
      { invitation, retryAtSeconds: null },
    ]);
    const launch = vi.fn();
    await watchInvitations(document, window, options, launch);
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://kefu.example/visitor/api/init' });
    expect(calls[0]?.body).toMatchObject({ org: 'acme', page: window.location.href });
    expect(localStorage.getItem('openkefu:visitor:acme')).toBe('vt');
    const first = new URL(calls[1]?.url ?? '');
    expect(first.pathname).toBe('/visitor/api/targeted/match');
    expect(Object.fromEntries(first.searchParams)).toEqual({
      url: window.location.href,
      seconds: '0',
      visits: '3',
    });
    expect(calls[1]?.auth).toBe('Bearer vt');
    expect(bubble()).toBeNull();

    await vi.advanceTimersByTimeAsync(5000);
    expect(new URL(calls[2]?.url ?? '').searchParams.get('seconds')).toBe('5');
    // The message is shown as text, never parsed as HTML.
    expect(bubble()?.querySelector('p')?.textContent).toBe('<b>Need help</b> with pricing?');
    expect(bubble()?.querySelector('b')).toBeNull();

    bubble()?.querySelector<HTMLButtonElement>('[data-openkefu="accept"]')?.click();
    await flush();
    expect(calls[3]).toMatchObject({
      method: 'POST',
      url: 'https://kefu.example/visitor/api/targeted/accept',
      body: { tgid: 'tg1' },
      auth: 'Bearer vt',
    });
    expect(bubble()).toBeNull();
    expect(new URL(launch.mock.lastCall?.[0] as string).searchParams.get('wid')).toBe('w9');

    // Answered: no more invitations in this browser session.
    await watchInvitations(document, window, options, launch);
    expect(calls).toHaveLength(4);
  });

  it('counts a decline, opens nothing, and on the next page reuses the session without a new visit', async () => {
    stubServer([{ invitation, retryAtSeconds: null }]);
    const launch = vi.fn();
    await watchInvitations(document, window, { ...options, lang: 'zh-CN' }, launch);
    const decline = bubble()?.querySelector<HTMLButtonElement>('[data-openkefu="decline"]');
    expect(decline?.textContent).toBe('暂不需要');
    decline?.click();
    await flush();
    expect(calls.at(-1)).toMatchObject({
      url: 'https://kefu.example/visitor/api/targeted/decline',
      body: { tgid: 'tg1' },
    });
    expect(launch).not.toHaveBeenCalled();

    sessionStorage.removeItem('openkefu:invited:acme');
    stubServer([{ invitation: null, retryAtSeconds: null }]);
    await watchInvitations(document, window, options, launch);
    expect(calls.map((call) => new URL(call.url).pathname)).toEqual(['/visitor/api/targeted/match']);
    expect(new URL(calls[0]?.url ?? '').searchParams.get('visits')).toBe('3');
  });

  it('style 3 opens the floating panel on the invited skill group', async () => {
    stubServer([{ invitation, retryAtSeconds: null }]);
    const launch = createLauncher(document, window, options);
    await watchInvitations(document, window, options, launch);
    bubble()?.querySelector<HTMLButtonElement>('[data-openkefu="accept"]')?.click();
    const panel = document.querySelector<HTMLElement>('[data-openkefu="panel"]');
    expect(panel?.style.display).toBe('block');
    expect(new URL(panel?.querySelector('iframe')?.src ?? '').searchParams.get('wid')).toBe('w9');
  });
});
