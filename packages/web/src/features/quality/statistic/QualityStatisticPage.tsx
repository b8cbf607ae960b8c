import '../shared/i18n';
import { useMemo, useState } from 'react';
import { App, Button, Card, Col, Row, Space } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { QualityStatistic } from '@openkefu/contract';
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
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { exportQualityStatistic, fetchQualityStatistic } from '../shared/api';
import { QUALITY_NS } from '../shared/i18n';

export const formatShare = (share: number | null): string =>
  share === null ? '—' : `${Math.round(share * 1000) / 10}%`;

type Row = { key: string; label: string; value: number };

/** A horizontal bar chart of labelled values (averages or counts), largest first. */
const barOption = (rows: Row[], name: string, max?: number): ChartOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 120, right: 16, top: 16, bottom: 28 },
  xAxis: { type: 'value', ...(max !== undefined ? { max } : { minInterval: 1 }) },
  yAxis: { type: 'category', data: rows.map((row) => row.label).reverse() },
  series: [{ type: 'bar', name, data: rows.map((row) => row.value).reverse() }],
});

/** Quality → statistics (`/stable/quality/statistic`, debug-only): averages, pass and appeal rates, missed items. */
export const QualityStatisticPage = () => {
  const { t } = useTranslation(QUALITY_NS);
  const { message } = App.useApp();
  const canExport = useCan()('quality.statistic.export');
  const [range, setRange] = useState<StatisticRange>(defaultStatisticRange);
  const { from, to } = rangeBounds(range);
  const query = useQuery({
    queryKey: ['quality', 'statistic', from, to],
    queryFn: () => fetchQualityStatistic(from, to),
    placeholderData: keepPreviousData,
  });
  const download = useMutation({
    mutationFn: () => exportQualityStatistic(from, to),
    onSuccess: (file) => message.success(t('statistic.exported', { file: file.fileName })),
    onError: reportUnlessHandled,
  });

  return (
    <div>
      <Space style={{ marginBottom: 16 }} wrap>
        <StatisticPeriodPicker value={range} onChange={setRange} />
        {canExport ? (
          <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => download.mutate()}>
            {t('statistic.export')}
          </Button>
        ) : null}
      </Space>
      <StatisticQueryView query={query}>{(data) => <StatisticView data={data} />}</StatisticQueryView>
    </div>
  );
};

const StatisticView = ({ data }: { data: QualityStatistic }) => {
  const { t } = useTranslation(QUALITY_NS);
  const averages = (list: QualityStatistic['byAgent']): Row[] =>
    list.map((entry) => ({ key: entry.key, label: entry.label, value: entry.average ?? 0 }));
  const weekOption = useMemo<ChartOption>(
    () =>
      dailyChartOption(
        data.byWeek.map((week) => week.label),
        [{ type: 'line', name: t('statistic.average'), data: data.byWeek.map((week) => week.average ?? 0) }],
      ),
    [data.byWeek, t],
  );
  const charts: { key: string; title: string; rows: Row[]; max?: number; valueTitle: string }[] = [
    {
      key: 'agent',
      title: t('statistic.byAgent'),
      rows: averages(data.byAgent),
      max: 100,
      valueTitle: t('statistic.average'),
    },
    {
      key: 'group',
      title: t('statistic.byGroup'),
      rows: averages(data.byGroup),
      max: 100,
      valueTitle: t('statistic.average'),
    },
    {
      key: 'criterion',
      title: t('statistic.byCriterion'),
      rows: averages(data.byCriterion),
      max: 100,
      valueTitle: t('statistic.average'),
    },
    {
      key: 'missed',
      title: t('statistic.missed'),
      rows: data.missedItems.map((item) => ({ key: item.key, label: item.label, value: item.count })),
      valueTitle: t('statistic.count'),
    },
  ];
  const kpis = [
    { key: 'scored', title: t('statistic.scored'), value: data.scored },
    { key: 'average', title: t('statistic.average'), value: data.average ?? '—' },
    { key: 'pass', title: t('statistic.passRate'), value: formatShare(data.passRate) },
    { key: 'appeal', title: t('statistic.appealRate'), value: formatShare(data.appealRate) },
  ];

  return (
    <>
      <KpiCards items={kpis} />
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24}>
          <Card size="small" title={t('statistic.byWeek')}>
            <EChart
              option={weekOption}
              ariaLabel={t('statistic.byWeek')}
              isEmpty={data.byWeek.length === 0}
              summary={t('statistic.summary', {
                count: data.byWeek.length,
                list: data.byWeek.map((week) => `${week.label} ${week.average ?? '—'}`).join(', '),
              })}
              table={{
                columns: [t('statistic.week'), t('statistic.average'), t('statistic.scored')],
                rows: data.byWeek.map((week) => [week.label, week.average ?? '—', week.count]),
              }}
            />
          </Card>
        </Col>
        {charts.map((chart) => (
          <Col key={chart.key} xs={24} xl={12}>
            <Card size="small" title={chart.title}>
              <EChart
                option={barOption(chart.rows, chart.valueTitle, chart.max)}
                ariaLabel={chart.title}
                isEmpty={chart.rows.length === 0}
                summary={t('statistic.summary', {
                  count: chart.rows.length,
                  list: chart.rows.map((row) => `${row.label} ${row.value}`).join(', '),
                })}
                table={{
                  columns: [chart.title, chart.valueTitle],
                  rows: chart.rows.map((row) => [row.label, row.value]),
                }}
              />
            </Card>
          </Col>
        ))}
      </Row>
    </>
  );
};
