import { rechargeOrderTtlMs, type RechargeOrder } from '@openkefu/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { startAlipayServer, type AlipayServer } from '../../../test/protocol/alipay.js';
import type { StubNotification } from '../../../test/protocol/wechatpay.js';
import { saveSetting } from '../../user/user-settings.repository.js';

type Envelope<T> = { status_code: number; data: T; fields?: { field: string }[] };
type Admin = TestAccount & { token: string };

/*
 * The recharge flow against the local Alipay gateway (page pay): signed requests, the cashier page,
 * RSA2-signed form notifications and Alipay's "success"/"fail" answers.
 */
await describeEachDatabase('recharge with Alipay page pay (local server)', (target) => {
  let alipay: AlipayServer;
  const env: Record<string, string> = {};
  // Registered before the app's own hooks: the app's configuration (ALIPAY_*, PAYMENT_API_BASES)
  // points at this server.
  beforeAll(async () => {
    alipay = await startAlipayServer();
    Object.assign(env, alipay.env);
  });
  afterAll(async () => alipay?.close());
  const ctx = useTestApp(target, { env, build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });
  let staff: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  const createAdmin = async (): Promise<Admin> => {
    const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    await saveSetting(ctx.database.db, account.userId, 'alipay', true, Date.now());
    return { ...account, token: await signIn(ctx.app, account.username, account.password) };
  };
  const placeOrder = async (owner: Admin, amountCents: number): Promise<RechargeOrder> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/recharge',
      headers: bearer(owner.token),
      payload: { provider: 'alipay', amountCents },
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
      url: '/api/billing/notify/alipay',
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

  it('offers only the configured provider', async () => {
    const owner = await createAdmin();
    await saveSetting(ctx.database.db, owner.userId, 'wechat_pay', true, Date.now());
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/recharge',
      headers: bearer(owner.token),
      payload: { provider: 'wechatpay', amountCents: 1_000 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['provider']);
  });

  it('answers the cashier page, and credits once from the signed notification', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 20_000);
    expect(order.payUrl).toContain(alipay.gatewayUrl);
    expect(order.codeUrl).toBeNull();

    const { notification } = await alipay.pay(order.payUrl ?? '', { send: false });
    expect(alipay.orders.get(order.orderNo)?.amountCents).toBe(20_000);
    const answer = await notify(notification);
    expect(answer.body).toBe('success');
    expect(await orderOf(owner, order.orderNo)).toMatchObject({
      state: 'paid',
      transactionId: alipay.orders.get(order.orderNo)?.tradeNo,
    });
    expect(await balanceOf(owner)).toBe(20_000);
    expect((await notify(notification)).body).toBe('success');
    expect(await balanceOf(owner)).toBe(20_000);
  });

  it('refuses forged and tampered notifications and credits nothing', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 5_000);
    await alipay.openCashier(order.payUrl ?? '');
    for (const tweaks of [
      { forgeSignature: true },
      { tamper: { total_amount: '0.01' } },
      { appId: '2021000000000000' },
    ]) {
      const answer = await notify(alipay.paymentNotification(order.orderNo, 'TRADE_SUCCESS', tweaks));
      expect(answer.body, JSON.stringify(tweaks)).not.toBe('success');
    }
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending' });
    expect(await balanceOf(owner)).toBe(0);
  });

  it('expires an order whose cashier was never opened: nothing to close at Alipay, closed here', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 1_000);
    await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
    const methods = alipay.calls
      .filter((call) => call.params.biz_content?.includes(order.orderNo))
      .map((call) => call.method);
    expect(methods).toEqual(expect.arrayContaining(['alipay.trade.query']));
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'closed' });
  });

  it('credits a trade paid at Alipay when the order expires before its notification arrives', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 2_000);
    await alipay.pay(order.payUrl ?? '', { send: false });
    await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'paid' });
    expect(await balanceOf(owner)).toBe(2_000);
  });

  it('refunds through Alipay at once', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 9_000);
    await notify((await alipay.pay(order.payUrl ?? '', { send: false })).notification);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/platform/billing/refund',
      headers: bearer(staff),
      payload: { orderNo: order.orderNo, amountCents: 9_000, reason: 'duplicate payment' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<RechargeOrder>>().data).toMatchObject({
      state: 'refunded',
      refundedCents: 9_000,
    });
    expect(alipay.orders.get(order.orderNo)?.refunds).toHaveLength(1);
    expect(await balanceOf(owner)).toBe(0);
  });
});
