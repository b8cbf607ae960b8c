/**
 * bench/stats: the statistics of online service (issue 17) over a large organisation.
 *  1. Seeds SIZE conversations (default 1,000,000) with about MESSAGES messages each (default 10)
 *     and their thread events straight into the tables, in batches, spread over DAYS days (default 90,
 *     so a 90-day report covers every one of them), 50 agents, 5 skill groups, 4 channels; some
 *     conversations queue, are abandoned, transferred, rated or reopened (a second care cycle).
 *  2. Rebuilds the hourly rollup from the raw events (`rebuildRollups`, what `stats:rebuild` runs).
 *  3. Times the reports through the service (`GET /api/statistic/online` minus HTTP, with the previous
 *     period) over the 90 days: every rollup figure by day, by agent, by weekday × hour, for one skill
 *     group, and the distinct-visitor count alone (the one figure read from raw events), ROUNDS times
 *     each: p50 / p99.
 * On SQLite always; on PostgreSQL too when DATABASE_URL is set (a fresh schema, dropped afterwards).
 * SQLITE_FILE=<path> keeps the SQLite database; a later run with the same file only times the reports.
 * ONLY=postgres skips SQLite.
 * Budget (DESIGN §7): p99 ≤ 200 ms for a 90-day report over 1,000,000 conversations. Prints figures only.
 *   SIZE=50000 npm run bench:stats
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql, type Insertable } from 'kysely';
import pg from 'pg';
import { openDatabase, type AppDatabase, type Executor } from '../../packages/server/src/db/database.js';
import { migrateToLatest } from '../../packages/server/src/db/migrate.js';
import type { Database } from '../../packages/server/src/db/schema.js';
import type { Principal } from '../../packages/server/src/modules/auth/auth.service.js';
import { rebuildRollups } from '../../packages/server/src/modules/statistic/statistic.repository.js';
import { createStatisticService } from '../../packages/server/src/modules/statistic/statistic.service.js';

const size = Number(process.env.SIZE ?? 1_000_000);
const messagesPer = Number(process.env.MESSAGES ?? 10);
const days = Number(process.env.DAYS ?? 90);
const rounds = Number(process.env.ROUNDS ?? 30);
const agentCount = 50;
const groupCount = 5;
const channels = ['web', 'wap', 'wechat', 'app'];
const minute = 60_000;
const day = 24 * 60 * minute;
// The range ends on a UTC midnight so the report's 90 local days hold the data.
const rangeEnd = Date.UTC(2025, 5, 30);
const rangeStart = rangeEnd - days * day;

// mulberry32: small, deterministic and uniform (an LCG in doubles loses precision and cycles early).
let seed = 17;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const between = (low: number, high: number) => low + Math.floor(random() * (high - low));

const dateKey = (at: number) => new Date(at).toISOString().slice(0, 10);

type Ids = { orgId: number; agents: number[]; groups: number[]; adminId: number };

const seedBase = async (db: Executor): Promise<Ids> => {
  const now = Date.now();
  const org = await db
    .insertInto('organization')
    .values({ oid: 'bench-org', name: 'Bench', sub_domain: 'bench', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const orgId = Number(org.id);
  const agents: number[] = [];
  for (let index = 0; index <= agentCount; index += 1) {
    const row = await db
      .insertInto('user')
      .values({
        uid: `bench-agent-${index}`,
        org_id: orgId,
        username: `bench-agent-${index}`,
        password_hash: 'x',
        nickname: `Agent ${index}`,
        email: null,
        mobile: null,
        validate_until_date: null,
        robot_type: null,
        last_login_at: null,
        last_login_client: null,
        language: null,
        deleted_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    agents.push(Number(row.id));
  }
  const adminId = agents.shift() ?? 0;
  const groups: number[] = [];
  for (let index = 0; index < groupCount; index += 1) {
    const row = await db
      .insertInto('workgroup')
      .values({
        wid: `bench-group-${index}`,
        org_id: orgId,
        nickname: `Group ${index}`,
        work_times:
          index === 0
            ? JSON.stringify({
                timezone: 'Asia/Shanghai',
                entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
              })
            : '',
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    groups.push(Number(row.id));
  }
  return { orgId, agents, groups, adminId };
};

type EventRow = {
  org_id: number;
  thread_id: number;
  cycle: number;
  kind: string;
  agent_id: number | null;
  workgroup_id: number | null;
  data: string;
  at: number;
};

type MessageRow = {
  mid: string;
  org_id: number;
  thread_id: number;
  seq: number;
  type: string;
  status: string;
  client: string;
  sender_kind: string;
  sender_user_id: number | null;
  sender_visitor_id: number | null;
  created_at: number;
};

const insertChunks = async <T>(rows: T[], chunk: number, insert: (part: T[]) => Promise<unknown>) => {
  for (let start = 0; start < rows.length; start += chunk) await insert(rows.slice(start, start + chunk));
};

/** Seeds the conversations in batches (a transaction each); ids are assigned here, so no read-back. */
const seedConversations = async (db: Executor, ids: Ids) => {
  const batch = 5_000;
  const visitorCount = Math.max(1, Math.floor(size * 0.6));
  const now = Date.now();
  await db.transaction().execute(async (trx) => {
    const rows = Array.from({ length: visitorCount }, (_, index) => ({
      id: index + 1,
      vid: `bench-v-${index}`,
      org_id: ids.orgId,
      token_hash: `bench-t-${index}`,
      nickname: `Visitor ${index}`,
      first_visit_at: now,
      last_visit_at: now,
    }));
    await insertChunks(rows, 2_000, (part) => trx.insertInto('visitor').values(part).execute());
  });
  let messageId = 0;
  for (let first = 0; first < size; first += batch) {
    const threads: Insertable<Database['thread']>[] = [];
    const events: EventRow[] = [];
    const messages: MessageRow[] = [];
    for (let index = first; index < Math.min(size, first + batch); index += 1) {
      const threadId = index + 1;
      const createdAt = rangeStart + Math.floor(random() * (days * day - 2 * 60 * minute));
      const workgroupId = ids.groups[index % groupCount] ?? null;
      const client = channels[between(0, channels.length)] ?? 'web';
      const base = { org_id: ids.orgId, thread_id: threadId, workgroup_id: workgroupId, data: '{}' };
      const cycles = random() < 0.05 ? 2 : 1;
      let agentId: number | null = null;
      let seq = 0;
      let lastAt = createdAt;
      for (let cycle = 1; cycle <= cycles; cycle += 1) {
        const start = cycle === 1 ? createdAt : lastAt + between(10, 600) * minute;
        events.push({
          ...base,
          cycle,
          kind: cycle === 1 ? 'created' : 'reopened',
          agent_id: null,
          at: start,
        });
        const queued = random() < 0.6;
        if (queued) events.push({ ...base, cycle, kind: 'queued', agent_id: null, at: start });
        if (queued && random() < 0.08) {
          const closedAt = start + between(10, 600) * 1000;
          events.push({
            ...base,
            cycle,
            kind: 'closed',
            agent_id: null,
            data: '{"closeType":"visitor","by":null}',
            at: closedAt,
          });
          lastAt = closedAt;
          continue;
        }
        agentId = ids.agents[between(0, ids.agents.length)] ?? null;
        const assignedAt = start + (queued ? between(1, 900) * 1000 : 500);
        events.push({ ...base, cycle, kind: 'assigned', agent_id: agentId, at: assignedAt });
        const answeredAt = assignedAt + between(3, 400) * 1000;
        events.push({ ...base, cycle, kind: 'first_response', agent_id: agentId, at: answeredAt });
        const closedAt = answeredAt + between(2, 40) * minute;
        const per = Math.max(0, messagesPer + between(-2, 3));
        for (let m = 0; m < per; m += 1) {
          seq += 1;
          messageId += 1;
          const isVisitor = m % 2 === 0;
          messages.push({
            mid: `bench-m-${messageId}`,
            org_id: ids.orgId,
            thread_id: threadId,
            seq,
            type: 'text',
            status: 'stored',
            client,
            sender_kind: isVisitor ? 'visitor' : 'agent',
            sender_user_id: isVisitor ? null : agentId,
            sender_visitor_id: isVisitor ? (index % visitorCount) + 1 : null,
            created_at: start + Math.floor(((closedAt - start) * (m + 1)) / (per + 1)),
          });
        }
        if (random() < 0.05) {
          agentId = ids.agents[between(0, ids.agents.length)] ?? null;
          events.push({
            ...base,
            cycle,
            kind: 'transferred',
            agent_id: agentId,
            data: '{"from":"x"}',
            at: answeredAt + minute,
          });
        }
        const closeType = random() < 0.7 ? 'agent' : random() < 0.5 ? 'visitor' : 'timeout';
        events.push({
          ...base,
          cycle,
          kind: 'closed',
          agent_id: agentId,
          data: JSON.stringify({ closeType, by: null }),
          at: closedAt,
        });
        if (random() < 0.3)
          events.push({
            ...base,
            cycle,
            kind: 'rated',
            agent_id: agentId,
            data: JSON.stringify({ score: between(1, 6) }),
            at: closedAt + 1000,
          });
        lastAt = closedAt;
      }
      threads.push({
        id: threadId,
        tid: `bench-t-${index}`,
        org_id: ids.orgId,
        type: 'workgroup',
        status: 'closed',
        workgroup_id: workgroupId,
        agent_id: agentId,
        visitor_id: (index % visitorCount) + 1,
        client,
        seq,
        cycle: cycles,
        close_type: 'agent',
        created_at: createdAt,
        updated_at: lastAt,
        closed_at: lastAt,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertChunks(threads, 1_000, (part) => trx.insertInto('thread').values(part).execute());
      await insertChunks(events, 2_000, (part) => trx.insertInto('thread_event').values(part).execute());
      await insertChunks(messages, 2_000, (part) => trx.insertInto('message').values(part).execute());
    });
    if ((first / batch) % 20 === 0)
      process.stdout.write(`\r  seeded ${Math.min(size, first + batch)} conversations`);
  }
  process.stdout.write('\n');
};

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
};

const run = async (name: string, database: AppDatabase) => {
  console.log(`\n${name}`);
  seed = 17;
  await migrateToLatest(database);
  const { db } = database;
  const reused = await db
    .selectFrom('organization')
    .select('id')
    .where('oid', '=', 'bench-org')
    .executeTakeFirst();
  if (reused) {
    // SQLITE_FILE kept from an earlier run: only the reports are timed again.
    const admin = await db
      .selectFrom('user')
      .select('id')
      .where('uid', '=', 'bench-agent-0')
      .executeTakeFirstOrThrow();
    await timeReports(database, {
      orgId: Number(reused.id),
      adminId: Number(admin.id),
      agents: [],
      groups: [],
    });
    return;
  }
  const ids = await seedBase(db);
  let started = performance.now();
  await seedConversations(db, ids);
  const seedSeconds = (performance.now() - started) / 1000;
  const events = Number(
    (
      await db
        .selectFrom('thread_event')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const messages = Number(
    (
      await db
        .selectFrom('message')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `  seed: ${size} conversations, ${events} events, ${messages} messages in ${seedSeconds.toFixed(1)} s`,
  );

  started = performance.now();
  const rebuilt = await rebuildRollups(db, { threadsPerSlice: 5_000 });
  console.log(
    `  rollup rebuild: ${rebuilt.rows} rows written from ${rebuilt.events} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await sql`analyze`.execute(db);
  await timeReports(database, ids);
};

const timeReports = async (database: AppDatabase, ids: Ids) => {
  const { db } = database;
  const service = createStatisticService({ db });
  const principal = { orgId: ids.orgId, userId: ids.adminId, roles: ['ROLE_ADMIN'] } as unknown as Principal;
  const from = dateKey(rangeStart);
  const to = dateKey(rangeEnd - day);
  const base = { from, to, tz: 'Asia/Shanghai', compare: true } as const;
  const cases: [string, Parameters<typeof service.online>[1]][] = [
    ['90 days by day', { ...base, groupBy: 'day' }],
    ['90 days by agent', { ...base, groupBy: 'agent' }],
    ['90 days by weekday × hour', { ...base, groupBy: 'weekdayHour' }],
    ['90 days, one skill group, by day', { ...base, groupBy: 'day', wid: 'bench-group-1' }],
    ['90 days by day, distinct visitors', { ...base, groupBy: 'day', metrics: ['visitors'] }],
  ];
  for (const [label, query] of cases) {
    const sample = await service.online(principal, query, 'en-US');
    const times: number[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const t = performance.now();
      await service.online(principal, query, 'en-US');
      times.push(performance.now() - t);
    }
    console.log(
      `  ${label.padEnd(36)} p50 ${percentile(times, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(times, 0.99).toFixed(1).padStart(7)} ms` +
        `   (${sample.series.length} points, conversationsNew ${sample.totals.conversationsNew ?? '-'}, visitors ${sample.totals.visitors ?? '-'})`,
    );
  }
};

console.log(
  `bench/stats — ${size} conversations × ~${messagesPer} messages over ${days} days; ${rounds} rounds per report\n` +
    `machine: ${cpus()[0]?.model ?? 'cpu'} × ${cpus().length}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Node ${process.version}`,
);

if (process.env.ONLY === 'postgres') console.log('\nSQLite: skipped (ONLY=postgres)');
else {
  const dir = mkdtempSync(join(tmpdir(), 'openkefu-bench-stats-'));
  try {
    const sqlite = openDatabase({
      dialect: 'sqlite',
      file: process.env.SQLITE_FILE ?? join(dir, 'stats.sqlite'),
    });
    try {
      await run('SQLite', sqlite);
    } finally {
      await sqlite.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  const schema = `bench_stats_${Date.now()}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    const postgres = openDatabase({
      dialect: 'postgres',
      connectionString: databaseUrl,
      schema,
      maxConnections: 4,
    });
    try {
      await run('PostgreSQL', postgres);
    } finally {
      await postgres.close();
    }
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
} else console.log('\nPostgreSQL: skipped (set DATABASE_URL to run it)');
