// `npm start`: build what is missing or stale, then run the one server process (API + console).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, root } from './build-lib.mjs';

// Keep in sync with package.json's engines: 20.19+, 22.12+ (require of ES modules unflagged), 24+.
const [major, minor] = process.versions.node.split('.').map(Number);
if (
  major < 20 ||
  (major === 20 && minor < 19) ||
  major === 21 ||
  (major === 22 && minor < 12) ||
  major === 23
) {
  console.error(
    `OpenKefu needs Node.js 24, 22.12 or later, or 20.19 or later; this is ${process.versions.node}.`,
  );
  process.exit(1);
}

buildStale();

const server = spawn(process.execPath, [join(root, 'packages/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
