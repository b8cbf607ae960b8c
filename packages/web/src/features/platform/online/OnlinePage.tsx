import '../shared/i18n';
import { useRef, useState } from 'react';
import { Card, Col, Row, Statistic } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { OnlineOrganization, OnlineTotals } from '@openkefu/contract';
import { usePageRequest, type PageQuery } from '../../../shared/table/usePageRequest';
import { PLATFORM_NS } from '../shared/i18n';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchOnlineSummary } from './api';
import { OnlineOrgDrawer } from './OnlineOrgDrawer';

/**
 * Platform → online users (`/stable/platform/online`): totals across organisations, a page of
 * organisations with someone online, and each one's agents and visitors in a drawer.
 */
export const OnlinePage = () => {
  const { t } = useTranslation(PLATFORM_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [totals, setTotals] = useState<OnlineTotals | null>(null);
  const [selected, setSelected] = useState<OnlineOrganization | null>(null);
  const request = usePageRequest<OnlineOrganization, { keyword?: string }>(
    async (query: PageQuery<{ keyword?: string }>) => {
      const summary = await fetchOnlineSummary(query);
      setTotals(summary.totals);
      return summary.organizations;
    },
    { onError: reportUnlessHandled },
  );

  const columns: ProColumns<OnlineOrganization>[] = [
    {
      title: t('onlinePage.keyword'),
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: t('onlinePage.keywordHint') },
    },
    {
      title: t('onlinePage.organization'),
      key: 'organization',
      search: false,
      render: (_, row) => (
        <a onClick={() => setSelected(row)}>
          {row.name} ({row.subDomain})
        </a>
      ),
    },
    { title: t('onlinePage.agentsOnline'), dataIndex: 'agentsOnline', search: false, width: 150 },
    { title: t('onlinePage.agentsConnected'), dataIndex: 'agentsConnected', search: false, width: 150 },
    { title: t('onlinePage.visitorsConnected'), dataIndex: 'visitorsConnected', search: false, width: 150 },
    {
      title: t('common.actions'),
      key: 'actions',
      valueType: 'option',
      width: 100,
      render: (_, row) => [
        <a key="open" onClick={() => setSelected(row)}>
          {t('onlinePage.details')}
        </a>,
      ],
    },
  ];

  const figure = (key: keyof OnlineTotals) => (
    <Col xs={12} md={6} key={key}>
      <Card size="small">
        <Statistic
          title={t(`onlinePage.totals.${key}`)}
          value={totals?.[key] ?? '-'}
          loading={totals === null}
        />
      </Card>
    </Col>
  );

  return (
    <>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {(['organizations', 'agentsOnline', 'agentsConnected', 'visitorsConnected'] as const).map(figure)}
      </Row>
      <ProTable<OnlineOrganization, { keyword?: string }>
        rowKey="oid"
        headerTitle={t('onlinePage.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        search={{ labelWidth: 'auto' }}
        options={{ reload: true, density: false, setting: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        locale={{ emptyText: t('onlinePage.empty') }}
      />
      {selected ? (
        <OnlineOrgDrawer
          organization={selected}
          onClose={() => setSelected(null)}
          onChanged={() => void actionRef.current?.reload()}
        />
      ) : null}
    </>
  );
};
