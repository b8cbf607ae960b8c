import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, App, Button, Descriptions, Modal, Popconfirm, QRCode, Result, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RechargeOrder } from '@openkefu/contract';
import { Countdown } from '../../../shared/components/Countdown';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { closeRecharge, fetchRechargeOrder } from '../api';
import { BILLING_NS } from '../i18n';
import type { SubscribeRechargeEvents } from '../shared/rechargeEvents';
import { useMoney } from '../shared/useMoney';

/** While a QR code or the Alipay page is open without the console feed, the order is read this often. */
export const RECHARGE_POLL_MS = 3000;
/** With the feed the push says when it is paid; reading now and then still covers a lost push. */
export const RECHARGE_LIVE_POLL_MS = 15_000;

export type PayModalProps = {
  order: RechargeOrder;
  /** Closed by the payer, after paying or giving up. */
  onClose: () => void;
  /** The order is paid: refresh the balance and the list. */
  onPaid: (order: RechargeOrder) => void;
  /** The order expired: start another with the same amount, method and code. */
  onNewOrder: () => void;
  /** The order was cancelled: refresh the list. */
  onCancelled: () => void;
  isCreatingNew?: boolean;
  subscribe?: SubscribeRechargeEvents;
  pollMs?: number;
  /** The balance after a payment, once the overview has been read again. */
  balanceCents?: number;
};

type Phase = 'waiting' | 'paid' | 'expired' | 'closed';

const phaseOf = (order: RechargeOrder, isPastExpiry: boolean): Phase => {
  if (order.state === 'paid' || order.state === 'refunded') return 'paid';
  if (order.state === 'closed') return 'closed';
  return isPastExpiry ? 'expired' : 'waiting';
};

/**
 * Paying one recharge order: WeChat Pay's QR code drawn from `codeUrl`, or a waiting dialog while
 * Alipay's page is open in another window. Both count down to the order's expiry; a push
 * (`recharge:update`) or the poll turns them to "paid", the end of the countdown to "expired".
 */
export const PayModal = ({
  order: initial,
  onClose,
  onPaid,
  onNewOrder,
  onCancelled,
  isCreatingNew = false,
  subscribe,
  pollMs = subscribe ? RECHARGE_LIVE_POLL_MS : RECHARGE_POLL_MS,
  balanceCents,
}: PayModalProps) => {
  const { t } = useTranslation(BILLING_NS);
  const { message } = App.useApp();
  const money = useMoney();
  const [order, setOrder] = useState(initial);
  const [isPastExpiry, setPastExpiry] = useState(() => initial.expiresAt <= Date.now());
  const [isChecking, setChecking] = useState(false);
  const [isCancelling, setCancelling] = useState(false);
  const phase = phaseOf(order, isPastExpiry);
  const hasReportedPaid = useRef(false);

  const apply = useCallback((next: RechargeOrder) => {
    setOrder((current) => (current.orderNo === next.orderNo ? next : current));
  }, []);

  const refresh = useCallback(async () => {
    apply(await fetchRechargeOrder(initial.orderNo));
  }, [apply, initial.orderNo]);

  const isWaiting = phase === 'waiting';
  // Pushes, when the console has a socket that receives them.
  useEffect(() => {
    if (!subscribe || !isWaiting) return undefined;
    return subscribe((event) => {
      if (event.orderNo !== initial.orderNo) return;
      if (event.state === 'pending') return;
      // The push says what changed; the order itself (paid time, amounts) is read once more.
      setOrder((current) => ({ ...current, state: event.state }));
      refresh().catch(() => undefined);
    });
  }, [subscribe, isWaiting, initial.orderNo, refresh]);

  // The fallback: read the order every few seconds while it waits.
  useEffect(() => {
    if (!isWaiting) return undefined;
    const timer = setInterval(() => {
      // A failed read (network blip) is tried again on the next tick.
      refresh().catch(() => undefined);
    }, pollMs);
    return () => clearInterval(timer);
  }, [isWaiting, pollMs, refresh]);

  // Paid, whether a push, the poll or "I have paid" found out: reported once.
  useEffect(() => {
    if (phase === 'paid' && !hasReportedPaid.current) {
      hasReportedPaid.current = true;
      onPaid(order);
    }
  }, [phase, order, onPaid]);

  const onExpired = () => {
    setPastExpiry(true);
    // A payment made in the last seconds still counts: one more look.
    refresh().catch(() => undefined);
  };

  const checkPaid = async () => {
    setChecking(true);
    try {
      const next = await fetchRechargeOrder(initial.orderNo);
      apply(next);
      if (next.state === 'pending') void message.info(t('pay.notYetPaid'));
    } catch (error) {
      reportUnlessHandled(error);
    } finally {
      setChecking(false);
    }
  };

  const cancel = async () => {
    setCancelling(true);
    try {
      await closeRecharge(initial.orderNo);
      void message.success(t('pay.cancelled', { orderNo: initial.orderNo }));
      onCancelled();
      onClose();
    } catch (error) {
      reportUnlessHandled(error);
      // It may have been paid or closed meanwhile: show what it is now.
      refresh().catch(() => undefined);
    } finally {
      setCancelling(false);
    }
  };

  const isWechat = order.provider === 'wechatpay';
  const amounts = (
    <Descriptions size="small" column={1} className="ok-billing__pay-amounts">
      <Descriptions.Item label={t('pay.orderNo')}>
        <Typography.Text copyable>{order.orderNo}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('pay.amount')}>{money(order.amountCents)}</Descriptions.Item>
      {order.discountCents > 0 && (
        <Descriptions.Item label={t('pay.discount')}>
          {`-${money(order.discountCents)}`}
          {order.promotionCode ? ` (${order.promotionCode})` : ''}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('pay.toPay')}>
        <Typography.Text strong>{money(order.payCents)}</Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );

  const countdown = (
    <Typography.Text type="secondary">
      {t('pay.expiresIn')} <Countdown target={order.expiresAt} onEnd={onExpired} />
    </Typography.Text>
  );

  const body = (() => {
    switch (phase) {
      case 'paid':
        return (
          <Result
            status="success"
            title={t('pay.paidTitle')}
            subTitle={
              balanceCents === undefined
                ? t('pay.paidCredited', { amount: money(order.amountCents) })
                : t('pay.paidBalance', { amount: money(order.amountCents), balance: money(balanceCents) })
            }
            extra={
              <Button type="primary" onClick={onClose}>
                {t('pay.done')}
              </Button>
            }
          />
        );
      case 'expired':
      case 'closed':
        return (
          <Result
            status="warning"
            title={phase === 'expired' ? t('pay.expiredTitle') : t('pay.closedTitle')}
            subTitle={t('pay.expiredHelp')}
            extra={[
              <Button key="new" type="primary" loading={isCreatingNew} onClick={onNewOrder}>
                {t('pay.newOrder')}
              </Button>,
              <Button key="close" onClick={onClose}>
                {t('pay.close')}
              </Button>,
            ]}
          />
        );
      case 'waiting':
        return isWechat ? (
          <Space orientation="vertical" align="center" className="ok-billing__pay" size="middle">
            <Typography.Text>{t('pay.scanWechat')}</Typography.Text>
            {order.codeUrl ? (
              <QRCode value={order.codeUrl} type="svg" size={200} aria-label={t('pay.qrLabel')} />
            ) : (
              <Alert type="error" showIcon title={t('pay.noCode')} />
            )}
            {countdown}
            {amounts}
          </Space>
        ) : (
          <Space orientation="vertical" className="ok-billing__pay" size="middle">
            <Alert type="info" showIcon title={t('pay.alipayOpened')} description={t('pay.alipayHelp')} />
            {order.payUrl && (
              <Typography.Link href={order.payUrl} target="_blank" rel="noopener noreferrer">
                {t('pay.openAlipay')}
              </Typography.Link>
            )}
            {countdown}
            {amounts}
          </Space>
        );
    }
  })();

  const footer =
    phase === 'waiting'
      ? [
          <Popconfirm
            key="cancel"
            title={t('pay.cancelConfirm')}
            okText={t('common.yes')}
            cancelText={t('common.no')}
            onConfirm={cancel}
          >
            <Button loading={isCancelling}>{t('pay.cancelOrder')}</Button>
          </Popconfirm>,
          <Button key="paid" type="primary" loading={isChecking} onClick={checkPaid}>
            {t('pay.iHavePaid')}
          </Button>,
        ]
      : null;

  return (
    <Modal
      open
      title={isWechat ? t('pay.titleWechat') : t('pay.titleAlipay')}
      onCancel={onClose}
      footer={footer}
      mask={{ closable: false }}
      destroyOnHidden
      width={440}
    >
      {body}
    </Modal>
  );
};
