import './i18n';
import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Block } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { AgentName, VisitorCell, formatTime } from '../thread/display';
import { fetchBlockPage, unblock, type BlockFilters } from './api';
import { BlockFormModal } from './BlockFormModal';
import { KEFU_BLOCK_NS } from './i18n';

const PERMISSION = 'kefu.block';

/** What the list and the notices call a block's target. */
const targetOf = (block: Block): string =>
  block.type === 'ip' ? block.ip : block.visitor?.nickname || block.visitor?.vid || '';

/**
 * Kefu → blacklist (`/stable/kefu/block`): blocked visitors (usually from the workbench) and
 * addresses over `GET /api/block/query`; block an address, unblock after confirmation.
 */
export const BlockPage = () => {
  const { t } = useTranslation(KEFU_BLOCK_NS);
  const { message: toast } = App.useApp();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [isAdding, setAdding] = useState(false);
  const request = usePageRequest<Block, BlockFilters>(fetchBlockPage, { onError: reportUnlessHandled });

  const reload = () => void actionRef.current?.reload();

  const lift = async (block: Block) => {
    try {
      await unblock(block.bid);
      void toast.success(t('done.unblocked', { target: targetOf(block) }));
      reload();
    } catch (error) {
      reportUnlessHandled(error);
    }
  };

  const columns: ProColumns<Block>[] = [
    {
      title: t('filters.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('keywordPlaceholder') },
    },
    {
      title: t('filters.type'),
      dataIndex: 'type',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (['visitor', 'ip'] as const).map((value) => ({ value, label: t(`types.${value}`) })),
      },
    },
    {
      title: t('filters.state'),
      dataIndex: 'active',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: [
          { value: 'true', label: t('states.active') },
          { value: 'false', label: t('states.ended') },
        ],
      },
    },
    {
      title: t('columns.target'),
      key: 'target',
      search: false,
      width: 200,
      render: (_, block) =>
        block.type === 'visitor' && block.visitor ? (
          <VisitorCell visitor={block.visitor} />
        ) : (
          <Typography.Text copyable>{block.ip}</Typography.Text>
        ),
    },
    {
      title: t('columns.type'),
      key: 'type',
      search: false,
      width: 100,
      render: (_, block) => <Tag>{t(`types.${block.type}`)}</Tag>,
    },
    {
      title: t('columns.note'),
      key: 'note',
      search: false,
      render: (_, block) =>
        block.note ? (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: block.note }} style={{ marginBottom: 0 }}>
            {block.note}
          </Typography.Paragraph>
        ) : (
          '—'
        ),
    },
    {
      title: t('columns.operator'),
      key: 'operator',
      search: false,
      width: 140,
      render: (_, block) => <AgentName agent={block.operator} />,
    },
    {
      title: t('columns.startAt'),
      key: 'startAt',
      search: false,
      width: 170,
      render: (_, block) => formatTime(block.startAt),
    },
    {
      title: t('columns.endAt'),
      key: 'endAt',
      search: false,
      width: 170,
      render: (_, block) => (block.endAt === null ? t('forever') : formatTime(block.endAt)),
    },
    {
      title: t('columns.state'),
      key: 'state',
      search: false,
      width: 150,
      render: (_, block) =>
        block.active ? (
          <Tag color="red">{t('states.active')}</Tag>
        ) : (
          <Tag>
            {block.revokedAt === null
              ? t('states.ended')
              : t('revoked', { time: formatTime(block.revokedAt) })}
          </Tag>
        ),
    },
    {
      title: t('columns.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 110,
      render: (_, block) => [
        block.active ? (
          <Can key="unblock" permission={`${PERMISSION}.edit`}>
            <Popconfirm
              title={t('actions.unblockConfirm', { target: targetOf(block) })}
              description={t('actions.unblockHint')}
              okText={t('actions.unblock')}
              cancelText={t('actions.cancel')}
              onConfirm={() => lift(block)}
            >
              <a>{t('actions.unblock')}</a>
            </Popconfirm>
          </Can>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <ProTable<Block, BlockFilters>
        rowKey="bid"
        headerTitle={t('title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('empty') }}
        toolBarRender={() => [
          <Can key="add" permission={`${PERMISSION}.add`}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
              {t('add')}
            </Button>
          </Can>,
        ]}
      />
      <BlockFormModal
        open={isAdding}
        onClose={() => setAdding(false)}
        onBlocked={(block) => {
          void toast.success(t('done.blocked', { target: targetOf(block) }));
          reload();
        }}
      />
    </>
  );
};
