import '../shared/i18n';
import '../shared/ticket.css';
import { useCallback, useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import { Alert, Badge, Button, Empty, Popover, Skeleton, Tooltip, Typography } from 'antd';
import {
  BellOutlined,
  CheckOutlined,
  CommentOutlined,
  TagOutlined,
  UserAddOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Page, TicketNotice } from '@openkefu/contract';
import { parseError } from '../../../shared/api/parseError';
import { reportUnlessHandled } from '../../../shared/api/reportError';
import { can, useProfile } from '../../../shared/auth/profileStore';
import { readAgentNotificationPrefs, readDesktopPermission } from '../../settings/notificationPrefs';
import { fetchNotices, readNotices } from '../shared/api';
import { TICKET_NS } from '../shared/i18n';

export type TicketNoticeListener = (notice: TicketNotice) => void;
/** Subscribes to pushed `ticket:notice` events; returns the unsubscribe. */
export type SubscribeTicketNotices = (listener: TicketNoticeListener) => () => void;

export const ticketNoticesKey = ['ticket', 'notices'] as const;

/** The newest notices the bell lists (and counts unread among). */
export const NOTICE_PAGE_SIZE = 50;
/** Without pushes (the console feed is not connected), the bell asks this often. */
export const NOTICE_POLL_MS = 30_000;

const kindIcons: Record<TicketNotice['kind'], React.ReactNode> = {
  assigned: <UserAddOutlined />,
  mentioned: <TagOutlined />,
  replied: <CommentOutlined />,
};

export type TicketNoticeBellProps = {
  /** Live notices (the workbench's socket or the console feed); without it the bell polls. */
  subscribe?: SubscribeTicketNotices;
  pollMs?: number;
  /** Open tickets in the console's window rather than here (the workbench keeps its own window). */
  isInNewWindow?: boolean;
  className?: string;
};

const withNotice = (page: Page<TicketNotice> | undefined, notice: TicketNotice): Page<TicketNotice> => {
  const content = [notice, ...(page?.content ?? []).filter((entry) => entry.nid !== notice.nid)];
  const total =
    (page?.totalElements ?? 0) + (page?.content.some((entry) => entry.nid === notice.nid) ? 0 : 1);
  return {
    content: content.slice(0, NOTICE_PAGE_SIZE),
    totalElements: total,
    totalPages: Math.max(1, Math.ceil(total / NOTICE_PAGE_SIZE)),
    number: 0,
    size: NOTICE_PAGE_SIZE,
    first: true,
    last: total <= NOTICE_PAGE_SIZE,
    empty: false,
  };
};

const markedRead = (page: Page<TicketNotice> | undefined, nids: string[]) =>
  page && {
    ...page,
    content: page.content.map((entry) =>
      nids.length === 0 || nids.includes(entry.nid) ? { ...entry, read: true } : entry,
    ),
  };

/**
 * The header bell of ticket notices (assigned to me, mentioned, replied): unread count, the
 * newest notices, mark read, open the ticket, and a desktop notification for each new one when the
 * user's preference and the browser allow it. Shown to users with the `workorder` authority.
 */
export const TicketNoticeBell = ({
  subscribe,
  pollMs = NOTICE_POLL_MS,
  isInNewWindow = false,
  className,
}: TicketNoticeBellProps) => {
  const { t } = useTranslation(TICKET_NS);
  const profile = useProfile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasSubscribed = useRef(false);
  const [isOpen, setOpen] = useState(false);
  const isAllowed = profile?.authorities.includes('workorder') ?? false;
  const notices = useQuery({
    queryKey: ticketNoticesKey,
    queryFn: () => fetchNotices(NOTICE_PAGE_SIZE),
    enabled: isAllowed,
    retry: false,
    refetchInterval: subscribe ? false : pollMs,
    // A background tab still asks: the desktop notification is for when the console is not in view.
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });

  const textOf = useCallback(
    (notice: TicketNotice) =>
      t(`notices.${notice.kind}`, {
        actor:
          notice.actor?.nickname ?? (notice.kind === 'replied' ? t('notices.contact') : t('notices.someone')),
        number: notice.ticketNumber,
      }),
    [t],
  );

  const markRead = useMutation({
    mutationFn: readNotices,
    onMutate: (nids) =>
      queryClient.setQueryData<Page<TicketNotice>>(ticketNoticesKey, (page) => markedRead(page, nids)),
    onError: (error) => {
      reportUnlessHandled(error);
      void queryClient.invalidateQueries({ queryKey: ticketNoticesKey });
    },
  });

  const openTicket = useCallback(
    (notice: TicketNotice) => {
      const list = can(profile, 'ticket.list.get') ? 'list' : 'my';
      const path = `/stable/ticket/${list}?tkid=${encodeURIComponent(notice.tkid)}`;
      if (isInNewWindow) window.open(`${import.meta.env.BASE_URL}${path.slice(1)}`, 'openkefu-console');
      else void navigate(path);
    },
    [profile, isInNewWindow, navigate],
  );

  const open = (notice: TicketNotice) => {
    setOpen(false);
    if (!notice.read) markRead.mutate([notice.nid]);
    openTicket(notice);
  };

  // Desktop notifications: for each notice that arrives after the bell first loaded.
  const seen = useRef<Set<string> | null>(null);
  const notifyDesktop = useCallback(
    (notice: TicketNotice) => {
      if (!readAgentNotificationPrefs().desktopOnTicketNotice || readDesktopPermission() !== 'granted')
        return;
      try {
        // The tag lets the browser show one notification when the console and the workbench both hear it.
        const shown = new window.Notification(t('notices.desktopTitle', { number: notice.ticketNumber }), {
          body: `${textOf(notice)}: ${notice.title}`,
          tag: `ticket-notice-${notice.nid}`,
        });
        shown.onclick = () => {
          window.focus();
          openTicket(notice);
          if (!notice.read) markRead.mutate([notice.nid]);
          shown.close();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the bell still shows it.
      }
    },
    [t, textOf, openTicket, markRead],
  );

  useEffect(() => {
    const content = notices.data?.content;
    if (!content) return;
    if (seen.current === null) {
      seen.current = new Set(content.map((notice) => notice.nid));
      return;
    }
    for (const notice of content) {
      if (seen.current.has(notice.nid)) continue;
      seen.current.add(notice.nid);
      if (!notice.read) notifyDesktop(notice);
    }
  }, [notices.data, notifyDesktop]);

  useEffect(() => {
    if (!subscribe || !isAllowed) return;
    // Pushes are back after a break (offline, a restart): read once more for what came meanwhile.
    if (hasSubscribed.current)
      void queryClient.invalidateQueries({ queryKey: ticketNoticesKey }, { cancelRefetch: false });
    hasSubscribed.current = true;
    return subscribe((notice) =>
      queryClient.setQueryData<Page<TicketNotice>>(ticketNoticesKey, (page) => withNotice(page, notice)),
    );
  }, [subscribe, isAllowed, queryClient]);

  if (!isAllowed) return null;

  const content = notices.data?.content ?? [];
  const unread = content.filter((notice) => !notice.read).length;

  const panel = (
    <div className="ok-ticket-notices">
      <div className="ok-ticket-notices__head">
        <Typography.Text strong>{t('notices.title')}</Typography.Text>
        <Button type="link" size="small" disabled={unread === 0} onClick={() => markRead.mutate([])}>
          {t('notices.markAllRead')}
        </Button>
      </div>
      {notices.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : notices.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('notices.loadFailed')}
          description={parseError(notices.error).message}
          action={
            <Button size="small" onClick={() => void notices.refetch()}>
              {t('actions.retry')}
            </Button>
          }
        />
      ) : content.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notices.empty')} />
      ) : (
        <ul className="ok-ticket-notices__list" aria-label={t('notices.title')}>
          {content.map((notice) => (
            <li key={notice.nid} className="ok-ticket-notices__item">
              <button
                type="button"
                className={`ok-ticket-notice${notice.read ? '' : ' ok-ticket-notice--unread'}`}
                onClick={() => open(notice)}
                data-nid={notice.nid}
              >
                <Badge dot={!notice.read} title={notice.read ? undefined : t('notices.unread')}>
                  {kindIcons[notice.kind]}
                </Badge>
                <span className="ok-ticket-notice__body">
                  <span className="ok-ticket-notice__text">{textOf(notice)}</span>
                  <Typography.Text type="secondary" className="ok-ticket-notice__title">
                    {notice.title}
                  </Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {dayjs(notice.createdAt).format('YYYY-MM-DD HH:mm')}
                  </Typography.Text>
                </span>
              </button>
              {!notice.read && (
                <Tooltip title={t('notices.markRead')}>
                  <Button
                    type="text"
                    size="small"
                    icon={<CheckOutlined />}
                    aria-label={`${t('notices.markRead')}: ${textOf(notice)}`}
                    onClick={() => markRead.mutate([notice.nid])}
                  />
                </Tooltip>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );

  return (
    <Popover
      content={panel}
      trigger="click"
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setOpen}
      arrow={false}
    >
      <span
        className={className}
        role="button"
        tabIndex={0}
        aria-label={t('notices.open', { count: unread })}
        onKeyDown={(event) => event.key === 'Enter' && setOpen((current) => !current)}
      >
        <Badge count={unread} size="small" overflowCount={NOTICE_PAGE_SIZE - 1}>
          <BellOutlined />
        </Badge>
      </span>
    </Popover>
  );
};
