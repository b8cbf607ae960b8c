import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import type { ChatSocket, connectChat } from './realtime.js';
import { highlightParts } from './views/highlight.js';

const params: WidgetParams = {
  org: 'acme',
  wid: 'w1',
  aid: null,
  language: 'en-US',
  page: 'https://shop.example/',
  referrer: '',
  client: 'web',
};

const settings = (helpCenterSearch: boolean) => ({
  wid: 'w1',
  nickname: 'Acme support',
  avatar: '',
  welcomeTip: 'Welcome!',
  acceptTip: '',
  offlineTip: 'We are away',
  nonWorkingTimeTip: '',
  closeTip: '',
  showTopTip: false,
  topTip: '',
  forceRate: false,
  leaveMessageType: 'email',
  showForm: false,
  showCollectMobile: false,
  hideLogo: false,
  helpCenterSearch,
});

const thread = {
  tid: 't1',
  status: 'chatting',
  queuePosition: null,
  rated: false,
  seq: 0,
  cycle: 1,
  agent: null,
};

const hit = {
  aid: 'a1',
  type: 'support',
  title: 'How to request a refund',
  titleHtml: 'How to request a <mark>refund</mark>',
  snippetHtml: 'Open &lt;img src=x onerror=alert(1)&gt; and choose <mark>refund</mark>.',
  categories: [],
  updatedAt: 1,
  url: 'https://kefu.example.com/help/acme/article/a1',
};

let container: HTMLDivElement;
let calls: string[];

/** A fake server: `routes` by path; each handler sees the query string. */
const stubServer = (routes: Record<string, (query: URLSearchParams) => unknown>) => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url.pathname + url.search);
      const all: Record<string, (query: URLSearchParams) => unknown> = {
        '/visitor/api/init': () => ({
          token: 'token',
          visitor: { vid: 'v1' },
          organization: { name: 'Acme' },
        }),
        '/visitor/api/form': () => ({ required: false, title: '', fields: [] }),
        '/visitor/api/message/history': () => ({ messages: [], hasMore: false }),
        '/visitor/api/leavemsg': () => [],
        ...routes,
      };
      const handler = all[url.pathname];
      if (!handler) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      const data = handler(url.searchParams);
      if (data instanceof Response) return data;
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data }), { status: 200 });
    }),
  );
};

const connect: typeof connectChat = () =>
  ({
    socket: {} as ChatSocket['socket'],
    send: async () => {
      throw new Error('not in these tests');
    },
    sync: async () => ({ messages: [], hasMore: false }),
    receipt: () => undefined,
    typing: () => undefined,
    close: () => undefined,
  }) satisfies ChatSocket;

const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
};

const settle = async () => {
  for (let round = 0; round < 5; round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

const searchFor = async (text: string) => {
  const input = container.querySelector('[data-testid="help-query"]') as HTMLInputElement;
  await act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(() => {
    input.form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  await settle();
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  localStorage.clear();
});

afterEach(() => {
  render(null, container);
  container.remove();
  vi.unstubAllGlobals();
});

describe('help-centre search in the widget', () => {
  it('comes before the chat when the skill group offers it; the chat starts only when asked', async () => {
    stubServer({
      '/visitor/api/settings': () => settings(true),
      '/visitor/api/thread/current': () => null,
      '/visitor/api/help/search': (query) => ({ hits: query.get('q') === 'refund' ? [hit] : [] }),
      '/visitor/api/thread/request': () => ({ code: 200, tip: 'Welcome!', thread, settings: settings(true) }),
    });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="help-search"]');
    expect(calls.some((call) => call.startsWith('/visitor/api/thread/request'))).toBe(false);
    expect(container.querySelector('label[for="okw-help-q"]')?.textContent).toBe('Search the help center');

    await searchFor('refund');
    expect(calls).toContain('/visitor/api/help/search?org=acme&wid=w1&q=refund&size=5');
    const link = container.querySelector('[data-testid="help-results"] a') as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe(hit.url);
    expect(link.target).toBe('_blank');
    expect(link.rel).toBe('noopener');
    expect(link.querySelector('mark')?.textContent).toBe('refund');
    // Snippets are text with marks: markup in them never becomes elements.
    const results = container.querySelector('[data-testid="help-results"]') as HTMLElement;
    expect(results.querySelector('img')).toBeNull();
    expect(results.textContent).toContain('Open <img src=x onerror=alert(1)> and choose refund.');
    expect(container.querySelector('[data-testid="help-start"]')?.textContent).toBe(
      'None of these? Start the chat',
    );

    await searchFor('warranty');
    expect(results.textContent).toContain('No articles found for “warranty”.');

    await act(() => (container.querySelector('[data-testid="help-start"]') as HTMLButtonElement).click());
    await until('[data-testid="chat-messages"]');
    expect(calls.some((call) => call.startsWith('/visitor/api/thread/request'))).toBe(true);
    expect(container.querySelector('[data-testid="help-search"]')).toBeNull();
  });

  it('goes straight to the chat when the flag is off or a conversation is already open', async () => {
    stubServer({
      '/visitor/api/settings': () => settings(false),
      '/visitor/api/thread/request': () => ({ code: 200, tip: '', thread, settings: settings(false) }),
    });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="chat-messages"]');
    expect(container.querySelector('[data-testid="help-search"]')).toBeNull();
    expect(calls.some((call) => call.startsWith('/visitor/api/thread/current'))).toBe(false);
    render(null, container);

    stubServer({
      '/visitor/api/settings': () => settings(true),
      '/visitor/api/thread/current': () => thread,
      '/visitor/api/thread/request': () => ({ code: 201, tip: '', thread, settings: settings(true) }),
    });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="chat-messages"]');
    expect(container.querySelector('[data-testid="help-search"]')).toBeNull();
  });

  it('sits above the leave-message form, and says when the search fails', async () => {
    stubServer({
      '/visitor/api/settings': () => settings(true),
      '/visitor/api/thread/current': () => null,
      '/visitor/api/help/search': () =>
        new Response(JSON.stringify({ message: 'Too many requests; try again in 30 s' }), { status: 429 }),
      '/visitor/api/thread/request': () => ({
        code: 204,
        tip: 'We are away',
        thread: null,
        settings: settings(true),
      }),
    });
    render(<App params={{ ...params, language: 'zh-CN' }} connect={connect} />, container);
    await until('[data-testid="help-start"]');
    expect(container.querySelector('[data-testid="help-start"]')?.textContent).toBe('开始咨询');
    await act(() => (container.querySelector('[data-testid="help-start"]') as HTMLButtonElement).click());
    await until('[data-testid="leave-form"]');
    const search = container.querySelector('[data-testid="help-search"]');
    expect(search).not.toBeNull();
    // No "start the chat" beside the leave-message form: nobody can take one.
    expect(container.querySelector('[data-testid="help-start"]')).toBeNull();
    await searchFor('退款');
    expect(container.querySelector('[data-testid="help-results"] [role="alert"]')?.textContent).toBe(
      '搜索失败：Too many requests; try again in 30 s',
    );
  });

  it('splits highlights into text and marks, decoding entities once', () => {
    expect(highlightParts('a &amp;lt; <mark>b&amp;c</mark> &lt;i&gt;')).toEqual([
      { text: 'a &lt; ', isMark: false },
      { text: 'b&c', isMark: true },
      { text: ' <i>', isMark: false },
    ]);
  });
});
