import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type {
  Bill,
  Invoice,
  LedgerKind,
  PaymentProviderValue,
  RechargeOrder,
  RechargeOrderState,
} from '@openkefu/contract';
import { BILLING_NS } from '../i18n';
import { useMoney } from './useMoney';

const rechargeColors: Record<RechargeOrderState, string> = {
  pending: 'processing',
  paid: 'success',
  closed: 'default',
  refunded: 'warning',
};

/** A recharge order's state; a paid order partly refunded says how much went back. */
export const RechargeStateTag = ({ order }: { order: Pick<RechargeOrder, 'state' | 'refundedCents'> }) => {
  const { t } = useTranslation(BILLING_NS);
  const money = useMoney();
  const isPartlyRefunded = order.state === 'paid' && order.refundedCents > 0;
  return (
    <Tag color={isPartlyRefunded ? 'warning' : rechargeColors[order.state]}>
      {isPartlyRefunded
        ? t('state.recharge.partlyRefunded', { amount: money(order.refundedCents) })
        : t(`state.recharge.${order.state}`)}
    </Tag>
  );
};

const billColors: Record<Bill['state'], string> = { unpaid: 'warning', paid: 'success', void: 'default' };

export const BillStateTag = ({ state }: { state: Bill['state'] }) => {
  const { t } = useTranslation(BILLING_NS);
  return <Tag color={billColors[state]}>{t(`state.bill.${state}`)}</Tag>;
};

const invoiceColors: Record<Invoice['state'], string> = {
  requested: 'processing',
  issued: 'success',
  rejected: 'error',
};

/** An invoice's state; a rejection shows its reason on hover. */
export const InvoiceStateTag = ({
  state,
  rejectReason,
}: {
  state: Invoice['state'];
  rejectReason?: string | null;
}) => {
  const { t } = useTranslation(BILLING_NS);
  const tag = <Tag color={invoiceColors[state]}>{t(`state.invoice.${state}`)}</Tag>;
  return state === 'rejected' && rejectReason ? <Tooltip title={rejectReason}>{tag}</Tooltip> : tag;
};

export const ProviderLabel = ({ provider }: { provider: PaymentProviderValue }) => {
  const { t } = useTranslation(BILLING_NS);
  return <>{t(`provider.${provider}`)}</>;
};

const ledgerColors: Record<LedgerKind, string> = {
  recharge: 'green',
  bill: 'blue',
  refund: 'orange',
  credit: 'cyan',
  debit: 'red',
  renew: 'geekblue',
  balance: 'purple',
  validity: 'default',
};

export const LedgerKindTag = ({ kind }: { kind: LedgerKind }) => {
  const { t } = useTranslation(BILLING_NS);
  return <Tag color={ledgerColors[kind]}>{t(`ledger.kind.${kind}`)}</Tag>;
};
