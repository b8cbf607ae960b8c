import type { Message, MessageHistory, MessageStatus, SenderKind } from '@openkefu/contract';

/*
 * The open conversation's message log. Stored messages are ordered by `seq` (DESIGN §4); the
 * agent's own messages that the server has not acknowledged yet carry `seq` 0 and sit at the end
 * until the ack (or the server's push of the same message) replaces them, matched by `localId`.
 */

/** A message of the log: a stored one, or one of ours still sending, uploading or failed. */
export type ChatMessage = Message & {
  /** Upload progress (0…1) of an image or file not yet sent. */
  progress?: number;
  /** Why sending failed; the row offers a resend. */
  error?: string;
  /** The picked file while its upload is pending (kept so a failed upload can be retried). */
  file?: File;
  /**
   * The agent asked for its failed delivery to be tried again: the next pending copy is the new
   * attempt, not an older copy. Cleared once the delivery has moved on or the request failed.
   */
  isRedelivering?: boolean;
};

const statusRank: Partial<Record<MessageStatus, number>> = {
  error: 0,
  sending: 0,
  stored: 1,
  received: 2,
  read: 3,
};

const isFinalStatus = (status: MessageStatus): boolean => status === 'recall' || status === 'destroyed';

/**
 * Receipts, acks and pushes arrive in any order; a message's delivery status only moves forward
 * (sending → stored → received → read), except that a recall always wins.
 */
export const mergeStatus = (current: MessageStatus, incoming: MessageStatus): MessageStatus => {
  if (isFinalStatus(incoming)) return incoming;
  if (isFinalStatus(current)) return current;
  return (statusRank[incoming] ?? 0) >= (statusRank[current] ?? 0) ? incoming : current;
};

type Delivery = NonNullable<Message['delivery']>;

/**
 * Delivery to the visitor's channel only moves forward (pending, then sent or failed, which are
 * final; the server queues a message again only when an agent asks it to, `isRequeued`). A copy that
 * knows less — the ack, or a history page read before the latest push — must not take back what a
 * push already told.
 */
export const mergeDelivery = (
  current: Delivery | undefined,
  incoming: Delivery | undefined,
  isRequeued = false,
): Delivery | undefined => {
  if (!incoming) return current;
  if (isRequeued && current?.state === 'failed') return incoming;
  if (current && current.state !== 'pending' && incoming.state === 'pending') return current;
  return incoming;
};

export const isStored = (message: Pick<Message, 'seq'>): boolean => message.seq > 0;

// Stored messages (notices included) in seq order, which is the order the server committed them.
const compareMessages = (a: ChatMessage, b: ChatMessage): number => {
  if (isStored(a) && isStored(b)) return a.seq - b.seq || a.createdAt - b.createdAt;
  if (isStored(a)) return -1;
  if (isStored(b)) return 1;
  return a.createdAt - b.createdAt;
};

const isSameMessage = (existing: ChatMessage, incoming: Message): boolean =>
  existing.mid === incoming.mid ||
  (isStored(existing) && existing.seq === incoming.seq) ||
  (incoming.localId !== '' &&
    existing.localId === incoming.localId &&
    existing.sender.id === incoming.sender.id &&
    existing.sender.kind === incoming.sender.kind);

/**
 * Adds stored messages (a history page, a resync, a push or an ack) to the log: one entry per
 * message whatever the order or number of times it arrives, optimistic copies replaced, sorted.
 */
export const mergeMessages = (log: readonly ChatMessage[], incoming: readonly Message[]): ChatMessage[] => {
  const result: ChatMessage[] = [...log];
  for (const message of incoming) {
    const index = result.findIndex((existing) => isSameMessage(existing, message));
    if (index === -1) {
      result.push(message);
      continue;
    }
    const existing = result[index];
    // The stored copy replaces ours (mid, seq, server time); the furthest status and delivery are kept.
    const delivery = mergeDelivery(existing.delivery, message.delivery, existing.isRedelivering);
    // A link's card arrives in a later push: a copy read before it (an ack, a history page) keeps it.
    const card = message.card ?? (message.status === 'recall' ? undefined : existing.card);
    result[index] = {
      ...message,
      ...(card ? { card } : {}),
      status: mergeStatus(existing.status, message.status),
      ...(delivery ? { delivery } : {}),
      // Until the new attempt shows, so that a copy without it (a history page) does not end the wait.
      ...(existing.isRedelivering && delivery?.state === 'failed' ? { isRedelivering: true } : {}),
    };
  }
  return result.sort(compareMessages);
};

/** Highest stored seq in the log (0 when none). */
export const lastSeqOf = (log: readonly ChatMessage[]): number =>
  log.reduce((max, message) => (message.seq > max ? message.seq : max), 0);

/**
 * The `afterSeq` of a resync: the last seq held without a gap from the oldest one loaded. A push
 * that arrived after a missed message must not hide the miss (the highest seq would).
 */
export const resyncSeqOf = (log: readonly ChatMessage[]): number => {
  const seqs = new Set(log.filter(isStored).map((message) => message.seq));
  if (seqs.size === 0) return 0;
  let seq = Math.min(...seqs);
  while (seqs.has(seq + 1)) seq += 1;
  return seq;
};

/**
 * The `afterSeq` to ask for when the log has a gap (a stored message beyond the last seq held
 * without one: a push arrived out of order, or was lost with the server node that stored it), or
 * null when there is none.
 */
export const gapOf = (log: readonly ChatMessage[]): number | null => {
  const held = resyncSeqOf(log);
  return lastSeqOf(log) > held ? held : null;
};

/** Lowest stored seq (0 when none): the `beforeSeq` of the next older page. */
export const firstSeqOf = (log: readonly ChatMessage[]): number =>
  log.reduce(
    (min, message) => (isStored(message) && (min === 0 || message.seq < min) ? message.seq : min),
    0,
  );

/** How far the visitor has confirmed the agents' messages (0: nothing yet). */
export type VisitorReceipts = { received: number; read: number };

/**
 * The visitor's receipts applied to the agents' stored messages. A receipt may come before the
 * ack or the push of the message it covers (the widget answers fast), so it is kept and applied
 * again to every message that arrives later.
 */
const withVisitorReceipts = (log: ChatMessage[], receipts: VisitorReceipts): ChatMessage[] => {
  let result = log;
  if (receipts.received > 0)
    result = applyReceipt(result, { seq: receipts.received, status: 'received', by: 'visitor' });
  if (receipts.read > 0) result = applyReceipt(result, { seq: receipts.read, status: 'read', by: 'visitor' });
  return result;
};

/** A receipt from one side marks the other side's messages up to its seq. */
export const applyReceipt = (
  log: readonly ChatMessage[],
  receipt: { seq: number; status: 'received' | 'read'; by: SenderKind },
): ChatMessage[] =>
  log.map((message) => {
    const isOtherSide =
      receipt.by === 'visitor' ? message.sender.kind !== 'visitor' : message.sender.kind === 'visitor';
    if (!isOtherSide || !isStored(message) || message.seq > receipt.seq) return message;
    const status = mergeStatus(message.status, receipt.status);
    return status === message.status ? message : { ...message, status };
  });

const updateLocal = (
  log: readonly ChatMessage[],
  localId: string,
  update: (message: ChatMessage) => ChatMessage,
): ChatMessage[] =>
  log.map((message) => (!isStored(message) && message.localId === localId ? update(message) : message));

export type ConversationState = {
  tid: string | null;
  messages: ChatMessage[];
  /** Older stored messages exist before the first one loaded. */
  hasMore: boolean;
  phase: 'idle' | 'loading' | 'ready' | 'error';
  isLoadingOlder: boolean;
  /** What the visitor is typing (preview may be ''), or null. */
  typing: { preview: string; at: number } | null;
  visitorReceipts: VisitorReceipts;
  /** The `afterSeq` of the last gap asked for: a gap the server cannot fill is asked once. */
  gapAsked: number | null;
};

export const initialConversation: ConversationState = {
  tid: null,
  messages: [],
  hasMore: false,
  phase: 'idle',
  isLoadingOlder: false,
  typing: null,
  visitorReceipts: { received: 0, read: 0 },
  gapAsked: null,
};

/**
 * The `afterSeq` of the resync a gap calls for, or null: only once the first page is in, and only
 * once per gap (a gap the server cannot fill, e.g. a message it never stored, is not asked forever).
 */
export const gapToSyncOf = (state: ConversationState): number | null => {
  if (state.phase !== 'ready') return null;
  const gap = gapOf(state.messages);
  return gap === null || gap === state.gapAsked ? null : gap;
};

export type ConversationAction =
  | { type: 'open'; tid: string | null }
  | { type: 'loaded'; tid: string; history: MessageHistory }
  | { type: 'loadFailed'; tid: string }
  | { type: 'loadingOlder'; tid: string }
  | { type: 'older'; tid: string; history: MessageHistory }
  | { type: 'olderFailed'; tid: string }
  | { type: 'merge'; tid: string; messages: Message[] }
  | { type: 'receipt'; tid: string; seq: number; status: 'received' | 'read'; by: SenderKind }
  | { type: 'pending'; tid: string; message: ChatMessage }
  | { type: 'progress'; tid: string; localId: string; progress: number }
  | { type: 'failed'; tid: string; localId: string; error: string }
  | { type: 'retrying'; tid: string; localId: string }
  | { type: 'typing'; tid: string; preview: string; at: number }
  | { type: 'typingStopped'; tid: string }
  | { type: 'gapAsked'; tid: string; afterSeq: number }
  /** The agent asked to try a failed delivery again (`isAsked`), or the server refused (false). */
  | { type: 'redelivering'; tid: string; mid: string; isAsked: boolean };

/**
 * The open conversation. Every action names its thread: an answer that arrives after the agent
 * moved to another conversation is dropped rather than mixed into the wrong log.
 */
export const conversationReducer = (
  state: ConversationState,
  action: ConversationAction,
): ConversationState => {
  if (action.type === 'open') {
    return action.tid === state.tid
      ? state
      : { ...initialConversation, tid: action.tid, phase: action.tid ? 'loading' : 'idle' };
  }
  if (action.tid !== state.tid) return state;
  switch (action.type) {
    case 'loaded':
      return {
        ...state,
        // Merged, not replaced: pushes that arrived while the page loaded are kept.
        messages: withVisitorReceipts(
          mergeMessages(state.messages, action.history.messages),
          state.visitorReceipts,
        ),
        hasMore: action.history.hasMore,
        phase: 'ready',
      };
    case 'loadFailed':
      return { ...state, phase: 'error' };
    case 'loadingOlder':
      return { ...state, isLoadingOlder: true };
    case 'older':
      return {
        ...state,
        messages: withVisitorReceipts(
          mergeMessages(state.messages, action.history.messages),
          state.visitorReceipts,
        ),
        hasMore: action.history.hasMore,
        isLoadingOlder: false,
      };
    case 'olderFailed':
      return { ...state, isLoadingOlder: false };
    case 'merge': {
      const isFromVisitor = action.messages.some((message) => message.sender.kind === 'visitor');
      return {
        ...state,
        messages: withVisitorReceipts(mergeMessages(state.messages, action.messages), state.visitorReceipts),
        typing: isFromVisitor ? null : state.typing,
      };
    }
    case 'receipt': {
      const messages = applyReceipt(state.messages, action);
      if (action.by !== 'visitor') return { ...state, messages };
      const current = state.visitorReceipts;
      const visitorReceipts =
        action.status === 'read'
          ? { received: Math.max(current.received, action.seq), read: Math.max(current.read, action.seq) }
          : { ...current, received: Math.max(current.received, action.seq) };
      return { ...state, messages, visitorReceipts };
    }
    case 'pending':
      return { ...state, messages: [...state.messages, action.message].sort(compareMessages) };
    case 'progress':
      return {
        ...state,
        messages: updateLocal(state.messages, action.localId, (message) => ({
          ...message,
          progress: action.progress,
        })),
      };
    case 'failed':
      return {
        ...state,
        messages: updateLocal(state.messages, action.localId, (message) => ({
          ...message,
          status: 'error',
          error: action.error,
        })),
      };
    case 'retrying':
      return {
        ...state,
        messages: updateLocal(state.messages, action.localId, (message) => ({
          ...message,
          status: 'sending',
          error: undefined,
        })),
      };
    case 'typing':
      return { ...state, typing: { preview: action.preview, at: action.at } };
    case 'typingStopped':
      return { ...state, typing: null };
    case 'gapAsked':
      return { ...state, gapAsked: action.afterSeq };
    case 'redelivering':
      return {
        ...state,
        messages: state.messages.map((message) => {
          if (message.mid !== action.mid) return message;
          const { isRedelivering: _was, ...rest } = message;
          return action.isAsked && message.delivery?.state === 'failed'
            ? { ...rest, isRedelivering: true }
            : rest;
        }),
      };
  }
};
