/*
 * The rollup's columns (migrations 0019_statistic and 0034_statistic_call; keep in sync): additive
 * counters, sums in ms and fixed histogram buckets. Adding a counter means a new migration and a new
 * name here.
 */

/** Upper bounds (seconds, exclusive) of the 16 histogram buckets; the last is open-ended. */
export const histogramBounds = [
  10,
  20,
  30,
  45,
  60,
  90,
  120,
  180,
  240,
  300,
  600,
  900,
  1800,
  3600,
  7200,
  Infinity,
];

const histogram = <P extends string>(prefix: P) =>
  Array.from({ length: histogramBounds.length }, (_, index) => `${prefix}${index}` as `${P}${number}`);

export const queueBuckets = histogram('queue_h');
export const frtBuckets = histogram('frt_h');

/** Voice and video calls (migration 0034), counted when a call ends, in the hour it started. */
export const callCounters = [
  'call_started',
  'call_audio',
  'call_video',
  'call_answered',
  'call_timeout',
  'call_rejected',
  'call_busy',
  'call_cancelled',
  /** Ms from answer to end of answered calls (their count is call_answered). */
  'call_talk_sum',
] as const;

export const statisticCounters = [
  'conv_new',
  'conv_reopened',
  'queued',
  'accepted',
  'missed',
  'abandoned',
  'transferred',
  'closed_agent',
  'closed_visitor',
  'closed_system',
  'msg_visitor',
  'msg_agent',
  'queue_count',
  'queue_sum',
  'queue_max',
  ...queueBuckets,
  'frt_count',
  'frt_sum',
  'frt_max',
  ...frtBuckets,
  'frt_bh_count',
  'frt_bh_sum',
  'handle_count',
  'handle_sum',
  'resolution_count',
  'resolution_sum',
  'resolution_bh_sum',
  'rated',
  'score_sum',
  'score_1',
  'score_2',
  'score_3',
  'score_4',
  'score_5',
  ...callCounters,
] as const;

export type StatisticCounter = (typeof statisticCounters)[number];

/** Merged with max() rather than +. */
export const maxCounters: ReadonlySet<StatisticCounter> = new Set<StatisticCounter>(['queue_max', 'frt_max']);

export type Sums = Record<StatisticCounter, number>;

const zeroSums = Object.freeze(Object.fromEntries(statisticCounters.map((name) => [name, 0])) as Sums);

export const emptySums = (): Sums => ({ ...zeroSums });

/** Adds `from` into `into` (maxima keep the larger); only the keys `from` has are visited. */
export const mergeSums = (into: Sums, from: Partial<Sums>): Sums => {
  for (const key in from) {
    const name = key as StatisticCounter;
    const value = from[name];
    if (value === undefined || value === 0) continue;
    into[name] = maxCounters.has(name) ? Math.max(into[name], value) : into[name] + value;
  }
  return into;
};

/** The histogram bucket of a duration in ms. */
export const bucketOf = (ms: number): number => {
  const seconds = ms / 1000;
  const index = histogramBounds.findIndex((bound) => seconds < bound);
  return index === -1 ? histogramBounds.length - 1 : index;
};

/**
 * A quantile (0–1) from histogram counts: linear within the bucket that holds it. The open last
 * bucket answers its lower bound, or `max` (seconds) when known. Exact at bucket bounds; between
 * them off by at most the bucket's width.
 */
export const quantileOf = (counts: readonly number[], q: number, max?: number): number | null => {
  const total = counts.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const rank = q * total;
  let seen = 0;
  for (const [index, count] of counts.entries()) {
    if (count === 0) continue;
    if (seen + count >= rank) {
      const lower = index === 0 ? 0 : (histogramBounds[index - 1] ?? 0);
      const upper = histogramBounds[index] ?? Infinity;
      if (upper === Infinity) return max !== undefined && max > lower ? max : lower;
      const within = (rank - seen) / count;
      const value = lower + within * (upper - lower);
      return max !== undefined && max > 0 ? Math.min(value, max) : value;
    }
    seen += count;
  }
  return max ?? null;
};

/** Which dimensions a rollup row keeps. */
export const dimAgent = 1;
export const dimWorkgroup = 2;
export const dimChannel = 4;
/**
 * Daily rows: the same dimension kinds plus this bit, `hour` = the UTC day's first hour. Reports that
 * do not group by time read whole UTC days from them and only the range's edge hours from hourly rows.
 */
export const dimDaily = 8;
/** Every event updates one row of each of these (hourly), and the daily row of each. */
export const rollupDims = [0, dimAgent, dimWorkgroup, dimChannel, dimAgent | dimWorkgroup | dimChannel];

/** The smallest kind of row that can answer a query needing these dimensions. */
export const dimsFor = (needed: number): number => (rollupDims.includes(needed) ? needed : 7);
