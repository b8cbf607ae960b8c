import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/*
 * Kysely queries of categories. Rows are found by owner key ('platform', 'org:<id>', 'user:<id>'),
 * which the service derives from the signed-in user, never from the client: another
 * organisation's or another agent's category matches nothing.
 */

export const containsIgnoringCase = (column: string, value: string) =>
  sql<boolean>`lower(${sql.ref(column)}) like ${`%${escapeLike(value.toLowerCase())}%`} escape '\\'`;

const selectCategories = (db: Executor) =>
  db
    .selectFrom('category')
    .select([
      'category.id',
      'category.cid',
      'category.type',
      'category.owner_key',
      'category.name',
      'category.created_at',
      'category.updated_at',
    ]);

export type CategoryRow = Awaited<ReturnType<ReturnType<typeof selectCategories>['executeTakeFirstOrThrow']>>;

export const findCategoryByCid = (db: Executor, ownerKeys: string[], cid: string) =>
  selectCategories(db)
    .where('category.owner_key', 'in', ownerKeys)
    .where('category.cid', '=', cid)
    .executeTakeFirst();

export const findCategoryByName = (db: Executor, type: string, ownerKey: string, name: string) =>
  selectCategories(db)
    .where('category.type', '=', type)
    .where('category.owner_key', '=', ownerKey)
    .where('category.name', '=', name)
    .executeTakeFirst();

const filtered = (db: Executor, type: string, ownerKey: string, keyword?: string) => {
  let query = db
    .selectFrom('category')
    .where('category.type', '=', type)
    .where('category.owner_key', '=', ownerKey);
  if (keyword) query = query.where(containsIgnoringCase('category.name', keyword));
  return query;
};

export const pageCategories = async (
  db: Executor,
  filter: { type: string; ownerKey: string; keyword?: string },
  paging: { page: number; size: number },
): Promise<{ rows: CategoryRow[]; total: number }> => {
  const rows = await selectCategories(db)
    .where('category.type', '=', filter.type)
    .where('category.owner_key', '=', filter.ownerKey)
    .$if(Boolean(filter.keyword), (query) =>
      query.where(containsIgnoringCase('category.name', filter.keyword ?? '')),
    )
    .orderBy('category.name')
    .orderBy('category.id')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await filtered(db, filter.type, filter.ownerKey, filter.keyword)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

/** Every category of one owner and type, by name; bounded because a picker shows them all. */
export const listCategories = (db: Executor, type: string, ownerKey: string, limit = 1000) =>
  selectCategories(db)
    .where('category.type', '=', type)
    .where('category.owner_key', '=', ownerKey)
    .orderBy('category.name')
    .orderBy('category.id')
    .limit(limit)
    .execute();

export type CategoryInsert = {
  cid: string;
  type: string;
  ownerKey: string;
  orgId: number | null;
  userId: number | null;
  name: string;
  now: number;
};

export const insertCategory = async (db: Executor, values: CategoryInsert): Promise<number> => {
  const row = await db
    .insertInto('category')
    .values({
      cid: values.cid,
      type: values.type,
      owner_key: values.ownerKey,
      org_id: values.orgId,
      user_id: values.userId,
      name: values.name,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const renameCategory = async (
  db: Executor,
  ownerKey: string,
  id: number,
  name: string,
  now: number,
) => {
  await db
    .updateTable('category')
    .set({ name, updated_at: now })
    .where('owner_key', '=', ownerKey)
    .where('id', '=', id)
    .execute();
};

export const deleteCategory = async (db: Executor, ownerKey: string, id: number) => {
  await db.deleteFrom('category').where('owner_key', '=', ownerKey).where('id', '=', id).execute();
};
