import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { StatisticMetric, StatisticMetricKey, StatisticUnit } from '@openkefu/contract';
import { useDurationText } from '../../kefu/thread/display';
import type { StatisticFilters } from './api';

/* Which figures each part of the online-service page shows, and how a figure reads. */

/** The headline cards: volume first, then speed and satisfaction. */
export const KPI_METRICS = [
  'conversationsNew',
  'conversationsAccepted',
  'conversationsMissed',
  'abandonmentRate',
  'conversationsTransferred',
  'conversationsReopened',
  'queueTimeAvg',
  'firstResponseAvg',
  'firstResponseP90',
  'handleTimeAvg',
  'resolutionTimeAvg',
  'satisfactionAvg',
] as const satisfies readonly StatisticMetricKey[];

export const TREND_COUNT_METRICS = [
  'conversationsNew',
  'conversationsAccepted',
  'conversationsMissed',
] as const satisfies readonly StatisticMetricKey[];

export const TREND_TIME_METRICS = [
  'queueTimeAvg',
  'firstResponseAvg',
  'handleTimeAvg',
] as const satisfies readonly StatisticMetricKey[];

/** The original product's first-response buckets, with their axis labels' message keys. */
export const BUCKETS = [
  { metric: 'responseUnder1m', label: 'buckets.under1m' },
  { metric: 'response1to3m', label: 'buckets.from1to3m' },
  { metric: 'response3to5m', label: 'buckets.from3to5m' },
  { metric: 'responseOver5m', label: 'buckets.over5m' },
] as const satisfies readonly { metric: StatisticMetricKey; label: string }[];

export const SATISFACTION_SCORES = [
  { metric: 'satisfaction1', score: 1 },
  { metric: 'satisfaction2', score: 2 },
  { metric: 'satisfaction3', score: 3 },
  { metric: 'satisfaction4', score: 4 },
  { metric: 'satisfaction5', score: 5 },
] as const satisfies readonly { metric: StatisticMetricKey; score: number }[];

/** How calls ended: answered, or not answered by reason (a failed ring has no bar of its own). */
export const CALL_OUTCOMES = [
  { metric: 'callsAnswered', label: 'calls.answered' },
  { metric: 'callsTimeout', label: 'calls.timeout' },
  { metric: 'callsRejected', label: 'calls.rejected' },
  { metric: 'callsBusy', label: 'calls.busy' },
  { metric: 'callsCancelled', label: 'calls.cancelled' },
] as const satisfies readonly { metric: StatisticMetricKey; label: string }[];

/** The figures the calls card states beside its chart. */
export const CALL_SUMMARY_METRICS = [
  'callsStarted',
  'callsAudio',
  'callsVideo',
  'callsNotAnswered',
  'callAnswerRate',
  'callTalkTimeAvg',
  'callTalkTimeTotal',
] as const satisfies readonly StatisticMetricKey[];

/** Everything the summary call (cards, trends, buckets, satisfaction, calls) asks for; rollup figures only. */
export const SUMMARY_METRICS: readonly StatisticMetricKey[] = [
  ...new Set<StatisticMetricKey>([
    ...KPI_METRICS,
    ...TREND_COUNT_METRICS,
    ...TREND_TIME_METRICS,
    ...BUCKETS.map((bucket) => bucket.metric),
    ...SATISFACTION_SCORES.map((entry) => entry.metric),
    ...CALL_OUTCOMES.map((outcome) => outcome.metric),
    ...CALL_SUMMARY_METRICS,
    'ratings',
    'ratedShare',
  ]),
];

/** The leaderboard's columns; the server sorts agents by the first. */
export const LEADERBOARD_METRICS = [
  'conversationsAccepted',
  'conversationsClosed',
  'conversationsTransferred',
  'firstResponseAvg',
  'handleTimeAvg',
  'satisfactionAvg',
  'ratings',
  'callsAnswered',
  'callTalkTimeAvg',
] as const satisfies readonly StatisticMetricKey[];

export const HEATMAP_METRIC = 'conversationsNew' satisfies StatisticMetricKey;

/** Trend by hour only for short periods: 31 days are already 744 points. */
export const MAX_HOURLY_DAYS = 31;

export type Granularity = 'hour' | 'day' | 'week';

/** What the page knows of a figure: the registry's entry, or a bare fallback until it has one. */
export type MetricInfo = Pick<
  StatisticMetric,
  'key' | 'unit' | 'label' | 'description' | 'formula' | 'higherIsBetter' | 'canDrill'
>;

/** Opening the conversations behind a figure, maybe narrowed to some days or one agent. */
export type DrillRequest = {
  metric: StatisticMetricKey;
  /** Narrower days than the page's period (a trend point). */
  days?: { from: string; to: string };
  /** One agent (a leaderboard row). */
  agent?: { uid: string; label: string };
};

export const describeWith =
  (registry: readonly StatisticMetric[]) =>
  (key: StatisticMetricKey): MetricInfo =>
    registry.find((metric) => metric.key === key) ?? {
      key,
      unit: 'count',
      label: key,
      description: '',
      formula: '',
      higherIsBetter: true,
      canDrill: false,
    };

export const formatShare = (share: number): string => `${Math.round(share * 1000) / 10}%`;

/** A figure as it reads on a card or in a cell: grouped counts, durations, percentages, scores; '—' without one. */
export const useFigureFormat = (): ((value: number | null | undefined, unit: StatisticUnit) => string) => {
  const { i18n } = useTranslation();
  // useDurationText answers a new function on every render; the ref keeps this one stable per language.
  const duration = useDurationText();
  const durationText = useRef(duration);
  durationText.current = duration;
  const language = i18n.language;
  return useCallback(
    (value, unit) => {
      if (value === null || value === undefined || Number.isNaN(value)) return '—';
      switch (unit) {
        case 'seconds':
          return durationText.current(value * 1000);
        case 'share':
          return formatShare(value);
        case 'score':
          return new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format(value);
        default:
          return new Intl.NumberFormat(language, { maximumFractionDigits: 0 }).format(value);
      }
    },
    [language],
  );
};

/** The browser's time zone: the days and hours the page shows are the viewer's own. */
export const browserTimeZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/**
 * The days behind a trend point, for its drill-down (the drill takes whole days): an hour's day,
 * the day, or the week's Monday to Sunday within the period.
 */
export const daysOfPoint = (
  key: string,
  granularity: Granularity,
  filters: Pick<StatisticFilters, 'from' | 'to'>,
): { from: string; to: string } => {
  if (granularity === 'hour') return { from: key.slice(0, 10), to: key.slice(0, 10) };
  if (granularity === 'day') return { from: key, to: key };
  const sunday = dayjs(key).add(6, 'day').format('YYYY-MM-DD');
  return {
    from: key < filters.from ? filters.from : key,
    to: sunday > filters.to ? filters.to : sunday,
  };
};
