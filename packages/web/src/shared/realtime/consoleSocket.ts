import { consoleNamespace } from '@openkefu/contract';
import { io } from 'socket.io-client';
import { apiBaseUrl } from '../config/env';
import { getToken } from '../auth/token';

export type SocketListener = (...args: unknown[]) => void;

/**
 * What the console needs of a Socket.IO connection (the workbench, the wallboard, the console feed).
 * The real one wraps socket.io-client; tests pass small fakes instead.
 */
export type ConsoleSocket = {
  readonly connected: boolean;
  on: (event: string, listener: SocketListener) => void;
  off: (event: string, listener: SocketListener) => void;
  emit: (event: string, payload: unknown, ack: (response: unknown) => void) => void;
  connect: () => void;
  disconnect: () => void;
};

type HandshakeAuth = Record<string, unknown>;

/**
 * A console connection (DESIGN §4): same origin, `/socket.io/`, WebSocket first, on a namespace. The
 * handshake reads the token on every (re)connection, so a renewed sign-in is picked up without a reload.
 */
export const openConsoleSocket = (
  namespace: string,
  authOf: (token: string) => HandshakeAuth,
): ConsoleSocket => {
  const origin = apiBaseUrl !== '' ? apiBaseUrl : window.location.origin;
  const socket = io(`${origin}${namespace}`, {
    path: '/socket.io/',
    autoConnect: false,
    transports: ['websocket', 'polling'],
    auth: (send) => send(authOf(getToken() ?? '')),
  });
  return {
    get connected() {
      return socket.connected;
    },
    on: (event, listener) => {
      socket.on(event, listener);
    },
    off: (event, listener) => {
      socket.off(event, listener);
    },
    emit: (event, payload, ack) => {
      socket.emit(event, payload, ack);
    },
    connect: () => {
      socket.connect();
    },
    disconnect: () => {
      socket.disconnect();
    },
  };
};

/** The console's live feed (bells, recharge orders): no agent, no chat rooms, no client events. */
export const createConsoleFeedSocket = (): ConsoleSocket =>
  openConsoleSocket(consoleNamespace, (token) => ({ token }));
