import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 5 agent tools in Chromium, visitor side: a proactive invitation appears on a matching customer
 * page and opens the chat with its skill group; the pre-chat form gates the chat and the agent reads
 * the answers in the workbench.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };
type Counts = {
  content: { tgid: string; shownCount: number; acceptedCount: number; declinedCount: number }[];
};

describe.skipIf(!hasChromium)('agent tools: invitations and the pre-chat form', () => {
  let server: RunningServer;
  /** A customer's site on another origin (another port) carrying the embed snippet. */
  let shop: Server;
  let shopUrl = '';
  let browser: Browser;
  let admin = '';
  let sales = '';
  let plain = '';
  let tgid = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  const newPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, locale: 'en-US' });
    contexts.push(context);
    return context.newPage();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    // Style 3 (floating panel): the loader runs on the shop's origin and calls the chat server across origins.
    shop = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        '<!doctype html><html><body><h1>Acme shop</h1>' +
          `<script src="${server.baseUrl}/embed.js" data-org="openkefu" data-wid="${plain}" data-style="3" ` +
          'data-lang="en-US" async></script></body></html>',
      );
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    sales = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Sales',
        welcomeTip: 'Welcome to Acme sales!',
        showForm: true,
      })
    ).wid;
    plain = (await api<{ wid: string }>('/api/workgroup/create', admin, { nickname: 'Front desk' })).wid;
    await api('/api/form/save', admin, {
      wid: sales,
      title: 'Tell us about you',
      fields: [
        { key: 'name', label: '', type: 'text', required: true },
        { key: 'email', label: '', type: 'email', required: false },
        { key: 'f_plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
      ],
    });
    tgid = (
      await api<{ tgid: string }>('/api/targeted/create', admin, {
        name: 'Pricing',
        matchType: 'contains',
        pattern: '/pricing',
        minSeconds: 1,
        minVisits: 1,
        message: 'Questions about our plans? Talk to sales.',
        wid: sales,
      })
    ).tgid;
    await api('/api/user/create', admin, {
      username: 'carol',
      password: 'password-123',
      nickname: 'Carol',
      workGroups: [sales],
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => shop?.close(resolve));
  });

  const openShopPage = async (path: string): Promise<Page> => {
    const page = await newPage();
    await page.goto(`${shopUrl}${path}`);
    return page;
  };

  it('invites the visitor on a matching page; accepting opens the chat with the invited group', async () => {
    const about = await openShopPage('/about');
    await about.locator('[data-openkefu="button"]').waitFor();
    await about.waitForTimeout(2500);
    expect(await about.locator('[data-openkefu="invitation"]').count()).toBe(0);

    const pricing = await openShopPage('/pricing/pro');
    const bubble = pricing.locator('[data-openkefu="invitation"]');
    await bubble.getByText('Questions about our plans? Talk to sales.').waitFor({ timeout: 20_000 });
    await screenshot(pricing, 'tools-invitation');
    await bubble.locator('[data-openkefu="accept"]').click();
    await eventually(() => bubble.count()).toBe(0);
    const frame = pricing.locator('[data-openkefu="panel"] iframe');
    await eventually(async () =>
      new URL((await frame.getAttribute('src')) ?? 'http://x/').searchParams.get('wid'),
    ).toBe(sales);
    // The invited group asks its pre-chat form inside the panel.
    await pricing.frameLocator('[data-openkefu="panel"] iframe').getByTestId('prechat-form').waitFor();

    await eventually(async () => {
      const page = await api<Counts>('/api/targeted/query', admin);
      return page.content.find((rule) => rule.tgid === tgid);
    }).toMatchObject({ shownCount: 1, acceptedCount: 1, declinedCount: 0 });
  });

  it('gates the chat with the pre-chat form; the agent reads the answers in the workbench', async () => {
    const carol = await passwordToken(server.baseUrl, 'carol', 'password-123');
    const agentContext = await contextWith(browser, tokenState(server.baseUrl, carol));
    contexts.push(agentContext);
    const agent = await agentContext.newPage();
    await agent.goto(`${server.baseUrl}/admin/agent`);
    await agent.getByTestId('agent-status-select').click();
    await agent
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();
    await eventually(
      async () => (await agent.getByTestId('agent-status-select').textContent()) ?? '',
    ).toContain('Online');

    const visitor = await newPage();
    await visitor.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${sales}&lang=en-US`);
    const form = visitor.getByTestId('prechat-form');
    await form.getByText('Tell us about you').waitFor();
    await visitor.getByTestId('prechat-submit').click();
    await form.getByText('This field is required.').waitFor();
    await form.getByText('Please choose one of the options.').waitFor();
    await visitor.getByTestId('prechat-name').fill('Ann Lee');
    await visitor.getByTestId('prechat-email').fill('not-an-address');
    await visitor.getByTestId('prechat-f_plan').selectOption('Pro');
    await visitor.getByTestId('prechat-submit').click();
    await form.getByText('This is not a valid email address.').waitFor();
    expect(await visitor.getByTestId('chat-messages').count()).toBe(0);
    await visitor.getByTestId('prechat-email').fill('ann@example.com');
    await visitor.getByTestId('prechat-submit').click();
    await visitor.getByText('Welcome to Acme sales!').waitFor();
    await screenshot(visitor, 'tools-prechat-chat');

    await agent.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    const answers = agent.getByTestId('form-answers');
    await answers.getByText('Ann Lee').waitFor();
    await answers.getByText('ann@example.com').waitFor();
    await answers.getByText('Pro').waitFor();
    await screenshot(agent, 'tools-prechat-answers');
  });
});
