import type { RefObject } from 'react';
import { App } from 'antd';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Bill, BillingOverview } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { fetchBillPage, fetchOverview, payBill, type BillFilters } from '../api';
import type { ShortfallInfo } from '../components/Shortfall';
import { BILLING_NS } from '../i18n';
import { billExpandable, useBillColumns } from '../shared/billColumns';
import { useMoney } from '../shared/useMoney';

export type BillsTableProps = {
  actionRef: RefObject<ActionType | undefined>;
  overview: BillingOverview;
  /** The balance cannot cover a payment: the page explains and offers the recharge page. */
  onShortfall: (info: ShortfallInfo) => void;
  /** A bill was paid: the overview and the ledger change too. */
  onPaid: () => void;
};

/** Settings → bills: the organisation's monthly bills; an unpaid one is paid from the balance. */
export const BillsTable = ({ actionRef, overview, onShortfall, onPaid }: BillsTableProps) => {
  const { t } = useTranslation(BILLING_NS);
  const { message, modal } = App.useApp();
  const money = useMoney();
  const baseColumns = useBillColumns();
  const request = usePageRequest<Bill, BillFilters>(fetchBillPage, { onError: reportUnlessHandled });

  const shortfallOf = (bill: Bill, balanceCents: number): ShortfallInfo => ({
    balanceCents,
    neededCents: bill.totalCents,
    what: t('bills.billOf', { period: bill.period }),
  });

  const pay = (bill: Bill) => {
    if (overview.balanceCents < bill.totalCents) {
      onShortfall(shortfallOf(bill, overview.balanceCents));
      return;
    }
    modal.confirm({
      title: t('bills.payConfirm', { period: bill.period, amount: money(bill.totalCents) }),
      content: t('bills.payConfirmBalance', { balance: money(overview.balanceCents - bill.totalCents) }),
      okText: t('bills.pay'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await payBill(bill.bid);
          void message.success(t('bills.paid', { period: bill.period, balance: money(result.balanceCents) }));
          onPaid();
        } catch (error) {
          // Another payment may have taken the balance meanwhile: say so rather than a bare refusal.
          const latest = await fetchOverview({ silent: true }).catch(() => null);
          if (latest && latest.balanceCents < bill.totalCents)
            onShortfall(shortfallOf(bill, latest.balanceCents));
          else reportUnlessHandled(error);
        }
        await actionRef.current?.reload();
      },
    });
  };

  const columns: ProColumns<Bill>[] = [
    ...baseColumns,
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      width: 90,
      render: (_, bill) =>
        bill.state === 'unpaid'
          ? [
              <a key="pay" onClick={() => pay(bill)}>
                {t('bills.pay')}
              </a>,
            ]
          : [],
    },
  ];

  return (
    <ProTable<Bill, BillFilters>
      rowKey="bid"
      headerTitle={t('bills.title')}
      actionRef={actionRef}
      columns={columns}
      request={request}
      expandable={billExpandable}
      pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
      search={{ filterType: 'light' }}
      scroll={{ x: 1000 }}
      locale={{ emptyText: t('bills.empty') }}
      options={{ density: false, setting: false }}
    />
  );
};
