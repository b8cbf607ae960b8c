import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Kysely, SqliteDialect, sql } from 'kysely';
import type { Config } from '../config.js';
import { CurrentSchemaPostgresDialect } from './current-schema-introspector.js';
import { openSqliteConnection, type SqliteConnection, type SqliteStatement } from './sqlite-connection.js';
import type { Database } from './schema.js';

/**
 * node-postgres loads with the first PostgreSQL connection, not at start-up (issue 18: a SQLite
 * server never needs it). int8 (counts, epoch-millisecond timestamps) would otherwise come back as
 * strings: the parser is set before any pool exists.
 */
let pgModule: Promise<typeof import('pg').default> | undefined;
const loadPg = (): Promise<typeof import('pg').default> => {
  pgModule ??= import('pg').then(
    ({ default: pg }) => {
      pg.types.setTypeParser(20, Number);
      return pg;
    },
    (error: unknown) => {
      pgModule = undefined;
      throw error;
    },
  );
  return pgModule;
};

export type DialectName = 'sqlite' | 'postgres';

/** A Kysely handle or a transaction: repositories take either as their first argument. */
export type Executor = Kysely<Database>;

export type DatabaseSpec =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; connectionString: string; schema?: string; maxConnections?: number };

export type AppDatabase = {
  db: Kysely<Database>;
  dialect: DialectName;
  close: () => Promise<void>;
};

export const describeDatabase = (spec: DatabaseSpec): string =>
  spec.dialect === 'sqlite'
    ? `SQLite ${spec.file}`
    : `PostgreSQL ${spec.connectionString.replace(/\/\/[^@/]*@/, '//***@')}`;

export const databaseSpecFromConfig = (config: Config): DatabaseSpec =>
  config.databaseUrl === ''
    ? { dialect: 'sqlite', file: join(config.dataDir, 'openkefu.sqlite') }
    : { dialect: 'postgres', connectionString: config.databaseUrl };

/**
 * Kysely's SQLite driver prepares every query anew, and preparing costs as much as running a small
 * query; the chat's hot path repeats a handful of statements, so keep the most recent ones. Reusing a
 * statement is safe on either driver because `all`/`run` finish synchronously (Kysely never streams here).
 */
const withStatementCache = (sqlite: SqliteConnection, capacity = 256) => {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (query: string) => {
      const cached = statements.get(query);
      if (cached) {
        // Re-insert: the Map's order is then least recently used first.
        statements.delete(query);
        statements.set(query, cached);
        return cached;
      }
      const statement = sqlite.prepare(query);
      statements.set(query, statement);
      if (statements.size > capacity) statements.delete(statements.keys().next().value as string);
      return statement;
    },
  };
};

export const openDatabase = (spec: DatabaseSpec): AppDatabase => {
  if (spec.dialect === 'sqlite') {
    if (spec.file !== ':memory:') mkdirSync(join(spec.file, '..'), { recursive: true });
    const sqlite = openSqliteConnection(spec.file);
    // WAL lets readers run while a write is in progress; foreign keys are off by default in SQLite.
    sqlite.exec('PRAGMA journal_mode = WAL');
    sqlite.exec('PRAGMA foreign_keys = ON');
    sqlite.exec('PRAGMA busy_timeout = 5000');
    sqlite.exec('PRAGMA synchronous = NORMAL');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  // Kysely calls the factory when the first query needs a connection.
  const pool = async () =>
    new (await loadPg()).Pool({
      connectionString: spec.connectionString,
      max: spec.maxConnections ?? 10,
      // A schema per test file (or per deployment) without qualifying every table name.
      // Catalog queries (Kysely's migrator introspection) must not run in parallel workers: with
      // many schemas in one database a parallel plan looked up a just-created schema and failed.
      ...(spec.schema
        ? { options: `-c search_path=${spec.schema} -c max_parallel_workers_per_gather=0` }
        : {}),
    });
  const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
};

/** True when the database answers a trivial query (used by /ready). */
export const isDatabaseReachable = async (db: Executor): Promise<boolean> => {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
};

// `code`: PostgreSQL's SQLSTATE or better-sqlite3's name; node:sqlite gives SQLite's extended result code as `errcode`.
type DriverError = { code?: unknown; errcode?: unknown };

/** SQLite's extended result codes (sqlite3.h) for node:sqlite, which names none of them. */
const SQLITE_CONSTRAINT_UNIQUE = 2067;
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555;
const SQLITE_CONSTRAINT_FOREIGNKEY = 787;

/** Unique-constraint violation on any driver. */
export const isUniqueViolation = (error: unknown): boolean => {
  const { code, errcode } = (error as DriverError | null) ?? {};
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    errcode === SQLITE_CONSTRAINT_UNIQUE ||
    errcode === SQLITE_CONSTRAINT_PRIMARYKEY
  );
};

/** Foreign-key violation on any driver. */
export const isForeignKeyViolation = (error: unknown): boolean => {
  const { code, errcode } = (error as DriverError | null) ?? {};
  return (
    code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || errcode === SQLITE_CONSTRAINT_FOREIGNKEY
  );
};
