import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, it } from 'vitest';
import { openDatabase, type AppDatabase, type DialectName } from '../db/database.js';
import { createPublicId } from '../lib/ids.js';

/** REQUIRE_SERVICES=1 (CI): an unreachable PostgreSQL or Redis fails the run instead of skipping. */
export const isServiceRequired = process.env.REQUIRE_SERVICES === '1';

export const testDatabaseUrl = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/**
 * TEST_DATABASES=sqlite: PostgreSQL suites are skipped even under REQUIRE_SERVICES=1. CI's Node 24
 * run uses it; the dialect coverage is the main (Node 20) run's, on both databases.
 */
const isSqliteOnly = process.env.TEST_DATABASES === 'sqlite';

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
};

const openSqlite = async (): Promise<TestDatabase> => {
  const dir = mkdtempSync(join(tmpdir(), 'openkefu-test-'));
  // A real file, not :memory:, so WAL mode and the on-disk path are what the tests exercise.
  const file = join(dir, 'test.sqlite');
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
const openPostgres = async (): Promise<TestDatabase> => {
  const schema = `t_${createPublicId(16)}`;
  await withAdminClient((client) => client.query(`create schema ${schema}`));
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
export const sqliteTarget: DatabaseTarget = {
  name: 'sqlite',
  isAvailable: true,
  reason: '',
  open: openSqlite,
};

/** SQLite always; PostgreSQL when reachable at TEST_DATABASE_URL. */
export const listDatabaseTargets = async (): Promise<DatabaseTarget[]> => {
  const postgres = isSqliteOnly
    ? { isAvailable: false, reason: 'TEST_DATABASES=sqlite' }
    : await probePostgres();
  return [sqliteTarget, { name: 'postgres', ...postgres, open: openPostgres }];
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
