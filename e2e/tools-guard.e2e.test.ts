import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 5 agent tools in Chromium, against the built server: a sensitive word is masked on both
 * sides of a live conversation, and a visitor the agent blocks from the workbench cannot start a
 * chat again.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('agent tools: sensitive words and the blacklist', () => {
  let server: RunningServer;
  let browser: Browser;
  let wid = '';
  let agentToken = '';
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

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Guarded support',
        welcomeTip: 'Welcome to guarded support!',
      })
    ).wid;
    await api('/api/user/create', admin, {
      username: 'carol',
      password: 'password-123',
      nickname: 'Carol',
      maxThreadCount: 5,
      workGroups: [wid],
    });
    agentToken = await passwordToken(server.baseUrl, 'carol', 'password-123');
    await api('/api/taboo/create', admin, { standard: '傻瓜', synonyms: ['idiot'] });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('masks a sensitive word from the visitor and from the agent, then the agent blocks the visitor', async () => {
    const agentContext = await contextWith(browser, tokenState(server.baseUrl, agentToken));
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

    const visitorContext = await browser.newContext({
      viewport: { width: 400, height: 760 },
      locale: 'en-US',
    });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    await visitor.getByText('Welcome to guarded support!').waitFor();
    await visitor.getByTestId('chat-input').fill('你这个傻瓜');
    await visitor.getByTestId('chat-input').press('Enter');
    await visitor.getByTestId('chat-messages').getByText('你这个**').waitFor();

    await agent.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    const log = agent.getByTestId('message-list');
    await log.getByText('你这个**').waitFor();
    expect(await log.getByText('你这个傻瓜').count()).toBe(0);
    await agent.getByTestId('composer-input').fill('No IDIOT talk please');
    await agent.getByTestId('composer-send').click();
    await visitor.getByTestId('chat-messages').getByText('No ***** talk please').waitFor();
    await log.getByText('No ***** talk please').waitFor();
    await screenshot(visitor, 'tools-guard-visitor-masked');

    // The visitor panel's blacklist button, then the blocked visitor comes back.
    await agent.getByTestId('visitor-block').getByText('Block visitor').click();
    const dialog = agent.getByRole('dialog');
    await dialog.getByRole('textbox').fill('Insults');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await agent.getByTestId('visitor-block').getByText('Blocked until unblocked').waitFor();
    await screenshot(agent, 'tools-guard-workbench-blocked');

    await visitor.reload();
    await visitor.getByTestId('chat-blocked').waitFor();
    expect(await visitor.getByTestId('chat-blocked').textContent()).toBe(
      'You have been blocked from this chat',
    );
    expect(await visitor.getByTestId('chat-input').count()).toBe(0);
    await screenshot(visitor, 'tools-guard-visitor-blocked');
  });
});
