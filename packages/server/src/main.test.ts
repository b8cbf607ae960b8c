import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const serverRoot = fileURLToPath(new URL('..', import.meta.url));

/** A port nothing listens on: bound, read, released. */
const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });

describe('starting the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'openkefu-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start, naming REDIS_URL, when Redis cannot be reached', async () => {
    const redisPort = await closedPort();
    const httpPort = await closedPort();
    // The source through tsx (as `npm run dev` does), so the test never runs a stale build.
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'src/main.ts'], {
      cwd: serverRoot,
      env: {
        PATH: process.env.PATH,
        PORT: String(httpPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        REDIS_URL: `redis://127.0.0.1:${redisPort}`,
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));

    expect(code).toBe(1);
    expect(output).toContain(
      `OpenKefu cannot start. REDIS_URL: cannot reach Redis at redis://127.0.0.1:${redisPort}`,
    );
    expect(output).not.toContain('is running');
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain('Unhandled');
  }, 30_000);
});
