import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';
import { escapeLike } from '../../../db/like.js';

/*
 * Kysely queries of the platform's synonym library and of the platform-wide revision counters.
 * Platform rows belong to no organisation; only platform staff reach the writes.
 */

/** The counter bumped with every change to the platform's synonyms. */
export const synonymRevisionName = 'synonym';

export const bumpPlatformRevision = async (db: Executor, name: string): Promise<void> => {
  await db
    .insertInto('platform_revision')
    .values({ name, revision: 1 })
    .onConflict((conflict) =>
      conflict.column('name').doUpdateSet({ revision: sql`platform_revision.revision + 1` }),
    )
    .execute();
};

export const findPlatformRevision = async (db: Executor, name: string): Promise<number> => {
  const row = await db
    .selectFrom('platform_revision')
    .select('revision')
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? Number(row.revision) : 0;
};

const selectSynonyms = (db: Executor) =>
  db
    .selectFrom('platform_synonym')
    .select(['id', 'psid', 'standard', 'standard_key', 'synonyms', 'created_at', 'updated_at']);

export type PlatformSynonymRow = Awaited<
  ReturnType<ReturnType<typeof selectSynonyms>['executeTakeFirstOrThrow']>
>;

const containsLower = (column: 'standard' | 'synonyms', value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(value.toLowerCase())}%`} escape '\\'`;

export const pagePlatformSynonyms = async (
  db: Executor,
  query: { keyword?: string; page: number; size: number },
): Promise<{ rows: PlatformSynonymRow[]; total: number }> => {
  const filtered = () => {
    let builder = selectSynonyms(db);
    if (query.keyword) {
      const keyword = query.keyword;
      builder = builder.where((eb) =>
        eb.or([containsLower('standard', keyword), containsLower('synonyms', keyword)]),
      );
    }
    return builder;
  };
  const rows = await filtered()
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  const count = await filtered()
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

export const findPlatformSynonym = (db: Executor, psid: string) =>
  selectSynonyms(db).where('psid', '=', psid).executeTakeFirst();

export const findPlatformSynonymByKey = (db: Executor, key: string) =>
  selectSynonyms(db).where('standard_key', '=', key).executeTakeFirst();

/** Every entry, for the robots' matchers. */
export const listPlatformSynonyms = (db: Executor) =>
  db.selectFrom('platform_synonym').select(['standard', 'synonyms']).orderBy('id').execute();

export const insertPlatformSynonym = async (
  db: Executor,
  row: { psid: string; standard: string; key: string; synonyms: string[]; now: number },
): Promise<void> => {
  await db
    .insertInto('platform_synonym')
    .values({
      psid: row.psid,
      standard: row.standard,
      standard_key: row.key,
      synonyms: JSON.stringify(row.synonyms),
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
};

export const updatePlatformSynonym = async (
  db: Executor,
  id: number,
  values: { standard: string; key: string; synonyms: string[]; now: number },
): Promise<void> => {
  await db
    .updateTable('platform_synonym')
    .set({
      standard: values.standard,
      standard_key: values.key,
      synonyms: JSON.stringify(values.synonyms),
      updated_at: values.now,
    })
    .where('id', '=', id)
    .execute();
};

export const deletePlatformSynonym = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('platform_synonym').where('id', '=', id).execute();
};
