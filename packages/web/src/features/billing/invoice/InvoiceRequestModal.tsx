import { App, Typography } from 'antd';
import { ProFormDependency, ProFormSelect, ProFormText } from '@ant-design/pro-components';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@openkefu/contract';
import { fetchBillPage, requestInvoice } from '../api';
import { BILLING_NS } from '../i18n';
import { ConfirmModalForm } from '../shared/ConfirmModalForm';
import { useMoney } from '../shared/useMoney';

export type InvoiceRequestForm = { bids?: string[]; title?: string; taxId?: string; email?: string };

/** The contract's limits, checked here first so the messages can name the field. */
export const INVOICE_MAX_BILLS = 24;
const TAX_ID = /^[0-9A-Z]{6,20}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Paid bills with no invoice (or a rejected one) can go on a new request. */
export const isInvoiceable = (bill: Bill) =>
  bill.state === 'paid' && (bill.invoiceState === null || bill.invoiceState === 'rejected');

export const INVOICEABLE_QUERY_KEY = ['billing', 'invoiceableBills'] as const;

/** Ask for an invoice over paid bills: which bills, the buyer's title and tax id, where to send it. */
export const InvoiceRequestModal = ({ onClose, onDone }: { onClose: () => void; onDone: () => void }) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const bills = useQuery({
    queryKey: INVOICEABLE_QUERY_KEY,
    queryFn: () => fetchBillPage({ page: 0, size: 100, state: 'paid' }),
  });
  const options = (bills.data?.content ?? []).filter(isInvoiceable);
  const totalOf = (bids: string[] | undefined) =>
    options.filter((bill) => bids?.includes(bill.bid)).reduce((sum, bill) => sum + bill.totalCents, 0);

  return (
    <ConfirmModalForm<InvoiceRequestForm>
      name="billing-invoice"
      title={t('invoice.request.title')}
      width={560}
      onClose={onClose}
      submitText={t('invoice.request.submit')}
      onSubmit={async (values) => {
        await requestInvoice({
          bids: values.bids ?? [],
          title: values.title?.trim() ?? '',
          taxId: values.taxId?.trim().toUpperCase() ?? '',
          email: values.email?.trim() ?? '',
        });
        void message.success(t('invoice.request.done', { email: values.email?.trim() }));
        onDone();
      }}
    >
      <ProFormSelect
        name="bids"
        label={t('invoice.fields.bills')}
        mode="multiple"
        placeholder={t('invoice.request.billsPlaceholder')}
        fieldProps={{
          loading: bills.isPending,
          notFoundContent: bills.isPending ? t('invoice.request.loadingBills') : t('invoice.request.noBills'),
        }}
        options={options.map((bill) => ({
          value: bill.bid,
          label: t('invoice.request.billOption', { period: bill.period, amount: money(bill.totalCents) }),
        }))}
        rules={[
          { required: true, type: 'array', min: 1, message: t('invoice.validation.billsRequired') },
          {
            type: 'array',
            max: INVOICE_MAX_BILLS,
            message: t('invoice.validation.billsMax', { max: INVOICE_MAX_BILLS }),
          },
        ]}
      />
      <ProFormDependency name={['bids']}>
        {({ bids }: InvoiceRequestForm) =>
          bids && bids.length > 0 ? (
            <Typography.Paragraph>
              {t('invoice.request.total', { amount: money(totalOf(bids)) })}
            </Typography.Paragraph>
          ) : null
        }
      </ProFormDependency>
      <ProFormText
        name="title"
        label={t('invoice.fields.title')}
        tooltip={t('invoice.help.title')}
        fieldProps={{ maxLength: 100 }}
        rules={[
          { required: true, whitespace: true, message: t('invoice.validation.titleRequired') },
          { max: 100, message: t('common.tooLong', { max: 100 }) },
        ]}
      />
      <ProFormText
        name="taxId"
        label={t('invoice.fields.taxId')}
        tooltip={t('invoice.help.taxId')}
        fieldProps={{ maxLength: 20 }}
        rules={[
          { required: true, whitespace: true, message: t('invoice.validation.taxIdRequired') },
          {
            validator: async (_: unknown, value: string | undefined) => {
              if (!value || value.trim() === '') return;
              if (!TAX_ID.test(value.trim().toUpperCase())) throw new Error(t('invoice.validation.taxId'));
            },
          },
        ]}
      />
      <ProFormText
        name="email"
        label={t('invoice.fields.email')}
        tooltip={t('invoice.help.email')}
        fieldProps={{ maxLength: 120 }}
        rules={[
          { required: true, whitespace: true, message: t('invoice.validation.emailRequired') },
          {
            validator: async (_: unknown, value: string | undefined) => {
              if (!value || value.trim() === '') return;
              if (!EMAIL.test(value.trim()) || value.trim().length > 120)
                throw new Error(t('invoice.validation.email'));
            },
          },
        ]}
      />
    </ConfirmModalForm>
  );
};
