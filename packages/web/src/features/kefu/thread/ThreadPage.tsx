import './i18n';
import { useRef, useState } from 'react';
import { App, Button, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import type { ThreadRecord } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { Can } from '../../../shared/components/Authorized';
import { notify } from '../../../shared/feedback/notify';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { useWorkgroupOptions } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import { fetchAllTags } from '../tag/api';
import { exportThreads, fetchThreadPage, type ThreadFilters } from './api';
import {
  AgentName,
  ThreadStatusTag,
  VisitorCell,
  formatTime,
  threadDuration,
  useClientLabel,
  useDurationText,
} from './display';
import { CLIENT_VALUES, THREAD_STATUS_VALUES, timeRangeColumn, useAgentOptions } from './filters';
import { KEFU_THREAD_NS } from './i18n';
import { TranscriptDrawer } from './TranscriptDrawer';

const PERMISSION = 'kefu.thread';

/**
 * Conversations change state while the page shows (queued, accepted, closed): a light poll while
 * the tab is visible keeps the list current without a socket per records page; the monitor
 * polls faster because watching is its purpose.
 */
export const THREAD_LIST_POLL_MS = 30_000;

/**
 * Kefu → session records (`/stable/kefu/thread`): the organisation's conversations over
 * `GET /api/thread/query` with the filters, a transcript drawer, and the export of the
 * same filter to Excel.
 */
export const ThreadPage = () => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  const { message } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [openTid, setOpenTid] = useState<string | null>(null);
  const [isExporting, setExporting] = useState(false);
  // The filters of the last list request: the export sends exactly what the table shows.
  const lastFilters = useRef<ThreadFilters>({});
  const workgroups = useWorkgroupOptions();
  const agents = useAgentOptions();
  const clientLabel = useClientLabel();
  const durationText = useDurationText();
  // Tags of both kinds: the filter matches the conversation's own and its visitor's.
  const tags = useQuery({ queryKey: ['kefu', 'thread', 'tagOptions'], queryFn: () => fetchAllTags() });
  const { polling } = useListRefresh(actionRef, { pollMs: THREAD_LIST_POLL_MS });

  const request = usePageRequest<ThreadRecord, ThreadFilters>(
    async (query: PageQuery<ThreadFilters>) => {
      const { page: _page, size: _size, ...filters } = query;
      lastFilters.current = filters;
      return fetchThreadPage(query);
    },
    { onError: reportUnlessHandled },
  );

  const runExport = async () => {
    setExporting(true);
    try {
      const download = await exportThreads(lastFilters.current);
      const isTruncated = download.total !== null && download.rows !== null && download.total > download.rows;
      void message.success(
        t(isTruncated ? 'export.truncated' : 'export.done', {
          rows: download.rows ?? 0,
          total: download.total ?? 0,
          name: download.fileName,
        }),
      );
    } catch (error) {
      notify.error({ title: t('export.failed', { message: parseError(error).message }) });
    } finally {
      setExporting(false);
    }
  };

  const columns: ProColumns<ThreadRecord>[] = [
    timeRangeColumn<ThreadRecord>(t('filters.time')),
    {
      title: t('filters.visitor'),
      dataIndex: 'visitor',
      hideInTable: true,
      fieldProps: { placeholder: t('filters.visitorPlaceholder') },
    },
    {
      title: t('filters.workgroup'),
      dataIndex: 'wid',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: workgroups.options,
        showSearch: true,
        optionFilterProp: 'label',
        loading: workgroups.isLoading,
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
      title: t('filters.client'),
      dataIndex: 'threadClient',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: CLIENT_VALUES.map((value) => ({ value, label: clientLabel(value) })) },
    },
    {
      title: t('filters.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: THREAD_STATUS_VALUES.map((value) => ({ value, label: t(`status.${value}`) })) },
    },
    {
      title: t('filters.tag'),
      dataIndex: 'tag',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (tags.data ?? []).map((tag) => ({ value: tag.tgid, label: tag.name })),
        showSearch: true,
        optionFilterProp: 'label',
        loading: tags.isPending,
      },
    },
    {
      title: t('columns.visitor'),
      key: 'visitor',
      search: false,
      width: 200,
      render: (_, thread) => <VisitorCell visitor={thread.visitor} />,
    },
    {
      title: t('columns.status'),
      key: 'status',
      search: false,
      width: 110,
      render: (_, thread) => (
        <ThreadStatusTag
          status={thread.status}
          queuePosition={thread.queuePosition}
          leftMessage={thread.leftMessage}
        />
      ),
    },
    {
      title: t('columns.client'),
      key: 'client',
      search: false,
      width: 100,
      render: (_, thread) => clientLabel(thread.client),
    },
    {
      title: t('columns.workgroup'),
      key: 'workgroup',
      search: false,
      width: 130,
      render: (_, thread) =>
        thread.workgroup?.nickname ?? <Typography.Text type="secondary">{t('noWorkgroup')}</Typography.Text>,
    },
    {
      title: t('columns.agent'),
      key: 'agent',
      search: false,
      width: 120,
      render: (_, thread) => <AgentName agent={thread.agent} />,
    },
    {
      title: t('columns.content'),
      key: 'content',
      search: false,
      ellipsis: true,
      render: (_, thread) => (
        <Typography.Text ellipsis={{ tooltip: thread.content }} style={{ maxWidth: 260 }}>
          {thread.content}
        </Typography.Text>
      ),
    },
    {
      title: t('columns.tags'),
      key: 'tags',
      search: false,
      width: 160,
      render: (_, thread) =>
        thread.tags.length === 0 ? null : (
          <Space size={[0, 4]} wrap>
            {thread.tags.map((tag) => (
              <Tag key={tag.tgid} color={tag.color}>
                {tag.name}
              </Tag>
            ))}
          </Space>
        ),
    },
    {
      title: t('columns.messages'),
      key: 'seq',
      search: false,
      width: 80,
      render: (_, thread) => thread.seq,
    },
    {
      title: t('columns.createdAt'),
      key: 'createdAt',
      search: false,
      width: 170,
      render: (_, thread) => formatTime(thread.createdAt),
    },
    {
      title: t('columns.duration'),
      key: 'duration',
      search: false,
      width: 110,
      render: (_, thread) => (
        <Tooltip
          title={
            thread.closedAt === null ? undefined : `${t('columns.closedAt')}: ${formatTime(thread.closedAt)}`
          }
        >
          <span>{durationText(threadDuration(thread))}</span>
        </Tooltip>
      ),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, thread) => [
        <a key="transcript" onClick={() => setOpenTid(thread.tid)}>
          {t('actions.transcript')}
        </a>,
      ],
    },
  ];

  return (
    <>
      <ProTable<ThreadRecord, ThreadFilters>
        rowKey="tid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        polling={polling}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1400 }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          <Can key="export" permission={`${PERMISSION}.export`}>
            <Button icon={<DownloadOutlined />} loading={isExporting} onClick={() => void runExport()}>
              {t('actions.export')}
            </Button>
          </Can>,
        ]}
      />
      <TranscriptDrawer tid={openTid} onClose={() => setOpenTid(null)} />
    </>
  );
};
