import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { escapeLike } from '../../db/like.js';

/*
 * Kysely queries of sensitive words, the organisation's mode and the hits. A word's scope is an
 * organisation id, or null for the platform's words; every query filters on it, so another
 * organisation's tbid matches nothing.
 */

/** null: the platform's words. */
export type TabooScope = number | null;

const inScope = (scope: TabooScope) => (eb: ExpressionBuilder<Database, 'taboo'>) =>
  scope === null ? eb('taboo.org_id', 'is', null) : eb('taboo.org_id', '=', scope);

const selectTaboos = (db: Executor) =>
  db
    .selectFrom('taboo')
    .select([
      'taboo.id',
      'taboo.tbid',
      'taboo.org_id',
      'taboo.standard',
      'taboo.synonyms',
      'taboo.created_at',
      'taboo.updated_at',
    ]);

export type TabooRow = Awaited<ReturnType<ReturnType<typeof selectTaboos>['executeTakeFirstOrThrow']>>;

export type TabooFilter = { keyword?: string; withPlatform?: boolean };

const filtered = (db: Executor, scope: TabooScope, filter: TabooFilter) => {
  let query = db
    .selectFrom('taboo')
    .where((eb) =>
      scope !== null && filter.withPlatform !== false
        ? eb.or([eb('taboo.org_id', '=', scope), eb('taboo.org_id', 'is', null)])
        : inScope(scope)(eb),
    );
  if (filter.keyword) {
    // `escape` is spelt out because SQLite has no default LIKE escape character; lower() on both
    // sides because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
    const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(lower(taboo.standard) like ${pattern} escape '\\' or lower(taboo.synonyms) like ${pattern} escape '\\')`,
    );
  }
  return query;
};

/** A page of words, newest first; an organisation's own words come before the platform's. */
export const pageTaboos = async (
  db: Executor,
  scope: TabooScope,
  filter: TabooFilter,
  paging: { page: number; size: number },
): Promise<{ rows: TabooRow[]; total: number }> => {
  const ids = (
    await filtered(db, scope, filter)
      .select('taboo.id')
      .orderBy(sql`case when taboo.org_id is null then 1 else 0 end`)
      .orderBy('taboo.created_at', 'desc')
      .orderBy('taboo.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const count = await filtered(db, scope, filter)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows =
    ids.length === 0
      ? []
      : await selectTaboos(db)
          .where('taboo.id', 'in', ids)
          .orderBy(sql`case when taboo.org_id is null then 1 else 0 end`)
          .orderBy('taboo.created_at', 'desc')
          .orderBy('taboo.id', 'desc')
          .execute();
  return { rows, total: Number(count.count) };
};

/** Every word of the scope, oldest first (export). */
export const listTaboos = (db: Executor, scope: TabooScope, limit: number) =>
  selectTaboos(db).where(inScope(scope)).orderBy('taboo.id').limit(limit).execute();

export const findTabooByTbid = (db: Executor, scope: TabooScope, tbid: string) =>
  selectTaboos(db).where(inScope(scope)).where('taboo.tbid', '=', tbid).executeTakeFirst();

/** The words of the scope whose lower-cased standard word is one of `keys`. */
export const findTabooKeys = async (db: Executor, scope: TabooScope, keys: string[]) => {
  if (keys.length === 0) return [];
  const found: { id: number; standard_key: string }[] = [];
  // Chunks keep the bound parameters under SQLite's limit on a large import.
  for (let index = 0; index < keys.length; index += 500)
    found.push(
      ...(await db
        .selectFrom('taboo')
        .select(['taboo.id', 'taboo.standard_key'])
        .where(inScope(scope))
        .where('taboo.standard_key', 'in', keys.slice(index, index + 500))
        .execute()),
    );
  return found.map((row) => ({ id: Number(row.id), key: row.standard_key }));
};

export type TabooInsert = {
  tbid: string;
  scope: TabooScope;
  standard: string;
  synonyms: string[];
  userId: number;
  now: number;
};

export const insertTaboos = async (db: Executor, values: TabooInsert[]): Promise<void> => {
  for (let index = 0; index < values.length; index += 200)
    await db
      .insertInto('taboo')
      .values(
        values.slice(index, index + 200).map((value) => ({
          tbid: value.tbid,
          org_id: value.scope,
          standard: value.standard,
          standard_key: value.standard.toLowerCase(),
          synonyms: JSON.stringify(value.synonyms),
          created_by: value.userId,
          created_at: value.now,
          updated_at: value.now,
        })),
      )
      .execute();
};

export const updateTaboo = async (
  db: Executor,
  scope: TabooScope,
  id: number,
  values: { standard: string; synonyms: string[]; now: number },
) => {
  await db
    .updateTable('taboo')
    .set({
      standard: values.standard,
      standard_key: values.standard.toLowerCase(),
      synonyms: JSON.stringify(values.synonyms),
      updated_at: values.now,
    })
    .where(inScope(scope))
    .where('taboo.id', '=', id)
    .execute();
};

export const deleteTaboo = async (db: Executor, scope: TabooScope, id: number) => {
  await db.deleteFrom('taboo').where(inScope(scope)).where('taboo.id', '=', id).execute();
};

/** The organisation's words and the platform's: what the matcher enforces. */
export const listEnforcedTaboos = (db: Executor, orgId: number) =>
  db
    .selectFrom('taboo')
    .select(['taboo.id', 'taboo.standard', 'taboo.synonyms'])
    .where((eb) => eb.or([eb('taboo.org_id', '=', orgId), eb('taboo.org_id', 'is', null)]))
    .execute();

export const findTabooMode = async (db: Executor, orgId: number): Promise<string | null> =>
  (await db.selectFrom('taboo_setting').select('mode').where('org_id', '=', orgId).executeTakeFirst())
    ?.mode ?? null;

export const saveTabooMode = async (
  db: Executor,
  orgId: number,
  values: { mode: string; userId: number; now: number },
) => {
  await db
    .insertInto('taboo_setting')
    .values({ org_id: orgId, mode: values.mode, updated_by: values.userId, updated_at: values.now })
    .onConflict((conflict) =>
      conflict.column('org_id').doUpdateSet({
        mode: values.mode,
        updated_by: values.userId,
        updated_at: values.now,
      }),
    )
    .execute();
};

export type TabooHitInsert = {
  hid: string;
  orgId: number;
  threadId: number;
  /** null when the word was deleted meanwhile. */
  tabooId: number | null;
  word: string;
  standard: string;
  action: string;
  senderKind: 'visitor' | 'agent';
  senderUserId: number | null;
  senderVisitorId: number | null;
  now: number;
};

export const insertTabooHits = async (db: Executor, hits: TabooHitInsert[]) => {
  if (hits.length === 0) return;
  await db
    .insertInto('taboo_hit')
    .values(
      hits.map((hit) => ({
        hid: hit.hid,
        org_id: hit.orgId,
        thread_id: hit.threadId,
        taboo_id: hit.tabooId,
        word: hit.word,
        standard: hit.standard,
        action: hit.action,
        sender_kind: hit.senderKind,
        sender_user_id: hit.senderUserId,
        sender_visitor_id: hit.senderVisitorId,
        created_at: hit.now,
      })),
    )
    .execute();
};

const selectHits = (db: Executor) =>
  db
    .selectFrom('taboo_hit')
    .innerJoin('thread', 'thread.id', 'taboo_hit.thread_id')
    .leftJoin('user as sender_user', 'sender_user.id', 'taboo_hit.sender_user_id')
    .leftJoin('visitor as sender_visitor', 'sender_visitor.id', 'taboo_hit.sender_visitor_id')
    .select([
      'taboo_hit.id',
      'taboo_hit.hid',
      'taboo_hit.word',
      'taboo_hit.standard',
      'taboo_hit.action',
      'taboo_hit.sender_kind',
      'taboo_hit.created_at',
      'thread.tid',
      'sender_user.uid as user_uid',
      'sender_user.nickname as user_nickname',
      'sender_visitor.vid as visitor_vid',
      'sender_visitor.nickname as visitor_nickname',
    ]);

export type TabooHitRow = Awaited<ReturnType<ReturnType<typeof selectHits>['executeTakeFirstOrThrow']>>;

export type TabooHitFilter = {
  tid?: string;
  senderKind?: string;
  action?: string;
  from?: number;
  to?: number;
};

export const pageTabooHits = async (
  db: Executor,
  orgId: number,
  filter: TabooHitFilter,
  paging: { page: number; size: number },
): Promise<{ rows: TabooHitRow[]; total: number }> => {
  let query = selectHits(db).where('taboo_hit.org_id', '=', orgId);
  if (filter.tid) query = query.where('thread.tid', '=', filter.tid).where('thread.org_id', '=', orgId);
  if (filter.senderKind) query = query.where('taboo_hit.sender_kind', '=', filter.senderKind);
  if (filter.action) query = query.where('taboo_hit.action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('taboo_hit.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('taboo_hit.created_at', '<=', filter.to);
  const rows = await query
    .orderBy('taboo_hit.created_at', 'desc')
    .orderBy('taboo_hit.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};
