import '../shared/i18n';
import { useMemo, useState } from 'react';
import { Card, Col, Row } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { FeedbackStatistic } from '@openkefu/contract';
import {
  EChart,
  StatisticPeriodPicker,
  dailyChartOption,
  defaultStatisticRange,
  rangeBounds,
  type ChartOption,
  type StatisticRange,
  KpiCards,
  StatisticQueryView,
} from '../../../shared/charts';
import { fetchFeedbackStatistic } from '../shared/api';
import { FEEDBACK_NS } from '../shared/i18n';

const percent = (share: number): string => `${Math.round(share * 1000) / 10}%`;

/** Milliseconds as the largest sensible unit: "45 min", "3.5 h", "2.1 d"; null as a dash. */
export const formatDuration = (ms: number | null): string => {
  if (ms === null) return '—';
  const minutes = ms / 60_000;
  if (minutes < 60) return `${Math.max(1, Math.round(minutes))} min`;
  const hours = minutes / 60;
  if (hours < 24) return `${Math.round(hours * 10) / 10} h`;
  return `${Math.round((hours / 24) * 10) / 10} d`;
};

/** Feedback → statistics (`/stable/feedback/statistic`): by category and day, reply time, share converted. */
export const FeedbackStatisticPage = () => {
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const { from, to } = rangeBounds(range);
  const query = useQuery({
    queryKey: ['feedback', 'statistic', from, to],
    queryFn: () => fetchFeedbackStatistic(from, to),
    placeholderData: keepPreviousData,
  });

  return (
    <div>
      <div style={{ marginBottom: 16 }}>
        <StatisticPeriodPicker value={range} onChange={setRange} />
      </div>
      <StatisticQueryView query={query}>{(data) => <StatisticView data={data} />}</StatisticQueryView>
    </div>
  );
};

const StatisticView = ({ data }: { data: FeedbackStatistic }) => {
  const { t } = useTranslation(FEEDBACK_NS);
  const categoryOf = (category: string) => t(`categories.${category}`);

  const dayOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        data.byDay.map((day) => day.day),
        [{ type: 'bar', name: t('statistic.count'), data: data.byDay.map((day) => day.count) }],
      ),
    [data.byDay, t],
  );
  const categoryOption = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 90, right: 16, top: 16, bottom: 28 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: data.byCategory.map((entry) => t(`categories.${entry.category}`)) },
      series: [
        { type: 'bar', name: t('statistic.count'), data: data.byCategory.map((entry) => entry.count) },
      ],
    }),
    [data.byCategory, t],
  );

  const kpis = [
    { key: 'total', title: t('statistic.total'), value: data.total },
    { key: 'replied', title: t('statistic.replied'), value: data.replied },
    { key: 'avg', title: t('statistic.replyAvg'), value: formatDuration(data.replyTimeAvgMs) },
    { key: 'median', title: t('statistic.replyMedian'), value: formatDuration(data.replyTimeMedianMs) },
    { key: 'converted', title: t('statistic.converted'), value: data.converted },
    { key: 'share', title: t('statistic.convertedShare'), value: percent(data.convertedShare) },
  ];

  return (
    <>
      <KpiCards items={kpis} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} xl={14}>
          <Card size="small" title={t('statistic.byDay')}>
            <EChart
              option={dayOption}
              ariaLabel={t('statistic.byDay')}
              isEmpty={data.byDay.length === 0}
              summary={t('statistic.byDaySummary', { total: data.total, days: data.byDay.length })}
              table={{
                columns: [t('statistic.day'), t('statistic.count')],
                rows: data.byDay.map((day) => [day.day, day.count]),
              }}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title={t('statistic.byCategory')}>
            <EChart
              option={categoryOption}
              ariaLabel={t('statistic.byCategory')}
              isEmpty={data.byCategory.every((entry) => entry.count === 0)}
              summary={t('statistic.byCategorySummary', {
                list: data.byCategory
                  .map((entry) => `${categoryOf(entry.category)} ${entry.count}`)
                  .join(', '),
              })}
              table={{
                columns: [t('columns.category'), t('statistic.count')],
                rows: data.byCategory.map((entry) => [categoryOf(entry.category), entry.count]),
              }}
            />
          </Card>
        </Col>
      </Row>
    </>
  );
};
