import type {
  Message,
  MessageHistory,
  RobotRating,
  Thread,
  ThreadRequestResult,
  VisitorForm,
  WidgetSettings,
} from '@openkefu/contract';
import type { WordKey } from '../i18n.js';
import { contiguousSeq, highestSeqOf, mergeMessages, type ShownMessage } from './messages.js';
import { readRobotReply, type RobotRatingState } from './robot.js';

/*
 * The chat page's state: one pure reducer, so that ordering, duplicates, gaps and receipts are
 * decided in one place and tested without a browser. `useChat` feeds it from HTTP and the socket
 * and performs what its selectors ask for (a resync, a receipt).
 */

export type Phase =
  | { kind: 'loading' }
  | { kind: 'error'; reason: string }
  | { kind: 'unknown' }
  | { kind: 'incomplete' }
  | { kind: 'blocked' }
  | { kind: 'leave'; tip: string }
  | { kind: 'form'; form: VisitorForm }
  /** The skill group offers its help centre first (helpCenterSearch): search, then start the chat. */
  | { kind: 'help' }
  | { kind: 'chat' };

/**
 * A notice of the page itself (not stored on the server), placed in the timeline after the
 * message with seq `afterSeq`, so it keeps its place when later messages arrive.
 */
export type LocalNotice = { key: string; afterSeq: number } & (
  { text: string; word?: undefined } | { word: WordKey; text?: undefined }
);

export type ReceiptStatus = 'received' | 'read';

export type ChatState = {
  phase: Phase;
  settings: WidgetSettings | null;
  thread: Thread | null;
  messages: ShownMessage[];
  notices: LocalNotice[];
  hasOlder: boolean;
  /**
   * Every seq up to here has arrived or does not exist for this visitor: the server answered a
   * page or a resync covering it. Contiguity is counted from here (older pages load on demand).
   */
  heldSeq: number;
  /** The highest seq known to exist: from a message, or from the thread's own `seq`. */
  knownSeq: number;
  /** A resync in flight (asked after `afterSeq`, when `knownSeq` was this), so a gap is asked once. */
  syncing: { afterSeq: number; knownSeq: number } | null;
  /** After a reconnect: catch up at once, whatever is known. */
  needsCatchUp: boolean;
  isConnected: boolean;
  isAgentTyping: boolean;
  /** The agent's read receipt: the visitor's messages up to here are read. */
  agentReadSeq: number;
  /** What this page already reported for the other side's messages. */
  reported: Record<ReceiptStatus, number>;
  upload: { percent: number; error?: string } | null;
  isRating: boolean;
  hasRated: boolean;
  /** showCollectMobile: asked once per page while the visitor has no number on file. */
  mobileAsk: 'ask' | 'saved' | 'done';
  /** "Did this help?" choices made on this page, by the answer's mid (the stored rating wins). */
  robotRatings: Record<string, RobotRatingState>;
  /**
   * A large-model robot's answers while they are written ('robot:stream'), by stream id: the
   * pieces by index (they may arrive out of order). The stored message naming the stream ends it.
   */
  robotStreams: Record<string, string[]>;
  /** "Talk to a person" asked and not answered yet: the button waits. */
  isTransferring: boolean;
  /** Why the last "Talk to a person" failed ('' when it did not). */
  transferError: string;
};

export const initialChat: ChatState = {
  phase: { kind: 'loading' },
  settings: null,
  thread: null,
  messages: [],
  notices: [],
  hasOlder: false,
  heldSeq: 0,
  knownSeq: 0,
  syncing: null,
  needsCatchUp: false,
  isConnected: false,
  isAgentTyping: false,
  agentReadSeq: 0,
  reported: { received: 0, read: 0 },
  upload: null,
  isRating: false,
  hasRated: false,
  mobileAsk: 'done',
  robotRatings: {},
  robotStreams: {},
  isTransferring: false,
  transferError: '',
};

export type ChatAction =
  | { type: 'loading' }
  | { type: 'phase'; phase: Phase }
  | { type: 'identified'; hasMobile: boolean }
  /** The skill group's settings, known before any thread is asked for. */
  | { type: 'settings'; settings: WidgetSettings }
  /** The thread request's answer; for a thread, the page shows once its history arrives. */
  | { type: 'requested'; result: ThreadRequestResult }
  | { type: 'history'; tid: string; history: MessageHistory }
  | { type: 'older'; tid: string; history: MessageHistory }
  /** Pushes, acks and optimistic copies: merged by id, ordered by seq. */
  | { type: 'messages'; messages: ShownMessage[] }
  | { type: 'thread'; thread: Thread }
  | { type: 'closed'; thread: Thread }
  | { type: 'typing'; tid: string; isTyping: boolean }
  | { type: 'receipt'; tid: string; seq: number; status: ReceiptStatus }
  | { type: 'reported'; tid: string; seq: number; status: ReceiptStatus }
  | { type: 'connection'; isConnected: boolean; isReconnect: boolean }
  | { type: 'syncStarted'; tid: string; afterSeq: number }
  /** A resync's answer, named by the `afterSeq` it was asked with. */
  | { type: 'synced'; tid: string; afterSeq: number; history: MessageHistory }
  | { type: 'syncFailed'; tid: string; afterSeq: number }
  | { type: 'upload'; upload: ChatState['upload'] }
  | { type: 'rating'; isOpen: boolean }
  | { type: 'rated'; at: number }
  | { type: 'mobileAsk'; value: ChatState['mobileAsk'] }
  | { type: 'robotStream'; tid: string; streamId: string; index: number; delta: string }
  /** The visitor answered "did this help?" on the robot's answer `mid` (shown while it is sent). */
  | { type: 'robotRate'; mid: string; rating: RobotRating }
  | { type: 'robotRateFailed'; mid: string; reason: string }
  /** "Talk to a person": its answer arrives as `requested`, like a thread request's. */
  | { type: 'transferStarted' }
  | { type: 'transferFailed'; reason: string };

const isOtherSide = (message: Message) => message.sender.kind !== 'visitor';

/** Stream ids that stored `generated` robot messages name. */
const finishedStreamsOf = (messages: readonly Message[]): string[] =>
  messages.flatMap((message) => {
    if (message.type !== 'robot') return [];
    const reply = readRobotReply(message.content);
    return reply?.kind === 'generated' ? [reply.streamId] : [];
  });

/** The text of answers still being written, in arrival order of their streams (gaps left out). */
export const robotStreamsOf = (
  state: Pick<ChatState, 'robotStreams'>,
): { streamId: string; text: string }[] =>
  Object.entries(state.robotStreams).map(([streamId, pieces]) => ({ streamId, text: pieces.join('') }));

/** What "did this help?" shows for an answer: the stored rating, else this page's choice (unless it failed). */
export const robotRatingOf = (
  state: Pick<ChatState, 'robotRatings'>,
  mid: string,
  stored: RobotRating | null,
): { rating: RobotRating | null; error: string } => {
  const chosen = state.robotRatings[mid];
  if (stored) return { rating: stored, error: '' };
  if (!chosen) return { rating: null, error: '' };
  return chosen.error === undefined
    ? { rating: chosen.rating, error: '' }
    : { rating: null, error: chosen.error };
};

/** The leave-message tip when the robot could hand over to nobody (pushed, so no request tip). */
const leaveTipOf = (thread: Thread, settings: WidgetSettings | null): string =>
  (thread.closeType === 'non_working_time' ? settings?.nonWorkingTimeTip : settings?.offlineTip) ?? '';

/** The last seq held without a gap: the `afterSeq` of a resync. */
export const contiguousSeqOf = (state: ChatState): number => contiguousSeq(state.messages, state.heldSeq);

/**
 * The `afterSeq` to resync from, or null: a seq is known to exist beyond what is held without a
 * gap (a push came out of order, or was lost with the node that stored it), or a reconnect needs
 * to catch up. Nothing while a resync is in flight or while offline.
 */
export const resyncAfterOf = (state: ChatState): number | null => {
  if (!state.thread || state.phase.kind !== 'chat' || state.syncing || !state.isConnected) return null;
  const held = contiguousSeqOf(state);
  return state.needsCatchUp || state.knownSeq > held ? held : null;
};

/**
 * The receipt to send for the agent's (or robot's, or system's) messages, or null: "read" while
 * the page is visible, else "received"; only up to what is held without a gap, and only forward.
 */
export const receiptToSendOf = (
  state: ChatState,
  isVisible: boolean,
): { tid: string; seq: number; status: ReceiptStatus } | null => {
  if (!state.thread || state.phase.kind !== 'chat') return null;
  const held = contiguousSeqOf(state);
  const seq = state.messages.reduce(
    (max, message) =>
      message.mid && isOtherSide(message) && message.seq <= held && message.seq > max ? message.seq : max,
    0,
  );
  if (isVisible && seq > state.reported.read) return { tid: state.thread.tid, seq, status: 'read' };
  if (seq > state.reported.received) return { tid: state.thread.tid, seq, status: 'received' };
  return null;
};

export type TimelineItem =
  | { kind: 'message'; key: string; message: ShownMessage }
  | { kind: 'notice'; key: string; notice: LocalNotice };

/**
 * What the list shows, in order: stored messages (notifications included) by seq, the page's own
 * notices right after the message they followed, messages still sending last. Never by arrival.
 */
export const timelineOf = (state: Pick<ChatState, 'messages' | 'notices'>): TimelineItem[] => {
  const ranked: { rank: [number, number, number]; item: TimelineItem }[] = [
    ...state.messages.map((message, index) => ({
      rank: (message.mid ? [message.seq, 0, 0] : [Number.MAX_SAFE_INTEGER, 2, index]) as [
        number,
        number,
        number,
      ],
      item: { kind: 'message', key: message.mid || `l:${message.localId}`, message } as const,
    })),
    ...state.notices.map((notice, index) => ({
      rank: [notice.afterSeq, 1, index] as [number, number, number],
      item: { kind: 'notice', key: `n:${notice.key}`, notice } as const,
    })),
  ];
  return ranked
    .sort((a, b) => a.rank[0] - b.rank[0] || a.rank[1] - b.rank[1] || a.rank[2] - b.rank[2])
    .map((entry) => entry.item);
};

const isOfThread = (state: ChatState, tid: string) => state.thread?.tid === tid;

const withKnown = (state: ChatState, seq: number): ChatState =>
  seq > state.knownSeq ? { ...state, knownSeq: seq } : state;

export const chatReducer = (state: ChatState, action: ChatAction): ChatState => {
  switch (action.type) {
    case 'loading':
      return { ...state, phase: { kind: 'loading' } };
    case 'phase':
      return { ...state, phase: action.phase };
    case 'identified':
      return !action.hasMobile && state.mobileAsk === 'done' ? { ...state, mobileAsk: 'ask' } : state;
    case 'settings':
      return { ...state, settings: action.settings };
    case 'requested': {
      const { result } = action;
      const next: ChatState = {
        ...state,
        settings: result.settings,
        isTransferring: false,
        transferError: '',
      };
      if (result.code === -2) return { ...next, phase: { kind: 'unknown' } };
      if (result.code === -3) return { ...next, phase: { kind: 'blocked' } };
      if (result.code === 203 || result.code === 204)
        return { ...next, phase: { kind: 'leave', tip: result.tip } };
      const thread = result.thread;
      if (!thread) return { ...next, thread: null, phase: { kind: 'chat' } };
      // A closed conversation reopens as the same thread: its log stays, a new one starts afresh.
      const isSame = state.thread?.tid === thread.tid;
      const base: ChatState = isSame
        ? next
        : {
            ...next,
            messages: [],
            notices: [],
            hasOlder: false,
            heldSeq: 0,
            knownSeq: 0,
            syncing: null,
            agentReadSeq: 0,
            reported: { received: 0, read: 0 },
          };
      // The tip belongs where the request was answered: after everything the thread held then.
      // The robot's welcome (206) is the thread's first message already: not said twice.
      const notices =
        result.tip && result.code !== 206
          ? [
              ...base.notices,
              { key: `tip:${thread.cycle}:${thread.seq}`, afterSeq: thread.seq, text: result.tip },
            ]
          : base.notices;
      return withKnown(
        {
          ...base,
          thread,
          notices,
          hasRated: thread.rated,
          isRating: false,
          isAgentTyping: false,
        },
        thread.seq,
      );
    }
    case 'history': {
      if (!isOfThread(state, action.tid)) return state;
      const messages = mergeMessages(state.messages, action.history.messages);
      // The newest page covers everything up to its last message (and up to the thread's seq
      // read before it): what is missing in between does not exist for this visitor.
      const covered = Math.max(highestSeqOf(action.history.messages), state.thread?.seq ?? 0);
      return withKnown(
        {
          ...state,
          messages,
          hasOlder: action.history.hasMore,
          heldSeq: Math.max(state.heldSeq, covered),
          phase: { kind: 'chat' },
        },
        highestSeqOf(messages),
      );
    }
    case 'older':
      return isOfThread(state, action.tid)
        ? {
            ...state,
            messages: mergeMessages(state.messages, action.history.messages),
            hasOlder: action.history.hasMore,
          }
        : state;
    case 'messages': {
      const mine = action.messages.filter((message) => isOfThread(state, message.tid));
      if (mine.length === 0) return state;
      const hasInviteRate = mine.some((message) => message.type === 'notification_invite_rate');
      // Only a new message ends "typing": a changed copy (a rated answer) says nothing about it.
      const held = new Set(state.messages.map((message) => message.mid));
      const isFromAgent = mine.some(
        (message) => message.mid && !held.has(message.mid) && isOtherSide(message),
      );
      const finished = finishedStreamsOf(mine);
      const robotStreams =
        finished.length === 0
          ? state.robotStreams
          : Object.fromEntries(Object.entries(state.robotStreams).filter(([id]) => !finished.includes(id)));
      return withKnown(
        {
          ...state,
          messages: mergeMessages(state.messages, mine),
          robotStreams,
          isAgentTyping: isFromAgent ? false : state.isAgentTyping,
          isRating: hasInviteRate && !state.hasRated ? true : state.isRating,
        },
        highestSeqOf(mine),
      );
    }
    case 'thread':
    case 'closed': {
      if (!isOfThread(state, action.thread.tid)) return state;
      const isClosedNow = action.thread.status === 'closed' && state.thread?.status !== 'closed';
      // Closing asks for a rating when the group insists (and the visitor has not rated yet).
      const mustRate =
        isClosedNow && Boolean(state.settings?.forceRate) && !state.hasRated && !action.thread.rated;
      // A transfer keyword found nobody to take the chat: the leave-message form, as a request would.
      const isLeftByRobot =
        state.phase.kind === 'chat' && state.thread?.status === 'robot' && action.thread.status === 'offline';
      return withKnown(
        {
          ...state,
          ...(isLeftByRobot
            ? { phase: { kind: 'leave', tip: leaveTipOf(action.thread, state.settings) } }
            : {}),
          thread: action.thread,
          hasRated: state.hasRated || action.thread.rated,
          isRating: mustRate ? true : state.isRating,
        },
        action.thread.seq,
      );
    }
    case 'typing':
      return isOfThread(state, action.tid) ? { ...state, isAgentTyping: action.isTyping } : state;
    case 'robotStream': {
      if (!isOfThread(state, action.tid) || action.index < 0 || action.index > 10_000) return state;
      // A stream whose stored message is already here is over (a late piece changes nothing).
      if (finishedStreamsOf(state.messages).includes(action.streamId)) return state;
      const pieces = [...(state.robotStreams[action.streamId] ?? [])];
      pieces[action.index] = action.delta;
      return {
        ...state,
        isAgentTyping: false,
        robotStreams: { ...state.robotStreams, [action.streamId]: pieces },
      };
    }
    case 'receipt':
      return isOfThread(state, action.tid) && action.status === 'read' && action.seq > state.agentReadSeq
        ? { ...state, agentReadSeq: action.seq }
        : state;
    case 'reported': {
      if (!isOfThread(state, action.tid)) return state;
      const read = action.status === 'read' ? Math.max(state.reported.read, action.seq) : state.reported.read;
      // Read implies received.
      const received = Math.max(state.reported.received, action.seq);
      return { ...state, reported: { read, received } };
    }
    case 'connection':
      return {
        ...state,
        isConnected: action.isConnected,
        // Pushes sent while no socket was connected are lost: a connection made after the log
        // was loaded (a reconnect, or a slow first connect) catches up.
        needsCatchUp:
          state.needsCatchUp || (action.isConnected && (action.isReconnect || state.phase.kind === 'chat')),
        // An answer lost with the old connection never comes: ask again on the new one.
        syncing: action.isConnected ? state.syncing : null,
      };
    case 'syncStarted':
      return isOfThread(state, action.tid)
        ? { ...state, syncing: { afterSeq: action.afterSeq, knownSeq: state.knownSeq }, needsCatchUp: false }
        : state;
    case 'synced': {
      if (!isOfThread(state, action.tid)) return state;
      const { messages, hasMore } = action.history;
      // A late answer to an earlier resync (lost with its connection): its messages are still good.
      if (state.syncing?.afterSeq !== action.afterSeq)
        return withKnown(
          { ...state, messages: mergeMessages(state.messages, messages) },
          highestSeqOf(messages),
        );
      const highest = highestSeqOf(messages);
      // A complete answer covers everything known when it was asked; a partial one, what it returned.
      const covered = hasMore ? 0 : Math.max(state.syncing.knownSeq, highest);
      return withKnown(
        {
          ...state,
          messages: mergeMessages(state.messages, messages),
          heldSeq: Math.max(state.heldSeq, covered),
          syncing: null,
          // More than one page: keep asking.
          needsCatchUp: hasMore,
        },
        highest,
      );
    }
    case 'syncFailed':
      return isOfThread(state, action.tid) && state.syncing?.afterSeq === action.afterSeq
        ? { ...state, syncing: null }
        : state;
    case 'upload':
      return { ...state, upload: action.upload };
    case 'rating':
      return { ...state, isRating: action.isOpen };
    case 'rated':
      return {
        ...state,
        hasRated: true,
        isRating: false,
        notices: [
          ...state.notices,
          { key: `rated:${action.at}`, afterSeq: highestSeqOf(state.messages), word: 'rateThanks' },
        ],
      };
    case 'mobileAsk':
      return { ...state, mobileAsk: action.value };
    case 'robotRate':
      return { ...state, robotRatings: { ...state.robotRatings, [action.mid]: { rating: action.rating } } };
    case 'robotRateFailed': {
      const chosen = state.robotRatings[action.mid];
      return chosen
        ? {
            ...state,
            robotRatings: { ...state.robotRatings, [action.mid]: { ...chosen, error: action.reason } },
          }
        : state;
    }
    case 'transferStarted':
      return { ...state, isTransferring: true, transferError: '' };
    case 'transferFailed':
      return { ...state, isTransferring: false, transferError: action.reason };
  }
};
