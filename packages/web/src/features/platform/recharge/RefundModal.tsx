import { App, Typography } from 'antd';
import { ProFormDigit, ProFormTextArea } from '@ant-design/pro-components';
import { useTranslation } from 'react-i18next';
import type { RechargeOrder } from '@openkefu/contract';
import { BILLING_NS } from '../../billing/i18n';
import { ConfirmModalForm } from '../../billing/shared/ConfirmModalForm';
import { centsToYuan, yuanToCents } from '../../billing/shared/money';
import { useMoney } from '../../billing/shared/useMoney';
import { refundOrder } from './api';

type RefundForm = { amount?: number; reason?: string };

/** What is left to refund of an order: what the payer paid less what went back already. */
export const refundableCents = (order: Pick<RechargeOrder, 'payCents' | 'refundedCents'>) =>
  Math.max(order.payCents - order.refundedCents, 0);

/** Refund (part of) a paid order: the amount (at most what is left), a reason, then a confirmation. */
export const RefundModal = ({
  order,
  onClose,
  onDone,
}: {
  order: RechargeOrder;
  onClose: () => void;
  onDone: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const maxCents = refundableCents(order);
  return (
    <ConfirmModalForm<RefundForm>
      name="platform-refund"
      title={t('platformRecharge.refund.title', { orderNo: order.orderNo })}
      onClose={onClose}
      initialValues={{ amount: centsToYuan(maxCents) }}
      submitText={t('platformRecharge.refund.submit')}
      confirm={(values) => ({
        title: t('platformRecharge.refund.confirm', {
          amount: money(yuanToCents(values.amount ?? 0)),
          orderNo: order.orderNo,
        }),
        content: t('platformRecharge.refund.confirmHelp'),
        okText: t('platformRecharge.refund.submit'),
        isDanger: true,
      })}
      onSubmit={async (values) => {
        await refundOrder({
          orderNo: order.orderNo,
          amountCents: yuanToCents(values.amount ?? 0),
          reason: values.reason?.trim() ?? '',
        });
        void message.success(t('platformRecharge.refund.done', { orderNo: order.orderNo }));
        onDone();
      }}
    >
      <Typography.Paragraph type="secondary">
        {t('platformRecharge.refund.summary', {
          paid: money(order.payCents),
          refunded: money(order.refundedCents),
          left: money(maxCents),
        })}
      </Typography.Paragraph>
      <ProFormDigit
        name="amount"
        label={t('platformRecharge.refund.amount')}
        fieldProps={{ precision: 2, prefix: '¥' }}
        rules={[
          { required: true, message: t('platformRecharge.refund.validation.amountRequired') },
          {
            validator: async (_: unknown, value: number | null | undefined) => {
              if (value === null || value === undefined) return;
              const cents = yuanToCents(value);
              if (cents < 1 || cents > maxCents)
                throw new Error(
                  t('platformRecharge.refund.validation.amountRange', { max: money(maxCents) }),
                );
            },
          },
        ]}
      />
      <ProFormTextArea
        name="reason"
        label={t('platformRecharge.refund.reason')}
        rules={[
          {
            required: true,
            whitespace: true,
            message: t('platformRecharge.refund.validation.reasonRequired'),
          },
          { max: 200, message: t('common.tooLong', { max: 200 }) },
        ]}
        fieldProps={{ rows: 3, maxLength: 200, showCount: true }}
      />
    </ConfirmModalForm>
  );
};
