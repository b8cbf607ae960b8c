import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';

/*
 * Statistics of online service (issue 17). Every figure is defined once in the server's metric
 * registry (`modules/statistic/statistic.metrics.ts`); this file is the wire shape of its keys, of
 * the report queries and of their answers. Robot and knowledge-base figures join later as further
 * keys of the same enum and `category` values.
 */

export const statisticMetricKeys = [
  'conversationsNew',
  'conversationsReopened',
  'conversationsQueued',
  'conversationsAccepted',
  'conversationsMissed',
  'conversationsAbandoned',
  'abandonmentRate',
  'conversationsTransferred',
  'conversationsClosed',
  'closedByAgent',
  'closedByVisitor',
  'closedBySystem',
  'visitors',
  'messagesVisitor',
  'messagesAgent',
  'queueTimeAvg',
  'queueTimeMax',
  'queueTimeP90',
  'firstResponseAvg',
  'firstResponseMedian',
  'firstResponseP90',
  'firstResponseBusinessAvg',
  'responseUnder1m',
  'response1to3m',
  'response3to5m',
  'responseOver5m',
  'handleTimeAvg',
  'resolutionTimeAvg',
  'resolutionTimeBusinessAvg',
  'ratings',
  'ratedShare',
  'satisfactionAvg',
  'satisfaction1',
  'satisfaction2',
  'satisfaction3',
  'satisfaction4',
  'satisfaction5',
  'leaveMessages',
  'callsStarted',
  'callsAudio',
  'callsVideo',
  'callsAnswered',
  'callsNotAnswered',
  'callsTimeout',
  'callsRejected',
  'callsBusy',
  'callsCancelled',
  'callAnswerRate',
  'callTalkTimeTotal',
  'callTalkTimeAvg',
] as const;
export const statisticMetricKeySchema = z.enum(statisticMetricKeys);
export type StatisticMetricKey = z.infer<typeof statisticMetricKeySchema>;

/** count: a number of things · seconds: a duration · share: 0–1 · score: a rating 1–5. */
export const statisticUnitSchema = z.enum(['count', 'seconds', 'share', 'score']);
export type StatisticUnit = z.infer<typeof statisticUnitSchema>;

export const statisticCategorySchema = z.enum([
  'conversation',
  'visitor',
  'message',
  'queue',
  'response',
  'handling',
  'satisfaction',
  /** Voice and video calls (issue 21). */
  'call',
]);
export type StatisticCategory = z.infer<typeof statisticCategorySchema>;

/** GET /api/statistic/metrics — the registry, worded in the request's language (tooltips, headings). */
export const statisticMetricSchema = z.object({
  key: statisticMetricKeySchema,
  category: statisticCategorySchema,
  unit: statisticUnitSchema,
  label: z.string(),
  description: z.string(),
  /** How the figure is computed, for the tooltip's second line. */
  formula: z.string(),
  /** Whether a rise is good news (KPI cards colour the change). */
  higherIsBetter: z.boolean(),
  /** The drill-down can list the conversations behind it. */
  canDrill: z.boolean(),
  /**
   * rollup: summed from the hourly rollups (fast at any range) · events: counted from the raw events
   * (distinct visitors do not add up), so only computed when asked for by name.
   */
  source: z.enum(['rollup', 'events']),
});
export type StatisticMetric = z.infer<typeof statisticMetricSchema>;

export const statisticGroupByValues = [
  'hour',
  'day',
  'week',
  /** Hour of day × weekday (heat map): keys `1-00` … `7-23`, weekday 1 = Monday. */
  'weekdayHour',
  'agent',
  'workgroup',
  'channel',
] as const;
export const statisticGroupBySchema = z.enum(statisticGroupByValues);
export type StatisticGroupBy = z.infer<typeof statisticGroupBySchema>;

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

const localDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'must be a real date');

/** The filters every statistics call shares: local dates (inclusive) in `tz`, and the dimensions. */
export const statisticFilterSchema = z.object({
  /** First day, YYYY-MM-DD in `tz`. */
  from: localDate,
  /** Last day (inclusive), YYYY-MM-DD in `tz`; at most 366 days after `from`. */
  to: localDate,
  /** IANA time zone the days and hours are counted in (default UTC). */
  tz: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai')
    .default('UTC'),
  /** A skill group's wid. */
  wid: z.string().trim().min(1).max(64).optional(),
  /** An agent's uid. */
  uid: z.string().trim().min(1).max(64).optional(),
  /** The visitor's channel (thread `client`: web, wap, wechat, …). */
  channel: z.string().trim().min(1).max(32).optional(),
});

const metricList = z
  .string()
  .trim()
  .max(2000)
  .transform((value, ctx) => {
    const keys = value
      .split(',')
      .map((key) => key.trim())
      .filter(Boolean);
    const unknown = keys.filter((key) => !(statisticMetricKeys as readonly string[]).includes(key));
    if (unknown.length > 0) {
      ctx.addIssue({ code: 'custom', message: `unknown metric: ${unknown.join(', ')}` });
      return z.NEVER;
    }
    return keys as StatisticMetricKey[];
  });

/** GET /api/statistic/online */
export const statisticOnlineQuerySchema = statisticFilterSchema.extend({
  groupBy: statisticGroupBySchema.default('day'),
  /** Comma-separated metric keys; when absent every figure whose `source` is `rollup`. */
  metrics: metricList.optional(),
  /** Also compute the previous period of the same length (KPI change). Default true. */
  compare: queryBooleanSchema.default(true),
});
export type StatisticOnlineQuery = z.input<typeof statisticOnlineQuerySchema>;

export const statisticValuesSchema = z.record(z.string(), z.number().nullable());
export type StatisticValues = Partial<Record<StatisticMetricKey, number | null>>;

export const statisticPointSchema = z.object({
  /** hour: `YYYY-MM-DD HH:00` · day: `YYYY-MM-DD` · week: the Monday `YYYY-MM-DD` · weekdayHour: `1-09` · agent: uid · workgroup: wid · channel: its name. */
  key: z.string(),
  /** What to show: the agent's or group's nickname, else the key. */
  label: z.string(),
  values: statisticValuesSchema,
});
export type StatisticPoint = z.infer<typeof statisticPointSchema>;

export const statisticOnlineSchema = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  groupBy: statisticGroupBySchema,
  metrics: z.array(statisticMetricKeySchema),
  /** Time buckets with no activity are present (zero / null), so trend lines have no gaps. */
  series: z.array(statisticPointSchema),
  totals: statisticValuesSchema,
  previous: z
    .object({
      from: z.string(),
      to: z.string(),
      totals: statisticValuesSchema,
      /** (current − previous) / previous; null when the previous figure is 0 or null. */
      change: statisticValuesSchema,
    })
    .nullable(),
  /** Whether the zone's offset is a whole number of hours all through the range (else days are approximate by up to 30 min). */
  isExact: z.boolean(),
});
export type StatisticOnline = z.infer<typeof statisticOnlineSchema>;

/** GET /api/statistic/drill — the conversations behind a figure. */
export const statisticDrillQuerySchema = statisticFilterSchema.extend(pageQuerySchema.shape).extend({
  metric: statisticMetricKeySchema,
});
export type StatisticDrillQuery = z.input<typeof statisticDrillQuerySchema>;

export const statisticDrillRowSchema = z.object({
  tid: z.string(),
  cycle: z.number().int(),
  /** When the event behind the figure happened (ms). */
  at: z.number(),
  visitor: z.object({ vid: z.string(), nickname: z.string() }).nullable(),
  agent: z.object({ uid: z.string(), nickname: z.string() }).nullable(),
  workGroup: z.object({ wid: z.string(), nickname: z.string() }).nullable(),
  channel: z.string(),
  status: z.string(),
});
export type StatisticDrillRow = z.infer<typeof statisticDrillRowSchema>;

/** GET /api/statistic/export — the report of /online as .xlsx (series rows, then a totals row). */
export const statisticExportQuerySchema = statisticOnlineQuerySchema;
