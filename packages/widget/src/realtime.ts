import type { Message, MessageHistory, MessageSend, Thread } from '@openkefu/contract';
import { io, type Socket } from 'socket.io-client';

type Answer<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

export type ChatSocket = {
  socket: Socket;
  /** Resolves with the stored message; retries after a lost ack until the server answers. */
  send: (payload: MessageSend) => Promise<Message>;
  sync: (tid: string, afterSeq: number) => Promise<MessageHistory>;
  /** Tells the agent that the messages up to `seq` arrived (received) or were seen (read). */
  receipt: (tid: string, seq: number, status: 'received' | 'read') => void;
  typing: (tid: string, preview: string) => void;
  close: () => void;
};

export class SendRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** First retry after the server closed the connection itself (then up to three times that, at random). */
export const serverCloseRetryMs = 1_000;

export const connectChat = (
  base: string,
  token: string,
  handlers: {
    onMessage: (message: Message) => void;
    onThread: (thread: Thread) => void;
    onTyping: (tid: string) => void;
    onReceipt: (tid: string, seq: number, status: 'received' | 'read') => void;
    onConnection: (isConnected: boolean, isReconnect: boolean) => void;
    /** A large-model robot's answer as it is written. */
    onRobotStream?: (payload: { tid: string; streamId: string; index: number; delta: string }) => void;
  },
): ChatSocket => {
  const socket = io(base || undefined, {
    path: '/socket.io/',
    auth: { kind: 'visitor', token },
    transports: ['websocket', 'polling'],
  });
  let hasConnected = false;
  let isClosed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  socket.on('connect', () => {
    handlers.onConnection(true, hasConnected);
    hasConnected = true;
  });
  socket.on('disconnect', (reason) => {
    handlers.onConnection(false, true);
    // A server shutting down (a restart, a deploy) closes sockets itself, and socket.io-client does
    // not come back on its own after that. Try again, spread over 1–3 s so that a restart is not met
    // by every visitor at once; the 'connect' that follows resyncs like any reconnect.
    if (reason === 'io server disconnect' && !isClosed) {
      clearTimeout(retry);
      retry = setTimeout(() => socket.connect(), serverCloseRetryMs * (1 + 2 * Math.random()));
    }
  });
  // The server ended this session on purpose: coming back by ourselves would fight it.
  socket.on('session:end', () => {
    isClosed = true;
    clearTimeout(retry);
  });
  socket.on('message', handlers.onMessage);
  socket.on('thread:update', handlers.onThread);
  socket.on('robot:stream', (payload: { tid: string; streamId: string; index: number; delta: string }) =>
    handlers.onRobotStream?.(payload),
  );
  socket.on('typing', (payload: { tid: string; by: string }) => {
    if (payload.by !== 'visitor') handlers.onTyping(payload.tid);
  });
  socket.on('receipt', (payload: { tid: string; seq: number; status: 'received' | 'read'; by: string }) => {
    if (payload.by !== 'visitor') handlers.onReceipt(payload.tid, payload.seq, payload.status);
  });

  const ask = async <T>(event: string, payload: unknown, timeoutMs: number): Promise<Answer<T>> =>
    (await socket.timeout(timeoutMs).emitWithAck(event, payload)) as Answer<T>;

  return {
    socket,
    send: async (payload) => {
      for (;;) {
        try {
          const answer = await ask<Message>('message:send', payload, 8000);
          if (answer.ok) return answer.data;
          // 429: wait and resend the same localId; anything else is a real refusal.
          if (answer.status !== 429) throw new SendRefused(answer.status, answer.message);
        } catch (error) {
          if (error instanceof SendRefused) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    },
    sync: async (tid, afterSeq) => {
      const answer = await ask<MessageHistory>('message:sync', { tid, afterSeq }, 10_000);
      if (!answer.ok) throw new Error(answer.message);
      return answer.data;
    },
    receipt: (tid, seq, status) => {
      socket.emit('message:receipt', { tid, seq, status }, () => undefined);
    },
    typing: (tid, preview) => {
      socket.emit('typing', { tid, preview }, () => undefined);
    },
    close: () => {
      isClosed = true;
      clearTimeout(retry);
      socket.close();
    },
  };
};
