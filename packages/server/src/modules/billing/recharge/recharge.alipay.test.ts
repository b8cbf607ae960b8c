import { rechargeOrderTtlMs, type RechargeOrder } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { bearer, signIn } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import type { StubNotification } from '../../../test/protocol/wechatpay.js';
import { saveSetting } from '../../user/user-settings.repository.js';
import { useRechargeApp, type Admin, type Envelope } from './recharge.fixture.js';

/*
 * The recharge flow against the local Alipay gateway (page pay): signed requests, the cashier page,
 * RSA2-signed form notifications and Alipay's "success"/"fail" answers.
 */
await describeEachDatabase('recharge with Alipay page pay (local server)', (target) => {
  const recharge = useRechargeApp(target, ['alipay']);
  const { ctx, createAdmin, orderOf, balanceOf } = recharge;
  const placeOrder = (owner: Admin, amountCents: number) =>
    recharge.placeOrder(owner, { provider: 'alipay', amountCents });
  const notify = (notification: StubNotification) => recharge.notify('alipay', notification);
  let staff: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  it('offers only the configured provider', async () => {
    const owner = await createAdmin();
    await saveSetting(ctx.database.db, owner.userId, 'wechat_pay', true, Date.now());
    const response = await recharge.create(owner, { provider: 'wechatpay', amountCents: 1_000 });
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['provider']);
  });

  it('answers the cashier page, and credits once from the signed notification', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 20_000);
    expect(order.payUrl).toContain(recharge.alipay.gatewayUrl);
    expect(order.codeUrl).toBeNull();

    const { notification } = await recharge.alipay.pay(order.payUrl ?? '', { send: false });
    expect(recharge.alipay.orders.get(order.orderNo)?.amountCents).toBe(20_000);
    const answer = await notify(notification);
    expect(answer.body).toBe('success');
    expect(await orderOf(owner, order.orderNo)).toMatchObject({
      state: 'paid',
      transactionId: recharge.alipay.orders.get(order.orderNo)?.tradeNo,
    });
    expect(await balanceOf(owner)).toBe(20_000);
    expect((await notify(notification)).body).toBe('success');
    expect(await balanceOf(owner)).toBe(20_000);
  });

  it('refuses forged and tampered notifications and credits nothing', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 5_000);
    await recharge.alipay.openCashier(order.payUrl ?? '');
    for (const tweaks of [
      { forgeSignature: true },
      { tamper: { total_amount: '0.01' } },
      { appId: '2021000000000000' },
    ]) {
      const answer = await notify(
        recharge.alipay.paymentNotification(order.orderNo, 'TRADE_SUCCESS', tweaks),
      );
      expect(answer.body, JSON.stringify(tweaks)).not.toBe('success');
    }
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending' });
    expect(await balanceOf(owner)).toBe(0);
  });

  it('expires an order whose cashier was never opened: nothing to close at Alipay, closed here', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 1_000);
    await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
    const methods = recharge.alipay.calls
      .filter((call) => call.params.biz_content?.includes(order.orderNo))
      .map((call) => call.method);
    expect(methods).toEqual(expect.arrayContaining(['alipay.trade.query']));
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'closed' });
  });

  it('credits a trade paid at Alipay when the order expires before its notification arrives', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 2_000);
    await recharge.alipay.pay(order.payUrl ?? '', { send: false });
    await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
    expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'paid' });
    expect(await balanceOf(owner)).toBe(2_000);
  });

  it('refunds through Alipay at once', async () => {
    const owner = await createAdmin();
    const order = await placeOrder(owner, 9_000);
    await notify((await recharge.alipay.pay(order.payUrl ?? '', { send: false })).notification);
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
    expect(recharge.alipay.orders.get(order.orderNo)?.refunds).toHaveLength(1);
    expect(await balanceOf(owner)).toBe(0);
  });
});
