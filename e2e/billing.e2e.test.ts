import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Bill, BillingOverview, Invoice, Page as ListPage, RechargeOrder } from '@openkefu/contract';
import {
  startWechatPayServer,
  type WechatPayServer,
} from '../packages/server/src/test/protocol/wechatpay.js';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { findFreePort, startServer, type RunningServer } from './support/server.js';

/**
 * Issue 20 in Chromium, against the built server: the organisation recharges with WeChat Pay (a
 * local server speaking WeChat Pay API v3 signs and encrypts the notification), the QR dialog turns
 * to paid, the month's bill is paid from the balance, and platform staff see the order and issue
 * the invoice the organisation asked for.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });

type Envelope<T> = { data: T };

const lastMonth = (): string => {
  const now = new Date();
  const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return month.toISOString().slice(0, 7);
};

describe.skipIf(!hasChromium)('billing: recharge → bill → invoice', () => {
  let server: RunningServer;
  let browser: Browser;
  let wechatpay: WechatPayServer;
  let admin = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  /** `watch` sees the page before it loads (to follow its sockets from the start). */
  const openPage = async (path: string, watch?: (page: Page) => void): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, admin));
    contexts.push(context);
    const page = await context.newPage();
    watch?.(page);
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  beforeAll(async () => {
    wechatpay = await startWechatPayServer();
    const port = await findFreePort();
    [server, browser] = await Promise.all([
      startServer({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...wechatpay.env }, { port }),
      launchBrowser(),
    ]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    // WeChat Pay is offered once the user switches it on in their settings (spec §3).
    await api('/api/user/settings/wechatpay?on=true');
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await wechatpay?.close();
  });

  it('recharges by WeChat Pay, pays the bill from the balance, and the platform issues the invoice', async () => {
    const before = await api<BillingOverview>('/api/billing/overview');
    expect(before.providers).toContain('wechatpay');
    const subDomain = (await api<{ subDomain: string }>('/api/user/profile')).subDomain;

    // Platform staff put the organisation on a paid plan and issue last month's bill.
    const plan = await api<{ pid: string }>('/api/platform/billing/plan/save', {
      name: 'Business',
      monthlyCents: 30_000,
      includedSeats: 10,
      seatMonthlyCents: 5_000,
      includedTokens: 1_000_000,
      tokenMillionCents: 2_000,
    });
    await api('/api/platform/billing/plan/assign', { subDomain, pid: plan.pid });
    const bill = await api<Bill>('/api/platform/billing/bill/issue', { subDomain, period: lastMonth() });
    expect(bill).toMatchObject({ state: 'unpaid', totalCents: 30_000 });

    // The organisation recharges ¥500 with WeChat Pay: the QR code shows, the local WeChat Pay
    // server "scans" it and notifies, and the dialog turns to paid on the console feed's push.
    const frames: string[] = [];
    const recharge = await openPage('/stable/settings/recharge', (page) =>
      page.on('websocket', (socket) =>
        socket.on('framereceived', ({ payload }) => frames.push(String(payload))),
      ),
    );
    await recharge.locator('label.ant-radio-button-wrapper').filter({ hasText: '¥500.00' }).click();
    await recharge.locator('label.ant-radio-button-wrapper').filter({ hasText: 'WeChat Pay' }).click();
    await recharge.getByRole('button', { name: 'Pay', exact: true }).click();
    const dialog = recharge.getByRole('dialog').filter({ hasText: 'Pay with WeChat Pay' });
    await dialog.getByText('Scan the QR code with WeChat to pay').waitFor();
    await screenshot(recharge, 'billing-recharge-qr');
    const orders = await api<ListPage<RechargeOrder>>('/api/billing/recharge/query?state=pending');
    const order = orders.content[0];
    expect(order).toMatchObject({ provider: 'wechatpay', amountCents: 50_000, state: 'pending' });
    expect(wechatpay.orders.get(order.orderNo)?.amountCents).toBe(50_000);
    const { delivery } = await wechatpay.pay(order.orderNo);
    expect(delivery?.status).toBeLessThan(300);
    await recharge.getByText('has been added to your balance').waitFor({ timeout: 20_000 });
    expect(frames).toContainEqual(
      `42/console,${JSON.stringify(['recharge:update', { orderNo: order.orderNo, state: 'paid' }])}`,
    );
    await screenshot(recharge, 'billing-recharge-paid');
    await eventually(async () => (await api<BillingOverview>('/api/billing/overview')).balanceCents).toBe(
      before.balanceCents + 50_000,
    );

    // The bill is paid from the balance on the bill management page.
    const payment = await openPage('/stable/settings/payment');
    const row = payment.locator('tr').filter({ hasText: bill.period }).filter({ hasText: 'Unpaid' });
    await row.getByText('Pay', { exact: true }).click();
    await payment
      .getByRole('dialog')
      .filter({ hasText: `Pay the bill for ${bill.period}` })
      .getByRole('button', { name: 'Pay', exact: true })
      .click();
    await eventually(async () => (await api<Bill>(`/api/billing/bill/get?bid=${bill.bid}`)).state).toBe(
      'paid',
    );
    await payment
      .locator('tr')
      .filter({ hasText: bill.period })
      .filter({ hasText: 'Paid' })
      .first()
      .waitFor();
    await screenshot(payment, 'billing-payment');
    expect((await api<BillingOverview>('/api/billing/overview')).balanceCents).toBe(
      before.balanceCents + 50_000 - 30_000,
    );

    // The organisation asks for an invoice; platform staff see the order and issue it.
    const requested = await api<Invoice>('/api/billing/invoice/request', {
      bids: [bill.bid],
      title: 'Acme Trading Ltd',
      taxId: '91110000MA01ABCD2X',
      email: 'finance@example.org',
    });
    const platformOrders = await openPage('/stable/platform/recharge');
    await platformOrders.getByText(order.orderNo).waitFor();
    await screenshot(platformOrders, 'billing-platform-recharge');

    const invoices = await openPage('/stable/platform/invoice');
    const invoiceRow = invoices.locator('tr').filter({ hasText: 'Acme Trading Ltd' });
    await invoiceRow.getByText('Issue', { exact: true }).click();
    await invoices.getByRole('dialog').getByRole('button', { name: 'Generate PDF' }).click();
    await invoices
      .getByRole('dialog')
      .filter({ hasText: 'Generate the invoice PDF' })
      .getByRole('button', { name: 'Generate PDF' })
      .click();
    await eventually(async () => {
      const page = await api<ListPage<Invoice>>('/api/billing/invoice/query');
      return page.content.find((invoice) => invoice.ivid === requested.ivid)?.state;
    }).toBe('issued');
    await invoiceRow.getByText('Issued').waitFor();
    await screenshot(invoices, 'billing-platform-invoice');
  });
});
