import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Card, Col, Progress, Row, Segmented, Space, Statistic, Tooltip, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { AgentStatus } from '@openkefu/contract';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { timeAgo } from '../../../shared/utils/timeAgo';
import { KEFU_NS } from '../shared/i18n';
import { PersonCell, UserStatusTag, WorkgroupTags, useWorkgroupOptions } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import { fetchAgentStatusPage, type AgentStatusFilters } from '../shared/api';
import { fetchStatusSummary } from './summary';
import { usePageVisible } from './usePageVisible';

/** How often the page reloads by itself while the tab is showing (issue 4: the status is live). */
export const AUTO_REFRESH_MS = 5_000;

type StatusFilter = 'all' | 'online' | 'offline';

const LoadCell = ({ agent }: { agent: AgentStatus }) => {
  const { t } = useTranslation(KEFU_NS);
  const max = Math.max(agent.maxThreadCount, 0);
  const percent = max === 0 ? 0 : Math.min(100, Math.round((agent.openThreadCount / max) * 100));
  return (
    <Tooltip title={t('status.loadLabel', { open: agent.openThreadCount, max })}>
      <div style={{ minWidth: 120 }}>
        <Typography.Text>{`${agent.openThreadCount} / ${max}`}</Typography.Text>
        <Progress
          percent={percent}
          size="small"
          showInfo={false}
          status={agent.openThreadCount >= max && max > 0 ? 'exception' : 'normal'}
          aria-label={t('status.loadLabel', { open: agent.openThreadCount, max })}
        />
      </div>
    </Tooltip>
  );
};

const AutoReplyCell = ({ agent }: { agent: AgentStatus }) => {
  const { t } = useTranslation(KEFU_NS);
  if (agent.autoReplyType === 'none') return <>{t('common.none')}</>;
  const label =
    agent.autoReplyType === 'custom' ? agent.autoReplyContent : t(`autoReply.${agent.autoReplyType}`);
  return (
    <Tooltip title={agent.autoReplyContent || undefined}>
      <span>{label || t('autoReply.custom')}</span>
    </Tooltip>
  );
};

/**
 * Customer service → agent status (`/stable/kefu/status`): who is signed in, their status,
 * auto-reply and load, over `GET /api/user/status`. Live: reloads itself every 5 seconds while
 * the tab is showing, and at once when it shows again.
 */
export const StatusPage = () => {
  const { t } = useTranslation(KEFU_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [statusFilter, setStatusFilter] = useState<StatusFilter>('all');
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const isVisible = usePageVisible();
  const workgroups = useWorkgroupOptions();
  const summary = useQuery({
    queryKey: ['kefu', 'status', 'summary'],
    queryFn: fetchStatusSummary,
    refetchInterval: isVisible ? AUTO_REFRESH_MS : false,
  });

  const fetchPage = useCallback(async (query: PageQuery<AgentStatusFilters>) => {
    const page = await fetchAgentStatusPage(query);
    setUpdatedAt(Date.now());
    return page;
  }, []);
  const request = usePageRequest<AgentStatus, AgentStatusFilters>(fetchPage, {
    onError: reportUnlessHandled,
  });

  const params = useMemo(() => (statusFilter === 'all' ? {} : { status: statusFilter }), [statusFilter]);
  const { refetch } = summary;
  const refresh = useCallback(() => {
    void actionRef.current?.reload();
    void refetch();
  }, [refetch]);

  const columns: ProColumns<AgentStatus>[] = [
    {
      title: t('status.filter.nickname'),
      dataIndex: 'nickname',
      hideInTable: true,
      fieldProps: { placeholder: t('status.filter.nicknamePlaceholder') },
    },
    {
      title: t('status.filter.workGroup'),
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
      title: t('status.columns.agent'),
      key: 'agent',
      search: false,
      width: 220,
      render: (_, agent) => (
        <PersonCell avatar={agent.avatar} name={agent.nickname} detail={agent.realName || agent.username} />
      ),
    },
    {
      title: t('status.columns.status'),
      key: 'status',
      search: false,
      width: 110,
      render: (_, agent) => <UserStatusTag status={agent.status} />,
    },
    {
      title: t('status.columns.autoReply'),
      key: 'autoReply',
      search: false,
      width: 160,
      ellipsis: true,
      render: (_, agent) => <AutoReplyCell agent={agent} />,
    },
    {
      title: t('status.columns.load'),
      key: 'load',
      search: false,
      width: 160,
      render: (_, agent) => <LoadCell agent={agent} />,
    },
    {
      title: t('status.columns.workGroups'),
      key: 'workGroups',
      search: false,
      render: (_, agent) => <WorkgroupTags workGroups={agent.workGroups} />,
    },
    {
      title: t('status.columns.lastLogin'),
      key: 'lastLogin',
      search: false,
      width: 150,
      render: (_, agent) =>
        agent.lastLoginAt === null ? (
          t('common.never')
        ) : (
          <Tooltip title={dayjs(agent.lastLoginAt).format('YYYY-MM-DD HH:mm:ss')}>
            <span>{timeAgo(agent.lastLoginAt)}</span>
          </Tooltip>
        ),
    },
  ];

  const figure = (value: number | undefined) => (summary.isError ? t('common.none') : value);

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic
              title={t('status.summary.online')}
              value={figure(summary.data?.online)}
              loading={summary.isLoading}
              styles={{ content: { color: '#52c41a' } }}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic
              title={t('status.summary.total')}
              value={figure(summary.data?.total)}
              loading={summary.isLoading}
            />
          </Card>
        </Col>
        <Col xs={24} sm={8}>
          <Card>
            <Statistic
              title={t('status.summary.openThreads')}
              value={figure(summary.data?.openThreads)}
              loading={summary.isLoading}
            />
          </Card>
        </Col>
      </Row>
      <ProTable<AgentStatus, AgentStatusFilters>
        rowKey="uid"
        headerTitle={t('status.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        params={params}
        // ProTable's polling reloads without the loading veil, so rows do not flicker every 5 s.
        polling={isVisible ? AUTO_REFRESH_MS : undefined}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1000 }}
        options={false}
        locale={{ emptyText: t('status.empty') }}
        toolBarRender={() => [
          updatedAt === null ? null : (
            <Typography.Text key="updated" type="secondary">
              {t('status.autoRefresh', {
                seconds: AUTO_REFRESH_MS / 1000,
                time: dayjs(updatedAt).format('HH:mm:ss'),
              })}
            </Typography.Text>
          ),
          <Segmented<StatusFilter>
            key="status"
            value={statusFilter}
            onChange={setStatusFilter}
            options={[
              { value: 'all', label: t('status.filter.all') },
              { value: 'online', label: t('status.filter.online') },
              { value: 'offline', label: t('status.filter.offline') },
            ]}
          />,
          <Button key="refresh" icon={<ReloadOutlined />} onClick={refresh}>
            {t('common.refresh')}
          </Button>,
        ]}
      />
    </Space>
  );
};
