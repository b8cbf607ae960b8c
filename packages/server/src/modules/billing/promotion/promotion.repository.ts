import type { Executor } from '../../../db/database.js';

export type PromotionRow = {
  id: number;
  prid: string;
  code: string;
  kind: string;
  value: number;
  min_cents: number;
  starts_at: number;
  ends_at: number;
  usage_limit: number | null;
  used: number;
  enabled: number;
  created_at: number;
};

const columns = [
  'id',
  'prid',
  'code',
  'kind',
  'value',
  'min_cents',
  'starts_at',
  'ends_at',
  'usage_limit',
  'used',
  'enabled',
  'created_at',
] as const;

/** Promotion codes are the platform's, not an organisation's: no tenant scope here. */
export const findPromotionByCode = async (db: Executor, code: string): Promise<PromotionRow | undefined> =>
  db.selectFrom('promotion').select(columns).where('code', '=', code).executeTakeFirst();

export const findPromotionByPrid = async (db: Executor, prid: string): Promise<PromotionRow | undefined> =>
  db.selectFrom('promotion').select(columns).where('prid', '=', prid).executeTakeFirst();

export const findPromotionById = async (db: Executor, id: number): Promise<PromotionRow | undefined> =>
  db.selectFrom('promotion').select(columns).where('id', '=', id).executeTakeFirst();

export const pagePromotions = async (db: Executor, paging: { page: number; size: number }) => {
  const [countRow, rows] = await Promise.all([
    db
      .selectFrom('promotion')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('promotion')
      .select(columns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
  ]);
  return { rows, total: Number(countRow.count) };
};

export type PromotionValues = {
  code: string;
  kind: string;
  value: number;
  min_cents: number;
  starts_at: number;
  ends_at: number;
  usage_limit: number | null;
  enabled: number;
  updated_at: number;
};

export const insertPromotion = async (
  db: Executor,
  values: PromotionValues & { prid: string; created_at: number },
): Promise<void> => {
  await db.insertInto('promotion').values(values).execute();
};

export const updatePromotion = async (db: Executor, id: number, values: PromotionValues): Promise<void> => {
  await db.updateTable('promotion').set(values).where('id', '=', id).execute();
};

export const deletePromotion = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('promotion').where('id', '=', id).execute();
};

export const hasOrganizationUsed = async (
  db: Executor,
  promotionId: number,
  orgId: number,
): Promise<boolean> =>
  (await db
    .selectFrom('promotion_use')
    .select('org_id')
    .where('promotion_id', '=', promotionId)
    .where('org_id', '=', orgId)
    .executeTakeFirst()) !== undefined;

/**
 * Records the organisation's one use; false when it already has one. A concurrent second use waits
 * on the primary key and then fails, which the caller's transaction rolls back.
 */
export const insertPromotionUse = async (
  db: Executor,
  use: { promotionId: number; orgId: number; orderId: number; now: number },
): Promise<boolean> => {
  const result = await db
    .insertInto('promotion_use')
    .values({
      promotion_id: use.promotionId,
      org_id: use.orgId,
      order_id: use.orderId,
      created_at: use.now,
    })
    .onConflict((conflict) => conflict.columns(['promotion_id', 'org_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
};

/**
 * Takes one use under the limit in a single conditional UPDATE, so concurrent orders never
 * exceed it; `ignoreLimit` for a payment that arrived after its order was given up (the money
 * was taken with the discount).
 */
export const takePromotionUse = async (
  db: Executor,
  promotionId: number,
  options: { ignoreLimit: boolean; now: number },
): Promise<boolean> => {
  let query = db
    .updateTable('promotion')
    .set((eb) => ({ used: eb('used', '+', 1), updated_at: options.now }))
    .where('id', '=', promotionId);
  if (!options.ignoreLimit)
    query = query.where((eb) =>
      eb.or([eb('usage_limit', 'is', null), eb('used', '<', eb.ref('usage_limit'))]),
    );
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** Gives back an unpaid order's use (closed or expired), so the organisation may use the code again. */
export const releasePromotionUseOfOrder = async (
  db: Executor,
  orderId: number,
  now: number,
): Promise<void> => {
  const released = await db
    .deleteFrom('promotion_use')
    .where('order_id', '=', orderId)
    .returning('promotion_id')
    .executeTakeFirst();
  if (!released) return;
  await db
    .updateTable('promotion')
    .set((eb) => ({ used: eb('used', '-', 1), updated_at: now }))
    .where('id', '=', released.promotion_id)
    .where('used', '>', 0)
    .execute();
};
