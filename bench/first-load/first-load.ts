/**
 * bench/first-load: builds the console, then prints
 *  - the login page's first load (every JS and CSS file Chromium fetches for /admin/antv/user/login), gzip;
 *  - the authenticated shell's own chunks, the list framework shared by the list pages, and each page
 *    module's own chunks and its cold-cache total (from Vite's manifest), gzip;
 *  - the login page's time to a visible username field in Chromium (median of 7 cold loads, each in a
 *    fresh browser context so nothing is cached), with first paint / first contentful paint from the
 *    Performance API and the time until React has taken the form over (issue 18);
 * against DESIGN §7's budgets (login ≤ 150 KB, any other route's own chunks ≤ 250 KB). Prints figures only.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { hasChromium, launchBrowser, newContext } from '../../e2e/support/browser.js';
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

const loginPath = '/admin/antv/user/login';
const coldLoads = 7;

type LoadTiming = {
  /** ms from navigation start until an <input name="username"> was first visible (any, pre-rendered or React's). */
  usernameVisible: number;
  /** ms until React's own form (inside #root) showed the field: the page answers a submit from here. */
  reactForm: number;
  firstPaint: number | null;
  firstContentfulPaint: number | null;
};

/*
 * Runs in the page before any of its scripts (a DevTools init script, outside the page's CSP):
 * checks every animation frame, from the document's first one, whether the username field is
 * laid out and visible, and notes the frame's time. A frame's callbacks run just before it is
 * painted, so this is the paint that first shows the field. A string, not a function: tsx's
 * helpers (__name) would not exist in the page.
 */
const watchUsernameField = `(() => {
  const marks = {};
  window.__okMarks = marks;
  const isShown = (input) => {
    const box = input.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return false;
    const style = getComputedStyle(input);
    return style.visibility !== 'hidden' && style.opacity !== '0';
  };
  const check = () => {
    const now = performance.now();
    const inputs = Array.from(document.querySelectorAll('input[name="username"]')).filter(isShown);
    if (marks.usernameVisible === undefined && inputs.length > 0) marks.usernameVisible = now;
    if (marks.reactForm === undefined && inputs.some((input) => input.closest('#root'))) marks.reactForm = now;
    if (marks.reactForm === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/** One cold load of the login page in a fresh context: no cache, no cookies, no storage. */
const timeOneLoad = async (browser: Browser, baseUrl: string): Promise<LoadTiming> => {
  const context = await newContext(browser);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: watchUsernameField });
    await page.goto(`${baseUrl}${loginPath}`, { waitUntil: 'load' });
    // Polled from here: waitForFunction evaluates a string with eval, which the page's CSP refuses.
    const deadline = Date.now() + 30_000;
    while (!(await page.evaluate('window.__okMarks.reactForm !== undefined'))) {
      if (Date.now() > deadline) throw new Error("React's login form did not appear within 30 s");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A string for the same reason as the init script.
    // A frame can lay the field out while the first paint still waits (render-blocking
    // stylesheets): nothing is on screen before the first contentful paint, so neither is the field.
    return (await page.evaluate(`(() => {
      const paint = (name) =>
        performance.getEntriesByType('paint').find((entry) => entry.name === name)?.startTime ?? null;
      const shown = Math.max(0, paint('first-contentful-paint') ?? 0);
      return {
        usernameVisible: Math.max(window.__okMarks.usernameVisible, shown),
        reactForm: Math.max(window.__okMarks.reactForm, shown),
        firstPaint: paint('first-paint'),
        firstContentfulPaint: paint('first-contentful-paint'),
      };
    })()`)) as LoadTiming;
  } finally {
    await context.close();
  }
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const ms = (value: number | null) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

const measureLoginInBrowser = async () => {
  if (!hasChromium) return null;
  const server = await startServer();
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    const files = new Set<string>();
    let htmlBytes = 0;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (/\.(js|css)$/.test(url.pathname) && url.pathname.startsWith('/admin/'))
        files.add(url.pathname.slice('/admin/'.length));
    });
    const document = await page.goto(`${server.baseUrl}${loginPath}`, { waitUntil: 'load' });
    // networkidle alone can come before the lazy login chunks are even asked for when parsing the
    // main script takes over 500 ms (a busy machine): wait for React's form, then for quiet.
    await page.locator('#root input[name="username"]').waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    // The document as served (the server may add the pre-rendered form and the configuration to it).
    if (document) htmlBytes = gzipSync(await document.body(), { level: 9 }).length;
    await page.close();

    // One load first warms the server (JIT, its caches); the browser's cache is per context.
    await timeOneLoad(browser, server.baseUrl);
    const timings: LoadTiming[] = [];
    for (let run = 0; run < coldLoads; run += 1) timings.push(await timeOneLoad(browser, server.baseUrl));
    return { files, htmlBytes, timings, chromium: browser.version() };
  } finally {
    await browser.close();
    await server.stop();
  }
};

const reportTimings = (timings: LoadTiming[]) => {
  const column = (pick: (timing: LoadTiming) => number | null) => {
    const values = timings.map(pick).filter((value): value is number => value !== null);
    return { median: values.length ? median(values) : null, all: values.map((value) => Math.round(value)) };
  };
  const rows: Array<[string, ReturnType<typeof column>]> = [
    ['username field visible', column((timing) => timing.usernameVisible)],
    ['first paint', column((timing) => timing.firstPaint)],
    ['first contentful paint', column((timing) => timing.firstContentfulPaint)],
    ["React's form in place", column((timing) => timing.reactForm)],
  ];
  console.log(
    `login page in Chromium, ${timings.length} cold loads (fresh context each, loopback), median · each run:`,
  );
  for (const [label, figures] of rows)
    console.log(`  ${label.padEnd(24)} ${ms(figures.median).padStart(8)} · ${figures.all.join(', ')}`);
};

const main = async () => {
  // --no-build measures the console as it is (e.g. while other runs use packages/web/dist).
  if (!process.argv.includes('--no-build')) build();
  const manifestPath = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) throw new Error('no Vite manifest; build.manifest must stay on');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

  console.log(
    `machine: ${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const entry = closure(manifest, 'index.html');
  console.log(`\nentry (index.html + static imports): ${kb(sum(entry))} gzip in ${entry.size} files`);

  const measured = await measureLoginInBrowser();
  const loginFiles = measured?.files ?? null;
  const loginBytes = loginFiles ? sum(loginFiles) : null;
  if (measured) console.log(`Chromium ${measured.chromium}`);
  if (loginFiles && loginBytes !== null && measured) {
    const verdict = loginBytes <= 150 * 1024 ? 'within' : 'OVER';
    console.log(
      `login page first load, measured in Chromium: ${kb(loginBytes)} gzip JS+CSS in ${loginFiles.size} files — ${verdict} the 150 KB budget`,
    );
    console.log(`  the HTML document as served: ${kb(measured.htmlBytes)} gzip`);
    reportTimings(measured.timings);
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
