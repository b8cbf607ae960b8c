import { App } from 'antd';
import { ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { Invoice } from '@openkefu/contract';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { rejectInvoice } from './api';

type RejectForm = { reason?: string };

/** Reject a requested invoice with the reason the requester is emailed. Asks first. */
export const RejectInvoiceModal = ({
  invoice,
  onClose,
  onDone,
}: {
  invoice: Invoice;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  return (
    <ConfirmModalForm<RejectForm>
      name="platform-invoice-reject"
      title={t('platformInvoice.reject.title', { title: invoice.title })}
      onClose={onClose}
      submitText={t('platformInvoice.reject.submit')}
      confirm={() => ({
        title: t('platformInvoice.reject.confirm', { title: invoice.title }),
        content: t('platformInvoice.reject.confirmHelp'),
        okText: t('platformInvoice.reject.submit'),
        isDanger: true,
      })}
      onSubmit={async (values) => {
        await rejectInvoice(invoice.ivid, values.reason?.trim() ?? '');
        void message.success(t('platformInvoice.reject.done', { title: invoice.title }));
        onDone();
      }}
    >
      <ProFormTextArea
        name="reason"
        label={t('platformInvoice.reject.reason')}
        tooltip={t('platformInvoice.reject.reasonHelp')}
        rules={[
          { required: true, whitespace: true, message: t('platformInvoice.reject.reasonRequired') },
          { max: 200, message: t('common.tooLong', { max: 200 }) },
        ]}
        fieldProps={{ rows: 3, maxLength: 200, showCount: true }}
      />
    </ConfirmModalForm>
  );
};
