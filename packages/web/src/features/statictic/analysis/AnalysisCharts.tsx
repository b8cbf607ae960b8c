import { useMemo } from 'react';
import { Card, Col, Row, Typography, theme as antdTheme } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatisticMetricKey, StatisticOnline } from '@openkefu/contract';
import { EChart, dailyChartOption, type ChartItem, type ChartOption } from '../../../shared/charts';
import {
  BUCKETS,
  CALL_OUTCOMES,
  HEATMAP_METRIC,
  SATISFACTION_SCORES,
  TREND_COUNT_METRICS,
  TREND_TIME_METRICS,
  formatShare,
  useFigureFormat,
  type DrillRequest,
  type Granularity,
  type MetricInfo,
} from './figures';
import { STATISTIC_ANALYSIS_NS } from './i18n';
import { CountLink } from './parts';

/** What a chart asks of the page: a figure's wording, and opening the conversations behind it. */
type ChartProps = {
  data: StatisticOnline;
  describe: (key: StatisticMetricKey) => MetricInfo;
  /** Absent for figures the registry cannot drill into. */
  drillOf: (request: DrillRequest) => (() => void) | undefined;
};

const WEEKDAYS = ['1', '2', '3', '4', '5', '6', '7'] as const;
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
const pad = (hour: number) => String(hour).padStart(2, '0');

/** New, accepted and missed conversations, and the average waits, over the period's hours, days or weeks. */
export const TrendCharts = ({
  data,
  describe,
  granularity,
  onPointDrill,
}: Omit<ChartProps, 'drillOf'> & {
  granularity: Granularity;
  onPointDrill: (metric: StatisticMetricKey, key: string) => void;
}) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const format = useFigureFormat();
  const { series, totals } = data;
  const labels = useMemo(
    () =>
      series.map((point) => (granularity === 'week' ? t('trend.weekOf', { date: point.key }) : point.label)),
    [series, granularity, t],
  );
  const hasActivity = series.some((point) =>
    TREND_COUNT_METRICS.some((metric) => (point.values[metric] ?? 0) > 0),
  );
  const hasTimes = series.some((point) => TREND_TIME_METRICS.some((metric) => point.values[metric] != null));

  const countOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        labels,
        TREND_COUNT_METRICS.map((metric) => ({
          type: 'line',
          name: describe(metric).label,
          data: series.map((point) => point.values[metric] ?? 0),
        })),
      ),
    [labels, series, describe],
  );
  const timeOption = useMemo<ChartOption>(
    () => ({
      tooltip: {
        trigger: 'axis',
        valueFormatter: (value) => (typeof value === 'number' ? format(value, 'seconds') : '—'),
      },
      legend: { top: 0 },
      grid: { left: 16, right: 16, top: 36, bottom: 28, containLabel: true },
      xAxis: { type: 'category', data: labels },
      // Labels read in whole seconds: finer ticks would repeat a label ("2 s, 2 s, 3 s").
      yAxis: {
        type: 'value',
        minInterval: 1,
        axisLabel: { formatter: (value: number) => format(value, 'seconds') },
      },
      series: TREND_TIME_METRICS.map((metric) => ({
        type: 'line',
        name: describe(metric).label,
        data: series.map((point) => point.values[metric] ?? null),
      })),
    }),
    [labels, series, describe, format],
  );
  const pointDrill =
    (metrics: readonly StatisticMetricKey[]) =>
    ({ seriesIndex, dataIndex }: ChartItem) => {
      const metric = metrics[seriesIndex];
      const point = series[dataIndex];
      if (metric && point && describe(metric).canDrill) onPointDrill(metric, point.key);
    };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('trend.conversations')}>
          <EChart
            option={countOption}
            ariaLabel={t('trend.conversations')}
            isEmpty={!hasActivity}
            onItemClick={pointDrill(TREND_COUNT_METRICS)}
            summary={t('trend.conversationsSummary', {
              new: format(totals.conversationsNew, 'count'),
              accepted: format(totals.conversationsAccepted, 'count'),
              missed: format(totals.conversationsMissed, 'count'),
              count: series.length,
            })}
            table={{
              columns: [t('trend.period'), ...TREND_COUNT_METRICS.map((metric) => describe(metric).label)],
              rows: series.map((point, index) => [
                labels[index] ?? point.key,
                ...TREND_COUNT_METRICS.map((metric) => (
                  <CountLink
                    key={metric}
                    text={format(point.values[metric] ?? 0, 'count')}
                    value={point.values[metric]}
                    label={`${describe(metric).label} · ${labels[index] ?? point.key}`}
                    onDrill={describe(metric).canDrill ? () => onPointDrill(metric, point.key) : undefined}
                  />
                )),
              ]),
            }}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card size="small" title={t('trend.times')}>
          <EChart
            option={timeOption}
            ariaLabel={t('trend.times')}
            isEmpty={!hasTimes}
            onItemClick={pointDrill(TREND_TIME_METRICS)}
            summary={t('trend.timesSummary', {
              queue: format(totals.queueTimeAvg, 'seconds'),
              response: format(totals.firstResponseAvg, 'seconds'),
              handle: format(totals.handleTimeAvg, 'seconds'),
            })}
            table={{
              columns: [t('trend.period'), ...TREND_TIME_METRICS.map((metric) => describe(metric).label)],
              rows: series.map((point, index) => [
                labels[index] ?? point.key,
                ...TREND_TIME_METRICS.map((metric) => format(point.values[metric], 'seconds')),
              ]),
            }}
          />
        </Card>
      </Col>
    </Row>
  );
};

/** New conversations by weekday (rows, Monday first) and hour of day (columns), in the page's zone. */
export const WeekdayHourHeatmap = ({ data, describe }: Omit<ChartProps, 'drillOf'>) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const format = useFigureFormat();
  const counts = useMemo(() => {
    const byKey = new Map(data.series.map((point) => [point.key, point.values[HEATMAP_METRIC] ?? 0]));
    return WEEKDAYS.map((weekday) => HOURS.map((hour) => byKey.get(`${weekday}-${pad(hour)}`) ?? 0));
  }, [data.series]);
  const max = Math.max(0, ...counts.flat());
  const busiest = useMemo(() => {
    let best = { weekday: 0, hour: 0, count: 0 };
    counts.forEach((row, weekday) =>
      row.forEach((count, hour) => {
        if (count > best.count) best = { weekday, hour, count };
      }),
    );
    return best;
  }, [counts]);
  const weekdayNames = WEEKDAYS.map((weekday) => t(`heatmap.weekdays.${weekday}`));
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: {
        position: 'top',
        formatter: (params) => {
          const value = (params as { value?: unknown }).value;
          if (!Array.isArray(value)) return '';
          const [hour, weekday, count] = value as number[];
          // Only the page's own words and numbers: nothing a visitor or agent typed.
          return `${weekdayNames[weekday] ?? ''} ${pad(hour)}:00 · ${format(count, 'count')}`;
        },
      },
      grid: { left: 8, right: 16, top: 8, bottom: 48, containLabel: true },
      xAxis: { type: 'category', data: HOURS.map(pad), splitArea: { show: true } },
      yAxis: {
        type: 'category',
        data: WEEKDAYS.map((weekday) => t(`heatmap.short.${weekday}`)),
        inverse: true,
        splitArea: { show: true },
      },
      visualMap: {
        type: 'continuous',
        min: 0,
        max: Math.max(1, max),
        orient: 'horizontal',
        left: 'center',
        bottom: 0,
        itemHeight: 160,
        itemWidth: 12,
      },
      series: [
        {
          type: 'heatmap',
          name: describe(HEATMAP_METRIC).label,
          data: counts.flatMap((row, weekday) => row.map((count, hour) => [hour, weekday, count])),
          emphasis: { itemStyle: { borderWidth: 1 } },
        },
      ],
    }),
    [counts, max, describe, format, t, weekdayNames],
  );

  return (
    <EChart
      option={option}
      ariaLabel={t('heatmap.title')}
      height={280}
      isEmpty={max === 0}
      summary={
        max === 0
          ? t('heatmap.summaryEmpty')
          : t('heatmap.summary', {
              weekday: weekdayNames[busiest.weekday],
              hour: pad(busiest.hour),
              count: format(busiest.count, 'count'),
            })
      }
      table={{
        columns: [t('heatmap.weekday'), ...HOURS.map((hour) => t('heatmap.hour', { hour: pad(hour) }))],
        rows: counts.map((row, weekday) => [weekdayNames[weekday] ?? '', ...row]),
      }}
    />
  );
};

/** Bars with one colour each, a count per bar that drills, and each bar's share of the whole. */
const DistributionChart = ({
  title,
  labelTitle,
  countTitle,
  bars,
  summary,
  drillOf,
}: {
  title: string;
  labelTitle: string;
  countTitle: string;
  bars: { metric: StatisticMetricKey; label: string; name: string; value: number; color: string }[];
  summary: string;
  drillOf: ChartProps['drillOf'];
}) => {
  const format = useFigureFormat();
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 8, right: 16, top: 16, bottom: 8, containLabel: true },
      xAxis: { type: 'category', data: bars.map((bar) => bar.label) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'bar',
          name: countTitle,
          data: bars.map((bar) => ({ value: bar.value, itemStyle: { color: bar.color } })),
        },
      ],
    }),
    [bars, countTitle],
  );
  return (
    <EChart
      option={option}
      ariaLabel={title}
      height={240}
      isEmpty={total === 0}
      summary={summary}
      onItemClick={({ dataIndex }) => {
        const bar = bars[dataIndex];
        if (bar && bar.value > 0) drillOf({ metric: bar.metric })?.();
      }}
      table={{
        columns: [labelTitle, countTitle, '%'],
        rows: bars.map((bar) => [
          bar.label,
          <CountLink
            key="count"
            text={format(bar.value, 'count')}
            value={bar.value}
            label={bar.name}
            onDrill={drillOf({ metric: bar.metric })}
          />,
          total > 0 ? formatShare(bar.value / total) : '—',
        ]),
      }}
    />
  );
};

/** The original product's first-response buckets: < 1, 1–3, 3–5 and ≥ 5 minutes. */
export const ResponseBuckets = ({ data, describe, drillOf }: ChartProps) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const { token } = antdTheme.useToken();
  const format = useFigureFormat();
  const colors = [token.colorSuccess, token.colorPrimary, token.colorWarning, token.colorError];
  const bars = BUCKETS.map((bucket, index) => ({
    metric: bucket.metric,
    label: t(bucket.label),
    name: describe(bucket.metric).label,
    value: data.totals[bucket.metric] ?? 0,
    color: colors[index] ?? token.colorPrimary,
  }));
  const total = bars.reduce((sum, bar) => sum + bar.value, 0);
  return (
    <DistributionChart
      title={t('buckets.title')}
      labelTitle={t('buckets.bucket')}
      countTitle={t('buckets.count')}
      bars={bars}
      drillOf={drillOf}
      summary={t('buckets.summary', {
        total: format(total, 'count'),
        list: bars.map((bar) => `${bar.label} ${format(bar.value, 'count')}`).join(', '),
      })}
    />
  );
};

/** Ratings by score (1–5), with the average and the rated share. */
export const SatisfactionDistribution = ({ data, describe, drillOf }: ChartProps) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const { token } = antdTheme.useToken();
  const format = useFigureFormat();
  const colors = [token.colorError, token.orange, token.gold, token.lime, token.colorSuccess];
  const bars = SATISFACTION_SCORES.map((entry, index) => ({
    metric: entry.metric,
    label: t('satisfaction.stars', { score: entry.score }),
    name: describe(entry.metric).label,
    value: data.totals[entry.metric] ?? 0,
    color: colors[index] ?? token.colorPrimary,
  }));
  const summary = t('satisfaction.summary', {
    ratings: format(data.totals.ratings, 'count'),
    average: format(data.totals.satisfactionAvg, 'score'),
    share: format(data.totals.ratedShare, 'share'),
  });
  return (
    <>
      <Typography.Text type="secondary">{summary}</Typography.Text>
      <DistributionChart
        title={t('satisfaction.title')}
        labelTitle={t('satisfaction.score')}
        countTitle={t('satisfaction.count')}
        bars={bars}
        drillOf={drillOf}
        summary={summary}
      />
    </>
  );
};

/** Voice and video calls by outcome, with how many, by media, the answer rate and the talk time. */
export const CallOutcomes = ({ data, describe, drillOf }: ChartProps) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const { token } = antdTheme.useToken();
  const format = useFigureFormat();
  const colors = [
    token.colorSuccess,
    token.colorWarning,
    token.colorError,
    token.orange,
    token.colorTextTertiary,
  ];
  const bars = CALL_OUTCOMES.map((outcome, index) => ({
    metric: outcome.metric,
    label: t(outcome.label),
    name: describe(outcome.metric).label,
    value: data.totals[outcome.metric] ?? 0,
    color: colors[index] ?? token.colorPrimary,
  }));
  const summary = t('calls.summary', {
    calls: format(data.totals.callsStarted, 'count'),
    audio: format(data.totals.callsAudio, 'count'),
    video: format(data.totals.callsVideo, 'count'),
    answered: format(data.totals.callsAnswered, 'count'),
    notAnswered: format(data.totals.callsNotAnswered, 'count'),
    rate: format(data.totals.callAnswerRate, 'share'),
    average: format(data.totals.callTalkTimeAvg, 'seconds'),
    total: format(data.totals.callTalkTimeTotal, 'seconds'),
  });
  return (
    <>
      <Typography.Text type="secondary">{summary}</Typography.Text>
      <DistributionChart
        title={t('calls.title')}
        labelTitle={t('calls.outcome')}
        countTitle={t('calls.count')}
        bars={bars}
        drillOf={drillOf}
        summary={summary}
      />
    </>
  );
};
