import {
  toPage,
  type Page,
  type pageQuerySchema,
  type Promotion,
  type PromotionCheck,
  type promotionCheckQuerySchema,
  type promotionSaveBodySchema,
} from '@openkefu/contract';
import type { z } from 'zod';
import { isUniqueViolation, type Executor } from '../../../db/database.js';
import { AppError } from '../../../http/errors.js';
import type { MessageKey } from '../../../http/i18n.js';
import { createPublicId } from '../../../lib/ids.js';
import type { Principal } from '../../auth/auth.service.js';
import {
  deletePromotion,
  findPromotionByCode,
  findPromotionByPrid,
  hasOrganizationUsed,
  insertPromotion,
  insertPromotionUse,
  pagePromotions,
  takePromotionUse,
  updatePromotion,
  type PromotionRow,
} from './promotion.repository.js';

export const normalizePromotionCode = (code: string): string => code.trim().toUpperCase();

/** What the code takes off: never the whole amount, since a provider cannot charge nothing. */
export const discountOf = (promotion: { kind: string; value: number }, amountCents: number): number => {
  const raw =
    promotion.kind === 'percent' ? Math.floor((amountCents * promotion.value) / 100) : promotion.value;
  return Math.max(0, Math.min(raw, amountCents - 1));
};

const toPromotion = (row: PromotionRow): Promotion => ({
  prid: row.prid,
  code: row.code,
  kind: row.kind === 'amount' ? 'amount' : 'percent',
  value: row.value,
  minCents: row.min_cents,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  usageLimit: row.usage_limit,
  used: row.used,
  enabled: row.enabled === 1,
  createdAt: row.created_at,
});

const refuse = (field: string, key: MessageKey, code: string, message: string, params = {}) =>
  AppError.badRequest(key, { params: { code, ...params }, fields: [{ field, message }] });

export type PromotionService = ReturnType<typeof createPromotionService>;

/** Promotion codes: checked and taken with recharges, managed by platform staff. */
export const createPromotionService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  /**
   * The code's discount on this amount for this organisation, or a 400 naming `field`. Usage is
   * checked here for a clear answer, and held for real by `take` inside the order's transaction.
   */
  const evaluate = async (
    executor: Executor,
    input: { code: string; orgId: number; amountCents: number; field: string },
  ): Promise<{ promotion: PromotionRow; discountCents: number }> => {
    const code = normalizePromotionCode(input.code);
    const promotion = await findPromotionByCode(executor, code);
    const at = now();
    if (!promotion || promotion.enabled !== 1)
      throw refuse(input.field, 'promotion.invalid', code, 'no such promotion code');
    if (at < promotion.starts_at) throw refuse(input.field, 'promotion.notStarted', code, 'not valid yet');
    if (at >= promotion.ends_at) throw refuse(input.field, 'promotion.ended', code, 'expired');
    if (input.amountCents < promotion.min_cents)
      throw refuse(input.field, 'promotion.belowMinimum', code, 'below the minimum amount', {
        min: (promotion.min_cents / 100).toFixed(2),
      });
    if (promotion.usage_limit !== null && promotion.used >= promotion.usage_limit)
      throw refuse(input.field, 'promotion.usedUp', code, 'used up');
    if (await hasOrganizationUsed(executor, promotion.id, input.orgId))
      throw refuse(input.field, 'promotion.alreadyUsed', code, 'already used by your organisation');
    return { promotion, discountCents: discountOf(promotion, input.amountCents) };
  };

  /** Takes the organisation's one use for an order, inside the order's transaction. */
  const take = async (
    trx: Executor,
    input: { promotion: PromotionRow; orgId: number; orderId: number; field: string },
  ): Promise<void> => {
    const { promotion } = input;
    let isNew: boolean;
    try {
      isNew = await insertPromotionUse(trx, {
        promotionId: promotion.id,
        orgId: input.orgId,
        orderId: input.orderId,
        now: now(),
      });
    } catch (error) {
      // PostgreSQL: a concurrent use by the same organisation committed first.
      if (isUniqueViolation(error))
        throw refuse(
          input.field,
          'promotion.alreadyUsed',
          promotion.code,
          'already used by your organisation',
        );
      throw error;
    }
    if (!isNew)
      throw refuse(input.field, 'promotion.alreadyUsed', promotion.code, 'already used by your organisation');
    if (!(await takePromotionUse(trx, promotion.id, { ignoreLimit: false, now: now() })))
      throw refuse(input.field, 'promotion.usedUp', promotion.code, 'used up');
  };

  const check = async (
    principal: Principal,
    query: z.output<typeof promotionCheckQuerySchema>,
  ): Promise<PromotionCheck> => {
    const { promotion, discountCents } = await evaluate(db, {
      code: query.code,
      orgId: principal.orgId,
      amountCents: query.amountCents,
      field: 'code',
    });
    return { code: promotion.code, discountCents, payCents: query.amountCents - discountCents };
  };

  const page = async (query: z.output<typeof pageQuerySchema>): Promise<Page<Promotion>> => {
    const result = await pagePromotions(db, query);
    return toPage(result.rows.map(toPromotion), result.total, query);
  };

  const get = async (prid: string): Promise<PromotionRow> => {
    const row = await findPromotionByPrid(db, prid);
    if (!row) throw AppError.notFound('promotion.notFound', { prid });
    return row;
  };

  const save = async (body: z.output<typeof promotionSaveBodySchema>): Promise<Promotion> => {
    const at = now();
    const values = {
      code: body.code,
      kind: body.kind,
      value: body.value,
      min_cents: body.minCents,
      starts_at: body.startsAt,
      ends_at: body.endsAt,
      usage_limit: body.usageLimit,
      enabled: body.enabled ? 1 : 0,
      updated_at: at,
    };
    const taken = await findPromotionByCode(db, body.code);
    if (taken && taken.prid !== body.prid)
      throw AppError.conflict('promotion.codeTaken', {
        params: { code: body.code },
        fields: [{ field: 'code', message: 'already used by another promotion' }],
      });
    const prid = body.prid ?? createPublicId();
    try {
      if (body.prid) await updatePromotion(db, (await get(body.prid)).id, values);
      else await insertPromotion(db, { ...values, prid, created_at: at });
    } catch (error) {
      if (isUniqueViolation(error))
        throw AppError.conflict('promotion.codeTaken', {
          params: { code: body.code },
          fields: [{ field: 'code', message: 'already used by another promotion' }],
        });
      throw error;
    }
    return toPromotion(await get(prid));
  };

  /** Orders that used it keep their discount; they only lose the link to the code. */
  const remove = async (prid: string): Promise<void> => {
    await deletePromotion(db, (await get(prid)).id);
  };

  return { evaluate, take, check, page, save, remove, toPromotion };
};
