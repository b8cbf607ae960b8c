import { useRef, useState } from 'react';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@openkefu/contract';
import { Can } from '../../../shared/components/Authorized';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { BILLING_NS } from '../../billing/i18n';
import { DownloadInvoiceLink, useInvoiceColumns } from '../../billing/shared/invoiceColumns';
import { reportUnlessHandled } from '../shared/reportError';
import { fetchPlatformInvoicePage, type PlatformInvoiceFilters } from './api';
import { IssueInvoiceModal } from './IssueInvoiceModal';
import { RejectInvoiceModal } from './RejectInvoiceModal';
import '../../billing/billing.css';

type Dialog = { kind: 'issue' | 'reject'; invoice: Invoice } | null;

/**
 * Platform → invoices (`/stable/platform/invoice`): the organisations' invoice requests; staff issue
 * one with an uploaded or generated PDF, or reject it with a reason.
 */
export const PlatformInvoicePage = () => {
  const { t } = useTranslation(BILLING_NS);
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [dialog, setDialog] = useState<Dialog>(null);
  const baseColumns = useInvoiceColumns({ hasOrganization: true });
  const request = usePageRequest<Invoice, PlatformInvoiceFilters>(fetchPlatformInvoicePage, {
    onError: reportUnlessHandled,
  });
  const reload = () => void actionRef.current?.reload();
  const columns: ProColumns<Invoice>[] = [
    ...baseColumns,
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_, invoice) =>
        invoice.state === 'requested'
          ? [
              <Can key="issue" permission="platform.invoice.edit">
                <a onClick={() => setDialog({ kind: 'issue', invoice })}>
                  {t('platformInvoice.issue.action')}
                </a>
              </Can>,
              <Can key="reject" permission="platform.invoice.edit">
                <a onClick={() => setDialog({ kind: 'reject', invoice })}>
                  {t('platformInvoice.reject.action')}
                </a>
              </Can>,
            ]
          : invoice.state === 'issued'
            ? [<DownloadInvoiceLink key="download" invoice={invoice} />]
            : [],
    },
  ];
  return (
    <>
      <ProTable<Invoice, PlatformInvoiceFilters>
        rowKey="ivid"
        headerTitle={t('platformInvoice.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ labelWidth: 'auto' }}
        scroll={{ x: 1400 }}
        locale={{ emptyText: t('platformInvoice.empty') }}
      />
      {dialog?.kind === 'issue' && (
        <IssueInvoiceModal
          key={dialog.invoice.ivid}
          invoice={dialog.invoice}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
      {dialog?.kind === 'reject' && (
        <RejectInvoiceModal
          key={dialog.invoice.ivid}
          invoice={dialog.invoice}
          onClose={() => setDialog(null)}
          onDone={reload}
        />
      )}
    </>
  );
};
