import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { AppDatabase, DialectName } from './database.js';
import * as initial from './migrations/0001_initial.js';
import * as people from './migrations/0002_people.js';
import * as chat from './migrations/0003_chat.js';
import * as messageSearch from './migrations/0004_message_search.js';

type DialectMigration = { up: (db: Kysely<unknown>, dialect: DialectName) => Promise<void> };

/**
 * Static list instead of a folder scan, so the same migrations run under tsx, vitest and from
 * dist (STACK gotcha 8). Append new migrations; never rename or edit a released one.
 */
const migrations: Record<string, DialectMigration> = {
  '0001_initial': initial,
  '0002_people': people,
  '0003_chat': chat,
  '0004_message_search': messageSearch,
};

const createProvider = (dialect: DialectName): MigrationProvider => ({
  getMigrations: async () =>
    Object.fromEntries(
      Object.entries(migrations).map(([name, migration]): [string, Migration] => [
        name,
        { up: (db) => migration.up(db, dialect) },
      ]),
    ),
});

/** Brings the schema to the latest migration; throws with the failing migration's error. */
export const migrateToLatest = async ({ db, dialect }: AppDatabase): Promise<string[]> => {
  // Kysely looks for its bookkeeping tables in every schema unless told which one; with several
  // schemas in one database (a test schema per file) it would find another schema's and skip its own.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: createProvider(dialect), migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? '(unknown)'} failed: ${String(error)}`, {
      cause: error,
    });
  }
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
};
