/**
 * bench/search: the knowledge base's article search at DESIGN §7 scale.
 *  1. Writes ARTICLES generated help articles (half Chinese, half English, from customer-service
 *     vocabulary) into a fresh database and times building the search index over them (tokenising
 *     + FTS5 rows on SQLite, tsvector + GIN on PostgreSQL).
 *  2. Runs SEARCHES ranked searches (the console's and the help centre's code path: match, rank
 *     title over body, count, load the page, highlight) with CONCURRENCY in flight, and prints
 *     p50/p99 latency per query kind (common word, rare word, two words, Chinese, no hit).
 * Budget (DESIGN §7): p99 ≤ 50 ms at 8 concurrent searches over 100 k documents, SQLite. Prints
 * figures only. Runs on SQLite, then on PostgreSQL when BENCH_DATABASE_URL (default: local) answers.
 * ARTICLES, SEARCHES, CONCURRENCY change the sizes; SQLITE_FILE keeps (and reuses) the SQLite corpus;
 * SKIP_SQLITE=1 / SKIP_POSTGRES=1 run one database only.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type AppDatabase } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import { chineseTopics, englishTopics } from '../../packages/server/src/modules/article/article.fixture.js';
import {
  articleBodyText,
  searchArticles,
} from '../../packages/server/src/modules/article/article.service.js';
import { indexArticle } from '../../packages/server/src/modules/search/article-search.js';

const articleCount = Number(process.env.ARTICLES ?? 100_000);
const searchCount = Number(process.env.SEARCHES ?? 2_000);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const budgetMs = 50;

// A small deterministic generator, so every run searches the same corpus.
let seed = 42;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

const zhSentences = chineseTopics.flatMap((topic) => topic.sentences);
const enSentences = englishTopics.flatMap((topic) => topic.sentences);
const zhTitles = chineseTopics.flatMap((topic) => topic.titles);
const enTitles = englishTopics.flatMap((topic) => topic.titles);
const enWords = [
  ...new Set(
    enSentences
      .join(' ')
      .toLowerCase()
      .match(/[a-z]+/g) ?? [],
  ),
];
const zhChars = [...new Set([...zhSentences.join('')].filter((char) => /\p{Script=Han}/u.test(char)))];

const generate = (index: number) => {
  const isChinese = index % 2 === 0;
  const sentences: string[] = [];
  const count = 4 + Math.floor(random() * 8);
  for (let i = 0; i < count; i += 1) {
    if (random() < 0.6) sentences.push(pick(isChinese ? zhSentences : enSentences));
    else if (isChinese) sentences.push(`${Array.from({ length: 12 }, () => pick(zhChars)).join('')}。`);
    else sentences.push(`${Array.from({ length: 10 }, () => pick(enWords)).join(' ')}.`);
  }
  // A product code per article: the rare-term case.
  sentences.push(isChinese ? `商品编号 SKU${index}。` : `Product code SKU${index}.`);
  const title = `${pick(isChinese ? zhTitles : enTitles)} ${index}`;
  return {
    title,
    summary: sentences[0] ?? '',
    content: sentences.map((sentence) => `<p>${sentence}</p>`).join(''),
    keywords: JSON.stringify([]),
  };
};

const rareCode = (fraction: number) => `SKU${Math.floor(articleCount * fraction)}`;

const queries: { kind: string; q: string }[] = [
  { kind: 'zh common', q: '退款' },
  { kind: 'zh common', q: '发票' },
  { kind: 'zh phrase', q: '修改密码' },
  { kind: 'zh phrase', q: '物流信息' },
  { kind: 'en common', q: 'refund' },
  { kind: 'en common', q: 'invoice' },
  { kind: 'en two words', q: 'reset password' },
  { kind: 'en two words', q: 'payment failed' },
  { kind: 'rare', q: rareCode(0.4242) },
  { kind: 'rare', q: rareCode(0.7777) },
  { kind: 'no hit', q: 'zebra' },
];

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0
    ? NaN
    : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN);
const ms = (value: number) => `${value.toFixed(1)} ms`;

const run = async (name: string, database: AppDatabase) => {
  const { db, dialect } = database;
  seed = 42;
  await migrateToLatest(database);
  const now = Date.now();
  const existing = await db
    .selectFrom('organization')
    .select('id')
    .where('sub_domain', '=', 'bench')
    .executeTakeFirst();
  if (existing) {
    console.log(`[${name}] reusing the corpus in SQLITE_FILE`);
    await measure(name, database, Number(existing.id));
    return;
  }
  const org = await db
    .insertInto('organization')
    .values({
      oid: 'bench',
      name: 'Bench',
      sub_domain: 'bench',
      owner_user_id: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orgId = Number(org.id);

  let started = performance.now();
  const batchSize = 1000;
  const bodies: { id: number; title: string; body: string }[] = [];
  for (let from = 0; from < articleCount; from += batchSize) {
    const rows = Array.from({ length: Math.min(batchSize, articleCount - from) }, (_, offset) => {
      const article = generate(from + offset);
      return {
        aid: `a${from + offset}`,
        org_id: orgId,
        type: 'support',
        ...article,
        status: 'published',
        published_at: now,
        created_at: now - (articleCount - from - offset) * 1000,
        updated_at: now - (articleCount - from - offset) * 1000,
      };
    });
    const ids = await db.insertInto('article').values(rows).returning('id').execute();
    ids.forEach((row, offset) => {
      const article = rows[offset];
      if (article) bodies.push({ id: Number(row.id), title: article.title, body: articleBodyText(article) });
    });
  }
  const insertSeconds = (performance.now() - started) / 1000;

  started = performance.now();
  for (let from = 0; from < bodies.length; from += batchSize) {
    await db.transaction().execute(async (trx) => {
      for (const article of bodies.slice(from, from + batchSize))
        await indexArticle(trx, dialect, {
          articleId: article.id,
          title: article.title,
          body: article.body,
          scope: { orgId, type: 'support', state: 'live' },
        });
    });
  }
  if (dialect === 'postgres') await sql`analyze`.execute(db);
  const indexSeconds = (performance.now() - started) / 1000;
  console.log(
    `[${name}] ${articleCount.toLocaleString('en-US')} articles written in ${insertSeconds.toFixed(1)} s; ` +
      `search index built in ${indexSeconds.toFixed(1)} s (${Math.round(articleCount / indexSeconds)} articles/s)`,
  );

  // The texts are indexed: let them go before measuring, so the collector does not walk them.
  bodies.length = 0;
  await measure(name, database, orgId);
};

const measure = async (name: string, database: AppDatabase, orgId: number) => {
  const { db, dialect } = database;
  // One untimed pass warms caches and shows result sizes.
  for (const query of queries) {
    const page = await searchArticles(db, dialect, {
      orgId,
      type: 'support',
      q: query.q,
      page: 0,
      size: 10,
      isLiveOnly: true,
      now: Date.now(),
    });
    console.log(`  "${query.q}" (${query.kind}): ${page.totalElements.toLocaleString('en-US')} matches`);
  }

  const latencies = new Map<string, number[]>();
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < searchCount) {
      const query = queries[next % queries.length] as (typeof queries)[number];
      next += 1;
      const begin = performance.now();
      await searchArticles(db, dialect, {
        orgId,
        type: 'support',
        q: query.q,
        page: 0,
        size: 10,
        isLiveOnly: true,
        now: Date.now(),
      });
      const elapsed = performance.now() - begin;
      for (const key of [query.kind, 'all']) {
        const list = latencies.get(key) ?? [];
        list.push(elapsed);
        latencies.set(key, list);
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  console.log(
    `[${name}] ${searchCount} searches, ${concurrency} concurrent: ${Math.round(searchCount / seconds)} searches/s`,
  );
  for (const [kind, values] of latencies) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `  ${kind.padEnd(13)} p50 ${ms(percentile(sorted, 50)).padStart(9)}  p99 ${ms(percentile(sorted, 99)).padStart(9)}`,
    );
  }
  const all = [...(latencies.get('all') ?? [])].sort((a, b) => a - b);
  const p99 = percentile(all, 99);
  console.log(
    `  budget p99 ≤ ${budgetMs} ms at 8 concurrent (SQLite): ${ms(p99)} — ${p99 <= budgetMs ? 'within' : 'OVER'} budget${
      dialect === 'sqlite' ? '' : ' (budget is for SQLite; PostgreSQL shown for comparison)'
    }`,
  );
};

const main = async () => {
  console.log(
    `bench/search on ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
  );
  // SQLITE_FILE keeps the SQLite corpus between runs (built once, then reused): for tuning queries.
  const keptFile = process.env.SQLITE_FILE;
  if (process.env.SKIP_SQLITE !== '1') {
    const dir = mkdtempSync(join(tmpdir(), 'openkefu-bench-search-'));
    const sqlite = openDatabase({ dialect: 'sqlite', file: keptFile || join(dir, 'bench.sqlite') });
    try {
      await run('sqlite', sqlite);
    } finally {
      await sqlite.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (process.env.SKIP_POSTGRES === '1') return;

  const schema = `bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`[postgres] skipped: ${postgresUrl} unreachable (${String(error)})`);
    return;
  }
  await admin.query(`create schema ${schema}`);
  const postgres = openDatabase({
    dialect: 'postgres',
    connectionString: postgresUrl,
    schema,
    maxConnections: concurrency,
  });
  try {
    await run('postgres', postgres);
  } finally {
    await postgres.close();
    // KEEP_SCHEMA=1 leaves the data for EXPLAIN ANALYZE in psql (search_path = the printed schema).
    if (process.env.KEEP_SCHEMA === '1') console.log(`[postgres] kept schema ${schema}`);
    else await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
};

await main();
