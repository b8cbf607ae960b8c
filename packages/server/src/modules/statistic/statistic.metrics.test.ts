import { statisticMetricKeys } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { bucketOf, emptySums, frtBuckets, quantileOf, type Sums } from './statistic.columns.js';
import { columnsFor, computeMetrics, metricRegistry } from './statistic.metrics.js';
import {
  advanceCycle,
  callDeltaOf,
  createRollupAccumulator,
  deltaOf,
  initialCycleState,
  workgroupAtCall,
  type CycleState,
  type RollupContext,
  type RollupEvent,
  type RollupRow,
} from './statistic.rollup.js';
import { offsetSpansOf, resolveRange } from './statistic.service.js';
import { workDuration } from './statistic.time.js';

/* The registry, the rollup reducer and the time arithmetic on hand-made event sequences. */

const minute = 60_000;
const hour = 60 * minute;
const shanghaiHours = JSON.stringify({
  timezone: 'Asia/Shanghai',
  entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
});

type Step = Omit<RollupEvent, 'id' | 'threadId' | 'data'> & {
  data?: Record<string, unknown>;
  threadId?: number;
};

/** Runs events through the reducer as the hook and the rebuild do; returns the org-total row (dims 0). */
const rollup = (
  steps: Step[],
  context: Partial<RollupContext> = {},
): { total: Sums; byAgent: Map<number, Sums>; rows: RollupRow[] } => {
  const accumulator = createRollupAccumulator();
  const states = new Map<string, CycleState>();
  steps.forEach((step, index) => {
    const event: RollupEvent = {
      threadId: 1,
      ...step,
      id: index + 1,
      data: JSON.stringify(step.data ?? {}),
    };
    const key = `${event.threadId}|${event.cycle}`;
    const state = states.get(key) ?? initialCycleState();
    const delta = deltaOf(state, event, {
      channel: 'web',
      workTimesOf: () => '',
      ...context,
    });
    if (delta) accumulator.add(1, delta);
    states.set(key, advanceCycle(state, event));
  });
  const total = emptySums();
  const byAgent = new Map<number, Sums>();
  for (const row of accumulator.rows.values()) {
    if (row.dims === 0)
      for (const [name, value] of Object.entries(row.sums)) total[name as keyof Sums] += value;
    if (row.dims === 1) {
      const sums = byAgent.get(row.agentId) ?? emptySums();
      for (const [name, value] of Object.entries(row.sums)) sums[name as keyof Sums] += value;
      byAgent.set(row.agentId, sums);
    }
  }
  return { total, byAgent, rows: [...accumulator.rows.values()] };
};

const figures = (sums: Sums, visitors = 0) =>
  computeMetrics(statisticMetricKeys, { ...sums, visitors, leaveMessages: 0 });

const t0 = Date.UTC(2025, 0, 6, 2, 0); // Monday 10:00 in Shanghai

describe('metric registry', () => {
  it('defines every contract key once, worded in both languages', () => {
    expect([...metricRegistry.keys()].sort()).toEqual([...statisticMetricKeys].sort());
    for (const definition of metricRegistry.values()) {
      expect(definition.label['en-US']).not.toBe('');
      expect(definition.label['zh-CN']).not.toBe('');
      expect(definition.description['zh-CN']).not.toBe('');
      expect(definition.formula['en-US']).not.toBe('');
    }
  });

  it('knows which rollup columns each figure reads', () => {
    for (const key of statisticMetricKeys)
      if (key !== 'visitors' && key !== 'leaveMessages')
        expect([key, columnsFor([key]).length > 0]).toEqual([key, true]);
    expect(columnsFor(['visitors'])).toEqual([]);
    expect(columnsFor(['satisfactionAvg'])).toEqual(['rated', 'score_sum']);
    expect(columnsFor(['queueTimeP90'])).toEqual([
      'queue_max',
      ...Array.from({ length: 16 }, (_, i) => `queue_h${i}`),
    ]);
    expect(columnsFor(['ratedShare'])).toEqual(['closed_agent', 'closed_visitor', 'closed_system', 'rated']);
  });

  it('answers null, not 0, for averages and shares without data', () => {
    const values = figures(emptySums());
    expect(values.firstResponseAvg).toBeNull();
    expect(values.abandonmentRate).toBeNull();
    expect(values.satisfactionAvg).toBeNull();
    expect(values.conversationsNew).toBe(0);
  });
});

describe('rollup of event sequences', () => {
  it('queue, accept, first response, transfer, close, rate: counts and durations', () => {
    const { total, byAgent } = rollup(
      [
        { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
        { cycle: 1, kind: 'queued', agentId: null, workgroupId: 7, at: t0 },
        { cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: t0 + 90_000 },
        { cycle: 1, kind: 'first_response', agentId: 11, workgroupId: 7, at: t0 + 120_000 },
        { cycle: 1, kind: 'transferred', agentId: 12, workgroupId: 7, at: t0 + 10 * minute },
        {
          cycle: 1,
          kind: 'closed',
          agentId: 12,
          workgroupId: 7,
          at: t0 + 20 * minute,
          data: { closeType: 'agent', by: 12 },
        },
        { cycle: 1, kind: 'rated', agentId: 12, workgroupId: 7, at: t0 + 21 * minute, data: { score: 4 } },
      ],
      { messages: { visitor: 5, agent: 7 } },
    );
    const values = figures(total, 1);
    expect(values).toMatchObject({
      conversationsNew: 1,
      conversationsQueued: 1,
      conversationsAccepted: 1,
      conversationsTransferred: 1,
      conversationsClosed: 1,
      closedByAgent: 1,
      conversationsMissed: 0,
      conversationsAbandoned: 0,
      queueTimeAvg: 90,
      queueTimeMax: 90,
      firstResponseAvg: 120,
      firstResponseBusinessAvg: 120,
      response1to3m: 1,
      responseUnder1m: 0,
      handleTimeAvg: 20 * 60 - 90,
      resolutionTimeAvg: 20 * 60,
      messagesVisitor: 5,
      messagesAgent: 7,
      ratings: 1,
      ratedShare: 1,
      satisfactionAvg: 4,
      satisfaction4: 1,
      visitors: 1,
    });
    // The first agent accepted and answered; the one who took it over closed it and was rated.
    expect(byAgent.get(11)).toMatchObject({ accepted: 1, frt_count: 1, transferred: 0, closed_agent: 0 });
    expect(byAgent.get(12)).toMatchObject({ transferred: 1, closed_agent: 1, rated: 1, handle_count: 1 });
    // Created and queued before anyone took it: no agent.
    expect(byAgent.get(0)).toMatchObject({ conv_new: 1, queued: 1 });
  });

  it('a reopened conversation is a new care cycle, timed from the reopening', () => {
    const reopenAt = t0 + 3 * hour;
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: t0 + 1000 },
      { cycle: 1, kind: 'first_response', agentId: 11, workgroupId: 7, at: t0 + 30_000 },
      {
        cycle: 1,
        kind: 'closed',
        agentId: 11,
        workgroupId: 7,
        at: t0 + hour,
        data: { closeType: 'visitor' },
      },
      { cycle: 2, kind: 'reopened', agentId: null, workgroupId: 7, at: reopenAt },
      { cycle: 2, kind: 'assigned', agentId: 11, workgroupId: 7, at: reopenAt + 1000 },
      { cycle: 2, kind: 'first_response', agentId: 11, workgroupId: 7, at: reopenAt + 4 * minute },
      {
        cycle: 2,
        kind: 'closed',
        agentId: 11,
        workgroupId: 7,
        at: reopenAt + hour,
        data: { closeType: 'timeout' },
      },
    ]);
    expect(figures(total)).toMatchObject({
      conversationsNew: 2,
      conversationsReopened: 1,
      conversationsAccepted: 2,
      conversationsClosed: 2,
      closedByVisitor: 1,
      closedBySystem: 1,
      firstResponseAvg: (30 + 240) / 2,
      responseUnder1m: 1,
      response3to5m: 1,
      // No queue in either cycle: no queue time at all.
      queueTimeAvg: null,
    });
  });

  it('queue abandonment: queued, never assigned, closed — abandoned and missed', () => {
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'queued', agentId: null, workgroupId: 7, at: t0 },
      {
        cycle: 1,
        kind: 'closed',
        agentId: null,
        workgroupId: 7,
        at: t0 + 5 * minute,
        data: { closeType: 'visitor' },
      },
    ]);
    expect(figures(total)).toMatchObject({
      conversationsQueued: 1,
      conversationsAbandoned: 1,
      abandonmentRate: 1,
      conversationsMissed: 1,
      handleTimeAvg: null,
    });
  });

  it('a conversation the robot handled is not missed', () => {
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'robot_answered', agentId: 99, workgroupId: 7, at: t0 + 1000 },
      {
        cycle: 1,
        kind: 'closed',
        agentId: 99,
        workgroupId: 7,
        at: t0 + minute,
        data: { closeType: 'visitor' },
      },
    ]);
    expect(figures(total)).toMatchObject({ conversationsMissed: 0, conversationsClosed: 1 });
  });

  it('counts each first response and close once per cycle, and ignores scores outside 1–5', () => {
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: null, at: t0 },
      { cycle: 1, kind: 'first_response', agentId: 11, workgroupId: null, at: t0 + 10_000 },
      { cycle: 1, kind: 'first_response', agentId: 11, workgroupId: null, at: t0 + 20_000 },
      { cycle: 1, kind: 'rated', agentId: 11, workgroupId: null, at: t0 + 30_000, data: { score: 9 } },
    ]);
    expect(total.frt_count).toBe(1);
    expect(total.rated).toBe(0);
  });

  it('business hours: a request late on Friday answered on Monday counts only the open time', () => {
    // Friday 17:50 in Shanghai → Monday 09:05: 10 min on Friday + 5 min on Monday.
    const friday = Date.UTC(2025, 0, 10, 9, 50);
    const monday = Date.UTC(2025, 0, 13, 1, 5);
    const { total } = rollup(
      [
        { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: friday },
        { cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: friday + 1000 },
        { cycle: 1, kind: 'first_response', agentId: 11, workgroupId: 7, at: monday },
        {
          cycle: 1,
          kind: 'closed',
          agentId: 11,
          workgroupId: 7,
          at: monday + 10 * minute,
          data: { closeType: 'agent' },
        },
      ],
      { workTimesOf: () => shanghaiHours },
    );
    const values = figures(total);
    expect(values.firstResponseBusinessAvg).toBe(15 * 60);
    expect(values.firstResponseAvg).toBe((monday - friday) / 1000);
    expect(values.resolutionTimeBusinessAvg).toBe(25 * 60);
    expect(values.responseOver5m).toBe(1);
  });
});

describe('rollup: transfer, reopen and queue abandonment', () => {
  it('a transfer before the first response: the agent who took over answered; each transfer counts for its taker', () => {
    const { total, byAgent } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: t0 + 10_000 },
      { cycle: 1, kind: 'transferred', agentId: 12, workgroupId: 7, at: t0 + minute },
      { cycle: 1, kind: 'first_response', agentId: 12, workgroupId: 7, at: t0 + 90_000 },
      { cycle: 1, kind: 'transferred', agentId: 13, workgroupId: 7, at: t0 + 5 * minute },
      {
        cycle: 1,
        kind: 'closed',
        agentId: 13,
        workgroupId: 7,
        at: t0 + 10 * minute,
        data: { closeType: 'agent' },
      },
      // A rating without an agent goes to the one serving the cycle now.
      { cycle: 1, kind: 'rated', agentId: null, workgroupId: 7, at: t0 + 11 * minute, data: { score: 3 } },
    ]);
    expect(figures(total)).toMatchObject({
      conversationsNew: 1,
      conversationsAccepted: 1,
      conversationsTransferred: 2,
      firstResponseAvg: 90,
      response1to3m: 1,
      // Handle time runs from the first assignment, whoever closed.
      handleTimeAvg: 10 * 60 - 10,
      resolutionTimeAvg: 10 * 60,
      satisfaction3: 1,
    });
    expect(byAgent.get(11)).toMatchObject({ accepted: 1, transferred: 0, frt_count: 0, closed_agent: 0 });
    expect(byAgent.get(12)).toMatchObject({ accepted: 0, transferred: 1, frt_count: 1, frt_sum: 90_000 });
    expect(byAgent.get(13)).toMatchObject({ transferred: 1, frt_count: 0, closed_agent: 1, rated: 1 });
  });

  it('a cycle abandoned in the queue, then reopened and served: each cycle on its own', () => {
    const reopenAt = t0 + hour;
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'queued', agentId: null, workgroupId: 7, at: t0 },
      {
        cycle: 1,
        kind: 'closed',
        agentId: null,
        workgroupId: 7,
        at: t0 + 3 * minute,
        data: { closeType: 'timeout' },
      },
      { cycle: 2, kind: 'reopened', agentId: null, workgroupId: 7, at: reopenAt },
      { cycle: 2, kind: 'queued', agentId: null, workgroupId: 7, at: reopenAt },
      { cycle: 2, kind: 'assigned', agentId: 11, workgroupId: 7, at: reopenAt + 30_000 },
      { cycle: 2, kind: 'first_response', agentId: 11, workgroupId: 7, at: reopenAt + 45_000 },
      {
        cycle: 2,
        kind: 'closed',
        agentId: 11,
        workgroupId: 7,
        at: reopenAt + 10 * minute,
        data: { closeType: 'agent' },
      },
    ]);
    expect(figures(total)).toMatchObject({
      conversationsNew: 2,
      conversationsReopened: 1,
      conversationsQueued: 2,
      conversationsAbandoned: 1,
      abandonmentRate: 0.5,
      conversationsMissed: 1,
      conversationsAccepted: 1,
      queueTimeAvg: 30,
      queueTimeMax: 30,
      // Timed from the reopening, not from the thread's first request an hour before.
      firstResponseAvg: 45,
      closedBySystem: 1,
      closedByAgent: 1,
      handleTimeAvg: 10 * 60 - 30,
      resolutionTimeAvg: 10 * 60,
    });
  });

  it('handed from the robot to the queue and abandoned there: abandoned, not missed', () => {
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'robot_answered', agentId: 99, workgroupId: 7, at: t0 + 1000 },
      { cycle: 1, kind: 'robot_to_agent', agentId: 99, workgroupId: 7, at: t0 + 20_000 },
      { cycle: 1, kind: 'queued', agentId: null, workgroupId: 7, at: t0 + 20_000 },
      {
        cycle: 1,
        kind: 'closed',
        agentId: null,
        workgroupId: 7,
        at: t0 + 2 * minute,
        data: { closeType: 'visitor' },
      },
    ]);
    expect(figures(total)).toMatchObject({
      conversationsQueued: 1,
      conversationsAbandoned: 1,
      conversationsMissed: 0,
      closedByVisitor: 1,
      conversationsAccepted: 0,
    });
  });

  it('queued again in the same cycle: one queue entry, the wait from the first', () => {
    const { total } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'queued', agentId: null, workgroupId: 7, at: t0 },
      { cycle: 1, kind: 'queued', agentId: null, workgroupId: 7, at: t0 + 20_000 },
      { cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: t0 + minute },
    ]);
    expect(figures(total)).toMatchObject({ conversationsQueued: 1, queueTimeAvg: 60, queueTimeMax: 60 });
  });

  it('each event lands in its own hour and UTC day: a conversation across midnight', () => {
    const late = Date.UTC(2025, 0, 6, 23, 50);
    const { rows } = rollup([
      { cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: late },
      { cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: late + minute },
      {
        cycle: 1,
        kind: 'closed',
        agentId: 11,
        workgroupId: 7,
        at: late + 20 * minute,
        data: { closeType: 'agent' },
      },
    ]);
    const orgRows = (dims: number) =>
      rows
        .filter((row) => row.dims === dims)
        .map((row) => [row.hour, row.sums.conv_new, row.sums.closed_agent])
        .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
    const hourOf = (at: number) => Math.floor(at / hour);
    expect(orgRows(0)).toEqual([
      [hourOf(late), 1, 0],
      [hourOf(late + 20 * minute), 0, 1],
    ]);
    // Daily rows (dims + 8) sit at the UTC day's first hour.
    expect(orgRows(8)).toEqual([
      [hourOf(Date.UTC(2025, 0, 6)), 1, 0],
      [hourOf(Date.UTC(2025, 0, 7)), 0, 1],
    ]);
  });
});

describe('work-hour boundaries', () => {
  // Monday to Friday 09:00–12:00 and 13:00–18:00 in Shanghai (a lunch break).
  const lunchHours = JSON.stringify({
    timezone: 'Asia/Shanghai',
    entries: [1, 2, 3, 4, 5].flatMap((weekday) => [
      { weekday, start: '09:00', end: '12:00' },
      { weekday, start: '13:00', end: '18:00' },
    ]),
  });
  /** A Shanghai wall-clock time in January 2025 (6th = Monday). */
  const sh = (day: number, hours: number, minutes = 0) => Date.UTC(2025, 0, day, hours - 8, minutes);

  it('counts only the open time at the edges of each window', () => {
    const cases: [string, number, number, number][] = [
      ['before opening → after', sh(6, 8, 50), sh(6, 9, 10), 10 * minute],
      ['across the lunch break', sh(6, 11, 50), sh(6, 13, 10), 20 * minute],
      ['starting at closing time', sh(6, 18), sh(6, 18, 30), 0],
      ['ending at opening time', sh(6, 8), sh(6, 9), 0],
      ['within the break', sh(6, 12, 10), sh(6, 12, 50), 0],
      ['on a Saturday', sh(11, 10), sh(11, 11), 0],
      ['Friday 17:59:30 → Monday 09:00:30', sh(10, 17, 59) + 30_000, sh(13, 9) + 30_000, minute],
      ['a whole week', sh(6, 0), sh(13, 0), 5 * 8 * hour],
    ];
    for (const [name, from, to, expected] of cases)
      expect([name, workDuration(lunchHours, from, to)]).toEqual([name, expected]);
  });

  it('business-hours figures average the open time, a request answered while closed counting 0', () => {
    const { total } = rollup(
      [
        // Asked before lunch, answered after it: 20 open minutes of 80.
        { threadId: 1, cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: sh(6, 11, 50) },
        { threadId: 1, cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: sh(6, 11, 51) },
        { threadId: 1, cycle: 1, kind: 'first_response', agentId: 11, workgroupId: 7, at: sh(6, 13, 10) },
        // Asked and answered on a Saturday: 0 open minutes of 60.
        { threadId: 2, cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: sh(11, 10) },
        { threadId: 2, cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: sh(11, 10, 1) },
        { threadId: 2, cycle: 1, kind: 'first_response', agentId: 11, workgroupId: 7, at: sh(11, 11) },
      ],
      { workTimesOf: () => lunchHours },
    );
    expect(figures(total)).toMatchObject({
      firstResponseAvg: (80 * 60 + 60 * 60) / 2,
      firstResponseBusinessAvg: (20 * 60 + 0) / 2,
    });
  });

  it('work hours keep to the wall clock through both DST changes (New York)', () => {
    const newYorkHours = JSON.stringify({
      timezone: 'America/New_York',
      entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
    });
    // Friday 16:00 → Monday 10:00 local, once across the spring change and once across the autumn one.
    const spring = { from: Date.UTC(2025, 2, 7, 21), to: Date.UTC(2025, 2, 10, 14) };
    const autumn = { from: Date.UTC(2025, 9, 31, 20), to: Date.UTC(2025, 10, 3, 15) };
    expect(workDuration(newYorkHours, spring.from, spring.to)).toBe(2 * hour);
    expect(workDuration(newYorkHours, autumn.from, autumn.to)).toBe(2 * hour);
    const { total } = rollup(
      [spring, autumn].flatMap(({ from, to }, index) => [
        { threadId: index + 1, cycle: 1, kind: 'created', agentId: null, workgroupId: 7, at: from },
        { threadId: index + 1, cycle: 1, kind: 'assigned', agentId: 11, workgroupId: 7, at: from + 1000 },
        { threadId: index + 1, cycle: 1, kind: 'first_response', agentId: 11, workgroupId: 7, at: to },
      ]),
      { workTimesOf: () => newYorkHours },
    );
    expect(figures(total)).toMatchObject({
      firstResponseAvg: ((65 + 67) / 2) * 3600,
      firstResponseBusinessAvg: 2 * 3600,
      responseOver5m: 2,
    });
  });
});

describe('histograms', () => {
  it('places durations in buckets at their bounds', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(59_999)).toBe(4);
    expect(bucketOf(60_000)).toBe(5);
    expect(bucketOf(299_999)).toBe(9);
    expect(bucketOf(300_000)).toBe(10);
    expect(bucketOf(100 * hour)).toBe(frtBuckets.length - 1);
  });

  it('estimates quantiles within a bucket and is exact at bounds', () => {
    const counts = new Array<number>(16).fill(0);
    counts[4] = 5; // [45, 60)
    counts[5] = 5; // [60, 90)
    expect(quantileOf(counts, 0.5)).toBe(60);
    expect(quantileOf(counts, 0.9)).toBeCloseTo(84, 5);
    expect(quantileOf(new Array<number>(16).fill(0), 0.5)).toBeNull();
    const open = new Array<number>(16).fill(0);
    open[15] = 1;
    expect(quantileOf(open, 0.9, 9000)).toBe(9000);
  });

  it('never puts a first-response quantile above the slowest first response', () => {
    // Two first responses of 1 s and 3 s share the first bucket [0, 10 s): without the recorded
    // maximum the estimate would be 9 s for the 90th percentile.
    const sums = emptySums();
    sums.frt_count = 2;
    sums.frt_sum = 4000;
    sums.frt_max = 3000;
    sums.frt_h0 = 2;
    const values = figures(sums);
    expect(values.firstResponseP90).toBe(3);
    expect(values.firstResponseMedian).toBeLessThanOrEqual(3);
    expect(values.firstResponseAvg).toBe(2);
  });
});

describe('time zones', () => {
  it('work hours follow the wall clock across a DST change', () => {
    const newYork = JSON.stringify({
      timezone: 'America/New_York',
      entries: [{ weekday: 7, start: '01:00', end: '04:00' }],
    });
    // Sunday 2025-03-09: clocks jump 02:00 → 03:00, so 01:00–04:00 lasts two hours.
    expect(workDuration(newYork, Date.UTC(2025, 2, 8), Date.UTC(2025, 2, 11))).toBe(2 * hour);
    // A week later the same window lasts three.
    expect(workDuration(newYork, Date.UTC(2025, 2, 15), Date.UTC(2025, 2, 18))).toBe(3 * hour);
    expect(workDuration('', 0, hour)).toBe(hour);
  });

  it('finds the offset change inside a range to the minute', () => {
    const spans = offsetSpansOf(Date.UTC(2025, 2, 1), Date.UTC(2025, 3, 1), 'America/New_York');
    expect(spans).toHaveLength(2);
    expect(spans[0]).toEqual({ until: Date.UTC(2025, 2, 9, 7), offset: -5 * hour });
    expect(spans[1]?.offset).toBe(-4 * hour);
  });

  it('a report day lasts 23 or 25 hours on the days the clocks change, in both hemispheres', () => {
    const length = (day: string, tz: string) => {
      const range = resolveRange(day, day, tz);
      return (range.end - range.start) / hour;
    };
    expect(length('2025-03-09', 'America/New_York')).toBe(23);
    expect(length('2025-11-02', 'America/New_York')).toBe(25);
    expect(length('2025-10-05', 'Australia/Sydney')).toBe(23);
    expect(length('2025-04-06', 'Australia/Sydney')).toBe(25);
    expect(length('2025-04-06', 'Asia/Shanghai')).toBe(24);
    // A year in Sydney: summer time ends in April and starts again in October.
    const spans = offsetSpansOf(Date.UTC(2025, 0, 1), Date.UTC(2025, 11, 31), 'Australia/Sydney');
    expect(spans.map((span) => span.offset / hour)).toEqual([11, 10, 11]);
    expect(spans[0]?.until).toBe(Date.UTC(2025, 3, 5, 16));
    expect(spans[1]?.until).toBe(Date.UTC(2025, 9, 4, 16));
  });

  it('whole-hour zones are exact, half-hour zones are not', () => {
    expect(resolveRange('2025-01-06', '2025-01-06', 'Asia/Kathmandu').isExact).toBe(false);
    expect(resolveRange('2025-01-06', '2025-01-06', 'America/St_Johns').isExact).toBe(false);
    expect(resolveRange('2025-01-06', '2025-01-06', 'America/Sao_Paulo').isExact).toBe(true);
    expect(resolveRange('2025-03-01', '2025-03-31', 'America/New_York').isExact).toBe(true);
    expect(resolveRange('2025-03-01', '2025-03-31', 'Asia/Kolkata').isExact).toBe(false);
    const shanghai = resolveRange('2025-01-06', '2025-01-06', 'Asia/Shanghai');
    expect(shanghai.start).toBe(Date.UTC(2025, 0, 5, 16));
    expect(shanghai.end).toBe(Date.UTC(2025, 0, 6, 16));
  });
});

describe('calls in the rollup', () => {
  const call = { agentId: 7, media: 'audio', startedAt: t0 + 30 * minute, answeredAt: null, endedAt: null };
  const context = { channel: 'web', workgroupId: 3 };

  it('counts a call once it ended, in the hour it started', () => {
    expect(callDeltaOf({ ...call, endReason: null }, context)).toBeNull();
    const answered = callDeltaOf(
      {
        ...call,
        media: 'video',
        answeredAt: t0 + 31 * minute,
        endedAt: t0 + 95 * minute,
        endReason: 'hangup',
      },
      context,
    );
    expect(answered).toEqual({
      hour: Math.floor(t0 / hour),
      agentId: 7,
      workgroupId: 3,
      channel: 'web',
      sums: { call_started: 1, call_video: 1, call_answered: 1, call_talk_sum: 64 * minute },
    });
  });

  it('counts unanswered calls by reason; a failed ring only as not answered', () => {
    const ended = (endReason: string) =>
      callDeltaOf({ ...call, endedAt: t0 + 31 * minute, endReason }, context)?.sums;
    expect(ended('timeout')).toEqual({ call_started: 1, call_audio: 1, call_timeout: 1 });
    expect(ended('busy')).toEqual({ call_started: 1, call_audio: 1, call_busy: 1 });
    expect(ended('failed')).toEqual({ call_started: 1, call_audio: 1 });
    const sums = emptySums();
    for (const reason of ['timeout', 'rejected', 'cancelled', 'failed'])
      for (const [name, value] of Object.entries(ended(reason) ?? {})) sums[name as keyof Sums] += value ?? 0;
    expect(figures(sums)).toMatchObject({
      callsStarted: 4,
      callsNotAnswered: 4,
      callsTimeout: 1,
      callsRejected: 1,
      callsCancelled: 1,
      callsBusy: 0,
      callAnswerRate: 0,
      callTalkTimeAvg: null,
    });
  });

  it("takes the skill group the thread's events named by the time the call rang", () => {
    const events = [
      { workgroupId: 1, at: t0 },
      { workgroupId: null, at: t0 + minute },
      { workgroupId: 2, at: t0 + 2 * minute },
    ];
    expect(workgroupAtCall(events, t0 - 1)).toBe(0);
    expect(workgroupAtCall(events, t0 + minute)).toBe(1);
    expect(workgroupAtCall(events, t0 + 2 * minute)).toBe(2);
  });
});
