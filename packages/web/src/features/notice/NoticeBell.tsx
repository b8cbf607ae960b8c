import './i18n';
import { useEffect, useRef, useState } from 'react';
import dayjs from 'dayjs';
import {
  Alert,
  App,
  Badge,
  Button,
  Empty,
  List,
  Modal,
  Popover,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { NotificationOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Notice, NoticePush } from '@openkefu/contract';
import { parseError } from '../../shared/api/parseError';
import { reportUnlessHandled } from '../../shared/api/reportError';
import { useProfile } from '../../shared/auth/profileStore';
import {
  fetchNoticeUnread,
  fetchNotices,
  markAllNoticesRead,
  markNoticeRead,
  NOTICE_LIST_KEY,
  NOTICE_UNREAD_KEY,
} from './api';
import { NOTICE_NS } from './i18n';

/** Notices the popover lists. */
export const NOTICE_LIST_SIZE = 20;
/** Without pushes (the console feed is not connected), the unread count is asked this often. */
export const NOTICE_POLL_MS = 30_000;

/** Subscribes to pushed `notice:new` events (a socket the page already has); returns the unsubscribe. */
export type SubscribeNoticePushes = (listener: (push: NoticePush) => void) => () => void;

export type NoticeBellProps = {
  subscribe?: SubscribeNoticePushes;
  pollMs?: number;
  className?: string;
};

/**
 * The header's notification centre for every signed-in console user: the unread count of the
 * platform's notices, the newest ones, reading one (marks it read) and marking all read.
 */
export const NoticeBell = ({ subscribe, pollMs = NOTICE_POLL_MS, className }: NoticeBellProps) => {
  const { t } = useTranslation(NOTICE_NS);
  const { message: toast } = App.useApp();
  const profile = useProfile();
  const queryClient = useQueryClient();
  const hasSubscribed = useRef(false);
  const [isOpen, setOpen] = useState(false);
  const [reading, setReading] = useState<Notice | null>(null);
  const isSignedIn = profile !== null;

  const unread = useQuery({
    queryKey: NOTICE_UNREAD_KEY,
    queryFn: fetchNoticeUnread,
    enabled: isSignedIn,
    refetchInterval: subscribe ? false : pollMs,
  });
  const list = useQuery({
    queryKey: NOTICE_LIST_KEY,
    queryFn: () => fetchNotices(NOTICE_LIST_SIZE),
    enabled: isSignedIn && isOpen,
  });

  useEffect(() => {
    if (!subscribe) return undefined;
    // Pushes are back after a break (offline, a restart): read once more for what came meanwhile.
    if (hasSubscribed.current)
      void queryClient.invalidateQueries({ queryKey: ['notice'] }, { cancelRefetch: false });
    hasSubscribed.current = true;
    return subscribe(() => {
      void queryClient.invalidateQueries({ queryKey: ['notice'] });
    });
  }, [subscribe, queryClient]);

  const afterRead = (count: number) => {
    queryClient.setQueryData(NOTICE_UNREAD_KEY, count);
    void queryClient.invalidateQueries({ queryKey: NOTICE_LIST_KEY });
  };
  const readOne = useMutation({
    mutationFn: markNoticeRead,
    onSuccess: afterRead,
    onError: reportUnlessHandled,
  });
  const readAll = useMutation({
    mutationFn: markAllNoticesRead,
    onSuccess: (count) => {
      afterRead(count);
      void toast.success(t('allRead'));
    },
    onError: reportUnlessHandled,
  });

  if (!isSignedIn) return null;
  const count = unread.data ?? 0;

  const open = (notice: Notice) => {
    setReading(notice);
    setOpen(false);
    if (!notice.read) readOne.mutate(notice.nid);
  };

  let content;
  if (list.isPending) content = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.isError)
    content = (
      <Alert
        type="error"
        showIcon
        title={t('loadFailed', { message: parseError(list.error).message })}
        action={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        }
      />
    );
  else if (list.data.content.length === 0) content = <Empty description={t('empty')} />;
  else
    content = (
      <List<Notice>
        size="small"
        dataSource={list.data.content}
        style={{ maxHeight: 360, overflowY: 'auto' }}
        renderItem={(notice) => (
          <List.Item key={notice.nid} onClick={() => open(notice)} style={{ cursor: 'pointer' }}>
            <List.Item.Meta
              title={
                <span>
                  {notice.read ? null : <Badge status="processing" aria-label={t('unread')} />}{' '}
                  <Typography.Text strong={!notice.read}>{notice.title}</Typography.Text>
                </span>
              }
              description={
                <span>
                  {notice.level === 'warning' ? <Tag color="orange">{t('levels.warning')}</Tag> : null}
                  {dayjs(notice.createdAt).format('YYYY-MM-DD HH:mm')}
                </span>
              }
            />
          </List.Item>
        )}
      />
    );

  const label = count > 0 ? t('bellWithCount', { count }) : t('bell');
  return (
    <>
      <Popover
        open={isOpen}
        onOpenChange={setOpen}
        trigger="click"
        placement="bottomRight"
        title={
          <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16 }}>
            <span>{t('title')}</span>
            <Button
              size="small"
              type="link"
              disabled={count === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t('markAllRead')}
            </Button>
          </div>
        }
        content={<div style={{ width: 340 }}>{content}</div>}
      >
        <Tooltip title={label}>
          <span className={className} role="button" tabIndex={0} aria-label={label}>
            <Badge count={count} size="small" offset={[4, -2]}>
              <NotificationOutlined />
            </Badge>
          </span>
        </Tooltip>
      </Popover>
      <Modal
        open={reading !== null}
        title={reading?.title}
        onCancel={() => setReading(null)}
        footer={<Button onClick={() => setReading(null)}>{t('close')}</Button>}
        width={640}
      >
        {reading ? (
          // Sanitised by the server (lib/richtext/sanitize) when platform staff sent it.
          <div className="ok-rich-text" dangerouslySetInnerHTML={{ __html: reading.content }} />
        ) : null}
      </Modal>
    </>
  );
};
