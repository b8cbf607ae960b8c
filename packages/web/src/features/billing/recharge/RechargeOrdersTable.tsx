import type { RefObject } from 'react';
import { App, Popconfirm, Typography } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { paymentProviders, rechargeOrderStates, type RechargeOrder } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { closeRecharge, fetchRechargePage, type RechargeFilters } from '../api';
import { BILLING_NS } from '../i18n';
import { ProviderLabel, RechargeStateTag } from '../shared/tags';
import { formatDateTime } from '../shared/time';
import { useMoney } from '../shared/useMoney';
import { valueEnumOf } from '../shared/valueEnum';

const isPayable = (order: RechargeOrder) => order.state === 'pending' && order.expiresAt > Date.now();

/** Settings → recharge: the organisation's own orders; a pending one can be paid or cancelled. */
export const RechargeOrdersTable = ({
  actionRef,
  onContinue,
}: {
  actionRef: RefObject<ActionType | undefined>;
  onContinue: (order: RechargeOrder) => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const request = usePageRequest<RechargeOrder, RechargeFilters>(fetchRechargePage, {
    onError: reportUnlessHandled,
  });

  const cancel = async (order: RechargeOrder) => {
    try {
      await closeRecharge(order.orderNo);
      void message.success(t('pay.cancelled', { orderNo: order.orderNo }));
    } catch (error) {
      reportUnlessHandled(error);
    }
    await actionRef.current?.reload();
  };

  const columns: ProColumns<RechargeOrder>[] = [
    {
      title: t('orders.columns.orderNo'),
      dataIndex: 'orderNo',
      search: false,
      width: 210,
      render: (_, order) => <Typography.Text copyable>{order.orderNo}</Typography.Text>,
    },
    {
      title: t('orders.columns.createdAt'),
      dataIndex: 'createdAt',
      search: false,
      width: 150,
      render: (_, order) => formatDateTime(order.createdAt),
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
      width: 120,
      render: (_, order) => money(order.amountCents),
    },
    {
      title: t('orders.columns.paid'),
      dataIndex: 'payCents',
      search: false,
      align: 'right',
      width: 150,
      render: (_, order) =>
        order.discountCents > 0 ? (
          <span title={order.promotionCode ?? undefined}>
            {money(order.payCents)}{' '}
            <Typography.Text type="secondary">
              {t('orders.discount', { amount: money(order.discountCents) })}
            </Typography.Text>
          </span>
        ) : (
          money(order.payCents)
        ),
    },
    {
      title: t('orders.columns.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(rechargeOrderStates, t, 'state.recharge'),
      width: 130,
      render: (_, order) => <RechargeStateTag order={order} />,
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
      width: 150,
      render: (_, order) =>
        isPayable(order)
          ? [
              <a key="pay" onClick={() => onContinue(order)}>
                {t('orders.continue')}
              </a>,
              <Popconfirm
                key="cancel"
                title={t('pay.cancelConfirm')}
                okText={t('common.yes')}
                cancelText={t('common.no')}
                onConfirm={() => cancel(order)}
              >
                <a>{t('orders.cancel')}</a>
              </Popconfirm>,
            ]
          : [],
    },
  ];

  return (
    <ProTable<RechargeOrder, RechargeFilters>
      rowKey="orderNo"
      headerTitle={t('orders.title')}
      actionRef={actionRef}
      columns={columns}
      request={request}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
      search={{ filterType: 'light' }}
      scroll={{ x: 1150 }}
      locale={{ emptyText: t('orders.empty') }}
      options={{ density: false, setting: false }}
    />
  );
};
