import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/components/Countdown';
import { WORKBENCH_NS } from '../i18n';
import { useChannelName } from './DeliveryStatus';

/** Below this the remaining reply window is worth the agent's attention. */
export const REPLY_WINDOW_WARNING_MS = 2 * 60 * 60 * 1000;

/** "1 h 12 min": whole minutes rounded up, so it never reads "0 min" while replies still go out. */
export const formatWindowLeft = (
  remainingMs: number,
  t: (key: string, options?: Record<string, number>) => string,
): string => {
  const totalMinutes = Math.max(1, Math.ceil(remainingMs / 60_000));
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return t('replyWindow.minutes', { minutes });
  if (minutes === 0) return t('replyWindow.hours', { hours });
  return t('replyWindow.hoursMinutes', { hours, minutes });
};

export type ReplyWindowNoticeProps = {
  /** `Thread.replyUntil`: until when the visitor's platform accepts replies; undefined when it has no limit. */
  replyUntil: number | undefined;
  /** `Thread.client`: the channel. */
  client: string;
};

/**
 * Above the composer of a channel conversation whose platform only accepts replies for a while
 * after the customer's last message (WhatsApp, Messenger 24 h; WeChat 48 h): how long is left once
 * it is short, and after it has passed, that replies will not be delivered. The composer stays
 * usable (the server reports such a reply as failed with `window_closed`); this says so beforehand.
 */
export const ReplyWindowNotice = ({ replyUntil, client }: ReplyWindowNoticeProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const channel = useChannelName(client);
  // Follows the clock, and starts again when a 'thread:update' moves the window.
  const remaining = useCountdown(replyUntil ?? null);
  if (replyUntil === undefined || remaining > REPLY_WINDOW_WARNING_MS) return null;
  const isClosed = remaining <= 0;
  return (
    <Alert
      className="ok-wb-reply-window"
      data-testid="reply-window"
      data-state={isClosed ? 'closed' : 'closing'}
      type={isClosed ? 'error' : 'warning'}
      showIcon
      role={isClosed ? 'alert' : 'status'}
      title={
        isClosed
          ? t('replyWindow.closed', { channel })
          : t('replyWindow.closing', { channel, time: formatWindowLeft(remaining, t) })
      }
      description={isClosed ? t('replyWindow.closedDetail') : t('replyWindow.closingDetail')}
    />
  );
};
