/**
 * bench/start: `npm start` on a built tree (SQLite, no Redis), as a user types it. For each run it
 * prints the time from spawning the command until GET /health answers 200, and the server's
 * resident memory (RSS) when healthy and after IDLE_SECONDS of idling; also the same for
 * `node packages/server/dist/main.js` alone (what npm and scripts/start.mjs add), each on a fresh
 * data directory (migrations and seeding included) and on a restart over an existing one.
 * Budgets (issue 18): healthy ≤ 1.5 s, idle RSS ≤ 150 MB. Prints figures only.
 * RUNS (default 3) runs per case; MODES=node skips the `npm start` case (which rebuilds first whatever
 * sources changed since the last build); SERVER_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`)
 * is passed to the server in the direct case.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { findFreePort } from '../../e2e/support/server.js';

const root = new URL('../../', import.meta.url).pathname;
const runs = Number(process.env.RUNS ?? 3);
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 5);
const serverNodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const serverEntry = join(root, 'packages/server/dist/main.js');
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const rssOf = (pid: number) => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((entry) => entry.startsWith('VmRSS:'));
    return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
  } catch {
    return 0; // exited
  }
};

const childrenOf = (pid: number): number[] => {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
};

/** The process and all its descendants (npm → sh → node scripts/start.mjs → node main.js). */
const treeOf = (pid: number): number[] => [pid, ...childrenOf(pid).flatMap(treeOf)];

const commandLineOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
};

const waitForHealth = async (baseUrl: string, child: ChildProcess, output: () => string) => {
  const deadline = performance.now() + 600_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(10);
  }
  throw new Error(`not healthy after 600 s:\n${output()}`);
};

type Sample = { ms: number; rssHealthy: number; rssIdle: number; treeRssIdle: number };

const startOnce = async (mode: 'npm start' | 'node main.js', dataDir: string): Promise<Sample> => {
  const port = await findFreePort();
  const [command, args] =
    mode === 'npm start' ? ['npm', ['start']] : [process.execPath, [...serverNodeArgs, serverEntry]];
  let log = '';
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForHealth(`http://127.0.0.1:${port}`, child, () => log);
    const ms = performance.now() - started;
    const tree = treeOf(child.pid ?? 0);
    const server = tree.find((pid) => commandLineOf(pid).includes('packages/server/dist/main.js')) ?? 0;
    const rssHealthy = rssOf(server);
    await sleep(idleSeconds * 1000);
    return {
      ms,
      rssHealthy,
      rssIdle: rssOf(server),
      treeRssIdle: tree.reduce((sum, pid) => sum + rssOf(pid), 0),
    };
  } finally {
    // SIGTERM to every process of the tree: the server shuts down, start.mjs and npm follow.
    for (const pid of treeOf(child.pid ?? 0).reverse()) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await exited;
  }
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

console.log(
  `bench/start on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}`,
);
// Timing is of a built tree: build whatever is missing or stale first, as `npm start` would.
const built = spawnSync(
  process.execPath,
  ['--input-type=module', '-e', "(await import('./scripts/build-lib.mjs')).buildStale()"],
  { cwd: root, stdio: 'inherit' },
);
if (built.status !== 0) process.exit(built.status ?? 1);

const modes = (['node main.js', 'npm start'] as const).filter((mode) =>
  (process.env.MODES ?? 'node,npm').split(',').includes(mode.split(' ')[0] ?? ''),
);
for (const mode of modes) {
  for (const isFresh of [true, false]) {
    const samples: Sample[] = [];
    const reusedDir = mkdtempSync(join(tmpdir(), 'openkefu-start-'));
    try {
      // A restart needs a data directory that a first start has already migrated and seeded.
      if (!isFresh) await startOnce(mode, reusedDir);
      for (let run = 0; run < runs; run += 1) {
        const dataDir = isFresh ? mkdtempSync(join(tmpdir(), 'openkefu-start-')) : reusedDir;
        try {
          samples.push(await startOnce(mode, dataDir));
        } finally {
          if (isFresh) rmSync(dataDir, { recursive: true, force: true });
        }
      }
    } finally {
      rmSync(reusedDir, { recursive: true, force: true });
    }
    const label = `${mode}, ${isFresh ? 'empty data directory' : 'restart'}`;
    console.log(`\n${label} (${runs} runs)`);
    console.log(
      `  spawn → /health 200   ${samples.map((sample) => `${sample.ms.toFixed(0)} ms`).join(', ')}   median ${median(samples.map((sample) => sample.ms)).toFixed(0)} ms   budget ≤ 1500 ms`,
    );
    const rssIdle = median(samples.map((sample) => sample.rssIdle));
    console.log(
      `  server RSS            healthy ${mb(median(samples.map((sample) => sample.rssHealthy)))}, after ${idleSeconds} s idle ${mb(rssIdle)}   budget ≤ 150 MB` +
        (mode === 'npm start'
          ? `   (npm, start.mjs and server together: ${mb(median(samples.map((sample) => sample.treeRssIdle)))})`
          : ''),
    );
  }
}
