import './i18n';
import { useMemo, useState } from 'react';
import { Drawer, Empty, Segmented, Space, Table, Typography } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChannelOverview } from '@openkefu/contract';
import { EChart, StatisticQueryView, type ChartOption } from '../../shared/charts';
import { fetchChannelOverview } from './api';
import { CHANNEL_NS } from './i18n';
import { channelPathOf } from './paths';

type OverviewRow = ChannelOverview['rows'][number];

const PERIODS = [7, 30, 90] as const;
const SERIES = ['inbound', 'outbound', 'failed'] as const;

/** Channels with something to show: an account, or traffic left by a since-disconnected one. */
const activeRows = (rows: OverviewRow[]): OverviewRow[] =>
  rows.filter((row) => row.accounts > 0 || row.inbound + row.outbound + row.failed + row.conversations > 0);

/** Every channel side by side over 7, 30 or 90 days: a table and messages in/out/failed as bars. */
export const OverviewDrawer = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const { t } = useTranslation(CHANNEL_NS);
  const [days, setDays] = useState<number>(30);
  const query = useQuery({
    queryKey: ['channel', 'overview', days],
    queryFn: () => fetchChannelOverview(days),
    placeholderData: keepPreviousData,
    enabled: open,
  });

  return (
    <Drawer title={t('overview.title')} open={open} onClose={onClose} size={860}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Segmented
          aria-label={t('overview.days')}
          value={days}
          onChange={(value) => setDays(Number(value))}
          options={PERIODS.map((count) => ({ value: count, label: t('overview.lastDays', { count }) }))}
        />
        <StatisticQueryView query={query}>
          {(data) => <OverviewView data={data} onNavigate={onClose} />}
        </StatisticQueryView>
      </Space>
    </Drawer>
  );
};

const OverviewView = ({ data, onNavigate }: { data: ChannelOverview; onNavigate: () => void }) => {
  const { t } = useTranslation(CHANNEL_NS);
  const rows = useMemo(() => activeRows(data.rows), [data.rows]);
  const nameOf = (row: OverviewRow) => t(`names.${row.type}`);

  const option = useMemo<ChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 48, right: 16, top: 36, bottom: 48 },
      xAxis: {
        type: 'category',
        data: rows.map((row) => t(`names.${row.type}`)),
        axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: SERIES.map((key) => ({
        type: 'bar',
        name: t(`overview.${key}`),
        data: rows.map((row) => row[key]),
      })),
    }),
    [rows, t],
  );

  if (rows.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('overview.empty')} />;

  const totals = rows.reduce(
    (sum, row) => ({
      inbound: sum.inbound + row.inbound,
      outbound: sum.outbound + row.outbound,
      failed: sum.failed + row.failed,
    }),
    { inbound: 0, outbound: 0, failed: 0 },
  );

  return (
    <>
      <EChart
        option={option}
        ariaLabel={t('overview.chart')}
        summary={t('overview.chartSummary', { ...totals, days: data.days })}
        isEmpty={totals.inbound + totals.outbound + totals.failed === 0}
        height={280}
      />
      <Table<OverviewRow>
        rowKey="type"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('overview.channel'),
            key: 'channel',
            render: (_, row) => <Typography.Text strong>{nameOf(row)}</Typography.Text>,
          },
          { title: t('overview.accounts'), dataIndex: 'accounts', align: 'right' },
          { title: t('overview.connected'), dataIndex: 'connected', align: 'right' },
          { title: t('overview.inbound'), dataIndex: 'inbound', align: 'right' },
          { title: t('overview.outbound'), dataIndex: 'outbound', align: 'right' },
          { title: t('overview.failed'), dataIndex: 'failed', align: 'right' },
          { title: t('overview.conversations'), dataIndex: 'conversations', align: 'right' },
          {
            title: '',
            key: 'open',
            render: (_, row) => (
              <Link to={channelPathOf(row.type)} onClick={onNavigate}>
                {t('overview.open')}
              </Link>
            ),
          },
        ]}
      />
    </>
  );
};
