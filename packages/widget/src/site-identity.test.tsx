import { render } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './App.js';
import { chatUrlOf, installCommands, readOptions, type EmbedOptions, type OpenKefuCommand } from './embed.js';
import { identityFragmentOf, readIdentityFragment, toSiteIdentity } from './site-identity.js';
import { connect, createPage, fail, params, stubServer } from './support.fixture.js';

const signed = {
  userId: 'site-user-42',
  name: 'Ann Lee',
  email: 'ann@example.com',
  mobile: '+1 555 0100',
  signature: 'ab'.repeat(32),
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the site-signed identity', () => {
  it('travels in the chat address fragment and comes back the same', () => {
    const options: EmbedOptions = {
      host: 'https://kefu.example',
      org: 'acme',
      wid: 'w1',
      aid: null,
      lang: 'en-US',
      style: 4,
      label: 'Chat',
      identity: signed,
    };
    const url = new URL(chatUrlOf(options, 'https://shop.example/'));
    // Never in the query string: the fragment is not sent to the server nor in a Referer header.
    expect(url.search).not.toContain('site-user-42');
    expect(readIdentityFragment(url.hash)).toEqual(signed);
    expect(readIdentityFragment(identityFragmentOf({ userId: '用户 1', signature: 'x' }))).toEqual({
      userId: '用户 1',
      signature: 'x',
    });
    expect(readIdentityFragment('#identity=%7Bbroken')).toBeNull();
    expect(readIdentityFragment('')).toBeNull();
    expect(toSiteIdentity({ userId: 'u1' })).toBeNull();
    expect(toSiteIdentity({ userId: '  ', signature: 'x' })).toBeNull();
    expect(toSiteIdentity({ userId: 7, signature: 'x' })).toBeNull();
  });

  it('is read from data-user-* attributes and from window.openkefu, queued calls included', () => {
    const script = document.createElement('script');
    script.src = 'https://kefu.example/embed.js';
    Object.assign(script.dataset, {
      org: 'acme',
      wid: 'w1',
      userId: signed.userId,
      userName: signed.name,
      userEmail: signed.email,
      userSignature: signed.signature,
    });
    expect(readOptions(script).identity).toEqual({
      userId: signed.userId,
      name: signed.name,
      email: signed.email,
      signature: signed.signature,
    });

    const options = { ...readOptions(script), identity: null };
    const launched: string[] = [];
    const win = window as Window & { openkefu?: OpenKefuCommand };
    const queue = Object.assign(() => undefined, { q: [['identify', signed]] }) as OpenKefuCommand;
    win.openkefu = queue;
    const run = installCommands(win, options, (url) => launched.push(url));
    expect(options.identity).toEqual(signed);
    run('open');
    expect(readIdentityFragment(new URL(launched[0] as string).hash)).toEqual(signed);
    run('logout');
    expect(options.identity).toBeNull();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    run('identify', { userId: 'no-signature' });
    expect(options.identity).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('identify needs'));
    delete win.openkefu;
  });

  it('is sent to /visitor/api/identify with the visitor token once the chat has one', async () => {
    const calls = stubServer({ '/visitor/api/identify': () => ({ cid: 'c1' }) });
    const page = createPage();
    render(<App params={{ ...params, identity: signed }} connect={connect} />, page.container);
    await page.until('[data-testid="chat-messages"]');
    const identify = calls.filter((call) => call.path === '/visitor/api/identify');
    expect(identify).toEqual([
      { method: 'POST', path: '/visitor/api/identify', body: signed, authorization: 'Bearer token' },
    ]);
    // After the token exists: init comes first.
    expect(calls.findIndex((call) => call.path === '/visitor/api/init')).toBeLessThan(
      calls.findIndex((call) => call.path === '/visitor/api/identify'),
    );
    page.close();
  });

  it('leaves a visitor with a forged signature anonymous, warns the developer and keeps the chat going', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const calls = stubServer({
      '/visitor/api/identify': () => fail(403, 'The identity signature is not valid'),
    });
    const page = createPage();
    render(
      <App params={{ ...params, identity: { ...signed, signature: '00'.repeat(32) } }} connect={connect} />,
      page.container,
    );
    await page.until('[data-testid="chat-messages"]');
    await page.settle();
    expect(calls.some((call) => call.path === '/visitor/api/thread/request')).toBe(true);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('site-user-42');
    expect(warn.mock.calls[0]?.[0]).toContain('The identity signature is not valid');
    expect(warn.mock.calls[0]?.[0]).toContain('stays anonymous');
    expect(page.$('[role="alert"]')).toBeNull();
    page.close();
  });

  it('sends nothing without an identity', async () => {
    const calls = stubServer({});
    const page = createPage();
    render(<App params={params} connect={connect} />, page.container);
    await page.until('[data-testid="chat-messages"]');
    expect(calls.some((call) => call.path === '/visitor/api/identify')).toBe(false);
    page.close();
  });
});
