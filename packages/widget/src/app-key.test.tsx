import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import { connect, createPage, ok, settings, thread } from './support.fixture.js';

/* The chat page opened with an SDK channel's app key (`/chat/?appKey=…`) rather than, or beside, `org`. */

const appParams: WidgetParams = {
  org: '',
  appKey: 'ak-shop',
  wid: null,
  aid: null,
  language: 'en-US',
  page: '',
  referrer: '',
  client: 'wap',
};

type Seen = { path: string; query: URLSearchParams; body: Record<string, unknown> | null };

/** The channel answers init with its skill group `wid`; every call is recorded with its query and body. */
const stubChannelServer = (
  channelWid: string | null,
  routes: Record<string, (seen: Seen) => unknown> = {},
): Seen[] => {
  const seen: Seen[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const call: Seen = {
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      };
      seen.push(call);
      const all: Record<string, (call: Seen) => unknown> = {
        '/visitor/api/init': () => ({
          token: 'app-visitor-token',
          visitor: { vid: 'v1', mobile: '' },
          organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
          channel: { type: 'uniapp', wid: channelWid },
        }),
        '/visitor/api/form': () => ({ required: false, title: '', fields: [] }),
        '/visitor/api/settings': () => settings(false),
        '/visitor/api/message/history': () => ({ messages: [], hasMore: false }),
        '/visitor/api/thread/request': () => ({ code: 200, tip: '', thread, settings: settings(false) }),
        '/visitor/api/feedback/mine': () => [],
        '/visitor/api/ticket/mine': () => [],
        ...routes,
      };
      const handler = all[url.pathname];
      return handler ? ok(handler(call)) : new Response('{"message":"not found"}', { status: 404 });
    }),
  );
  return seen;
};

const bodiesTo = (seen: Seen[], path: string) =>
  seen.filter((call) => call.path === path).map((call) => call.body);

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the chat page with an app key', () => {
  it("starts the visitor on the key's channel and asks for its skill group, keeping the visitor apart", async () => {
    const seen = stubChannelServer('w-app');
    const page = createPage();
    render(<App params={appParams} connect={connect} />, page.container);
    await page.until('[data-testid="chat-messages"]');

    expect(bodiesTo(seen, '/visitor/api/init')).toEqual([
      { appKey: 'ak-shop', page: '', referrer: '', client: 'wap' },
    ]);
    expect(seen.find((call) => call.path === '/visitor/api/form')?.query.get('wid')).toBe('w-app');
    expect(bodiesTo(seen, '/visitor/api/thread/request')).toEqual([{ wid: 'w-app' }]);
    // The channel's visitor is not the website's visitor of the same organisation.
    expect(localStorage.getItem('openkefu:visitor:app:ak-shop')).toBe('app-visitor-token');
    expect(localStorage.getItem('openkefu:visitor:acme')).toBeNull();
    page.close();

    // Coming back: the same visitor.
    const again = stubChannelServer('w-app');
    const second = createPage();
    render(<App params={appParams} connect={connect} />, second.container);
    await second.until('[data-testid="chat-messages"]');
    expect(bodiesTo(again, '/visitor/api/init')[0]).toMatchObject({
      appKey: 'ak-shop',
      token: 'app-visitor-token',
    });
  });

  it("searches the help centre of the key's organisation and skill group", async () => {
    const seen = stubChannelServer('w-app', {
      '/visitor/api/settings': () => ({ ...settings(false), helpCenterSearch: true }),
      '/visitor/api/thread/current': () => null,
      '/visitor/api/help/search': () => ({ hits: [] }),
    });
    const page = createPage();
    render(<App params={appParams} connect={connect} />, page.container);
    await page.until('[data-testid="help-search"]');
    expect(seen.find((call) => call.path === '/visitor/api/settings')?.query.get('wid')).toBe('w-app');

    await page.type('[data-testid="help-query"]', 'refund');
    await page.submit('[data-testid="help-search"] form');
    const search = seen.find((call) => call.path === '/visitor/api/help/search');
    expect(search && Object.fromEntries(search.query)).toMatchObject({
      org: 'acme',
      wid: 'w-app',
      q: 'refund',
    });
  });

  it('lets the address name the organisation and skill group beside the key', async () => {
    const seen = stubChannelServer('w-app');
    const page = createPage();
    render(<App params={{ ...appParams, org: 'acme', wid: 'w-vip' }} connect={connect} />, page.container);
    await page.until('[data-testid="chat-messages"]');
    expect(bodiesTo(seen, '/visitor/api/init')[0]).toMatchObject({ appKey: 'ak-shop', org: 'acme' });
    expect(bodiesTo(seen, '/visitor/api/thread/request')).toEqual([{ wid: 'w-vip' }]);
  });

  it('says the link is incomplete when neither the address nor the channel names a skill group', async () => {
    const seen = stubChannelServer(null);
    const page = createPage();
    render(<App params={appParams} connect={connect} />, page.container);
    await page.until('[data-testid="chat-incomplete"]');
    expect(bodiesTo(seen, '/visitor/api/init')).toHaveLength(1);
    expect(seen.some((call) => call.path === '/visitor/api/thread/request')).toBe(false);
  });
});
