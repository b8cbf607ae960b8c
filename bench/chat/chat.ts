/**
 * bench/chat: visitors and agents over real Socket.IO on loopback against the built server.
 *  1. Throughput and latency, on SQLite and (when reachable) PostgreSQL. The load generator runs in
 *     its own process (generator.ts, forked) and holds every socket; the driver prints, per database:
 *     an open-loop curve (OFFERED, default 500,1000,2000,5000 messages/s across VISITORS visitors:
 *     offered vs achieved, p50/p99 visitor → agent latency), then the saturated closed loop (each
 *     visitor sends its next message when the last is acknowledged, i.e. acknowledged = stored), and
 *     the CPU time of server and generator in each run. Afterwards it checks the database: every
 *     acknowledged message stored exactly once, and every thread's seq gap-free.
 *  2. Idle visitor sockets held by one node (IDLE_SOCKETS) and the server's resident memory.
 * Budgets (DESIGN §7): ≥ 5,000 messages/s with p99 ≤ 50 ms; ≥ 10,000 sockets with RSS ≤ 1 GB.
 * Prints figures only; generator and server share the machine's cores.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { openSqliteConnection } from '../../packages/server/src/db/sqlite-connection.js';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { startServer, type RunningServer } from '../../e2e/support/server.js';
import type { GeneratorReady, GeneratorResult, GeneratorRun, GeneratorSetup } from './generator.js';

// int8 as numbers, as the server's pool reads them (db/database.ts sets this when it loads pg).
pg.types.setTypeParser(20, Number);

const visitorsCount = Number(process.env.VISITORS ?? 500);
const agentsCount = Number(process.env.AGENTS ?? 10);
const seconds = Number(process.env.SECONDS ?? 10);
const idleSockets = Number(process.env.IDLE_SOCKETS ?? 10_000);
/** The open-loop curve's offered loads (messages per second across all visitors). */
const offeredRates = (process.env.OFFERED ?? '500,1000,2000,5000').split(',').map(Number);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Envelope<T> = { data: T };

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

/** CPU time (user + system) a process has used so far, from /proc (Linux). */
const cpuMsOf = (pid: number) => {
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 per second on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
};

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
};

// SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) profiles the server, not the load.
const serverNodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);

type Generator = {
  child: ChildProcess;
  request: <T>(message: GeneratorSetup | GeneratorRun) => Promise<T>;
};

const forkGenerator = (): Generator => {
  const child = fork(join(import.meta.dirname, 'generator.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return {
    child,
    request: <T>(message: GeneratorSetup | GeneratorRun) =>
      new Promise<T>((resolve, reject) => {
        const onExit = (code: number | null) => reject(new Error(`generator exited (${code})`));
        child.once('exit', onExit);
        child.once('message', (answer) => {
          child.off('exit', onExit);
          resolve(answer as T);
        });
        child.send(message);
      }),
  };
};

/** Every acknowledged message in the database exactly once; every thread's seq 1..n without a gap. */
type StoredMessage = { mid: string; thread_id: number; seq: number };
type ThreadSeq = { id: number; seq: number };

const verify = (acked: string[], messages: StoredMessage[], threads: ThreadSeq[]) => {
  const byMid = new Map<string, number>();
  for (const row of messages) byMid.set(row.mid, (byMid.get(row.mid) ?? 0) + 1);
  const missing = acked.filter((mid) => byMid.get(mid) !== 1).length;
  const seqs = new Map<number, number[]>();
  for (const row of messages) {
    const list = seqs.get(Number(row.thread_id)) ?? [];
    list.push(Number(row.seq));
    seqs.set(Number(row.thread_id), list);
  }
  let badThreads = 0;
  for (const thread of threads) {
    const list = (seqs.get(Number(thread.id)) ?? []).sort((a, b) => a - b);
    const isGapFree = list.every((seq, index) => seq === index + 1) && list.length === Number(thread.seq);
    if (!isGapFree) badThreads += 1;
  }
  console.log(
    missing === 0 && badThreads === 0
      ? `  verified: ${acked.length} acknowledged messages stored once each, seq gap-free in ${threads.length} threads`
      : `  VERIFY FAILED: ${missing} of ${acked.length} acknowledged messages missing or stored twice, ${badThreads} threads with a seq gap`,
  );
};

const readSqlite = (dataDir: string, tids: string[]) => {
  // The server's own driver choice: better-sqlite3 before Node 24, node:sqlite from it.
  const database = openSqliteConnection(join(dataDir, 'openkefu.sqlite'));
  try {
    const threads = database
      .prepare(`select id, seq from thread where tid in (select value from json_each(?))`)
      .all([JSON.stringify(tids)]) as ThreadSeq[];
    const messages = database
      .prepare(`select mid, thread_id, seq from message where thread_id in (select value from json_each(?))`)
      .all([JSON.stringify(threads.map((thread) => thread.id))]) as StoredMessage[];
    return { threads, messages };
  } finally {
    database.close();
  }
};

const readPostgres = async (url: string, tids: string[]) => {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const threads = (await client.query<ThreadSeq>(`select id, seq from thread where tid = any($1)`, [tids]))
      .rows;
    const messages = (
      await client.query<StoredMessage>(`select mid, thread_id, seq from message where thread_id = any($1)`, [
        threads.map((thread) => thread.id),
      ])
    ).rows;
    return { threads, messages };
  } finally {
    await client.end();
  }
};

/** Waits (at most 60 s) until the server has worked off what an overloaded run left queued. */
const waitForIdleServer = async (pid: number) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const before = cpuMsOf(pid);
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (cpuMsOf(pid) - before < 50) return;
  }
};

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '-');

const throughput = async (label: string, env: Record<string, string>) => {
  const server = await startServer({ LOG_LEVEL: 'error', ...env }, {}, serverNodeArgs);
  const generator = forkGenerator();
  try {
    const base = server.baseUrl;
    const admin = await signIn(base, 'admin', 'admin');
    const group = (
      await call<Envelope<{ wid: string }>>(base, '/api/workgroup/create', {
        token: admin,
        body: { nickname: 'Bench' },
      })
    ).data;
    const agentTokens: string[] = [];
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
      agentTokens.push(await signIn(base, username, 'password-123'));
    }
    const { tids } = await generator.request<GeneratorReady>({
      type: 'setup',
      baseUrl: base,
      wid: group.wid,
      agentTokens,
      visitors: visitorsCount,
    });
    console.log(
      `\n${label}: ${visitorsCount} visitors, ${agentsCount} agents, ${seconds} s measured per run (after 1–2 s of warm-up)`,
    );
    console.log(
      '  run                   offered/s  achieved/s   p50 ms   p99 ms  refused  undelivered  CPU server  CPU generator  server CPU/msg',
    );
    const acked: string[] = [];
    const runs: GeneratorRun[] = [
      ...offeredRates.map((rate) => ({
        type: 'run' as const,
        tag: `open${rate}`,
        rate,
        warmupSeconds: 1,
        seconds,
      })),
      { type: 'run', tag: 'closed', warmupSeconds: 2, seconds },
    ];
    for (const run of runs) {
      await waitForIdleServer(server.pid);
      const cpuBefore = cpuMsOf(server.pid);
      const result = await generator.request<GeneratorResult>(run);
      const serverCpu = cpuMsOf(server.pid) - cpuBefore;
      acked.push(...result.ackedMids);
      const name = run.rate === undefined ? 'closed loop (saturated)' : `open loop`;
      console.log(
        `  ${name.padEnd(22)}${fixed(result.offeredRate).padStart(10)}${fixed(result.achievedRate).padStart(12)}${fixed(result.p50, 1).padStart(9)}${fixed(result.p99, 1).padStart(9)}${String(result.refused + result.unanswered).padStart(9)}${String(result.undelivered).padStart(13)}${`${fixed(serverCpu / 1000, 1)} s`.padStart(12)}${`${fixed(result.cpuMs / 1000, 1)} s`.padStart(15)}${`${fixed((serverCpu * 1000) / result.ackedMids.length)} µs`.padStart(16)}`,
      );
    }
    console.log('  budget: ≥ 5000 persisted messages/s (closed loop); p99 ≤ 50 ms at 2000 offered/s');
    const stored =
      env.DATABASE_URL === undefined
        ? readSqlite(server.dataDir, tids)
        : await readPostgres(env.DATABASE_URL, tids);
    verify(acked, stored.messages, stored.threads);
  } finally {
    generator.child.kill();
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
