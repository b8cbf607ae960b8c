import { rechargeOrderTtlMs, type RechargeOrder } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, signIn } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import type { StubNotification } from '../../../test/protocol/wechatpay.js';
import { useRechargeApp, type Admin, type Envelope } from './recharge.fixture.js';

/*
 * The recharge flow against the local WeChat Pay (API v3, Native): real signed requests, signed and
 * encrypted notifications, and the provider's own refusals. The rules themselves (promotions,
 * concurrency, scoping) are covered in recharge.routes.test.ts.
 */
await describeEachDatabase('recharge with WeChat Pay (local server)', (target) => {
  const recharge = useRechargeApp(target, ['wechatpay']);
  const { ctx, createAdmin, orderOf, balanceOf } = recharge;
  const placeOrder = (owner: Admin, amountCents: number) =>
    recharge.placeOrder(owner, { provider: 'wechatpay', amountCents });
  const notify = (notification: StubNotification) => recharge.notify('wechatpay', notification);
  const rechargeRows = async (owner: Admin) =>
    (await recharge.ledgerOf(owner))
      .filter((row) => row.kind === 'recharge')
      .map(({ kind, amount_cents, reference }) => ({ kind, amount_cents, reference }));
  let staff: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  it('places the order, draws its code, and credits once from the signed notification', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 12_300);
    const placed = recharge.wechatpay.orders.get(order.orderNo);
    expect(placed).toMatchObject({ amountCents: 12_300, tradeState: 'NOTPAY' });
    expect(order.codeUrl).toBe(placed?.codeUrl);
    expect(placed?.notifyUrl).toMatch(/\/api\/billing\/notify\/wechatpay$/);

    const { notification } = await recharge.wechatpay.pay(order.orderNo, { send: false });
    const answer = await notify(notification);
    expect(answer.statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({
      state: 'paid',
      transactionId: recharge.wechatpay.orders.get(order.orderNo)?.transactionId,
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
      const answer = await notify(recharge.wechatpay.paymentNotification(order.orderNo, tweaks));
      expect(answer.statusCode, JSON.stringify(tweaks)).toBeGreaterThanOrEqual(400);
    }
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending', transactionId: null });
    expect(await balanceOf(owner)).toBe(0);
  });

  it('flags a notification of another amount and credits nothing', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 6_000);
    const notification = recharge.wechatpay.paymentNotification(order.orderNo, {
      resource: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
    });
    expect((await notify(notification)).statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending', flag: 'amountMismatch:1' });
    expect(await balanceOf(owner)).toBe(0);
  });

  it('closes with WeChat Pay when the user gives up; a payment notified after that is still credited once', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 3_000);
    const closed = await recharge.closeOrder(owner, order.orderNo);
    expect(closed.json<Envelope<RechargeOrder>>().data.state).toBe('closed');
    expect(recharge.wechatpay.orders.get(order.orderNo)?.tradeState).toBe('CLOSED');
    // The payer had paid a moment before the close; its notification arrives now.
    const late = recharge.wechatpay.paymentNotification(order.orderNo, {
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
    const calls = recharge.wechatpay.calls
      .filter((call) => call.path.includes(order.orderNo))
      .map((call) => call.method);
    expect(calls).toEqual(['GET', 'POST']);
    expect(recharge.wechatpay.orders.get(order.orderNo)?.tradeState).toBe('CLOSED');
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'closed' });
  });

  it('refunds through WeChat Pay and settles from the refund notification', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 8_000);
    await notify((await recharge.wechatpay.pay(order.orderNo, { send: false })).notification);
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
    const refund = recharge.wechatpay.orders.get(order.orderNo)?.refunds[0];
    expect(refund).toMatchObject({ amountCents: 3_000, status: 'PROCESSING' });
    const { notification } = await recharge.wechatpay.settleRefund(refund?.outRefundNo ?? '', 'SUCCESS', {
      send: false,
    });
    expect((await notify(notification)).statusCode).toBeLessThan(300);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'refunded', refundedCents: 3_000 });
  });
});
