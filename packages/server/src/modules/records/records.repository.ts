import type { ThreadQuery } from '@openkefu/contract';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { openThreadStatuses } from '../thread/thread.machine.js';
import { findThreadsByIds, type ThreadRow } from '../thread/thread.repository.js';
import { selectMessages } from '../message/message.repository.js';
import { matchingMessageIds } from '../search/message-search.js';
import { ftsMatchExpression } from '../search/search.match.js';
import { threadIdsWithTag } from '../tag/tag.repository.js';
import { escapeLike } from '../../db/like.js';

/*
 * Read-side queries of conversation records. Every query takes the caller's organisation and
 * filters on it; ids from the client (wid, uid, tid) are resolved inside the same organisation,
 * so another organisation's id simply matches nothing.
 */

type Paging = { page: number; size: number };

// `escape` is spelt out because SQLite has no default LIKE escape character; lower() on both
// sides because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
const containsIgnoringCase = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(value.toLowerCase())}%`} escape '\\'`;

const workgroupIdsByWid = (db: Executor, orgId: number, wid: string) =>
  db
    .selectFrom('workgroup')
    .select('workgroup.id')
    .where('workgroup.org_id', '=', orgId)
    .where('workgroup.wid', '=', wid);

const userIdsByUid = (db: Executor, orgId: number, uid: string) =>
  db.selectFrom('user').select('user.id').where('user.org_id', '=', orgId).where('user.uid', '=', uid);

/** Keeps the order of `ids` (the page's sort order) over rows fetched by id. */
const inOrder = <R extends { id: number }>(ids: number[], rows: R[]): R[] => {
  const byId = new Map(rows.map((row) => [Number(row.id), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/* ---- threads ---- */

export type ThreadFilter = Omit<ThreadQuery, 'page' | 'size' | 'client'>;

/**
 * The threads matching the filter, as ids. The visitor is joined only when the filter names one:
 * otherwise every page and count reads nothing but a (org_id, …, created_at) index, whatever the
 * depth of the page (issue 18: an OFFSET past 40,000 rows also joined 40,000 visitors).
 */
const filteredThreads = (db: Executor, orgId: number, filter: ThreadFilter) => {
  let query = db.selectFrom('thread').where('thread.org_id', '=', orgId);
  if (filter.from !== undefined) query = query.where('thread.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('thread.created_at', '<=', filter.to);
  if (filter.status) query = query.where('thread.status', '=', filter.status);
  if (filter.threadClient) query = query.where('thread.client', '=', filter.threadClient);
  // wid and uid are unique: `=` a scalar subquery (not `in`) lets the index give the page's order.
  if (filter.wid) query = query.where('thread.workgroup_id', '=', workgroupIdsByWid(db, orgId, filter.wid));
  if (filter.uid) query = query.where('thread.agent_id', '=', userIdsByUid(db, orgId, filter.uid));
  if (filter.tag) query = query.where('thread.id', 'in', threadIdsWithTag(db, orgId, filter.tag));
  const visitor = filter.visitor;
  if (visitor)
    query = query.where('thread.visitor_id', 'in', (eb) =>
      eb
        .selectFrom('visitor')
        .select('visitor.id')
        .where('visitor.org_id', '=', orgId)
        .where((inner) =>
          inner.or([containsIgnoringCase('visitor.nickname', visitor), inner('visitor.vid', '=', visitor)]),
        ),
    );
  return query;
};

const countOf = async <O>(query: SelectQueryBuilder<Database, keyof Database, O>): Promise<number> => {
  const row = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Counts of lists that grow without limit stop here (see Page.totalCapped in the contract). */
export const countCap = 10_000;

/**
 * Counts the query's rows up to countCap, or to the end of the requested page when that is
 * deeper: the cost follows the page asked for, not the size of the table (a million messages
 * took ~90 ms to count from their index). Past the bound, the total is a lower bound: capped.
 */
export const countBounded = async <DB extends Database, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  cap = countCap,
): Promise<{ total: number; isTotalCapped: boolean }> => {
  const bound = Math.max(cap, (paging.page + 1) * paging.size) + 1;
  const row = await db
    .selectFrom(
      query
        .clearSelect()
        .clearOrderBy()
        .select(sql<number>`1`.as('one'))
        .limit(bound)
        .as('bounded'),
    )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(row.count);
  return { total, isTotalCapped: total >= bound };
};

/**
 * The total of a page whose ids are already read (`found` of them): a page not full is the list's
 * last, so its total is known without counting; otherwise countBounded. Most lists of a small
 * organisation, and every filter that narrows to a few rows, then cost one query, not two.
 */
export const countPage = async <DB extends Database, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  paging: Paging,
  found: number,
  cap = countCap,
): Promise<{ total: number; isTotalCapped: boolean }> => {
  // An empty page past the first says nothing about where the list ends.
  if (found < paging.size && (found > 0 || paging.page === 0))
    return { total: paging.page * paging.size + found, isTotalCapped: false };
  return countBounded(db, query, paging, cap);
};

/**
 * Searches count to here: each counted match of a common word costs a look-up of its message
 * (10,000 took 25 ms at a million messages), and "1,000+ results" says as much to a reader.
 */
export const searchCountCap = 1_000;

/** A page of the organisation's threads, newest first. */
export const pageThreads = async (
  db: Executor,
  orgId: number,
  filter: ThreadFilter,
  paging: Paging,
): Promise<{ rows: ThreadRow[]; total: number; isTotalCapped: boolean }> => {
  const ids = (
    await filteredThreads(db, orgId, filter)
      .select('thread.id')
      .orderBy('thread.created_at', 'desc')
      .orderBy('thread.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const counted = await countPage(
    db,
    filteredThreads(db, orgId, filter).select('thread.id'),
    paging,
    ids.length,
  );
  return { rows: inOrder(ids, await findThreadsByIds(db, orgId, ids)), ...counted };
};

/** What an export row shows beyond the thread: its latest rating and summary. */
export type ExportRow = ThreadRow & { rate_score: number | null; summary_category: string; summary: string };

const chunkSize = 1000;

/** Up to `limit` threads matching the filter, newest first, with the total the filter matched. */
export const listThreadsForExport = async (
  db: Executor,
  orgId: number,
  filter: ThreadFilter,
  limit: number,
): Promise<{ rows: ExportRow[]; total: number }> => {
  const ids = (
    await filteredThreads(db, orgId, filter)
      .select('thread.id')
      .orderBy('thread.created_at', 'desc')
      .orderBy('thread.id', 'desc')
      .limit(limit)
      .execute()
  ).map((row) => Number(row.id));
  const total =
    ids.length < limit ? ids.length : await countOf(filteredThreads(db, orgId, filter).select('thread.id'));
  const rows: ExportRow[] = [];
  for (let start = 0; start < ids.length; start += chunkSize) {
    const chunk = ids.slice(start, start + chunkSize);
    const threads = inOrder(chunk, await findThreadsByIds(db, orgId, chunk));
    const rates = await db
      .selectFrom('rate')
      .select(['rate.thread_id', 'rate.score', 'rate.cycle'])
      .where('rate.org_id', '=', orgId)
      .where('rate.thread_id', 'in', chunk)
      .orderBy('rate.cycle')
      .execute();
    const summaries = await db
      .selectFrom('thread_summary')
      .select(['thread_summary.thread_id', 'thread_summary.category', 'thread_summary.content'])
      .where('thread_summary.org_id', '=', orgId)
      .where('thread_summary.thread_id', 'in', chunk)
      .orderBy('thread_summary.created_at')
      .orderBy('thread_summary.id')
      .execute();
    // Ascending order: the last one written per thread wins.
    const latestRate = new Map(rates.map((rate) => [Number(rate.thread_id), Number(rate.score)]));
    const latestSummary = new Map(summaries.map((summary) => [Number(summary.thread_id), summary]));
    for (const thread of threads) {
      const summary = latestSummary.get(Number(thread.id));
      rows.push({
        ...thread,
        rate_score: latestRate.get(Number(thread.id)) ?? null,
        summary_category: summary?.category ?? '',
        summary: summary?.content ?? '',
      });
    }
  }
  return { rows, total };
};

export type MonitorFilter = { status?: 'robot' | 'queuing' | 'chatting'; wid?: string };

/** The organisation's ongoing threads, the longest-running first. */
export const pageOngoingThreads = async (
  db: Executor,
  orgId: number,
  filter: MonitorFilter,
  paging: Paging,
): Promise<{ rows: ThreadRow[]; total: number }> => {
  let query = db
    .selectFrom('thread')
    .where('thread.org_id', '=', orgId)
    .where('thread.status', 'in', filter.status ? [filter.status] : [...openThreadStatuses]);
  if (filter.wid) query = query.where('thread.workgroup_id', 'in', workgroupIdsByWid(db, orgId, filter.wid));
  const ids = (
    await query
      .select('thread.id')
      .orderBy('thread.created_at')
      .orderBy('thread.id')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const total = await countOf(query.select('thread.id'));
  return { rows: inOrder(ids, await findThreadsByIds(db, orgId, ids)), total };
};

/* ---- messages ---- */

export type MessageFilter = {
  /** Search tokens (toSearchTokens of the keyword); all must be in the message. */
  tokens?: string[];
  /** A keyword without any word or character (punctuation only): matched as plain text. */
  literal?: string;
  type?: string;
  from?: number;
  to?: number;
  tid?: string;
};

/**
 * The organisation's messages matching the filter, as ids. The thread is joined only to resolve a
 * tid, so a page and its count read the (org_id, created_at) index or the search index alone.
 */
const filteredMessages = (db: Executor, dialect: DialectName, orgId: number, filter: MessageFilter) => {
  const isSearch = filter.tokens !== undefined && filter.tokens.length > 0;
  const isFtsDriven = isSearch && dialect === 'sqlite';
  // On SQLite the FTS5 table drives the query, newest match first (see pageMessages), so a page and
  // the capped count stop after the rows they need; the unary plus keeps SQLite from walking the
  // organisation's (org_id, created_at) index and testing each id against the matches instead.
  let query = isFtsDriven
    ? db
        .selectFrom('message')
        .innerJoin(sql<{ rowid: number }>`message_search`.as('s'), (join) =>
          join.onRef(sql.ref('s.rowid'), '=', 'message.id'),
        )
        .where(sql<boolean>`message_search match ${ftsMatchExpression(filter.tokens ?? [])}`)
        .where(sql.ref('s.org_id'), '=', orgId)
        .where(sql<number>`+message.org_id`, '=', orgId)
    : db.selectFrom('message').where('message.org_id', '=', orgId);
  if (filter.type) query = query.where('message.type', '=', filter.type);
  if (filter.from !== undefined) query = query.where('message.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('message.created_at', '<=', filter.to);
  const tid = filter.tid;
  if (tid)
    query = query.where('message.thread_id', 'in', (eb) =>
      eb
        .selectFrom('thread')
        .select('thread.id')
        .where('thread.org_id', '=', orgId)
        .where('thread.tid', '=', tid),
    );
  if (isSearch && !isFtsDriven)
    query = query.where('message.id', 'in', matchingMessageIds(dialect, orgId, filter.tokens ?? []));
  // A recalled message keeps its index row until re-indexed; its text is gone.
  if (isSearch) query = query.where('message.status', '<>', 'recall');
  if (filter.literal)
    query = query
      .where(containsIgnoringCase('message.content', filter.literal))
      .where('message.status', '<>', 'recall');
  return query;
};

/**
 * A page of the organisation's messages, newest first: the page's ids first (a deferred join, so
 * rows skipped by the OFFSET are never joined to their thread and sender), then those 20 rows.
 */
export const pageMessages = async (
  db: Executor,
  dialect: DialectName,
  orgId: number,
  filter: MessageFilter,
  paging: Paging,
) => {
  // A search on SQLite pages in the FTS index's own order, newest id first: ids grow with the time a
  // message was stored, and FTS5 then streams its matches instead of collecting all of them (a word
  // in each of 1,000,000 messages: page 0 in under 1 ms, against seconds).
  const isFtsDriven = dialect === 'sqlite' && (filter.tokens?.length ?? 0) > 0;
  const ordered = isFtsDriven
    ? filteredMessages(db, dialect, orgId, filter)
        .select('message.id')
        .orderBy(sql`s.rowid`, 'desc')
    : filteredMessages(db, dialect, orgId, filter)
        .select('message.id')
        .orderBy('message.created_at', 'desc')
        .orderBy('message.id', 'desc');
  const ids = (
    await ordered
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const counted = await countPage(
    db,
    filteredMessages(db, dialect, orgId, filter).select('message.id'),
    paging,
    ids.length,
    (filter.tokens?.length ?? 0) > 0 || filter.literal ? searchCountCap : countCap,
  );
  if (ids.length === 0) return { rows: [], ...counted };
  const rows = await selectMessages(db)
    // By primary key: the unary plus keeps SQLite off the (org_id, created_at) index (see findThreadsByIds).
    .where(sql<number>`+message.org_id`, '=', orgId)
    .where(sql<number>`+thread.org_id`, '=', orgId)
    .where('message.id', 'in', ids)
    .execute();
  return { rows: inOrder(ids, rows), ...counted };
};

/* ---- ratings ---- */

export type RateFilter = { from?: number; to?: number; score?: number; uid?: string };

const filteredRates = (db: Executor, orgId: number, filter: RateFilter) => {
  let query = db.selectFrom('rate').where('rate.org_id', '=', orgId);
  if (filter.from !== undefined) query = query.where('rate.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('rate.created_at', '<=', filter.to);
  if (filter.score !== undefined) query = query.where('rate.score', '=', filter.score);
  if (filter.uid) query = query.where('rate.agent_id', 'in', userIdsByUid(db, orgId, filter.uid));
  return query;
};

const agentColumns = (prefix: 'agent') =>
  [
    `${prefix}.uid as agent_uid`,
    `${prefix}.username as agent_username`,
    `${prefix}.nickname as agent_nickname`,
    `${prefix}.real_name as agent_real_name`,
    `${prefix}.avatar as agent_avatar`,
    `${prefix}.is_robot as agent_is_robot`,
    `${prefix}.enabled as agent_enabled`,
    `${prefix}.status as agent_status`,
  ] as const;

export const pageRates = async (db: Executor, orgId: number, filter: RateFilter, paging: Paging) => {
  const rows = await filteredRates(db, orgId, filter)
    .innerJoin('thread', 'thread.id', 'rate.thread_id')
    .innerJoin('visitor', 'visitor.id', 'rate.visitor_id')
    .leftJoin('user as agent', 'agent.id', 'rate.agent_id')
    .select([
      'rate.id',
      'rate.rid',
      'rate.score',
      'rate.note',
      'rate.invite',
      'rate.auto',
      'rate.client',
      'rate.created_at',
      'thread.tid',
      'visitor.vid as visitor_vid',
      'visitor.nickname as visitor_nickname',
      'visitor.avatar as visitor_avatar',
      'visitor.client as visitor_client',
      ...agentColumns('agent'),
    ])
    .orderBy('rate.created_at', 'desc')
    .orderBy('rate.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const total = await countOf(filteredRates(db, orgId, filter).select('rate.id'));
  return { rows, total };
};

export type RateListRow = Awaited<ReturnType<typeof pageRates>>['rows'][number];

/** How many ratings gave each score. */
export const countRatesByScore = async (db: Executor, orgId: number, filter: RateFilter) =>
  (
    await filteredRates(db, orgId, filter)
      .select((eb) => ['rate.score', eb.fn.countAll<number>().as('count')])
      .groupBy('rate.score')
      .execute()
  ).map((row) => ({ score: Number(row.score), count: Number(row.count) }));

/* ---- summaries ---- */

export type SummaryFilter = { category?: string; uid?: string; keyword?: string; from?: number; to?: number };

const filteredSummaries = (db: Executor, orgId: number, filter: SummaryFilter) => {
  let query = db.selectFrom('thread_summary').where('thread_summary.org_id', '=', orgId);
  if (filter.category !== undefined) query = query.where('thread_summary.category', '=', filter.category);
  if (filter.uid) query = query.where('thread_summary.agent_id', 'in', userIdsByUid(db, orgId, filter.uid));
  if (filter.keyword) query = query.where(containsIgnoringCase('thread_summary.content', filter.keyword));
  if (filter.from !== undefined) query = query.where('thread_summary.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('thread_summary.created_at', '<=', filter.to);
  return query;
};

export const pageSummaries = async (db: Executor, orgId: number, filter: SummaryFilter, paging: Paging) => {
  const rows = await filteredSummaries(db, orgId, filter)
    .innerJoin('thread', 'thread.id', 'thread_summary.thread_id')
    .innerJoin('visitor', 'visitor.id', 'thread.visitor_id')
    .leftJoin('user as agent', 'agent.id', 'thread_summary.agent_id')
    .select([
      'thread_summary.id',
      'thread_summary.sid',
      'thread_summary.category',
      'thread_summary.content',
      'thread_summary.created_at',
      'thread.tid',
      'visitor.vid as visitor_vid',
      'visitor.nickname as visitor_nickname',
      'visitor.avatar as visitor_avatar',
      'visitor.client as visitor_client',
      ...agentColumns('agent'),
    ])
    .orderBy('thread_summary.created_at', 'desc')
    .orderBy('thread_summary.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const total = await countOf(filteredSummaries(db, orgId, filter).select('thread_summary.id'));
  return { rows, total };
};

export type SummaryListRow = Awaited<ReturnType<typeof pageSummaries>>['rows'][number];

export const listSummaryCategories = async (db: Executor, orgId: number): Promise<string[]> =>
  (
    await db
      .selectFrom('thread_summary')
      .select('thread_summary.category')
      .distinct()
      .where('thread_summary.org_id', '=', orgId)
      .where('thread_summary.category', '<>', '')
      .orderBy('thread_summary.category')
      .limit(500)
      .execute()
  ).map((row) => row.category);
