import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { pngBytes } from './support/png.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 15 in Chromium, the widget side: a shop page embeds the chat with its signed-in user; the
 * visitor sends feedback with an image, an agent converts it to a ticket and replies, and the
 * visitor sees the reply (with a badge) on return. A ticket left in the widget reaches the console.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };
type FeedbackRow = {
  fid: string;
  content: string;
  images: unknown[];
  url: string;
  status: string;
  ticketId: string | null;
  customerCid: string | null;
};

describe.skipIf(!hasChromium)('feedback and tickets from the widget', () => {
  let server: RunningServer;
  let browser: Browser;
  let shop: Server;
  let shopUrl = '';
  let admin = '';
  let wid = '';
  let secret = '';
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

  const consolePage = async (path: string): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, admin));
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  /** The shop's page: the embed code with the signed-in user, signed by the shop's server. */
  const shopPage = (userId: string) => {
    // The shop signs every identity field it sends: userId, name, email, mobile joined by line breaks.
    const signed = [userId, 'Ivy Shopper', 'ivy@example.com', ''].join('\n');
    const signature = createHmac('sha256', secret).update(signed, 'utf8').digest('hex');
    return (
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shop</title></head>' +
      '<body><h1>Acme shop</h1>' +
      `<script src="${server.baseUrl}/embed.js" data-org="openkefu" data-wid="${wid}" data-style="3" ` +
      `data-lang="en-US" data-user-id="${userId}" data-user-name="Ivy Shopper" ` +
      `data-user-email="ivy@example.com" data-user-signature="${signature}" async></script></body></html>`
    );
  };

  /** Opens the shop page and the chat panel; the widget lives in the panel's frame. */
  const openWidget = async (page: Page): Promise<FrameLocator> => {
    await page.goto(`${shopUrl}/cart`);
    await page.locator('[data-openkefu="button"]').click();
    const frame = page.frameLocator('[data-openkefu="panel"] iframe');
    await frame.getByTestId('support-menu').waitFor();
    return frame;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Acme help',
        offlineTip: 'We are away; leave a message.',
        widgetTicket: true,
      })
    ).wid;
    ({ secret } = await api<{ secret: string }>('/api/customer/identity/secret', admin, {}));
    shop = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(shopPage('shop-user-7'));
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => shop?.close(resolve));
  });

  it('sends feedback with an image; the reply shows under "My feedback" on return', async () => {
    const visitorContext = await browser.newContext({
      viewport: { width: 1200, height: 860 },
      locale: 'en-US',
    });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    const widget = await openWidget(visitor);

    await widget.getByTestId('support-menu').click();
    await screenshot(visitor, 'widget-support-menu');
    await widget.getByTestId('support-menu-feedback').click();
    await widget.getByTestId('feedback-category').selectOption('bug');
    await widget.getByTestId('feedback-content').fill('The coupon field rejects every code');
    await widget
      .getByTestId('feedback-images-input')
      .setInputFiles({ name: 'coupon.png', mimeType: 'image/png', buffer: pngBytes() });
    await widget.locator('[data-testid="feedback-images"] [data-state="done"]').waitFor();
    await widget.getByTestId('feedback-contact').fill('ivy@example.com');
    await screenshot(visitor, 'widget-feedback-form');
    await widget.getByTestId('feedback-submit').click();
    await widget.getByTestId('support-sent').waitFor();

    const [stored] = (await api<{ content: FeedbackRow[] }>('/api/feedback/query?page=0&size=10', admin))
      .content;
    expect(stored).toMatchObject({
      content: 'The coupon field rejects every code',
      url: `${shopUrl}/cart`,
      status: 'open',
    });
    expect(stored?.images).toHaveLength(1);
    // The shop's signed user became the visitor's customer.
    await eventually(
      async () =>
        (await api<{ content: FeedbackRow[] }>('/api/feedback/query?page=0&size=10', admin)).content[0]
          ?.customerCid ?? null,
    ).not.toBeNull();

    // The agent converts it to a ticket and replies, from the console.
    const console = await consolePage('/stable/feedback/list');
    await console.getByText('The coupon field rejects every code').first().click();
    const drawer = console.getByRole('dialog');
    await drawer.getByRole('button', { name: 'Convert to ticket' }).click();
    await console.getByText('Create a ticket from this feedback?').waitFor();
    await console.locator('.ant-popover, .ant-modal-confirm').getByRole('button').last().click();
    await eventually(
      async () => (await api<FeedbackRow>(`/api/feedback/get?fid=${stored?.fid ?? ''}`, admin)).ticketId,
    ).toMatch(/.+/);
    await drawer.getByRole('textbox').last().fill('Fixed today: codes work again. Thank you!');
    await drawer.getByRole('button', { name: 'Send reply' }).click();
    await eventually(
      async () => (await api<FeedbackRow>(`/api/feedback/get?fid=${stored?.fid ?? ''}`, admin)).status,
    ).toBe('replied');
    expect(
      (await api<{ content: unknown[] }>('/api/ticket/query?source=feedback&page=0&size=10', admin)).content,
    ).toHaveLength(1);

    // The visitor comes back: a badge, and the reply under "My feedback".
    const back = await openWidget(visitor);
    await back.getByTestId('support-badge').waitFor();
    expect(await back.getByTestId('support-badge').textContent()).toBe('1');
    await back.getByTestId('support-menu').click();
    await back.getByTestId('support-menu-myFeedback').click();
    await back
      .getByTestId('my-feedback-reply')
      .getByText('Fixed today: codes work again. Thank you!')
      .waitFor();
    await back.getByTestId('support-badge').waitFor({ state: 'detached' });
    await screenshot(visitor, 'widget-my-feedback');
  });

  it('leaves a ticket from the widget that the console lists', async () => {
    const visitorContext = await browser.newContext({
      viewport: { width: 1200, height: 860 },
      locale: 'en-US',
    });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    const widget = await openWidget(visitor);

    await widget.getByTestId('support-menu').click();
    await widget.getByTestId('support-menu-ticket').click();
    await widget.getByTestId('ticket-title').fill('Invoice needs our VAT number');
    await widget.getByTestId('ticket-description').fill('Please add VAT number DE123456789 to invoice 42.');
    await widget.getByTestId('ticket-submit').click();
    // The email is required: replies are mailed.
    await widget.getByText('Please give your email address: replies are sent there.').waitFor();
    await widget.getByTestId('ticket-email').fill('ivy@example.com');
    await screenshot(visitor, 'widget-ticket-form');
    await widget.getByTestId('ticket-submit').click();
    await widget.getByTestId('support-sent').waitFor();

    const tickets = await consolePage('/stable/ticket/list');
    await tickets.getByText('Invoice needs our VAT number').first().waitFor();
    const [ticket] = (
      await api<{
        content: { tkid: string; source: string; email: string; workgroup: { wid: string } | null }[];
      }>('/api/ticket/query?source=widget&page=0&size=10', admin)
    ).content;
    expect(ticket).toMatchObject({ source: 'widget', email: 'ivy@example.com', workgroup: { wid } });

    // The agent answers publicly; the visitor sees it under "My tickets".
    await api('/api/ticket/comment', admin, {
      tkid: ticket?.tkid,
      kind: 'reply',
      content: '<p>Done, the corrected invoice is on its way.</p>',
    });
    await widget.getByTestId('support-back').click();
    await widget.getByTestId('support-menu').click();
    await widget.getByTestId('support-menu-myTickets').click();
    await widget.getByTestId('my-ticket-item').getByText('Invoice needs our VAT number').waitFor();
    await widget
      .getByTestId('my-ticket-reply')
      .getByText('Done, the corrected invoice is on its way.')
      .waitFor();
  });
});
