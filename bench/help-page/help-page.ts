/**
 * bench/help-page: the public help centre's article page, rendered by the real app on a fresh
 * SQLite database (one published article in the default organisation), then prints
 *  - the page's first load: every stylesheet and script the HTML links, as sent with
 *    `Accept-Encoding: gzip` (DESIGN §7: ≤ 30 KB of JS+CSS, gzip), and the HTML itself;
 *  - the server's time to render the article page (p50/p99 over RENDERS requests, app.inject).
 * Prints figures only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { buildApp } from '../../packages/server/src/app.js';
import { loadConfig } from '../../packages/server/src/config.js';
import { openDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { seedDatabase } from '../../packages/server/src/db/seed.js';

const renders = Number(process.env.RENDERS ?? 500);
const budget = 30 * 1024;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const dir = mkdtempSync(join(tmpdir(), 'openkefu-help-bench-'));
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  DATA_DIR: dir,
  DATABASE_URL: '',
  REDIS_URL: '',
  PUBLIC_URL: 'https://help.example.com',
});
const database = openDatabase({ dialect: 'sqlite', file: join(dir, 'bench.sqlite') });
try {
  await migrateToLatest(database);
  await seedDatabase(database, config);
  const app = await buildApp({ config, database, logger: false, sweepIntervalMs: 0 });
  await app.ready();
  const token = (
    await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: `Basic ${Buffer.from('client:secret').toString('base64')}` },
      payload: { grant_type: 'password', username: 'admin', password: 'admin', scope: 'all' },
    })
  ).json<{ access_token: string }>().access_token;
  const paragraphs = Array.from(
    { length: 12 },
    (_, index) =>
      `<p>Step ${index + 1}: open <strong>Orders</strong>, choose the order and request a refund.</p>`,
  ).join('');
  const article = (
    await app.inject({
      method: 'POST',
      url: '/api/article/create',
      headers: { authorization: `Bearer ${token}` },
      payload: {
        type: 'support',
        title: 'How to request a refund',
        content: paragraphs,
        status: 'published',
      },
    })
  ).json<{ data: { aid: string } }>().data;
  const url = `/help/openkefu/article/${article.aid}`;
  const page = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en-US' } });
  if (page.statusCode !== 200) throw new Error(`article page answered ${page.statusCode}`);
  const links = [...page.body.matchAll(/<(?:link rel="stylesheet" href|script src)="([^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );
  let total = 0;
  console.log(`help centre article page (${url.replace(article.aid, '<aid>')}):`);
  for (const link of links) {
    const asset = await app.inject({ method: 'GET', url: link, headers: { 'accept-encoding': 'gzip' } });
    total += asset.rawPayload.length;
    console.log(
      `  ${link.padEnd(48)} ${kb(asset.rawPayload.length)} ${asset.headers['content-encoding'] ?? 'identity'}`,
    );
  }
  console.log(
    `  JS+CSS first load: ${kb(total)} gzip in ${links.length} files (budget ${kb(budget)})${total > budget ? '  OVER' : ''}`,
  );
  console.log(
    `  HTML: ${kb(Buffer.byteLength(page.body))}, ${kb(gzipSync(page.body, { level: 9 }).length)} gzip`,
  );

  const times: number[] = [];
  for (let index = 0; index < renders; index += 1) {
    const started = performance.now();
    await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `okh_vid=bench-reader-${String(index).padStart(12, '0')}` },
    });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (share: number) =>
    (times[Math.min(times.length - 1, Math.floor(times.length * share))] ?? 0).toFixed(2);
  console.log(`  render (app.inject, SQLite, ${renders} requests): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
  console.log(
    `machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 1024 ** 2)} MB RAM, Node ${process.version}`,
  );
  await app.close();
} finally {
  await database.db.destroy();
  rmSync(dir, { recursive: true, force: true });
}
