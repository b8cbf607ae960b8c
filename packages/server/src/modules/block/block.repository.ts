import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { escapeLike } from '../../db/like.js';

/* Kysely queries of the blacklist; every one is scoped by org_id. */

/** In force at `now`: not revoked, not past its end. */
const isActiveAt = (now: number) => (eb: ExpressionBuilder<Database, 'block'>) =>
  eb.and([
    eb('block.revoked_at', 'is', null),
    eb.or([eb('block.end_at', 'is', null), eb('block.end_at', '>', now)]),
  ]);

const selectBlocks = (db: Executor) =>
  db
    .selectFrom('block')
    .leftJoin('visitor', 'visitor.id', 'block.visitor_id')
    .leftJoin('user as agent', 'agent.id', 'block.operator_id')
    .select([
      'block.id',
      'block.bid',
      'block.org_id',
      'block.type',
      'block.visitor_id',
      'block.ip',
      'block.note',
      'block.start_at',
      'block.end_at',
      'block.revoked_at',
      'block.created_at',
      'visitor.vid as visitor_vid',
      'visitor.nickname as visitor_nickname',
      'visitor.avatar as visitor_avatar',
      'visitor.client as visitor_client',
      'agent.uid as agent_uid',
      'agent.username as agent_username',
      'agent.nickname as agent_nickname',
      'agent.real_name as agent_real_name',
      'agent.avatar as agent_avatar',
      'agent.is_robot as agent_is_robot',
      'agent.enabled as agent_enabled',
      'agent.status as agent_status',
    ]);

export type BlockRow = Awaited<ReturnType<ReturnType<typeof selectBlocks>['executeTakeFirstOrThrow']>>;

export const findBlockByBid = (db: Executor, orgId: number, bid: string) =>
  selectBlocks(db).where('block.org_id', '=', orgId).where('block.bid', '=', bid).executeTakeFirst();

export type BlockFilter = { type?: string; active?: boolean; keyword?: string };

const filtered = (db: Executor, orgId: number, filter: BlockFilter, now: number) => {
  let query = db
    .selectFrom('block')
    .leftJoin('visitor', 'visitor.id', 'block.visitor_id')
    .where('block.org_id', '=', orgId);
  if (filter.type) query = query.where('block.type', '=', filter.type);
  if (filter.active === true) query = query.where(isActiveAt(now));
  if (filter.active === false) query = query.where((eb) => eb.not(isActiveAt(now)(eb)));
  if (filter.keyword) {
    // `escape` is spelt out because SQLite has no default LIKE escape character; lower() on both
    // sides because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
    const pattern = `%${escapeLike(filter.keyword.toLowerCase())}%`;
    query = query.where(
      sql<boolean>`(lower(block.ip) like ${pattern} escape '\\' or lower(block.note) like ${pattern} escape '\\' or lower(coalesce(visitor.nickname, '')) like ${pattern} escape '\\' or coalesce(visitor.vid, '') = ${filter.keyword})`,
    );
  }
  return query;
};

/** A page of the organisation's blocks, newest first. */
export const pageBlocks = async (
  db: Executor,
  orgId: number,
  filter: BlockFilter,
  paging: { page: number; size: number },
  now: number,
): Promise<{ rows: BlockRow[]; total: number }> => {
  const ids = (
    await filtered(db, orgId, filter, now)
      .select('block.id')
      .orderBy('block.created_at', 'desc')
      .orderBy('block.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const count = await filtered(db, orgId, filter, now)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const rows =
    ids.length === 0
      ? []
      : await selectBlocks(db)
          .where('block.org_id', '=', orgId)
          .where('block.id', 'in', ids)
          .orderBy('block.created_at', 'desc')
          .orderBy('block.id', 'desc')
          .execute();
  return { rows, total: Number(count.count) };
};

/** The block in force for a visitor or any of the addresses, latest first. */
export const findActiveBlock = (
  db: Executor,
  orgId: number,
  target: { visitorId: number | null; ips: string[] },
  now: number,
) => {
  const ips = target.ips.filter(Boolean);
  return selectBlocks(db)
    .where('block.org_id', '=', orgId)
    .where(isActiveAt(now))
    .where((eb) => {
      const either = [];
      if (target.visitorId !== null)
        either.push(
          eb.and([eb('block.type', '=', 'visitor'), eb('block.visitor_id', '=', target.visitorId)]),
        );
      if (ips.length > 0) either.push(eb.and([eb('block.type', '=', 'ip'), eb('block.ip', 'in', ips)]));
      return either.length > 0 ? eb.or(either) : eb.val(false);
    })
    .orderBy('block.created_at', 'desc')
    .orderBy('block.id', 'desc')
    .executeTakeFirst();
};

/** Every block of the organisation in force now (the send path's cache). */
export const listActiveBlocks = (db: Executor, orgId: number, now: number) =>
  db
    .selectFrom('block')
    .select(['block.type', 'block.visitor_id', 'block.ip', 'block.end_at'])
    .where('block.org_id', '=', orgId)
    .where(isActiveAt(now))
    .execute();

export type BlockInsert = {
  bid: string;
  orgId: number;
  type: string;
  visitorId: number | null;
  ip: string;
  note: string;
  operatorId: number;
  endAt: number | null;
  now: number;
};

export const insertBlock = async (db: Executor, values: BlockInsert) => {
  await db
    .insertInto('block')
    .values({
      bid: values.bid,
      org_id: values.orgId,
      type: values.type,
      visitor_id: values.visitorId,
      ip: values.ip,
      note: values.note,
      operator_id: values.operatorId,
      start_at: values.now,
      end_at: values.endAt,
      created_at: values.now,
    })
    .execute();
};

export const revokeBlock = async (db: Executor, orgId: number, id: number, userId: number, now: number) => {
  await db
    .updateTable('block')
    .set({ revoked_at: now, revoked_by: userId })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .execute();
};

export const findVisitorIp = async (db: Executor, orgId: number, visitorId: number): Promise<string> =>
  (
    await db
      .selectFrom('visitor')
      .select('ip')
      .where('org_id', '=', orgId)
      .where('id', '=', visitorId)
      .executeTakeFirst()
  )?.ip ?? '';
