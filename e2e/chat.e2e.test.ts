import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { pngBytes } from './support/png.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 4 in Chromium: a visitor on the chat page and agents in the workbench, against the built
 * server. Nobody online → leave a message; a full conversation with an image, a rating and the
 * close; a queue while the agent is at capacity; a transfer between agents.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('live chat: visitor widget and agent workbench', () => {
  let server: RunningServer;
  let browser: Browser;
  let wid = '';
  const contexts: BrowserContext[] = [];
  const tokens: Record<string, string> = {};
  // The queue test's first visitor stays with Alice; the transfer test hands it to Bob.
  let waitingVisitor: Page | undefined;

  const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  const openVisitor = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 400, height: 760 }, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    return page;
  };

  const openWorkbench = async (name: string): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, tokens[name] ?? ''));
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/agent`);
    await page.getByTestId('agent-status-select').waitFor();
    return page;
  };

  const goOnline = async (page: Page) => {
    await page.getByTestId('agent-status-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();
    await eventually(
      async () => (await page.getByTestId('agent-status-select').textContent()) ?? '',
    ).toContain('Online');
  };

  const say = async (visitor: Page, text: string) => {
    await visitor.getByTestId('chat-input').fill(text);
    await visitor.getByTestId('chat-input').press('Enter');
    await visitor.getByTestId('chat-messages').getByText(text).waitFor();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Support',
        welcomeTip: 'Welcome to Acme support!',
        offlineTip: 'Nobody is here right now, please leave a message.',
        closeTip: 'Thanks for chatting with Acme.',
      })
    ).wid;
    for (const name of ['alice', 'bob']) {
      await api('/api/user/create', admin, {
        username: name,
        password: 'password-123',
        nickname: name === 'alice' ? 'Alice' : 'Bob',
        maxThreadCount: 1,
        workGroups: [wid],
      });
      tokens[name] = await passwordToken(server.baseUrl, name, 'password-123');
    }
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('offers the leave-message form when nobody is online', async () => {
    const visitor = await openVisitor();
    await visitor.getByTestId('leave-form').waitFor();
    await expect
      .soft(visitor.getByText('Nobody is here right now, please leave a message.').count())
      .resolves.toBe(1);
    await visitor.getByTestId('leave-submit').click();
    await visitor.getByText('Please write your message.').waitFor();
    await visitor.getByTestId('leave-content').fill('Please call me back about my order');
    await visitor.getByTestId('leave-email').fill('visitor@example.com');
    await visitor.getByTestId('leave-submit').click();
    await visitor.getByTestId('leave-sent').waitFor();
    await screenshot(visitor, 'chat-leave-message');
  });

  it('carries a conversation with an image, a rating and the close between visitor and agent', async () => {
    const agent = await openWorkbench('alice');
    await goOnline(agent);

    const visitor = await openVisitor();
    await visitor.getByText('Welcome to Acme support!').waitFor();
    await say(visitor, 'Hello, my parcel <b>never</b> arrived');

    // The new conversation appears in the agent's current list; opening it shows the message as text.
    await agent.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    const log = agent.getByTestId('message-list');
    await log.getByText('Hello, my parcel <b>never</b> arrived').waitFor();
    await agent.getByTestId('composer-input').fill('Sorry to hear that! Let me check.');
    await agent.getByTestId('composer-send').click();
    await visitor.getByTestId('chat-messages').getByText('Sorry to hear that! Let me check.').waitFor();

    await visitor
      .getByTestId('chat-image-input')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: pngBytes() });
    await eventually(() => log.locator('img').count()).toBeGreaterThan(0);
    await eventually(() => visitor.getByTestId('chat-messages').locator('img.okw-image').count()).toBe(1);

    await agent.getByTestId('thread-invite-rate').click();
    await visitor.getByTestId('rate-form').waitFor();
    await visitor.getByTestId('rate-score-4').click();
    await visitor.getByTestId('rate-submit').click();
    await visitor.getByText('Thank you for your rating!').waitFor();

    await agent.getByTestId('thread-close').click();
    const dialog = agent.getByRole('dialog');
    await dialog.locator('textarea').first().fill('Parcel lost; reshipped');
    await dialog.locator('.ant-btn-primary').click();
    await visitor.getByTestId('chat-closed').waitFor();
    await visitor.getByText('Thanks for chatting with Acme.').waitFor();
    await screenshot(visitor, 'chat-visitor-closed');
    await screenshot(agent, 'chat-workbench-closed');
  });

  it('queues a visitor while the agent is at capacity, and a colleague coming online takes it', async () => {
    const alice = await openWorkbench('alice');
    const first = await openVisitor();
    waitingVisitor = first;
    await say(first, 'First visitor here');
    const second = await openVisitor();
    // Alice serves one conversation at most: the second visitor waits, first in line.
    await eventually(async () => (await second.getByTestId('chat-queue').textContent()) ?? '').toContain(
      'number 1',
    );

    const bob = await openWorkbench('bob');
    await goOnline(bob);
    await second.getByTestId('chat-queue').waitFor({ state: 'detached' });
    await say(second, 'Second visitor here');
    await bob.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await bob.getByTestId('message-list').getByText('Second visitor here').waitFor();
    await screenshot(alice, 'chat-workbench-alice');
  });

  it('transfers a conversation to a colleague who accepts it, and the records pages show it all', async () => {
    const visitor = waitingVisitor;
    if (!visitor) throw new Error('the queue test did not run');
    const bob = await openWorkbench('bob');
    // Bob is at capacity with the second visitor: he closes that conversation first.
    await bob.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await bob.getByTestId('message-list').getByText('Second visitor here').waitFor();
    await bob.getByTestId('thread-close').click();
    await bob.getByRole('dialog').locator('.ant-btn-primary').click();
    await bob.getByRole('dialog').waitFor({ state: 'detached' });

    const alice = await openWorkbench('alice');
    await alice.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await alice.getByTestId('message-list').getByText('First visitor here').waitFor();
    await alice.getByTestId('thread-transfer').click();
    const dialog = alice.getByRole('dialog');
    await dialog.locator('.ant-select').first().click();
    await alice
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Bob' })
      .first()
      .click();
    await dialog.locator('textarea').fill('Bob knows the parcel service');
    await dialog.locator('.ant-btn-primary').click();

    await bob.getByTestId('offer').getByText('Bob knows the parcel service').waitFor();
    await bob.getByTestId('offer-accept').click();
    await bob.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await bob.getByTestId('message-list').getByText('First visitor here').waitFor();
    await bob.getByTestId('composer-input').fill('Hi, Bob here: I have taken over.');
    await bob.getByTestId('composer-send').click();
    await visitor.getByTestId('chat-messages').getByText('Hi, Bob here: I have taken over.').waitFor();
    await eventually(
      async () => (await alice.getByTestId('thread-list-current').getByTestId('thread-row').count()) === 0,
    ).toBe(true);
    await screenshot(bob, 'chat-workbench-transferred');

    // The admin's records pages show the conversations, the rating, the leave message and the search.
    const admin = await contextWith(
      browser,
      tokenState(server.baseUrl, await passwordToken(server.baseUrl, 'admin', 'admin')),
    );
    contexts.push(admin);
    const records = await admin.newPage();
    await records.goto(`${server.baseUrl}/admin/stable/kefu/thread`);
    await eventually(() => records.locator('.ant-table-row').count()).toBeGreaterThanOrEqual(3);
    await records.getByText('Bob').first().waitFor();

    await records.goto(`${server.baseUrl}/admin/stable/kefu/rate`);
    await eventually(() => records.locator('.ant-table-row').count()).toBe(1);
    await records.locator('.ant-table-row').getByText('Alice').waitFor();

    await records.goto(`${server.baseUrl}/admin/stable/kefu/leavemsg`);
    await records.getByText('Please call me back about my order').waitFor();

    await records.goto(`${server.baseUrl}/admin/stable/kefu/message`);
    await records.getByPlaceholder('Whole words, or any Chinese characters').fill('parcel');
    await records.getByPlaceholder('Whole words, or any Chinese characters').press('Enter');
    await eventually(() => records.locator('.ant-table-row').count()).toBe(1);
    await records.locator('.ant-table-row').getByText('never', { exact: false }).first().waitFor();
    await screenshot(records, 'chat-records-message-search');
  });
});
