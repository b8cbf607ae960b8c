import {
  statisticOnlineQuerySchema,
  type Language,
  type Page,
  type RoleValue,
  type StatisticDrillQuery,
  type StatisticDrillRow,
  type StatisticGroupBy,
  type StatisticMetricKey,
  type StatisticMetric,
  type StatisticOnline,
  type StatisticPoint,
} from '@openkefu/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import type { Principal } from '../auth/auth.service.js';
import {
  dimAgent,
  dimChannel,
  dimDaily,
  dimsFor,
  dimWorkgroup,
  emptySums,
  mergeSums,
  type Sums,
} from './statistic.columns.js';
import './statistic.messages.js';
import {
  columnsFor,
  computeMetrics,
  defaultMetricKeys,
  describeMetric,
  eventMetricKeys,
  type EventMetricKey,
  metricOf,
  metricRegistry,
  type MetricInput,
} from './statistic.metrics.js';
import {
  countLeaveMessages,
  countVisitors,
  findAgentIdByUid,
  findWorkgroupIdByWid,
  listAgentNames,
  listWorkgroupNames,
  pageDrillEvents,
  sumRollups,
  type OffsetSpan,
  type VisitorBucket,
} from './statistic.repository.js';
import { addDays, dateKeyOf, dayMs, daysBetween, hourMs, offsetOf, startOfDay } from './statistic.time.js';

export const maxRangeDays = 366;

/** Roles that see every agent's figures; anyone else with `statistic` sees only their own. */
const overseerRoles: ReadonlySet<RoleValue> = new Set<RoleValue>([
  'ROLE_SUPER',
  'ROLE_ADMIN',
  'ROLE_VIP',
  'ROLE_TRY',
  'ROLE_PROXY',
  'ROLE_FREE',
  'ROLE_WORKGROUP_ADMIN',
  'ROLE_WORKGROUP_CHECKER',
]);

export const canSeeAllAgents = (principal: Pick<Principal, 'roles'>): boolean =>
  principal.roles.some((role) => overseerRoles.has(role));

type Filter = {
  from: string;
  to: string;
  tz: string;
  wid?: string;
  uid?: string;
  channel?: string;
};

export type ResolvedRange = {
  from: string;
  to: string;
  tz: string;
  start: number;
  end: number;
  spans: OffsetSpan[];
  /** Whole-hour offsets and hour-aligned bounds: every UTC hour falls in one local bucket. */
  isExact: boolean;
};

/** The zone's offsets over [start, end): daily samples, each change found by bisection to the minute. */
export const offsetSpansOf = (start: number, end: number, tz: string): OffsetSpan[] => {
  const spans: OffsetSpan[] = [];
  let current = offsetOf(start, tz);
  let at = start;
  while (at < end) {
    const next = Math.min(at + dayMs, end);
    const offset = offsetOf(next, tz);
    if (offset !== current) {
      let low = at;
      let high = next;
      while (high - low > 60_000) {
        const mid = Math.floor((low + high) / 2 / 60_000) * 60_000;
        if (mid <= low) break;
        if (offsetOf(mid, tz) === current) low = mid;
        else high = mid;
      }
      spans.push({ until: high, offset: current });
      current = offset;
    }
    at = next;
  }
  spans.push({ until: Infinity, offset: current });
  return spans;
};

export const resolveRange = (from: string, to: string, tz: string): ResolvedRange => {
  const start = startOfDay(from, tz);
  const end = startOfDay(addDays(to, 1), tz);
  const spans = offsetSpansOf(start - dayMs, end + dayMs, tz);
  const isExact =
    start % hourMs === 0 && end % hourMs === 0 && spans.every((span) => span.offset % hourMs === 0);
  return { from, to, tz, start, end, spans, isExact };
};

const pad = (value: number) => String(value).padStart(2, '0');

/** The series key of a local time (ms shifted by the offset) for a time grouping. */
const timeKeyOf = (local: number, groupBy: 'hour' | 'day' | 'week' | 'weekdayHour'): string => {
  const date = new Date(local);
  const day = dateKeyOf({
    year: date.getUTCFullYear(),
    month: date.getUTCMonth() + 1,
    day: date.getUTCDate(),
  });
  const weekday = date.getUTCDay() === 0 ? 7 : date.getUTCDay();
  switch (groupBy) {
    case 'hour':
      return `${day} ${pad(date.getUTCHours())}:00`;
    case 'day':
      return day;
    case 'week':
      return addDays(day, 1 - weekday);
    case 'weekdayHour':
      return `${weekday}-${pad(date.getUTCHours())}`;
  }
};

/** Every key of a time grouping in the range, in order (so charts have no gaps). */
const timeKeysOf = (range: ResolvedRange, groupBy: 'hour' | 'day' | 'week' | 'weekdayHour'): string[] => {
  if (groupBy === 'weekdayHour')
    return Array.from({ length: 7 * 24 }, (_, index) => `${Math.floor(index / 24) + 1}-${pad(index % 24)}`);
  const keys: string[] = [];
  const days = daysBetween(range.from, range.to);
  for (let index = 0; index <= days; index += 1) {
    const day = addDays(range.from, index);
    if (groupBy === 'day') keys.push(day);
    else if (groupBy === 'hour') for (let hour = 0; hour < 24; hour += 1) keys.push(`${day} ${pad(hour)}:00`);
    else {
      const week = timeKeyOf(Date.parse(`${day}T00:00:00Z`), 'week');
      if (keys[keys.length - 1] !== week) keys.push(week);
    }
  }
  return keys;
};

const isTimeGrouping = (groupBy: StatisticGroupBy): groupBy is 'hour' | 'day' | 'week' | 'weekdayHour' =>
  groupBy === 'hour' || groupBy === 'day' || groupBy === 'week' || groupBy === 'weekdayHour';

/** The series key of a numbered local bucket (statistic.repository.ts `bucketExpression`). */
const keyOfBucket = (groupBy: 'hour' | 'day' | 'week' | 'weekdayHour', bucket: number): string => {
  switch (groupBy) {
    case 'hour':
      return timeKeyOf(bucket * hourMs, 'hour');
    case 'day':
      return timeKeyOf(bucket * dayMs, 'day');
    case 'week':
      return timeKeyOf((bucket * 7 - 3) * dayMs, 'week');
    case 'weekdayHour':
      return `${Math.floor(bucket / 24) + 1}-${pad(bucket % 24)}`;
  }
};

const columnOf = { agent: 'agent_id', workgroup: 'workgroup_id', channel: 'channel' } as const;

export type OnlineQuery = z.output<typeof statisticOnlineQuerySchema>;

export const createStatisticService = (deps: { db: Executor }) => {
  const { db } = deps;

  const invalidRange = (language: Language) =>
    AppError.validation([
      { field: 'to', message: translate('statistic.range', language, { max: maxRangeDays }) },
    ]);

  /** The caller's filter with ids resolved in its organisation; another tenant's ids answer 404. */
  const resolveFilter = async (principal: Principal, query: Filter, language: Language) => {
    const days = daysBetween(query.from, query.to);
    if (days < 0 || days >= maxRangeDays) throw invalidRange(language);
    let agentId: number | undefined;
    if (query.uid !== undefined) {
      agentId = await findAgentIdByUid(db, principal.orgId, query.uid);
      if (agentId === undefined) throw AppError.notFound('statistic.agentNotFound', { uid: query.uid });
    }
    // An agent without oversight sees only its own figures, whatever it asks for.
    if (!canSeeAllAgents(principal)) {
      if (agentId !== undefined && agentId !== principal.userId)
        throw AppError.notFound('statistic.agentNotFound', { uid: query.uid ?? '' });
      agentId = principal.userId;
    }
    let workgroupId: number | undefined;
    if (query.wid !== undefined) {
      workgroupId = await findWorkgroupIdByWid(db, principal.orgId, query.wid);
      if (workgroupId === undefined)
        throw AppError.notFound('statistic.workgroupNotFound', { wid: query.wid });
    }
    return {
      orgId: principal.orgId,
      agentId,
      workgroupId,
      channel: query.channel,
      range: resolveRange(query.from, query.to, query.tz),
    };
  };

  type Resolved = Awaited<ReturnType<typeof resolveFilter>>;

  const visitorBucketOf = (groupBy: StatisticGroupBy | null): VisitorBucket => groupBy ?? 'none';

  /** A raw-counted figure keyed like the series (or one total under ''). */
  const countBy = async (
    metric: EventMetricKey,
    filter: Resolved,
    range: ResolvedRange,
    groupBy: StatisticGroupBy | null,
  ): Promise<Map<string, number>> => {
    const count = metric === 'visitors' ? countVisitors : countLeaveMessages;
    const rows = await count(
      db,
      {
        orgId: filter.orgId,
        from: range.start,
        to: range.end,
        agentId: filter.agentId,
        workgroupId: filter.workgroupId,
        channel: filter.channel,
      },
      visitorBucketOf(groupBy),
      range.spans,
    );
    const result = new Map<string, number>();
    for (const row of rows) {
      const key =
        groupBy === null
          ? ''
          : isTimeGrouping(groupBy)
            ? keyOfBucket(groupBy, Number(row.key))
            : String(row.key ?? '');
      result.set(key, (result.get(key) ?? 0) + row.count);
    }
    return result;
  };

  /** Every asked raw-counted figure: per series key and in total (distinct counts do not add up). */
  const countsBy = async (
    metrics: readonly StatisticMetricKey[],
    filter: Resolved,
    range: ResolvedRange,
    groupBy: StatisticGroupBy | null,
  ) => {
    const asked = eventMetricKeys.filter((key) => metrics.includes(key));
    const series = new Map<EventMetricKey, Map<string, number>>();
    const totals = new Map<EventMetricKey, number>();
    for (const key of asked) {
      if (groupBy !== null) series.set(key, await countBy(key, filter, range, groupBy));
      totals.set(key, (await countBy(key, filter, range, null)).get('') ?? 0);
    }
    const at = (key: string) =>
      Object.fromEntries(
        eventMetricKeys.map((metric) => [metric, series.get(metric)?.get(key) ?? 0]),
      ) as Record<EventMetricKey, number>;
    const total = Object.fromEntries(
      eventMetricKeys.map((metric) => [metric, totals.get(metric) ?? 0]),
    ) as Record<EventMetricKey, number>;
    const keys = new Set([...series.values()].flatMap((map) => [...map.keys()]));
    return { at, total, keys };
  };

  /** Summed rollups per series key, plus the total (a partition: every row lands in one key). */
  const sumsBy = async (
    filter: Resolved,
    range: ResolvedRange,
    groupBy: StatisticGroupBy | null,
    metrics: readonly StatisticMetricKey[],
  ): Promise<{ groups: Map<string, Sums>; total: Sums }> => {
    let needed = 0;
    if (filter.agentId !== undefined || groupBy === 'agent') needed |= dimAgent;
    if (filter.workgroupId !== undefined || groupBy === 'workgroup') needed |= dimWorkgroup;
    if (filter.channel !== undefined || groupBy === 'channel') needed |= dimChannel;
    const dims = dimsFor(needed);
    const fromHour = Math.floor(range.start / hourMs);
    const toHour = Math.ceil(range.end / hourMs);
    const group =
      groupBy === null
        ? null
        : isTimeGrouping(groupBy)
          ? { time: groupBy, spans: range.spans }
          : { column: columnOf[groupBy] };
    const columns = columnsFor(metrics);
    const read = (kind: number, from: number, to: number) =>
      from < to
        ? sumRollups(
            db,
            {
              orgId: filter.orgId,
              dims: kind,
              fromHour: from,
              toHour: to,
              agentId: filter.agentId,
              workgroupId: filter.workgroupId,
              channel: filter.channel,
            },
            group,
            columns,
          )
        : Promise.resolve([]);
    // Without a time grouping, whole UTC days come from the daily rows and only the edges from hourly ones.
    const firstDay = Math.ceil(fromHour / 24) * 24;
    const lastDay = Math.floor(toHour / 24) * 24;
    const rows =
      group !== null && 'time' in group
        ? await read(dims, fromHour, toHour)
        : firstDay < lastDay
          ? [
              ...(await read(dims, fromHour, firstDay)),
              ...(await read(dims | dimDaily, firstDay, lastDay)),
              ...(await read(dims, lastDay, toHour)),
            ]
          : await read(dims, fromHour, toHour);
    const groups = new Map<string, Sums>();
    const total = emptySums();
    for (const row of rows) {
      mergeSums(total, row.sums);
      if (groupBy === null) continue;
      const key = isTimeGrouping(groupBy) ? keyOfBucket(groupBy, Number(row.key)) : String(row.key ?? '');
      const sums = groups.get(key);
      if (sums) mergeSums(sums, row.sums);
      else groups.set(key, mergeSums(emptySums(), row.sums));
    }
    return { groups, total };
  };

  const labelsOf = async (orgId: number, groupBy: StatisticGroupBy, keys: string[], language: Language) => {
    const labels = new Map<string, { key: string; label: string }>();
    const none = translate('statistic.none', language);
    if (groupBy === 'agent' || groupBy === 'workgroup') {
      const ids = keys.map(Number).filter((id) => id > 0);
      const rows =
        groupBy === 'agent'
          ? (await listAgentNames(db, orgId, ids)).map((row) => ({
              id: row.id,
              key: row.uid,
              label: row.nickname,
            }))
          : (await listWorkgroupNames(db, orgId, ids)).map((row) => ({
              id: row.id,
              key: row.wid,
              label: row.nickname,
            }));
      for (const row of rows) labels.set(String(row.id), { key: row.key, label: row.label });
      for (const key of keys) if (!labels.has(key)) labels.set(key, { key: '', label: none });
    } else if (groupBy === 'channel') for (const key of keys) labels.set(key, { key, label: key || none });
    return labels;
  };

  const online = async (
    principal: Principal,
    query: OnlineQuery,
    language: Language,
  ): Promise<StatisticOnline> => {
    const filter = await resolveFilter(principal, query, language);
    const metrics = query.metrics && query.metrics.length > 0 ? query.metrics : defaultMetricKeys;
    const { range } = filter;
    const groupBy = query.groupBy;
    const current = await sumsBy(filter, range, groupBy, metrics);
    const counts = await countsBy(metrics, filter, range, groupBy);
    const input = (sums: Sums, counted: Record<EventMetricKey, number>): MetricInput => ({
      ...sums,
      ...counted,
    });

    let series: StatisticPoint[];
    if (isTimeGrouping(groupBy)) {
      series = timeKeysOf(range, groupBy).map((key) => ({
        key,
        label: key,
        values: computeMetrics(metrics, input(current.groups.get(key) ?? emptySums(), counts.at(key))),
      }));
    } else {
      const keys = [...new Set([...current.groups.keys(), ...counts.keys])];
      const labels = await labelsOf(filter.orgId, groupBy, keys, language);
      series = keys.map((key) => ({
        key: labels.get(key)?.key ?? key,
        label: labels.get(key)?.label ?? key,
        values: computeMetrics(metrics, input(current.groups.get(key) ?? emptySums(), counts.at(key))),
      }));
      const first = metrics[0];
      if (first) series.sort((a, b) => (b.values[first] ?? -Infinity) - (a.values[first] ?? -Infinity));
    }
    const totals = computeMetrics(metrics, input(current.total, counts.total));

    let previous: StatisticOnline['previous'] = null;
    if (query.compare) {
      const days = daysBetween(range.from, range.to) + 1;
      const before = resolveRange(addDays(range.from, -days), addDays(range.from, -1), range.tz);
      const sums = await sumsBy(filter, before, null, metrics);
      const previousCounts = await countsBy(metrics, filter, before, null);
      const previousTotals = computeMetrics(metrics, input(sums.total, previousCounts.total));
      previous = {
        from: before.from,
        to: before.to,
        totals: previousTotals,
        change: Object.fromEntries(
          metrics.map((key) => {
            const now = totals[key] ?? null;
            const then = previousTotals[key] ?? null;
            return [
              key,
              now === null || then === null || then === 0
                ? null
                : Math.round(((now - then) / then) * 1000) / 1000,
            ];
          }),
        ),
      };
    }
    return {
      from: range.from,
      to: range.to,
      tz: range.tz,
      groupBy,
      metrics,
      series,
      totals: totals as Record<string, number | null>,
      previous,
      isExact: range.isExact,
    };
  };

  const metricsOf = (language: Language): StatisticMetric[] =>
    [...metricRegistry.values()].map((definition) => describeMetric(definition, language));

  const drill = async (
    principal: Principal,
    query: StatisticDrillQuery & { page: number; size: number; tz: string },
    language: Language,
  ): Promise<Page<StatisticDrillRow>> => {
    const filter = await resolveFilter(principal, query, language);
    const condition = metricOf(query.metric).drill ?? { kinds: ['created', 'reopened'] };
    const { rows, total } = await pageDrillEvents(
      db,
      {
        orgId: filter.orgId,
        from: filter.range.start,
        to: filter.range.end,
        agentId: filter.agentId,
        workgroupId: filter.workgroupId,
        channel: filter.channel,
      },
      condition,
      { page: query.page, size: query.size },
    );
    const totalPages = Math.ceil(total / query.size);
    return {
      content: rows.map((row) => ({
        tid: row.tid,
        cycle: Number(row.cycle),
        at: Number(row.at),
        visitor: row.vid ? { vid: row.vid, nickname: row.visitor_nickname ?? '' } : null,
        agent: row.uid ? { uid: row.uid, nickname: row.agent_nickname ?? '' } : null,
        workGroup: row.wid ? { wid: row.wid, nickname: row.workgroup_nickname ?? '' } : null,
        channel: row.client,
        status: row.status,
      })),
      totalElements: total,
      totalPages,
      number: query.page,
      size: query.size,
      first: query.page === 0,
      last: query.page >= totalPages - 1,
      empty: rows.length === 0,
    };
  };

  return { online, metrics: metricsOf, drill };
};

export type StatisticService = ReturnType<typeof createStatisticService>;
