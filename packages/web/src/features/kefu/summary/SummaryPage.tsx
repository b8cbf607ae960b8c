import './i18n';
import '../thread/i18n';
import { useRef, useState } from 'react';
import { Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ThreadSummary } from '@openkefu/contract';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { AgentName, VisitorCell, formatTime } from '../thread/display';
import { timeRangeColumn, useAgentOptions } from '../thread/filters';
import { TranscriptDrawer } from '../thread/TranscriptDrawer';
import { fetchSummaryCategories, fetchSummaryPage, type SummaryFilters } from './api';
import { KEFU_SUMMARY_NS } from './i18n';

/**
 * Kefu → session summaries (`/stable/kefu/summary`): what agents wrote when closing
 * conversations, over `GET /api/summary/query`, filterable by category, agent, text and time.
 */
export const SummaryPage = () => {
  const { t } = useTranslation(KEFU_SUMMARY_NS);
  const [openTid, setOpenTid] = useState<string | null>(null);
  const agents = useAgentOptions();
  const categories = useQuery({
    queryKey: ['kefu', 'summary', 'categories'],
    queryFn: fetchSummaryCategories,
    staleTime: 30_000,
  });
  const actionRef = useRef<ActionType | undefined>(undefined);
  // Summaries are written as conversations end: reload when the page is opened again or the window comes back.
  useListRefresh(actionRef);
  const request = usePageRequest<ThreadSummary, SummaryFilters>(fetchSummaryPage, {
    onError: reportUnlessHandled,
  });

  const columns: ProColumns<ThreadSummary>[] = [
    {
      title: t('filters.category'),
      dataIndex: 'category',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (categories.data ?? []).map((category) => ({ value: category, label: category })),
        showSearch: true,
        loading: categories.isLoading,
      },
    },
    {
      title: t('filters.agent'),
      dataIndex: 'uid',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: agents.options,
        showSearch: true,
        optionFilterProp: 'label',
        loading: agents.isLoading,
      },
    },
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('filters.keywordPlaceholder'), maxLength: 100 },
    },
    timeRangeColumn<ThreadSummary>(t('filters.time')),
    {
      title: t('columns.category'),
      key: 'category',
      search: false,
      width: 140,
      render: (_, summary) =>
        summary.category ? (
          <Tag color="blue">{summary.category}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('uncategorised')}</Typography.Text>
        ),
    },
    {
      title: t('columns.content'),
      key: 'content',
      search: false,
      render: (_, summary) => (
        <Typography.Paragraph
          ellipsis={{ rows: 3, tooltip: summary.content }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
        >
          {summary.content}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('columns.agent'),
      key: 'agent',
      search: false,
      width: 130,
      render: (_, summary) => <AgentName agent={summary.agent} />,
    },
    {
      title: t('columns.visitor'),
      key: 'visitor',
      search: false,
      width: 200,
      render: (_, summary) => <VisitorCell visitor={summary.visitor} />,
    },
    {
      title: t('columns.createdAt'),
      key: 'createdAt',
      search: false,
      width: 170,
      render: (_, summary) => formatTime(summary.createdAt),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      width: 110,
      render: (_, summary) => [
        <a key="conversation" onClick={() => setOpenTid(summary.tid)}>
          {t('actions.conversation')}
        </a>,
      ],
    },
  ];

  return (
    <>
      <ProTable<ThreadSummary, SummaryFilters>
        rowKey="sid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('empty') }}
      />
      <TranscriptDrawer tid={openTid} onClose={() => setOpenTid(null)} />
    </>
  );
};
