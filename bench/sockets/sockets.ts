/**
 * bench/sockets: idle visitor sockets held by one node (DESIGN §7: ≥ 50,000 at server RSS ≤ 1 GB).
 * Starts the built server (SQLite, no Redis) with its file-descriptor limit raised, creates VISITORS
 * visitors (default SOCKETS: one socket each; through /visitor/api/init as the widget does), then opens their
 * Socket.IO visitor sockets from CLIENTS load processes, each from its own loopback source address,
 * in steps of STEP; prints the server's RSS at each step and the bytes each socket adds, then
 * again after IDLE_SECONDS (longer than a ping interval, so every socket has answered a ping).
 * Prints figures only; the load processes share the machine's cores with the server.
 * SERVER_NODE_ARGS (e.g. `--heapsnapshot-signal=SIGUSR2`) is passed to the server.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { ClientReport } from './client.js';
import { findFreePort } from '../../e2e/support/server.js';

const root = new URL('../../', import.meta.url).pathname;
const requested = Number(process.env.SOCKETS ?? 50_000);
const step = Number(process.env.STEP ?? 10_000);
const clientsCount = Number(process.env.CLIENTS ?? Math.max(1, Math.ceil(requested / 10_000)));
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 30);
const serverNodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
// Sockets plus the database, log and listening descriptors, with room to spare.
const fdLimit = requested + 10_000;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `sh -c 'ulimit -n …; exec …'`: raises the soft (and, as root, the hard) descriptor limit of the
 * process it runs; without the right to raise the hard limit, the soft one goes up to it.
 */
const withFdLimit = (command: string[]) => [
  '-c',
  'ulimit -n "$0" 2>/dev/null || ulimit -n "$(ulimit -Hn)"; exec "$@"',
  String(fdLimit),
  ...command,
];

const fdLimitOf = (pid: number) =>
  Number(
    readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((line) => line.startsWith('Max open files'))
      ?.split(/\s{2,}/)[1] ?? 0,
  );

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
};

const startServer = async () => {
  const port = await findFreePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'openkefu-sockets-'));
  let log = '';
  const child = spawn(
    'sh',
    withFdLimit([process.execPath, ...serverNodeArgs, join(root, 'packages/server/dist/main.js')]),
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BOOTSTRAP_ADMIN_PASSWORD: `bench-${Date.now()}-password`,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'error',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${log}`);
    const isReady = await fetch(`${baseUrl}/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (isReady) break;
    await sleep(100);
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    baseUrl,
    pid: child.pid ?? 0,
    output: () => log,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

type LoadClient = { child: ChildProcess; share: number; next: () => Promise<ClientReport> };

const startClient = (index: number, share: number): LoadClient => {
  const child = spawn(
    'sh',
    withFdLimit([process.execPath, ...process.execArgv, join(root, 'bench/sockets/client.ts')]),
    {
      cwd: root,
      env: { ...process.env, LOCAL_ADDRESS: `127.0.0.${10 + index}` },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  const reports: ClientReport[] = [];
  const waiting: ((report: ClientReport) => void)[] = [];
  child.on('message', (report: ClientReport) => {
    const resolve = waiting.shift();
    if (resolve) resolve(report);
    else reports.push(report);
  });
  const next = () =>
    new Promise<ClientReport>((resolve, reject) => {
      const queued = reports.shift();
      if (queued) return resolve(queued);
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`load process ${index} exited (${code})`)));
    });
  return { child, share, next };
};

console.log(
  `bench/sockets on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`,
);
const server = await startServer();
const serverFdLimit = fdLimitOf(server.pid);
// Each socket is a descriptor: where the hard limit cannot be raised (no CAP_SYS_RESOURCE, as in
// some containers) the node holds at most that many; keep a few hundred for everything else.
const total = Math.min(requested, serverFdLimit - 300);
const visitorsCount = Math.min(total, Number(process.env.VISITORS ?? total));
const clients = Array.from({ length: clientsCount }, (_, index) =>
  startClient(index, Math.floor(total / clientsCount) + (index < total % clientsCount ? 1 : 0)),
);
try {
  console.log(
    `server pid ${server.pid}, open-files limit ${serverFdLimit}; ${clientsCount} load processes, ` +
      `open-files limit ${fdLimitOf(clients[0]?.child.pid ?? 0)}`,
  );
  if (total < requested)
    console.log(
      `the open-files limit cannot be raised to ${fdLimit} here (the hard limit is ${serverFdLimit}): ` +
        `holding ${total} sockets, not ${requested}`,
    );
  let started = performance.now();
  for (const client of clients)
    client.child.send({
      kind: 'visitors',
      baseUrl: server.baseUrl,
      count: Math.max(1, Math.round((client.share * visitorsCount) / total)),
      sockets: client.share,
    });
  const created = (await Promise.all(clients.map((client) => client.next()))).reduce(
    (sum, report) => sum + (report.kind === 'visitors' ? report.created : 0),
    0,
  );
  console.log(`${created} visitors created in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await sleep(3000);
  const baseline = rssOf(server.pid);
  console.log(`server RSS with the visitors, before any socket: ${mb(baseline)}\n`);
  console.log('  sockets held   server RSS   bytes per socket   failed   dropped   time to open the step');

  /** Waits for every load process's report; `since` (a step's start) labels the step's duration. */
  const measure = async (since: number | string) => {
    const reports = await Promise.all(clients.map((client) => client.next()));
    const label = typeof since === 'string' ? since : `${((performance.now() - since) / 1000).toFixed(1)} s`;
    await sleep(2000); // let the step's garbage go before reading RSS
    const sum = (pick: (report: Extract<ClientReport, { kind: 'connected' }>) => number) =>
      reports.reduce((total, report) => total + (report.kind === 'connected' ? pick(report) : 0), 0);
    const connected = sum((report) => report.connected);
    const rss = rssOf(server.pid);
    const firstError = reports
      .map((report) => (report.kind === 'connected' ? report.firstError : ''))
      .find(Boolean);
    console.log(
      `  ${String(connected).padStart(12)}   ${mb(rss).padStart(10)}   ${(connected ? (rss - baseline) / connected : 0).toFixed(0).padStart(16)}` +
        `   ${String(sum((report) => report.failed)).padStart(6)}   ${String(sum((report) => report.disconnected)).padStart(7)}   ${label}` +
        (firstError ? `  (first failure: ${firstError})` : ''),
    );
    return { connected, rss };
  };

  for (let target = Math.min(step, total); ; target = Math.min(target + step, total)) {
    started = performance.now();
    for (const client of clients)
      client.child.send({ kind: 'connect', upTo: Math.ceil((client.share * target) / total) });
    await measure(started);
    if (target >= total) break;
  }
  await sleep(idleSeconds * 1000);
  // A `connect` up to what is already open opens nothing: it only reports what is still connected.
  for (const client of clients) client.child.send({ kind: 'connect', upTo: 0 });
  const idle = await measure(`after ${idleSeconds} s idle`);
  const perSocket = (idle.rss - baseline) / Math.max(1, idle.connected);
  if (idle.connected < requested)
    console.log(
      `\n  at ${requested} sockets, by the bytes per socket above: about ${mb(baseline + requested * perSocket)} (extrapolated, not measured)`,
    );
  console.log(
    `\n  held ${idle.connected} sockets at ${mb(idle.rss)} server RSS (${mb(idle.rss - baseline)} for the sockets, ` +
      `${((idle.rss - baseline) / Math.max(1, idle.connected) / 1024).toFixed(1)} KB each)   ` +
      `budget ≥ 50,000 at ≤ 1024 MB   ${idle.connected >= 50_000 && idle.rss <= 1024 ** 3 ? 'within' : 'NOT MET'}`,
  );
} finally {
  for (const client of clients) {
    if (client.child.connected) client.child.send({ kind: 'close' });
  }
  await Promise.all(
    clients.map(
      (client) =>
        new Promise((resolve) => {
          if (client.child.exitCode !== null) resolve(null);
          else client.child.once('exit', resolve);
        }),
    ),
  );
  await server.stop();
}
