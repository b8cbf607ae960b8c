import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { dimAgent, dimDaily } from '../../statistic/statistic.columns.js';

/*
 * Platform → statistic: figures over every organisation, read from the statistic module's daily
 * rollup rows (never the message or thread tables), the organisation table and paid recharge orders.
 * `fromHour` / `toHour` are hour numbers since the epoch (UTC) of the first and last day.
 */

const dayMs = 86_400_000;
/** The rollup's daily organisation totals, and its daily rows per agent. */
const orgDaily = dimDaily;
const agentDaily = dimDaily | dimAgent;

export const countOrganizationsBefore = async (db: Executor, at: number): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('organization')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('created_at', '<', at)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Day index (ms / dayMs) → organisations created that day. */
export const countNewOrganizationsByDay = async (db: Executor, from: number, to: number) => {
  const rows = await db
    .selectFrom('organization')
    .select([
      sql<number>`created_at / ${sql.lit(dayMs)}`.as('day'),
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy(sql`created_at / ${sql.lit(dayMs)}`)
    .execute();
  return new Map(rows.map((row) => [Number(row.day), Number(row.count)]));
};

/** Rollup hour of a day → conversations started and messages, over every organisation. */
export const sumTrafficByDay = async (db: Executor, fromHour: number, toHour: number) => {
  const rows = await db
    .selectFrom('statistic_hourly')
    .select([
      'hour',
      (eb) => eb.fn.sum<number>('conv_new').as('conversations'),
      (eb) => eb.fn.sum<number>(sql`msg_visitor + msg_agent`).as('messages'),
    ])
    .where('dims', '=', orgDaily)
    .where('hour', '>=', fromHour)
    .where('hour', '<=', toHour)
    .groupBy('hour')
    .execute();
  return new Map(
    rows.map((row) => [
      Number(row.hour),
      { conversations: Number(row.conversations ?? 0), messages: Number(row.messages ?? 0) },
    ]),
  );
};

const activeAgentRows = (db: Executor, fromHour: number, toHour: number) =>
  db
    .selectFrom('statistic_hourly')
    .where('dims', '=', agentDaily)
    .where('agent_id', '<>', 0)
    .where('hour', '>=', fromHour)
    .where('hour', '<=', toHour)
    .where((eb) => eb.or([eb('msg_agent', '>', 0), eb('accepted', '>', 0)]));

/** Rollup hour of a day → agents active that day (one daily agent row per organisation and agent). */
export const countActiveAgentsByDay = async (db: Executor, fromHour: number, toHour: number) => {
  const rows = await activeAgentRows(db, fromHour, toHour)
    .select(['hour', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy('hour')
    .execute();
  return new Map(rows.map((row) => [Number(row.hour), Number(row.count)]));
};

export const countDistinctActiveAgents = async (db: Executor, fromHour: number, toHour: number) => {
  const row = await db
    .selectFrom(activeAgentRows(db, fromHour, toHour).select(['org_id', 'agent_id']).distinct().as('active'))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Day index → money received from paid recharge orders (pay_cents), and per organisation for the plans. */
export const sumRevenueByDay = async (db: Executor, from: number, to: number) => {
  const rows = await db
    .selectFrom('recharge_order')
    .select([
      sql<number>`paid_at / ${sql.lit(dayMs)}`.as('day'),
      'org_id',
      (eb) => eb.fn.sum<number>('pay_cents').as('cents'),
    ])
    .where('state', '=', 'paid')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to)
    .groupBy([sql`paid_at / ${sql.lit(dayMs)}`, 'org_id'])
    .execute();
  return rows.map((row) => ({
    day: Number(row.day),
    orgId: Number(row.org_id),
    cents: Number(row.cents ?? 0),
  }));
};

/** Every organisation with its plan (null: none) and when it was created. */
export const listOrganizationPlans = (db: Executor) =>
  db
    .selectFrom('organization')
    .leftJoin('org_billing', 'org_billing.org_id', 'organization.id')
    .leftJoin('plan', 'plan.id', 'org_billing.plan_id')
    .select(['organization.id', 'organization.created_at', 'plan.pid', 'plan.name'])
    .execute();
