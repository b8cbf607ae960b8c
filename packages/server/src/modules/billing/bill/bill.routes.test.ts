import type { Bill, BillingOverview, BillingPayment, Page, UsageDay } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createRsaKeyPairPem } from '../../../lib/payments/payment.keys.js';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { addMonths, laterDay, periodBounds, periodOf, utcDay } from './billing.dates.js';
import {
  assignPlan,
  createBilledOrganization,
  createCall,
  dayFromToday,
  savePlan,
  setWallet,
  walletOf,
  type BilledOrganization,
} from './billing.fixture.js';

const nextPeriod = (period: string) => utcDay(periodBounds(period).endMs).slice(0, 7);

await describeEachDatabase('billing: bills, payment and renewal', (target) => {
  // WeChat Pay configured on the server (keys that are never used to call it here); Alipay is not.
  const merchant = createRsaKeyPairPem();
  const wechatpay = createRsaKeyPairPem();
  const ctx = useTestApp(target, {
    env: {
      WECHATPAY_MCH_ID: '1900000001',
      WECHATPAY_APP_ID: 'wx0123456789abcdef',
      WECHATPAY_CERT_SERIAL: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      WECHATPAY_PRIVATE_KEY: merchant.privateKeyPem,
      WECHATPAY_API_V3_KEY: 'a'.repeat(32),
      WECHATPAY_PUBLIC_KEY: wechatpay.publicKeyPem,
      WECHATPAY_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000000012025010100000000000000',
    },
    build: { jobIntervalMs: 0, sweepIntervalMs: 0 },
  });
  const call = createCall(ctx);
  const period = periodOf(Date.now());
  /** The 1st of next month, 01:00 UTC: when this month's bills are issued. */
  const billingRunAt = periodBounds(period).endMs + 3600_000;
  let staff: string;
  let pid: string;

  const billsOf = (orgId: number) =>
    ctx.database.db.selectFrom('bill').selectAll().where('org_id', '=', orgId).orderBy('id').execute();
  const ledgerOf = (orgId: number) =>
    ctx.database.db.selectFrom('balance_log').selectAll().where('org_id', '=', orgId).orderBy('id').execute();

  /** An organisation on the test plan: 5 seats (owner and 4 agents), 2.5 million tokens today. */
  const organizationOnPlan = async (options: {
    autoPay: boolean;
    balanceCents: number;
    validity: string | null;
  }) => {
    const org = await createBilledOrganization(ctx);
    for (let index = 0; index < 4; index += 1)
      await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: org.orgId });
    // A robot and a disabled account are no seats.
    await ctx.database.db
      .updateTable('user')
      .set({ is_robot: 1 })
      .where('id', '=', (await createAccount(ctx.database, { roles: [], orgId: org.orgId })).userId)
      .execute();
    await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: org.orgId, enabled: false });
    await assignPlan(call, staff, org.subDomain, pid);
    expect(
      (await call('POST', '/api/billing/settings', org.token, { autoPay: options.autoPay, addOns: ['sla'] }))
        .status,
    ).toBe(200);
    await ctx.database.db
      .insertInto('llm_usage')
      .values({ org_id: org.orgId, day: utcDay(Date.now()), tokens: 2_500_000, answers: 3 })
      .execute();
    await setWallet(ctx, org, { balanceCents: options.balanceCents, validity: options.validity });
    return org;
  };

  /** base 100 + 3 extra seats × 30 + 1.5M tokens × 19.99 (29.985 → 29.99) + SLA 50. */
  const expectedTotal = 10_000 + 9_000 + 2_999 + 5_000;

  let manual: BilledOrganization;
  let auto: BilledOrganization;
  let short: BilledOrganization;
  let other: BilledOrganization;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    pid = (await savePlan(call, staff)).pid;
    manual = await organizationOnPlan({ autoPay: false, balanceCents: 0, validity: dayFromToday(-1) });
    auto = await organizationOnPlan({ autoPay: true, balanceCents: 100_000, validity: dayFromToday(20) });
    short = await organizationOnPlan({ autoPay: true, balanceCents: 100, validity: dayFromToday(5) });
    other = await createBilledOrganization(ctx);
    await ctx.app.billing.usage.record();
    // Twice: the second run finds every bill issued and changes nothing.
    await ctx.app.billing.runCycle(billingRunAt);
    await ctx.app.billing.runCycle(billingRunAt);
  });

  describe('the monthly run', () => {
    it('issues one bill per organisation and month, however often it runs', async () => {
      await ctx.app.billing.bills.issueMonthly(billingRunAt);
      const bills = await billsOf(manual.orgId);
      expect(bills).toHaveLength(1);
      expect(bills[0]).toMatchObject({ period, state: 'unpaid', total_cents: expectedTotal, paid_by: null });
      expect(Number(bills[0].due_at)).toBeGreaterThan(billingRunAt);
      expect(JSON.parse(bills[0].lines)).toEqual([
        { kind: 'base', label: 'base', quantity: 1, unitCents: 10_000, amountCents: 10_000 },
        { kind: 'seats', label: 'seats', quantity: 3, unitCents: 3_000, amountCents: 9_000 },
        { kind: 'tokens', label: 'tokens', quantity: 1_500_000, unitCents: 1_999, amountCents: 2_999 },
        { kind: 'addon', label: 'sla', quantity: 1, unitCents: 5_000, amountCents: 5_000 },
      ]);
      // Free plan (the default): nothing to bill, no bill.
      expect(await billsOf(other.orgId)).toHaveLength(0);
    });

    it('pays at once from the balance with auto-pay, writes the ledger and renews the validity', async () => {
      const [bill] = await billsOf(auto.orgId);
      // A month from the later of the run's day and the validity.
      const validity = laterDay(utcDay(billingRunAt), dayFromToday(20));
      expect(bill).toMatchObject({ state: 'paid', paid_by: 'auto', renewed_until: addMonths(validity, 1) });
      expect(await walletOf(ctx, auto)).toEqual({
        balance_cents: 100_000 - expectedTotal,
        validate_until_date: addMonths(validity, 1),
      });
      const ledger = await ledgerOf(auto.orgId);
      expect(ledger).toHaveLength(1);
      expect(ledger[0]).toMatchObject({
        kind: 'bill',
        amount_cents: -expectedTotal,
        balance_after_cents: 100_000 - expectedTotal,
        reference: bill.bid,
        validate_until_date: addMonths(validity, 1),
      });
    });

    it('leaves the bill unpaid when the balance does not cover it', async () => {
      const [bill] = await billsOf(short.orgId);
      expect(bill.state).toBe('unpaid');
      expect(await walletOf(ctx, short)).toMatchObject({ balance_cents: 100 });
      expect(await ledgerOf(short.orgId)).toHaveLength(0);
    });
  });

  describe('the organisation’s side', () => {
    it('lists and shows its own bills only; another organisation’s bill is 404', async () => {
      const list = await call<Page<Bill>>('GET', '/api/billing/bill/query?state=unpaid', manual.token);
      expect(list.status).toBe(200);
      expect(list.body.data.content.map((bill) => bill.period)).toEqual([period]);
      expect(list.body.data.content[0]).toMatchObject({ totalCents: expectedTotal, invoiceState: null });
      expect(list.body.data.content[0].organization).toBeUndefined();
      const [bill] = await billsOf(manual.orgId);
      expect(
        (await call<Bill>('GET', `/api/billing/bill/get?bid=${bill.bid}`, manual.token)).body.data.bid,
      ).toBe(bill.bid);
      expect((await call('GET', `/api/billing/bill/get?bid=${bill.bid}`, other.token)).status).toBe(404);
      expect((await call('POST', '/api/billing/bill/pay', other.token, { bid: bill.bid })).status).toBe(404);
      const bad = await call('GET', '/api/billing/bill/query?period=2026-13', manual.token);
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((field) => field.field)).toEqual(['period']);
    });

    it('keeps bills, payment and renewal to the organisation’s admins (an agent gets 403)', async () => {
      const agent = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_AGENT'],
        orgId: manual.orgId,
      });
      const token = await signIn(ctx.app, agent.username, agent.password);
      expect((await call('GET', '/api/billing/bill/query', token)).status).toBe(403);
      expect((await call('POST', '/api/billing/renew', token, { months: 1 })).status).toBe(403);
      // The overview is every signed-in user's (the console's banner reads it).
      expect((await call('GET', '/api/billing/overview', token)).status).toBe(200);
    });

    it('refuses to pay with a short balance (409 with the amounts), pays once, and refuses twice', async () => {
      const [bill] = await billsOf(manual.orgId);
      await setWallet(ctx, manual, { balanceCents: 1_000 });
      const refused = await call('POST', '/api/billing/bill/pay', manual.token, { bid: bill.bid });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        `The balance (¥10.00) is lower than the amount (¥${(expectedTotal / 100).toFixed(2)})`,
      );
      expect(await ledgerOf(manual.orgId)).toHaveLength(0);

      await setWallet(ctx, manual, { balanceCents: 50_000 });
      const paid = await call<BillingPayment>('POST', '/api/billing/bill/pay', manual.token, {
        bid: bill.bid,
      });
      expect(paid.status).toBe(200);
      // Expired yesterday: a month from today.
      const renewed = addMonths(utcDay(Date.now()), 1);
      expect(paid.body.data).toMatchObject({
        balanceCents: 50_000 - expectedTotal,
        validateUntilDate: renewed,
      });
      expect(paid.body.data.bill).toMatchObject({ state: 'paid', paidBy: 'manual', renewedUntil: renewed });
      const ledger = await ledgerOf(manual.orgId);
      expect(ledger.map((row) => [row.kind, row.amount_cents, row.reference, row.operator_id])).toEqual([
        ['bill', -expectedTotal, bill.bid, manual.userId],
      ]);

      const twice = await call('POST', '/api/billing/bill/pay', manual.token, { bid: bill.bid });
      expect(twice.status).toBe(409);
      expect(await ledgerOf(manual.orgId)).toHaveLength(1);
      const missing = await call('POST', '/api/billing/bill/pay', manual.token, {});
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((field) => field.field)).toEqual(['bid']);
    });

    it('renews months ahead of time from the balance, at the plan’s base fee', async () => {
      const org = await organizationOnPlan({
        autoPay: false,
        balanceCents: 100_000,
        validity: dayFromToday(10),
      });
      const renewed = await call<BillingPayment>('POST', '/api/billing/renew', org.token, { months: 3 });
      expect(renewed.status).toBe(200);
      expect(renewed.body.data).toEqual({
        balanceCents: 100_000 - 30_000,
        validateUntilDate: addMonths(dayFromToday(10), 3),
      });
      expect((await ledgerOf(org.orgId)).map((row) => [row.kind, row.amount_cents])).toEqual([
        ['renew', -30_000],
      ]);

      for (const months of [0, 37, 'x']) {
        const bad = await call('POST', '/api/billing/renew', org.token, { months });
        expect(bad.status).toBe(400);
        expect(bad.body.fields?.map((field) => field.field)).toEqual(['months']);
      }
      const tooMuch = await call('POST', '/api/billing/renew', org.token, { months: 36 });
      expect(tooMuch.status).toBe(409);
      expect(tooMuch.body.message).toContain('¥700.00');
      await setWallet(ctx, org, { validity: null });
      expect((await call('POST', '/api/billing/renew', org.token, { months: 1 })).status).toBe(409);
      // On the free default plan there is nothing to renew.
      expect((await call('POST', '/api/billing/renew', other.token, { months: 1 })).status).toBe(409);
    });
  });

  describe('overview, settings and usage', () => {
    it('shows the wallet, plan, this month’s usage and estimate, unpaid bills and payment methods', async () => {
      await ctx.database.db
        .insertInto('user_setting')
        .values({ user_id: short.userId, wechat_pay: 1, alipay: 1, updated_at: 1 })
        .execute();
      const { status, body } = await call<BillingOverview>('GET', '/api/billing/overview', short.token);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        balanceCents: 100,
        validateUntilDate: dayFromToday(5),
        state: 'expiring',
        daysLeft: 5,
        addOns: ['sla'],
        autoPay: true,
        unpaidBills: 1,
        unpaidCents: expectedTotal,
        // Alipay is switched on but not configured on the server.
        providers: ['wechatpay'],
      });
      expect(body.data.plan?.pid).toBe(pid);
      expect(body.data.usage).toEqual({
        period,
        peakSeats: 5,
        seatsToday: 5,
        tokens: 2_500_000,
        estimateCents: expectedTotal,
      });
      const free = await call<BillingOverview>('GET', '/api/billing/overview', other.token);
      expect(free.body.data).toMatchObject({ state: 'active', daysLeft: null, providers: [] });
      expect(free.body.data.plan?.isDefault).toBe(true);
    });

    it('saves auto-pay and the plan’s add-ons, naming an add-on the plan does not offer', async () => {
      const saved = await call<BillingOverview>('POST', '/api/billing/settings', short.token, {
        autoPay: false,
        addOns: ['audit'],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ autoPay: false, addOns: ['audit'] });
      const bad = await call('POST', '/api/billing/settings', short.token, { addOns: ['audit', 'nope'] });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toEqual([{ field: 'addOns.1', message: 'not offered by the plan' }]);
    });

    it('lists usage days for a chart, today counted live, and names a bad range', async () => {
      const today = utcDay(Date.now());
      const { status, body } = await call<UsageDay[]>(
        'GET',
        `/api/billing/usage?from=${dayFromToday(-3)}&to=${today}`,
        short.token,
      );
      expect(status).toBe(200);
      expect(body.data.at(-1)).toEqual({ day: today, seats: 5, tokens: 2_500_000 });
      const backwards = await call(
        'GET',
        `/api/billing/usage?from=${today}&to=${dayFromToday(-1)}`,
        short.token,
      );
      expect(backwards.status).toBe(400);
      expect(backwards.body.fields?.map((field) => field.field)).toEqual(['to']);
      const malformed = await call('GET', '/api/billing/usage?from=yesterday&to=today', short.token);
      expect(malformed.status).toBe(400);
      expect(malformed.body.fields?.map((field) => field.field).sort()).toEqual(['from', 'to']);
    });

    it('records every organisation’s usage with grouped statements', async () => {
      const rows = await ctx.database.db
        .selectFrom('usage_day')
        .select(['seats', 'tokens'])
        .where('org_id', '=', auto.orgId)
        .where('day', '=', utcDay(Date.now()))
        .executeTakeFirstOrThrow();
      expect(rows).toEqual({ seats: 5, tokens: 2_500_000 });
    });
  });

  describe('platform staff', () => {
    it('answers 401 without a token and 403 to an organisation admin', async () => {
      const routes: ['GET' | 'POST', string, object?][] = [
        ['GET', '/api/platform/billing/bill/query'],
        ['GET', `/api/platform/billing/overview?subDomain=${manual.subDomain}`],
        ['POST', '/api/platform/billing/bill/void', { bid: 'x', reason: 'x' }],
        ['POST', '/api/platform/billing/bill/issue', { subDomain: 'x', period }],
      ];
      for (const [method, url, payload] of routes) {
        expect((await call(method, url, undefined, payload)).status, url).toBe(401);
        expect((await call(method, url, manual.token, payload)).status, url).toBe(403);
      }
    });

    it('lists every organisation’s bills, narrowed by organisation and state', async () => {
      const all = await call<Page<Bill>>(
        'GET',
        `/api/platform/billing/bill/query?period=${period}&size=100`,
        staff,
      );
      expect(all.status).toBe(200);
      const subDomains = all.body.data.content.map((bill) => bill.organization?.subDomain);
      expect(subDomains).toEqual(expect.arrayContaining([manual.subDomain, auto.subDomain, short.subDomain]));
      const one = await call<Page<Bill>>(
        'GET',
        `/api/platform/billing/bill/query?subDomain=${auto.subDomain}&state=paid`,
        staff,
      );
      expect(one.body.data.content.map((bill) => bill.organization?.subDomain)).toEqual([auto.subDomain]);
      const overview = await call<BillingOverview>(
        'GET',
        `/api/platform/billing/overview?subDomain=${short.subDomain}`,
        staff,
      );
      expect(overview.body.data.unpaidBills).toBe(1);
      expect((await call('GET', '/api/platform/billing/overview?subDomain=nope', staff)).status).toBe(404);
    });

    it('voids an unpaid bill, and a paid one with its amount back to the balance', async () => {
      const [unpaid] = await billsOf(short.orgId);
      const voided = await call<Bill>('POST', '/api/platform/billing/bill/void', staff, {
        bid: unpaid.bid,
        reason: 'Wrong plan',
      });
      expect(voided.status).toBe(200);
      expect(voided.body.data.state).toBe('void');
      expect(
        (await call('POST', '/api/platform/billing/bill/void', staff, { bid: unpaid.bid, reason: 'x' }))
          .status,
      ).toBe(409);

      const [paid] = await billsOf(auto.orgId);
      const before = await walletOf(ctx, auto);
      expect(
        (await call('POST', '/api/platform/billing/bill/void', staff, { bid: paid.bid, reason: 'Goodwill' }))
          .status,
      ).toBe(200);
      const after = await walletOf(ctx, auto);
      expect(after.balance_cents).toBe(before.balance_cents + expectedTotal);
      expect(after.validate_until_date).toBe(before.validate_until_date);
      expect((await ledgerOf(auto.orgId)).at(-1)).toMatchObject({
        kind: 'credit',
        amount_cents: expectedTotal,
        reference: paid.bid,
      });
      const bad = await call('POST', '/api/platform/billing/bill/void', staff, { bid: paid.bid });
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((field) => field.field)).toEqual(['reason']);
      expect(
        (await call('POST', '/api/platform/billing/bill/void', staff, { bid: 'nope', reason: 'x' })).status,
      ).toBe(404);
    });

    it('issues a bill now for a month without a live one', async () => {
      const issued = await call<Bill>('POST', '/api/platform/billing/bill/issue', staff, {
        subDomain: short.subDomain,
        period,
      });
      expect(issued.status).toBe(200);
      // Settings changed meanwhile: the audit add-on instead of SLA, and no auto-pay.
      expect(issued.body.data).toMatchObject({
        period,
        state: 'unpaid',
        totalCents: expectedTotal - 5_000 + 2_000,
      });
      expect(issued.body.data.organization?.subDomain).toBe(short.subDomain);
      const again = await call('POST', '/api/platform/billing/bill/issue', staff, {
        subDomain: short.subDomain,
        period,
      });
      expect(again.status).toBe(409);
      const future = await call('POST', '/api/platform/billing/bill/issue', staff, {
        subDomain: short.subDomain,
        period: nextPeriod(period),
      });
      expect(future.status).toBe(400);
      expect(future.body.fields?.map((field) => field.field)).toEqual(['period']);
      expect(
        (await call('POST', '/api/platform/billing/bill/issue', staff, { subDomain: 'nope', period })).status,
      ).toBe(404);
      const free = await call('POST', '/api/platform/billing/bill/issue', staff, {
        subDomain: other.subDomain,
        period,
      });
      expect(free.status).toBe(409);
    });
  });
});
