import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingOverview } from '@openkefu/contract';
import { BILLING_NS } from '../i18n';

/** "Valid until 2026-05-01 · 12 days left", coloured by the overview's state. */
export const ValidityText = ({
  overview,
}: {
  overview: Pick<BillingOverview, 'state' | 'validateUntilDate' | 'daysLeft'>;
}) => {
  const { t } = useTranslation(BILLING_NS);
  if (!overview.validateUntilDate) return <span>{t('overview.noExpiry')}</span>;
  const type =
    overview.state === 'expired' ? 'danger' : overview.state === 'expiring' ? 'warning' : undefined;
  const note =
    overview.state === 'expired'
      ? t('overview.expired')
      : overview.daysLeft === null
        ? null
        : overview.daysLeft === 0
          ? t('overview.expiresToday')
          : t('overview.daysLeft', { count: overview.daysLeft });
  return (
    <Typography.Text type={type}>
      {overview.validateUntilDate}
      {note ? ` · ${note}` : ''}
    </Typography.Text>
  );
};
