import { act } from '@testing-library/react';
import type { Message, MessageSend } from '@openkefu/contract';
import type { ConsoleSocket as ChatSocket, SocketListener } from '../realtime/consoleSocket';

/* A stand-in for a console Socket.IO connection (workbench, wallboard, console feed) in tests. */

export type Emitted = { event: string; payload: unknown };

/** Answers an emit with an ack body (`{ ok, data }` or an error); undefined leaves it unanswered. */
export type Responder = (payload: unknown) => unknown;

export type FakeSocket = ChatSocket & {
  emitted: Emitted[];
  responders: Record<string, Responder>;
  /** Emits of one event, payloads only. */
  sent: (event: string) => unknown[];
  /** The server pushes an event (inside act). */
  push: (event: string, payload: unknown) => void;
  /** The connection drops (the reason as socket.io gives it), or comes (back). */
  drop: (reason?: string) => void;
  /** How often the client asked to connect. */
  connectCalls: number;
  reconnect: () => void;
};

let storedSeq = 100;

/** The server's answer to `message:send`: the message stored with the next seq. */
export const storeSent = (payload: unknown): Message => {
  const body = payload as MessageSend;
  storedSeq += 1;
  return {
    mid: `m-stored-${storedSeq}`,
    tid: body.tid,
    seq: storedSeq,
    type: body.type,
    content: body.content ?? '',
    imageUrl: '',
    thumbUrl: '',
    fileUrl: '',
    fileName: '',
    fileSize: 0,
    status: 'stored',
    client: 'web_admin',
    localId: body.localId,
    sender: { kind: 'agent', id: 'u-alice', nickname: 'Alice', avatar: '' },
    createdAt: Date.now(),
  };
};

export const createFakeSocket = ({ isConnected = true }: { isConnected?: boolean } = {}): FakeSocket => {
  const listeners = new Map<string, Set<SocketListener>>();
  let connected = isConnected;
  const fire = (event: string, payload?: unknown) => {
    act(() => {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
    });
  };
  const socket: FakeSocket = {
    get connected() {
      return connected;
    },
    emitted: [],
    responders: {
      'message:send': (payload) => ({ ok: true, data: storeSent(payload) }),
      'agent:status': (payload) => ({
        ok: true,
        data: {
          uid: 'u-alice',
          username: 'alice',
          nickname: 'Alice',
          realName: '',
          avatar: '',
          robot: false,
          enabled: true,
          status: (payload as { status: string }).status,
        },
      }),
      'message:sync': () => ({ ok: true, data: { messages: [], hasMore: false } }),
      'message:receipt': () => ({ ok: true, data: null }),
      typing: () => ({ ok: true, data: null }),
      'thread:watch': () => ({ ok: false, status: 403, message: 'Forbidden' }),
      'thread:unwatch': () => ({ ok: true, data: null }),
    },
    sent: (event) => socket.emitted.filter((item) => item.event === event).map((item) => item.payload),
    on: (event, listener) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)?.add(listener);
    },
    off: (event, listener) => {
      listeners.get(event)?.delete(listener);
    },
    emit: (event, payload, ack) => {
      socket.emitted.push({ event, payload });
      const response = socket.responders[event]?.(payload);
      if (response !== undefined) queueMicrotask(() => ack(response));
    },
    connectCalls: 0,
    connect: () => {
      // Counted only: a test decides when the connection comes.
      socket.connectCalls += 1;
    },
    disconnect: () => {
      connected = false;
    },
    push: (event, payload) => fire(event, payload),
    drop: (reason = 'transport close') => {
      connected = false;
      fire('disconnect', reason);
    },
    reconnect: () => {
      connected = true;
      fire('connect');
    },
  };
  return socket;
};
