// `npm test`: typecheck, format and lint (two at a time: each is one process on one core), unit +
// integration tests (SQLite always, PostgreSQL/Redis when reachable or required by
// REQUIRE_SERVICES=1), then a fresh build and the browser suite in Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { buildStale, root } from './build-lib.mjs';

const seconds = (started) => ((Date.now() - started) / 1000).toFixed(1);

const run = (label, command, args) => {
  console.log(`\n[openkefu test] ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(
    `[openkefu test] ${label} ${result.status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Runs the checks `width` at a time; each one's output is printed whole when it ends. */
const runChecks = async (checks, width) => {
  const failures = [];
  const queue = [...checks];
  const worker = async () => {
    for (let check = queue.shift(); check; check = queue.shift()) {
      const [label, command, args] = check;
      const started = Date.now();
      const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
      const output = [];
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
      const status = await new Promise((resolve) => child.on('close', resolve));
      const text = Buffer.concat(output).toString().trim();
      console.log(`\n[openkefu test] ${label}: ${command} ${args.join(' ')}${text ? `\n${text}` : ''}`);
      console.log(`[openkefu test] ${label} ${status === 0 ? 'passed' : 'FAILED'} in ${seconds(started)} s`);
      if (status !== 0) failures.push(label);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  if (failures.length > 0) {
    console.log(`\n[openkefu test] FAILED: ${failures.join(', ')}`);
    process.exit(1);
  }
};

const started = Date.now();
await runChecks(
  [
    // The longest first, so the two lanes end together.
    ['lint', 'npx', ['eslint', '.', '--max-warnings=0']],
    ['typecheck server', 'npx', ['tsc', '-p', 'packages/server', '--noEmit']],
    // bench, sdk and e2e as one program (tsconfig.tools.json): the server sources they share checked once.
    ['typecheck bench, sdk, e2e', 'npx', ['tsc', '-p', 'tsconfig.tools.json']],
    ['format', 'npx', ['prettier', '--check', '.']],
    ['typecheck web', 'npx', ['tsc', '-p', 'packages/web', '--noEmit']],
    ['typecheck widget', 'npx', ['tsc', '-p', 'packages/widget', '--noEmit']],
    ['typecheck contract', 'npx', ['tsc', '-p', 'packages/contract', '--noEmit']],
    ['typecheck media', 'npx', ['tsc', '-p', 'packages/media', '--noEmit']],
  ],
  Math.max(2, Math.min(4, availableParallelism())),
);
console.log(`[openkefu test] checks done in ${seconds(started)} s`);
run('unit and integration', 'npx', ['vitest', 'run']);
buildStale();
run('e2e (Chromium)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']);
