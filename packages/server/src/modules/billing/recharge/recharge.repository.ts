import type { PaymentProviderValue, RechargeOrderState } from '@openkefu/contract';
import type { Executor } from '../../../db/database.js';

const orderColumns = [
  'recharge_order.id',
  'recharge_order.order_no',
  'recharge_order.org_id',
  'recharge_order.provider',
  'recharge_order.amount_cents',
  'recharge_order.pay_cents',
  'recharge_order.discount_cents',
  'recharge_order.promotion_id',
  'recharge_order.state',
  'recharge_order.code_url',
  'recharge_order.pay_url',
  'recharge_order.expires_at',
  'recharge_order.transaction_id',
  'recharge_order.paid_at',
  'recharge_order.refunded_cents',
  'recharge_order.flag',
  'recharge_order.created_at',
] as const;

/** An order with what its views show: the promotion code, who placed it, its organisation. */
const selectOrders = (db: Executor) =>
  db
    .selectFrom('recharge_order')
    .innerJoin('organization', 'organization.id', 'recharge_order.org_id')
    .leftJoin('promotion', 'promotion.id', 'recharge_order.promotion_id')
    .leftJoin('user as creator', 'creator.id', 'recharge_order.user_id')
    .select([
      ...orderColumns,
      'promotion.code as promotion_code',
      'creator.username as created_by',
      'organization.oid',
      'organization.name as organization_name',
      'organization.sub_domain',
    ]);

export type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

export const insertOrder = async (
  db: Executor,
  order: {
    orderNo: string;
    orgId: number;
    userId: number;
    provider: PaymentProviderValue;
    amountCents: number;
    payCents: number;
    discountCents: number;
    promotionId: number | null;
    expiresAt: number;
    now: number;
  },
): Promise<number> => {
  const row = await db
    .insertInto('recharge_order')
    .values({
      order_no: order.orderNo,
      org_id: order.orgId,
      user_id: order.userId,
      provider: order.provider,
      amount_cents: order.amountCents,
      pay_cents: order.payCents,
      discount_cents: order.discountCents,
      promotion_id: order.promotionId,
      state: 'pending',
      expires_at: order.expiresAt,
      created_at: order.now,
      updated_at: order.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

/** `orgId` scopes it to the caller's organisation; null only for the platform and for notifications. */
export const findOrder = async (
  db: Executor,
  orderNo: string,
  orgId: number | null,
): Promise<OrderRow | undefined> => {
  let query = selectOrders(db).where('recharge_order.order_no', '=', orderNo);
  if (orgId !== null) query = query.where('recharge_order.org_id', '=', orgId);
  return query.executeTakeFirst();
};

export type OrderFilter = {
  orgId?: number;
  state?: RechargeOrderState;
  provider?: PaymentProviderValue;
  subDomain?: string;
  orderNo?: string;
};

export const pageOrders = async (
  db: Executor,
  filter: OrderFilter,
  paging: { page: number; size: number },
) => {
  let base = selectOrders(db);
  if (filter.orgId !== undefined) base = base.where('recharge_order.org_id', '=', filter.orgId);
  if (filter.state) base = base.where('recharge_order.state', '=', filter.state);
  if (filter.provider) base = base.where('recharge_order.provider', '=', filter.provider);
  if (filter.subDomain) base = base.where('organization.sub_domain', '=', filter.subDomain);
  if (filter.orderNo) base = base.where('recharge_order.order_no', '=', filter.orderNo);
  const [countRow, rows] = await Promise.all([
    base
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    base
      .orderBy('recharge_order.created_at', 'desc')
      .orderBy('recharge_order.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};

export const setOrderStart = async (
  db: Executor,
  id: number,
  start: { codeUrl: string | null; payUrl: string | null; now: number },
): Promise<void> => {
  await db
    .updateTable('recharge_order')
    .set({ code_url: start.codeUrl, pay_url: start.payUrl, updated_at: start.now })
    .where('id', '=', id)
    .execute();
};

/**
 * pending or closed → paid with the provider's transaction, once: a replay or a concurrent copy of
 * the same notification finds the transaction set and changes nothing (and the unique index on
 * transaction_id backs this up).
 */
export const markOrderPaid = async (
  db: Executor,
  id: number,
  paid: { transactionId: string; paidAt: number; now: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('recharge_order')
    .set({
      state: 'paid',
      transaction_id: paid.transactionId,
      paid_at: paid.paidAt,
      updated_at: paid.now,
    })
    .where('id', '=', id)
    .where('state', 'in', ['pending', 'closed'])
    .where('transaction_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** pending → closed; false when it was no longer pending (paid meanwhile, or closed already). */
export const markOrderClosed = async (db: Executor, id: number, now: number): Promise<boolean> => {
  const result = await db
    .updateTable('recharge_order')
    .set({ state: 'closed', updated_at: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const flagOrder = async (db: Executor, id: number, flag: string, now: number): Promise<void> => {
  await db.updateTable('recharge_order').set({ flag, updated_at: now }).where('id', '=', id).execute();
};

export const setOrderState = async (
  db: Executor,
  id: number,
  state: RechargeOrderState,
  now: number,
): Promise<void> => {
  await db.updateTable('recharge_order').set({ state, updated_at: now }).where('id', '=', id).execute();
};

/** Pending orders past their expiry, oldest first. */
export const listExpiredPendingOrders = async (db: Executor, at: number, limit: number) =>
  db
    .selectFrom('recharge_order')
    .select(['order_no'])
    .where('state', '=', 'pending')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit)
    .execute();

/**
 * Reserves `amountCents` of the paid amount for a refund in one conditional UPDATE, so two refunds
 * at once never exceed what was paid. A negative amount gives back a refund that did not happen.
 */
export const addRefundedCents = async (
  db: Executor,
  id: number,
  amountCents: number,
  now: number,
): Promise<boolean> => {
  const result = await db
    .updateTable('recharge_order')
    .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', amountCents), updated_at: now }))
    .where('id', '=', id)
    .where((eb) => eb(eb('refunded_cents', '+', amountCents), '<=', eb.ref('pay_cents')))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export type RefundRow = {
  id: number;
  out_refund_no: string;
  order_id: number;
  org_id: number;
  amount_cents: number;
  debit_cents: number;
  state: string;
  reason: string;
  refund_id: string | null;
};

export const insertRefund = async (
  db: Executor,
  refund: {
    outRefundNo: string;
    orderId: number;
    orgId: number;
    amountCents: number;
    debitCents: number;
    reason: string;
    operatorId: number;
    now: number;
  },
): Promise<void> => {
  await db
    .insertInto('recharge_refund')
    .values({
      out_refund_no: refund.outRefundNo,
      order_id: refund.orderId,
      org_id: refund.orgId,
      amount_cents: refund.amountCents,
      debit_cents: refund.debitCents,
      state: 'processing',
      reason: refund.reason,
      operator_id: refund.operatorId,
      created_at: refund.now,
      updated_at: refund.now,
    })
    .execute();
};

export const findRefund = async (db: Executor, outRefundNo: string): Promise<RefundRow | undefined> =>
  db
    .selectFrom('recharge_refund')
    .select([
      'id',
      'out_refund_no',
      'order_id',
      'org_id',
      'amount_cents',
      'debit_cents',
      'state',
      'reason',
      'refund_id',
    ])
    .where('out_refund_no', '=', outRefundNo)
    .executeTakeFirst();

/** processing → a final state, once (a replayed refund notification changes nothing). */
export const settleRefund = async (
  db: Executor,
  id: number,
  outcome: { state: 'success' | 'closed' | 'abnormal'; refundId: string | null; now: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('recharge_refund')
    .set((eb) => ({
      state: outcome.state,
      refund_id: outcome.refundId ?? eb.ref('refund_id'),
      updated_at: outcome.now,
    }))
    .where('id', '=', id)
    .where('state', '=', 'processing')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

export const setRefundId = async (db: Executor, id: number, refundId: string, now: number) => {
  await db
    .updateTable('recharge_refund')
    .set({ refund_id: refundId, updated_at: now })
    .where('id', '=', id)
    .execute();
};

export const hasSucceededRefund = async (db: Executor, orderId: number): Promise<boolean> =>
  (await db
    .selectFrom('recharge_refund')
    .select('id')
    .where('order_id', '=', orderId)
    .where('state', '=', 'success')
    .executeTakeFirst()) !== undefined;
