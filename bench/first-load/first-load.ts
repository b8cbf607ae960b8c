/**
 * bench/first-load: builds the console, then prints
 *  - the login page's first load (every JS and CSS file Chromium fetches for /admin/antv/user/login), gzip;
 *  - the authenticated shell's own chunks, the list framework shared by the list pages, and each page
 *    module's own chunks and its cold-cache total (from Vite's manifest), gzip;
 * against DESIGN §7's budgets (login ≤ 150 KB, any other route's own chunks ≤ 250 KB). Prints figures only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { hasChromium, launchBrowser } from '../../e2e/support/browser.js';
import { startServer } from '../../e2e/support/server.js';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const root = new URL('../../', import.meta.url).pathname;
const dist = join(root, 'packages/web/dist');
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipSize = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

const build = () => {
  const result = spawnSync('npm', ['run', 'build', '-w', '@openkefu/contract'], {
    cwd: root,
    stdio: 'inherit',
  });
  const web = spawnSync('npm', ['run', 'build', '-w', '@openkefu/web'], { cwd: root, stdio: 'inherit' });
  spawnSync('npm', ['run', 'build', '-w', '@openkefu/widget'], { cwd: root, stdio: 'inherit' });
  const server = spawnSync('npm', ['run', 'build', '-w', '@openkefu/server'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0 || web.status !== 0 || server.status !== 0) throw new Error('build failed');
};

/** Files loaded by a manifest entry and its static imports (what the browser fetches for it). */
const closure = (manifest: Manifest, key: string, seen = new Set<string>()): Set<string> => {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, seen);
  return seen;
};

const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzipSize(file), 0);

const measureLoginInBrowser = async () => {
  if (!hasChromium) return null;
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const files = new Set<string>();
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/\.(js|css)$/.test(url.pathname) && url.pathname.startsWith('/admin/'))
        files.add(url.pathname.slice('/admin/'.length));
    });
    await page.goto(`${server.baseUrl}/admin/antv/user/login`, { waitUntil: 'networkidle' });
    return files;
  } finally {
    await browser.close();
    await server.stop();
  }
};

const main = async () => {
  // --no-build measures the console as it is (e.g. while other runs use packages/web/dist).
  if (!process.argv.includes('--no-build')) build();
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('no Vite manifest; build.manifest must stay on');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`,
  );
  const entry = closure(manifest, 'index.html');
  console.log(`\nentry (index.html + static imports): ${kb(sum(entry))} gzip in ${entry.size} files`);

  const loginFiles = await measureLoginInBrowser();
  const loginBytes = loginFiles ? sum(loginFiles) : null;
  if (loginFiles && loginBytes !== null) {
    const verdict = loginBytes <= 150 * 1024 ? 'within' : 'OVER';
    console.log(
      `login page first load, measured in Chromium: ${kb(loginBytes)} gzip JS+CSS in ${loginFiles.size} files — ${verdict} the 150 KB budget`,
    );
    const heavy = [...loginFiles].filter((file) => /antd|pro-|echarts|icons/i.test(file));
    if (heavy.length > 0) console.log(`  ! heavy libraries on the login page: ${heavy.join(', ')}`);
  } else {
    console.log('login page first load: Chromium not found, browser measurement skipped');
  }

  const shellKey = Object.keys(manifest).find(
    (key) => /src\/app\/shell\/AppShell\./i.test(key) && manifest[key]?.isDynamicEntry,
  );
  const shell = shellKey ? closure(manifest, shellKey) : new Set<string>();
  const shellOwn = [...shell].filter((file) => !entry.has(file));
  if (shellKey) console.log(`authenticated shell (${shellKey}): ${kb(sum(shellOwn))} gzip own chunks`);

  const routeKeys = Object.keys(manifest).filter(
    (key) => manifest[key]?.isDynamicEntry && key !== shellKey && /src\/(features|app|layouts)\//.test(key),
  );
  const beyondShell = new Map(
    routeKeys.map((key) => [
      key,
      [...closure(manifest, key)].filter((file) => !entry.has(file) && !shell.has(file)),
    ]),
  );
  // Chunks that three or more routes load (ProTable, antd's table, shared form pieces) are the list
  // framework: the browser fetches them once, with the first list page, and reuses them after.
  const routesUsing = new Map<string, number>();
  for (const files of beyondShell.values())
    for (const file of files) routesUsing.set(file, (routesUsing.get(file) ?? 0) + 1);
  const shared = new Set([...routesUsing].filter(([, count]) => count >= 3).map(([file]) => file));
  console.log(
    `shared list framework (chunks loaded by 3+ routes, fetched once): ${kb(sum(shared))} gzip in ${shared.size} files`,
  );

  console.log(
    '\nroute modules (gzip): own chunks (budget 250 KB each) · with the shared framework on a cold cache',
  );
  const rows = routeKeys
    .map((key) => {
      const files = beyondShell.get(key) ?? [];
      const own = files.filter((file) => !shared.has(file));
      return { key, own: sum(own), total: sum(files), files: files.length };
    })
    .sort((a, b) => b.total - a.total);
  for (const row of rows) {
    const flag = row.own > 250 * 1024 ? '  OVER' : '';
    console.log(
      `  ${kb(row.own).padStart(10)} · ${kb(row.total).padStart(10)}  ${row.files} files  ${row.key}${flag}`,
    );
  }
  reportWidget();
};

/** The visitor widget: what /chat/ loads (index.html's scripts and styles) and /embed.js. */
const reportWidget = () => {
  const widgetDist = join(root, 'packages/widget/dist');
  if (!existsSync(join(widgetDist, 'index.html'))) {
    console.log('\nwidget: not built (npm run build -w @openkefu/widget)');
    return;
  }
  const html = readFileSync(join(widgetDist, 'index.html'), 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/chat\/(assets\/[^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? '',
  );
  const gzipOf = (file: string) => gzipSync(readFileSync(join(widgetDist, file)), { level: 9 }).length;
  const page = assets.reduce((total, file) => total + gzipOf(file), gzipOf('index.html'));
  const loader = gzipOf('embed.js');
  console.log(
    `\nvisitor widget first load (/chat/, JS+CSS+HTML): ${kb(page)} gzip in ${assets.length + 1} files (budget 60 KB)${page > 60 * 1024 ? '  OVER' : ''}`,
  );
  console.log(
    `embed loader (/embed.js): ${kb(loader)} gzip (budget 5 KB)${loader > 5 * 1024 ? '  OVER' : ''}`,
  );
};

await main();
