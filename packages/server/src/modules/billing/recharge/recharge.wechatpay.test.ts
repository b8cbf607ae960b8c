import { rechargeOrderTtlMs, type RechargeOrder } from '@openkefu/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import {
  startWechatPayServer,
  type StubNotification,
  type WechatPayServer,
} from '../../../test/protocol/wechatpay.js';
import { saveSetting } from '../../user/user-settings.repository.js';

type Envelope<T> = { status_code: number; data: T; fields?: { field: string }[] };
type Admin = TestAccount & { token: string };

/*
 * The recharge flow against the local WeChat Pay (API v3, Native): real signed requests, signed and
 * encrypted notifications, and the provider's own refusals. The rules themselves (promotions,
 * concurrency, scoping) are covered in recharge.routes.test.ts.
 */
await describeEachDatabase('recharge with WeChat Pay (local server)', (target) => {
  let wechatpay: WechatPayServer;
  const env: Record<string, string> = {};
  // Registered before the app's own hooks: the app's configuration (WECHATPAY_*, PAYMENT_API_BASES)
  // points at this server, as an operator's would at WeChat Pay.
  beforeAll(async () => {
    wechatpay = await startWechatPayServer();
    Object.assign(env, wechatpay.env);
  });
  afterAll(async () => wechatpay?.close());
  const ctx = useTestApp(target, { env, build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  let staff: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  const createAdmin = async (): Promise<Admin> => {
    const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    await saveSetting(ctx.database.db, account.userId, 'wechat_pay', true, Date.now());
    return { ...account, token: await signIn(ctx.app, account.username, account.password) };
  };
  const placeOrder = async (owner: Admin, amountCents: number): Promise<RechargeOrder> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/recharge',
      headers: bearer(owner.token),
      payload: { provider: 'wechatpay', amountCents },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Envelope<RechargeOrder>>().data;
  };
  const orderOf = async (owner: Admin, orderNo: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/billing/recharge/get?orderNo=${orderNo}`,
        headers: bearer(owner.token),
      })
    ).json<Envelope<RechargeOrder>>().data;
  const notify = (notification: StubNotification) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/billing/notify/wechatpay',
      headers: notification.headers,
      payload: notification.rawBody,
    });
  const balanceOf = async (owner: TestAccount) =>
    (
      await ctx.database.db
        .selectFrom('user')
        .select('balance_cents')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow()
    ).balance_cents;
  const rechargeRows = (owner: TestAccount) =>
    ctx.database.db
      .selectFrom('balance_log')
      .select(['kind', 'amount_cents', 'reference'])
      .where('org_id', '=', owner.orgId)
      .where('kind', '=', 'recharge')
      .execute();

  it('places the order, draws its code, and credits once from the signed notification', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 12_300);
    const placed = wechatpay.orders.get(order.orderNo);
    expect(placed).toMatchObject({ amountCents: 12_300, tradeState: 'NOTPAY' });
    expect(order.codeUrl).toBe(placed?.codeUrl);
    expect(placed?.notifyUrl).toMatch(/\/api\/billing\/notify\/wechatpay$/);

    const { notification } = await wechatpay.pay(order.orderNo, { send: false });
    const answer = await notify(notification);
    expect(answer.statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({
      state: 'paid',
      transactionId: wechatpay.orders.get(order.orderNo)?.transactionId,
    });
    expect(await balanceOf(owner)).toBe(12_300);

    // WeChat Pay sends it again when it missed our answer: nothing more is credited.
    expect((await notify(notification)).statusCode).toBeLessThan(300);
    expect(await balanceOf(owner)).toBe(12_300);
    expect(await rechargeRows(owner)).toEqual([
      { kind: 'recharge', amount_cents: 12_300, reference: order.orderNo },
    ]);
  });

  it('refuses forged, stale and tampered notifications and credits nothing', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 5_000);
    for (const tweaks of [
      { forgeSignature: true },
      { timestampOffsetSeconds: -3600 },
      { tamperCiphertext: true },
      { apiV3Key: 'x'.repeat(32) },
    ]) {
      const answer = await notify(wechatpay.paymentNotification(order.orderNo, tweaks));
      expect(answer.statusCode, JSON.stringify(tweaks)).toBeGreaterThanOrEqual(400);
    }
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending', transactionId: null });
    expect(await balanceOf(owner)).toBe(0);
  });

  it('flags a notification of another amount and credits nothing', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 6_000);
    const notification = wechatpay.paymentNotification(order.orderNo, {
      resource: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
    });
    expect((await notify(notification)).statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending', flag: 'amountMismatch:1' });
    expect(await balanceOf(owner)).toBe(0);
  });

  it('closes with WeChat Pay when the user gives up; a payment notified after that is still credited once', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 3_000);
    const closed = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/recharge/close',
      headers: bearer(owner.token),
      payload: { orderNo: order.orderNo },
    });
    expect(closed.json<Envelope<RechargeOrder>>().data.state).toBe('closed');
    expect(wechatpay.orders.get(order.orderNo)?.tradeState).toBe('CLOSED');
    // The payer had paid a moment before the close; its notification arrives now.
    const late = wechatpay.paymentNotification(order.orderNo, {
      resource: { trade_state: 'SUCCESS', transaction_id: '4200000000202611280000000001' },
    });
    expect((await notify(late)).statusCode).toBeLessThan(300);
    expect((await notify(late)).statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'paid', flag: 'paidAfterClose' });
    expect(await balanceOf(owner)).toBe(3_000);
  });

  it('expires unpaid orders: asks WeChat Pay first, then closes there and here', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 1_000);
    await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
    const calls = wechatpay.calls
      .filter((call) => call.path.includes(order.orderNo))
      .map((call) => call.method);
    expect(calls).toEqual(['GET', 'POST']);
    expect(wechatpay.orders.get(order.orderNo)?.tradeState).toBe('CLOSED');
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'closed' });
  });

  it('refunds through WeChat Pay and settles from the refund notification', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 8_000);
    await notify((await wechatpay.pay(order.orderNo, { send: false })).notification);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/platform/billing/refund',
      headers: bearer(staff),
      payload: { orderNo: order.orderNo, amountCents: 3_000, reason: 'asked for it' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<RechargeOrder>>().data).toMatchObject({
      state: 'paid',
      refundedCents: 3_000,
    });
    expect(await balanceOf(owner)).toBe(5_000);
    const refund = wechatpay.orders.get(order.orderNo)?.refunds[0];
    expect(refund).toMatchObject({ amountCents: 3_000, status: 'PROCESSING' });
    const { notification } = await wechatpay.settleRefund(refund?.outRefundNo ?? '', 'SUCCESS', {
      send: false,
    });
    expect((await notify(notification)).statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'refunded', refundedCents: 3_000 });
  });
});
