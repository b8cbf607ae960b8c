import {
  messageTypeValues,
  type Message,
  type MessageType,
  type Page,
  type Thread,
  type ThreadListKind,
  type ThreadStatus,
} from '@openkefu/contract';

/*
 * The workbench's four lists (GET /api/thread/mine?kind=…) kept live from the socket: a
 * `thread:update` moves a thread into, within or out of each list; a `message` refreshes its row.
 */

export const threadListKinds = [
  'current',
  'queue',
  'groups',
  'closed',
] as const satisfies readonly ThreadListKind[];

const isOpen = (status: ThreadStatus): boolean =>
  status === 'chatting' || status === 'queuing' || status === 'robot';

/**
 * Whether `thread` (just updated) belongs in list `kind` of agent `me`. `previous` is the row the
 * list held before, if any: an invited agent is not the thread's agent but keeps it in "current"
 * while it lasts, whereas a thread transferred away from me leaves it.
 */
export const belongsToList = (
  kind: ThreadListKind,
  thread: Thread,
  me: string,
  previous: Thread | undefined,
): boolean => {
  const isMine = thread.agent?.uid === me;
  const wasInvited = previous !== undefined && previous.agent?.uid !== me;
  switch (kind) {
    case 'current':
      return thread.status === 'chatting' && (isMine || wasInvited);
    case 'queue':
      return thread.status === 'queuing';
    case 'groups':
      return isOpen(thread.status);
    case 'closed':
      return thread.status === 'closed' && (isMine || previous !== undefined);
  }
};

const activityOf = (thread: Thread): number => thread.lastMessageAt ?? thread.updatedAt;

/** The queue is served oldest first; the other lists show the latest activity on top. */
export const sortThreads = (kind: ThreadListKind, threads: Thread[]): Thread[] =>
  [...threads].sort((a, b) =>
    kind === 'queue'
      ? (a.queuedAt ?? a.createdAt) - (b.queuedAt ?? b.createdAt)
      : kind === 'closed'
        ? (b.closedAt ?? b.updatedAt) - (a.closedAt ?? a.updatedAt)
        : activityOf(b) - activityOf(a),
  );

const withContent = (page: Page<Thread>, content: Thread[]): Page<Thread> => {
  const totalElements = Math.max(0, page.totalElements + content.length - page.content.length);
  return { ...page, content, totalElements, empty: content.length === 0 };
};

/** The list after `thread:update`: inserted, replaced (re-sorted) or removed. */
export const applyThreadUpdate = (
  page: Page<Thread> | undefined,
  kind: ThreadListKind,
  thread: Thread,
  me: string,
): Page<Thread> | undefined => {
  if (!page) return page;
  const previous = page.content.find((row) => row.tid === thread.tid);
  // An update older than the row we hold (pushes may overtake each other) changes nothing.
  if (previous && previous.updatedAt > thread.updatedAt) return page;
  const others = page.content.filter((row) => row.tid !== thread.tid);
  if (!belongsToList(kind, thread, me, previous)) {
    return previous ? withContent(page, others) : page;
  }
  return withContent(page, sortThreads(kind, [...others, thread]));
};

const SERVER_PREVIEW = /^\[([A-Za-z_]+)\](?: (.*))?$/s;

/**
 * The server's preview of a thread's last media message ("[image]", "[file] a.pdf", "[voice]")
 * in the reader's language; anything else (the text of a message) as it is.
 */
export const localisePreview = (
  content: string,
  labels: { image: string; file: (name: string) => string; other: (type: MessageType) => string },
): string => {
  const match = SERVER_PREVIEW.exec(content);
  const type = match?.[1] as MessageType | undefined;
  if (!match || !type || !(messageTypeValues as readonly string[]).includes(type)) return content;
  if (type === 'image' && match[2] === undefined) return labels.image;
  if (type === 'file') return labels.file(match[2] ?? '');
  // "[link] see this" is text someone typed, not a preview.
  return match[2] === undefined ? labels.other(type) : content;
};

/** A short, plain-text preview of a message for list rows and notifications. */
export const previewOf = (
  message: Pick<Message, 'type' | 'content' | 'fileName'>,
  labels: { image: string; file: (name: string) => string },
): string => {
  if (message.type === 'image') return labels.image;
  if (message.type === 'file') return labels.file(message.fileName);
  return message.content.replace(/\s+/g, ' ').trim().slice(0, 120);
};

/**
 * The list after a message of one of its threads: the row's preview and time move on, and a
 * visitor's message the agent is not looking at counts as unread. Messages the row already
 * reflects (its `seq` is as high) are skipped, so a `thread:update` and the `message` push of the
 * same message never count twice.
 */
/** The row a message moves on: its preview, time and seq (unread counting is the list's). */
export const applyMessageToThread = (thread: Thread, message: Message, preview: string): Thread => {
  if (message.seq <= thread.seq) return thread;
  const isNotice = message.type.startsWith('notification_');
  return {
    ...thread,
    seq: message.seq,
    content: isNotice ? thread.content : preview,
    lastMessageAt: isNotice ? thread.lastMessageAt : message.createdAt,
  };
};

export const applyMessageToList = (
  page: Page<Thread> | undefined,
  kind: ThreadListKind,
  message: Message,
  { preview, isOpen: isOpenThread }: { preview: string; isOpen: boolean },
): Page<Thread> | undefined => {
  if (!page) return page;
  const row = page.content.find((thread) => thread.tid === message.tid);
  if (!row || message.seq <= row.seq) return page;
  const updated: Thread = {
    ...applyMessageToThread(row, message, preview),
    unreadCount:
      message.sender.kind === 'visitor' && !isOpenThread
        ? row.unreadCount + 1
        : isOpenThread
          ? 0
          : row.unreadCount,
  };
  const others = page.content.filter((thread) => thread.tid !== message.tid);
  return withContent(page, sortThreads(kind, [...others, updated]));
};

/** The list with the open thread's unread count cleared (the agent is reading it). */
export const markListRead = (page: Page<Thread> | undefined, tid: string): Page<Thread> | undefined => {
  if (!page || !page.content.some((thread) => thread.tid === tid && thread.unreadCount > 0)) return page;
  return {
    ...page,
    content: page.content.map((thread) => (thread.tid === tid ? { ...thread, unreadCount: 0 } : thread)),
  };
};
