import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 5 in Chromium: a company quick reply typed as "/shortcut" in the workbench composer is
 * inserted, sent to the visitor, and counted.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('quick replies in the workbench', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let wid = '';
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
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (await api<{ wid: string }>('/api/workgroup/create', admin, { nickname: 'Returns' })).wid;
    await api('/api/user/create', admin, {
      username: 'carol',
      password: 'password-123',
      nickname: 'Carol',
      workGroups: [wid],
    });
    await api('/api/cuw/create', admin, {
      scope: 'company',
      name: 'Return window',
      content: 'You can return any item within 30 days of delivery.',
      shortCut: 'ret',
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('inserts a quick reply with "/" and the visitor receives it', async () => {
    const agentContext = await contextWith(
      browser,
      tokenState(server.baseUrl, await passwordToken(server.baseUrl, 'carol', 'password-123')),
    );
    contexts.push(agentContext);
    const agent = await agentContext.newPage();
    await agent.goto(`${server.baseUrl}/admin/agent`);
    await agent.getByTestId('agent-status-select').click();
    await agent
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();

    const visitorContext = await browser.newContext({
      viewport: { width: 400, height: 760 },
      locale: 'en-US',
    });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    await visitor.getByTestId('chat-input').fill('How long do I have to return a jacket?');
    await visitor.getByTestId('chat-input').press('Enter');

    await agent.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await agent.getByTestId('message-list').getByText('How long do I have to return a jacket?').waitFor();
    const input = agent.getByTestId('composer-input');
    await input.click();
    await input.pressSequentially('/ret');
    await agent.getByTestId('slash-menu').getByText('Return window').waitFor();
    await screenshot(agent, 'tools-cuw-slash-menu');
    await input.press('Enter');
    await eventually(() => input.inputValue()).toBe('You can return any item within 30 days of delivery.');
    await agent.getByTestId('composer-send').click();

    await visitor
      .getByTestId('chat-messages')
      .getByText('You can return any item within 30 days of delivery.')
      .waitFor();
    await eventually(
      async () =>
        (await api<{ content: { count: number }[] }>('/api/cuw/query?scope=company', admin)).content[0]
          ?.count,
    ).toBe(1);
  });
});
