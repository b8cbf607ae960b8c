import { rechargeOrderTtlMs, type Page, type RechargeOrder } from '@openkefu/contract';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { saveSetting } from '../../user/user-settings.repository.js';
import { useRechargeApp, type Admin, type Envelope } from './recharge.fixture.js';

/*
 * The recharge rules through the API, with the local WeChat Pay and Alipay servers as providers:
 * crediting once, promotions, expiry, refunds, scoping. Each provider's own protocol details
 * (signatures, encryption, refusals) are in recharge.wechatpay.test.ts and recharge.alipay.test.ts.
 */
await describeEachDatabase('recharge orders', (target) => {
  const recharge = useRechargeApp(target, ['wechatpay', 'alipay']);
  const { ctx, createAdmin, create, placeOrder, getOrder, orderOf, notify, closeOrder, balanceOf, ledgerOf } =
    recharge;
  /** The payer scans and pays; the notification WeChat Pay would post. */
  const payWechat = async (orderNo: string) =>
    (await recharge.wechatpay.pay(orderNo, { send: false })).notification;
  let staff: string;
  let admin: Admin;
  let agentToken: string;
  let other: Admin;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    admin = await createAdmin();
    other = await createAdmin();
    const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: admin.orgId });
    await saveSetting(ctx.database.db, agent.userId, 'wechat_pay', true, Date.now());
    agentToken = await signIn(ctx.app, agent.username, agent.password);
  });

  describe('WeChat Pay: create, pay, notify', () => {
    it('answers a QR code, credits once when paid, and pushes the new state to the organisation', async () => {
      const emit = vi.spyOn(ctx.app.services.hub, 'emit');
      const order = await placeOrder(admin, { provider: 'wechatpay', amountCents: 10_000 });
      expect(order).toMatchObject({
        provider: 'wechatpay',
        amountCents: 10_000,
        payCents: 10_000,
        discountCents: 0,
        state: 'pending',
        payUrl: null,
        transactionId: null,
        createdBy: admin.username,
      });
      expect(order.codeUrl).toBe(recharge.wechatpay.orders.get(order.orderNo)?.codeUrl);
      expect(order.codeUrl).toMatch(/^weixin:\/\//);
      expect(order.expiresAt - order.createdAt).toBe(rechargeOrderTtlMs);

      const paid = await payWechat(order.orderNo);
      const answer = await notify('wechatpay', paid);
      expect(answer.statusCode).toBeLessThan(300);
      const after = await orderOf(admin, order.orderNo);
      expect(after).toMatchObject({ state: 'paid', codeUrl: null, flag: null });
      expect(after.transactionId).toBe(recharge.wechatpay.orders.get(order.orderNo)?.transactionId);
      expect(await balanceOf(admin)).toBe(10_000);
      expect(await ledgerOf(admin)).toEqual([
        { kind: 'recharge', amount_cents: 10_000, balance_after_cents: 10_000, reference: order.orderNo },
      ]);
      expect(emit).toHaveBeenCalledWith([`o:${admin.orgId}`], 'recharge:update', {
        orderNo: order.orderNo,
        state: 'paid',
      });
      emit.mockRestore();

      // The provider sends it again (it missed our answer): nothing more is credited.
      expect((await notify('wechatpay', paid)).statusCode).toBeLessThan(300);
      await Promise.all([notify('wechatpay', paid), notify('wechatpay', paid)]);
      expect(await balanceOf(admin)).toBe(10_000);
      expect(await ledgerOf(admin)).toHaveLength(1);
    });

    it('refuses a forged notification and changes nothing', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 5_000 });
      const forged = recharge.wechatpay.paymentNotification(order.orderNo, { forgeSignature: true });
      expect((await notify('wechatpay', forged)).statusCode).toBeGreaterThanOrEqual(400);
      // Altered after signing: the signature no longer covers it.
      const genuine = recharge.wechatpay.paymentNotification(order.orderNo);
      const altered = { ...genuine, rawBody: genuine.rawBody.replace('"id":"', '"id":"X') };
      expect((await notify('wechatpay', altered)).statusCode).toBeGreaterThanOrEqual(400);
      expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending', transactionId: null });
      expect(await balanceOf(owner)).toBe(0);
      expect(await ledgerOf(owner)).toEqual([]);
    });

    it('credits a payment whose notification comes after the order was closed here, once, and records it', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 3_000 });
      // Closed here while the notification of a payment made just before is on its way.
      await ctx.database.db
        .updateTable('recharge_order')
        .set({ state: 'closed' })
        .where('order_no', '=', order.orderNo)
        .execute();
      const paid = await payWechat(order.orderNo);
      expect((await notify('wechatpay', paid)).statusCode).toBeLessThan(300);
      expect((await notify('wechatpay', paid)).statusCode).toBeLessThan(300);
      expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'paid', flag: 'paidAfterClose' });
      expect(await balanceOf(owner)).toBe(3_000);
      expect(await ledgerOf(owner)).toHaveLength(1);
    });

    it('flags a payment of another amount and credits nothing', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 8_000 });
      const underpaid = recharge.wechatpay.paymentNotification(order.orderNo, {
        resource: { amount: { total: 1, payer_total: 1, currency: 'CNY', payer_currency: 'CNY' } },
      });
      expect((await notify('wechatpay', underpaid)).statusCode).toBeLessThan(300);
      expect(await orderOf(owner, order.orderNo)).toMatchObject({
        state: 'pending',
        flag: 'amountMismatch:1',
      });
      expect(await balanceOf(owner)).toBe(0);
    });

    it('closes a pending order the user gives up, with the provider first', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 2_000 });
      const response = await closeOrder(owner, order.orderNo);
      expect(response.statusCode).toBe(200);
      expect(response.json<Envelope<RechargeOrder>>().data).toMatchObject({ state: 'closed', codeUrl: null });
      expect(recharge.wechatpay.orders.get(order.orderNo)?.tradeState).toBe('CLOSED');
      expect((await closeOrder(owner, order.orderNo)).statusCode).toBe(409);
    });

    it('credits instead of closing when the order turns out paid at the provider', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 2_500 });
      await payWechat(order.orderNo); // paid, its notification lost
      const response = await closeOrder(owner, order.orderNo);
      expect(response.json<Envelope<RechargeOrder>>().data.state).toBe('paid');
      expect(await balanceOf(owner)).toBe(2_500);
    });
  });

  describe('expiry', () => {
    it('closes pending orders past their time after asking the provider, and credits a paid one', async () => {
      const owner = await createAdmin();
      const unpaid = await placeOrder(owner, { provider: 'wechatpay', amountCents: 1_000 });
      const paidQuietly = await placeOrder(owner, { provider: 'alipay', amountCents: 4_000 });
      await recharge.alipay.pay(paidQuietly.payUrl ?? '', { send: false }); // its notification lost
      // Not yet due: nothing runs.
      await ctx.app.services.jobs.runDue(Date.now());
      expect(await orderOf(owner, unpaid.orderNo)).toMatchObject({ state: 'pending' });
      await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
      // GET …/out-trade-no/<no> (query), then POST …/out-trade-no/<no>/close.
      expect(
        recharge.wechatpay.calls
          .filter((call) => call.path.includes(unpaid.orderNo))
          .map((call) => call.method),
      ).toEqual(['GET', 'POST']);
      expect(await orderOf(owner, unpaid.orderNo)).toMatchObject({ state: 'closed' });
      expect(await orderOf(owner, paidQuietly.orderNo)).toMatchObject({ state: 'paid' });
      expect(await balanceOf(owner)).toBe(4_000);
    });

    it('sweeps up an overdue order whose expiry job is gone', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 1_000 });
      await ctx.database.db
        .deleteFrom('job')
        .where('dedupe_key', '=', `recharge-expire:${order.orderNo}`)
        .execute();
      expect(await ctx.app.services.recharges.sweepExpired()).toBe(0);
      await ctx.database.db
        .updateTable('recharge_order')
        .set({ expires_at: Date.now() - 3600_000 })
        .where('order_no', '=', order.orderNo)
        .execute();
      expect(await ctx.app.services.recharges.sweepExpired()).toBe(1);
      expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'closed' });
    });

    it('retries later when the provider cannot be reached', async () => {
      const owner = await createAdmin();
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents: 1_000 });
      recharge.wechatpay.failNext('query', { status: 500, code: 'SYSTEM_ERROR', message: 'busy' });
      await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 1_000);
      expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'pending' });
      await ctx.app.services.jobs.runDue(Date.now() + rechargeOrderTtlMs + 10 * 60_000);
      expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'closed' });
    });
  });

  describe('promotion codes', () => {
    const day = 24 * 3600_000;
    const savePromotion = async (payload: Record<string, unknown>) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/marketing/promotion/save',
        headers: bearer(staff),
        payload: { startsAt: Date.now() - day, endsAt: Date.now() + day, ...payload },
      });
      expect(response.statusCode, response.body).toBe(200);
    };

    it('takes the discount off what is paid and credits the whole amount; once per organisation', async () => {
      await savePromotion({ code: 'TENOFF', kind: 'percent', value: 10, minCents: 10_000 });
      const owner = await createAdmin();
      const order = await placeOrder(owner, {
        provider: 'wechatpay',
        amountCents: 20_000,
        promotionCode: 'tenoff',
      });
      expect(order).toMatchObject({ payCents: 18_000, discountCents: 2_000, promotionCode: 'TENOFF' });
      expect(recharge.wechatpay.orders.get(order.orderNo)?.amountCents).toBe(18_000);

      const again = await create(owner, {
        provider: 'wechatpay',
        amountCents: 20_000,
        promotionCode: 'TENOFF',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['promotionCode']);

      await notify('wechatpay', await payWechat(order.orderNo));
      expect(await balanceOf(owner)).toBe(20_000);
      const below = await create(await createAdmin(), {
        provider: 'wechatpay',
        amountCents: 9_999,
        promotionCode: 'TENOFF',
      });
      expect(below.statusCode).toBe(400);
    });

    it('gives the use back when the unpaid order is closed', async () => {
      await savePromotion({ code: 'CUT5', kind: 'amount', value: 500 });
      const owner = await createAdmin();
      const first = await placeOrder(owner, {
        provider: 'wechatpay',
        amountCents: 1_000,
        promotionCode: 'CUT5',
      });
      expect((await closeOrder(owner, first.orderNo)).statusCode).toBe(200);
      const second = await placeOrder(owner, {
        provider: 'wechatpay',
        amountCents: 1_000,
        promotionCode: 'CUT5',
      });
      expect(second.payCents).toBe(500);
    });

    it('holds the usage limit when many organisations use the code at once', async () => {
      await savePromotion({ code: 'FIRST3', kind: 'amount', value: 100, usageLimit: 3 });
      const owners = await Promise.all(Array.from({ length: 8 }, () => createAdmin()));
      const responses = await Promise.all(
        owners.map((owner) =>
          create(owner, { provider: 'wechatpay', amountCents: 1_000, promotionCode: 'FIRST3' }),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(3);
      for (const response of responses.filter((candidate) => candidate.statusCode !== 200)) {
        expect(response.statusCode).toBe(400);
        expect(response.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual([
          'promotionCode',
        ]);
      }
      const row = await ctx.database.db
        .selectFrom('promotion')
        .select('used')
        .where('code', '=', 'FIRST3')
        .executeTakeFirstOrThrow();
      expect(row.used).toBe(3);
    });

    it('holds one use per organisation when its admins order at once', async () => {
      await savePromotion({ code: 'ONCE', kind: 'amount', value: 100 });
      const owner = await createAdmin();
      const responses = await Promise.all(
        Array.from({ length: 5 }, () =>
          create(owner, { provider: 'wechatpay', amountCents: 1_000, promotionCode: 'ONCE' }),
        ),
      );
      expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(1);
      expect(responses.filter((response) => response.statusCode === 400)).toHaveLength(4);
    });
  });

  describe('refunds', () => {
    // The local WeChat Pay answers refunds SUCCESS at once here, PROCESSING where a test says so.
    beforeAll(() => recharge.wechatpay.setRefundAnswer('SUCCESS'));
    const refund = (token: string, payload: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/platform/billing/refund',
        headers: bearer(token),
        payload,
      });

    const paidOrder = async (owner: Admin, amountCents: number, promotionCode?: string) => {
      const order = await placeOrder(owner, { provider: 'wechatpay', amountCents, promotionCode });
      await notify('wechatpay', await payWechat(order.orderNo));
      return order;
    };

    it('refunds part of a paid order: debits the balance, calls the provider, marks it refunded', async () => {
      const owner = await createAdmin();
      const order = await paidOrder(owner, 10_000);
      const response = await refund(staff, { orderNo: order.orderNo, amountCents: 4_000, reason: 'asked' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Envelope<RechargeOrder>>().data).toMatchObject({
        state: 'refunded',
        refundedCents: 4_000,
        organization: { subDomain: owner.subDomain },
      });
      expect(await balanceOf(owner)).toBe(6_000);
      expect((await ledgerOf(owner)).at(-1)).toEqual({
        kind: 'refund',
        amount_cents: -4_000,
        balance_after_cents: 6_000,
        reference: order.orderNo,
      });
      const tooMuch = await refund(staff, { orderNo: order.orderNo, amountCents: 6_001, reason: 'more' });
      expect(tooMuch.statusCode).toBe(400);
      expect(tooMuch.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['amountCents']);
      expect(
        (await refund(staff, { orderNo: order.orderNo, amountCents: 6_000, reason: 'rest' })).statusCode,
      ).toBe(200);
      expect(await balanceOf(owner)).toBe(0);
    });

    it('takes back the credited share of a discounted order', async () => {
      await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/marketing/promotion/save',
        headers: bearer(staff),
        payload: {
          code: 'HALF',
          kind: 'percent',
          value: 50,
          startsAt: Date.now() - 1000,
          endsAt: Date.now() + 3600_000,
        },
      });
      const owner = await createAdmin();
      const order = await paidOrder(owner, 10_000, 'HALF');
      expect(await balanceOf(owner)).toBe(10_000);
      await refund(staff, { orderNo: order.orderNo, amountCents: 5_000, reason: 'all' });
      expect(await balanceOf(owner)).toBe(0);
    });

    it('refuses when the balance is lower than the refund (409) and when the order is not paid', async () => {
      const owner = await createAdmin();
      const order = await paidOrder(owner, 5_000);
      await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/billing/balance/adjust',
        headers: bearer(staff),
        payload: { subDomain: owner.subDomain, direction: 'debit', amountCents: 4_000, reason: 'spent' },
      });
      const refused = await refund(staff, { orderNo: order.orderNo, amountCents: 5_000, reason: 'x' });
      expect(refused.statusCode).toBe(409);
      expect(await balanceOf(owner)).toBe(1_000);
      const pending = await placeOrder(owner, { provider: 'wechatpay', amountCents: 1_000 });
      expect(
        (await refund(staff, { orderNo: pending.orderNo, amountCents: 100, reason: 'x' })).statusCode,
      ).toBe(409);
      expect((await refund(staff, { orderNo: 'RCNOPE', amountCents: 100, reason: 'x' })).statusCode).toBe(
        404,
      );
    });

    it('settles an asynchronous refund from its notification; a closed one gives the balance back', async () => {
      const owner = await createAdmin();
      const order = await paidOrder(owner, 6_000);
      recharge.wechatpay.setRefundAnswer('PROCESSING');
      try {
        const first = await refund(staff, { orderNo: order.orderNo, amountCents: 1_000, reason: 'a' });
        expect(first.json<Envelope<RechargeOrder>>().data.state).toBe('paid');
        const second = await refund(staff, { orderNo: order.orderNo, amountCents: 2_000, reason: 'b' });
        expect(second.json<Envelope<RechargeOrder>>().data.refundedCents).toBe(3_000);
        expect(await balanceOf(owner)).toBe(3_000);
        const [one, two] = recharge.wechatpay.orders.get(order.orderNo)?.refunds ?? [];
        expect([one?.amountCents, two?.amountCents]).toEqual([1_000, 2_000]);
        const settled = await recharge.wechatpay.settleRefund(one?.outRefundNo ?? '', 'SUCCESS', {
          send: false,
        });
        expect((await notify('wechatpay', settled.notification)).statusCode).toBeLessThan(300);
        expect(await orderOf(owner, order.orderNo)).toMatchObject({
          state: 'refunded',
          refundedCents: 3_000,
        });
        // The second never reaches the payer: its share of the balance comes back, once.
        const closed = await recharge.wechatpay.settleRefund(two?.outRefundNo ?? '', 'CLOSED', {
          send: false,
        });
        expect((await notify('wechatpay', closed.notification)).statusCode).toBeLessThan(300);
        expect((await notify('wechatpay', closed.notification)).statusCode).toBeLessThan(300);
        expect(await orderOf(owner, order.orderNo)).toMatchObject({
          state: 'refunded',
          refundedCents: 1_000,
        });
        expect(await balanceOf(owner)).toBe(5_000);
      } finally {
        recharge.wechatpay.setRefundAnswer('SUCCESS');
      }
    });

    it('gives the balance back when the provider refuses the refund (422)', async () => {
      const owner = await createAdmin();
      const order = await paidOrder(owner, 3_000);
      recharge.wechatpay.failNext('refund', {
        status: 403,
        code: 'NOT_ENOUGH',
        message: 'balance not enough',
      });
      const response = await refund(staff, { orderNo: order.orderNo, amountCents: 3_000, reason: 'x' });
      expect(response.statusCode).toBe(422);
      expect(response.json<Envelope<null>>().message).toContain('NOT_ENOUGH');
      expect(await orderOf(owner, order.orderNo)).toMatchObject({ state: 'paid', refundedCents: 0 });
      expect(await balanceOf(owner)).toBe(3_000);
    });

    it('is for platform staff only (403 for an organisation admin)', async () => {
      expect((await refund(admin.token, { orderNo: 'x', amountCents: 1, reason: 'x' })).statusCode).toBe(403);
    });
  });

  describe('access, scope and input', () => {
    it('answers 400 naming fields, and names provider when it is switched off', async () => {
      const bad = await create(admin, { provider: 'paypal', amountCents: 99 });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(
        expect.arrayContaining(['provider', 'amountCents']),
      );
      const off = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const offToken = await signIn(ctx.app, off.username, off.password);
      const response = await create(offToken, { provider: 'alipay', amountCents: 1_000 });
      expect(response.statusCode).toBe(400);
      expect(response.json<Envelope<null>>().fields?.map((field) => field.field)).toEqual(['provider']);
      expect((await getOrder(admin, '')).statusCode).toBe(400);
    });

    it("answers 404 for another organisation's order numbers, 403 for agents and 401 without sign-in", async () => {
      const mine = await placeOrder(admin, { provider: 'wechatpay', amountCents: 1_000 });
      expect((await getOrder(other, mine.orderNo)).statusCode).toBe(404);
      expect((await closeOrder(other, mine.orderNo)).statusCode).toBe(404);
      expect((await getOrder(admin, mine.orderNo)).statusCode).toBe(200);
      expect((await create(agentToken, { provider: 'wechatpay', amountCents: 1_000 })).statusCode).toBe(403);
      expect((await getOrder(agentToken, mine.orderNo)).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/billing/recharge', payload: {} })).statusCode,
      ).toBe(401);
    });

    it("lists the organisation's own orders, and every organisation's to staff with filters", async () => {
      const theirs = await placeOrder(other, { provider: 'alipay', amountCents: 1_000 });
      const own = await ctx.app.inject({
        method: 'GET',
        url: '/api/billing/recharge/query?page=0&size=100',
        headers: bearer(admin.token),
      });
      const ownOrders = own.json<Envelope<Page<RechargeOrder>>>().data.content;
      expect(ownOrders.length).toBeGreaterThan(0);
      expect(ownOrders.map((order) => order.orderNo)).not.toContain(theirs.orderNo);
      expect(ownOrders[0]).not.toHaveProperty('organization');

      const platform = (query: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/platform/billing/recharge/query?${query}`,
          headers: bearer(staff),
        });
      const filtered = (await platform(`subDomain=${other.subDomain}&provider=alipay&state=pending`)).json<
        Envelope<Page<RechargeOrder>>
      >().data;
      expect(filtered.content.map((order) => order.orderNo)).toEqual([theirs.orderNo]);
      expect(filtered.content[0]?.organization).toMatchObject({ subDomain: other.subDomain });
      expect(
        (await platform(`orderNo=${theirs.orderNo}`)).json<Envelope<Page<RechargeOrder>>>().data
          .totalElements,
      ).toBe(1);
      expect((await platform('state=nope')).statusCode).toBe(400);
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/platform/billing/recharge/query',
            headers: bearer(admin.token),
          })
        ).statusCode,
      ).toBe(403);
    });

    it('ends an order the provider refuses to create (422) and gives its promotion use back', async () => {
      recharge.wechatpay.failNext('create', { status: 403, code: 'NO_AUTH', message: 'merchant suspended' });
      const owner = await createAdmin();
      const response = await create(owner, { provider: 'wechatpay', amountCents: 1_000 });
      expect(response.statusCode).toBe(422);
      const rows = await ctx.database.db
        .selectFrom('recharge_order')
        .select('state')
        .where('org_id', '=', owner.orgId)
        .execute();
      expect(rows).toEqual([{ state: 'closed' }]);
    });
  });
});

await describeEachDatabase('recharge orders without payment providers set up', (target) => {
  const ctx = useTestApp(target, { build: { jobIntervalMs: 0, sweepIntervalMs: 0 } });

  it('answers 400 naming provider, and 404 to notifications', async () => {
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    await saveSetting(ctx.database.db, owner.userId, 'wechat_pay', true, Date.now());
    const token = await signIn(ctx.app, owner.username, owner.password);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/recharge',
      headers: bearer(token),
      payload: { provider: 'wechatpay', amountCents: 1_000 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<Envelope<null>>().fields).toEqual([
      { field: 'provider', message: 'not set up on this server' },
    ]);
    const notification = await ctx.app.inject({
      method: 'POST',
      url: '/api/billing/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=b',
    });
    expect(notification.statusCode).toBe(404);
  });
});
