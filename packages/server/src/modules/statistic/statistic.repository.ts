import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Executor } from '../../db/database.js';
import {
  emptySums,
  maxCounters,
  statisticCounters,
  type StatisticCounter,
  type Sums,
} from './statistic.columns.js';
import {
  advanceCycle,
  callDeltaOf,
  createRollupAccumulator,
  deltaOf,
  foldCycle,
  initialCycleState,
  messageWindowOf,
  rowsOfDelta,
  workgroupAtCall,
  type CycleState,
  type RollupCall,
  type RollupEvent,
  type RollupRow,
} from './statistic.rollup.js';

/* Kysely queries of the statistics: the rollup hook, the rebuild and the report reads. Tenant-scoped. */

const countedKinds = new Set([
  'created',
  'reopened',
  'queued',
  'assigned',
  'transferred',
  'first_response',
  'closed',
  'rated',
]);

type EventRow = {
  id: number | bigint;
  thread_id: number | bigint;
  cycle: number | bigint;
  kind: string;
  agent_id: number | bigint | null;
  workgroup_id: number | bigint | null;
  data: string;
  at: number | bigint;
};

const toRollupEvent = (row: EventRow): RollupEvent => ({
  id: Number(row.id),
  threadId: Number(row.thread_id),
  cycle: Number(row.cycle),
  kind: row.kind,
  agentId: row.agent_id === null ? null : Number(row.agent_id),
  workgroupId: row.workgroup_id === null ? null : Number(row.workgroup_id),
  data: row.data,
  at: Number(row.at),
});

const eventColumns = ['id', 'thread_id', 'cycle', 'kind', 'agent_id', 'workgroup_id', 'data', 'at'] as const;

const rowValues = (row: Omit<RollupRow, 'sums'>, sums: Partial<Sums>) => ({
  org_id: row.orgId,
  dims: row.dims,
  hour: row.hour,
  agent_id: row.agentId,
  workgroup_id: row.workgroupId,
  channel: row.channel,
  ...Object.fromEntries(statisticCounters.map((name) => [name, sums[name] ?? 0])),
});

/** Adds rows to the stored rollup (counters add up, maxima keep the larger). */
const upsertRows = async (db: Executor, rows: { key: Omit<RollupRow, 'sums'>; sums: Partial<Sums> }[]) => {
  if (rows.length === 0) return;
  const touched = statisticCounters.filter((name) => rows.some((row) => (row.sums[name] ?? 0) !== 0));
  await db
    .insertInto('statistic_hourly')
    .values(rows.map((row) => rowValues(row.key, row.sums)))
    .onConflict((oc) =>
      oc
        .columns(['org_id', 'dims', 'hour', 'agent_id', 'workgroup_id', 'channel'])
        .doUpdateSet(
          Object.fromEntries(
            touched.map((name) => [
              name,
              maxCounters.has(name)
                ? sql`case when excluded.${sql.ref(name)} > statistic_hourly.${sql.ref(name)} then excluded.${sql.ref(name)} else statistic_hourly.${sql.ref(name)} end`
                : sql`statistic_hourly.${sql.ref(name)} + excluded.${sql.ref(name)}`,
            ]),
          ) as Partial<Record<StatisticCounter, Expression<number>>>,
        ),
    )
    .execute();
};

const countCycleMessages = async (db: Executor, threadId: number, window: { from: number; to: number }) => {
  const rows = await db
    .selectFrom('message')
    .select(['sender_kind', (eb) => eb.fn.countAll<number>().as('count')])
    .where('thread_id', '=', threadId)
    .where('sender_kind', 'in', ['visitor', 'agent'])
    .where('created_at', '>=', window.from)
    .where('created_at', '<=', window.to)
    .groupBy('sender_kind')
    .execute();
  const count = (kind: string) => Number(rows.find((row) => row.sender_kind === kind)?.count ?? 0);
  return { visitor: count('visitor'), agent: count('agent') };
};

/**
 * The hook: adds the thread event `eventId` (already written, same transaction) to the hourly
 * rollup. Reads the cycle's earlier events, the thread's channel and, when needed, the group's work
 * hours and the cycle's message counts; the same computation as the rebuild (statistic.rollup.ts).
 */
export const rollupThreadEvent = async (db: Executor, orgId: number, eventId: number): Promise<void> => {
  const event = await db
    .selectFrom('thread_event')
    .select([...eventColumns])
    .where('id', '=', eventId)
    .executeTakeFirst();
  if (!event || !countedKinds.has(event.kind)) return;
  const current = toRollupEvent(event);
  const prior = await db
    .selectFrom('thread_event')
    .select([...eventColumns])
    .where('thread_id', '=', current.threadId)
    .where('cycle', '=', current.cycle)
    .where('id', '<', current.id)
    .orderBy('id')
    .execute();
  const state = foldCycle(prior.map(toRollupEvent));
  const thread = await db
    .selectFrom('thread')
    .select('client')
    .where('id', '=', current.threadId)
    .executeTakeFirst();
  const workgroupId = current.workgroupId ?? state.workgroupId;
  const needsHours = current.kind === 'first_response' || current.kind === 'closed';
  const group =
    needsHours && workgroupId !== null
      ? await db.selectFrom('workgroup').select('work_times').where('id', '=', workgroupId).executeTakeFirst()
      : undefined;
  const messages =
    current.kind === 'closed'
      ? await countCycleMessages(db, current.threadId, messageWindowOf(state, current.at))
      : undefined;
  const delta = deltaOf(state, current, {
    channel: thread?.client ?? '',
    workTimesOf: () => group?.work_times ?? '',
    messages,
  });
  if (!delta) return;
  await upsertRows(
    db,
    rowsOfDelta(orgId, delta).map((key) => ({ key, sums: delta.sums })),
  );
};

type CallRowForRollup = {
  agent_id: number | bigint;
  media: string;
  started_at: number | bigint;
  answered_at: number | bigint | null;
  ended_at: number | bigint | null;
  end_reason: string | null;
};

const toRollupCall = (row: CallRowForRollup): RollupCall => ({
  agentId: Number(row.agent_id),
  media: row.media,
  startedAt: Number(row.started_at),
  answeredAt: row.answered_at === null ? null : Number(row.answered_at),
  endedAt: row.ended_at === null ? null : Number(row.ended_at),
  endReason: row.end_reason,
});

const callColumns = ['agent_id', 'media', 'started_at', 'answered_at', 'ended_at', 'end_reason'] as const;

/**
 * The hook of calls: adds the call `callId` (row id), which just ended, to the hourly rollup. Call it
 * once per call, by whoever ended it; the same computation as the rebuild (callDeltaOf).
 */
export const rollupCall = async (db: Executor, orgId: number, callId: number): Promise<void> => {
  const call = await db
    .selectFrom('call')
    .select([...callColumns, 'thread_id'])
    .where('id', '=', callId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
  if (!call) return;
  const ended = toRollupCall(call);
  const thread = await db
    .selectFrom('thread')
    .select('client')
    .where('id', '=', call.thread_id)
    .executeTakeFirst();
  const groupEvent = await db
    .selectFrom('thread_event')
    .select(['workgroup_id', 'at'])
    .where('thread_id', '=', call.thread_id)
    .where('workgroup_id', 'is not', null)
    .where('at', '<=', ended.startedAt)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const delta = callDeltaOf(ended, {
    channel: thread?.client ?? '',
    workgroupId: groupEvent && groupEvent.workgroup_id !== null ? Number(groupEvent.workgroup_id) : 0,
  });
  if (!delta) return;
  await upsertRows(
    db,
    rowsOfDelta(orgId, delta).map((key) => ({ key, sums: delta.sums })),
  );
};

const lowerBound = (sorted: readonly number[], value: number) => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((sorted[mid] ?? 0) < value) low = mid + 1;
    else high = mid;
  }
  return low;
};
const countBetween = (sorted: readonly number[], from: number, to: number) =>
  lowerBound(sorted, to + 1) - lowerBound(sorted, from);

/**
 * Recomputes the rollup from the raw events and the ended calls (one organisation or all), a slice
 * of threads at a time. Gives the rows the hooks wrote, with the channel and work hours as they are now.
 */
export const rebuildRollups = async (
  db: Executor,
  options: { orgId?: number; threadsPerSlice?: number; onProgress?: (threads: number) => void } = {},
): Promise<{ threads: number; events: number; calls: number; rows: number }> => {
  const slice = options.threadsPerSlice ?? 5000;
  let remove = db.deleteFrom('statistic_hourly');
  if (options.orgId !== undefined) remove = remove.where('org_id', '=', options.orgId);
  await remove.execute();
  const workTimes = new Map(
    (await db.selectFrom('workgroup').select(['id', 'work_times']).execute()).map((row) => [
      Number(row.id),
      row.work_times,
    ]),
  );
  let accumulator = createRollupAccumulator();
  let lastId = 0;
  let threads = 0;
  let events = 0;
  let calls = 0;
  let rows = 0;
  const flush = async () => {
    const pending = [...accumulator.rows.values()];
    for (let start = 0; start < pending.length; start += 200)
      await upsertRows(
        db,
        pending.slice(start, start + 200).map((row) => ({ key: row, sums: row.sums })),
      );
    rows += pending.length;
    accumulator = createRollupAccumulator();
  };
  for (;;) {
    let threadQuery = db
      .selectFrom('thread')
      .select(['id', 'org_id', 'client'])
      .where('id', '>', lastId)
      .orderBy('id')
      .limit(slice);
    if (options.orgId !== undefined) threadQuery = threadQuery.where('org_id', '=', options.orgId);
    const threadRows = await threadQuery.execute();
    if (threadRows.length === 0) break;
    const first = Number(threadRows[0]?.id);
    lastId = Number(threadRows[threadRows.length - 1]?.id);
    const eventRows = await db
      .selectFrom('thread_event')
      .select([...eventColumns])
      .where('thread_id', '>=', first)
      .where('thread_id', '<=', lastId)
      .orderBy('thread_id')
      .orderBy('id')
      .execute();
    const messageRows = await db
      .selectFrom('message')
      .select(['thread_id', 'sender_kind', 'created_at'])
      .where('thread_id', '>=', first)
      .where('thread_id', '<=', lastId)
      .where('sender_kind', 'in', ['visitor', 'agent'])
      .execute();
    const messagesOf = new Map<number, { visitor: number[]; agent: number[] }>();
    for (const row of messageRows) {
      const id = Number(row.thread_id);
      let lists = messagesOf.get(id);
      if (!lists) {
        lists = { visitor: [], agent: [] };
        messagesOf.set(id, lists);
      }
      (row.sender_kind === 'visitor' ? lists.visitor : lists.agent).push(Number(row.created_at));
    }
    for (const lists of messagesOf.values()) {
      lists.visitor.sort((a, b) => a - b);
      lists.agent.sort((a, b) => a - b);
    }
    const threadOf = new Map(threadRows.map((row) => [Number(row.id), row]));
    const states = new Map<string, CycleState>();
    for (const row of eventRows) {
      const event = toRollupEvent(row);
      const thread = threadOf.get(event.threadId);
      if (!thread) continue;
      events += 1;
      const cycleKey = `${event.threadId}|${event.cycle}`;
      const state = states.get(cycleKey) ?? initialCycleState();
      if (countedKinds.has(event.kind)) {
        const lists = messagesOf.get(event.threadId);
        const window = messageWindowOf(state, event.at);
        const delta = deltaOf(state, event, {
          channel: thread.client,
          workTimesOf: (id) => workTimes.get(id) ?? '',
          messages:
            event.kind === 'closed'
              ? {
                  visitor: lists ? countBetween(lists.visitor, window.from, window.to) : 0,
                  agent: lists ? countBetween(lists.agent, window.from, window.to) : 0,
                }
              : undefined,
        });
        if (delta) accumulator.add(Number(thread.org_id), delta);
      }
      states.set(cycleKey, advanceCycle(state, event));
    }
    const callRows = await db
      .selectFrom('call')
      .select([...callColumns, 'thread_id'])
      .where('thread_id', '>=', first)
      .where('thread_id', '<=', lastId)
      .where('state', '=', 'ended')
      .execute();
    const groupEventsOf = new Map<number, RollupEvent[]>();
    for (const row of eventRows) {
      if (row.workgroup_id === null) continue;
      const id = Number(row.thread_id);
      const list = groupEventsOf.get(id) ?? [];
      list.push(toRollupEvent(row));
      groupEventsOf.set(id, list);
    }
    for (const row of callRows) {
      const thread = threadOf.get(Number(row.thread_id));
      if (!thread) continue;
      const call = toRollupCall(row);
      const delta = callDeltaOf(call, {
        channel: thread.client,
        workgroupId: workgroupAtCall(groupEventsOf.get(Number(row.thread_id)) ?? [], call.startedAt),
      });
      if (!delta) continue;
      calls += 1;
      accumulator.add(Number(thread.org_id), delta);
    }
    threads += threadRows.length;
    options.onProgress?.(threads);
    if (accumulator.rows.size > 100_000) await flush();
  }
  await flush();
  return { threads, events, calls, rows };
};

export type RollupFilter = {
  orgId: number;
  dims: number;
  fromHour: number;
  /** Exclusive. */
  toHour: number;
  agentId?: number;
  workgroupId?: number;
  channel?: string;
};

export type TimeBucket = 'hour' | 'day' | 'week' | 'weekdayHour';

/** The ranges where the zone's offset is constant: `offset` (ms) applies before `until` (ms). */
export type OffsetSpan = { until: number; offset: number };

/**
 * SQL for the local time bucket of a UTC time, with the zone's offsets as a CASE over its spans:
 * hour = local hours since the epoch, day = local days, week = weeks starting on Monday (epoch day 0
 * was a Thursday), weekdayHour = (weekday − 1) × 24 + hour.
 */
const bucketExpression = (
  local: RawBuilder<number>,
  unit: number,
  bucket: TimeBucket,
): RawBuilder<number> => {
  const perDay = 86_400_000 / unit;
  const perHour = 3_600_000 / unit;
  const day = sql<number>`((${local} - ((${local}) % ${sql.lit(perDay)})) / ${sql.lit(perDay)})`;
  switch (bucket) {
    case 'hour':
      return sql<number>`((${local} - ((${local}) % ${sql.lit(perHour)})) / ${sql.lit(perHour)})`;
    case 'day':
      return day;
    case 'week':
      return sql<number>`((${day} + 3 - ((${day} + 3) % 7)) / 7)`;
    case 'weekdayHour':
      return sql<number>`(((${day} + 3) % 7) * 24 + (((${local}) % ${sql.lit(perDay)}) - ((${local}) % ${sql.lit(perHour)})) / ${sql.lit(perHour)})`;
  }
};

/** `value` (in `unit` ms since the epoch) shifted to local time by the spans. Literals: the plan and PostgreSQL's types stay simple. */
const localExpression = (value: Expression<number>, spans: readonly OffsetSpan[], unit: number) => {
  const shift = (offset: number) => sql.lit(Math.floor(offset / unit));
  const last = spans[spans.length - 1]?.offset ?? 0;
  if (spans.length <= 1) return sql<number>`(${value} + ${shift(last)})`;
  const cases = spans
    .slice(0, -1)
    .map(
      (span) =>
        sql`when ${value} < ${sql.lit(Math.ceil(span.until / unit))} then ${value} + ${shift(span.offset)}`,
    );
  return sql<number>`(case ${sql.join(cases, sql` `)} else ${value} + ${shift(last)} end)`;
};

export type RollupGroup =
  { column: 'agent_id' | 'workgroup_id' | 'channel' } | { time: TimeBucket; spans: readonly OffsetSpan[] };

/** Summed rollup rows, one per dimension value or local time bucket (one row without a group). */
export const sumRollups = async (
  db: Executor,
  filter: RollupFilter,
  group: RollupGroup | null,
  columns: readonly StatisticCounter[] = statisticCounters,
): Promise<{ key: number | string | null; sums: Sums }[]> => {
  let query = db
    .selectFrom('statistic_hourly')
    .where('org_id', '=', filter.orgId)
    .where('dims', '=', filter.dims)
    .where('hour', '>=', filter.fromHour)
    .where('hour', '<', filter.toHour);
  if (filter.agentId !== undefined) query = query.where('agent_id', '=', filter.agentId);
  if (filter.workgroupId !== undefined) query = query.where('workgroup_id', '=', filter.workgroupId);
  if (filter.channel !== undefined) query = query.where('channel', '=', filter.channel);
  // At least one aggregate, so a report asking only for distinct visitors still has a valid select.
  const aggregates = (columns.length > 0 ? columns : statisticCounters.slice(0, 1)).map((name) =>
    maxCounters.has(name)
      ? sql<number>`max(${sql.ref(name)})`.as(name)
      : sql<number>`sum(${sql.ref(name)})`.as(name),
  );
  const key: RawBuilder<number | string | null> =
    group === null
      ? sql<null>`null`
      : 'column' in group
        ? sql<number | string>`${sql.ref(group.column)}`
        : bucketExpression(localExpression(sql.ref('hour'), group.spans, 3_600_000), 3_600_000, group.time);
  const selected = query.select([key.as('group_key'), ...aggregates]);
  const rows = group === null ? await selected.execute() : await selected.groupBy(sql`1`).execute();
  return rows.map((row) => {
    const record = row as Record<string, unknown>;
    const sums = emptySums();
    for (const name of columns) sums[name] = Number(record[name] ?? 0);
    const value = record.group_key;
    return {
      key: value === null || value === undefined ? null : typeof value === 'string' ? value : Number(value),
      sums,
    };
  });
};

export type VisitorBucket = 'none' | TimeBucket | 'agent' | 'workgroup' | 'channel';

/**
 * The grouping key of a raw count (distinct visitors, leave messages): the row's agent, skill group or
 * channel, or its local time bucket, from a table aliased `table` with agent_id and workgroup_id.
 */
const rawBucketKey = (
  bucket: VisitorBucket,
  spans: readonly OffsetSpan[],
  columns: { table: 'e' | 'l'; channel: 't.client' | 'v.client'; at: 'e.at' | 'l.created_at' },
): RawBuilder<number | string | null> =>
  bucket === 'none'
    ? sql<null>`null`
    : bucket === 'agent'
      ? sql<number>`coalesce(${sql.ref(`${columns.table}.agent_id`)}, 0)`
      : bucket === 'workgroup'
        ? sql<number>`coalesce(${sql.ref(`${columns.table}.workgroup_id`)}, 0)`
        : bucket === 'channel'
          ? sql<string>`${sql.ref(columns.channel)}`
          : bucketExpression(localExpression(sql.ref(columns.at), spans, 1), 1, bucket);

const toBucketCount = (row: { bucket: number | string | null; count: number }) => ({
  key: row.bucket === null ? null : typeof row.bucket === 'string' ? row.bucket : Number(row.bucket),
  count: Number(row.count),
});

/**
 * Distinct visitors who started a care cycle in [from, to): not additive, so read from the raw
 * events (index org_id, kind, at). With `uid`, the visitors of cycles the agent accepted or took over.
 */
export const countVisitors = async (
  db: Executor,
  filter: {
    orgId: number;
    from: number;
    to: number;
    agentId?: number;
    workgroupId?: number;
    channel?: string;
  },
  bucket: VisitorBucket,
  spans: readonly OffsetSpan[],
): Promise<{ key: number | string | null; count: number }[]> => {
  const byAgent = filter.agentId !== undefined || bucket === 'agent';
  let query = db
    .selectFrom('thread_event as e')
    .innerJoin('thread as t', 't.id', 'e.thread_id')
    .where('e.org_id', '=', filter.orgId)
    .where('e.at', '>=', filter.from)
    .where('e.at', '<', filter.to)
    .where('t.visitor_id', 'is not', null);
  query = byAgent
    ? query.where('e.kind', 'in', ['assigned', 'transferred'])
    : query.where('e.kind', 'in', ['created', 'reopened']);
  if (filter.agentId !== undefined) query = query.where('e.agent_id', '=', filter.agentId);
  if (filter.workgroupId !== undefined) query = query.where('e.workgroup_id', '=', filter.workgroupId);
  if (filter.channel !== undefined) query = query.where('t.client', '=', filter.channel);
  const keyExpression = rawBucketKey(bucket, spans, { table: 'e', channel: 't.client', at: 'e.at' });
  const rows = await query
    .select([keyExpression.as('bucket'), sql<number>`count(distinct t.visitor_id)`.as('count')])
    .groupBy(sql`1`)
    .execute();
  return rows.map(toBucketCount);
};

/**
 * Leave messages created in [from, to) (index leave_message (org_id, status, created_at)); the channel
 * is the visitor's, the agent the one it was addressed to.
 */
export const countLeaveMessages = async (
  db: Executor,
  filter: {
    orgId: number;
    from: number;
    to: number;
    agentId?: number;
    workgroupId?: number;
    channel?: string;
  },
  bucket: VisitorBucket,
  spans: readonly OffsetSpan[],
): Promise<{ key: number | string | null; count: number }[]> => {
  let query = db
    .selectFrom('leave_message as l')
    .innerJoin('visitor as v', 'v.id', 'l.visitor_id')
    .where('l.org_id', '=', filter.orgId)
    .where('l.created_at', '>=', filter.from)
    .where('l.created_at', '<', filter.to);
  if (filter.agentId !== undefined) query = query.where('l.agent_id', '=', filter.agentId);
  if (filter.workgroupId !== undefined) query = query.where('l.workgroup_id', '=', filter.workgroupId);
  if (filter.channel !== undefined) query = query.where('v.client', '=', filter.channel);
  const keyExpression = rawBucketKey(bucket, spans, { table: 'l', channel: 'v.client', at: 'l.created_at' });
  const rows = await query
    .select([keyExpression.as('bucket'), sql<number>`count(*)`.as('count')])
    .groupBy(sql`1`)
    .execute();
  return rows.map(toBucketCount);
};

export type DrillCondition = {
  kinds: string[];
  closeTypes?: string[];
  score?: number;
  /** Only cycles that were (true) or were not (false) assigned to an agent. */
  wasAssigned?: boolean;
  wasQueued?: boolean;
  isRobot?: boolean;
};

/** The events behind a figure, newest first, with their conversation; raw events, paged. */
export const pageDrillEvents = async (
  db: Executor,
  filter: {
    orgId: number;
    from: number;
    to: number;
    agentId?: number;
    workgroupId?: number;
    channel?: string;
  },
  condition: DrillCondition,
  page: { page: number; size: number },
) => {
  const cycleHas = (kinds: string[]) =>
    sql<SqlBool>`exists (select 1 from thread_event as x where x.thread_id = e.thread_id and x.cycle = e.cycle and x.kind in (${sql.join(kinds)}))`;
  let query = db
    .selectFrom('thread_event as e')
    .innerJoin('thread as t', 't.id', 'e.thread_id')
    .where('e.org_id', '=', filter.orgId)
    .where('e.kind', 'in', condition.kinds)
    .where('e.at', '>=', filter.from)
    .where('e.at', '<', filter.to);
  if (filter.agentId !== undefined)
    query = query.where(sql<number>`coalesce(e.agent_id, t.agent_id)`, '=', filter.agentId);
  if (filter.workgroupId !== undefined)
    query = query.where(sql<number>`coalesce(e.workgroup_id, t.workgroup_id)`, '=', filter.workgroupId);
  if (filter.channel !== undefined) query = query.where('t.client', '=', filter.channel);
  if (condition.closeTypes)
    query = query.where((eb) =>
      eb.or((condition.closeTypes ?? []).map((type) => eb('e.data', 'like', `%"closeType":"${type}"%`))),
    );
  if (condition.score !== undefined) query = query.where('e.data', 'like', `%"score":${condition.score}%`);
  if (condition.wasAssigned !== undefined)
    query = query.where(
      condition.wasAssigned ? cycleHas(['assigned']) : sql<SqlBool>`not ${cycleHas(['assigned'])}`,
    );
  if (condition.wasQueued) query = query.where(cycleHas(['queued']));
  if (condition.isRobot === false)
    query = query.where(
      sql<SqlBool>`not ${cycleHas(['robot_answered', 'robot_unanswered', 'robot_to_agent'])}`,
    );
  const count = await query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const rows = await query
    .leftJoin('visitor as v', 'v.id', 't.visitor_id')
    .leftJoin('user as u', (join) => join.on(sql`u.id`, '=', sql`coalesce(e.agent_id, t.agent_id)`))
    .leftJoin('workgroup as w', (join) =>
      join.on(sql`w.id`, '=', sql`coalesce(e.workgroup_id, t.workgroup_id)`),
    )
    .select([
      't.tid',
      'e.cycle',
      'e.at',
      'e.id',
      't.status',
      't.client',
      'v.vid',
      'v.nickname as visitor_nickname',
      'u.uid',
      'u.nickname as agent_nickname',
      'w.wid',
      'w.nickname as workgroup_nickname',
    ])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  return { rows, total: Number(count.count) };
};

/** Row ids of the organisation's agent / group by public id (undefined: not this organisation's). */
export const findAgentIdByUid = async (db: Executor, orgId: number, uid: string) => {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where('org_id', '=', orgId)
    .where('uid', '=', uid)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
};

export const findWorkgroupIdByWid = async (db: Executor, orgId: number, wid: string) => {
  const row = await db
    .selectFrom('workgroup')
    .select('id')
    .where('org_id', '=', orgId)
    .where('wid', '=', wid)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
};

/** Names for the series' keys (row ids → public id + nickname), this organisation's only. */
export const listAgentNames = async (db: Executor, orgId: number, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('user')
        .select(['id', 'uid', 'nickname'])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();

export const listWorkgroupNames = async (db: Executor, orgId: number, ids: number[]) =>
  ids.length === 0
    ? []
    : db
        .selectFrom('workgroup')
        .select(['id', 'wid', 'nickname'])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();
