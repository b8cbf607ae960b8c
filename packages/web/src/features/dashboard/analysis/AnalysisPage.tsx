import '../shared/i18n';
import '../shared/dashboard.css';
import { useMemo, useState } from 'react';
import { Button, Card, Col, Result, Row, Segmented, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { StatisticMetric, StatisticMetricKey, StatisticOnline } from '@openkefu/contract';
import { useProfile } from '../../../shared/auth/profileStore';
import { EChart, StatisticQueryView, dailyChartOption, ringChartOption } from '../../../shared/charts';
import { useLanguage } from '../../../shared/i18n';
import { fetchMetrics, fetchOnline } from '../shared/api';
import { CompareFigure } from '../shared/CompareFigure';

import { browserTimeZone, changeOf, dayKey, formatFigure, lastDays, NO_FIGURE } from '../shared/format';
import { DASHBOARD_NS } from '../shared/i18n';

/** Today against yesterday. */
const TODAY_KEYS = [
  'conversationsNew',
  'conversationsAccepted',
  'conversationsMissed',
  'visitors',
  'firstResponseAvg',
  'queueTimeAvg',
  'satisfactionAvg',
] as const satisfies readonly StatisticMetricKey[];

/** The trend period's headline figures (against the period before). */
const PERIOD_KEYS = [
  'conversationsNew',
  'conversationsAccepted',
  'conversationsMissed',
  'firstResponseAvg',
  'satisfactionAvg',
] as const satisfies readonly StatisticMetricKey[];

const STARS = ['satisfaction5', 'satisfaction4', 'satisfaction3', 'satisfaction2', 'satisfaction1'] as const;

const TREND_KEYS = [
  ...PERIOD_KEYS,
  'ratings',
  'ratedShare',
  ...STARS,
] as const satisfies readonly StatisticMetricKey[];

const HOURS = Array.from({ length: 24 }, (_, hour) => String(hour).padStart(2, '0'));

type Period = 7 | 30;

type Registry = Map<StatisticMetricKey, StatisticMetric>;

const valueOf = (
  report: StatisticOnline | undefined,
  key: StatisticMetricKey,
  at: 'now' | 'before' = 'now',
) => (at === 'now' ? report?.totals : report?.previous?.totals)?.[key] ?? null;

/**
 * Dashboard → analysis (`/stable/dashboard/analysis`): the organisation at a glance from the
 * statistics API — today against yesterday, conversations by hour, the 7- or 30-day trend, the
 * channel mix, the busiest hours and satisfaction. Days and hours are the reader's time zone.
 */
export const AnalysisPage = () => {
  const { t } = useTranslation(DASHBOARD_NS);
  const profile = useProfile();
  // The statistics API is behind authority `statistic`; the dashboard is open to everyone with `home`.
  if (profile && !profile.authorities.includes('statistic'))
    return <Result status="info" title={t('analysis.noAccessTitle')} subTitle={t('analysis.noAccessText')} />;
  return <AnalysisView />;
};

const AnalysisView = () => {
  const { t } = useTranslation(DASHBOARD_NS);
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [tz] = useState(browserTimeZone);
  const [today, setToday] = useState(() => dayjs());
  const [period, setPeriod] = useState<Period>(7);
  const todayKey = dayKey(today);
  const yesterdayKey = dayKey(today.subtract(1, 'day'));
  const range = lastDays(period, today);

  const metrics = useQuery({
    queryKey: ['dashboard', 'metrics', language],
    queryFn: fetchMetrics,
    staleTime: Infinity,
    // A language switch keeps the figures on screen while their labels load in the new language.
    placeholderData: keepPreviousData,
  });
  const todayReport = useQuery({
    queryKey: ['dashboard', 'analysis', 'today', tz, todayKey],
    queryFn: () =>
      fetchOnline({
        from: todayKey,
        to: todayKey,
        tz,
        groupBy: 'day',
        metrics: TODAY_KEYS,
        isCompared: true,
      }),
  });
  const hourly = useQuery({
    queryKey: ['dashboard', 'analysis', 'hourly', tz, todayKey],
    queryFn: () =>
      fetchOnline({
        from: yesterdayKey,
        to: todayKey,
        tz,
        groupBy: 'hour',
        metrics: ['conversationsNew'],
        isCompared: false,
      }),
  });
  const trend = useQuery({
    queryKey: ['dashboard', 'analysis', 'trend', tz, range.from, range.to],
    queryFn: () => fetchOnline({ ...range, tz, groupBy: 'day', metrics: TREND_KEYS, isCompared: true }),
    placeholderData: keepPreviousData,
  });
  const channels = useQuery({
    queryKey: ['dashboard', 'analysis', 'channels', tz, range.from, range.to],
    queryFn: () =>
      fetchOnline({ ...range, tz, groupBy: 'channel', metrics: ['conversationsNew'], isCompared: false }),
    placeholderData: keepPreviousData,
  });
  const hours = useQuery({
    queryKey: ['dashboard', 'analysis', 'hours', tz, range.from, range.to],
    queryFn: () =>
      fetchOnline({
        ...range,
        tz,
        groupBy: 'weekdayHour',
        metrics: ['conversationsNew'],
        isCompared: false,
      }),
    placeholderData: keepPreviousData,
  });

  const registry = useMemo<Registry>(
    () => new Map((metrics.data ?? []).map((metric) => [metric.key, metric])),
    [metrics.data],
  );

  const refresh = () => {
    setToday(dayjs());
    void queryClient.invalidateQueries({ queryKey: ['dashboard', 'analysis'] });
  };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} className="ok-dashboard">
      <div className="ok-dashboard__toolbar">
        <Typography.Text type="secondary">{t('analysis.timeZone', { tz })}</Typography.Text>
        <Button icon={<ReloadOutlined />} onClick={refresh}>
          {t('common.refresh')}
        </Button>
      </div>
      <StatisticQueryView query={metrics} errorTitle={t('analysis.loadFailed')}>
        {() => (
          <>
            <Card title={t('analysis.todayTitle')} size="small">
              <StatisticQueryView query={todayReport} errorTitle={t('analysis.loadFailed')}>
                {(report) => <TodayFigures report={report} registry={registry} />}
              </StatisticQueryView>
            </Card>
            <Card title={t('analysis.hourlyTitle')} size="small" style={{ marginTop: 16 }}>
              <StatisticQueryView query={hourly} errorTitle={t('analysis.loadFailed')}>
                {(report) => <HourlyChart report={report} today={todayKey} yesterday={yesterdayKey} />}
              </StatisticQueryView>
            </Card>
            <Card
              title={t('analysis.trendTitle')}
              size="small"
              style={{ marginTop: 16 }}
              extra={
                <Segmented<Period>
                  aria-label={t('analysis.period')}
                  value={period}
                  onChange={setPeriod}
                  options={[
                    { value: 7, label: t('analysis.last7') },
                    { value: 30, label: t('analysis.last30') },
                  ]}
                />
              }
            >
              <StatisticQueryView query={trend} errorTitle={t('analysis.loadFailed')}>
                {(report) => <TrendView report={report} registry={registry} period={period} />}
              </StatisticQueryView>
            </Card>
            <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
              <Col xs={24} lg={8}>
                <Card title={t('analysis.channelsTitle', { days: period })} size="small">
                  <StatisticQueryView query={channels} errorTitle={t('analysis.loadFailed')}>
                    {(report) => <ChannelChart report={report} />}
                  </StatisticQueryView>
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card title={t('analysis.hoursTitle', { days: period })} size="small">
                  <StatisticQueryView query={hours} errorTitle={t('analysis.loadFailed')}>
                    {(report) => <BusiestHours report={report} />}
                  </StatisticQueryView>
                </Card>
              </Col>
              <Col xs={24} lg={8}>
                <Card title={t('analysis.satisfactionTitle', { days: period })} size="small">
                  <StatisticQueryView query={trend} errorTitle={t('analysis.loadFailed')}>
                    {(report) => <Satisfaction report={report} />}
                  </StatisticQueryView>
                </Card>
              </Col>
            </Row>
          </>
        )}
      </StatisticQueryView>
    </Space>
  );
};

const FigureGrid = ({
  report,
  registry,
  keys,
  previousLabel,
}: {
  report: StatisticOnline;
  registry: Registry;
  keys: readonly StatisticMetricKey[];
  previousLabel: string;
}) => {
  const language = useLanguage();
  return (
    <Row gutter={[16, 16]}>
      {keys.map((key) => {
        const metric = registry.get(key);
        const unit = metric?.unit ?? 'count';
        const now = valueOf(report, key);
        const before = valueOf(report, key, 'before');
        return (
          <Col key={key} xs={12} md={8} xl={Math.max(3, Math.floor(24 / keys.length))}>
            <CompareFigure
              title={metric?.label ?? key}
              description={metric?.description}
              value={formatFigure(now, unit, language)}
              previous={formatFigure(before, unit, language)}
              previousLabel={previousLabel}
              change={changeOf(now, before)}
              isHigherBetter={metric?.higherIsBetter ?? true}
            />
          </Col>
        );
      })}
    </Row>
  );
};

const TodayFigures = ({ report, registry }: { report: StatisticOnline; registry: Registry }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  return (
    <FigureGrid
      report={report}
      registry={registry}
      keys={TODAY_KEYS}
      previousLabel={t('analysis.yesterday')}
    />
  );
};

const HourlyChart = ({
  report,
  today,
  yesterday,
}: {
  report: StatisticOnline;
  today: string;
  yesterday: string;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const chart = useMemo(() => {
    const byKey = new Map(report.series.map((point) => [point.key, point.values.conversationsNew ?? 0]));
    // Hours still to come today are gaps, not zeros.
    const isStillToday = dayKey(dayjs()) === today;
    const currentHour = isStillToday ? dayjs().hour() : 23;
    const todayLine = HOURS.map((hour) =>
      Number(hour) <= currentHour ? (byKey.get(`${today} ${hour}:00`) ?? 0) : null,
    );
    const yesterdayLine = HOURS.map((hour) => byKey.get(`${yesterday} ${hour}:00`) ?? 0);
    const option = dailyChartOption(HOURS, [
      { type: 'line', name: t('analysis.today'), data: todayLine },
      { type: 'line', name: t('analysis.yesterday'), data: yesterdayLine },
    ]);
    return { todayLine, yesterdayLine, option };
  }, [report, today, yesterday, t]);
  const total = (line: (number | null)[]) => line.reduce<number>((sum, value) => sum + (value ?? 0), 0);
  const todayTotal = total(chart.todayLine);
  const yesterdayTotal = total(chart.yesterdayLine);
  return (
    <EChart
      option={chart.option}
      ariaLabel={t('analysis.hourlyTitle')}
      isEmpty={todayTotal + yesterdayTotal === 0}
      height={260}
      summary={t('analysis.hourlySummary', { today: todayTotal, yesterday: yesterdayTotal })}
      table={{
        columns: [t('analysis.hour'), t('analysis.today'), t('analysis.yesterday')],
        rows: HOURS.map((hour, index) => [
          `${hour}:00`,
          chart.todayLine[index] ?? NO_FIGURE,
          chart.yesterdayLine[index] ?? 0,
        ]),
      }}
    />
  );
};

const TREND_LINES = ['conversationsNew', 'conversationsAccepted', 'conversationsMissed'] as const;

const TrendView = ({
  report,
  registry,
  period,
}: {
  report: StatisticOnline;
  registry: Registry;
  period: Period;
}) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const chart = useMemo(() => {
    const days = report.series.map((point) => point.key);
    const lines = TREND_LINES.map((key) => ({
      name: registry.get(key)?.label ?? key,
      data: report.series.map((point) => point.values[key] ?? 0),
    }));
    const option = dailyChartOption(
      days,
      lines.map(({ name, data }) => ({ type: 'line', name, data })),
    );
    return { days, lines, option };
  }, [report, registry]);
  const isEmpty = chart.lines.every((line) => line.data.every((value) => value === 0));
  return (
    <>
      <FigureGrid
        report={report}
        registry={registry}
        keys={PERIOD_KEYS}
        previousLabel={t('analysis.previousDays', { days: period })}
      />
      <div style={{ marginTop: 16 }}>
        <EChart
          option={chart.option}
          ariaLabel={t('analysis.trendChart', { days: period })}
          isEmpty={isEmpty}
          summary={t('analysis.trendSummary', {
            days: chart.days.length,
            conversations: report.totals.conversationsNew ?? 0,
          })}
          table={{
            columns: [t('analysis.day'), ...chart.lines.map((line) => line.name)],
            rows: chart.days.map((day, index) => [day, ...chart.lines.map((line) => line.data[index] ?? 0)]),
          }}
        />
      </div>
    </>
  );
};

const ChannelChart = ({ report }: { report: StatisticOnline }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const chart = useMemo(() => {
    const slices = report.series
      .map((point) => ({
        name: t(`channels.${point.key}`, { defaultValue: point.label || t('channels.unknown') }),
        value: point.values.conversationsNew ?? 0,
      }))
      .filter((slice) => slice.value > 0)
      .sort((a, b) => b.value - a.value);
    return { slices, option: ringChartOption(slices) };
  }, [report, t]);
  const total = chart.slices.reduce((sum, slice) => sum + slice.value, 0);
  const top = chart.slices[0];
  return (
    <EChart
      option={chart.option}
      ariaLabel={t('analysis.channelsChart')}
      isEmpty={total === 0}
      height={260}
      summary={
        top
          ? t('analysis.channelsSummary', {
              channel: top.name,
              percent: Math.round((top.value / total) * 100),
            })
          : undefined
      }
      table={{
        columns: [t('analysis.channel'), t('analysis.conversations')],
        rows: chart.slices.map((slice) => [slice.name, slice.value]),
      }}
    />
  );
};

const BusiestHours = ({ report }: { report: StatisticOnline }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const chart = useMemo(() => {
    // The weekday × hour grid (`1-09` … `7-23`) summed over the weekdays: conversations by hour of day.
    const byHour = HOURS.map(() => 0);
    for (const point of report.series) {
      const hour = Number(point.key.split('-')[1]);
      if (Number.isInteger(hour) && hour >= 0 && hour < 24)
        byHour[hour] += point.values.conversationsNew ?? 0;
    }
    const option = dailyChartOption(HOURS, [
      { type: 'bar', name: t('analysis.conversations'), data: byHour },
    ]);
    return { byHour, option };
  }, [report, t]);
  const { byHour } = chart;
  const total = byHour.reduce((sum, value) => sum + value, 0);
  const peak = byHour.reduce((best, value, hour) => (value > (byHour[best] ?? 0) ? hour : best), 0);
  return (
    <EChart
      option={chart.option}
      ariaLabel={t('analysis.hoursChart')}
      isEmpty={total === 0}
      height={260}
      summary={total > 0 ? t('analysis.hoursSummary', { hour: `${HOURS[peak]}:00` }) : undefined}
      table={{
        columns: [t('analysis.hour'), t('analysis.conversations')],
        rows: HOURS.map((hour, index) => [`${hour}:00`, byHour[index] ?? 0]),
      }}
    />
  );
};

const Satisfaction = ({ report }: { report: StatisticOnline }) => {
  const { t } = useTranslation(DASHBOARD_NS);
  const language = useLanguage();
  const chart = useMemo(() => {
    const slices = STARS.map((key, index) => ({
      name: t('analysis.stars', { count: 5 - index }),
      value: report.totals[key] ?? 0,
    }));
    return { slices, option: ringChartOption(slices.filter((slice) => slice.value > 0)) };
  }, [report, t]);
  const ratings = report.totals.ratings ?? 0;
  return (
    <>
      <Typography.Paragraph className="ok-dashboard__satisfaction">
        {t('analysis.satisfactionLine', {
          average: formatFigure(report.totals.satisfactionAvg, 'score', language),
          ratings,
          share: formatFigure(report.totals.ratedShare, 'share', language),
        })}
      </Typography.Paragraph>
      <EChart
        option={chart.option}
        ariaLabel={t('analysis.satisfactionChart')}
        isEmpty={ratings === 0}
        height={228}
        table={{
          columns: [t('analysis.rating'), t('analysis.ratings')],
          rows: chart.slices.map((slice) => [slice.name, slice.value]),
        }}
      />
    </>
  );
};
