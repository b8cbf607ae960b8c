import { useState } from 'react';
import { Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { invoiceStates, type Invoice } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { downloadInvoicePdf } from '../api';
import { BILLING_NS } from '../i18n';
import { InvoiceStateTag } from './tags';
import { formatDateTime } from './time';
import { useMoney } from './useMoney';
import { valueEnumOf } from './valueEnum';

/** Downloads an issued invoice's PDF (with the session's token). */
export const DownloadInvoiceLink = ({ invoice }: { invoice: Invoice }) => {
  const { t } = useTranslation(BILLING_NS);
  const [isPending, setPending] = useState(false);
  return (
    <Typography.Link
      disabled={isPending}
      onClick={async () => {
        setPending(true);
        try {
          await downloadInvoicePdf(invoice);
        } catch (error) {
          reportUnlessHandled(error);
        } finally {
          setPending(false);
        }
      }}
    >
      <DownloadOutlined /> {t('invoice.download')}
    </Typography.Link>
  );
};

/** The columns every invoice list shows; the platform's adds the organisation and its actions. */
export const useInvoiceColumns = ({ hasOrganization = false }: { hasOrganization?: boolean } = {}) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const columns: ProColumns<Invoice>[] = [
    {
      title: t('invoice.columns.requestedAt'),
      dataIndex: 'requestedAt',
      search: false,
      width: 150,
      render: (_, invoice) => formatDateTime(invoice.requestedAt),
    },
    ...(hasOrganization
      ? [
          { title: t('common.subDomain'), dataIndex: 'subDomain', hideInTable: true },
          {
            title: t('common.organization'),
            key: 'organization',
            search: false,
            width: 160,
            render: (_: unknown, invoice: Invoice) =>
              invoice.organization ? (
                <Space orientation="vertical" size={0}>
                  <span>{invoice.organization.name}</span>
                  <Typography.Text type="secondary">{invoice.organization.subDomain}</Typography.Text>
                </Space>
              ) : null,
          },
        ]
      : []),
    {
      title: t('invoice.fields.title'),
      dataIndex: 'title',
      search: false,
      width: 180,
      render: (_, invoice) => (
        <Space orientation="vertical" size={0}>
          <span>{invoice.title}</span>
          <Typography.Text type="secondary">{invoice.taxId}</Typography.Text>
        </Space>
      ),
    },
    { title: t('invoice.fields.email'), dataIndex: 'email', search: false, width: 180, ellipsis: true },
    {
      title: t('invoice.columns.bills'),
      key: 'bills',
      search: false,
      width: 150,
      render: (_, invoice) => invoice.bills.map((bill) => bill.period).join(', '),
    },
    {
      title: t('invoice.columns.amount'),
      dataIndex: 'amountCents',
      search: false,
      align: 'right',
      width: 110,
      render: (_, invoice) => money(invoice.amountCents),
    },
    {
      title: t('invoice.columns.state'),
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: valueEnumOf(invoiceStates, t, 'state.invoice'),
      width: 200,
      render: (_, invoice) => (
        <Space orientation="vertical" size={0}>
          <InvoiceStateTag state={invoice.state} />
          {invoice.state === 'rejected' && invoice.rejectReason && (
            <Typography.Text type="danger">
              {t('invoice.rejectedBecause', { reason: invoice.rejectReason })}
            </Typography.Text>
          )}
          {invoice.decidedAt !== null && (
            <Typography.Text type="secondary">{formatDateTime(invoice.decidedAt)}</Typography.Text>
          )}
        </Space>
      ),
    },
  ];
  return columns;
};
