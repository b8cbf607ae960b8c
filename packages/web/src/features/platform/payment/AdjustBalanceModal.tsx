import { App } from 'antd';
import { ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { yuanToCents } from '../../billing/shared/money';
import { useMoney } from '../../billing/shared/useMoney';
import { adjustBalance } from './api';
import { SubDomainField } from './BillModals';

type AdjustForm = { subDomain?: string; direction?: 'credit' | 'debit'; amount?: number; reason?: string };

/** Largest single adjustment the form takes: ¥1,000,000. */
export const ADJUST_MAX_YUAN = 1_000_000;

/** Credit (+) or debit (−) an organisation's balance with a reason; asks before moving money. */
export const AdjustBalanceModal = ({
  subDomain,
  onClose,
  onDone,
}: {
  subDomain?: string;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  return (
    <ConfirmModalForm<AdjustForm>
      name="platform-balance-adjust"
      title={t('platformPayment.adjust.title')}
      onClose={onClose}
      initialValues={{ subDomain, direction: 'credit' }}
      submitText={t('platformPayment.adjust.submit')}
      confirm={(values) => ({
        title: t(`platformPayment.adjust.confirm.${values.direction ?? 'credit'}`, {
          amount: money(yuanToCents(values.amount ?? 0)),
          subDomain: values.subDomain?.trim(),
        }),
        content: values.reason,
        okText: t('platformPayment.adjust.submit'),
        isDanger: values.direction === 'debit',
      })}
      onSubmit={async (values) => {
        const entry = await adjustBalance({
          subDomain: values.subDomain?.trim() ?? '',
          direction: values.direction ?? 'credit',
          amountCents: yuanToCents(values.amount ?? 0),
          reason: values.reason?.trim() ?? '',
        });
        void message.success(
          t('platformPayment.adjust.done', {
            subDomain: values.subDomain?.trim(),
            balance: money(entry.balanceAfterCents),
          }),
        );
        onDone();
      }}
    >
      <SubDomainField />
      <ProFormRadio.Group
        name="direction"
        label={t('platformPayment.fields.direction')}
        radioType="button"
        options={[
          { value: 'credit', label: t('platformPayment.adjust.credit') },
          { value: 'debit', label: t('platformPayment.adjust.debit') },
        ]}
        rules={[{ required: true, message: t('platformPayment.validation.directionRequired') }]}
      />
      <ProFormDigit
        name="amount"
        label={t('platformPayment.fields.amount')}
        fieldProps={{ precision: 2, prefix: '¥' }}
        rules={[
          { required: true, message: t('platformPayment.validation.amountRequired') },
          {
            validator: async (_: unknown, value: number | null | undefined) => {
              if (value === null || value === undefined) return;
              if (yuanToCents(value) < 1 || value > ADJUST_MAX_YUAN)
                throw new Error(
                  t('platformPayment.validation.amountRange', { max: money(yuanToCents(ADJUST_MAX_YUAN)) }),
                );
            },
          },
        ]}
      />
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
