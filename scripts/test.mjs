// `npm test`: typecheck, lint, unit + integration tests (SQLite always, PostgreSQL/Redis when reachable
// or required by REQUIRE_SERVICES=1), then a fresh build and the browser suite in Chromium.
import { spawnSync } from 'node:child_process';
import { buildStale, root } from './build-lib.mjs';

const run = (label, command, args) => {
  console.log(`\n[openkefu test] ${label}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  console.log(
    `[openkefu test] ${label} ${result.status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run('typecheck', 'npx', ['tsc', '-p', 'packages/contract', '--noEmit']);
run('typecheck', 'npx', ['tsc', '-p', 'packages/server', '--noEmit']);
run('typecheck', 'npx', ['tsc', '-p', 'packages/web', '--noEmit']);
run('typecheck', 'npx', ['tsc', '-p', 'packages/widget', '--noEmit']);
run('typecheck', 'npx', ['tsc', '-p', 'packages/sdk', '--noEmit']);
run('typecheck', 'npx', ['tsc', '-p', 'e2e', '--noEmit']);
run('typecheck', 'npx', ['tsc', '-p', 'bench', '--noEmit']);
run('format', 'npx', ['prettier', '--check', '.']);
run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
run('unit and integration', 'npx', ['vitest', 'run']);
buildStale();
run('e2e (Chromium)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']);
