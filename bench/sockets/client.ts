/**
 * One load process of bench/sockets (started by sockets.ts, never alone): creates its share of
 * visitors, then opens and holds their Socket.IO visitor sockets from its own loopback source
 * address (one address has about 28,000 ephemeral ports). Talks to sockets.ts over IPC.
 */
import { io, type Socket } from 'socket.io-client';

type Command =
  | { kind: 'visitors'; baseUrl: string; count: number; sockets: number }
  | { kind: 'connect'; upTo: number }
  | { kind: 'close' };
export type ClientReport =
  | { kind: 'visitors'; created: number }
  | { kind: 'connected'; connected: number; failed: number; disconnected: number; firstError: string };

const localAddress = process.env.LOCAL_ADDRESS ?? '127.0.0.1';
// Handshakes in flight at once: enough to keep the server busy, few enough to not time out.
const concurrency = Number(process.env.CONNECT_CONCURRENCY ?? 200);
// Visitor creation is a database write each: a few in flight per process keep the server busy.
const visitorConcurrency = Number(process.env.VISITOR_CONCURRENCY ?? 8);

let baseUrl = '';
let socketsWanted = 0;
const tokens: string[] = [];
const sockets: Socket[] = [];
let failed = 0;
let disconnected = 0;
let firstError = '';

const send = (report: ClientReport) => process.send?.(report);

const createVisitor = async () => {
  const response = await fetch(`${baseUrl}/visitor/api/init`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ org: 'openkefu' }),
  });
  if (!response.ok) throw new Error(`/visitor/api/init: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: { token: string } }).data.token;
};

const connect = (token: string) =>
  new Promise<void>((resolve) => {
    const socket = io(baseUrl, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth: { kind: 'visitor', token },
      reconnection: false,
      forceNew: true,
      // engine.io-client passes it to ws (the source address of the TCP connection).
      ...({ localAddress } as object),
    });
    socket.once('connect', () => {
      sockets.push(socket);
      socket.once('disconnect', () => (disconnected += 1));
      resolve();
    });
    socket.once('connect_error', (error) => {
      failed += 1;
      firstError ||= error.message;
      socket.close();
      resolve();
    });
  });

/** Runs `task` for indexes [from, to) with at most `concurrency` in flight. */
const runPool = async (
  from: number,
  to: number,
  task: (index: number) => Promise<void>,
  concurrency: number,
) => {
  if (to <= from) return;
  let next = from;
  const worker = async () => {
    while (next < to) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, to - from) }, worker));
};

// The bench ended (or died): close the sockets with the process.
process.on('disconnect', () => process.exit(0));
process.on('message', (command: Command) => {
  void (async () => {
    if (command.kind === 'visitors') {
      baseUrl = command.baseUrl;
      socketsWanted = command.sockets;
      await runPool(
        0,
        command.count,
        async () => void tokens.push(await createVisitor()),
        visitorConcurrency,
      );
      send({ kind: 'visitors', created: tokens.length });
    } else if (command.kind === 'connect') {
      const from = sockets.length + failed;
      // Fewer visitors than sockets: a visitor's tabs share its token, as in a browser.
      await runPool(
        from,
        Math.min(command.upTo, socketsWanted),
        (index) => connect(tokens[index % tokens.length] ?? ''),
        concurrency,
      );
      const connected = sockets.filter((socket) => socket.connected).length;
      send({ kind: 'connected', connected, failed, disconnected, firstError });
    } else {
      for (const socket of sockets) socket.close();
      process.disconnect?.();
      process.exit(0);
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
});
