import { useState } from 'react';
import { Alert, Button, Drawer, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { StatisticDrillRow, StatisticMetricKey, ThreadStatus } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { useCan } from '../../../shared/components/Authorized/useCan';
import { CHARTS_NS } from '../../../shared/charts/i18n';
import { THREAD_STATUS_VALUES } from '../../kefu/thread/filters';
import { ThreadStatusTag, formatTime, useClientLabel } from '../../kefu/thread/display';
import { TranscriptDrawer } from '../../kefu/thread/TranscriptDrawer';
import { fetchDrill, type StatisticFilters } from './api';
import type { MetricInfo } from './figures';
import { STATISTIC_ANALYSIS_NS } from './i18n';

/** The conversations behind one figure: which figure, under which filters, and what narrowed it. */
export type DrillTarget = {
  metric: StatisticMetricKey;
  filters: StatisticFilters;
  /** An agent's name when the figure was one agent's. */
  agentLabel?: string;
};

const PAGE_SIZE = 20;

const isThreadStatus = (status: string): status is ThreadStatus =>
  (THREAD_STATUS_VALUES as readonly string[]).includes(status);

/**
 * A drawer listing GET /api/statistic/drill rows (newest first, paged), each opening the
 * conversation's transcript for roles that may read conversation records.
 */
export const DrillDrawer = ({
  target,
  describe,
  onClose,
}: {
  target: DrillTarget | null;
  describe: (key: StatisticMetricKey) => MetricInfo;
  onClose: () => void;
}) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const info = target ? describe(target.metric) : null;
  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={960}
      destroyOnHidden
      title={info ? t('drill.title', { metric: info.label }) : null}
    >
      {target ? <DrillList key={JSON.stringify(target)} target={target} /> : null}
    </Drawer>
  );
};

const DrillList = ({ target }: { target: DrillTarget }) => {
  const { t } = useTranslation(STATISTIC_ANALYSIS_NS);
  const { t: tc } = useTranslation(CHARTS_NS);
  const clientLabel = useClientLabel();
  const can = useCan();
  const canOpen = can('kefu.thread.query') || can('kefu.monitor.query');
  const [page, setPage] = useState(0);
  const [openTid, setOpenTid] = useState<string | null>(null);
  const query = useQuery({
    queryKey: ['statistic', 'drill', target, page],
    queryFn: () => fetchDrill(target.filters, target.metric, page, PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const none = <Typography.Text type="secondary">{t('drill.none')}</Typography.Text>;

  const columns: TableColumnsType<StatisticDrillRow> = [
    { title: t('drill.at'), key: 'at', width: 170, render: (_, row) => formatTime(row.at) },
    {
      title: t('drill.visitor'),
      key: 'visitor',
      render: (_, row) => (row.visitor ? row.visitor.nickname || row.visitor.vid : none),
    },
    { title: t('drill.agent'), key: 'agent', render: (_, row) => row.agent?.nickname ?? none },
    { title: t('drill.group'), key: 'group', render: (_, row) => row.workGroup?.nickname ?? none },
    {
      title: t('drill.channel'),
      key: 'channel',
      render: (_, row) => (row.channel ? clientLabel(row.channel) : none),
    },
    {
      title: t('drill.status'),
      key: 'status',
      render: (_, row) =>
        isThreadStatus(row.status) ? <ThreadStatusTag status={row.status} /> : <Tag>{row.status}</Tag>,
    },
    { title: t('drill.cycle'), dataIndex: 'cycle', width: 96, align: 'right' },
    ...(canOpen
      ? [
          {
            title: t('drill.conversation'),
            key: 'open',
            width: 110,
            render: (_: unknown, row: StatisticDrillRow) => (
              <Button type="link" size="small" onClick={() => setOpenTid(row.tid)}>
                {t('drill.open')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">
        {[
          t('drill.scope', { from: target.filters.from, to: target.filters.to }),
          target.agentLabel,
          query.data ? t('drill.total', { count: query.data.totalElements }) : undefined,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography.Paragraph>
      {query.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('drill.failed')}
          description={parseError(query.error).message}
          action={<Button onClick={() => void query.refetch()}>{tc('retry')}</Button>}
        />
      ) : (
        <Table<StatisticDrillRow>
          size="small"
          rowKey={(row) => `${row.tid}:${row.cycle}:${row.at}`}
          columns={columns}
          dataSource={query.data?.content ?? []}
          loading={query.isFetching}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: query.isPending ? ' ' : t('drill.empty') }}
          pagination={{
            current: page + 1,
            pageSize: PAGE_SIZE,
            total: query.data?.totalElements ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (next) => setPage(next - 1),
          }}
        />
      )}
      <TranscriptDrawer tid={openTid} onClose={() => setOpenTid(null)} />
    </>
  );
};
