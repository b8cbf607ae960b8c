import { io } from 'socket.io-client';
import { monitorNamespace } from '@openkefu/contract';
import { apiBaseUrl } from '../../../shared/config/env';
import { getToken } from '../../../shared/auth/token';

export type SocketListener = (...args: unknown[]) => void;

/**
 * What the workbench needs of a Socket.IO connection. The real one wraps socket.io-client; tests
 * pass a small fake through the RealtimeProvider instead.
 */
export type ChatSocket = {
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
const openConsoleSocket = (namespace: string, authOf: (token: string) => HandshakeAuth): ChatSocket => {
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

/** The agent's connection: the chat namespace; connecting makes the agent present (routable). */
export const createAgentSocket = (): ChatSocket =>
  openConsoleSocket('', (token) => ({ kind: 'agent', token }));

/**
 * The wallboard's connection (issue 17): its own namespace, which the server pushes snapshots to.
 * It is no agent socket, so a supervisor watching the wallboard is never handed conversations.
 */
export const createMonitorSocket = (tz: string): ChatSocket =>
  openConsoleSocket(monitorNamespace, (token) => ({ token, tz }));
