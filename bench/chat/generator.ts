/**
 * bench/chat's load generator, forked by chat.ts so that it does not share the driver's (or the
 * server's) event loop. It holds every socket (agents and visitors), sends what the driver asks for,
 * and reports acknowledgements, visitor → agent latency (one clock: both ends live here) and its own
 * CPU time. Protocol: IPC messages of the types below.
 */
import { performance } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';

export type GeneratorSetup = {
  type: 'setup';
  baseUrl: string;
  wid: string;
  agentTokens: string[];
  visitors: number;
};
/** `rate` undefined: a closed loop (each visitor sends its next message when the last is acknowledged). */
export type GeneratorRun = {
  type: 'run';
  tag: string;
  rate?: number;
  warmupSeconds: number;
  seconds: number;
};
export type GeneratorResult = {
  type: 'result';
  tag: string;
  /** Messages sent in the measured window, and how many of those were acknowledged / refused / unanswered. */
  sent: number;
  acked: number;
  refused: number;
  unanswered: number;
  /** Acknowledgements received during the measured window, per second. */
  achievedRate: number;
  offeredRate: number;
  p50: number;
  p99: number;
  /** Visitor messages sent in the window that no agent socket received. */
  undelivered: number;
  /** Every acknowledged message of the run (warm-up included), for the driver's database check. */
  ackedMids: string[];
  cpuMs: number;
};
export type GeneratorReady = { type: 'ready'; tids: string[] };

type Envelope<T> = { data: T };
type Message = { mid: string; localId: string; sender: { kind: string } };
type Ack = { ok: boolean; data?: Message };

const send = (message: GeneratorReady | GeneratorResult) => process.send?.(message);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);

const post = async <T>(baseUrl: string, path: string, body: unknown, token?: string) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Envelope<T>).data;
};

const connect = (baseUrl: string, auth: { kind: 'agent' | 'visitor'; token: string }) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(baseUrl, {
      path: '/socket.io/',
      transports: ['websocket'],
      auth,
      reconnection: false,
      forceNew: true,
    });
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });

const visitors: { socket: Socket; tid: string }[] = [];
const sockets: Socket[] = [];
/** localId → when it was sent, while the run measures; deleted when an agent receives it. */
const sentAt = new Map<string, number>();
const latencies: number[] = [];

const setup = async (message: GeneratorSetup) => {
  for (const token of message.agentTokens) {
    const agent = await connect(message.baseUrl, { kind: 'agent', token });
    await agent.timeout(5000).emitWithAck('agent:status', { status: 'online' });
    agent.on('message', (received: Message) => {
      if (received.sender.kind !== 'visitor') return;
      const started = sentAt.get(received.localId);
      if (started === undefined) return;
      sentAt.delete(received.localId);
      latencies.push(performance.now() - started);
    });
    sockets.push(agent);
  }
  for (let index = 0; index < message.visitors; index += 1) {
    const identity = await post<{ token: string }>(message.baseUrl, '/visitor/api/init', { org: 'openkefu' });
    const request = await post<{ code: number; thread: { tid: string } }>(
      message.baseUrl,
      '/visitor/api/thread/request',
      { wid: message.wid },
      identity.token,
    );
    if (request.code !== 200) throw new Error(`visitor ${index} got code ${request.code}`);
    const socket = await connect(message.baseUrl, { kind: 'visitor', token: identity.token });
    sockets.push(socket);
    visitors.push({ socket, tid: request.thread.tid });
  }
  send({ type: 'ready', tids: visitors.map((visitor) => visitor.tid) });
};

const run = async ({ tag, rate, warmupSeconds, seconds }: GeneratorRun) => {
  const ackedMids: string[] = [];
  let sent = 0;
  let acked = 0;
  let refused = 0;
  let answered = 0;
  let ackedInWindow = 0;
  let windowStart = Infinity;
  let windowEnd = Infinity;
  latencies.length = 0;
  const measuredLocalIds = new Set<string>();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  windowStart = started + warmupSeconds * 1000;
  windowEnd = windowStart + seconds * 1000;
  let counter = 0;

  /** One message; resolves with its ack (or a timeout). */
  const sendOne = (visitor: { socket: Socket; tid: string }, index: number) => {
    const localId = `${tag}-${index}-${(counter += 1)}`;
    const at = performance.now();
    const isMeasured = at >= windowStart && at < windowEnd;
    if (isMeasured) {
      sent += 1;
      measuredLocalIds.add(localId);
      sentAt.set(localId, at);
    }
    return (
      visitor.socket.timeout(10_000).emitWithAck('message:send', {
        tid: visitor.tid,
        localId,
        type: 'text',
        content: `bench message ${counter} from visitor ${index}`,
      }) as Promise<Ack>
    ).then(
      (answer) => {
        const now = performance.now();
        if (answer.ok && answer.data) ackedMids.push(answer.data.mid);
        if (now >= windowStart && now < windowEnd && answer.ok) ackedInWindow += 1;
        if (!isMeasured) {
          sentAt.delete(localId);
          return;
        }
        answered += 1;
        if (answer.ok) acked += 1;
        else refused += 1;
      },
      () => undefined,
    );
  };

  const pending: Promise<void>[] = [];
  if (rate === undefined) {
    let isRunning = true;
    const loops = visitors.map(async (visitor, index) => {
      while (isRunning) await sendOne(visitor, index);
    });
    await sleep(windowEnd - performance.now());
    isRunning = false;
    pending.push(...loops);
  } else {
    // Open loop: the schedule, not the acknowledgements, decides when the next message leaves.
    let scheduled = 0;
    let next = 0;
    while (performance.now() < windowEnd) {
      const due = Math.floor(((performance.now() - started) / 1000) * rate);
      for (; scheduled < due; scheduled += 1) {
        const index = next;
        next = (next + 1) % visitors.length;
        pending.push(sendOne(visitors[index] as { socket: Socket; tid: string }, index));
      }
      await sleep(2);
    }
  }
  await Promise.allSettled(pending);
  // Agents' copies may trail the last acknowledgements a little.
  await sleep(500);
  let undelivered = 0;
  for (const localId of measuredLocalIds) if (sentAt.delete(localId)) undelivered += 1;
  const sorted = [...latencies].sort((a, b) => a - b);
  const cpu = process.cpuUsage(cpuBefore);
  send({
    type: 'result',
    tag,
    sent,
    acked,
    refused,
    unanswered: sent - answered,
    achievedRate: ackedInWindow / seconds,
    offeredRate: rate ?? NaN,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    undelivered,
    ackedMids,
    cpuMs: (cpu.user + cpu.system) / 1000,
  });
};

process.on('message', (message: GeneratorSetup | GeneratorRun | { type: 'exit' }) => {
  if (message.type === 'setup') void setup(message).catch(fail);
  else if (message.type === 'run') void run(message).catch(fail);
  else {
    for (const socket of sockets) socket.close();
    process.exit(0);
  }
});

function fail(error: unknown) {
  console.error(error);
  process.exit(1);
}
