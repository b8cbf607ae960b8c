import { Alert, Descriptions, Drawer, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeOrder } from '@openkefu/contract';
import { BILLING_NS } from '../../billing/i18n';
import { ProviderLabel, RechargeStateTag } from '../../billing/shared/tags';
import { formatDateTime } from '../../billing/shared/time';
import { useMoney } from '../../billing/shared/useMoney';

/** The server's `flag` for staff (`amountMismatch:<cents>`, `paidAfterClose`, `secondTransaction:<id>`) in words. */
export const useFlagText = () => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  return (flag: string | null): string | null => {
    if (!flag) return null;
    const [kind, detail = ''] = flag.split(/:(.*)/s);
    switch (kind) {
      case 'amountMismatch':
        return t('platformRecharge.flag.amountMismatch', { amount: money(Number(detail) || 0) });
      case 'paidAfterClose':
        return t('platformRecharge.flag.paidAfterClose');
      case 'secondTransaction':
        return t('platformRecharge.flag.secondTransaction', { id: detail });
      default:
        return flag;
    }
  };
};

/** Everything known about one recharge order, for platform staff. */
export const OrderDetailDrawer = ({ order, onClose }: { order: RechargeOrder; onClose: () => void }) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const flagText = useFlagText()(order.flag);
  return (
    <Drawer
      open
      title={t('platformRecharge.detail.title', { orderNo: order.orderNo })}
      size={520}
      onClose={onClose}
    >
      {flagText && <Alert type="warning" showIcon title={flagText} className="ok-billing__flag" />}
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('orders.columns.orderNo')}>
          <Typography.Text copyable>{order.orderNo}</Typography.Text>
        </Descriptions.Item>
        {order.organization && (
          <Descriptions.Item label={t('common.organization')}>
            {order.organization.name} ({order.organization.subDomain})
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('orders.columns.state')}>
          <RechargeStateTag order={order} />
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.columns.provider')}>
          <ProviderLabel provider={order.provider} />
        </Descriptions.Item>
        <Descriptions.Item label={t('pay.amount')}>{money(order.amountCents)}</Descriptions.Item>
        <Descriptions.Item label={t('pay.discount')}>
          {order.discountCents > 0
            ? `-${money(order.discountCents)}${order.promotionCode ? ` (${order.promotionCode})` : ''}`
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.columns.paid')}>{money(order.payCents)}</Descriptions.Item>
        <Descriptions.Item label={t('platformRecharge.columns.refunded')}>
          {money(order.refundedCents)}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformRecharge.detail.transactionId')}>
          {order.transactionId ? <Typography.Text copyable>{order.transactionId}</Typography.Text> : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.columns.createdAt')}>
          {formatDateTime(order.createdAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformRecharge.detail.createdBy')}>
          {order.createdBy ?? '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('platformRecharge.detail.expiresAt')}>
          {formatDateTime(order.expiresAt)}
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.columns.paidAt')}>
          {formatDateTime(order.paidAt)}
        </Descriptions.Item>
      </Descriptions>
    </Drawer>
  );
};
