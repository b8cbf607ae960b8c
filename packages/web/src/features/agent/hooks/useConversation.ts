import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import {
  messageMaxTextLength,
  type Commodity,
  type RedPacket,
  type Message,
  type MessageSend,
  type Profile,
} from '@openkefu/contract';
import { uploadFile } from '../../../shared/components/Upload/uploadFile';
import { notify } from '../../../shared/feedback/notify';
import { isHttpError } from '../../../shared/api/http';
import { parseError } from '../../../shared/api/parseError';
import { fetchHistory, redeliverMessage } from '../api';
import { i18n } from '../i18n';
import { emitQuietly, emitWithAck } from '../realtime/ack';
import { useRealtime, useSocketEvent } from '../realtime/RealtimeProvider';
import {
  conversationReducer,
  firstSeqOf,
  gapToSyncOf,
  initialConversation,
  lastSeqOf,
  resyncSeqOf,
  type ChatMessage,
  type ConversationState,
} from '../state/messages';
import { isPageHidden } from './alerts';

/** At most one typing signal per this long while the agent types. */
export const TYPING_THROTTLE_MS = 2_000;
/** "The visitor is typing" goes away after this long without a new signal. */
export const TYPING_VISIBLE_MS = 6_000;
/** Receipts wait this long so that a burst of messages is acknowledged once. */
export const READ_RECEIPT_DELAY_MS = 300;
/**
 * How long a gap in `seq` may stay open before the missing messages are asked for: with two server
 * nodes, the other node's pushes arrive through Redis a little later than this node's own.
 */
export const GAP_GRACE_MS = 400;
/** A resync asks page after page; this bounds it should the server keep saying "more". */
const MAX_SYNC_PAGES = 20;

/** What an upload is sent as; a voice note is uploaded as a file (the server checks it is audio). */
export type MediaKind = 'image' | 'file' | 'voice';

export type Conversation = {
  state: ConversationState;
  reload: () => void;
  loadOlder: () => void;
  /** Sends a text message; false when there is nothing to send. */
  sendText: (text: string) => boolean;
  sendFile: (file: File, kind: MediaKind) => void;
  /** Sends a product card (shown at once, as the stored copy will show it). */
  sendCommodity: (commodity: Commodity) => void;
  /** Gives the visitor a red packet (a coupon the shop honours). */
  sendRedPacket: (redPacket: RedPacket) => void;
  resend: (localId: string) => void;
  recall: (mid: string) => void;
  /** Tries a failed channel delivery again; the server's pushes then show how it goes. */
  redeliver: (mid: string) => void;
  signalTyping: () => void;
  /** Stored messages the workbench got another way (an HTTP answer such as a rating invitation). */
  addMessages: (messages: Message[]) => void;
};

const newLocalId = (): string =>
  typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const createObjectUrl = (file: File): string =>
  typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';

type Pending = { kind: 'payload'; payload: MessageSend } | { kind: 'upload'; file: File; media: MediaKind };

/**
 * The open conversation: history paging, live messages, receipts and typing, and sending with
 * optimistic rows (DESIGN §4: a message counts once the server has stored it, so the row stays
 * "sending" until the ack, and a resend reuses the same localId, which the server deduplicates).
 */
export const useConversation = ({
  tid,
  me,
  isParticipant,
  showTypingPreview,
  onRead,
}: {
  tid: string;
  me: Profile;
  /** Assigned or invited: may send, and reading here counts as read. */
  isParticipant: boolean;
  showTypingPreview: boolean;
  onRead?: (tid: string) => void;
}): Conversation => {
  const { socket, epoch, connection } = useRealtime();
  const [state, dispatch] = useReducer(conversationReducer, tid, (open) => ({
    ...initialConversation,
    tid: open,
    phase: 'loading' as const,
  }));
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const pendingRef = useRef(new Map<string, Pending>());
  const objectUrlsRef = useRef<string[]>([]);
  const [loadToken, setLoadToken] = useState(0);

  useEffect(() => {
    dispatch({ type: 'open', tid });
  }, [tid]);

  useEffect(() => {
    let isCurrent = true;
    fetchHistory({ tid })
      .then((history) => {
        if (isCurrent) dispatch({ type: 'loaded', tid, history });
      })
      .catch(() => {
        if (isCurrent) dispatch({ type: 'loadFailed', tid });
      });
    return () => {
      isCurrent = false;
    };
  }, [tid, loadToken]);

  // Threads the agent only looks at (a colleague's, a queued one) are followed read-only while open.
  useEffect(() => {
    if (isParticipant || connection !== 'connected') return;
    emitWithAck(socket, 'thread:watch', { tid })
      .then((history) => dispatch({ type: 'merge', tid, messages: history.messages }))
      .catch(() => undefined); // Without the monitor authority the history above is all there is.
    return () => emitQuietly(socket, 'thread:unwatch', { tid });
  }, [socket, tid, isParticipant, connection]);

  /** Everything after the last seq we hold (DESIGN §4: nothing is lost across a reconnect). */
  const resync = useCallback(() => {
    const afterSeq = resyncSeqOf(stateRef.current.messages);
    if (afterSeq === 0) {
      setLoadToken((token) => token + 1);
      return;
    }
    const syncFrom = async (from: number, pages: number): Promise<void> => {
      const history = await emitWithAck(socket, 'message:sync', { tid, afterSeq: from });
      dispatch({ type: 'merge', tid, messages: history.messages });
      const next = history.messages.reduce((max, message) => Math.max(max, message.seq), from);
      if (history.hasMore && next > from && pages < MAX_SYNC_PAGES) await syncFrom(next, pages + 1);
    };
    // A failed sync falls back to reloading the latest page.
    syncFrom(afterSeq, 1).catch(() => setLoadToken((token) => token + 1));
  }, [socket, tid]);

  const mountEpochRef = useRef(epoch);
  useEffect(() => {
    if (epoch <= mountEpochRef.current) return;
    mountEpochRef.current = epoch;
    resync();
  }, [epoch, resync]);

  // A gap in seq that stays open: ask for what is missing after the last seq held without one.
  const gapToSync = gapToSyncOf(state);
  useEffect(() => {
    if (gapToSync === null || connection !== 'connected') return;
    const timer = setTimeout(() => {
      // Filled meanwhile (the late push arrived): nothing to ask.
      if (gapToSyncOf(stateRef.current) !== gapToSync) return;
      dispatch({ type: 'gapAsked', tid, afterSeq: gapToSync });
      resync();
    }, GAP_GRACE_MS);
    return () => clearTimeout(timer);
  }, [gapToSync, connection, resync, tid]);

  // Accepting a queued thread (or joining by invitation) starts the live feed: catch up first.
  const wasParticipantRef = useRef(isParticipant);
  useEffect(() => {
    if (isParticipant && !wasParticipantRef.current && stateRef.current.phase === 'ready') resync();
    wasParticipantRef.current = isParticipant;
  }, [isParticipant, resync]);

  useSocketEvent('message', (message) => {
    if (message.tid === tid) dispatch({ type: 'merge', tid, messages: [message] });
  });
  useSocketEvent('receipt', (receipt) => {
    if (receipt.tid === tid) dispatch({ type: 'receipt', ...receipt });
  });
  useSocketEvent('typing', (typing) => {
    if (typing.tid !== tid || typing.by !== 'visitor') return;
    dispatch({ type: 'typing', tid, preview: showTypingPreview ? typing.preview : '', at: Date.now() });
  });

  useEffect(() => {
    if (!state.typing) return;
    const timer = setTimeout(() => dispatch({ type: 'typingStopped', tid }), TYPING_VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [state.typing, tid]);

  // Read receipts: what the visitor sent is "read" once shown in a visible window.
  const [isVisible, setVisible] = useState(() => !isPageHidden());
  useEffect(() => {
    const onVisibility = () => setVisible(!isPageHidden());
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);
  // Up to the last stored message, whoever sent it: the server counts unread as seq minus read seq.
  const lastReadRef = useRef(0);
  const pendingReadRef = useRef(0);
  const lastSeq = lastSeqOf(state.messages);
  useEffect(() => {
    if (!isParticipant || !isVisible || state.phase !== 'ready') return;
    onRead?.(tid);
    if (lastSeq <= lastReadRef.current) return;
    // A burst of messages (a resync, a page) makes one receipt.
    pendingReadRef.current = lastSeq;
    const timer = setTimeout(() => {
      lastReadRef.current = lastSeq;
      emitQuietly(socket, 'message:receipt', { tid, seq: lastSeq, status: 'read' });
      // Again after the receipt: a list refetched meanwhile still counted these as unread.
      onRead?.(tid);
    }, READ_RECEIPT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [socket, tid, isParticipant, isVisible, lastSeq, state.phase, onRead]);

  // Leaving the conversation before the delay is up still acknowledges what was shown.
  const onReadRef = useRef(onRead);
  useLayoutEffect(() => {
    onReadRef.current = onRead;
  });
  useEffect(
    () => () => {
      if (pendingReadRef.current <= lastReadRef.current) return;
      emitQuietly(socket, 'message:receipt', { tid, seq: pendingReadRef.current, status: 'read' });
      onReadRef.current?.(tid);
    },
    [socket, tid],
  );

  useEffect(() => {
    const urls = objectUrlsRef.current;
    return () => {
      if (typeof URL.revokeObjectURL === 'function') urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const optimistic = useCallback(
    (localId: string, fields: Partial<ChatMessage> & Pick<ChatMessage, 'type'>): ChatMessage => ({
      mid: `local-${localId}`,
      tid,
      seq: 0,
      content: '',
      imageUrl: '',
      thumbUrl: '',
      fileUrl: '',
      fileName: '',
      fileSize: 0,
      status: 'sending',
      client: 'web_admin',
      localId,
      sender: { kind: 'agent', id: me.uid, nickname: me.nickname, avatar: me.avatar },
      createdAt: Date.now(),
      ...fields,
    }),
    [tid, me.uid, me.nickname, me.avatar],
  );

  const deliver = useCallback(
    (payload: MessageSend) => {
      const localId = payload.localId;
      pendingRef.current.set(localId, { kind: 'payload', payload });
      emitWithAck(socket, 'message:send', payload)
        .then((stored) => {
          pendingRef.current.delete(localId);
          dispatch({ type: 'merge', tid, messages: [stored] });
        })
        .catch((error: unknown) => {
          dispatch({
            type: 'failed',
            tid,
            localId,
            error: error instanceof Error ? error.message : i18n.t('workbench:messages.sendFailed'),
          });
        });
    },
    [socket, tid],
  );

  const upload = useCallback(
    (localId: string, file: File, media: MediaKind) => {
      pendingRef.current.set(localId, { kind: 'upload', file, media });
      const { promise } = uploadFile({
        kind: media === 'voice' ? 'file' : media,
        file,
        username: me.username,
        onProgress: (progress) => dispatch({ type: 'progress', tid, localId, progress }),
      });
      promise
        .then(({ attachment }) => deliver({ tid, localId, type: media, content: '', aid: attachment.aid }))
        .catch((error: unknown) => {
          dispatch({
            type: 'failed',
            tid,
            localId,
            error: error instanceof Error ? error.message : i18n.t('workbench:messages.sendFailed'),
          });
        });
    },
    [deliver, me.username, tid],
  );

  const sendText = useCallback(
    (text: string): boolean => {
      const content = text.trim();
      if (content === '' || content.length > messageMaxTextLength) return false;
      const localId = newLocalId();
      dispatch({ type: 'pending', tid, message: optimistic(localId, { type: 'text', content }) });
      deliver({ tid, localId, type: 'text', content });
      return true;
    },
    [deliver, optimistic, tid],
  );

  const sendFile = useCallback(
    (file: File, media: MediaKind) => {
      const localId = newLocalId();
      const preview = media === 'image' ? createObjectUrl(file) : '';
      if (preview) objectUrlsRef.current.push(preview);
      dispatch({
        type: 'pending',
        tid,
        message: optimistic(localId, {
          type: media,
          imageUrl: preview,
          thumbUrl: preview,
          fileName: file.name,
          fileSize: file.size,
          progress: 0,
        }),
      });
      upload(localId, file, media);
    },
    [optimistic, tid, upload],
  );

  const sendCommodity = useCallback(
    (commodity: Commodity) => {
      const localId = newLocalId();
      dispatch({
        type: 'pending',
        tid,
        message: optimistic(localId, { type: 'commodity', card: { kind: 'commodity', ...commodity } }),
      });
      deliver({ tid, localId, type: 'commodity', commodity });
    },
    [deliver, optimistic, tid],
  );

  const sendRedPacket = useCallback(
    (redPacket: RedPacket) => {
      const localId = newLocalId();
      dispatch({
        type: 'pending',
        tid,
        message: optimistic(localId, {
          type: 'red_packet',
          card: { kind: 'red_packet', ...redPacket, openedAt: null },
        }),
      });
      deliver({ tid, localId, type: 'red_packet', redPacket });
    },
    [deliver, optimistic, tid],
  );

  const resend = useCallback(
    (localId: string) => {
      const pending = pendingRef.current.get(localId);
      if (!pending) return;
      dispatch({ type: 'retrying', tid, localId });
      if (pending.kind === 'payload') deliver(pending.payload);
      else upload(localId, pending.file, pending.media);
    },
    [deliver, tid, upload],
  );

  const recall = useCallback(
    (mid: string) => {
      emitWithAck(socket, 'message:recall', { tid, mid })
        .then((message) => dispatch({ type: 'merge', tid, messages: [message] }))
        .catch((error: unknown) =>
          notify.error({
            title: i18n.t('workbench:messages.recallFailed'),
            description: error instanceof Error ? error.message : undefined,
          }),
        );
    },
    [socket, tid],
  );

  const redeliver = useCallback(
    (mid: string) => {
      dispatch({ type: 'redelivering', tid, mid, isAsked: true });
      redeliverMessage(tid, mid).catch((error: unknown) => {
        dispatch({ type: 'redelivering', tid, mid, isAsked: false });
        // The HTTP client has already said why for a lost session or a missing permission.
        if (isHttpError(error) && (error.status === 401 || error.status === 403)) return;
        notify.error({
          title: i18n.t('workbench:delivery.redeliverFailed'),
          description: parseError(error).message,
        });
      });
    },
    [tid],
  );

  const loadOlder = useCallback(() => {
    const current = stateRef.current;
    if (!current.hasMore || current.isLoadingOlder || current.phase !== 'ready') return;
    const beforeSeq = firstSeqOf(current.messages);
    if (beforeSeq <= 1) return;
    dispatch({ type: 'loadingOlder', tid });
    fetchHistory({ tid, beforeSeq })
      .then((history) => dispatch({ type: 'older', tid, history }))
      .catch(() => dispatch({ type: 'olderFailed', tid }));
  }, [tid]);

  const lastTypingRef = useRef(0);
  const signalTyping = useCallback(() => {
    if (!isParticipant) return;
    const now = Date.now();
    if (now - lastTypingRef.current < TYPING_THROTTLE_MS) return;
    lastTypingRef.current = now;
    emitQuietly(socket, 'typing', { tid, preview: '' });
  }, [isParticipant, socket, tid]);

  const reload = useCallback(() => {
    dispatch({ type: 'open', tid: null });
    dispatch({ type: 'open', tid });
    setLoadToken((token) => token + 1);
  }, [tid]);

  const addMessages = useCallback((messages: Message[]) => dispatch({ type: 'merge', tid, messages }), [tid]);

  return {
    state,
    reload,
    loadOlder,
    sendText,
    sendFile,
    sendCommodity,
    sendRedPacket,
    resend,
    recall,
    redeliver,
    signalTyping,
    addMessages,
  };
};
