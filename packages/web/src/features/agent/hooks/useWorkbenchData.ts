import { useCallback, useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type {
  AgentStatusChange,
  Message,
  Offer,
  Page,
  Profile,
  Thread,
  ThreadListKind,
  User,
  UserStatus,
} from '@openkefu/contract';
import { readAgentNotificationPrefs } from '../../settings/notificationPrefs';
import { fetchMe, fetchOffers, fetchSettings, fetchThreadList } from '../api';
import { i18n } from '../i18n';
import { workbenchKeys } from '../keys';
import { emitWithAck } from '../realtime/ack';
import { useRealtime, useSocketEvent } from '../realtime/RealtimeProvider';
import {
  applyMessageToList,
  applyMessageToThread,
  applyThreadUpdate,
  localisePreview,
  markListRead,
  previewOf,
  threadListKinds,
} from '../state/threadLists';
import { beep, isPageHidden, notifyDesktop } from './alerts';

/** The statuses an agent picks from in the workbench (spec §3 user statuses that make sense by hand). */
export const agentStatusChoices = [
  'online',
  'busy',
  'away',
  'rest',
  'eat',
  'leave',
  'after',
  'offline',
] as const satisfies readonly UserStatus[];

/** Spec §3: organisation admins and skill-group admins also see their groups' conversations. */
export const isGroupAdmin = (profile: Pick<Profile, 'roles'>): boolean =>
  profile.roles.some((role) => role.value === 'ROLE_ADMIN' || role.value === 'ROLE_WORKGROUP_ADMIN');

export const messagePreview = (message: Pick<Message, 'type' | 'content' | 'fileName'>): string =>
  previewOf(message, {
    image: i18n.t('workbench:alerts.image'),
    file: (name) => i18n.t('workbench:alerts.file', { name }),
  });

/** A thread's last-message preview as the server wrote it, with media kinds in the reader's language. */
export const threadPreview = (content: string): string =>
  localisePreview(content, {
    image: i18n.t('workbench:alerts.image'),
    file: (name) => i18n.t('workbench:alerts.file', { name }),
    other: (type) => `[${i18n.t(`workbench:messageTypes.${type}`)}]`,
  });

export const useMe = () => useQuery({ queryKey: workbenchKeys.me, queryFn: fetchMe, staleTime: Infinity });

export const useUserSettings = () =>
  useQuery({ queryKey: workbenchKeys.settings, queryFn: fetchSettings, staleTime: Infinity });

export const useThreadList = (kind: ThreadListKind, isEnabled = true) =>
  useQuery({
    queryKey: workbenchKeys.list(kind),
    queryFn: () => fetchThreadList(kind),
    enabled: isEnabled,
    // The socket keeps the lists fresh; a refetch happens after a reconnect.
    staleTime: Infinity,
  });

export const useOffers = () =>
  useQuery({ queryKey: workbenchKeys.offers, queryFn: fetchOffers, staleTime: Infinity });

/** `agent:status` over the socket; the server keeps the choice, so a reload shows it again. */
export const useChangeStatus = () => {
  const { socket } = useRealtime();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: AgentStatusChange) => emitWithAck(socket, 'agent:status', change),
    onSuccess: (brief, change) =>
      queryClient.setQueryData<User>(workbenchKeys.me, (user) =>
        user
          ? {
              ...user,
              status: brief.status,
              autoReplyType: change.autoReplyType ?? user.autoReplyType,
              autoReplyContent: change.autoReplyContent ?? user.autoReplyContent,
            }
          : user,
      ),
  });
};

/** The thread's row in whichever list holds it. */
export const findThread = (queryClient: QueryClient, tid: string): Thread | undefined => {
  for (const kind of threadListKinds) {
    const row = queryClient
      .getQueryData<Page<Thread>>(workbenchKeys.list(kind))
      ?.content.find((t) => t.tid === tid);
    if (row) return row;
  }
  return undefined;
};

const isListed = (queryClient: QueryClient, kind: ThreadListKind, tid: string): boolean =>
  queryClient.getQueryData<Page<Thread>>(workbenchKeys.list(kind))?.content.some((t) => t.tid === tid) ??
  false;

/** Puts a thread the agent changed over HTTP (accept, close…) into every list and the detail cache. */
export const storeThread = (queryClient: QueryClient, thread: Thread, me: string): void => {
  for (const kind of threadListKinds) {
    queryClient.setQueryData<Page<Thread>>(workbenchKeys.list(kind), (page) =>
      applyThreadUpdate(page, kind, thread, me),
    );
  }
  queryClient.setQueryData<Thread>(workbenchKeys.thread(thread.tid), (previous) =>
    previous && previous.updatedAt > thread.updatedAt ? previous : thread,
  );
};

/**
 * The live side of the workbench: keeps the lists, offers and the agent's own status current
 * from the socket, refetches them after a reconnect, and alerts the agent (sound, desktop
 * notification) about new conversations and visitor messages, honouring the user's settings.
 */
export const useWorkbenchLive = ({
  me,
  openTid,
  onOpenThread,
}: {
  me: Profile;
  openTid: string | undefined;
  onOpenThread: (tid: string) => void;
}) => {
  const queryClient = useQueryClient();
  const { epoch } = useRealtime();
  const settings = useUserSettings().data;
  const [queueWaiting, setQueueWaiting] = useState<number | null>(null);

  const alertThread = useCallback(
    (thread: Thread, kind: 'newThread' | 'queued') => {
      if (settings && !settings.connected) return;
      const prefs = readAgentNotificationPrefs();
      if (prefs.soundOnNewThread) beep();
      if (!isPageHidden()) return;
      notifyDesktop({
        title: i18n.t(`workbench:alerts.${kind}`),
        body: i18n.t(`workbench:alerts.${kind === 'newThread' ? 'newThreadBody' : 'queuedBody'}`, {
          visitor: thread.visitor.nickname,
        }),
        tag: `thread-${thread.tid}`,
        onClick: () => onOpenThread(thread.tid),
      });
    },
    [settings, onOpenThread],
  );

  // Threads the agent is taking itself (accept, an accepted offer): no alert for those.
  const takingRef = useRef(new Set<string>());
  const expectThread = useCallback((tid: string) => {
    takingRef.current.add(tid);
  }, []);

  useSocketEvent('thread:update', (thread) => {
    const wasCurrent = isListed(queryClient, 'current', thread.tid);
    const wasQueued = isListed(queryClient, 'queue', thread.tid);
    storeThread(queryClient, thread, me.uid);
    const isAssignedToMe = thread.status === 'chatting' && thread.agent?.uid === me.uid;
    if (isAssignedToMe && takingRef.current.delete(thread.tid)) return;
    if (!wasCurrent && isAssignedToMe) alertThread(thread, 'newThread');
    else if (!wasQueued && thread.status === 'queuing') alertThread(thread, 'queued');
  });

  useSocketEvent('message', (message) => {
    const isOpen = message.tid === openTid;
    const preview = messagePreview(message);
    for (const kind of threadListKinds) {
      queryClient.setQueryData<Page<Thread>>(workbenchKeys.list(kind), (page) =>
        applyMessageToList(page, kind, message, { preview, isOpen }),
      );
    }
    queryClient.setQueryData<Thread>(workbenchKeys.thread(message.tid), (thread) =>
      thread ? applyMessageToThread(thread, message, preview) : thread,
    );
    if (message.sender.kind !== 'visitor') return;
    if (isOpen && !isPageHidden()) return;
    if (readAgentNotificationPrefs().soundOnNewMessage) beep();
    if (isPageHidden()) {
      notifyDesktop({
        title: i18n.t('workbench:alerts.newMessage', { visitor: message.sender.nickname }),
        body: preview,
        tag: `thread-${message.tid}`,
        onClick: () => onOpenThread(message.tid),
      });
    }
  });

  useSocketEvent('queue:update', ({ waiting }) => {
    setQueueWaiting(waiting);
    const queue = queryClient.getQueryData<Page<Thread>>(workbenchKeys.list('queue'));
    // The count moved past the rows we hold: fetch the queue rather than guess which thread it was.
    if (queue && queue.totalElements !== waiting) {
      void queryClient.invalidateQueries({ queryKey: workbenchKeys.list('queue') });
    }
  });

  useSocketEvent('offer', (offer) => {
    queryClient.setQueryData<Offer[]>(workbenchKeys.offers, (offers = []) => {
      const others = offers.filter((item) => item.transfer.id !== offer.transfer.id);
      return offer.transfer.status === 'pending' ? [...others, offer] : others;
    });
    if (offer.transfer.status === 'pending' && readAgentNotificationPrefs().soundOnNewThread) beep();
  });

  useSocketEvent('presence', ({ uid, status }) => {
    if (uid !== me.uid) return;
    queryClient.setQueryData<User>(workbenchKeys.me, (user) => (user ? { ...user, status } : user));
  });

  // Reconnected: whatever happened meanwhile is fetched again (the conversation resyncs itself).
  const firstEpochRef = useRef(epoch);
  useEffect(() => {
    if (epoch <= firstEpochRef.current) return;
    firstEpochRef.current = epoch;
    setQueueWaiting(null);
    void queryClient.invalidateQueries({ queryKey: workbenchKeys.lists });
    void queryClient.invalidateQueries({ queryKey: workbenchKeys.offers });
    void queryClient.invalidateQueries({ queryKey: workbenchKeys.me });
  }, [epoch, queryClient]);

  const markRead = useCallback(
    (tid: string) => {
      for (const kind of threadListKinds) {
        queryClient.setQueryData<Page<Thread>>(workbenchKeys.list(kind), (page) => markListRead(page, tid));
      }
    },
    [queryClient],
  );

  return { queueWaiting, settings, markRead, expectThread };
};
