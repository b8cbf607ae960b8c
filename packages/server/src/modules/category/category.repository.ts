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
    .leftJoin('category as parent', 'parent.id', 'category.parent_id')
    .select([
      'category.id',
      'category.cid',
      'category.type',
      'category.owner_key',
      'category.name',
      'category.parent_id',
      'parent.cid as parent_cid',
      'category.sort',
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
    .orderBy('category.sort')
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

/** Every category of one owner and type, by order then name; bounded because a picker shows them all. */
export const listCategories = (db: Executor, type: string, ownerKey: string, limit = 1000) =>
  selectCategories(db)
    .where('category.type', '=', type)
    .where('category.owner_key', '=', ownerKey)
    .orderBy('category.sort')
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
  /** Article categories only (the tree); flat types leave both out. */
  parentId?: number | null;
  sort?: number;
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
      parent_id: values.parentId ?? null,
      sort: values.sort ?? 0,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const updateCategory = async (
  db: Executor,
  ownerKey: string,
  id: number,
  values: { name: string; parentId: number | null; sort: number; now: number },
) => {
  await db
    .updateTable('category')
    .set({ name: values.name, parent_id: values.parentId, sort: values.sort, updated_at: values.now })
    .where('owner_key', '=', ownerKey)
    .where('id', '=', id)
    .execute();
};

export const deleteCategory = async (db: Executor, ownerKey: string, id: number) => {
  await db.deleteFrom('category').where('owner_key', '=', ownerKey).where('id', '=', id).execute();
};

/** Ids of categories among `cids` that the owner holds with the type (the cids a client sent). */
export const findCategoryIdsByCids = async (db: Executor, type: string, ownerKey: string, cids: string[]) =>
  cids.length === 0
    ? []
    : db
        .selectFrom('category')
        .select(['category.id', 'category.cid', 'category.name'])
        .where('category.type', '=', type)
        .where('category.owner_key', '=', ownerKey)
        .where('category.cid', 'in', cids)
        .execute();

/** The id and parent of every category of one owner and type: enough to walk the tree. */
export const listCategoryLinks = (db: Executor, type: string, ownerKey: string) =>
  db
    .selectFrom('category')
    .select(['category.id', 'category.parent_id'])
    .where('category.type', '=', type)
    .where('category.owner_key', '=', ownerKey)
    .execute();

/** Not-deleted articles directly in each category of the owner and type. */
export const countArticlesPerCategory = async (
  db: Executor,
  type: string,
  ownerKey: string,
): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('article_category')
    .innerJoin('category', 'category.id', 'article_category.category_id')
    .innerJoin('article', 'article.id', 'article_category.article_id')
    .select(['article_category.category_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('category.type', '=', type)
    .where('category.owner_key', '=', ownerKey)
    .where('article.deleted_at', 'is', null)
    .groupBy('article_category.category_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.category_id), Number(row.count)]));
};

/** Tickets directly in each ticket category of the organisation. */
export const countTicketsPerCategory = async (db: Executor, orgId: number): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('ticket')
    .select(['ticket.category_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('ticket.org_id', '=', orgId)
    .where('ticket.category_id', 'is not', null)
    .groupBy('ticket.category_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.category_id), Number(row.count)]));
};

/** The ids of `rootIds` and every category below them (tree links from listCategoryLinks). */
export const withDescendants = (links: { id: number; parent_id: number | null }[], rootIds: number[]) => {
  const children = new Map<number, number[]>();
  for (const link of links) {
    if (link.parent_id === null) continue;
    const parent = Number(link.parent_id);
    children.set(parent, [...(children.get(parent) ?? []), Number(link.id)]);
  }
  const found = new Set<number>();
  const pending = [...rootIds];
  while (pending.length > 0) {
    const id = pending.pop() as number;
    if (found.has(id)) continue;
    found.add(id);
    pending.push(...(children.get(id) ?? []));
  }
  return [...found];
};
