import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startTestSmtpServer } from '../packages/server/src/lib/mail/test-smtp.js';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 15 in Chromium: a chat becomes a ticket from the workbench; the agent's public reply
 * arrives by mail at a local SMTP server; the contact's answer comes back through the inbound
 * webhook into the ticket; the ticket is resolved and counted. A visitor's feedback becomes a ticket.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('tickets: from a chat, by mail both ways, and from feedback', () => {
  let server: RunningServer;
  let browser: Browser;
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let admin = '';
  let agent = '';
  let wid = '';
  let tkid = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  const consolePage = async (token: string, path: string): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, token));
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    [server, browser] = await Promise.all([
      startServer({
        EMAIL_PROVIDER: 'smtp',
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Acme Support <support@acme.test>',
      }),
      launchBrowser(),
    ]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Orders',
        welcomeTip: 'Welcome to Acme!',
        offlineTip: 'Please leave a message.',
      })
    ).wid;
    await api('/api/user/create', admin, {
      username: 'dana',
      password: 'password-123',
      nickname: 'Dana',
      workGroups: [wid],
    });
    agent = await passwordToken(server.baseUrl, 'dana', 'password-123');
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await smtp?.close();
  });

  it('turns a chat into a ticket, mails the reply, threads the answer back and resolves it', async () => {
    const workbench = await consolePage(agent, '/agent');
    await workbench.getByTestId('agent-status-select').click();
    await workbench
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
    await visitor.getByText('Welcome to Acme!').waitFor();
    await visitor.getByTestId('chat-input').fill('My parcel never arrived');
    await visitor.getByTestId('chat-input').press('Enter');

    await workbench.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await workbench.getByTestId('message-list').getByText('My parcel never arrived').waitFor();
    await workbench.getByTestId('thread-create-ticket').click();
    const dialog = workbench.getByRole('dialog');
    await dialog.getByLabel('Title').fill('Parcel never arrived');
    await dialog.getByRole('button', { name: 'Create' }).click();
    const link = workbench.getByTestId('thread-ticket-link');
    await link.waitFor();
    tkid = new URL((await link.getAttribute('href')) ?? '', server.baseUrl).searchParams.get('tkid') ?? '';
    expect(tkid).not.toBe('');
    await api('/api/ticket/update', agent, { tkid, email: 'grace@example.com', contactName: 'Grace' });

    // The agent answers the contact from the ticket; the mail arrives with the ticket's reply address.
    const tickets = await consolePage(agent, `/stable/ticket/list?tkid=${tkid}`);
    const drawer = tickets.getByRole('dialog');
    await drawer.getByText('Parcel never arrived').first().waitFor();
    await drawer.getByText('My parcel never arrived').first().waitFor();
    await drawer.getByLabel('Comment').fill('Sorry about that, a new parcel is on its way.');
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    const [mail] = await smtp.waitFor('grace@example.com');
    const replyTo = mail?.header('reply-to') ?? '';
    expect(replyTo).toMatch(/support\+tk-[A-Za-z0-9_-]+@acme\.test/);
    expect(mail?.raw).toContain('a new parcel is on its way');

    // Grace answers by mail: the provider posts it to the inbound webhook.
    const { secret } = await api<{ secret: string }>('/api/ticket/inbound/secret', admin, {});
    const address = /support\+tk-[A-Za-z0-9_-]+@acme\.test/.exec(replyTo)?.[0] ?? '';
    await api(`/api/ticket/inbound/openkefu?secret=${encodeURIComponent(secret)}`, '', {
      from: 'Grace <grace@example.com>',
      to: address,
      subject: `Re: ${mail?.header('subject') ?? ''}`,
      text: 'It arrived today, thank you!\n\nOn Monday Acme wrote:\n> Sorry about that',
    });
    await tickets.reload();
    await drawer.getByText('It arrived today, thank you!').waitFor();
    await screenshot(tickets, 'ticket-detail');

    // Assigned to Dana, then resolved through the actions the state machine offers.
    const dana = await api<{ uid: string }>('/api/user/profile', agent).catch(() => null);
    await api('/api/ticket/assign', agent, { tkid, assignee: dana?.uid ?? null });
    await tickets.reload();
    await drawer.getByText('It arrived today, thank you!').waitFor();
    const actions = drawer.getByRole('group', { name: /status/i });
    for (const step of ['Start work', 'Resolve']) {
      const action = actions.getByRole('button', { name: step });
      if ((await action.count()) > 0) {
        await action.click();
        await eventually(() => action.count()).toBe(0);
      }
    }
    await eventually(
      async () => (await api<{ status: string }>(`/api/ticket/get?tkid=${tkid}`, agent)).status,
    ).toBe('resolved');
    const day = 86_400_000;
    const statistic = await api<{ byDay: { resolved: number }[] }>(
      `/api/ticket/statistic?from=${Date.now() - day}&to=${Date.now() + day}`,
      admin,
    );
    expect(statistic.byDay.reduce((sum, entry) => sum + entry.resolved, 0)).toBeGreaterThanOrEqual(1);
  });

  it("turns a visitor's feedback into a ticket from the console", async () => {
    const init = await api<{ token: string }>('/visitor/api/init', '', {
      org: 'openkefu',
      page: 'https://shop.example/',
    });
    await api('/visitor/api/feedback/create', init.token, {
      category: 'bug',
      content: 'The checkout button does nothing',
      contact: 'henry@example.com',
      url: 'https://shop.example/checkout',
    });
    const page = await consolePage(admin, '/stable/feedback/list');
    await page.getByText('The checkout button does nothing').first().click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Convert to ticket' }).click();
    await page.getByText('Create a ticket from this feedback?').waitFor();
    await page.locator('.ant-popover, .ant-modal-confirm').getByRole('button').last().click();
    await eventually(
      async () =>
        (
          await api<{ content: { title: string }[] }>(
            '/api/ticket/query?source=feedback&page=0&size=10',
            admin,
          )
        ).content.length,
    ).toBe(1);
  });
});
