import './i18n';
import '../thread/i18n';
import { useRef, useState } from 'react';
import { Tag, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Message, MessageType, SenderKind } from '@openkefu/contract';
import { useListRefresh } from '../../../shared/table/useListRefresh';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { formatTime } from '../thread/display';
import { timeRangeColumn } from '../thread/filters';
import { KEFU_THREAD_NS } from '../thread/i18n';
import { TranscriptDrawer } from '../thread/TranscriptDrawer';
import { MessageBody, isNotice, noticeText } from '../thread/TranscriptView';
import { fetchMessagePage, type MessageFilters } from './api';
import { highlight } from './highlight';
import { KEFU_MESSAGE_NS } from './i18n';

/** The types worth filtering by (the notices are the server's own bookkeeping). */
const FILTER_TYPES = [
  'text',
  'image',
  'file',
  'voice',
  'video',
  'link',
  'location',
  'commodity',
  'red_packet',
] as const satisfies readonly MessageType[];

const SENDER_COLORS: Record<SenderKind, string> = {
  visitor: 'blue',
  agent: 'green',
  robot: 'purple',
  system: 'default',
};

/**
 * Kefu → message records (`/stable/kefu/message`): every message of the organisation over
 * `GET /api/message/query`, searched by keyword through the server's full-text index (which also
 * works for Chinese), by type and by time; each opens its conversation.
 */
export const MessagePage = () => {
  const { t } = useTranslation(KEFU_MESSAGE_NS);
  const { t: tThread } = useTranslation(KEFU_THREAD_NS);
  const [keyword, setKeyword] = useState<string | undefined>(undefined);
  const [openTid, setOpenTid] = useState<string | null>(null);

  const actionRef = useRef<ActionType | undefined>(undefined);
  // Stored messages only grow: reload when the page is opened again or the window comes back.
  useListRefresh(actionRef);
  const request = usePageRequest<Message, MessageFilters>(
    async (query: PageQuery<MessageFilters>) => {
      setKeyword(query.keyword);
      return fetchMessagePage(query);
    },
    { onError: reportUnlessHandled },
  );

  const typeLabel = (type: string) => tThread(`messageTypes.${type}`, { defaultValue: type });

  const columns: ProColumns<Message>[] = [
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      formItemProps: { tooltip: t('filters.keywordHint') },
      fieldProps: { placeholder: t('filters.keywordPlaceholder'), maxLength: 100 },
    },
    {
      title: t('filters.type'),
      dataIndex: 'type',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: FILTER_TYPES.map((value) => ({ value, label: typeLabel(value) })) },
    },
    timeRangeColumn<Message>(t('filters.time')),
    {
      title: t('columns.content'),
      key: 'content',
      search: false,
      render: (_, message) => {
        if (message.status !== 'recall' && message.type === 'text')
          return (
            <div style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {highlight(message.content, keyword)}
            </div>
          );
        if (isNotice(message))
          return <Typography.Text type="secondary">{noticeText(message, tThread).text}</Typography.Text>;
        return <MessageBody message={message} />;
      },
    },
    {
      title: t('columns.type'),
      key: 'type',
      search: false,
      width: 120,
      render: (_, message) =>
        isNotice(message) ? tThread('messageTypes.notification') : typeLabel(message.type),
    },
    {
      title: t('columns.sender'),
      key: 'sender',
      search: false,
      width: 180,
      render: (_, message) => (
        <>
          <Tag color={SENDER_COLORS[message.sender.kind]}>{t(`senderKinds.${message.sender.kind}`)}</Tag>
          {message.sender.kind === 'system' ? null : message.sender.nickname || message.sender.id}
        </>
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
      width: 110,
      render: (_, message) => [
        <a key="conversation" onClick={() => setOpenTid(message.tid)}>
          {t('actions.conversation')}
        </a>,
      ],
    },
  ];

  return (
    <>
      <ProTable<Message, MessageFilters>
        rowKey="mid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 900 }}
        locale={{ emptyText: t('empty') }}
      />
      <TranscriptDrawer tid={openTid} onClose={() => setOpenTid(null)} />
    </>
  );
};
