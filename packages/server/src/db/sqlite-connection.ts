import { createRequire } from 'node:module';
import SqliteDatabase from 'better-sqlite3';

/*
 * The SQLite connection behind Kysely's SqliteDialect, from one of two drivers:
 *  - better-sqlite3 on Node 20 and 22. Its 12.x line is the last that runs on Node 20, and on Node 24
 *    it aborts the process when a statement is freed after the environment's teardown, or by a GC at
 *    any time (node::ObjectWrap's cleanup hook, new in Node 24; WiseLibs/better-sqlite3#1515, closed
 *    without a fix; 13.x fixes it but needs Node 22+).
 *  - node:sqlite (built into Node, with FTS5) on Node 24 and later.
 * Both give Kysely the same statement shape: `reader`, and `all` / `run` / `iterate` taking an array.
 */

export type SqliteStatement = {
  readonly reader: boolean;
  all: (parameters: readonly unknown[]) => unknown[];
  run: (parameters: readonly unknown[]) => { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate: (parameters: readonly unknown[]) => IterableIterator<unknown>;
};

export type SqliteConnection = {
  prepare: (sql: string) => SqliteStatement;
  exec: (sql: string) => void;
  close: () => void;
  driver: 'better-sqlite3' | 'node:sqlite';
};

/** node:sqlite as far as this file uses it (the machine's @types/node is Node 20's, which lacks it). */
type NodeSqliteStatement = {
  all: (...parameters: unknown[]) => unknown[];
  run: (...parameters: unknown[]) => { changes: number | bigint; lastInsertRowid: number | bigint };
  iterate: (...parameters: unknown[]) => IterableIterator<unknown>;
  columns: () => unknown[];
};
type NodeSqliteDatabase = {
  prepare: (sql: string) => NodeSqliteStatement;
  exec: (sql: string) => void;
  close: () => void;
};

export const isBuiltinSqlitePreferred = (nodeVersion = process.versions.node): boolean =>
  Number(nodeVersion.split('.')[0]) >= 24;

const openBetterSqlite = (file: string): SqliteConnection => {
  const sqlite = new SqliteDatabase(file);
  return {
    prepare: (sql) => sqlite.prepare(sql),
    exec: (sql) => void sqlite.exec(sql),
    close: () => sqlite.close(),
    driver: 'better-sqlite3',
  };
};

const openNodeSqlite = (file: string): SqliteConnection => {
  const { DatabaseSync } = createRequire(import.meta.url)('node:sqlite') as {
    DatabaseSync: new (path: string) => NodeSqliteDatabase;
  };
  const sqlite = new DatabaseSync(file);
  return {
    prepare: (sql) => {
      const statement = sqlite.prepare(sql);
      return {
        // A statement that returns columns is a reader (better-sqlite3's `reader`).
        reader: statement.columns().length > 0,
        all: (parameters) => statement.all(...parameters),
        run: (parameters) => statement.run(...parameters),
        iterate: (parameters) => statement.iterate(...parameters),
      };
    },
    exec: (sql) => sqlite.exec(sql),
    close: () => sqlite.close(),
    driver: 'node:sqlite',
  };
};

export const openSqliteConnection = (file: string): SqliteConnection =>
  isBuiltinSqlitePreferred() ? openNodeSqlite(file) : openBetterSqlite(file);
