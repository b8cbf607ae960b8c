import { App, Button, Card, Form, InputNumber, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingOverview } from '@openkefu/contract';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { fetchOverview, renew } from '../api';
import type { ShortfallInfo } from '../components/Shortfall';
import { BILLING_NS } from '../i18n';
import { useMoney } from '../shared/useMoney';

export const RENEW_MIN_MONTHS = 1;
export const RENEW_MAX_MONTHS = 36;

type RenewForm = { months?: number | null };

/** Pays months × the plan's base fee from the balance ahead of time, extending the validity. */
export const RenewCard = ({
  overview,
  onShortfall,
  onRenewed,
}: {
  overview: BillingOverview;
  onShortfall: (info: ShortfallInfo) => void;
  onRenewed: () => void;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const { message, modal } = App.useApp();
  const money = useMoney();
  const [form] = Form.useForm<RenewForm>();
  const months = Form.useWatch('months', form);
  const plan = overview.plan;
  const isMonthsValid =
    typeof months === 'number' &&
    Number.isInteger(months) &&
    months >= RENEW_MIN_MONTHS &&
    months <= RENEW_MAX_MONTHS;
  const costCents = plan && isMonthsValid ? plan.monthlyCents * months : null;

  const submit = ({ months: chosen }: RenewForm) => {
    if (!plan || typeof chosen !== 'number') return;
    const cost = plan.monthlyCents * chosen;
    const what = t('renew.what', { count: chosen });
    if (overview.balanceCents < cost) {
      onShortfall({ balanceCents: overview.balanceCents, neededCents: cost, what });
      return;
    }
    modal.confirm({
      title: t('renew.confirm', { count: chosen, amount: money(cost) }),
      content: t('bills.payConfirmBalance', { balance: money(overview.balanceCents - cost) }),
      okText: t('renew.submit'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          const result = await renew(chosen);
          void message.success(t('renew.done', { date: result.validateUntilDate ?? t('overview.noExpiry') }));
          onRenewed();
        } catch (error) {
          const latest = await fetchOverview({ silent: true }).catch(() => null);
          if (latest && latest.balanceCents < cost)
            onShortfall({ balanceCents: latest.balanceCents, neededCents: cost, what });
          else reportUnlessHandled(error);
        }
      },
    });
  };

  return (
    <Card title={t('renew.title')}>
      {plan ? (
        <Form<RenewForm>
          form={form}
          name="billing-renew"
          layout="vertical"
          initialValues={{ months: 12 }}
          onFinish={submit}
        >
          <Form.Item
            name="months"
            label={t('renew.months')}
            rules={[
              { required: true, message: t('renew.validation.monthsRequired') },
              {
                type: 'integer',
                min: RENEW_MIN_MONTHS,
                max: RENEW_MAX_MONTHS,
                message: t('renew.validation.monthsRange', { min: RENEW_MIN_MONTHS, max: RENEW_MAX_MONTHS }),
              },
            ]}
          >
            <InputNumber<number>
              precision={0}
              min={0}
              style={{ width: 160 }}
              suffix={t('renew.monthsUnit')}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Typography.Text>
                {costCents === null ? '' : t('renew.cost', { amount: money(costCents) })}
              </Typography.Text>
              <Button type="primary" htmlType="submit">
                {t('renew.submit')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      ) : (
        <Typography.Text type="secondary">{t('renew.noPlan')}</Typography.Text>
      )}
      <Typography.Paragraph type="secondary" className="ok-billing__hint">
        {t('renew.help')}
      </Typography.Paragraph>
    </Card>
  );
};
