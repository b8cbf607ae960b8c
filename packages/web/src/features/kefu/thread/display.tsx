import { Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { Client, Thread, ThreadStatus, UserBrief, VisitorBrief } from '@openkefu/contract';
import { PersonCell } from '../shared/display';
import { KEFU_THREAD_NS } from './i18n';

/* How the records pages show a thread's parts. User text is always rendered as text. */

const STATUS_COLORS: Record<ThreadStatus, string> = {
  robot: 'purple',
  queuing: 'orange',
  chatting: 'green',
  offline: 'gold',
  closed: 'default',
};

/**
 * An offline thread is one no agent took; only `leftMessage` (the visitor left a message in this
 * care cycle) makes it "Left a message".
 */
export const ThreadStatusTag = ({
  status,
  queuePosition,
  leftMessage = false,
}: {
  status: ThreadStatus;
  queuePosition?: number | null;
  leftMessage?: boolean;
}) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  const label = status === 'offline' && leftMessage ? t('leftMessage') : t(`status.${status}`);
  const tag = <Tag color={STATUS_COLORS[status]}>{label}</Tag>;
  if (status !== 'queuing' || !queuePosition) return tag;
  return <Tooltip title={t('queuePosition', { position: queuePosition })}>{tag}</Tooltip>;
};

export const useClientLabel = (): ((client: Client | string) => string) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  return (client) => t(`clients.${client}`, { defaultValue: client });
};

export const VisitorCell = ({ visitor }: { visitor: VisitorBrief }) => (
  <PersonCell avatar={visitor.avatar} name={visitor.nickname || visitor.vid} detail={visitor.vid} />
);

export const AgentName = ({ agent }: { agent: UserBrief | null }) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  if (!agent) return <Typography.Text type="secondary">{t('noAgent')}</Typography.Text>;
  return <>{agent.nickname || agent.username}</>;
};

export const formatTime = (time: number | null): string =>
  time === null ? '' : dayjs(time).format('YYYY-MM-DD HH:mm:ss');

/** "45 s", "3 min 20 s", "2 h 5 min". */
export const useDurationText = (): ((milliseconds: number) => string) => {
  const { t } = useTranslation(KEFU_THREAD_NS);
  return (milliseconds) => {
    const total = Math.max(0, Math.round(milliseconds / 1000));
    if (total < 60) return t('duration.seconds', { count: total });
    if (total < 3600) return t('duration.minutes', { minutes: Math.floor(total / 60), seconds: total % 60 });
    return t('duration.hours', { hours: Math.floor(total / 3600), minutes: Math.floor((total % 3600) / 60) });
  };
};

/** From acceptance (or creation) to the end; ongoing threads count to now. */
export const threadDuration = (thread: Thread, now: number = Date.now()): number =>
  (thread.closedAt ?? now) - (thread.startedAt ?? thread.createdAt);
