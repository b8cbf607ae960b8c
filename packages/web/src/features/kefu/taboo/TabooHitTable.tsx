import './i18n';
import { Tag, Typography } from 'antd';
import { ProTable, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { TabooHit } from '@openkefu/contract';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { reportUnlessHandled } from '../shared/errors';
import { formatTime } from '../thread/display';
import { timeRangeColumn } from '../thread/filters';
import { fetchTabooHitPage, type TabooHitFilters } from './api';
import { KEFU_TABOO_NS } from './i18n';

/** Every sensitive word caught in a message: when, who, which word, masked or refused. */
export const TabooHitTable = () => {
  const { t } = useTranslation(KEFU_TABOO_NS);
  const request = usePageRequest<TabooHit, TabooHitFilters>(fetchTabooHitPage, {
    onError: reportUnlessHandled,
  });

  const columns: ProColumns<TabooHit>[] = [
    {
      title: t('hits.senderKind'),
      dataIndex: 'senderKind',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (['visitor', 'agent'] as const).map((value) => ({ value, label: t(`hits.kinds.${value}`) })),
      },
    },
    {
      title: t('hits.action'),
      dataIndex: 'action',
      hideInTable: true,
      valueType: 'select',
      fieldProps: {
        options: (['mask', 'block'] as const).map((value) => ({ value, label: t(`mode.names.${value}`) })),
      },
    },
    timeRangeColumn<TabooHit>(t('hits.time')),
    {
      title: t('hits.time'),
      key: 'createdAt',
      search: false,
      width: 170,
      render: (_, hit) => formatTime(hit.createdAt),
    },
    {
      title: t('hits.sender'),
      key: 'sender',
      search: false,
      width: 200,
      render: (_, hit) => (
        <span>
          <Tag>{t(`hits.kinds.${hit.sender.kind}`)}</Tag>
          {hit.sender.nickname || hit.sender.id}
        </span>
      ),
    },
    { title: t('hits.word'), key: 'word', search: false, render: (_, hit) => hit.word },
    { title: t('hits.standard'), key: 'standard', search: false, render: (_, hit) => hit.standard },
    {
      title: t('hits.action'),
      key: 'actionTag',
      search: false,
      width: 110,
      render: (_, hit) => (
        <Tag color={hit.action === 'block' ? 'red' : 'orange'}>{t(`mode.names.${hit.action}`)}</Tag>
      ),
    },
    {
      title: t('hits.thread'),
      key: 'tid',
      search: false,
      width: 220,
      render: (_, hit) => <Typography.Text copyable>{hit.tid}</Typography.Text>,
    },
  ];

  return (
    <ProTable<TabooHit, TabooHitFilters>
      rowKey="hid"
      columns={columns}
      request={request}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto', defaultCollapsed: false }}
      scroll={{ x: 1000 }}
      locale={{ emptyText: t('emptyHits') }}
    />
  );
};
