import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, inject, it } from 'vitest';
import { openDatabase, type AppDatabase, type DialectName } from '../db/database.js';
import { createPublicId } from '../lib/ids.js';

/** REQUIRE_SERVICES=1 (CI): an unreachable PostgreSQL or Redis fails the run instead of skipping. */
export const isServiceRequired = process.env.REQUIRE_SERVICES === '1';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * TEST_DATABASES=sqlite: PostgreSQL suites are skipped even under REQUIRE_SERVICES=1. CI's Node 24
 * run uses it; the dialect coverage is the main (Node 20) run's, on both databases.
 */
export const isSqliteOnly = process.env.TEST_DATABASES === 'sqlite';

/** Migrated and seeded databases made once per run by test/global-setup.ts. */
export type DatabaseTemplates = {
  /** A closed SQLite file to copy. */
  sqlite: string;
  /** A pg_dump of one schema, to replay under another name; absent without PostgreSQL or pg_dump. */
  postgres: { file: string; schema: string } | undefined;
};

declare module 'vitest' {
  // Augmenting vitest's interface needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

export type TestDatabase = AppDatabase & {
  /** Closes the connection and removes what the test created (temp file or schema). */
  dispose: () => Promise<void>;
  /** Another connection to the same data, as a second server node would have (closed by its caller). */
  openAnother: () => AppDatabase;
};

export type DatabaseTarget = {
  name: DialectName;
  isAvailable: boolean;
  reason: string;
  open: () => Promise<TestDatabase>;
  /**
   * A database already migrated and seeded with the default test config (the bootstrap admin), made
   * from the run's template; undefined when there is none (then open, migrate and seed).
   */
  openSeeded?: () => Promise<TestDatabase>;
};

const openSqlite = async (template?: string): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'openkefu-test-'));
  // A real file, not :memory:, so WAL mode and the on-disk path are what the tests exercise.
  const file = join(dir, 'test.sqlite');
  if (template) copyFileSync(template, file);
  const database = openDatabase({ dialect: 'sqlite', file });
  return {
    ...database,
    openAnother: () => openDatabase({ dialect: 'sqlite', file }),
    dispose: async () => {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

const withAdminClient = async <T>(run: (client: pg.Client) => Promise<T>): Promise<T> => {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
};

/** A fresh schema per test file, selected through search_path, dropped afterwards. */
const openPostgres = async (template?: { file: string; schema: string }): Promise<TestDatabase> => {
  const schema = `t_${createPublicId(16)}`;
  // The template's dump creates its schema and everything in it: one statement string, one round trip.
  const script = template
    ? readFileSync(template.file, 'utf8').replaceAll(template.schema, schema)
    : `create schema ${schema}`;
  await withAdminClient((client) => client.query(script));
  const open = () =>
    openDatabase({ dialect: 'postgres', connectionString: testDatabaseUrl, schema, maxConnections: 4 });
  const database = open();
  return {
    ...database,
    openAnother: open,
    dispose: async () => {
      await database.close();
      await withAdminClient((client) => client.query(`drop schema if exists ${schema} cascade`));
    },
  };
};

let postgresProbe: Promise<{ isAvailable: boolean; reason: string }> | undefined;

const probePostgres = () =>
  (postgresProbe ??= withAdminClient((client) => client.query('select 1')).then(
    () => ({ isAvailable: true, reason: '' }),
    (error: unknown) => ({
      isAvailable: false,
      reason: `PostgreSQL unreachable at ${testDatabaseUrl}: ${String(error)}`,
    }),
  ));

/** For suites that test something database-independent and need just one database. */
/** The run's templates (test/global-setup.ts), when this project has that setup. */
const templates = (): DatabaseTemplates | undefined => {
  try {
    return inject('databaseTemplates');
  } catch {
    return undefined;
  }
};

const sqliteTemplate = templates()?.sqlite;
const postgresTemplate = templates()?.postgres;

export const sqliteTarget: DatabaseTarget = {
  name: 'sqlite',
  isAvailable: true,
  reason: '',
  open: () => openSqlite(),
  openSeeded: sqliteTemplate ? () => openSqlite(sqliteTemplate) : undefined,
};

/** SQLite always; PostgreSQL when reachable at TEST_DATABASE_URL. */
export const listDatabaseTargets = async (): Promise<DatabaseTarget[]> => {
  const postgres = isSqliteOnly
    ? { isAvailable: false, reason: 'TEST_DATABASES=sqlite' }
    : await probePostgres();
  return [
    sqliteTarget,
    {
      name: 'postgres',
      ...postgres,
      open: () => openPostgres(),
      openSeeded: postgresTemplate ? () => openPostgres(postgresTemplate) : undefined,
    },
  ];
};

/**
 * Runs a suite once per database. An unreachable PostgreSQL is a skipped suite, or a failing
 * test under REQUIRE_SERVICES=1.
 */
export const describeEachDatabase = async (
  title: string,
  suite: (target: DatabaseTarget) => void,
): Promise<void> => {
  for (const target of await listDatabaseTargets()) {
    const name = `${title} [${target.name}]`;
    if (target.isAvailable) describe(name, () => suite(target));
    else if (isServiceRequired && !isSqliteOnly) {
      describe(name, () => {
        it('has its database reachable (REQUIRE_SERVICES=1)', () => {
          throw new Error(target.reason);
        });
      });
    } else describe.skip(`${name} — ${target.reason}`, () => suite(target));
  }
};
