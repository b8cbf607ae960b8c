import { useRef, useState } from 'react';
import { Button, Tabs } from 'antd';
import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { BILLING_NS } from '../../billing/i18n';
import { billExpandable, useBillColumns } from '../../billing/shared/billColumns';
import { LedgerTable } from '../../billing/shared/LedgerTable';
import { reportUnlessHandled } from '../shared/reportError';
import { AdjustBalanceModal } from './AdjustBalanceModal';
import { fetchPlatformBillPage, fetchPlatformLedgerPage, type PlatformBillFilters } from './api';
import { IssueBillModal, VoidBillModal } from './BillModals';
import { PlansTab } from './PlansTab';
import '../../billing/billing.css';

const tabs = ['bills', 'ledger', 'plans'] as const;
type PaymentTab = (typeof tabs)[number];
const toTab = (value: string | null): PaymentTab => tabs.find((tab) => tab === value) ?? 'bills';

type Dialog = { kind: 'void'; bill: Bill } | { kind: 'issue' } | { kind: 'adjust' } | null;

const BillsTab = () => {
  const { t } = useTranslation(BILLING_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const baseColumns = useBillColumns({ hasOrganization: true });
  const request = usePageRequest<Bill, PlatformBillFilters>(fetchPlatformBillPage, {
    onError: reportUnlessHandled,
  });
  const reload = () => void actionRef.current?.reload();
  const columns: ProColumns<Bill>[] = [
    ...baseColumns,
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 90,
      render: (_, bill) =>
        bill.state === 'void'
          ? []
          : [
              <Can key="void" permission="platform.payment.edit">
                <a onClick={() => setDialog({ kind: 'void', bill })}>{t('platformPayment.void.action')}</a>
              </Can>,
            ],
    },
  ];
  return (
    <>
      <ProTable<Bill, PlatformBillFilters>
        rowKey="bid"
        headerTitle={t('platformPayment.billsTitle')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        expandable={billExpandable}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1200 }}
        locale={{ emptyText: t('bills.empty') }}
        toolBarRender={() => [
          <Can key="issue" permission="platform.payment.edit">
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'issue' })}>
              {t('platformPayment.issue.action')}
            </Button>
          </Can>,
        ]}
      />
      {dialog?.kind === 'void' && (
        <VoidBillModal
          key={dialog.bill.bid}
          bill={dialog.bill}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
      {dialog?.kind === 'issue' && <IssueBillModal onClose={() => setDialog(null)} onDone={reload} />}
    </>
  );
};

const LedgerTab = () => {
  const { t } = useTranslation(BILLING_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [isAdjusting, setAdjusting] = useState(false);
  return (
    <>
      <LedgerTable
        fetchPage={fetchPlatformLedgerPage}
        hasOrganization
        actionRef={actionRef}
        toolBarRender={() => [
          <Can key="adjust" permission="platform.payment.edit">
            <Button type="primary" icon={<SwapOutlined />} onClick={() => setAdjusting(true)}>
              {t('platformPayment.adjust.action')}
            </Button>
          </Can>,
        ]}
      />
      {isAdjusting && (
        <AdjustBalanceModal
          onClose={() => setAdjusting(false)}
          onDone={() => void actionRef.current?.reload()}
        />
      )}
    </>
  );
};

/**
 * Platform → payments (`/stable/platform/payment`): every organisation's bills (void, issue), the
 * balance ledger across organisations with manual credits and debits, and the plans. `?tab=` keeps
 * the chosen tab across reloads.
 */
export const PlatformPaymentPage = () => {
  const { t } = useTranslation(BILLING_NS);
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = toTab(searchParams.get('tab'));
  return (
    <Tabs
      activeKey={tab}
      destroyOnHidden
      onChange={(key) =>
        setSearchParams(
          (params) => {
            const next = new URLSearchParams(params);
            if (key === 'bills') next.delete('tab');
            else next.set('tab', key);
            return next;
          },
          { replace: true },
        )
      }
      items={[
        { key: 'bills', label: t('platformPayment.tabs.bills'), children: <BillsTab /> },
        { key: 'ledger', label: t('platformPayment.tabs.ledger'), children: <LedgerTab /> },
        { key: 'plans', label: t('platformPayment.tabs.plans'), children: <PlansTab /> },
      ]}
    />
  );
};
