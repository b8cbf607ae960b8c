import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isForeignKeyViolation, isUniqueViolation } from './database.js';
import { isBuiltinSqlitePreferred, openSqliteConnection } from './sqlite-connection.js';

// Runs on whichever driver this Node picks: better-sqlite3 on the main run (Node 20), node:sqlite
// in .ci/node24. Both must look the same to Kysely and to the error helpers.
describe('the SQLite connection', () => {
  const dir = mkdtempSync(join(tmpdir(), 'openkefu-sqlite-'));
  const sqlite = openSqliteConnection(join(dir, 'test.sqlite'));
  afterAll(() => {
    sqlite.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uses node:sqlite from Node 24 and better-sqlite3 before it', () => {
    expect(isBuiltinSqlitePreferred('24.0.0')).toBe(true);
    expect(isBuiltinSqlitePreferred('26.1.0')).toBe(true);
    expect(isBuiltinSqlitePreferred('22.12.0')).toBe(false);
    expect(isBuiltinSqlitePreferred('20.19.0')).toBe(false);
    expect(sqlite.driver).toBe(isBuiltinSqlitePreferred() ? 'node:sqlite' : 'better-sqlite3');
  });

  it('binds an array of parameters, tells readers from writers and reports changes', () => {
    sqlite.exec('PRAGMA foreign_keys = ON');
    sqlite.exec('create table parent (id integer primary key, name text unique)');
    sqlite.exec('create table child (id integer primary key, parent_id integer references parent (id))');
    const insert = sqlite.prepare('insert into parent (name) values (?)');
    expect(insert.reader).toBe(false);
    expect(insert.run(['a'])).toMatchObject({ changes: 1 });
    const returning = sqlite.prepare('insert into parent (name) values (?) returning id, name');
    expect(returning.reader).toBe(true);
    expect(returning.all(['b']).map((row) => ({ ...(row as object) }))).toEqual([{ id: 2, name: 'b' }]);
    const select = sqlite.prepare('select name from parent where id > ? order by id');
    expect(select.reader).toBe(true);
    expect(select.all([0]).map((row) => (row as { name: string }).name)).toEqual(['a', 'b']);
    expect([...select.iterate([1])].map((row) => (row as { name: string }).name)).toEqual(['b']);
  });

  it('raises constraint errors that the error helpers recognise', () => {
    const failureOf = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      throw new Error('expected a constraint error');
    };
    const unique = failureOf(() => sqlite.prepare('insert into parent (name) values (?)').run(['a']));
    expect(isUniqueViolation(unique)).toBe(true);
    expect(isForeignKeyViolation(unique)).toBe(false);
    const primary = failureOf(() =>
      sqlite.prepare('insert into parent (id, name) values (?, ?)').run([1, 'z']),
    );
    expect(isUniqueViolation(primary)).toBe(true);
    const foreign = failureOf(() => sqlite.prepare('insert into child (parent_id) values (?)').run([99]));
    expect(isForeignKeyViolation(foreign)).toBe(true);
    expect(isUniqueViolation(foreign)).toBe(false);
  });
});
