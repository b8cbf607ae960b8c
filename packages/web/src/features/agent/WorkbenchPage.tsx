import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Empty, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { threadListKindSchema, type Profile, type ThreadListKind } from '@openkefu/contract';
import { isHttpError } from '../../shared/api/http';
import { notify } from '../../shared/feedback/notify';
import { useProfile } from '../../shared/auth/profileStore';
import { setDocumentTitle } from '../../shared/title/pageTitle';
import { acceptThread, fetchThread } from './api';
import { WORKBENCH_NS } from './i18n';
import { workbenchKeys } from './keys';
import { primeAlerts } from './hooks/alerts';
import {
  findThread,
  isGroupAdmin,
  storeThread,
  useThreadList,
  useWorkbenchLive,
} from './hooks/useWorkbenchData';
import { useRealtime } from './realtime/RealtimeProvider';
import { CallCenter } from './call/CallCenter';
import { ConversationPane } from './components/ConversationPane';
import { OfferList } from './components/OfferList';
import { StatusSwitcher } from './components/StatusSwitcher';
import { ThreadLists } from './components/ThreadLists';
import { VisitorPanel } from './components/VisitorPanel';
import './workbench.css';

/** Wide windows show the visitor column by default; narrow ones open it on demand. */
const WIDE_ENOUGH_FOR_PROFILE_PX = 1200;

const parseTab = (value: string | null, isAdmin: boolean): ThreadListKind => {
  const parsed = threadListKindSchema.safeParse(value);
  if (!parsed.success || (parsed.data === 'groups' && !isAdmin)) return 'current';
  return parsed.data;
};

/** Shown while the socket is not connected: reconnecting, or ended by the server. */
export const ConnectionBanner = () => {
  const { t } = useTranslation(WORKBENCH_NS);
  const { connection, endedReason, reconnect } = useRealtime();
  if (connection === 'connected') return null;
  if (connection === 'connecting') {
    return <Alert className="ok-wb-banner" type="info" showIcon title={t('connection.connecting')} />;
  }
  return (
    <Alert
      className="ok-wb-banner"
      type={connection === 'ended' ? 'error' : 'warning'}
      showIcon
      role="alert"
      title={
        connection === 'ended' ? t('connection.ended', { reason: endedReason }) : t('connection.offline')
      }
      action={
        <Button size="small" onClick={reconnect}>
          {t('connection.reconnect')}
        </Button>
      }
    />
  );
};

const Workbench = ({ me }: { me: Profile }) => {
  const { t } = useTranslation(WORKBENCH_NS);
  const { tid } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const isAdmin = isGroupAdmin(me);
  const tab = parseTab(searchParams.get('tab'), isAdmin);

  // The selected thread and tab live in the URL, so a reload comes back to them.
  const openThread = useCallback(
    (next: string) => navigate({ pathname: `/agent/${encodeURIComponent(next)}`, search: location.search }),
    [navigate, location.search],
  );
  const selectTab = useCallback(
    (next: ThreadListKind) =>
      navigate(
        { pathname: location.pathname, search: next === 'current' ? '' : `?tab=${next}` },
        { replace: true },
      ),
    [navigate, location.pathname],
  );

  const { queueWaiting, settings, markRead, expectThread } = useWorkbenchLive({
    me,
    openTid: tid,
    onOpenThread: openThread,
  });
  const current = useThreadList('current');
  const queue = useThreadList('queue');

  const threadQuery = useQuery({
    queryKey: workbenchKeys.thread(tid ?? ''),
    queryFn: () => fetchThread(tid ?? ''),
    enabled: Boolean(tid),
    initialData: () => (tid ? findThread(queryClient, tid) : undefined),
    staleTime: Infinity,
  });
  const thread = tid ? threadQuery.data : undefined;
  const isInCurrent = current.data?.content.some((row) => row.tid === tid) ?? false;
  const isParticipant =
    thread !== undefined && thread.status === 'chatting' && (thread.agent?.uid === me.uid || isInCurrent);

  const accept = useMutation({
    mutationFn: acceptThread,
    onMutate: expectThread,
    onSuccess: (accepted) => {
      storeThread(queryClient, accepted, me.uid);
      notify.success({ title: t('thread.accepted') });
      navigate({ pathname: `/agent/${encodeURIComponent(accepted.tid)}`, search: '' });
    },
    onError: (error) => {
      // Taken by a colleague meanwhile, or over capacity: the queue we show is out of date.
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.list('queue') });
      if (!(isHttpError(error) && (error.status === 401 || error.status === 403)))
        notify.error({ title: error.message });
    },
  });

  const unreadCurrent = (current.data?.content ?? []).reduce(
    (sum, row) => sum + (row.tid === tid ? 0 : row.unreadCount),
    0,
  );
  const queueCount = queueWaiting ?? queue.data?.totalElements ?? 0;
  useEffect(() => {
    const title = unreadCurrent > 0 ? `(${unreadCurrent}) ${t('title')}` : t('title');
    setDocumentTitle(title, t('shared:product.tagline'));
  }, [unreadCurrent, t]);

  const [isProfileOpen, setProfileOpen] = useState(
    () => typeof window === 'undefined' || window.innerWidth >= WIDE_ENOUGH_FOR_PROFILE_PX,
  );
  const isPrimedRef = useRef(false);
  const primeOnce = () => {
    if (isPrimedRef.current) return;
    isPrimedRef.current = true;
    primeAlerts();
  };

  let middle;
  if (!tid) {
    middle = <Empty className="ok-wb-placeholder" description={t('thread.select')} />;
  } else if (thread) {
    middle = (
      <ConversationPane
        key={thread.tid}
        thread={thread}
        me={me}
        isParticipant={isParticipant}
        settings={settings}
        isAccepting={accept.isPending && accept.variables === thread.tid}
        isProfileOpen={isProfileOpen}
        onAccept={(next) => accept.mutate(next)}
        onToggleProfile={() => setProfileOpen((open) => !open)}
        onRead={markRead}
        onBack={() => navigate({ pathname: '/agent', search: location.search })}
      />
    );
  } else if (threadQuery.isError) {
    middle = (
      <Result
        status={isHttpError(threadQuery.error) && threadQuery.error.status === 404 ? '404' : 'warning'}
        title={
          isHttpError(threadQuery.error) && threadQuery.error.status === 404
            ? t('thread.notFound')
            : t('thread.loadFailed')
        }
      />
    );
  } else {
    middle = (
      <div className="ok-wb-placeholder">
        <Spin />
      </div>
    );
  }

  return (
    <div
      className={`ok-wb${tid ? ' ok-wb--open' : ''}${thread && isProfileOpen ? ' ok-wb--profile' : ''}`}
      onPointerDownCapture={primeOnce}
      onKeyDownCapture={primeOnce}
    >
      <aside className="ok-wb__side">
        <StatusSwitcher />
        <ThreadLists
          tab={tab}
          onTab={selectTab}
          isAdmin={isAdmin}
          activeTid={tid}
          meUid={me.uid}
          queueWaiting={queueCount}
          unreadCurrent={unreadCurrent}
          onOpen={openThread}
          onAccept={(next) => accept.mutate(next)}
          acceptingTid={accept.isPending ? (accept.variables ?? null) : null}
        />
      </aside>
      <main className="ok-wb__main">
        <ConnectionBanner />
        <OfferList me={me} onOpenThread={openThread} onAccepting={expectThread} />
        <CallCenter thread={thread ?? null} meUid={me.uid} />
        {middle}
      </main>
      {thread && isProfileOpen && (
        <aside className="ok-wb__profile">
          {/* Phones show the visitor instead of the conversation (workbench.css): this leads back. */}
          <Button
            type="text"
            className="ok-wb__profile-back"
            icon={<ArrowLeftOutlined />}
            onClick={() => setProfileOpen(false)}
            data-testid="visitor-panel-back"
          >
            {t('thread.actions.backToConversation')}
          </Button>
          <VisitorPanel thread={thread} onOpenThread={openThread} />
        </aside>
      )}
    </div>
  );
};

/**
 * The agent workbench (`/agent/:tid?`, issue 4): conversation lists on the left, the open
 * conversation in the middle, the visitor on the right. Needs a RealtimeProvider above it and a
 * signed-in user with the chat authority (AgentShell checks both).
 */
export const WorkbenchPage = () => {
  const profile = useProfile();
  if (!profile) {
    return (
      <div className="ok-wb-placeholder">
        <Spin />
      </div>
    );
  }
  return <Workbench me={profile} />;
};
