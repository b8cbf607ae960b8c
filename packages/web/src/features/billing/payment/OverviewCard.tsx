import { useState } from 'react';
import { App, Card, Col, Row, Space, Statistic, Switch, Tag, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BillingOverview } from '@openkefu/contract';
import { useLanguage } from '../../../shared/i18n';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { OVERVIEW_QUERY_KEY, saveBillingSettings } from '../api';
import { ValidityText } from '../components/ValidityText';
import { BILLING_NS } from '../i18n';
import { formatTokens } from '../shared/money';
import { useMoney } from '../shared/useMoney';

const stateColors: Record<BillingOverview['state'], string> = {
  active: 'success',
  expiring: 'warning',
  expired: 'error',
};

/**
 * The organisation's billing at a glance: state and validity, balance, this month's usage and its
 * estimate, unpaid bills, and the switches it controls (auto-pay, the plan's add-ons).
 */
export const OverviewCard = ({ overview }: { overview: BillingOverview }) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const language = useLanguage();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<string | null>(null);

  const save = async (key: string, body: Parameters<typeof saveBillingSettings>[0]) => {
    setSaving(key);
    try {
      const next = await saveBillingSettings(body);
      queryClient.setQueryData(OVERVIEW_QUERY_KEY, next);
      void message.success(t('overview.saved'));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setSaving(null);
    }
  };

  const toggleAddOn = (code: string, isOn: boolean) =>
    save(`addon:${code}`, {
      addOns: isOn ? [...overview.addOns, code] : overview.addOns.filter((entry) => entry !== code),
    });

  const { usage } = overview;
  return (
    <Card
      title={
        <Space>
          {t('overview.title')}
          <Tag color={stateColors[overview.state]}>{t(`state.overview.${overview.state}`)}</Tag>
        </Space>
      }
    >
      <Row gutter={[24, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('overview.balance')} value={money(overview.balanceCents)} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('overview.validUntil')}
            value={overview.validateUntilDate ?? ''}
            formatter={() => <ValidityText overview={overview} />}
          />
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('overview.estimate', { period: usage.period })}
            value={money(usage.estimateCents)}
          />
          <Typography.Text type="secondary">
            {t('overview.usage', {
              seats: usage.peakSeats,
              tokens: formatTokens(usage.tokens, language),
            })}
          </Typography.Text>
        </Col>
        <Col xs={12} md={6}>
          <Statistic
            title={t('overview.unpaid')}
            value={money(overview.unpaidCents)}
            styles={{ content: overview.unpaidBills > 0 ? { color: '#fa8c16' } : undefined }}
          />
          <Typography.Text type="secondary">
            {t('overview.unpaidBills', { count: overview.unpaidBills })}
          </Typography.Text>
        </Col>
      </Row>
      <Row gutter={[24, 16]} className="ok-billing__switches">
        <Col xs={24} md={12}>
          <Space orientation="vertical" size={4}>
            <Typography.Text strong>{t('overview.plan')}</Typography.Text>
            {overview.plan ? (
              <Typography.Text>
                {overview.plan.name} · {t('overview.perMonth', { amount: money(overview.plan.monthlyCents) })}
                {' · '}
                {t('overview.included', {
                  seats: overview.plan.includedSeats,
                  tokens: formatTokens(overview.plan.includedTokens, language),
                })}
              </Typography.Text>
            ) : (
              <Typography.Text type="secondary">{t('overview.noPlan')}</Typography.Text>
            )}
          </Space>
        </Col>
        <Col xs={24} md={12}>
          <Space orientation="vertical" size={8}>
            <Space>
              <Switch
                id="billing-auto-pay"
                checked={overview.autoPay}
                loading={saving === 'autoPay'}
                onChange={(checked) => void save('autoPay', { autoPay: checked })}
              />
              <label htmlFor="billing-auto-pay">{t('overview.autoPay')}</label>
            </Space>
            <Typography.Text type="secondary">{t('overview.autoPayHelp')}</Typography.Text>
            {overview.plan?.addOns.map((addOn) => (
              <Space key={addOn.code}>
                <Switch
                  id={`billing-addon-${addOn.code}`}
                  size="small"
                  checked={overview.addOns.includes(addOn.code)}
                  loading={saving === `addon:${addOn.code}`}
                  onChange={(checked) => void toggleAddOn(addOn.code, checked)}
                />
                <label htmlFor={`billing-addon-${addOn.code}`}>
                  {t('overview.addOn', { name: addOn.name, amount: money(addOn.monthlyCents) })}
                </label>
              </Space>
            ))}
          </Space>
        </Col>
      </Row>
    </Card>
  );
};
