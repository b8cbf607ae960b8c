import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../db/seed.js';
import { createPublicId } from '../lib/ids.js';
import { createTestConfig } from './app.js';
import { isSqliteOnly, testDatabaseUrl, type DatabaseTemplates } from './databases.js';

/*
 * Migrating and seeding a database costs about 0.3 s on SQLite and 1.5–2 s on PostgreSQL (26+
 * migrations, an argon2 hash), and every suite wants a fresh one. So it is done once per run: a
 * SQLite file each suite copies, and a PostgreSQL schema dumped to SQL that each suite replays into
 * its own schema in one round trip. Suites that need other seed settings still migrate and seed
 * themselves (test/app.ts).
 */

const prepareSqlite = async (dir: string): Promise<string> => {
  const file = join(dir, 'template.sqlite');
  const database = openDatabase({ dialect: 'sqlite', file });
  await migrateToLatest(database);
  await seedDatabase(database, createTestConfig());
  await database.close();
  return file;
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

/** The seeded schema as SQL naming it `schema`, or undefined when PostgreSQL or pg_dump is missing. */
const preparePostgres = async (dir: string): Promise<DatabaseTemplates['postgres']> => {
  const schema = `tpl_${createPublicId(16).toLowerCase()}`;
  try {
    await withAdminClient((client) => client.query(`create schema ${schema}`));
  } catch {
    return undefined; // Unreachable: the suites report it themselves.
  }
  try {
    const database = openDatabase({ dialect: 'postgres', connectionString: testDatabaseUrl, schema });
    await migrateToLatest(database);
    await seedDatabase(database, createTestConfig());
    await database.close();
    const dump = spawnSync(
      'pg_dump',
      ['--dbname', testDatabaseUrl, '--schema', schema, '--no-owner', '--no-privileges', '--inserts'],
      { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
    );
    if (dump.status !== 0 || !dump.stdout.includes(`CREATE SCHEMA ${schema};`)) return undefined;
    const file = join(dir, 'template.postgres.sql');
    // psql meta-commands (recent pg_dump brackets its output with \restrict … \unrestrict) are not SQL.
    writeFileSync(file, dump.stdout.replace(/^\\.*$/gm, ''));
    return { file, schema };
  } finally {
    await withAdminClient((client) => client.query(`drop schema if exists ${schema} cascade`));
  }
};

export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'openkefu-templates-'));
  const templates: DatabaseTemplates = {
    sqlite: await prepareSqlite(dir),
    postgres: isSqliteOnly ? undefined : await preparePostgres(dir),
  };
  project.provide('databaseTemplates', templates);
  return () => rmSync(dir, { recursive: true, force: true });
}
