import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;

export type RunningServer = {
  baseUrl: string;
  port: number;
  /** The server process, for benchmarks that read its memory. */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
  /** SIGKILL: the process dies at once, as in a crash; the data directory stays for a restart. */
  kill: () => Promise<void>;
};

export const findFreePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

const waitForReady = async (baseUrl: string, child: ChildProcess, output: () => string) => {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${output()}`);
};

/** Starts the built server (packages/server/dist) on a free port with a fresh SQLite data directory. */
export const startServer = async (
  env: Record<string, string> = {},
  reuse: { port?: number; dataDir?: string } = {},
  /** Extra Node flags for the server process (benchmarks pass `--cpu-prof`). */
  nodeArgs: string[] = [],
): Promise<RunningServer> => {
  const port = reuse.port ?? (await findFreePort());
  const dataDir = reuse.dataDir ?? mkdtempSync(join(tmpdir(), 'openkefu-e2e-'));
  let log = '';
  const child = spawn(process.execPath, [...nodeArgs, join(root, 'packages/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(baseUrl, child, () => log);
  return {
    baseUrl,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => log,
    stop: async () => {
      // A killed process has a signalCode and no exitCode: it has exited already.
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
  };
};
