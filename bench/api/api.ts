/**
 * bench/api: authenticated page queries of the console against a bare Fastify hello-world (issue 18,
 * DESIGN §7: ≥ 50 % of the bare server's requests/s and p99 ≤ 20 ms at 32 connections, SQLite).
 *  1. For each scale (SCALES, threads; default 10,000 and 100,000): the built server migrates a fresh
 *     SQLite data directory, stops, and the organisation is written straight into the file: SCALE
 *     threads, MESSAGES_PER (default 10) messages each with their search index, SCALE / 10 visitors and
 *     SCALE / 10 leave messages. The default's 100,000 threads hold 1,000,000 messages and 10,000
 *     visitors; SCALES=10000,100000,1000000 MESSAGES_PER=1 reaches a million rows of each list.
 *  2. The built server starts on that file; an admin of the organisation signs in.
 *  3. autocannon (its own process, CONNECTIONS=32, DURATION=10 s after a 2 s warm-up) measures each
 *     call: the records list filtered (page 1 and page 2,000), message search, leave messages, a
 *     visitor's profile with its latest conversations, and /api/user/profile; and a bare Fastify
 *     hello-world in its own process, once per run.
 * Prints the machine, Node, each call's median time alone (one request at a time), req/s, p50/p99 and each call's share of the bare server against the
 * budget. Figures only: nothing passes or fails.
 *   npm run bench:api
 *   SCALES=1000000 MESSAGES_PER=1 npm run bench:api
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer, findFreePort } from '../../e2e/support/server.js';
import { seedOrganisation, type Seeded } from './seed.js';

const scales = (process.env.SCALES ?? '10000,100000')
  .split(',')
  .map(Number)
  .filter((value) => value > 0);
const messagesPer = Number(process.env.MESSAGES_PER ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 32);
const duration = Number(process.env.DURATION ?? 10);
const budget = { share: 0.5, p99: 20 };

const autocannonCli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');

type Load = { requests: number; p50: number; p99: number; non2xx: number; errors: number };

/** Runs autocannon in its own process (so it does not share the server's or this script's event loop). */
const runAutocannon = (url: string, headers: Record<string, string>, seconds: number): Promise<Load> =>
  new Promise((resolve, reject) => {
    const args = [autocannonCli, '-c', String(connections), '-d', String(seconds), '-j'];
    for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
    args.push(url);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`autocannon exited ${code}: ${err}`));
      const result = JSON.parse(out) as {
        requests: { average: number };
        latency: { p50: number; p99: number };
        non2xx: number;
        errors: number;
      };
      resolve({
        requests: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });

const measure = async (url: string, headers: Record<string, string> = {}): Promise<Load> => {
  await runAutocannon(url, headers, 2);
  return runAutocannon(url, headers, duration);
};

/**
 * A call slower than autocannon's timeout leaves requests queued in the server, and /ready is answered
 * between them: the next call starts once /ready answers quickly three times in a row (at most 2 min).
 */
const waitUntilIdle = async (baseUrl: string) => {
  const deadline = performance.now() + 120_000;
  let quick = 0;
  while (quick < 3 && performance.now() < deadline) {
    const started = performance.now();
    await (await fetch(`${baseUrl}/ready`)).arrayBuffer();
    quick = performance.now() - started < 50 ? quick + 1 : 0;
    if (quick === 0) await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Median milliseconds of one request at a time (no queueing): what a single user waits. */
const timeAlone = async (url: string, headers: Record<string, string>, count = 15): Promise<number> => {
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await (await fetch(url, { headers })).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(count / 2)] ?? 0;
};

/** A bare Fastify hello-world in its own process: the yardstick of the budget. */
const startHello = async () => {
  const port = await findFreePort();
  const code = `
    import Fastify from 'fastify';
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    await app.listen({ port: ${port}, host: '127.0.0.1' });
    console.log('ready');
  `;
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    cwd: join(import.meta.dirname, '../../packages/server'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (exitCode) => reject(new Error(`hello server exited ${exitCode}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => {
      child.removeAllListeners('exit');
      child.kill();
    },
  };
};

const signIn = async (baseUrl: string, seeded: Seeded): Promise<string> => {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({
      grant_type: 'password',
      username: seeded.username,
      password: seeded.password,
      scope: 'all',
    }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
};

const calls = (seeded: Seeded) => [
  // The floor every call stands on: the same server's hooks (security headers, logging, errors) with
  // no authentication and no SQL, then a small public answer.
  { name: 'floor: /health', path: '/health' },
  { name: 'floor: /api/v1/config (public)', path: '/api/v1/config' },
  {
    name: 'records: threads page 1, filtered',
    path: `/api/thread/query?page=0&size=20&status=closed&wid=${seeded.wid}`,
  },
  { name: 'records: threads page 2,000', path: `/api/thread/query?page=2000&size=20&status=closed` },
  { name: 'records: message search', path: `/api/message/query?page=0&size=20&keyword=${seeded.keyword}` },
  { name: 'leave messages page 1', path: '/api/leavemsg/query?page=0&size=20&status=unread' },
  // The console has no list of visitors: its visitor view is one visitor with the latest conversations.
  { name: 'visitor + 20 conversations', path: `/api/thread/visitor?vid=${seeded.vid}` },
  { name: '/api/user/profile', path: '/api/user/profile' },
];

const pad = (value: string, width: number) => value.padEnd(width);
const num = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const main = async () => {
  const cpu = cpus();
  console.log(
    `bench/api — ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, ${num(totalmem() / 2 ** 30, 1)} GiB, Node ${process.version}`,
  );
  console.log(
    `autocannon: ${connections} connections, ${duration} s per call after a 2 s warm-up; each in its own process`,
  );
  const hello = await startHello();
  const bare = await measure(hello.url).finally(() => hello.stop());
  console.log(
    `bare Fastify hello-world: ${num(bare.requests)} req/s, p50 ${bare.p50} ms, p99 ${bare.p99} ms\n` +
      `budget: ≥ ${num(bare.requests * budget.share)} req/s (50 %) and p99 ≤ ${budget.p99} ms\n`,
  );

  for (const threads of scales) {
    const size = {
      threads,
      messagesPerThread: messagesPer,
      visitors: Math.max(1, Math.floor(threads / 10)),
      leaveMessages: Math.max(1, Math.floor(threads / 10)),
    };
    // Migrated by the built server itself, then filled while it is down.
    const fresh = await startServer();
    const dataDir = fresh.dataDir;
    await fresh.kill();
    const seedStart = performance.now();
    const seeded = await seedOrganisation(join(dataDir, 'openkefu.sqlite'), size);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(
      `${num(threads)} threads, ${num(threads * messagesPer)} messages, ${num(size.visitors)} visitors, ` +
        `${num(size.leaveMessages)} leave messages — seeded in ${num(seedSeconds, 1)} s`,
    );
    const server = await startServer({ LOG_LEVEL: 'error' }, { dataDir });
    try {
      const token = await signIn(server.baseUrl, seeded);
      const headers = { authorization: `Bearer ${token}` };
      console.log(
        `  ${pad('call', 36)} ${pad('ms 1×', 7)} ${pad('req/s', 8)} ${pad('p50 ms', 6)} ${pad('p99 ms', 6)} ${pad('of bare', 8)} budget`,
      );
      for (const call of calls(seeded)) {
        await waitUntilIdle(server.baseUrl);
        const check = await fetch(`${server.baseUrl}${call.path}`, { headers });
        if (!check.ok) throw new Error(`${call.path}: ${check.status} ${await check.text()}`);
        const alone = await timeAlone(`${server.baseUrl}${call.path}`, headers);
        const load = await measure(`${server.baseUrl}${call.path}`, headers);
        const share = load.requests / bare.requests;
        const isMet = share >= budget.share && load.p99 <= budget.p99;
        const failures =
          load.non2xx + load.errors > 0 ? ` (${load.non2xx} non-2xx, ${load.errors} errors)` : '';
        console.log(
          `  ${pad(call.name, 36)} ${pad(num(alone, 1), 7)} ${pad(num(load.requests), 8)} ${pad(`${load.p50}`, 6)} ${pad(`${load.p99}`, 6)} ` +
            `${pad(`${num(share * 100, 1)} %`, 8)} ${isMet ? 'met' : 'not met'}${failures}`,
        );
      }
    } finally {
      await server.kill();
      rmSync(dataDir, { recursive: true, force: true });
    }
    console.log('');
  }
};

await main();
