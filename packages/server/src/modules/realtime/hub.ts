import {
  consoleEventNames,
  consoleNamespace,
  type ServerEventName,
  type ServerEventPayload,
} from '@openkefu/contract';
import type { Server } from 'socket.io';

const forConsoles: ReadonlySet<ServerEventName> = new Set(consoleEventNames);

/**
 * The services' way to push to clients. Created before the Socket.IO server exists (and used
 * without one by HTTP-only tests), so emits before `attach` go nowhere rather than failing.
 */
export type RealtimeHub = {
  attach: (io: Server) => void;
  /**
   * Pushes to the rooms' sockets on every node; the contract's console events go to the same rooms
   * of the console namespace too.
   */
  emit: <E extends ServerEventName>(rooms: string[], event: E, payload: ServerEventPayload<E>) => void;
  /** Disconnects every socket in the rooms (on every node, consoles too) after telling them why. */
  endSessions: (rooms: string[], reason: string) => void;
  /** Makes every socket in `fromRooms` join `room` (on every node). */
  join: (fromRooms: string[], room: string) => void;
  /**
   * Runs `listener` with the Socket.IO server once it exists (at once when it already does), for
   * modules with a namespace of their own (the dashboard's wallboard feed).
   */
  onAttach: (listener: (io: Server) => void) => void;
};

export const createRealtimeHub = (): RealtimeHub => {
  let server: Server | null = null;
  const listeners: ((io: Server) => void)[] = [];
  return {
    attach: (io) => {
      server = io;
      for (const listener of listeners.splice(0)) listener(io);
    },
    emit: (rooms, event, payload) => {
      if (!server || rooms.length === 0) return;
      server.to(rooms).emit(event, payload);
      if (forConsoles.has(event)) server.of(consoleNamespace).to(rooms).emit(event, payload);
    },
    endSessions: (rooms, reason) => {
      if (!server || rooms.length === 0) return;
      for (const namespace of [server.of('/'), server.of(consoleNamespace)]) {
        namespace.to(rooms).emit('session:end', { reason });
        namespace.in(rooms).disconnectSockets(true);
      }
    },
    join: (fromRooms, room) => {
      if (!server || fromRooms.length === 0) return;
      server.in(fromRooms).socketsJoin(room);
    },
    onAttach: (listener) => {
      if (server) listener(server);
      else listeners.push(listener);
    },
  };
};
