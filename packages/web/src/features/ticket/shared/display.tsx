import dayjs from 'dayjs';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Ticket, TicketPriority, TicketStatus } from '@openkefu/contract';
import { TICKET_NS } from './i18n';

/* Small pieces the ticket pages share. */

export const formatTime = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '—' : dayjs(ms).format('YYYY-MM-DD HH:mm');

const statusColors: Record<TicketStatus, string> = {
  new: 'blue',
  assigned: 'geekblue',
  processing: 'cyan',
  pending: 'orange',
  resolved: 'green',
  closed: 'default',
  reopened: 'magenta',
};

const priorityColors: Record<TicketPriority, string> = {
  lowest: 'default',
  low: 'default',
  medium: 'blue',
  high: 'orange',
  urgent: 'volcano',
  critical: 'red',
};

export const StatusTag = ({ status }: { status: TicketStatus }) => {
  const { t } = useTranslation(TICKET_NS);
  return <Tag color={statusColors[status]}>{t(`status.${status}`)}</Tag>;
};

export const PriorityTag = ({ priority }: { priority: TicketPriority }) => {
  const { t } = useTranslation(TICKET_NS);
  return <Tag color={priorityColors[priority]}>{t(`priority.${priority}`)}</Tag>;
};

/** The nearest running deadline of an open ticket: SLA targets and the due date. */
const nextDeadline = (ticket: Ticket): number | null => {
  const candidates = [
    ticket.sla.firstRespondedAt === null ? ticket.sla.firstResponseDueAt : null,
    ticket.sla.resolutionDueAt,
    ticket.dueAt,
  ].filter((value): value is number => value !== null);
  return candidates.length === 0 ? null : Math.min(...candidates);
};

/**
 * SLA breach, overdue and due-soon badges; nothing for a finished ticket. "Due soon" is the window
 * of the priority's SLA policy (`sla.warnMinutes`), measured against the clock of this render.
 */
export const SlaBadges = ({ ticket, now = Date.now() }: { ticket: Ticket; now?: number }) => {
  const { t } = useTranslation(TICKET_NS);
  if (ticket.status === 'resolved' || ticket.status === 'closed') return null;
  const tags = [];
  if (ticket.sla.firstResponseBreached)
    tags.push(
      <Tag key="fr" color="red">
        {t('sla.firstResponseBreached')}
      </Tag>,
    );
  if (ticket.sla.resolutionBreached)
    tags.push(
      <Tag key="res" color="red">
        {t('sla.resolutionBreached')}
      </Tag>,
    );
  const deadline = nextDeadline(ticket);
  if (deadline !== null && tags.length === 0) {
    if (deadline < now)
      tags.push(
        <Tooltip key="overdue" title={formatTime(deadline)}>
          <Tag color="red">{t('sla.overdue')}</Tag>
        </Tooltip>,
      );
    else if (deadline - now <= ticket.sla.warnMinutes * 60_000)
      tags.push(
        <Tooltip key="soon" title={formatTime(deadline)}>
          <Tag color="orange">{t('sla.dueSoon')}</Tag>
        </Tooltip>,
      );
  }
  return tags.length === 0 ? null : (
    <Space size={[0, 4]} wrap>
      {tags}
    </Space>
  );
};
