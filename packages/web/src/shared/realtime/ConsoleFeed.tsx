import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { serverEvents, type ConsoleEventName, type ServerEventPayload } from '@openkefu/contract';
import type { ConsoleSocket } from './consoleSocket';

export type ConsoleFeedListener<E extends ConsoleEventName> = (payload: ServerEventPayload<E>) => void;

export type ConsoleFeed = {
  /** Connected: pushes arrive, so pages need not poll. */
  isLive: boolean;
  /** Listens for one console event (checked against the contract; a malformed one is dropped). */
  subscribe: <E extends ConsoleEventName>(event: E, listener: ConsoleFeedListener<E>) => () => void;
};

const ConsoleFeedContext = createContext<ConsoleFeed | null>(null);

/** The console's live feed, or null outside one (tests, the login pages): then pages poll. */
export const useConsoleFeed = (): ConsoleFeed | null => useContext(ConsoleFeedContext);

/**
 * Subscribes to one console event while the feed is live; undefined otherwise, which tells the
 * bells and the payment dialog to poll instead (and to read again when the feed comes back).
 */
export const useConsoleEvent = <E extends ConsoleEventName>(event: E) => {
  const feed = useConsoleFeed();
  const isLive = feed?.isLive ?? false;
  const subscribe = feed?.subscribe;
  return useMemo(
    () =>
      isLive && subscribe ? (listener: ConsoleFeedListener<E>) => subscribe(event, listener) : undefined,
    [isLive, subscribe, event],
  );
};

/** After the server ended the feed (a restart, a token checked and gone), it is tried again this late. */
export const FEED_RETRY_MS = 30_000;

const loadSocket = () => import('./consoleSocket').then((module) => module.createConsoleFeedSocket());

/**
 * One console socket for the signed-in console (lazy: socket.io-client loads after the first paint).
 * Without it every page still works by polling; with it the bells and the payment dialog update
 * the moment the server pushes.
 */
export const ConsoleFeedProvider = ({
  children,
  open = loadSocket,
  retryMs = FEED_RETRY_MS,
}: {
  children: ReactNode;
  /** Opens the socket (tests pass a fake). */
  open?: () => Promise<ConsoleSocket>;
  retryMs?: number;
}) => {
  const [socket, setSocket] = useState<ConsoleSocket | null>(null);
  const [isLive, setLive] = useState(false);

  useEffect(() => {
    let isUnmounted = false;
    let opened: ConsoleSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const onConnect = () => setLive(true);
    const later = () => {
      clearTimeout(retry);
      retry = setTimeout(() => opened?.connect(), retryMs * (1 + Math.random()));
    };
    const onDisconnect = (reason: unknown) => {
      setLive(false);
      // socket.io-client comes back by itself after a network loss, not after the server closed it.
      if (reason === 'io server disconnect') later();
    };
    // A refused handshake (signed out, server busy) is not retried by socket.io-client either.
    const onConnectError = () => {
      setLive(false);
      later();
    };
    open().then(
      (created) => {
        if (isUnmounted) return;
        opened = created;
        created.on('connect', onConnect);
        created.on('disconnect', onDisconnect);
        created.on('connect_error', onConnectError);
        setSocket(created);
        created.connect();
      },
      // The chunk failed to load (offline, a deploy replaced it): pages keep polling.
      () => undefined,
    );
    return () => {
      isUnmounted = true;
      clearTimeout(retry);
      if (opened) {
        opened.off('connect', onConnect);
        opened.off('disconnect', onDisconnect);
        opened.off('connect_error', onConnectError);
        opened.disconnect();
      }
    };
  }, [open, retryMs]);

  const feed = useMemo<ConsoleFeed>(
    () => ({
      isLive,
      subscribe: (event, listener) => {
        if (!socket) return () => undefined;
        const handler = (payload: unknown) => {
          const parsed = serverEvents[event].safeParse(payload);
          if (parsed.success) listener(parsed.data as ServerEventPayload<typeof event>);
        };
        socket.on(event, handler);
        return () => socket.off(event, handler);
      },
    }),
    [socket, isLive],
  );

  return <ConsoleFeedContext.Provider value={feed}>{children}</ConsoleFeedContext.Provider>;
};
