import {
  toPage,
  type Bill,
  type BillingOverview,
  type BillingPayment,
  type billingRenewBodySchema,
  type billingSettingsBodySchema,
  type BillLine,
  type billIssueBodySchema,
  type billQuerySchema,
  type billVoidBodySchema,
  type Page,
  type PaymentProviderValue,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { DialectName, Executor } from '../../../db/database.js';
import { isUniqueViolation } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import type { Principal } from '../../auth/auth.service.js';
import { noSessionRevoker, type SessionRevoker } from '../../auth/principal-cache.js';
import { findSettingsOfUser } from '../../user/user-settings.repository.js';
import { findOrganizationBySubDomain } from '../ledger/ledger.repository.js';
import { moveBalance } from '../ledger/ledger.service.js';
import { expiryOf } from '../expiry/expiry.state.js';
import {
  addOnCodesOf,
  addOnsOfPlan,
  findEffectivePlan,
  pricesOf,
  type PlanService,
} from '../plan/plan.service.js';
import { findOrgBilling, listPlans, upsertOrgBilling } from '../plan/plan.repository.js';
import type { OrgBillingRow, PlanRow } from '../plan/plan.repository.js';
import { peakSeatsByOrg, tokensByOrg } from '../usage/usage.repository.js';
import type { UsageService } from '../usage/usage.service.js';
import { computeBill } from './bill.compute.js';
import { addMonths, laterDay, periodBounds, periodOf, previousPeriod, utcDay } from './billing.dates.js';
import {
  findBill,
  findInvoiceStatesOfBills,
  findLiveBillOfPeriod,
  findWallet,
  insertBill,
  listOrganizationsWithoutBill,
  markBillPaid,
  markBillVoid,
  pageBills,
  setValidity,
  summarizeUnpaid,
  type BillRow,
  type BillWithOrganization,
} from './bill.repository.js';

/** An unpaid bill is due this long after it is issued. */
export const billPaymentTermMs = 7 * 24 * 3600_000;

const yuan = (cents: number): string => (cents / 100).toFixed(2);

const parseLines = (text: string): BillLine[] => {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as BillLine[]) : [];
  } catch {
    return [];
  }
};

export const toBill = (
  row: BillWithOrganization,
  invoiceState: string | undefined,
  withOrganization: boolean,
): Bill => ({
  bid: row.bid,
  period: row.period,
  lines: parseLines(row.lines),
  totalCents: Number(row.total_cents),
  state: row.state as Bill['state'],
  paidBy: (row.paid_by as Bill['paidBy']) ?? null,
  paidAt: row.paid_at === null ? null : Number(row.paid_at),
  renewedUntil: row.renewed_until,
  dueAt: Number(row.due_at),
  invoiceState: (invoiceState as Bill['invoiceState']) ?? null,
  createdAt: Number(row.created_at),
  ...(withOrganization
    ? { organization: { oid: row.oid, name: row.organization_name, subDomain: row.sub_domain } }
    : {}),
});

/** The insufficient-balance refusal, with what is missing. */
const insufficient = (balanceCents: number, amountCents: number) =>
  AppError.conflict('billing.insufficientBalance', {
    params: {
      balance: yuan(balanceCents),
      amount: yuan(amountCents),
      shortfall: yuan(amountCents - balanceCents),
    },
  });

export type BillService = ReturnType<typeof createBillService>;

export const createBillService = (deps: {
  db: Executor;
  dialect: DialectName;
  usage: UsageService;
  plans: PlanService;
  /** Signed-in users carry their organisation's validity: forgotten when it changes. */
  sessions?: SessionRevoker;
  /** Payment methods configured on the server. */
  configuredProviders: () => PaymentProviderValue[];
  now?: () => number;
}) => {
  const { db, dialect, usage } = deps;
  const sessions = deps.sessions ?? noSessionRevoker;
  const now = deps.now ?? Date.now;

  const toBills = async (rows: BillWithOrganization[], withOrganization: boolean): Promise<Bill[]> => {
    const states = await findInvoiceStatesOfBills(
      db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toBill(row, states.get(row.id), withOrganization));
  };

  const billOrThrow = async (executor: Executor, orgId: number | null, bid: string) => {
    const row = await findBill(executor, orgId, bid);
    if (!row) throw AppError.notFound('billing.billNotFound', { bid });
    return row;
  };

  /**
   * Pays a bill from the wallet inside the caller's transaction: the bill marked paid, the validity
   * renewed by a month from the later of today and the current validity (no validity stays none),
   * and the ledger's 'bill' movement. Throws the insufficient-balance refusal (nothing changed).
   */
  const payInTransaction = async (
    trx: Executor,
    input: { orgId: number; bill: BillRow; paidBy: 'auto' | 'manual'; operatorId: number | null; at: number },
  ): Promise<{ balanceCents: number; validity: string | null }> => {
    const wallet = await findWallet(trx, dialect, input.orgId, { lock: true });
    if (!wallet) throw AppError.notFound('billing.noOwner');
    const total = Number(input.bill.total_cents);
    if (wallet.balanceCents < total) throw insufficient(wallet.balanceCents, total);
    const renewedUntil =
      wallet.validity === null ? null : addMonths(laterDay(utcDay(input.at), wallet.validity), 1);
    if (!(await markBillPaid(trx, input.bill.id, { paidBy: input.paidBy, paidAt: input.at, renewedUntil })))
      throw AppError.conflict('billing.billNotPayable', { params: { state: input.bill.state } });
    // The validity first, so the ledger row records the validity this payment bought.
    if (renewedUntil !== null) await setValidity(trx, wallet.ownerId, renewedUntil, input.at);
    const moved = await moveBalance(trx, {
      orgId: input.orgId,
      kind: 'bill',
      amountCents: -total,
      reference: input.bill.bid,
      description: `Bill ${input.bill.period}`,
      operatorId: input.operatorId,
      now: input.at,
    });
    return { balanceCents: moved.balanceAfterCents, validity: moved.validateUntilDate };
  };

  type IssueInput = {
    orgId: number;
    period: string;
    plan: PlanRow;
    billing: OrgBillingRow | undefined;
    usage: { peakSeats: number; tokens: number };
    at: number;
  };

  /**
   * Issues one bill in its own transaction and, with auto-pay and enough balance, pays it at once.
   * Answers null for a bill of nothing (a free plan used within it) or when a live bill for the month
   * exists already (another node or an earlier run issued it).
   */
  const issueOne = async (input: IssueInput): Promise<string | null> => {
    const { lines, totalCents } = computeBill(pricesOf(input.plan), input.usage, addOnCodesOf(input.billing));
    if (totalCents <= 0) return null;
    const bid = createPublicId();
    const isAutoPay = (input.billing?.auto_pay ?? 1) === 1;
    let isPaid = false;
    try {
      await db.transaction().execute(async (trx) => {
        if (await findLiveBillOfPeriod(trx, input.orgId, input.period)) throw new BillExists();
        await insertBill(trx, {
          bid,
          org_id: input.orgId,
          period: input.period,
          lines: JSON.stringify(lines),
          total_cents: totalCents,
          state: 'unpaid',
          paid_by: null,
          paid_at: null,
          renewed_until: null,
          void_reason: null,
          due_at: input.at + billPaymentTermMs,
          created_at: input.at,
          updated_at: input.at,
        });
        if (!isAutoPay) return;
        const wallet = await findWallet(trx, dialect, input.orgId, { lock: true });
        if (!wallet || wallet.balanceCents < totalCents) return;
        const bill = await billOrThrow(trx, input.orgId, bid);
        await payInTransaction(trx, {
          orgId: input.orgId,
          bill,
          paidBy: 'auto',
          operatorId: null,
          at: input.at,
        });
        isPaid = true;
      });
    } catch (error) {
      if (error instanceof BillExists || isUniqueViolation(error)) return null;
      throw error;
    }
    if (isPaid) sessions.forgetOrganization(input.orgId);
    return bid;
  };

  /**
   * Last month's bill for every organisation on a plan that has none yet. Safe to run again and on
   * several nodes at once: a live bill per organisation and month is unique. Reads the month's usage
   * of all organisations in two grouped queries.
   */
  const issueMonthly = async (at: number = now()): Promise<string[]> => {
    const period = previousPeriod(periodOf(at));
    const { firstDay, lastDay } = periodBounds(period);
    const organizations = await listOrganizationsWithoutBill(db, period, periodBounds(periodOf(at)).startMs);
    if (organizations.length === 0) return [];
    const [plans, billingRows, peaks, tokens] = await Promise.all([
      listPlans(db),
      db.selectFrom('org_billing').selectAll().execute(),
      peakSeatsByOrg(db, { from: firstDay, to: lastDay }),
      tokensByOrg(db, { from: firstDay, to: lastDay }),
    ]);
    const planById = new Map(plans.map((plan) => [plan.id, plan]));
    const defaultPlan = plans.find((plan) => plan.is_default === 1);
    const billingByOrg = new Map(billingRows.map((row) => [Number(row.org_id), row]));
    const issued: string[] = [];
    for (const organization of organizations) {
      const billing = billingByOrg.get(organization.id);
      const plan = billing?.plan_id != null ? planById.get(Number(billing.plan_id)) : defaultPlan;
      if (!plan) continue;
      const bid = await issueOne({
        orgId: organization.id,
        period,
        plan,
        billing,
        usage: { peakSeats: peaks.get(organization.id) ?? 0, tokens: tokens.get(organization.id) ?? 0 },
        at,
      });
      if (bid) issued.push(bid);
    }
    return issued;
  };

  /** Platform staff: one organisation's bill for a month, now (tests, corrections after a void). */
  const issueNow = async (body: z.output<typeof billIssueBodySchema>): Promise<Bill> => {
    const at = now();
    if (body.period > periodOf(at))
      throw AppError.badRequest('billing.futurePeriod', {
        fields: [{ field: 'period', message: 'must not be a later month' }],
      });
    const organization = await findOrganizationBySubDomain(db, body.subDomain);
    if (!organization) throw AppError.notFound('billing.organizationNotFound', { subDomain: body.subDomain });
    if (await findLiveBillOfPeriod(db, organization.id, body.period))
      throw AppError.conflict('billing.billExists', { params: { period: body.period } });
    const billing = await findOrgBilling(db, organization.id);
    const plan = await findEffectivePlan(db, billing);
    if (!plan) throw AppError.conflict('billing.noPlan');
    const month = await usage.monthOf(organization.id, body.period, at);
    const bid = await issueOne({
      orgId: organization.id,
      period: body.period,
      plan,
      billing,
      usage: month,
      at,
    });
    if (!bid) {
      if (await findLiveBillOfPeriod(db, organization.id, body.period))
        throw AppError.conflict('billing.billExists', { params: { period: body.period } });
      throw AppError.conflict('billing.emptyBill', { params: { period: body.period } });
    }
    return (await toBills([await billOrThrow(db, null, bid)], true))[0];
  };

  /** A user of the organisation pays one of its unpaid bills from the balance. */
  const pay = async (principal: Principal, bid: string): Promise<BillingPayment> => {
    const at = now();
    const result = await db.transaction().execute(async (trx) => {
      const bill = await billOrThrow(trx, principal.orgId, bid);
      if (bill.state !== 'unpaid')
        throw AppError.conflict('billing.billNotPayable', { params: { state: bill.state } });
      return payInTransaction(trx, {
        orgId: principal.orgId,
        bill,
        paidBy: 'manual',
        operatorId: principal.userId,
        at,
      });
    });
    sessions.forgetOrganization(principal.orgId);
    const [bill] = await toBills([await billOrThrow(db, principal.orgId, bid)], false);
    return { balanceCents: result.balanceCents, validateUntilDate: result.validity, bill };
  };

  /** Pays months × the plan's base fee ahead of time, extending the validity by that many months. */
  const renew = async (
    principal: Principal,
    body: z.output<typeof billingRenewBodySchema>,
  ): Promise<BillingPayment> => {
    const at = now();
    const plan = await findEffectivePlan(db, await findOrgBilling(db, principal.orgId));
    if (!plan) throw AppError.conflict('billing.noPlan');
    const amount = Number(plan.monthly_cents) * body.months;
    if (amount <= 0) throw AppError.conflict('billing.freePlan');
    const result = await db.transaction().execute(async (trx) => {
      const wallet = await findWallet(trx, dialect, principal.orgId, { lock: true });
      if (!wallet) throw AppError.notFound('billing.noOwner');
      if (wallet.validity === null) throw AppError.conflict('billing.noExpiry');
      if (wallet.balanceCents < amount) throw insufficient(wallet.balanceCents, amount);
      const validity = addMonths(laterDay(utcDay(at), wallet.validity), body.months);
      await setValidity(trx, wallet.ownerId, validity, at);
      const moved = await moveBalance(trx, {
        orgId: principal.orgId,
        kind: 'renew',
        amountCents: -amount,
        reference: null,
        description: `Renewal: ${body.months} month(s) of ${plan.name}`,
        operatorId: principal.userId,
        now: at,
      });
      return { balanceCents: moved.balanceAfterCents, validity: moved.validateUntilDate };
    });
    sessions.forgetOrganization(principal.orgId);
    return { balanceCents: result.balanceCents, validateUntilDate: result.validity };
  };

  /**
   * Platform staff void a bill. A paid bill's amount goes back to the balance (ledger 'credit');
   * the validity it bought stays. A bill with a live invoice must have it rejected first.
   */
  const voidBill = async (principal: Principal, body: z.output<typeof billVoidBodySchema>): Promise<Bill> => {
    const at = now();
    await db.transaction().execute(async (trx) => {
      const bill = await billOrThrow(trx, null, body.bid);
      if (bill.state === 'void') throw AppError.conflict('billing.billNotVoidable');
      const states = await findInvoiceStatesOfBills(trx, [bill.id]);
      const invoiceState = states.get(bill.id);
      if (invoiceState === 'requested' || invoiceState === 'issued')
        throw AppError.conflict('billing.billInvoiced');
      if (!(await markBillVoid(trx, bill.id, body.reason, at)))
        throw AppError.conflict('billing.billNotVoidable');
      if (bill.state === 'paid')
        await moveBalance(trx, {
          orgId: bill.org_id,
          kind: 'credit',
          amountCents: Number(bill.total_cents),
          reference: bill.bid,
          description: `Bill ${bill.period} void: ${body.reason}`,
          operatorId: principal.userId,
          now: at,
        });
    });
    return (await toBills([await billOrThrow(db, null, body.bid)], true))[0];
  };

  const queryOwn = async (
    principal: Principal,
    query: z.output<typeof billQuerySchema>,
  ): Promise<Page<Bill>> => {
    const result = await pageBills(
      db,
      { orgId: principal.orgId, state: query.state, period: query.period },
      query,
    );
    return toPage(await toBills(result.rows, false), result.total, query);
  };

  const queryAll = async (query: z.output<typeof billQuerySchema>): Promise<Page<Bill>> => {
    const result = await pageBills(
      db,
      { subDomain: query.subDomain, state: query.state, period: query.period },
      query,
    );
    return toPage(await toBills(result.rows, true), result.total, query);
  };

  const getOwn = async (principal: Principal, bid: string): Promise<Bill> =>
    (await toBills([await billOrThrow(db, principal.orgId, bid)], false))[0];

  /** The organisation's standing: wallet, expiry, plan, this month's usage and estimate, unpaid bills. */
  const overviewOf = async (orgId: number, settingsUserId: number | null): Promise<BillingOverview> => {
    const at = now();
    const billing = await findOrgBilling(db, orgId);
    const [wallet, plan, month, unpaid, settings] = await Promise.all([
      findWallet(db, dialect, orgId),
      findEffectivePlan(db, billing),
      usage.monthOf(orgId, periodOf(at), at),
      summarizeUnpaid(db, orgId),
      settingsUserId === null ? Promise.resolve(undefined) : findSettingsOfUser(db, settingsUserId),
    ]);
    const validity = wallet?.validity ?? null;
    const expiry = expiryOf(validity, utcDay(at));
    const addOns = addOnCodesOf(billing);
    const switchedOn = {
      wechatpay: settings?.wechat_pay === 1,
      alipay: settings?.alipay === 1,
    } satisfies Record<PaymentProviderValue, boolean>;
    return {
      balanceCents: wallet?.balanceCents ?? 0,
      validateUntilDate: validity,
      state: expiry.state,
      daysLeft: expiry.daysLeft,
      plan: plan ? await deps.plans.get(plan.pid) : null,
      addOns,
      autoPay: (billing?.auto_pay ?? 1) === 1,
      usage: {
        period: month.period,
        peakSeats: month.peakSeats,
        seatsToday: month.seatsToday,
        tokens: month.tokens,
        estimateCents: plan ? computeBill(pricesOf(plan), month, addOns).totalCents : 0,
      },
      unpaidBills: unpaid.count,
      unpaidCents: unpaid.cents,
      providers: deps.configuredProviders().filter((provider) => switchedOn[provider]),
    };
  };

  const overview = (principal: Principal) => overviewOf(principal.orgId, principal.userId);

  /** Platform staff: one organisation's overview; payment methods as its owner has them. */
  const overviewForStaff = async (subDomain: string): Promise<BillingOverview> => {
    const organization = await findOrganizationBySubDomain(db, subDomain);
    if (!organization) throw AppError.notFound('billing.organizationNotFound', { subDomain });
    return overviewOf(organization.id, organization.owner_user_id);
  };

  /** Auto-pay and the add-ons the organisation's plan offers. */
  const saveSettings = async (
    principal: Principal,
    body: z.output<typeof billingSettingsBodySchema>,
  ): Promise<BillingOverview> => {
    const billing = await findOrgBilling(db, principal.orgId);
    const values: { auto_pay?: number; add_ons?: string } = {};
    if (body.autoPay !== undefined) values.auto_pay = body.autoPay ? 1 : 0;
    if (body.addOns !== undefined) {
      const plan = await findEffectivePlan(db, billing);
      const offered = new Set(plan ? addOnsOfPlan(plan).map((addOn) => addOn.code) : []);
      body.addOns.forEach((code, index) => {
        if (!offered.has(code))
          throw AppError.badRequest('billing.unknownAddOn', {
            params: { code },
            fields: [{ field: `addOns.${index}`, message: 'not offered by the plan' }],
          });
      });
      values.add_ons = JSON.stringify([...new Set(body.addOns)]);
    }
    // Without a row of its own, the organisation is on the default plan: the row keeps it so.
    await upsertOrgBilling(db, principal.orgId, values, now());
    return overview(principal);
  };

  return {
    issueMonthly,
    issueNow,
    pay,
    renew,
    voidBill,
    queryOwn,
    queryAll,
    getOwn,
    overview,
    overviewForStaff,
    saveSettings,
  };
};

/** Thrown inside the issuing transaction to roll it back when the month's bill exists already. */
class BillExists extends Error {}
