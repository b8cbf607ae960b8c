import { useEffect, useState, type ReactNode } from 'react';
import { Avatar, Badge, Button, Empty, Result, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Thread, ThreadListKind } from '@openkefu/contract';
import { timeAgo } from '../../../shared/utils/timeAgo';
import { WORKBENCH_NS } from '../i18n';
import { threadPreview, useThreadList } from '../hooks/useWorkbenchData';

/** Re-renders every `intervalMs` so "2 minutes ago" keeps moving. */
const useNow = (intervalMs: number): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};

const timeOfRow = (kind: ThreadListKind, thread: Thread): number =>
  kind === 'queue'
    ? (thread.queuedAt ?? thread.createdAt)
    : kind === 'closed'
      ? (thread.closedAt ?? thread.updatedAt)
      : (thread.lastMessageAt ?? thread.updatedAt);

type RowProps = {
  kind: ThreadListKind;
  thread: Thread;
  isActive: boolean;
  now: number;
  meUid: string;
  onOpen: (tid: string) => void;
  onAccept: (tid: string) => void;
  isAccepting: boolean;
};

const ThreadRow = ({ kind, thread, isActive, now, meUid, onOpen, onAccept, isAccepting }: RowProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  // A closed conversation has nothing left to answer: no unread badge there.
  const unread = isActive || kind === 'closed' ? 0 : thread.unreadCount;
  const name = thread.visitor.nickname || thread.visitor.vid;
  return (
    <li className={`ok-wb-row${isActive ? ' ok-wb-row--active' : ''}`}>
      <button
        type="button"
        className="ok-wb-row__open"
        data-testid="thread-row"
        data-tid={thread.tid}
        aria-current={isActive ? 'true' : undefined}
        onClick={() => onOpen(thread.tid)}
      >
        <Badge count={unread} size="small" overflowCount={99} title={t('list.unread', { count: unread })}>
          <Avatar src={thread.visitor.avatar || undefined} size={40}>
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
        </Badge>
        <span className="ok-wb-row__body">
          <span className="ok-wb-row__top">
            <Typography.Text strong ellipsis className="ok-wb-row__name">
              {name}
            </Typography.Text>
            <Typography.Text type="secondary" className="ok-wb-row__time">
              {timeAgo(timeOfRow(kind, thread), now)}
            </Typography.Text>
          </span>
          <Typography.Text type="secondary" ellipsis className="ok-wb-row__preview">
            {threadPreview(thread.content) || (thread.seq === 0 ? t('list.noMessages') : '')}
          </Typography.Text>
          {(kind === 'queue' || (kind === 'groups' && thread.agent && thread.agent.uid !== meUid)) && (
            <span className="ok-wb-row__meta">
              {kind === 'queue' && thread.queuePosition !== null && (
                <Tag color="orange">{t('list.queuePosition', { position: thread.queuePosition })}</Tag>
              )}
              {thread.workgroup && <Tag>{thread.workgroup.nickname}</Tag>}
              {kind === 'groups' && thread.agent && (
                <Typography.Text type="secondary">
                  {t('list.agentOf', { name: thread.agent.nickname })}
                </Typography.Text>
              )}
            </span>
          )}
        </span>
      </button>
      {kind === 'queue' && (
        <Button
          size="small"
          type="primary"
          className="ok-wb-row__accept"
          data-testid="queue-accept"
          loading={isAccepting}
          onClick={() => onAccept(thread.tid)}
          aria-label={`${t('list.accept')} ${name}`}
        >
          {t('list.accept')}
        </Button>
      )}
    </li>
  );
};

type ListProps = {
  kind: ThreadListKind;
  activeTid: string | undefined;
  meUid: string;
  onOpen: (tid: string) => void;
  onAccept: (tid: string) => void;
  acceptingTid: string | null;
};

const ThreadList = ({ kind, activeTid, meUid, onOpen, onAccept, acceptingTid }: ListProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const list = useThreadList(kind);
  const now = useNow(30_000);
  let body: ReactNode;
  if (list.isPending) {
    body = <Skeleton active avatar paragraph={{ rows: 1 }} className="ok-wb-list__loading" />;
  } else if (list.isError) {
    body = (
      <Result
        status="warning"
        title={t('list.loadFailed')}
        subTitle={list.error.message}
        extra={
          <Button size="small" onClick={() => void list.refetch()}>
            {t('list.retry')}
          </Button>
        }
      />
    );
  } else if (list.data.content.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(`list.empty.${kind}`)} />;
  } else {
    body = (
      <ul className="ok-wb-list__rows" aria-label={t(`tabs.${kind}`)}>
        {list.data.content.map((thread) => (
          <ThreadRow
            key={thread.tid}
            kind={kind}
            thread={thread}
            isActive={thread.tid === activeTid}
            now={now}
            meUid={meUid}
            onOpen={onOpen}
            onAccept={onAccept}
            isAccepting={acceptingTid === thread.tid}
          />
        ))}
      </ul>
    );
  }
  return (
    <div className="ok-wb-list" data-testid={`thread-list-${kind}`}>
      {body}
    </div>
  );
};

const TabLabel = ({
  kind,
  count,
  tone,
}: {
  kind: ThreadListKind;
  count: number;
  tone: 'unread' | 'queue';
}) => {
  const { t } = useTranslation(WORKBENCH_NS);
  return (
    <span className="ok-wb-tab" data-testid={`workbench-tab-${kind}`}>
      {t(`tabs.${kind}`)}
      {count > 0 && (
        <Badge
          count={count}
          size="small"
          overflowCount={99}
          color={tone === 'queue' ? 'orange' : undefined}
          className="ok-wb-tab__badge"
        />
      )}
    </span>
  );
};

export type ThreadListsProps = {
  tab: ThreadListKind;
  onTab: (tab: ThreadListKind) => void;
  isAdmin: boolean;
  activeTid: string | undefined;
  meUid: string;
  queueWaiting: number;
  unreadCurrent: number;
  onOpen: (tid: string) => void;
  onAccept: (tid: string) => void;
  acceptingTid: string | null;
};

/** The left column's tabs: current / queue (with its badge) / groups (admins) / closed. */
export const ThreadLists = ({
  tab,
  onTab,
  isAdmin,
  queueWaiting,
  unreadCurrent,
  ...listProps
}: ThreadListsProps) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const kinds: ThreadListKind[] = isAdmin
    ? ['current', 'queue', 'groups', 'closed']
    : ['current', 'queue', 'closed'];
  return (
    <Tabs
      className="ok-wb-tabs"
      data-testid="workbench-tabs"
      aria-label={t('tabs.label')}
      size="small"
      tabBarGutter={18}
      activeKey={tab}
      onChange={(key) => onTab(key as ThreadListKind)}
      items={kinds.map((kind) => ({
        key: kind,
        label: (
          <TabLabel
            kind={kind}
            count={kind === 'current' ? unreadCurrent : kind === 'queue' ? queueWaiting : 0}
            tone={kind === 'queue' ? 'queue' : 'unread'}
          />
        ),
        children: <ThreadList kind={kind} {...listProps} />,
      }))}
    />
  );
};
