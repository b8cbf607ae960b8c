import { Badge, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { ChannelAccount } from '@openkefu/contract';
import { timeAgo } from '../../shared/utils/timeAgo';
import { CHANNEL_NS } from './i18n';

const BADGE = { connected: 'success', error: 'error', disabled: 'default' } as const;

export const formatTime = (time: number): string => dayjs(time).format('YYYY-MM-DD HH:mm');

/** Connected / error (with the platform's last words and since when) / disabled. */
export const AccountStatus = ({ account }: { account: ChannelAccount }) => {
  const { t } = useTranslation(CHANNEL_NS);
  return (
    <div>
      <Badge status={BADGE[account.status]} text={t(`status.${account.status}`)} />
      {account.lastError && (
        <Typography.Paragraph
          type={account.status === 'error' ? 'danger' : 'secondary'}
          ellipsis={{ rows: 2, tooltip: account.lastError }}
          style={{ margin: '4px 0 0', fontSize: 12 }}
        >
          {account.lastError}
        </Typography.Paragraph>
      )}
      {account.lastError && account.lastErrorAt !== null && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('status.errorAt', { time: formatTime(account.lastErrorAt) })}
        </Typography.Text>
      )}
    </div>
  );
};

/** "3 minutes ago" with the exact time on hover, or "Never". */
export const LastTime = ({ time }: { time: number | null }) => {
  const { t } = useTranslation(CHANNEL_NS);
  if (time === null) return <Typography.Text type="secondary">{t('list.never')}</Typography.Text>;
  return <span title={formatTime(time)}>{timeAgo(time)}</span>;
};
