import './i18n';
import '../thread/i18n';
import { useRef, useState } from 'react';
import { App, Popconfirm, Space, Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { LeaveMessage, LeaveMessageStatus } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { useWorkgroupOptions } from '../shared/display';
import { reportUnlessHandled } from '../shared/errors';
import { AgentName, VisitorCell, formatTime } from '../thread/display';
import { timeRangeColumn } from '../thread/filters';
import {
  closeLeaveMessage,
  fetchLeaveMessagePage,
  markLeaveMessageRead,
  replyToLeaveMessage,
  type LeaveMessageFilters,
} from './api';
import { KEFU_LEAVEMSG_NS } from './i18n';
import { ReplyModal } from './ReplyModal';

const PERMISSION = 'kefu.leavemsg';

/** Contract `leaveMessageStatusSchema`. */
const STATUSES = ['unread', 'read', 'replied', 'closed'] as const satisfies readonly LeaveMessageStatus[];
const STATUS_COLORS: Record<LeaveMessageStatus, string> = {
  unread: 'red',
  read: 'blue',
  replied: 'green',
  closed: 'default',
};

/**
 * Kefu → leave messages (`/stable/kefu/leavemsg`): what visitors left when nobody could answer,
 * over `GET /api/leavemsg/query`; read, reply (also by email when the visitor left an address,
 * and shown in the widget) and close.
 */
export const LeaveMessagePage = () => {
  const { t } = useTranslation(KEFU_LEAVEMSG_NS);
  const { message: toast } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [replying, setReplying] = useState<LeaveMessage | null>(null);
  const workgroups = useWorkgroupOptions();
  const request = usePageRequest<LeaveMessage, LeaveMessageFilters>(fetchLeaveMessagePage, {
    onError: reportUnlessHandled,
  });

  const reload = () => void actionRef.current?.reload();
  // Visitors leave messages at any time: reload when the page is opened again or the window comes back.
  useListRefresh(actionRef);

  const markRead = async (message: LeaveMessage) => {
    try {
      await markLeaveMessageRead(message.lid);
      void toast.success(t('done.read'));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const close = async (message: LeaveMessage) => {
    try {
      await closeLeaveMessage(message.lid);
      void toast.success(t('done.closed'));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const reply = async (message: LeaveMessage, text: string) => {
    const saved = await replyToLeaveMessage(message.lid, text);
    if (!saved.email) void toast.success(t('done.repliedInWidget'));
    else if (saved.emailed) void toast.success(t('done.repliedEmailed', { email: saved.email }));
    else void toast.warning(t('done.repliedNotEmailed', { email: saved.email }), 8);
    reload();
  };

  const columns: ProColumns<LeaveMessage>[] = [
    {
      title: t('filters.status'),
      dataIndex: 'status',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: STATUSES.map((value) => ({ value, label: t(`status.${value}`) })) },
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
    timeRangeColumn<LeaveMessage>(t('filters.time')),
    {
      title: t('columns.visitor'),
      key: 'visitor',
      search: false,
      width: 180,
      render: (_, message) => <VisitorCell visitor={message.visitor} />,
    },
    {
      title: t('columns.content'),
      key: 'content',
      search: false,
      render: (_, message) => (
        <Typography.Paragraph
          ellipsis={{ rows: 3, tooltip: message.content }}
          style={{ marginBottom: 0, whiteSpace: 'pre-wrap' }}
        >
          {message.content}
        </Typography.Paragraph>
      ),
    },
    {
      title: t('columns.contact'),
      key: 'contact',
      search: false,
      width: 190,
      render: (_, message) => (
        <Space orientation="vertical" size={0}>
          {message.mobile ? <Typography.Text copyable>{message.mobile}</Typography.Text> : null}
          {message.email ? <Typography.Text copyable>{message.email}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      title: t('columns.workgroup'),
      key: 'workgroup',
      search: false,
      width: 120,
      render: (_, message) => message.workgroup?.nickname ?? t('noWorkgroup'),
    },
    {
      title: t('columns.status'),
      key: 'status',
      search: false,
      width: 100,
      render: (_, message) => (
        <Tag color={STATUS_COLORS[message.status]}>{t(`status.${message.status}`)}</Tag>
      ),
    },
    {
      title: t('columns.reply'),
      key: 'reply',
      search: false,
      width: 240,
      render: (_, message) =>
        message.reply ? (
          <Space orientation="vertical" size={0}>
            <Typography.Paragraph ellipsis={{ rows: 2, tooltip: message.reply }} style={{ marginBottom: 0 }}>
              {message.reply}
            </Typography.Paragraph>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {message.repliedAt === null ? null : (
                <>
                  <AgentName agent={message.agent} /> · {formatTime(message.repliedAt)}{' '}
                </>
              )}
              {message.email ? (
                <Tag color={message.emailed ? 'green' : 'orange'}>
                  {message.emailed ? t('emailed') : t('notEmailed')}
                </Tag>
              ) : null}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    {
      title: t('columns.createdAt'),
      key: 'createdAt',
      search: false,
      width: 170,
      render: (_, message) => formatTime(message.createdAt),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_, message) => [
        message.status === 'unread' ? (
          <Can key="read" permission={`${PERMISSION}.edit`}>
            <a onClick={() => void markRead(message)}>{t('actions.read')}</a>
          </Can>
        ) : null,
        message.status === 'closed' ? null : (
          <Can key="reply" permission={`${PERMISSION}.edit`}>
            <a onClick={() => setReplying(message)}>{t('actions.reply')}</a>
          </Can>
        ),
        message.status === 'closed' ? null : (
          <Can key="close" permission={`${PERMISSION}.edit`}>
            <Popconfirm
              title={t('actions.closeConfirm')}
              description={t('actions.closeHint')}
              okText={t('actions.close')}
              okButtonProps={{ danger: true }}
              cancelText={t('actions.cancel')}
              onConfirm={() => close(message)}
            >
              <a className="ok-danger-link">{t('actions.close')}</a>
            </Popconfirm>
          </Can>
        ),
      ],
    },
  ];

  return (
    <>
      <ProTable<LeaveMessage, LeaveMessageFilters>
        rowKey="lid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1400 }}
        locale={{ emptyText: t('empty') }}
      />
      <ReplyModal message={replying} onClose={() => setReplying(null)} onSubmit={reply} />
    </>
  );
};
