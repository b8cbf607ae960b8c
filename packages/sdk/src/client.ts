import type {
  Ack,
  Attachment,
  Client,
  Message,
  MessageHistory,
  MessageSend,
  Rate,
  ServerEventPayload,
  Thread,
  ThreadRequestResult,
  Visitor,
  VisitorInitResult,
  VisitorProfileBody,
} from '@openkefu/contract';
import { commodityInputSchema, type CommodityInput, type LocationInput } from '@openkefu/contract';
import { io, type Socket } from 'socket.io-client';
import { KefuError, toErrorCode } from './errors.js';
import { createHttp, type FetchLike, type UploadSource } from './http.js';
import { createDefaultStorage, type TokenStorage } from './storage.js';

export type KefuClientOptions = {
  /** The OpenKefu server, e.g. `https://kefu.example.com`; a path prefix (`…/kefu`) is kept. */
  baseUrl: string;
  /** The organisation's subDomain (as in the embed snippet). Give this or `appKey`. */
  org?: string;
  /** An SDK channel's key from the console's App, uni-app, Flutter or Web channel page. */
  appKey?: string;
  /** Shown to agents instead of the generated visitor name. */
  nickname?: string;
  /** Which channel conversations are counted under (default `web`): `uniapp`, `ios`, `android`, `flutter`… */
  client?: Client;
  /** The page or screen the chat was opened from (default: the browser's location, if any). */
  page?: string;
  referrer?: string;
  /** `en-US` or `zh-CN`: the language of the server's messages and tips. */
  language?: string;
  /** Keeps the visitor token across starts (default: localStorage when usable, else memory). */
  storage?: TokenStorage;
  /** Default `openkefu.token.<org or appKey>`. */
  storageKey?: string;
  /** Default: the global fetch. */
  fetch?: FetchLike;
  /** Socket.IO transports, in order of preference (default websocket, then long-polling). */
  transports?: ('websocket' | 'polling')[];
  /** How long one send waits for the server's acknowledgement before resending (default 8 s). */
  ackTimeoutMs?: number;
  /** How long send() keeps resending, connected or not, before it fails with TIMEOUT (default 2 min). */
  sendTimeoutMs?: number;
};

/** An agent is typing (`preview` is always '' from agents). */
export type TypingEvent = { tid: string; preview: string };
/** The agent received or read the visitor's messages up to `seq`. */
export type ReceiptEvent = { tid: string; seq: number; status: 'received' | 'read' };
export type RobotStreamEvent = ServerEventPayload<'robot:stream'>;
export type ConnectionEvent = { isConnected: boolean; isReconnect: boolean; reason?: string };

export type KefuEvents = {
  /** Each message of the visitor's threads once (new, or recalled later), the visitor's own included. */
  message: Message;
  thread: Thread;
  typing: TypingEvent;
  receipt: ReceiptEvent;
  /** A large-model robot's answer as it is written; the stored robot message follows. */
  stream: RobotStreamEvent;
  connection: ConnectionEvent;
  /** Failures nobody awaits: a resync after reconnecting, a refused socket handshake. */
  error: KefuError;
};
export type KefuEventName = keyof KefuEvents;

type Target = { tid?: string; localId?: string };
export type SendInput = Target &
  (
    | { type: 'text'; content: string }
    | { type: 'link'; url: string; content?: string }
    /** Uploaded first, then sent. */
    | { type: 'image' | 'file'; file: UploadSource; fileName?: string; content?: string }
    /** Already uploaded (upload(), or the app's own uploader such as uni.uploadFile). */
    | { type: 'image' | 'file' | 'voice' | 'video'; aid: string; content?: string }
    /** A point the visitor shares (from the app's own geolocation, with the user's consent). */
    | { type: 'location'; location: LocationInput; content?: string }
    /** The product the visitor is looking at: title, price, image (https) and url (http/https). */
    | { type: 'commodity'; commodity: CommodityInput; content?: string }
  );

export type ThreadTarget = { wid?: string; aid?: string; form?: Record<string, string | string[]> };

export type ConnectResult = {
  visitor: Visitor;
  organization: VisitorInitResult['organization'];
  /** The visitor's open conversation, if any: its messages up to `thread.seq` are in history(). */
  thread: Thread | null;
};

export type KefuClient = {
  /** Identifies the visitor (reusing the stored token) and opens the socket. */
  connect: () => Promise<ConnectResult>;
  requestThread: (target: ThreadTarget) => Promise<ThreadRequestResult>;
  send: (input: SendInput) => Promise<Message>;
  upload: (source: UploadSource, kind: 'image' | 'file', fileName?: string) => Promise<Attachment>;
  /** The newest page, or the page before `beforeSeq`; ascending seq. */
  history: (beforeSeq?: number, options?: { tid?: string; size?: number }) => Promise<MessageHistory>;
  markRead: (seq: number, tid?: string) => Promise<void>;
  sendTyping: (preview: string, tid?: string) => void;
  closeThread: (tid?: string) => Promise<Thread>;
  /** The product the customer is looking at in the app: pinned above the conversation for its agents. */
  showCommodity: (commodity: CommodityInput, tid?: string) => Promise<void>;
  rate: (score: number, note?: string, tid?: string) => Promise<Rate>;
  /** From a robot conversation to a person: answered like requestThread. */
  transferToAgent: (tid?: string) => Promise<ThreadRequestResult>;
  updateProfile: (profile: VisitorProfileBody) => Promise<Visitor>;
  /** Any other /visitor/api/* call with the visitor's token (see /api/docs). */
  call: <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
  on: <E extends KefuEventName>(event: E, handler: (payload: KefuEvents[E]) => void) => () => void;
  /** The thread the thread methods act on when given no tid: the last one requested or found open. */
  getThread: () => Thread | null;
  getVisitor: () => Visitor | null;
  isConnected: () => boolean;
  /** Closes the socket; pending sends fail with CLOSED. connect() may be called again. */
  disconnect: () => void;
};

/** What the client knows of one thread: the last seq delivered and the mids already emitted. */
type Tracked = { thread: Thread | null; lastSeq: number; seen: Map<string, boolean> };

const historyPageSize = 30;
const maxPageUrlLength = 2000;

const createLocalId = (): string =>
  // randomUUID needs a secure context (and React Native has no crypto): fall back to time + random.
  globalThis.crypto?.randomUUID?.() ??
  `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Splits `https://host/prefix` so Socket.IO gets the origin (a path would be read as a namespace). */
const splitBaseUrl = (baseUrl: string): { origin: string; prefix: string } => {
  const match = /^(https?:\/\/[^/?#]+)([^?#]*)/i.exec(baseUrl.trim());
  if (!match) throw new KefuError(0, 'BAD_REQUEST', `baseUrl must be an http(s) URL: ${baseUrl}`);
  return { origin: match[1] as string, prefix: (match[2] ?? '').replace(/\/+$/, '') };
};

type BrowserGlobals = { location?: { href?: string }; document?: { referrer?: string } };

/** Checked here too, so a bad product fails at once with the field named, not after a round trip. */
const checkedCommodity = (commodity: CommodityInput) => {
  const checked = commodityInputSchema.safeParse(commodity);
  if (!checked.success)
    throw new KefuError(400, 'BAD_REQUEST', 'Invalid product', {
      fields: checked.error.issues.map((issue) => ({
        field: ['commodity', ...issue.path].join('.'),
        message: issue.message,
      })),
    });
  return checked.data;
};

export const createKefuClient = (options: KefuClientOptions): KefuClient => {
  if (!options.org && !options.appKey) throw new KefuError(0, 'BAD_REQUEST', 'give org or appKey');
  const { origin, prefix } = splitBaseUrl(options.baseUrl);
  const storage = options.storage ?? createDefaultStorage();
  const storageKey = options.storageKey ?? `openkefu.token.${options.org ?? options.appKey}`;
  const ackTimeoutMs = options.ackTimeoutMs ?? 8000;
  const sendTimeoutMs = options.sendTimeoutMs ?? 120_000;
  const fetchImpl: FetchLike =
    options.fetch ?? ((url, init) => globalThis.fetch(url, init as RequestInit) as ReturnType<FetchLike>);

  let token: string | null = null;
  let visitor: Visitor | null = null;
  let socket: Socket | null = null;
  let connecting: Promise<ConnectResult> | null = null;
  let hasEverConnected = false;
  let currentTid: string | null = null;
  const tracked = new Map<string, Tracked>();
  const handlers = new Map<KefuEventName, Set<(payload: never) => void>>();
  /** Sends waiting for the socket to come back. */
  const waiters = new Set<{ resolve: () => void; reject: (error: KefuError) => void }>();

  const http = createHttp({
    base: `${origin}${prefix}`,
    fetch: fetchImpl,
    getToken: () => token,
    ...(options.language ? { language: options.language } : {}),
  });

  const emit = <E extends KefuEventName>(event: E, payload: KefuEvents[E]) => {
    for (const handler of handlers.get(event) ?? []) {
      try {
        (handler as (payload: KefuEvents[E]) => void)(payload);
      } catch (error) {
        // An app handler's bug must not break delivery to the others or the socket's own state.
        setTimeout(() => {
          throw error;
        });
      }
    }
  };

  const trackOf = (tid: string, seq: number): Tracked => {
    let entry = tracked.get(tid);
    if (!entry) {
      // Messages up to the seq the client first hears of are history (history()), not live events.
      entry = { thread: null, lastSeq: seq, seen: new Map() };
      tracked.set(tid, entry);
    }
    return entry;
  };

  /** Emits a message unless already emitted; a recall of an emitted one is emitted again. */
  const deliver = (message: Message) => {
    const entry = trackOf(message.tid, message.seq - 1);
    const isRecall = message.status === 'recall';
    const wasRecalled = entry.seen.get(message.mid);
    entry.lastSeq = Math.max(entry.lastSeq, message.seq);
    if (wasRecalled === true || (wasRecalled === false && !isRecall)) return;
    entry.seen.set(message.mid, isRecall);
    emit('message', message);
  };

  const noteThread = (thread: Thread) => {
    const entry = trackOf(thread.tid, thread.seq);
    const known = entry.thread;
    // An HTTP answer can arrive after a newer push of the same thread: keep the newer state.
    if (known && known.updatedAt > thread.updatedAt) return;
    entry.thread = thread;
    currentTid ??= thread.tid;
    if (!known || JSON.stringify(known) !== JSON.stringify(thread)) emit('thread', thread);
  };

  const requireTid = (tid: string | undefined): string => {
    const chosen = tid ?? currentTid;
    if (!chosen) throw new KefuError(0, 'NO_THREAD', 'no conversation yet: call requestThread() first');
    return chosen;
  };

  const ask = async <T>(event: string, payload: unknown, timeoutMs = ackTimeoutMs): Promise<T> => {
    if (!socket) throw new KefuError(0, 'CLOSED', 'not connected: call connect() first');
    let answer: Ack<T>;
    try {
      answer = (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Ack<T>;
    } catch {
      throw new KefuError(0, 'TIMEOUT', `no answer to ${event} within ${timeoutMs} ms`);
    }
    if (answer.ok) return answer.data;
    throw new KefuError(answer.status, toErrorCode(answer.status), answer.message, {
      ...(answer.fields ? { fields: answer.fields } : {}),
    });
  };

  const waitForConnection = (deadline: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          waiters.delete(waiter);
          reject(new KefuError(0, 'TIMEOUT', 'not connected in time to send'));
        },
        Math.max(0, deadline - Date.now()),
      );
      const waiter = {
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
        reject: (error: KefuError) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      waiters.add(waiter);
    });

  /**
   * Sends until the server answers. A lost ack (timeout, dropped connection) is resent with the same
   * localId: the server stores one message per localId and answers a resend with the stored copy.
   */
  const sendUntilStored = async (payload: MessageSend): Promise<Message> => {
    const deadline = Date.now() + sendTimeoutMs;
    for (;;) {
      if (!socket) throw new KefuError(0, 'CLOSED', 'disconnected before the message was sent');
      if (!socket.connected) await waitForConnection(deadline);
      try {
        return await ask<Message>('message:send', payload);
      } catch (error) {
        // A lost ack (TIMEOUT) and 429 (the socket's event budget) are worth a resend; other refusals are final.
        if (!(error instanceof KefuError) || (error.code !== 'TIMEOUT' && error.status !== 429)) throw error;
        if (Date.now() >= deadline)
          throw new KefuError(0, 'TIMEOUT', 'the message could not be sent in time');
        if (error.status === 429) await sleep(1000);
      }
    }
  };

  /** Everything after the last seq seen, page by page (the server answers at most 200 at a time). */
  const syncThread = async (tid: string) => {
    let afterSeq = tracked.get(tid)?.lastSeq ?? 0;
    for (;;) {
      const page = await ask<MessageHistory>('message:sync', { tid, afterSeq }, 15_000);
      for (const message of page.messages) deliver(message);
      const last = page.messages.at(-1);
      if (!page.hasMore || !last) return;
      afterSeq = last.seq;
    }
  };

  const resync = async () => {
    const open = [...tracked.entries()].filter(([, entry]) => entry.thread?.status !== 'closed');
    try {
      // A state change pushed while disconnected (assigned, closed) is not in the messages.
      const current = await http.call<Thread | null>('/visitor/api/thread/current');
      if (current) noteThread(current);
      for (const [tid] of open) await syncThread(tid);
    } catch (error) {
      emit(
        'error',
        error instanceof KefuError ? error : new KefuError(0, 'NETWORK', 'resync after reconnecting failed'),
      );
    }
  };

  const handshakeError = (error: Error & { data?: { status?: number } }) => {
    const status = error.data?.status ?? 0;
    return new KefuError(status, status ? toErrorCode(status) : 'NETWORK', error.message);
  };

  const openSocket = (visitorToken: string) =>
    new Promise<void>((resolve, reject) => {
      const opened = io(origin, {
        path: `${prefix}/socket.io/`,
        auth: { kind: 'visitor', token: visitorToken },
        transports: options.transports ?? ['websocket', 'polling'],
        // Proxies that refuse WebSocket still get long-polling.
        tryAllTransports: true,
        // Socket.IO shares one connection per host by default; each client keeps its own identity.
        forceNew: true,
      });
      socket = opened;
      let isFirst = true;
      opened.on('connect', () => {
        const isReconnect = hasEverConnected;
        hasEverConnected = true;
        if (isFirst) {
          isFirst = false;
          resolve();
        }
        emit('connection', { isConnected: true, isReconnect });
        for (const waiter of [...waiters]) {
          waiters.delete(waiter);
          waiter.resolve();
        }
        if (isReconnect && tracked.size > 0) void resync();
      });
      opened.on('connect_error', (error: Error & { data?: { status?: number } }) => {
        if (isFirst) {
          // The first attempt decides connect(): the app may retry rather than wait on a dead server.
          isFirst = false;
          opened.close();
          if (socket === opened) socket = null;
          reject(handshakeError(error));
        } else if (!opened.active) emit('error', handshakeError(error));
      });
      opened.on('disconnect', (reason: string) => {
        emit('connection', { isConnected: false, isReconnect: false, reason });
        // Socket.IO does not reconnect after the server's own disconnect; a server shutting down
        // (restart, deploy) does exactly that, so come back after a short, spread-out pause.
        if (reason === 'io server disconnect')
          setTimeout(
            () => {
              if (socket === opened && !opened.connected) opened.connect();
            },
            1000 + Math.random() * 2000,
          );
      });
      opened.on('message', deliver);
      opened.on('thread:update', noteThread);
      opened.on('typing', (payload: ServerEventPayload<'typing'>) => {
        if (payload.by !== 'visitor') emit('typing', { tid: payload.tid, preview: payload.preview });
      });
      opened.on('receipt', (payload: ServerEventPayload<'receipt'>) => {
        if (payload.by !== 'visitor')
          emit('receipt', { tid: payload.tid, seq: payload.seq, status: payload.status });
      });
      opened.on('robot:stream', (payload: RobotStreamEvent) => emit('stream', payload));
    });

  const connectOnce = async (): Promise<ConnectResult> => {
    const stored = await storage.get(storageKey);
    const browser = globalThis as BrowserGlobals;
    const identity = options.appKey && !options.org ? { appKey: options.appKey } : { org: options.org };
    const result = await http.call<VisitorInitResult>('/visitor/api/init', {
      body: {
        ...identity,
        ...(stored ? { token: stored } : {}),
        ...(options.nickname ? { nickname: options.nickname } : {}),
        client: options.client ?? 'web',
        page: (options.page ?? browser.location?.href ?? '').slice(0, maxPageUrlLength),
        referrer: (options.referrer ?? browser.document?.referrer ?? '').slice(0, maxPageUrlLength),
      },
    });
    token = result.token;
    visitor = result.visitor;
    // An unknown or expired token gets a new visitor: keep its token from now on.
    if (result.token !== stored) await storage.set(storageKey, result.token);
    await openSocket(result.token);
    const thread = await http.call<Thread | null>('/visitor/api/thread/current');
    if (thread) {
      noteThread(thread);
      currentTid = thread.tid;
    }
    return { visitor: result.visitor, organization: result.organization, thread };
  };

  return {
    connect: () => {
      connecting ??= connectOnce().catch((error: unknown) => {
        connecting = null;
        throw error;
      });
      return connecting;
    },

    requestThread: async (target) => {
      const result = await http.call<ThreadRequestResult>('/visitor/api/thread/request', { body: target });
      if (result.thread) {
        noteThread(result.thread);
        currentTid = result.thread.tid;
      }
      return result;
    },

    send: async (input) => {
      const tid = requireTid(input.tid);
      const localId = input.localId ?? createLocalId();
      const payload: MessageSend = { tid, localId, type: input.type, content: input.content ?? '' };
      if ('file' in input) payload.aid = (await http.upload(input.file, input.type, input.fileName)).aid;
      else if ('aid' in input) payload.aid = input.aid;
      else if ('url' in input) payload.url = input.url;
      else if ('location' in input) payload.location = input.location;
      else if ('commodity' in input) {
        payload.commodity = checkedCommodity(input.commodity);
      }
      const message = await sendUntilStored(payload);
      deliver(message);
      return message;
    },

    upload: (source, kind, fileName) => http.upload(source, kind, fileName),

    history: async (beforeSeq, historyOptions = {}) => {
      const tid = requireTid(historyOptions.tid);
      const query = `tid=${encodeURIComponent(tid)}&size=${historyOptions.size ?? historyPageSize}`;
      const page = await http.call<MessageHistory>(
        `/visitor/api/message/history?${query}${beforeSeq ? `&beforeSeq=${beforeSeq}` : ''}`,
      );
      // Whatever the app got here is not emitted again as a live message.
      const entry = trackOf(tid, 0);
      for (const message of page.messages) {
        if (!entry.seen.has(message.mid)) entry.seen.set(message.mid, message.status === 'recall');
        entry.lastSeq = Math.max(entry.lastSeq, message.seq);
      }
      return page;
    },

    markRead: async (seq, tid) => {
      await ask<null>('message:receipt', { tid: requireTid(tid), seq, status: 'read' });
    },

    sendTyping: (preview, tid) => {
      socket?.volatile.emit('typing', { tid: requireTid(tid), preview: preview.slice(0, 500) });
    },

    showCommodity: async (commodity, tid) => {
      await http.call<null>('/visitor/api/thread/commodity', {
        body: { tid: requireTid(tid), commodity: checkedCommodity(commodity) },
      });
    },

    closeThread: async (tid) => {
      const thread = await http.call<Thread>('/visitor/api/thread/close', { body: { tid: requireTid(tid) } });
      noteThread(thread);
      return thread;
    },

    rate: (score, note = '', tid) =>
      http.call<Rate>('/visitor/api/rate', { body: { tid: requireTid(tid), score, note } }),

    transferToAgent: async (tid) => {
      const result = await http.call<ThreadRequestResult>('/visitor/api/robot/transfer', {
        body: { tid: requireTid(tid) },
      });
      if (result.thread) noteThread(result.thread);
      return result;
    },

    updateProfile: async (profile) => {
      visitor = await http.call<Visitor>('/visitor/api/profile', { body: profile });
      return visitor;
    },

    call: (path, init) => http.call(path, init),

    on: (event, handler) => {
      let set = handlers.get(event);
      if (!set) handlers.set(event, (set = new Set()));
      const stored = handler as (payload: never) => void;
      set.add(stored);
      return () => {
        set.delete(stored);
      };
    },

    getThread: () => (currentTid ? (tracked.get(currentTid)?.thread ?? null) : null),
    getVisitor: () => visitor,
    isConnected: () => socket?.connected ?? false,

    disconnect: () => {
      const closing = socket;
      socket = null;
      connecting = null;
      closing?.close();
      for (const waiter of [...waiters]) {
        waiters.delete(waiter);
        waiter.reject(new KefuError(0, 'CLOSED', 'disconnected before the message was sent'));
      }
    },
  };
};
