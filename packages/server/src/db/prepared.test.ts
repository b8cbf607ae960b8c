import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestDatabase } from '../test/databases.js';
import { migrateToLatest } from './migrate.js';
import { prepareQuery } from './prepared.js';

/* A query compiled once runs with each call's own values, on the database and in a transaction. */

await describeEachDatabase('prepared queries', (target) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await target.open();
    await migrateToLatest(database);
  });
  afterAll(async () => database?.dispose());

  const insertOrganization = prepareQuery(3, (db, oid: string, subDomain: string, at: number) =>
    db
      .insertInto('organization')
      .values({ oid, name: 'Prepared', sub_domain: subDomain, created_at: at, updated_at: at })
      .returning('id'),
  );

  const newerOrganizations = prepareQuery(2, (db, name: string, after: number) =>
    db
      .selectFrom('organization')
      .select(['oid', 'created_at'])
      .where('name', '=', name)
      .where('created_at', '>', after)
      .orderBy('created_at')
      .limit(10),
  );

  it('binds new values on every call, with the constants of the query kept in place', async () => {
    await insertOrganization(database.db, 'p-1', 'prepared-1', 1_000);
    await insertOrganization(database.db, 'p-2', 'prepared-2', 2_000);
    await insertOrganization(database.db, 'p-3', 'prepared-3', 3_000);
    expect(await newerOrganizations(database.db, 'Prepared', 1_500)).toEqual([
      { oid: 'p-2', created_at: 2_000 },
      { oid: 'p-3', created_at: 3_000 },
    ]);
    expect(await newerOrganizations(database.db, 'Prepared', 2_500)).toEqual([
      { oid: 'p-3', created_at: 3_000 },
    ]);
    expect(await newerOrganizations(database.db, 'Other', 0)).toEqual([]);
  });

  it('runs inside a transaction, whose rollback undoes it', async () => {
    await database.db
      .transaction()
      .execute(async (trx) => {
        await insertOrganization(trx, 'p-4', 'prepared-4', 4_000);
        expect(await newerOrganizations(trx, 'Prepared', 3_500)).toEqual([{ oid: 'p-4', created_at: 4_000 }]);
        throw new Error('roll back');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error) || error.message !== 'roll back') throw error;
      });
    expect(await newerOrganizations(database.db, 'Prepared', 3_500)).toEqual([]);
  });

  it('refuses an argument that did not become a parameter', async () => {
    const misused = prepareQuery(1, (db, _unused: string) => db.selectFrom('organization').select('oid'));
    await expect(misused(database.db, 'x')).rejects.toThrow(/did not become parameters/);
  });
});
