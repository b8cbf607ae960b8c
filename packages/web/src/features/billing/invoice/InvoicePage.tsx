import { useRef, useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { usePageRequest } from '../../../shared/table/usePageRequest';
import { fetchInvoicePage, type InvoiceFilters } from '../api';
import { BILLING_NS } from '../i18n';
import { DownloadInvoiceLink, useInvoiceColumns } from '../shared/invoiceColumns';
import { INVOICEABLE_QUERY_KEY, InvoiceRequestModal } from './InvoiceRequestModal';
import '../billing.css';

/**
 * Settings → invoices (`/stable/settings/invoice`, debug-only in the menu): ask for an invoice over
 * paid bills, follow the requests, download the PDF once issued.
 */
export const InvoicePage = () => {
  const { t } = useTranslation(BILLING_NS);
  const queryClient = useQueryClient();
  const actionRef = useRef<ActionType | undefined>(undefined);
  const [isRequesting, setRequesting] = useState(false);
  const baseColumns = useInvoiceColumns();
  const request = usePageRequest<Invoice, InvoiceFilters>(fetchInvoicePage, { onError: reportUnlessHandled });
  const columns: ProColumns<Invoice>[] = [
    ...baseColumns,
    {
      title: t('common.actions'),
      valueType: 'option',
      key: 'actions',
      width: 110,
      render: (_, invoice) =>
        invoice.state === 'issued' ? [<DownloadInvoiceLink key="pdf" invoice={invoice} />] : [],
    },
  ];
  return (
    <>
      <ProTable<Invoice, InvoiceFilters>
        rowKey="ivid"
        headerTitle={t('invoice.title')}
        actionRef={actionRef}
        columns={columns}
        request={request}
        pagination={{ defaultPageSize: 20, showSizeChanger: true, showTotal: request.showTotal }}
        search={{ filterType: 'light' }}
        scroll={{ x: 1100 }}
        locale={{ emptyText: t('invoice.empty') }}
        options={{ density: false, setting: false }}
        toolBarRender={() => [
          <Button key="request" type="primary" icon={<PlusOutlined />} onClick={() => setRequesting(true)}>
            {t('invoice.request.action')}
          </Button>,
        ]}
      />
      {isRequesting && (
        <InvoiceRequestModal
          onClose={() => setRequesting(false)}
          onDone={() => {
            void queryClient.invalidateQueries({ queryKey: INVOICEABLE_QUERY_KEY });
            void actionRef.current?.reload();
          }}
        />
      )}
    </>
  );
};
