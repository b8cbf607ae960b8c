import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

/*
 * Usage metering (issue 20). A seat is an enabled person account of the organisation (agents and
 * admins; robots and deleted accounts excluded): what the organisation can sign in with, counted
 * the same on every node without depending on who happens to be connected. usage_day keeps each
 * day's peak of the counts taken through the day (the hourly billing run and the overview), and
 * the day's large-model tokens copied from llm_usage. Every statement here covers all
 * organisations at once.
 */

const seatAccounts = (db: Executor) =>
  db
    .selectFrom('user')
    .where('user.enabled', '=', 1)
    .where('user.is_robot', '=', 0)
    .where('user.deleted_at', 'is', null);

/** Today's seats of every organisation, kept as the day's peak. */
export const recordSeatsOfDay = async (db: Executor, day: string): Promise<void> => {
  await db
    .insertInto('usage_day')
    .columns(['org_id', 'day', 'seats', 'tokens'])
    .expression(
      seatAccounts(db)
        .select((eb) => [
          'user.org_id',
          sql<string>`cast(${day} as text)`.as('day'),
          eb.fn.countAll<number>().as('seats'),
          sql<number>`0`.as('tokens'),
        ])
        // SQLite needs a WHERE before ON CONFLICT in INSERT … SELECT (the seat filter is one).
        .groupBy('user.org_id'),
    )
    .onConflict((conflict) =>
      conflict.columns(['org_id', 'day']).doUpdateSet({
        seats: sql<number>`case when excluded.seats > usage_day.seats then excluded.seats else usage_day.seats end`,
      }),
    )
    .execute();
};

/** The day's tokens of every organisation, from llm_usage (which counts them as they are spent). */
export const recordTokensOfDay = async (db: Executor, day: string): Promise<void> => {
  await db
    .insertInto('usage_day')
    .columns(['org_id', 'day', 'seats', 'tokens'])
    .expression(
      db
        .selectFrom('llm_usage')
        .select(['llm_usage.org_id', 'llm_usage.day', sql<number>`0`.as('seats'), 'llm_usage.tokens'])
        .where('llm_usage.day', '=', day),
    )
    .onConflict((conflict) =>
      conflict.columns(['org_id', 'day']).doUpdateSet({ tokens: sql<number>`excluded.tokens` }),
    )
    .execute();
};

/** One organisation's seats right now. */
export const countSeatsNow = async (db: Executor, orgId: number): Promise<number> => {
  const row = await seatAccounts(db)
    .where('user.org_id', '=', orgId)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Every organisation's seats right now, by organisation id. */
export const countSeatsNowByOrg = async (db: Executor): Promise<Map<number, number>> => {
  const rows = await seatAccounts(db)
    .select((eb) => ['user.org_id', eb.fn.countAll<number>().as('count')])
    .groupBy('user.org_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.org_id), Number(row.count)]));
};

/** Peak seats of every organisation (or one) between two days, inclusive. */
export const peakSeatsByOrg = async (
  db: Executor,
  range: { from: string; to: string; orgId?: number },
): Promise<Map<number, number>> => {
  let query = db
    .selectFrom('usage_day')
    .select((eb) => ['org_id', eb.fn.max<number>('seats').as('peak')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (range.orgId !== undefined) query = query.where('org_id', '=', range.orgId);
  const rows = await query.groupBy('org_id').execute();
  return new Map(rows.map((row) => [Number(row.org_id), Number(row.peak)]));
};

/** Tokens of every organisation (or one) between two days, inclusive, straight from llm_usage. */
export const tokensByOrg = async (
  db: Executor,
  range: { from: string; to: string; orgId?: number },
): Promise<Map<number, number>> => {
  let query = db
    .selectFrom('llm_usage')
    .select((eb) => ['org_id', eb.fn.sum<number>('tokens').as('tokens')])
    .where('day', '>=', range.from)
    .where('day', '<=', range.to);
  if (range.orgId !== undefined) query = query.where('org_id', '=', range.orgId);
  const rows = await query.groupBy('org_id').execute();
  return new Map(rows.map((row) => [Number(row.org_id), Number(row.tokens ?? 0)]));
};

/** One organisation's recorded days, oldest first. */
export const listUsageDays = (db: Executor, orgId: number, range: { from: string; to: string }) =>
  db
    .selectFrom('usage_day')
    .select(['day', 'seats', 'tokens'])
    .where('org_id', '=', orgId)
    .where('day', '>=', range.from)
    .where('day', '<=', range.to)
    .orderBy('day')
    .execute();
