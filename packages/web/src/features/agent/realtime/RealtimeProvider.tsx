import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { serverEvents, type ServerEventName, type ServerEventPayload } from '@openkefu/contract';
import { createAgentSocket, type ChatSocket } from './chatSocket';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'ended';

export type Realtime = {
  socket: ChatSocket;
  connection: ConnectionState;
  /** Counts successful connections: a change after the first one means "reconnected, resync". */
  epoch: number;
  /** The server's reason when it ended the session (signed out elsewhere, disabled). */
  endedReason: string;
  reconnect: () => void;
};

const RealtimeContext = createContext<Realtime | null>(null);

/** First retry after the server closed the connection itself (then up to twice that, at random). */
export const SERVER_CLOSE_RETRY_MS = 1_000;

type State = Pick<Realtime, 'connection' | 'epoch' | 'endedReason'>;

/**
 * One socket for the whole workbench. Without a `socket` prop it opens the agent's real
 * connection (and closes it on unmount); tests pass a fake.
 */
export const RealtimeProvider = ({
  socket: given,
  children,
}: {
  socket?: ChatSocket;
  children: ReactNode;
}) => {
  const [socket] = useState<ChatSocket>(() => given ?? createAgentSocket());
  const [state, setState] = useState<State>(() => ({
    connection: socket.connected ? 'connected' : 'connecting',
    epoch: socket.connected ? 1 : 0,
    endedReason: '',
  }));

  useEffect(() => {
    let isEnded = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const end = (reason: string) => {
      isEnded = true;
      clearTimeout(retry);
      setState((current) => ({ ...current, connection: 'ended', endedReason: reason }));
      socket.disconnect();
    };
    const onConnect = () => {
      isEnded = false;
      setState((current) => ({ connection: 'connected', epoch: current.epoch + 1, endedReason: '' }));
    };
    const onLost = () =>
      setState((current) =>
        current.connection === 'ended'
          ? current
          : { ...current, connection: current.epoch === 0 ? 'connecting' : 'reconnecting' },
      );
    const onDisconnect = (reason: unknown) => {
      onLost();
      // A server shutting down (a restart, a deploy) closes sockets itself, and socket.io-client
      // does not come back on its own after that: try again, spread out so a restart is not stormed.
      if (reason === 'io server disconnect' && !isEnded) {
        clearTimeout(retry);
        retry = setTimeout(() => socket.connect(), SERVER_CLOSE_RETRY_MS * (1 + Math.random()));
      }
    };
    const onConnectError = (error: unknown) => {
      const status = (error as { data?: { status?: unknown } } | null)?.data?.status;
      // A refused handshake (expired sign-in, authority taken away) will not pass on a retry.
      if (status === 401 || status === 403) end(error instanceof Error ? error.message : '');
      else onLost();
    };
    const onEnd = (payload: unknown) => {
      const parsed = serverEvents['session:end'].safeParse(payload);
      // The server ended this session on purpose: reconnecting by ourselves would fight it.
      end(parsed.success ? parsed.data.reason : '');
    };
    socket.on('connect', onConnect);
    socket.on('disconnect', onDisconnect);
    socket.on('connect_error', onConnectError);
    socket.on('session:end', onEnd);
    if (!socket.connected) socket.connect();
    return () => {
      clearTimeout(retry);
      socket.off('connect', onConnect);
      socket.off('disconnect', onDisconnect);
      socket.off('connect_error', onConnectError);
      socket.off('session:end', onEnd);
      if (!given) socket.disconnect();
    };
  }, [socket, given]);

  const value = useMemo<Realtime>(
    () => ({
      socket,
      ...state,
      reconnect: () => {
        setState((current) => ({ ...current, connection: 'reconnecting', endedReason: '' }));
        socket.connect();
      },
    }),
    [socket, state],
  );
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
};

export const useRealtime = (): Realtime => {
  const realtime = useContext(RealtimeContext);
  if (!realtime) throw new Error('useRealtime outside RealtimeProvider');
  return realtime;
};

/**
 * Subscribes to a server push for the component's life. Payloads are checked against the
 * contract; a malformed one is dropped rather than put into the lists.
 */
export const useSocketEvent = <E extends ServerEventName>(
  event: E,
  handler: (payload: ServerEventPayload<E>) => void,
): void => {
  const { socket } = useRealtime();
  const handlerRef = useRef(handler);
  useLayoutEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => {
    const listener = (payload: unknown) => {
      const parsed = serverEvents[event].safeParse(payload);
      if (parsed.success) handlerRef.current(parsed.data as ServerEventPayload<E>);
    };
    socket.on(event, listener);
    return () => socket.off(event, listener);
  }, [socket, event]);
};
