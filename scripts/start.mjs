// `npm start`: build what is missing or stale, then run the one server process (API + console).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildStale, root } from './build-lib.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`OpenKefu needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
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
