import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import type { App } from '../../http/types.js';

/* Real Socket.IO clients against a listening test app. */

export const listen = async (app: App): Promise<string> => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
};

/** A client socket to `url` (a namespace's address for a namespace); it connects on its own. */
export const openSocket = (url: string, auth: object): Socket =>
  io(url, { path: '/socket.io/', transports: ['websocket'], auth, reconnection: false, forceNew: true });

/** Resolves when the socket connects; a refused handshake rejects (the error's data has the status). */
export const untilConnected = (socket: Socket): Promise<Socket> =>
  new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });

export const connectSocket = (
  url: string,
  auth: { kind: 'agent' | 'visitor'; token: string },
): Promise<Socket> => untilConnected(openSocket(url, auth));

export type AckAnswer<T> =
  { ok: true; data: T } | { ok: false; status: number; message: string; fields?: { field: string }[] };

export const emitAck = <T>(socket: Socket, event: string, payload: unknown): Promise<AckAnswer<T>> =>
  socket.timeout(5000).emitWithAck(event, payload) as Promise<AckAnswer<T>>;

/** The next `event` whose payload matches, within 5 s. */
export const nextEvent = <T>(
  socket: Socket,
  event: string,
  match: (payload: T) => boolean = () => true,
): Promise<T> =>
  new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, listener);
      reject(new Error(`no matching "${event}" within 5 s`));
    }, 5000);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });

/**
 * Opens a socket (kept in `opened` for closing) with its first `event` listened for from the start,
 * for namespaces that send one right on connect; resolves once connected.
 */
export const connectWithFirst = async <T>(url: string, auth: object, event: string, opened: Socket[]) => {
  const socket = openSocket(url, auth);
  opened.push(socket);
  const first = nextEvent<T>(socket, event);
  first.catch(() => undefined);
  await untilConnected(socket);
  return { socket, first };
};
