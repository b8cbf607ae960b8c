import {
  CompiledQuery,
  type Kysely,
  SelectQueryNode,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../http/types.js';
import { countBounded, countPage } from '../modules/records/records.repository.js';
import {
  createRecordsOrg,
  insertMessage,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  type RecordsOrg,
} from '../modules/records/records.fixture.js';
import { bearer, createCapturingDelivery, createTestConfig, type TestContext } from '../test/app.js';
import { describeEachDatabase, type TestDatabase } from '../test/databases.js';
import type { AppDatabase } from './database.js';
import type { Database } from './schema.js';
import { migrateToLatest } from './migrate.js';
import { seedDatabase } from './seed.js';

/*
 * Issue 18: every list query uses an index. The console's list routes (every GET taking `page`)
 * run once each against a small seeded organisation; every SELECT they compile is captured and
 * EXPLAINed on the same database. A tenant table (one with org_id) read by a full scan fails:
 * on SQLite a `SCAN <table>` step, on PostgreSQL a `Seq Scan on <table>` left after
 * `enable_seqscan = off` (without it the planner prefers a seq scan on any small table, which
 * would hide a missing index). Plans do not depend on the data size here: SQLite has no
 * statistics without ANALYZE, and PostgreSQL's seq scans are priced out.
 */

type Captured = { sql: string; parameters: readonly unknown[] };

/** Compiles each SELECT as it is sent, so the test sees exactly what the repositories ran. */
const createCapture = (
  compile: (node: RootOperationNode, queryId: PluginTransformQueryArgs['queryId']) => CompiledQuery,
) => {
  const queries: Captured[] = [];
  const plugin: KyselyPlugin = {
    transformQuery: ({ node, queryId }: PluginTransformQueryArgs): RootOperationNode => {
      if (SelectQueryNode.is(node)) {
        const compiled = compile(node, queryId);
        // prepareQuery (prepared.ts) compiles its fixed shape once with stand-in objects for the
        // values, and later runs skip the plugins: plan that one compile with nulls in their place.
        const parameters = compiled.parameters.map((value) =>
          typeof value === 'object' && value !== null && !(value instanceof Uint8Array) ? null : value,
        );
        queries.push({ sql: compiled.sql, parameters });
      }
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> =>
      result,
  };
  return { plugin, queries };
};

type OpenApi = { paths: Record<string, { get?: { parameters?: Parameter[] } }> };
type Parameter = { name: string; in: string; required?: boolean; schema?: Schema };
type Schema = { type?: string; enum?: unknown[]; anyOf?: Schema[]; pattern?: string };

await describeEachDatabase('list queries use an index', (target) => {
  const ctx = {} as TestContext;
  let capture: ReturnType<typeof createCapture>;
  let org: RecordsOrg;
  /** Query values naming this organisation's rows, so that filters by id reach their queries. */
  const samples: Record<string, string> = {};

  beforeAll(async () => {
    const database: TestDatabase = await target.open();
    await migrateToLatest(database);
    const config = createTestConfig();
    await seedDatabase(database, config);
    capture = createCapture((node, queryId) => database.db.getExecutor().compileQuery(node, queryId));
    const captured: AppDatabase = { ...database, db: database.db.withPlugin(capture.plugin) };
    const delivery = createCapturingDelivery();
    const app: App = await buildApp({
      config,
      database: captured,
      logger: false,
      delivery: delivery.delivery,
      sweepIntervalMs: 0,
    });
    await app.ready();
    Object.assign(ctx, { app, database, config, sent: delivery.sent, lastCodeFor: delivery.lastCodeFor });
    org = await createRecordsOrg(ctx);
    const group = await insertWorkgroup(ctx, org.orgId, { nickname: 'Sales' });
    const visitor = await insertVisitor(ctx, org.orgId, { nickname: 'Alice' });
    const thread = await insertThread(ctx, {
      orgId: org.orgId,
      visitorId: visitor.id,
      workgroupId: group.id,
      agentId: org.agent.userId,
    });
    await insertMessage(ctx, {
      orgId: org.orgId,
      threadId: thread.id,
      content: 'hello there',
      sender: { kind: 'visitor', visitorId: visitor.id },
    });
    Object.assign(samples, {
      wid: group.wid,
      uid: org.agent.uid,
      tid: thread.tid,
      vid: visitor.vid,
      visitor: 'Alice',
      subDomain: org.admin.subDomain,
      keyword: 'hello',
      q: 'hello',
      owner: org.agent.uid,
    });
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.dispose();
  });

  /**
   * Tables holding an organisation's rows: those with org_id, and those hanging off one of them
   * by a foreign key (thread_member, thread_tag…), which grow with the tenant's data just the same.
   */
  const listTenantTables = async (): Promise<Set<string>> => {
    const { db, dialect } = ctx.database;
    const withOrg =
      dialect === 'sqlite'
        ? sql<{ name: string; parent: string | null }>`
            select m.name as name, null as parent from sqlite_master m, pragma_table_info(m.name) c
            where m.type = 'table' and c.name = 'org_id'
            union all
            select m.name as name, f."table" as parent from sqlite_master m, pragma_foreign_key_list(m.name) f
            where m.type = 'table'`
        : sql<{ name: string; parent: string | null }>`
            select table_name as name, null as parent from information_schema.columns
            where table_schema = current_schema() and column_name = 'org_id'
            union all
            select child.relname as name, parent.relname as parent from pg_constraint k
            join pg_class child on child.oid = k.conrelid join pg_class parent on parent.oid = k.confrelid
            where k.contype = 'f' and child.relnamespace = (select oid from pg_namespace where nspname = current_schema())`;
    const rows = (await withOrg.execute(db)).rows;
    const tenant = new Set(rows.filter((row) => row.parent === null).map((row) => row.name));
    // Tables every organisation shares (roles, menus, the platform's own notices, synonyms…) are not
    // tenant data even when they point at it (a notice's author is a user).
    const children = rows.filter(
      (row) =>
        row.parent !== null &&
        tenant.has(row.parent) &&
        row.name !== 'organization' &&
        !row.name.startsWith('platform_'),
    );
    for (const row of children) tenant.add(row.name);
    return tenant;
  };

  /** `"table" as "alias"` of the FROM and JOIN clauses: SQLite's plan names a table by its alias. */
  const tableAliases = (text: string): Map<string, string> =>
    new Map([...text.matchAll(/(?:from|join) "(\w+)" as "(\w+)"/g)].map((m) => [m[2] ?? '', m[1] ?? '']));

  /** One query's plan, a line per step: `EXPLAIN QUERY PLAN` on SQLite, `EXPLAIN (COSTS OFF)` on PostgreSQL. */
  const planOf = async (executor: Kysely<Database>, query: Captured): Promise<string[]> => {
    if (ctx.database.dialect === 'sqlite') {
      const { rows } = await executor.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
      );
      return rows.map((row) => row.detail);
    }
    const { rows } = await executor.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`explain (costs off) ${query.sql}`, [...query.parameters]),
    );
    return rows.map((row) => row['QUERY PLAN']);
  };

  /**
   * Full scans of tenant tables in one query's plan. SQLite: `SCAN t`, or `SCAN t USING [COVERING]
   * INDEX i` (a whole index read end to end; without ANALYZE its plans are fixed heuristics, so
   * this is what production runs); an FTS5 table searched by MATCH is not a scan. PostgreSQL:
   * `Seq Scan on t` (its choice between index scans depends on statistics of tiny tables here).
   */
  const findFullScans = async (
    executor: Kysely<Database>,
    query: Captured,
    tenantTables: Set<string>,
  ): Promise<{ scans: string[]; plan: string }> => {
    const aliases = tableAliases(query.sql);
    const isTenant = (name: string) => tenantTables.has(aliases.get(name) ?? name);
    const lines = await planOf(executor, query);
    const scans =
      ctx.database.dialect === 'sqlite'
        ? lines.filter(
            (line) =>
              isTenant(/^SCAN (\w+)/.exec(line)?.[1] ?? '') && !/VIRTUAL TABLE INDEX \d+:M/.test(line),
          )
        : lines.filter((line) => {
            const seq = /Seq Scan on (\w+)(?: (\w+))?/.exec(line);
            return seq !== null && (isTenant(seq[1] ?? '') || isTenant(seq[2] ?? ''));
          });
    return { scans, plan: lines.join('\n') };
  };

  /** Runs `explain` on one connection; on PostgreSQL with seq scans priced out for that session only. */
  const withPlanner = async <T>(explain: (executor: Kysely<Database>) => Promise<T>): Promise<T> => {
    const { db, dialect } = ctx.database;
    if (dialect === 'sqlite') return explain(db);
    return db.connection().execute(async (connection) => {
      await sql`set enable_seqscan = off`.execute(connection);
      try {
        return await explain(connection);
      } finally {
        await sql`reset enable_seqscan`.execute(connection);
      }
    });
  };

  /**
   * Values the route accepts for a query parameter: every value of an enum, this organisation's
   * own ids where it takes one, something plausible otherwise.
   */
  const sampleValues = (parameter: Parameter): string[] => {
    const known = samples[parameter.name];
    if (known !== undefined) return [known];
    const schema = parameter.schema?.anyOf?.[0] ?? parameter.schema ?? {};
    if (schema.enum?.length) return schema.enum.map(String);
    if (schema.pattern?.includes('\\d{4}-')) return ['2025-01-01'];
    if (schema.type === 'integer' || schema.type === 'number') return ['1'];
    if (schema.type === 'boolean') return ['true'];
    return ['x'];
  };

  it('answers every list route of the console, with each of its filters, without a full scan of a tenant table', async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = docs.json<OpenApi>().paths;
    const tenantTables = await listTenantTables();
    const failures: string[] = [];
    const answered: string[] = [];
    const platformRoutes: string[] = [];
    const toExplain = new Map<string, { url: string; query: Captured }>();
    for (const [route, item] of Object.entries(paths)) {
      const parameters = (item.get?.parameters ?? []).filter((p) => p.in === 'query');
      if (!parameters.some((p) => p.name === 'page')) continue;
      const required = Object.fromEntries(
        parameters.filter((p) => p.required).map((p) => [p.name, sampleValues(p)[0] ?? 'x']),
      );
      const optional = parameters.filter((p) => !p.required && !['page', 'size', 'client'].includes(p.name));
      // The bare list, each filter alone with each of its values (each may pick another index).
      const variants: Record<string, string>[] = [
        {},
        ...optional.flatMap((p) => sampleValues(p).map((value) => ({ [p.name]: value }))),
      ];
      // Page 0 as the console asks; page 1 of size 1 too, whose count always runs (a page that is not
      // full skips it, and this organisation's lists are short).
      const pagings = [
        { page: '0', size: '20' },
        { page: '1', size: '1' },
      ];
      for (const variant of variants.flatMap((filters) =>
        pagings.map((paging) => ({ ...paging, ...filters })),
      )) {
        const url = `${route}?${new URLSearchParams({ ...required, ...variant }).toString()}`;
        capture.queries.length = 0;
        const response = await ctx.app.inject({ method: 'GET', url, headers: bearer(org.admin.token) });
        // Platform staff's lists span every organisation by design (no tenant to lead an index with).
        if (response.statusCode === 403) {
          platformRoutes.push(route);
          break;
        }
        if (response.statusCode === 200) answered.push(url);
        // Authentication and look-ups repeat across calls: one EXPLAIN per distinct statement.
        for (const query of capture.queries) {
          const key = `${query.sql}\n${JSON.stringify(query.parameters)}`;
          if (!toExplain.has(key)) toExplain.set(key, { url, query });
        }
      }
    }
    await withPlanner(async (executor) => {
      for (const { url, query } of toExplain.values()) {
        const { scans, plan } = await findFullScans(executor, query, tenantTables);
        if (scans.length > 0)
          failures.push(
            `GET ${url} scans ${scans.join(', ')}\n  ${query.sql}\n  ${plan.replaceAll('\n', '\n  ')}`,
          );
      }
    });
    const explained = toExplain.size;
    expect(failures, failures.join('\n\n')).toEqual([]);
    // The test must have reached the lists it guards, not a wall of 400s.
    for (const route of [
      '/api/thread/query',
      '/api/message/query',
      '/api/leavemsg/query',
      '/api/ticket/query',
      '/api/customer/query',
    ])
      expect(answered.filter((url) => url.startsWith(`${route}?`)).length, route).toBeGreaterThan(2);
    expect(answered.length).toBeGreaterThan(150);
    expect(explained).toBeGreaterThan(500);
    expect(platformRoutes.sort()).toEqual([
      '/api/platform/billing/bill/query',
      '/api/platform/billing/invoice/query',
      '/api/platform/billing/ledger/query',
      '/api/platform/billing/recharge/query',
      '/api/platform/marketing/announcement/query',
      '/api/platform/marketing/promotion/query',
      '/api/platform/notice/query',
      '/api/platform/online/agents',
      '/api/platform/online/summary',
      '/api/platform/online/visitors',
      '/api/platform/synonym/query',
      '/api/taboo/platform/query',
      '/api/user/all/admin',
      '/api/user/balance/log',
      '/api/user/filter/admin',
      '/api/v1/menu/filter',
      '/api/v1/menu/query',
      '/api/workgroup/query/force',
    ]);
  });

  it("reads a visitor's latest conversations by the visitor, not by walking the organisation", async () => {
    capture.queries.length = 0;
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/thread/visitor?vid=${samples.vid}`,
      headers: bearer(org.admin.token),
    });
    expect(response.statusCode).toBe(200);
    const listing = capture.queries.find((query) => /order by "thread"."updated_at" desc/.test(query.sql));
    expect(listing).toBeDefined();
    const plan = (await withPlanner((executor) => planOf(executor, listing as Captured))).join('\n');
    // The (org_id, visitor_id, updated_at) index gives the visitor's rows in order: no sort of them all.
    expect(plan).toContain('thread_org_visitor_updated_idx');
    if (ctx.database.dialect === 'sqlite') expect(plan).not.toContain('TEMP B-TREE');
  });

  it('counts a growing list up to its cap or the page asked for, and says when the total is a lower bound', async () => {
    const { db } = ctx.database;
    const visitor = await insertVisitor(ctx, org.orgId);
    for (let index = 0; index < 4; index += 1)
      await insertThread(ctx, { orgId: org.orgId, visitorId: visitor.id });
    const threads = () => db.selectFrom('thread').select('thread.id').where('thread.org_id', '=', org.orgId);
    // Five threads, a cap of 3: the count stops at 4 (more than the cap) and says so.
    expect(await countBounded(db, threads(), { page: 0, size: 2 }, 3)).toEqual({
      total: 4,
      isTotalCapped: true,
    });
    // A page deeper than the cap counts to its end (8 + 1): all five, exact.
    expect(await countBounded(db, threads(), { page: 3, size: 2 }, 3)).toEqual({
      total: 5,
      isTotalCapped: false,
    });
    expect(await countBounded(db, threads(), { page: 0, size: 20 })).toEqual({
      total: 5,
      isTotalCapped: false,
    });
    // A page that is not full is the last one: its total needs no count (a wrong `found` shows it).
    expect(await countPage(db, threads(), { page: 1, size: 20 }, 3)).toEqual({
      total: 23,
      isTotalCapped: false,
    });
    // A full page, or an empty one past the first, is counted.
    expect(await countPage(db, threads(), { page: 0, size: 2 }, 2, 3)).toEqual({
      total: 4,
      isTotalCapped: true,
    });
    expect(await countPage(db, threads(), { page: 7, size: 2 }, 0)).toEqual({
      total: 5,
      isTotalCapped: false,
    });
  });
});
