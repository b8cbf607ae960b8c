import { useRef, useState } from 'react';
import { Space, Tag, Tooltip, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { paymentProviders, rechargeOrderStates, type RechargeOrder } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { BILLING_NS } from '../../billing/i18n';
import { ProviderLabel, RechargeStateTag } from '../../billing/shared/tags';
import { formatDateTime } from '../../billing/shared/time';
import { useMoney } from '../../billing/shared/useMoney';
import { valueEnumOf } from '../../billing/shared/valueEnum';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchPlatformRechargePage, type PlatformRechargeFilters } from './api';
import { OrderDetailDrawer, useFlagText } from './OrderDetailDrawer';
import { RefundModal, refundableCents } from './RefundModal';
import '../../billing/billing.css';

type Dialog = { kind: 'detail' | 'refund'; order: RechargeOrder } | null;

const canRefund = (order: RechargeOrder) =>
  (order.state === 'paid' || order.state === 'refunded') && refundableCents(order) > 0;

/**
 * Platform → recharges (`/stable/platform/recharge`): every organisation's recharge orders with
 * filters, the details of one, and refunds of paid ones.
 */
export const PlatformRechargePage = () => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const flagText = useFlagText();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const request = usePageRequest<RechargeOrder, PlatformRechargeFilters>(fetchPlatformRechargePage, {
    onError: reportUnlessHandled,
  });

  const columns: ProColumns<RechargeOrder>[] = [
    {
      title: t('orders.columns.orderNo'),
      dataIndex: 'orderNo',
      width: 220,
      render: (_, order) => (
        <Space size={4}>
          <a onClick={() => setDialog({ kind: 'detail', order })}>{order.orderNo}</a>
          {order.flag && (
            <Tooltip title={flagText(order.flag)}>
              <WarningOutlined style={{ color: '#fa8c16' }} aria-label={flagText(order.flag) ?? ''} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('common.subDomain'), dataIndex: 'subDomain', hideInTable: true },
    {
      title: t('common.organization'),
      key: 'organization',
      search: false,
      width: 160,
      render: (_, order) =>
        order.organization ? (
          <Space orientation="vertical" size={0}>
            <span>{order.organization.name}</span>
            <Typography.Text type="secondary">{order.organization.subDomain}</Typography.Text>
          </Space>
        ) : null,
    },
    {
      title: t('orders.columns.provider'),
      dataIndex: 'provider',
      valueType: 'select',
      valueEnum: valueEnumOf(paymentProviders, t, 'provider'),
      width: 110,
      render: (_, order) => <ProviderLabel provider={order.provider} />,
    },
    {
      title: t('orders.columns.amount'),
      dataIndex: 'amountCents',
      search: false,
      align: 'right',
      width: 110,
      render: (_, order) => money(order.amountCents),
    },
    {
      title: t('orders.columns.paid'),
      dataIndex: 'payCents',
      search: false,
      align: 'right',
      width: 140,
      render: (_, order) => (
        <Space orientation="vertical" size={0} align="end">
          <span>{money(order.payCents)}</span>
          {order.promotionCode && <Tag>{order.promotionCode}</Tag>}
        </Space>
      ),
    },
    {
      title: t('platformRecharge.columns.refunded'),
      dataIndex: 'refundedCents',
      search: false,
      align: 'right',
      width: 110,
      render: (_, order) => (order.refundedCents > 0 ? money(order.refundedCents) : '—'),
    },
    {
      title: t('orders.columns.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(rechargeOrderStates, t, 'state.recharge'),
      width: 140,
      render: (_, order) => <RechargeStateTag order={order} />,
    },
    {
      title: t('orders.columns.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      render: (_, order) => formatDateTime(order.createdAt),
    },
    {
      title: t('orders.columns.paidAt'),
      dataIndex: 'paidAt',
      search: false,
      width: 150,
      render: (_, order) => formatDateTime(order.paidAt),
    },
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 130,
      render: (_, order) => [
        <a key="detail" onClick={() => setDialog({ kind: 'detail', order })}>
          {t('common.details')}
        </a>,
        canRefund(order) ? (
          <Can key="refund" permission="platform.recharge.edit">
            <a onClick={() => setDialog({ kind: 'refund', order })}>{t('platformRecharge.refund.action')}</a>
          </Can>
        ) : null,
      ],
    },
  ];

  return (
    <>
      <ProTable<RechargeOrder, PlatformRechargeFilters>
        rowKey="orderNo"
        headerTitle={t('platformRecharge.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1500 }}
        locale={{ emptyText: t('platformRecharge.empty') }}
      />
      {dialog?.kind === 'detail' && (
        <OrderDetailDrawer order={dialog.order} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'refund' && (
        <RefundModal
          key={dialog.order.orderNo}
          order={dialog.order}
          onClose={() => setDialog(null)}
          onDone={() => void actionRef.current?.reload()}
        />
      )}
    </>
  );
};
