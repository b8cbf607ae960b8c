import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/* Kysely queries of proactive invitation rules; every one is scoped by org_id. */

const selectRules = (db: Executor) =>
  db
    .selectFrom('targeted')
    .innerJoin('workgroup', 'workgroup.id', 'targeted.workgroup_id')
    .select([
      'targeted.id',
      'targeted.tgid',
      'targeted.org_id',
      'targeted.name',
      'targeted.enabled',
      'targeted.match_type',
      'targeted.pattern',
      'targeted.min_seconds',
      'targeted.min_visits',
      'targeted.message',
      'targeted.shown_count',
      'targeted.accepted_count',
      'targeted.declined_count',
      'targeted.created_at',
      'targeted.updated_at',
      'workgroup.wid as workgroup_wid',
      'workgroup.nickname as workgroup_nickname',
      'workgroup.avatar as workgroup_avatar',
      'workgroup.deleted_at as workgroup_deleted_at',
    ]);

export type TargetedRow = Awaited<ReturnType<ReturnType<typeof selectRules>['executeTakeFirstOrThrow']>>;

export const findRuleByTgid = (db: Executor, orgId: number, tgid: string) =>
  selectRules(db).where('targeted.org_id', '=', orgId).where('targeted.tgid', '=', tgid).executeTakeFirst();

export type RuleFilter = { name?: string; enabled?: boolean };

const filtered = (db: Executor, orgId: number, filter: RuleFilter) => {
  let query = db.selectFrom('targeted').where('targeted.org_id', '=', orgId);
  if (filter.name) {
    // Wildcards escaped and `escape` spelt out (SQLite has none by default); lower() on both sides
    // because PostgreSQL's like is case-sensitive and SQLite's is not.
    const pattern = `%${escapeLike(filter.name.toLowerCase())}%`;
    query = query.where(sql<boolean>`lower(${sql.ref('targeted.name')}) like ${pattern} escape '\\'`);
  }
  if (filter.enabled !== undefined) query = query.where('targeted.enabled', '=', filter.enabled ? 1 : 0);
  return query;
};

export const pageRules = async (
  db: Executor,
  orgId: number,
  filter: RuleFilter,
  paging: { page: number; size: number },
): Promise<{ rows: TargetedRow[]; total: number }> => {
  const ids = (
    await filtered(db, orgId, filter)
      .select('targeted.id')
      .orderBy('targeted.created_at', 'desc')
      .orderBy('targeted.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const count = await filtered(db, orgId, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows =
    ids.length === 0
      ? []
      : await selectRules(db)
          .where('targeted.org_id', '=', orgId)
          .where('targeted.id', 'in', ids)
          .orderBy('targeted.created_at', 'desc')
          .orderBy('targeted.id', 'desc')
          .execute();
  return { rows, total: Number(count.count) };
};

/** Enabled rules whose skill group still exists, oldest first (the first match wins). */
export const listLiveRules = (db: Executor, orgId: number) =>
  selectRules(db)
    .where('targeted.org_id', '=', orgId)
    .where('targeted.enabled', '=', 1)
    .where('workgroup.deleted_at', 'is', null)
    .orderBy('targeted.created_at')
    .orderBy('targeted.id')
    .execute();

export type RuleValues = {
  name: string;
  enabled: boolean;
  matchType: string;
  pattern: string;
  minSeconds: number;
  minVisits: number;
  message: string;
  workgroupId: number;
};

const columnsOf = (values: RuleValues) => ({
  name: values.name,
  enabled: values.enabled ? 1 : 0,
  match_type: values.matchType,
  pattern: values.pattern,
  min_seconds: values.minSeconds,
  min_visits: values.minVisits,
  message: values.message,
  workgroup_id: values.workgroupId,
});

export const insertRule = async (
  db: Executor,
  values: RuleValues & { tgid: string; orgId: number; now: number },
) => {
  await db
    .insertInto('targeted')
    .values({
      ...columnsOf(values),
      tgid: values.tgid,
      org_id: values.orgId,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

export const updateRule = async (
  db: Executor,
  orgId: number,
  id: number,
  values: RuleValues & { now: number },
) => {
  await db
    .updateTable('targeted')
    .set({ ...columnsOf(values), updated_at: values.now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const deleteRule = async (db: Executor, orgId: number, id: number) => {
  await db.deleteFrom('targeted').where('org_id', '=', orgId).where('id', '=', id).execute();
};

export type RuleCounter = 'shown_count' | 'accepted_count' | 'declined_count';

/** Atomic increment, so concurrent visitors on several nodes all count. */
export const countRule = async (db: Executor, orgId: number, id: number, counter: RuleCounter) => {
  await db
    .updateTable('targeted')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const findLiveWorkgroupId = async (db: Executor, orgId: number, wid: string) =>
  (
    await db
      .selectFrom('workgroup')
      .select('id')
      .where('org_id', '=', orgId)
      .where('wid', '=', wid)
      .where('deleted_at', 'is', null)
      .executeTakeFirst()
  )?.id;
