import { io } from 'socket.io-client';
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

/**
 * The agent's connection (DESIGN §4): same origin, `/socket.io/`, WebSocket first. The handshake
 * reads the token on every (re)connection, so a renewed sign-in is picked up without a reload.
 */
export const createAgentSocket = (): ChatSocket => {
  const origin = apiBaseUrl !== '' ? apiBaseUrl : window.location.origin;
  const socket = io(origin, {
    path: '/socket.io/',
    autoConnect: false,
    transports: ['websocket', 'polling'],
    auth: (send) => send({ kind: 'agent', token: getToken() ?? '' }),
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
