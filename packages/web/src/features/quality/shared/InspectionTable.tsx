import './i18n';
import { useRef, type MutableRefObject, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Drawer, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Page, QualityInspection, QualitySource, QualityStatus } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { fetchQualityOptions, type QualityFilters } from './api';
import { QUALITY_NS } from './i18n';
import { InspectionView, STATUS_COLORS, formatTime } from './InspectionView';

/** Contract `qualityStatusValues` / `qualitySourceValues` (listed here to keep zod off the page). */
export const STATUS_VALUES: QualityStatus[] = ['pending', 'scored', 'appealed', 'accepted', 'rejected'];
export const SOURCE_VALUES: QualitySource[] = [
  'percent',
  'lowRating',
  'sensitiveWord',
  'slowFirstResponse',
  'manual',
];
const QID_PARAM = 'qid';

/**
 * The inspections list the queue and the results share: ProTable with the section's filters, and
 * the inspection in a drawer (`?qid=`), so a link opens it.
 */
export const InspectionTable = ({
  title,
  emptyText,
  mode,
  fetchPage,
  statuses,
  showFilters,
  toolBar,
  tableRef,
}: {
  title: string;
  emptyText: string;
  mode: 'score' | 'result';
  fetchPage: (query: PageQuery<QualityFilters>) => Promise<Page<QualityInspection>>;
  statuses: QualityStatus[];
  /** Agent and group filters (checkers and admins; agents see only their own). */
  showFilters: boolean;
  toolBar?: ReactNode[];
  /** The parent's handle on the table, to reload it after its own actions. */
  tableRef?: MutableRefObject<ActionType | undefined>;
}) => {
  const { t } = useTranslation(QUALITY_NS);
  const ownRef = useRef<ActionType | undefined>(undefined);
  const actionRef = tableRef ?? ownRef;
  const [searchParams, setSearchParams] = useSearchParams();
  const qid = searchParams.get(QID_PARAM);
  const options = useQuery({
    queryKey: ['quality', 'options'],
    queryFn: fetchQualityOptions,
    enabled: showFilters,
    staleTime: 60_000,
  });
  const request = usePageRequest<QualityInspection, QualityFilters>((query) => fetchPage(query), {
    onError: reportUnlessHandled,
  });
  const open = (id: string | null) =>
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      if (id) next.set(QID_PARAM, id);
      else next.delete(QID_PARAM);
      return next;
    });

  const columns: ProColumns<QualityInspection>[] = [
    {
      title: t('columns.visitor'),
      dataIndex: 'visitorNickname',
      search: false,
      render: (_, row) => (
        <Typography.Link onClick={() => open(row.qid)}>{row.visitorNickname || row.tid}</Typography.Link>
      ),
    },
    {
      title: t('columns.agent'),
      dataIndex: 'agent',
      ...(showFilters ? {} : { search: false as const }),
      valueType: 'select',
      fieldProps: {
        showSearch: true,
        optionFilterProp: 'label',
        options: (options.data?.agents ?? []).map((agent) => ({ value: agent.uid, label: agent.nickname })),
      },
      render: (_, row) => row.agent?.nickname ?? '—',
    },
    {
      title: t('columns.group'),
      dataIndex: 'workgroup',
      ...(showFilters ? {} : { search: false as const }),
      valueType: 'select',
      fieldProps: {
        options: (options.data?.workgroups ?? []).map((group) => ({
          value: group.wid,
          label: group.nickname,
        })),
      },
      render: (_, row) => row.workgroup?.nickname ?? '—',
    },
    {
      title: t('columns.status'),
      dataIndex: 'status',
      width: 130,
      valueType: 'select',
      valueEnum: Object.fromEntries(statuses.map((value) => [value, { text: t(`statuses.${value}`) }])),
      render: (_, row) => <Tag color={STATUS_COLORS[row.status]}>{t(`statuses.${row.status}`)}</Tag>,
    },
    {
      title: t('columns.source'),
      dataIndex: 'source',
      width: 140,
      valueType: 'select',
      valueEnum: Object.fromEntries(SOURCE_VALUES.map((value) => [value, { text: t(`sources.${value}`) }])),
      render: (_, row) => t(`sources.${row.source}`),
    },
    {
      title: t('columns.score'),
      dataIndex: 'score',
      search: false,
      width: 100,
      render: (_, row) =>
        row.score === null ? (
          '—'
        ) : (
          <Tag color={row.isPassed ? 'green' : 'red'}>
            {row.score}
            {row.isFatal ? ' !' : ''}
          </Tag>
        ),
    },
    {
      title: t('columns.closedAt'),
      dataIndex: 'closed',
      valueType: 'dateRange',
      hideInTable: true,
      search: {
        transform: (value: [string, string]) => ({
          from: dayjs(value[0]).startOf('day').valueOf(),
          to: dayjs(value[1]).endOf('day').valueOf(),
        }),
      },
    },
    {
      title: t('columns.closedAt'),
      dataIndex: 'closedAt',
      search: false,
      width: 150,
      render: (_, row) => formatTime(row.closedAt),
    },
    {
      title: t('columns.action'),
      valueType: 'option',
      width: 90,
      render: (_, row) => [
        <Typography.Link key="open" onClick={() => open(row.qid)}>
          {mode === 'score' && row.status === 'pending' ? t('list.score') : t('list.view')}
        </Typography.Link>,
      ],
    },
  ];

  return (
    <>
      <ProTable<QualityInspection, QualityFilters>
        rowKey="qid"
        headerTitle={title}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        toolBarRender={() => toolBar ?? []}
        locale={{ emptyText }}
      />
      <Drawer
        open={Boolean(qid)}
        onClose={() => open(null)}
        size={1100}
        title={mode === 'score' ? t('scoring.title') : t('scoring.resultTitle')}
        destroyOnHidden
      >
        {qid ? (
          <InspectionView qid={qid} mode={mode} onChanged={() => void actionRef.current?.reload()} />
        ) : null}
      </Drawer>
    </>
  );
};
