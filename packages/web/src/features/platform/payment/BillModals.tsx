import { App, Typography } from 'antd';
import { ProFormDatePicker, ProFormText, ProFormTextArea } from '@ant-design/pro-components';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Bill } from '@openkefu/contract';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { useMoney } from '../../billing/shared/useMoney';
import { issueBill, voidBill } from './api';

type VoidForm = { reason?: string };

/** Void a bill with a reason; a paid bill's amount goes back to the balance. Asks first. */
export const VoidBillModal = ({
  bill,
  onClose,
  onDone,
}: {
  bill: Bill;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const organization = bill.organization?.name ?? '';
  return (
    <ConfirmModalForm<VoidForm>
      name="platform-bill-void"
      title={t('platformPayment.void.title', { period: bill.period, organization })}
      onClose={onClose}
      submitText={t('platformPayment.void.submit')}
      confirm={() => ({
        title: t('platformPayment.void.confirm', { period: bill.period, organization }),
        content:
          bill.state === 'paid'
            ? t('platformPayment.void.paidHelp', { amount: money(bill.totalCents) })
            : t('platformPayment.void.unpaidHelp'),
        okText: t('platformPayment.void.submit'),
        isDanger: true,
      })}
      onSubmit={async (values) => {
        await voidBill(bill.bid, values.reason?.trim() ?? '');
        void message.success(t('platformPayment.void.done', { period: bill.period }));
        onDone();
      }}
    >
      <Typography.Paragraph type="secondary">
        {t('platformPayment.void.summary', {
          amount: money(bill.totalCents),
          state: t(`state.bill.${bill.state}`),
        })}
      </Typography.Paragraph>
      <ProFormTextArea
        name="reason"
        label={t('platformPayment.fields.reason')}
        rules={[
          { required: true, whitespace: true, message: t('platformPayment.validation.reasonRequired') },
          { max: 200, message: t('common.tooLong', { max: 200 }) },
        ]}
        fieldProps={{ rows: 3, maxLength: 200, showCount: true }}
      />
    </ConfirmModalForm>
  );
};

type IssueForm = { subDomain?: string; period?: unknown };

/** Issue one organisation's bill for a month now (tests, corrections after a void). */
export const IssueBillModal = ({ onClose, onDone }: { onClose: () => void; onDone: () => void }) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  return (
    <ConfirmModalForm<IssueForm>
      name="platform-bill-issue"
      title={t('platformPayment.issue.title')}
      onClose={onClose}
      submitText={t('platformPayment.issue.submit')}
      initialValues={{ period: dayjs().subtract(1, 'month') }}
      onSubmit={async (values) => {
        const period = dayjs(values.period as string).format('YYYY-MM');
        const bill = await issueBill(values.subDomain?.trim() ?? '', period);
        void message.success(t('platformPayment.issue.done', { period: bill.period }));
        onDone();
      }}
    >
      <Typography.Paragraph type="secondary">{t('platformPayment.issue.help')}</Typography.Paragraph>
      <SubDomainField />
      <ProFormDatePicker.Month
        name="period"
        label={t('platformPayment.fields.period')}
        rules={[{ required: true, message: t('platformPayment.validation.periodRequired') }]}
        fieldProps={{ format: 'YYYY-MM', style: { width: '100%' } }}
      />
    </ConfirmModalForm>
  );
};

/** The organisation an action applies to, by its sub-domain. */
export const SubDomainField = ({ disabled = false }: { disabled?: boolean }) => {
  const { t } = useTranslation(BILLING_NS);
  return (
    <ProFormText
      name="subDomain"
      label={t('common.subDomain')}
      disabled={disabled}
      placeholder={t('platformPayment.fields.subDomainPlaceholder')}
      rules={[
        { required: true, whitespace: true, message: t('platformPayment.validation.subDomainRequired') },
        { max: 64, message: t('common.tooLong', { max: 64 }) },
      ]}
    />
  );
};
