import {
  rechargeOrderTtlMs,
  toPage,
  type Page,
  type PaymentProviderValue,
  type RechargeOrder,
  type RechargeOrderState,
  type rechargeCreateBodySchema,
  type rechargeQuerySchema,
  type refundBodySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import { createPublicId } from '../../../lib/ids.js';
import { OutsideError } from '../../../lib/outside/http.js';
import {
  PaymentNotificationError,
  type IncomingNotification,
  type NotificationAnswer,
  type PaymentGateway,
  type PaymentNotification,
} from '../../../lib/payments/payment.gateway.js';
import type { Principal } from '../../auth/auth.service.js';
import type { JobRunner } from '../../job/job.runner.js';
import type { RealtimeHub } from '../../realtime/hub.js';
import { orgAgentsRoom } from '../../realtime/rooms.js';
import { defaultSettingsRow, findSettingsOfUser } from '../../user/user-settings.repository.js';
import { moveBalance } from '../ledger/ledger.service.js';
import {
  insertPromotionUse,
  releasePromotionUseOfOrder,
  takePromotionUse,
} from '../promotion/promotion.repository.js';
import type { PromotionService } from '../promotion/promotion.service.js';
import {
  addRefundedCents,
  findOrder,
  findRefund,
  flagOrder,
  hasSucceededRefund,
  insertOrder,
  insertRefund,
  listExpiredPendingOrders,
  markOrderClosed,
  markOrderPaid,
  pageOrders,
  setOrderStart,
  setOrderState,
  setRefundId,
  settleRefund,
  type OrderRow,
  type RefundRow,
} from './recharge.repository.js';

/** The configured providers' clients (config WECHATPAY_* / ALIPAY_*); a missing one is not set up. */
export type PaymentGateways = Partial<Record<PaymentProviderValue, PaymentGateway>>;

export const rechargeExpireJob = 'billing.recharge.expire';
export const rechargeRefundJob = 'billing.recharge.refund';
/** The sweep leaves orders this long past expiry to their own jobs. */
const sweepGraceMs = 10 * 60_000;

const yuan = (cents: number): string => (cents / 100).toFixed(2);

/** 26 letters and digits, time first so numbers sort by creation on the provider's side too. */
const createNumber = (prefix: string, at: number): string =>
  `${prefix}${new Date(at).toISOString().replace(/\D/g, '').slice(0, 14)}${createPublicId(10)}`;

const describeFailure = (error: unknown): string => {
  if (error instanceof OutsideError)
    return error.platformCode ? `${error.message} (${error.platformCode})` : error.message;
  return error instanceof Error ? error.message : String(error);
};

const providerFailed = (error: unknown) =>
  new AppError('UNPROCESSABLE', 422, 'recharge.providerFailed', {
    params: { reason: describeFailure(error).slice(0, 300) },
  });

const toOrderState = (state: string): RechargeOrderState =>
  state === 'paid' || state === 'closed' || state === 'refunded' ? state : 'pending';

const toRechargeOrder = (row: OrderRow, withOrganization: boolean): RechargeOrder => {
  const isPending = row.state === 'pending';
  return {
    orderNo: row.order_no,
    provider: row.provider === 'alipay' ? 'alipay' : 'wechatpay',
    amountCents: row.amount_cents,
    payCents: row.pay_cents,
    discountCents: row.discount_cents,
    promotionCode: row.promotion_code,
    state: toOrderState(row.state),
    // Only a pending order can still be paid: the code and the cashier page are not shown after.
    codeUrl: isPending ? row.code_url : null,
    payUrl: isPending ? row.pay_url : null,
    expiresAt: row.expires_at,
    transactionId: row.transaction_id,
    paidAt: row.paid_at,
    refundedCents: row.refunded_cents,
    flag: row.flag,
    createdAt: row.created_at,
    createdBy: row.created_by,
    ...(withOrganization
      ? { organization: { oid: row.oid, name: row.organization_name, subDomain: row.sub_domain } }
      : {}),
  };
};

/**
 * The balance a refund takes back: the credited share of the refunded money (a promotion credited
 * more than was paid), computed on running totals so that refunding everything takes back exactly
 * what was credited.
 */
export const refundDebitOf = (
  order: { amount_cents: number; pay_cents: number },
  refundedBefore: number,
  amountCents: number,
): number => {
  const shareOf = (paid: number) => Math.round((paid * order.amount_cents) / order.pay_cents);
  return shareOf(refundedBefore + amountCents) - shareOf(refundedBefore);
};

export type RechargeService = ReturnType<typeof createRechargeService>;

/**
 * Recharge orders: placed by an organisation's admins with WeChat Pay (QR code) or Alipay (cashier
 * page), credited once when the provider's signed notification (or a query before closing) says
 * paid, closed when the user gives up or the order expires, and refunded by platform staff.
 */
export const createRechargeService = (deps: {
  db: Executor;
  hub: RealtimeHub;
  jobs: JobRunner;
  promotions: PromotionService;
  gateways: PaymentGateways;
  /** PUBLIC_URL; '' uses the address the request came to. */
  publicUrl: string;
  logger: {
    warn: (context: object, message: string) => void;
    error: (context: object, message: string) => void;
  };
  now?: () => number;
}) => {
  const { db, hub, jobs, promotions, gateways, logger } = deps;
  const now = deps.now ?? Date.now;

  const baseUrlOf = (origin: string) => (deps.publicUrl || origin).replace(/\/+$/, '');
  const notifyUrlOf = (provider: PaymentProviderValue, origin: string) =>
    `${baseUrlOf(origin)}/api/billing/notify/${provider}`;

  const push = (orgId: number, orderNo: string, state: RechargeOrderState) =>
    hub.emit([orgAgentsRoom(orgId)], 'recharge:update', { orderNo, state });

  const load = async (orderNo: string, orgId: number | null): Promise<OrderRow> => {
    const row = await findOrder(db, orderNo, orgId);
    if (!row) throw AppError.notFound('recharge.orderNotFound', { orderNo });
    return row;
  };

  const isSwitchedOn = async (userId: number, provider: PaymentProviderValue): Promise<boolean> => {
    const settings = (await findSettingsOfUser(db, userId)) ?? defaultSettingsRow;
    return (provider === 'wechatpay' ? settings.wechat_pay : settings.alipay) === 1;
  };

  /** Providers both set up on the server and switched on in the user's settings (spec §3). */
  const usableProviders = async (principal: Principal): Promise<PaymentProviderValue[]> => {
    const usable: PaymentProviderValue[] = [];
    for (const provider of ['wechatpay', 'alipay'] as const)
      if (gateways[provider] && (await isSwitchedOn(principal.userId, provider))) usable.push(provider);
    return usable;
  };

  /** pending → closed here, giving back the promotion use; answers whether it changed. */
  const closeLocally = async (order: { id: number; org_id: number; order_no: string }) => {
    const isClosed = await db.transaction().execute(async (trx) => {
      const at = now();
      if (!(await markOrderClosed(trx, order.id, at))) return false;
      await releasePromotionUseOfOrder(trx, order.id, at);
      return true;
    });
    if (isClosed) push(order.org_id, order.order_no, 'closed');
    return isClosed;
  };

  /**
   * The provider says the order was paid: in one transaction, mark it paid (pending, or closed here
   * but paid there: the money was taken) and credit the balance, once per provider transaction.
   * A payment of another amount is flagged and not credited.
   */
  const settlePaid = async (
    orderNo: string,
    paid: { transactionId: string; amountCents: number; paidAt: number },
  ): Promise<'paid' | 'replay' | 'flagged' | 'unknown'> => {
    const outcome = await db.transaction().execute(async (trx) => {
      const order = await findOrder(trx, orderNo, null);
      if (!order) return { result: 'unknown' as const };
      if (order.transaction_id === paid.transactionId) return { result: 'replay' as const };
      const at = now();
      if (order.transaction_id !== null) {
        await flagOrder(trx, order.id, `secondTransaction:${paid.transactionId}`.slice(0, 200), at);
        return { result: 'flagged' as const };
      }
      if (paid.amountCents !== order.pay_cents) {
        await flagOrder(trx, order.id, `amountMismatch:${paid.amountCents}`, at);
        return { result: 'flagged' as const };
      }
      const wasClosed = order.state === 'closed';
      if (!(await markOrderPaid(trx, order.id, { ...paid, now: at }))) return { result: 'replay' as const };
      await moveBalance(trx, {
        orgId: order.org_id,
        kind: 'recharge',
        amountCents: order.amount_cents,
        reference: order.order_no,
        description: `${order.provider} ${paid.transactionId}`.slice(0, 200),
        operatorId: null,
        now: at,
      });
      if (wasClosed) {
        await flagOrder(trx, order.id, 'paidAfterClose', at);
        // The payer paid the discounted amount: the organisation's use of the code stands again.
        if (
          order.promotion_id !== null &&
          (await insertPromotionUse(trx, {
            promotionId: order.promotion_id,
            orgId: order.org_id,
            orderId: order.id,
            now: at,
          }))
        )
          await takePromotionUse(trx, order.promotion_id, { ignoreLimit: true, now: at });
      }
      return { result: 'paid' as const, order };
    });
    if (outcome.result === 'paid') push(outcome.order.org_id, orderNo, 'paid');
    if (outcome.result === 'flagged')
      logger.warn({ orderNo, transactionId: paid.transactionId }, 'recharge payment flagged, not credited');
    return outcome.result;
  };

  /**
   * Ends a pending order: asks the provider first, so a paid one is credited rather than closed,
   * then closes it there (no later payment possible) and here.
   */
  const closeWithProvider = async (order: OrderRow): Promise<void> => {
    const gateway = gateways[order.provider as PaymentProviderValue];
    if (gateway) {
      const state = await gateway.query(order.order_no);
      if (state.state === 'paid' || state.state === 'refunded') {
        await settlePaid(order.order_no, {
          transactionId: state.transactionId,
          amountCents: state.amountCents,
          paidAt: state.paidAt ?? now(),
        });
        return;
      }
      if (state.state === 'pending') await gateway.close(order.order_no);
    }
    await closeLocally(order);
  };

  const create = async (
    principal: Principal,
    body: z.output<typeof rechargeCreateBodySchema>,
    origin: string,
  ): Promise<RechargeOrder> => {
    const gateway = gateways[body.provider];
    if (!gateway || !(await isSwitchedOn(principal.userId, body.provider)))
      throw AppError.badRequest('recharge.providerUnavailable', {
        params: { provider: body.provider },
        fields: [
          {
            field: 'provider',
            message: gateway ? 'switched off in your settings' : 'not set up on this server',
          },
        ],
      });
    const at = now();
    const expiresAt = at + rechargeOrderTtlMs;
    const orderNo = createNumber('RC', at);
    const placed = await db.transaction().execute(async (trx) => {
      const promotion = body.promotionCode
        ? await promotions.evaluate(trx, {
            code: body.promotionCode,
            orgId: principal.orgId,
            amountCents: body.amountCents,
            field: 'promotionCode',
          })
        : null;
      const discountCents = promotion?.discountCents ?? 0;
      const id = await insertOrder(trx, {
        orderNo,
        orgId: principal.orgId,
        userId: principal.userId,
        provider: body.provider,
        amountCents: body.amountCents,
        payCents: body.amountCents - discountCents,
        discountCents,
        promotionId: promotion?.promotion.id ?? null,
        expiresAt,
        now: at,
      });
      if (promotion)
        await promotions.take(trx, {
          promotion: promotion.promotion,
          orgId: principal.orgId,
          orderId: id,
          field: 'promotionCode',
        });
      await jobs.enqueue(
        {
          kind: rechargeExpireJob,
          orgId: principal.orgId,
          payload: { orderNo },
          dedupeKey: `recharge-expire:${orderNo}`,
          delayMs: rechargeOrderTtlMs,
        },
        trx,
      );
      return { id, payCents: body.amountCents - discountCents };
    });
    try {
      const start = await gateway.create({
        outTradeNo: orderNo,
        amountCents: placed.payCents,
        description: `OpenKefu recharge ¥${yuan(body.amountCents)}`,
        expiresAt,
        notifyUrl: notifyUrlOf(body.provider, origin),
        returnUrl: `${baseUrlOf(origin)}/admin/settings/recharge?orderNo=${orderNo}`,
      });
      await setOrderStart(db, placed.id, {
        codeUrl: start.kind === 'qr' ? start.codeUrl : null,
        payUrl: start.kind === 'redirect' ? start.url : null,
        now: now(),
      });
    } catch (error) {
      // Nobody has a code to pay this order with: it ends here, its promotion use given back.
      await closeLocally({ id: placed.id, org_id: principal.orgId, order_no: orderNo });
      throw providerFailed(error);
    }
    return toRechargeOrder(await load(orderNo, principal.orgId), false);
  };

  const page = async (
    principal: Principal,
    query: z.output<typeof rechargeQuerySchema>,
  ): Promise<Page<RechargeOrder>> => {
    const result = await pageOrders(
      db,
      { orgId: principal.orgId, state: query.state, provider: query.provider, orderNo: query.orderNo },
      query,
    );
    return toPage(
      result.rows.map((row) => toRechargeOrder(row, false)),
      result.total,
      query,
    );
  };

  /** Platform staff: every organisation's orders. */
  const pageAll = async (query: z.output<typeof rechargeQuerySchema>): Promise<Page<RechargeOrder>> => {
    const result = await pageOrders(db, query, query);
    return toPage(
      result.rows.map((row) => toRechargeOrder(row, true)),
      result.total,
      query,
    );
  };

  const get = async (principal: Principal, orderNo: string): Promise<RechargeOrder> =>
    toRechargeOrder(await load(orderNo, principal.orgId), false);

  /** The user gives up a pending order (or it turns out paid, and is credited). */
  const close = async (principal: Principal, orderNo: string): Promise<RechargeOrder> => {
    const order = await load(orderNo, principal.orgId);
    if (order.state !== 'pending')
      throw AppError.conflict('recharge.orderNotPending', { params: { orderNo } });
    try {
      await closeWithProvider(order);
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw providerFailed(error);
    }
    return toRechargeOrder(await load(orderNo, principal.orgId), false);
  };

  /** The expiry job: a pending order past its time is closed, after asking the provider. */
  const expire = async (orderNo: string): Promise<void> => {
    const order = await findOrder(db, orderNo, null);
    if (!order || order.state !== 'pending') return;
    await closeWithProvider(order);
  };

  /**
   * The hourly safety net behind the expiry jobs: pending orders well past their time (a job given
   * up after the provider was down for hours) are expired again; answers how many ended.
   */
  const sweepExpired = async (): Promise<number> => {
    let ended = 0;
    for (const { order_no: orderNo } of await listExpiredPendingOrders(db, now() - sweepGraceMs, 100)) {
      try {
        await expire(orderNo);
        ended += 1;
      } catch (error) {
        logger.warn({ err: error, orderNo }, 'recharge order could not be expired yet');
      }
    }
    return ended;
  };

  /** A refund reached its end: the order shows refunded, or a refund that did not happen is given back. */
  const finishRefund = async (
    refund: RefundRow,
    outcome: { state: 'success' | 'closed' | 'abnormal'; refundId: string | null },
  ): Promise<void> => {
    const order = await db.transaction().execute(async (trx) => {
      const at = now();
      if (!(await settleRefund(trx, refund.id, { ...outcome, now: at }))) return null;
      const row = await trx
        .selectFrom('recharge_order')
        .select(['id', 'org_id', 'order_no'])
        .where('id', '=', refund.order_id)
        .executeTakeFirstOrThrow();
      if (outcome.state === 'success') await setOrderState(trx, row.id, 'refunded', at);
      if (outcome.state === 'closed') {
        await addRefundedCents(trx, row.id, -refund.amount_cents, at);
        if (refund.debit_cents > 0)
          await moveBalance(trx, {
            orgId: row.org_id,
            kind: 'refund',
            amountCents: refund.debit_cents,
            reference: row.order_no,
            description: `refund ${refund.out_refund_no} closed`,
            operatorId: null,
            now: at,
          });
        if (!(await hasSucceededRefund(trx, row.id))) await setOrderState(trx, row.id, 'paid', at);
      }
      return row;
    });
    if (order && outcome.state === 'success') push(order.org_id, order.order_no, 'refunded');
  };

  /** Asks the provider to refund; the same refund number retried is one refund. */
  const sendRefund = async (refund: RefundRow, order: OrderRow, origin: string): Promise<void> => {
    const gateway = gateways[order.provider as PaymentProviderValue];
    if (!gateway) throw new Error(`payment provider ${order.provider} is not set up`);
    const result = await gateway.refund({
      outTradeNo: order.order_no,
      outRefundNo: refund.out_refund_no,
      amountCents: refund.amount_cents,
      totalCents: order.pay_cents,
      reason: refund.reason,
      notifyUrl: notifyUrlOf(order.provider as PaymentProviderValue, origin),
    });
    await setRefundId(db, refund.id, result.refundId, now());
    if (result.state === 'success')
      await finishRefund(refund, { state: 'success', refundId: result.refundId });
  };

  /**
   * Platform staff refund (part of) a paid order: the balance gives back what the refunded money
   * credited (refused when the balance is lower), then the provider pays the payer back.
   */
  const refund = async (
    principal: Principal,
    body: z.output<typeof refundBodySchema>,
    origin: string,
  ): Promise<RechargeOrder> => {
    const order = await load(body.orderNo, null);
    if (order.state !== 'paid' && order.state !== 'refunded')
      throw AppError.conflict('recharge.orderNotPaid', { params: { orderNo: order.order_no } });
    const gateway = gateways[order.provider as PaymentProviderValue];
    if (!gateway)
      throw AppError.conflict('recharge.providerUnavailable', { params: { provider: order.provider } });
    const tooLarge = (refunded: number) =>
      AppError.badRequest('recharge.refundTooLarge', {
        params: { max: yuan(order.pay_cents - refunded) },
        fields: [{ field: 'amountCents', message: `must be at most ${order.pay_cents - refunded}` }],
      });
    if (body.amountCents > order.pay_cents - order.refunded_cents) throw tooLarge(order.refunded_cents);
    const at = now();
    const outRefundNo = createNumber('RF', at);
    const debitCents = await db.transaction().execute(async (trx) => {
      const current = await findOrder(trx, order.order_no, null);
      const refundedBefore = current?.refunded_cents ?? order.refunded_cents;
      if (!(await addRefundedCents(trx, order.id, body.amountCents, at))) throw tooLarge(refundedBefore);
      const debit = refundDebitOf(order, refundedBefore, body.amountCents);
      await moveBalance(trx, {
        orgId: order.org_id,
        kind: 'refund',
        amountCents: -debit,
        reference: order.order_no,
        description: body.reason,
        operatorId: principal.userId,
        now: at,
      });
      await insertRefund(trx, {
        outRefundNo,
        orderId: order.id,
        orgId: order.org_id,
        amountCents: body.amountCents,
        debitCents: debit,
        reason: body.reason,
        operatorId: principal.userId,
        now: at,
      });
      return debit;
    });
    const row: RefundRow = {
      id: (await findRefund(db, outRefundNo))?.id ?? 0,
      out_refund_no: outRefundNo,
      order_id: order.id,
      org_id: order.org_id,
      amount_cents: body.amountCents,
      debit_cents: debitCents,
      state: 'processing',
      reason: body.reason,
      refund_id: null,
    };
    try {
      await sendRefund(row, order, origin);
    } catch (error) {
      if (error instanceof OutsideError && error.isRetryable) {
        // The provider may or may not have it: the same refund number is sent again later.
        await jobs.enqueue({
          kind: rechargeRefundJob,
          orgId: order.org_id,
          payload: { outRefundNo, origin },
          dedupeKey: `recharge-refund:${outRefundNo}`,
          delayMs: 30_000,
        });
      } else {
        await finishRefund(row, { state: 'closed', refundId: null });
        throw providerFailed(error);
      }
    }
    return toRechargeOrder(await load(order.order_no, null), true);
  };

  const onNotification = async (notification: PaymentNotification): Promise<void> => {
    if (notification.kind === 'payment') {
      if (notification.state === 'paid') {
        await settlePaid(notification.outTradeNo, notification);
        return;
      }
      const order = await findOrder(db, notification.outTradeNo, null);
      if (order?.state === 'pending') await closeLocally(order);
      return;
    }
    const refund = await findRefund(db, notification.outRefundNo);
    if (!refund) {
      logger.warn({ outRefundNo: notification.outRefundNo }, 'refund notification for an unknown refund');
      return;
    }
    await finishRefund(refund, { state: notification.state, refundId: notification.refundId });
  };

  /**
   * A provider's notification (no auth: its signature is the proof). Anything the gateway cannot
   * verify is refused and changes nothing; a verified one is applied idempotently.
   */
  const handleNotification = async (
    provider: PaymentProviderValue,
    incoming: IncomingNotification,
  ): Promise<NotificationAnswer> => {
    const gateway = gateways[provider];
    if (!gateway) return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'not set up' };
    let notification: PaymentNotification;
    try {
      notification = await gateway.readNotification(incoming);
    } catch (error) {
      if (!(error instanceof PaymentNotificationError)) throw error;
      logger.warn({ provider, reason: error.message }, 'payment notification refused');
      return gateway.answer(false);
    }
    try {
      await onNotification(notification);
      return gateway.answer(true);
    } catch (error) {
      // The provider sends it again later.
      logger.error({ err: error, provider }, 'payment notification could not be applied');
      return gateway.answer(false);
    }
  };

  jobs.register(rechargeExpireJob, {
    maxAttempts: 10,
    run: async (payload) => expire((payload as { orderNo: string }).orderNo),
    onGiveUp: async (payload, error) =>
      logger.error({ err: error, payload }, 'recharge order could not be closed with the provider'),
  });
  jobs.register(rechargeRefundJob, {
    maxAttempts: 10,
    run: async (payload) => {
      const { outRefundNo, origin } = payload as { outRefundNo: string; origin: string };
      const row = await findRefund(db, outRefundNo);
      if (!row || row.state !== 'processing') return;
      const order = await db
        .selectFrom('recharge_order')
        .select('order_no')
        .where('id', '=', row.order_id)
        .executeTakeFirstOrThrow();
      try {
        await sendRefund(row, await load(order.order_no, null), origin);
      } catch (error) {
        if (!(error instanceof OutsideError) || error.isRetryable) throw error;
        // Refused for good: the refund did not happen, and the balance gets its share back.
        await finishRefund(row, { state: 'closed', refundId: null });
      }
    },
    onGiveUp: async (payload, error) =>
      logger.error({ err: error, payload }, 'refund could not be sent to the provider'),
  });

  return {
    usableProviders,
    create,
    page,
    pageAll,
    get,
    close,
    expire,
    sweepExpired,
    refund,
    handleNotification,
  };
};
