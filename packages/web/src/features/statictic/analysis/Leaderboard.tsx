import { useMemo } from 'react';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StatisticMetricKey, StatisticOnline, StatisticPoint } from '@openkefu/contract';
import { LEADERBOARD_METRICS, useFigureFormat, type DrillRequest, type MetricInfo } from './figures';
import { STATISTIC_ANALYSIS_NS } from './i18n';
import { CountLink, MetricTitle } from './parts';

type Row = StatisticPoint & { rank: number };

/** Nulls (no figure) sort last whichever way the column is sorted. */
const compareFigures = (metric: StatisticMetricKey) => (a: Row, b: Row) =>
  (a.values[metric] ?? Number.NEGATIVE_INFINITY) - (b.values[metric] ?? Number.NEGATIVE_INFINITY);

/**
 * Agents ranked by conversations accepted (the server's order), each figure sortable and each count
 * opening that agent's conversations behind it. Events no agent had ("none") are not a rank.
 */
export const Leaderboard = ({
  data,
  describe,
  drillOf,
}: {
  data: StatisticOnline;
  describe: (key: StatisticMetricKey) => MetricInfo;
  drillOf: (request: DrillRequest) => (() => void) | undefined;
}) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const format = useFigureFormat();
  const rows = useMemo<Row[]>(
    () =>
      data.series.filter((point) => point.key !== '').map((point, index) => ({ ...point, rank: index + 1 })),
    [data.series],
  );
  const columns: TableColumnsType<Row> = [
    { title: t('leaderboard.rank'), dataIndex: 'rank', width: 72, align: 'right' },
    { title: t('leaderboard.agent'), key: 'agent', render: (_, row) => row.label },
    ...LEADERBOARD_METRICS.map((metric) => {
      const info = describe(metric);
      return {
        title: <MetricTitle info={info} />,
        key: metric,
        align: 'right' as const,
        sorter: compareFigures(metric),
        render: (_: unknown, row: Row) => {
          const value = row.values[metric];
          const text = format(value, info.unit);
          return info.unit === 'count' ? (
            <CountLink
              text={text}
              value={value}
              label={`${info.label} · ${row.label}`}
              onDrill={drillOf({ metric, agent: { uid: row.key, label: row.label } })}
            />
          ) : (
            text
          );
        },
      };
    }),
  ];
  return (
    <Table<Row>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
      locale={{ emptyText: t('leaderboard.empty') }}
    />
  );
};
