/**
 * bench/chat: visitors and agents over real Socket.IO on loopback against the built server.
 *  1. Throughput and latency, on SQLite and (when reachable) PostgreSQL: VISITORS visitors each
 *     send text messages in a closed loop for SECONDS; prints persisted messages per second (acks:
 *     a message is acknowledged only after it is stored) and the p50/p99 visitor → agent latency
 *     (send until the agent's socket receives it). Then the same visitors send at a paced offered
 *     load (PACED_RATE messages/s in all), for the latency a visitor sees below saturation.
 *  2. Idle visitor sockets held by one node (IDLE_SOCKETS) and the server's resident memory.
 * Budgets (DESIGN §7): ≥ 5,000 messages/s with p99 ≤ 50 ms; ≥ 10,000 sockets with RSS ≤ 1 GB.
 * Prints figures only; the load generator shares the machine's cores with the server.
 */
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startServer, type RunningServer } from '../../e2e/support/server.js';

const visitorsCount = Number(process.env.VISITORS ?? 500);
const agentsCount = Number(process.env.AGENTS ?? 10);
const seconds = Number(process.env.SECONDS ?? 10);
const idleSockets = Number(process.env.IDLE_SOCKETS ?? 10_000);
// The offered load of the latency run (messages per second across all visitors).
const pacedRate = Number(process.env.PACED_RATE ?? 500);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Envelope<T> = { data: T };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
type Message = { localId: string; sender: { kind: string } };

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);

const call = async <T>(
  baseUrl: string,
  path: string,
  init: { token?: string; body?: unknown; basic?: boolean } = {},
) => {
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.basic ? { authorization: `Basic ${Buffer.from('client:secret').toString('base64')}` } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
};

const signIn = async (baseUrl: string, username: string, password: string) =>
  (
    await call<{ access_token: string }>(baseUrl, '/oauth/token', {
      basic: true,
      body: { grant_type: 'password', username, password, scope: 'all' },
    })
  ).access_token;

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

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
};

// SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server, not the load.
const serverNodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

const throughput = async (label: string, env: Record<string, string>) => {
  const server = await startServer({ LOG_LEVEL: 'error', ...env }, {}, serverNodeArgs);
  const sockets: Socket[] = [];
  try {
    const base = server.baseUrl;
    const admin = await signIn(base, 'admin', 'admin');
    const group = (
      await call<Envelope<{ wid: string }>>(base, '/api/workgroup/create', {
        token: admin,
        body: { nickname: 'Bench' },
      })
    ).data;
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    let isMeasuring = false;
    for (let index = 0; index < agentsCount; index += 1) {
      const username = `bench-agent-${index}`;
      await call(base, '/api/user/create', {
        token: admin,
        body: {
          username,
          password: 'password-123',
          nickname: username,
          maxThreadCount: 100,
          workGroups: [group.wid],
        },
      });
      const agent = await connect(base, {
        kind: 'agent',
        token: await signIn(base, username, 'password-123'),
      });
      await agent.timeout(5000).emitWithAck('agent:status', { status: 'online' });
      agent.on('message', (message: Message) => {
        const started = sentAt.get(message.localId);
        if (started === undefined || message.sender.kind !== 'visitor') return;
        sentAt.delete(message.localId);
        if (isMeasuring) latencies.push(performance.now() - started);
      });
      sockets.push(agent);
    }
    const visitors: { socket: Socket; tid: string }[] = [];
    for (let index = 0; index < visitorsCount; index += 1) {
      const identity = (
        await call<Envelope<{ token: string }>>(base, '/visitor/api/init', { body: { org: 'openkefu' } })
      ).data;
      const request = (
        await call<Envelope<{ code: number; thread: { tid: string } }>>(base, '/visitor/api/thread/request', {
          token: identity.token,
          body: { wid: group.wid },
        })
      ).data;
      if (request.code !== 200) throw new Error(`visitor ${index} got code ${request.code}`);
      const socket = await connect(base, { kind: 'visitor', token: identity.token });
      sockets.push(socket);
      visitors.push({ socket, tid: request.thread.tid });
    }

    /**
     * One measured run. `interval` undefined: a closed loop (each visitor sends its next message when
     * the last is acknowledged), which finds the most the node persists; its latency is mostly queueing
     * (500 messages in flight). A number: each visitor sends one message every `interval` ms, an
     * offered load below saturation, where the latency is what a visitor would see.
     */
    const measure = async (interval?: number) => {
      let acked = 0;
      let refused = 0;
      let isRunning = true;
      latencies.length = 0;
      const loops = visitors.map(async ({ socket, tid }, index) => {
        if (interval) await sleep((interval * index) / visitors.length);
        for (let n = 0; isRunning; n += 1) {
          const localId = `${interval ?? 0}-${index}-${n}`;
          const sentAtMs = performance.now();
          sentAt.set(localId, sentAtMs);
          const answer = (await socket.timeout(10_000).emitWithAck('message:send', {
            tid,
            localId,
            type: 'text',
            content: `bench message ${n} from visitor ${index}`,
          })) as { ok: boolean };
          if (isMeasuring) {
            if (answer.ok) acked += 1;
            else refused += 1;
          }
          if (interval) await sleep(Math.max(0, interval - (performance.now() - sentAtMs)));
        }
      });
      await sleep(2000); // warm-up
      isMeasuring = true;
      const started = performance.now();
      await sleep(seconds * 1000);
      isMeasuring = false;
      const elapsed = (performance.now() - started) / 1000;
      isRunning = false;
      await Promise.allSettled(loops);
      const sorted = [...latencies].sort((a, b) => a - b);
      return { rate: acked / elapsed, p50: percentile(sorted, 50), p99: percentile(sorted, 99), refused };
    };

    const saturated = await measure();
    console.log(`\n${label}: ${visitorsCount} visitors, ${agentsCount} agents, ${seconds} s each run`);
    console.log(
      `  persisted messages/s (closed loop)  ${saturated.rate.toFixed(0).padStart(8)}   budget ≥ 5000   ${saturated.rate >= 5000 ? 'within' : 'OVER BUDGET'}`,
    );
    console.log(`  visitor → agent p50 at saturation   ${saturated.p50.toFixed(1).padStart(8)} ms`);
    console.log(`  visitor → agent p99 at saturation   ${saturated.p99.toFixed(1).padStart(8)} ms`);
    const paced = await measure((visitorsCount / pacedRate) * 1000);
    console.log(
      `  offered ${pacedRate} messages/s: persisted ${paced.rate.toFixed(0)}/s, p50 ${paced.p50.toFixed(1)} ms, p99 ${paced.p99.toFixed(1)} ms  budget p99 ≤ 50 ms  ${paced.p99 <= 50 ? 'within' : 'OVER BUDGET'}`,
    );
    console.log(`  refused (rate limit or error)  ${saturated.refused + paced.refused}`);
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
  }
};

const idle = async () => {
  const server: RunningServer = await startServer({ LOG_LEVEL: 'error' });
  const sockets: Socket[] = [];
  try {
    const identity = (
      await call<Envelope<{ token: string }>>(server.baseUrl, '/visitor/api/init', {
        body: { org: 'openkefu' },
      })
    ).data;
    const before = rssOf(server.pid);
    for (let opened = 0; opened < idleSockets; opened += 500) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(500, idleSockets - opened) }, () =>
          connect(server.baseUrl, { kind: 'visitor', token: identity.token }),
        ),
      );
      sockets.push(...batch);
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const after = rssOf(server.pid);
    const connected = sockets.filter((socket) => socket.connected).length;
    console.log(`\nIdle visitor sockets on one node (SQLite)`);
    console.log(
      `  connected sockets     ${String(connected).padStart(8)}   budget ≥ 10000  ${connected >= 10_000 ? 'within' : 'UNDER BUDGET'}`,
    );
    console.log(
      `  server RSS            ${(after / 1024 / 1024).toFixed(0).padStart(8)} MB  budget ≤ 1024 MB  ${after <= 1024 ** 3 ? 'within' : 'OVER BUDGET'} (idle before: ${(before / 1024 / 1024).toFixed(0)} MB)`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await server.stop();
  }
};

const withPostgresDatabase = async (run: (url: string) => Promise<void>) => {
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nPostgreSQL: skipped (${String(error)})`);
    return;
  }
  const name = `openkefu_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(postgresUrl);
    url.pathname = `/${name}`;
    await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
};

console.log(
  `bench/chat on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`,
);
// PARTS=sqlite,postgres,idle (default all) runs a subset.
const parts = new Set((process.env.PARTS ?? 'sqlite,postgres,idle').split(','));
if (parts.has('sqlite')) await throughput('SQLite', {});
if (parts.has('postgres'))
  await withPostgresDatabase((url) => throughput('PostgreSQL', { DATABASE_URL: url }));
if (parts.has('idle')) await idle();
