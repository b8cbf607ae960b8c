import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../../db/migrate.js';
import { sqliteTarget, type TestDatabase } from '../../test/databases.js';
import { createAccount } from '../../test/app.js';
import { createEmbedSiteService, embedSitesCacheMs } from './embed-sites.service.js';

describe('embed-site lookup for the chat page', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await sqliteTarget.open();
    await migrateToLatest(database);
  });
  afterAll(async () => database?.dispose());

  const writeBehindTheCache = (orgId: number, sites: string[]) =>
    database.db
      .updateTable('organization')
      .set({ embed_sites: JSON.stringify(sites) })
      .where('id', '=', orgId)
      .execute();

  it('reads the database once per subDomain, then serves from memory until it expires', async () => {
    const account = await createAccount(database, { roles: ['ROLE_ADMIN'] });
    let now = 1_000_000;
    const service = createEmbedSiteService({ db: database.db, now: () => now });
    await writeBehindTheCache(account.orgId, ['https://a.example.com']);
    expect(await service.forSubDomain(account.subDomain)).toEqual(['https://a.example.com']);
    // A change made without the service (another node) is not seen: no query was made.
    await writeBehindTheCache(account.orgId, ['https://b.example.com']);
    expect(await service.forSubDomain(account.subDomain)).toEqual(['https://a.example.com']);
    now += embedSitesCacheMs + 1;
    expect(await service.forSubDomain(account.subDomain)).toEqual(['https://b.example.com']);
  });

  it('forgets its copy when the list is changed through it', async () => {
    const account = await createAccount(database, { roles: ['ROLE_ADMIN'] });
    const service = createEmbedSiteService({ db: database.db });
    expect(await service.forSubDomain(account.subDomain)).toEqual([]);
    await service.set(account.orgId, ['https://c.example.com']);
    expect(await service.forSubDomain(account.subDomain)).toEqual(['https://c.example.com']);
  });

  it('answers an empty list for an unknown organisation and ignores unreadable stored values', async () => {
    const service = createEmbedSiteService({ db: database.db });
    expect(await service.forSubDomain('no-such-org')).toEqual([]);
    const account = await createAccount(database, { roles: ['ROLE_ADMIN'] });
    await database.db
      .updateTable('organization')
      .set({ embed_sites: '["https://ok.example.com","not an origin; script-src *",5]' })
      .where('id', '=', account.orgId)
      .execute();
    expect(await service.get(account.orgId)).toEqual(['https://ok.example.com']);
    await database.db
      .updateTable('organization')
      .set({ embed_sites: '{broken' })
      .where('id', '=', account.orgId)
      .execute();
    expect(await service.get(account.orgId)).toEqual([]);
  });
});
