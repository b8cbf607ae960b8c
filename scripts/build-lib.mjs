// Builds the packages whose output is missing or older than their sources (used by start and test).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

const targets = [
  { workspace: '@openkefu/contract', dir: 'packages/contract', sources: ['src'], output: 'dist/index.js' },
  {
    workspace: '@openkefu/server',
    dir: 'packages/server',
    sources: ['src', '../contract/src'],
    output: 'dist/main.js',
  },
  {
    workspace: '@openkefu/web',
    dir: 'packages/web',
    sources: ['src', 'index.html', 'public', 'vite.config.ts', '../contract/src', '../media/src'],
    output: 'dist/index.html',
  },
  {
    workspace: '@openkefu/widget',
    dir: 'packages/widget',
    sources: [
      'src',
      'index.html',
      'vite.config.ts',
      'vite.embed.config.ts',
      '../contract/src',
      '../media/src',
    ],
    output: 'dist/embed.js',
  },
];

const newestMtime = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
};

const isStale = (target) => {
  const output = join(root, target.dir, target.output);
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return target.sources.some((source) => newestMtime(join(root, target.dir, source)) > built);
};

/** Builds every stale package in dependency order; `force` rebuilds all. Exits on failure. */
export const buildStale = ({ force = false, only } = {}) => {
  for (const target of targets) {
    if (only && !only.includes(target.workspace)) continue;
    if (!force && !isStale(target)) continue;
    console.log(`[openkefu] building ${target.workspace} …`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.status !== 0) {
      console.error(`[openkefu] building ${target.workspace} failed`);
      process.exit(result.status ?? 1);
    }
  }
};
