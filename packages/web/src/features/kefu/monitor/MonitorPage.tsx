import './i18n';
import '../thread/i18n';
import { useCallback, useRef, useState } from 'react';
import { Badge, Button, Space, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { Thread } from '@openkefu/contract';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { useWorkgroupOptions } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import { usePageVisible } from '../status/usePageVisible';
import { AgentName, ThreadStatusTag, VisitorCell, useDurationText } from '../thread/display';
import { KEFU_THREAD_NS } from '../thread/i18n';
import { TranscriptDrawer } from '../thread/TranscriptDrawer';
import { fetchOngoingThreads, type MonitorFilters } from './api';
import { KEFU_MONITOR_NS } from './i18n';

/** The list reloads this often while the tab is showing. */
export const MONITOR_REFRESH_MS = 5_000;
/** A watched conversation reloads this often (the workbench's socket watch may replace it later). */
export const WATCH_REFRESH_MS = 3_000;

const ONGOING = ['queuing', 'chatting', 'robot'] as const;

/** Since when the thread has been in its current state. */
const sinceOf = (thread: Thread): number =>
  thread.status === 'queuing'
    ? (thread.queuedAt ?? thread.createdAt)
    : (thread.startedAt ?? thread.createdAt);

/**
 * Kefu → live monitor (`/stable/kefu/monitor`, debug-only in the menu): the organisation's ongoing
 * conversations over `GET /api/thread/monitor`, refreshed every 5 seconds while the tab shows;
 * "Watch" follows one conversation's transcript live.
 */
export const MonitorPage = () => {
  const { t } = useTranslation(KEFU_MONITOR_NS);
  const { t: tThread } = useTranslation(KEFU_THREAD_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [watching, setWatching] = useState<string | null>(null);
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const isVisible = usePageVisible();
  // Also reloads at once when the page is opened again or the window comes back.
  const { polling } = useListRefresh(actionRef, { pollMs: MONITOR_REFRESH_MS });
  const workgroups = useWorkgroupOptions();
  const durationText = useDurationText();

  const fetchPage = useCallback(async (query: PageQuery<MonitorFilters>) => {
    const page = await fetchOngoingThreads(query);
    setUpdatedAt(Date.now());
    return page;
  }, []);
  const request = usePageRequest<Thread, MonitorFilters>(fetchPage, { onError: reportUnlessHandled });

  const columns: ProColumns<Thread>[] = [
    {
      title: t('filters.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: ONGOING.map((value) => ({ value, label: tThread(`status.${value}`) })) },
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
      width: 160,
      render: (_, thread) => (
        <Space size={4}>
          <ThreadStatusTag status={thread.status} />
          {thread.status === 'queuing' && thread.queuePosition ? (
            <Typography.Text type="secondary">
              {tThread('queuePosition', { position: thread.queuePosition })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('columns.workgroup'),
      key: 'workgroup',
      search: false,
      width: 130,
      render: (_, thread) => thread.workgroup?.nickname ?? tThread('noWorkgroup'),
    },
    {
      title: t('columns.agent'),
      key: 'agent',
      search: false,
      width: 130,
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
      title: t('columns.since'),
      key: 'since',
      search: false,
      width: 170,
      render: (_, thread) =>
        t(`since.${thread.status === 'queuing' || thread.status === 'robot' ? thread.status : 'chatting'}`, {
          duration: durationText(Date.now() - sinceOf(thread)),
        }),
    },
    {
      title: t('columns.unread'),
      key: 'unread',
      search: false,
      width: 110,
      render: (_, thread) => (thread.unreadCount > 0 ? <Badge count={thread.unreadCount} /> : 0),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, thread) => [
        <a key="watch" onClick={() => setWatching(thread.tid)}>
          {t('actions.watch')}
        </a>,
      ],
    },
  ];

  return (
    <>
      <ProTable<Thread, MonitorFilters>
        rowKey="tid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        polling={polling}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1300 }}
        options={false}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          updatedAt === null ? null : (
            <Space key="live" size={4}>
              <Badge status={isVisible ? 'processing' : 'default'} />
              <Typography.Text type="secondary">
                {t('live', { seconds: MONITOR_REFRESH_MS / 1000, time: dayjs(updatedAt).format('HH:mm:ss') })}
              </Typography.Text>
            </Space>
          ),
          <Button key="refresh" icon={<ReloadOutlined />} onClick={() => void actionRef.current?.reload()}>
            {t('actions.refresh')}
          </Button>,
        ]}
      />
      <TranscriptDrawer tid={watching} onClose={() => setWatching(null)} refreshMs={WATCH_REFRESH_MS} />
    </>
  );
};
