import type { ReactNode } from 'react';
import { Tooltip, Typography } from 'antd';
import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Message } from '@openkefu/contract';
import { WORKBENCH_NS } from '../i18n';

/*
 * How an agent's or the robot's message fared on its way out to the visitor's channel (WeChat,
 * WhatsApp, LINE…, issue 19). The server reports it on the message and pushes each change.
 */

type Delivery = NonNullable<Message['delivery']>;
type Translate = (key: string, options?: Record<string, string>) => string;

/** What the mark shows: a pending delivery that already failed once is being retried. */
export type DeliveryPhase = 'pending' | 'retrying' | 'sent' | 'failed';

export const deliveryPhaseOf = (delivery: Delivery): DeliveryPhase =>
  delivery.state === 'pending' && delivery.error ? 'retrying' : delivery.state;

const WINDOW_CLOSED = /^window_closed(?::(\d+))?$/;
const UNSUPPORTED = /^unsupported:(.+)$/;

/**
 * A delivery error in the reader's words. The server sends a few codes (keep in sync with
 * channel.outbound.ts on the server); anything else is the platform's own text, shown as is.
 */
export const describeDeliveryError = (error: string, channel: string, t: Translate): string => {
  const trimmed = error.trim();
  if (!trimmed) return t('delivery.errors.unknown');
  const window = WINDOW_CLOSED.exec(trimmed);
  if (window) {
    return window[1]
      ? t('delivery.errors.windowClosed', { channel, hours: window[1] })
      : t('delivery.errors.windowClosedNoHours', { channel });
  }
  const unsupported = UNSUPPORTED.exec(trimmed);
  if (unsupported) {
    const type = t(`messageTypes.${unsupported[1]}`, { defaultValue: unsupported[1] });
    return t('delivery.errors.unsupported', { channel, type });
  }
  if (trimmed === 'disabled') return t('delivery.errors.disabled', { channel });
  if (trimmed === 'no_recipient') return t('delivery.errors.noRecipient', { channel });
  if (trimmed === 'media_missing') return t('delivery.errors.mediaMissing');
  return trimmed;
};

/** The channel's name in the reader's language (`Thread.client`, e.g. whatsapp → WhatsApp). */
export const useChannelName = (client: string): string => {
  const { t } = useTranslation(WORKBENCH_NS);
  return t(`clients.${client}`, { defaultValue: client });
};

const phaseIcon: Record<DeliveryPhase, ReactNode> = {
  pending: <ClockCircleOutlined />,
  retrying: <SyncOutlined />,
  sent: <CheckCircleOutlined />,
  failed: <ExclamationCircleOutlined />,
};

export type DeliveryMarkProps = {
  delivery: Delivery;
  /** `Thread.client` of the conversation. */
  client: string;
};

/**
 * The delivery in a message's foot, where the receipts go: words while the message is on its way,
 * a quiet tick once delivered and a red mark when it failed (words in the tooltip, like the
 * receipts; a failure's reason also goes under the bubble, see DeliveryFailure).
 */
export const DeliveryMark = ({ delivery, client }: DeliveryMarkProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const channel = useChannelName(client);
  const phase = deliveryPhaseOf(delivery);
  const reason =
    phase === 'retrying' || phase === 'failed' ? describeDeliveryError(delivery.error, channel, t) : '';
  const label =
    phase === 'pending'
      ? t('delivery.pending', { channel })
      : phase === 'retrying'
        ? t('delivery.retrying', { reason })
        : phase === 'sent'
          ? t('delivery.sent', { channel })
          : t('delivery.failed', { channel });
  // Delivered is the usual outcome and failed is spelt out under the bubble: an icon is enough there.
  const isIconOnly = phase === 'sent' || phase === 'failed';
  return (
    <Tooltip title={phase === 'failed' ? `${label}: ${reason}` : label}>
      <span
        className={`ok-wb-delivery ok-wb-delivery--${phase}`}
        data-testid="message-delivery"
        data-delivery={phase}
        role={isIconOnly ? 'img' : undefined}
        aria-label={isIconOnly ? label : undefined}
      >
        <span className="ok-wb-delivery__icon" aria-hidden="true">
          {phaseIcon[phase]}
        </span>
        {!isIconOnly && <span className="ok-wb-delivery__text">{label}</span>}
      </span>
    </Tooltip>
  );
};

/** Under a bubble whose delivery failed: why, so the agent need not hover to find out. */
export const DeliveryFailure = ({ delivery, client }: DeliveryMarkProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const channel = useChannelName(client);
  return (
    <Typography.Text type="danger" className="ok-wb-delivery__failure" data-testid="message-delivery-failure">
      {t('delivery.failedReason', { reason: describeDeliveryError(delivery.error, channel, t) })}
    </Typography.Text>
  );
};
