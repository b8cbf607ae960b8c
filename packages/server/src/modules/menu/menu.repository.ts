import type { AuthorityKey, MenuItem, MenuType } from '@openkefu/contract';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';

/**
 * The menu is platform-wide, not tenant data: platform staff own it and every organisation sees
 * the same tree (filtered per user by the service), so these queries take no organisation.
 */

export type MenuValues = {
  platform: string;
  name: string;
  parentId: number | null;
  title: string;
  titleEn: string;
  icon: string;
  order: number;
  path: string;
  show: boolean;
  hideChildren: boolean;
  component: string;
  redirect: string;
  type: MenuType;
  authorities: AuthorityKey[];
  debugOnly: boolean;
  adminOnly: boolean;
};

/** A menu item as the API shows it, plus its row ids for tree building. */
export type MenuRecord = MenuItem & { id: number; parentRowId: number | null };

const toColumns = (values: MenuValues, now: number) => ({
  platform: values.platform,
  name: values.name,
  parent_id: values.parentId,
  title: values.title,
  title_en: values.titleEn,
  icon: values.icon,
  sort_order: values.order,
  path: values.path,
  show: values.show ? 1 : 0,
  hide_children: values.hideChildren ? 1 : 0,
  component: values.component,
  redirect: values.redirect,
  type: values.type,
  authorities: JSON.stringify(values.authorities),
  debug_only: values.debugOnly ? 1 : 0,
  admin_only: values.adminOnly ? 1 : 0,
  updated_at: now,
});

const selectMenu = (db: Executor) =>
  db
    .selectFrom('menu')
    .leftJoin('menu as parent', 'parent.id', 'menu.parent_id')
    .select([
      'menu.id',
      'menu.mid',
      'menu.platform',
      'menu.name',
      'menu.parent_id',
      'parent.mid as parent_mid',
      'menu.title',
      'menu.title_en',
      'menu.icon',
      'menu.sort_order',
      'menu.path',
      'menu.show',
      'menu.hide_children',
      'menu.component',
      'menu.redirect',
      'menu.type',
      'menu.authorities',
      'menu.debug_only',
      'menu.admin_only',
    ]);

type SelectedRow = Awaited<ReturnType<ReturnType<typeof selectMenu>['executeTakeFirstOrThrow']>>;

const toRecord = (row: SelectedRow): MenuRecord => ({
  id: row.id,
  parentRowId: row.parent_id,
  mid: row.mid,
  name: row.name,
  key: row.name,
  parentId: row.parent_mid,
  title: row.title,
  titleEn: row.title_en,
  icon: row.icon,
  order: row.sort_order,
  path: row.path,
  show: row.show === 1,
  hideChildren: row.hide_children === 1,
  component: row.component,
  redirect: row.redirect,
  type: row.type as MenuType,
  authorities: JSON.parse(row.authorities) as AuthorityKey[],
  debugOnly: row.debug_only === 1,
  adminOnly: row.admin_only === 1,
  platform: row.platform,
});

export const insertMenuItem = async (
  db: Executor,
  mid: string,
  values: MenuValues,
  now: number,
): Promise<number> => {
  const row = await db
    .insertInto('menu')
    .values({ mid, ...toColumns(values, now), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};

export const updateMenuItem = async (
  db: Executor,
  id: number,
  values: MenuValues,
  now: number,
): Promise<void> => {
  await db.updateTable('menu').set(toColumns(values, now)).where('id', '=', id).execute();
};

export const deleteMenuItem = async (db: Executor, id: number): Promise<void> => {
  await db.deleteFrom('menu').where('id', '=', id).execute();
};

export const countMenuItems = async (db: Executor): Promise<number> => {
  const row = await db
    .selectFrom('menu')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const hasMenuChildren = async (db: Executor, id: number): Promise<boolean> => {
  const row = await db
    .selectFrom('menu')
    .select('id')
    .where('parent_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
};

export const findMenuByMid = async (db: Executor, mid: string): Promise<MenuRecord | undefined> => {
  const row = await selectMenu(db).where('menu.mid', '=', mid).executeTakeFirst();
  return row && toRecord(row);
};

export const findMenuByName = async (
  db: Executor,
  platform: string,
  name: string,
): Promise<MenuRecord | undefined> => {
  const row = await selectMenu(db)
    .where('menu.platform', '=', platform)
    .where('menu.name', '=', name)
    .executeTakeFirst();
  return row && toRecord(row);
};

export const findMenuParentRowId = async (db: Executor, id: number): Promise<number | null | undefined> => {
  const row = await db.selectFrom('menu').select('parent_id').where('id', '=', id).executeTakeFirst();
  return row?.parent_id;
};

/** Every item of a platform, ordered for tree building (order, then creation). */
export const listMenuItems = async (db: Executor, platform: string): Promise<MenuRecord[]> => {
  const rows = await selectMenu(db)
    .where('menu.platform', '=', platform)
    .orderBy('menu.sort_order')
    .orderBy('menu.id')
    .execute();
  return rows.map(toRecord);
};

// `escape` is spelt out because SQLite has no default LIKE escape character; lower() on both
// sides because PostgreSQL's LIKE is case-sensitive and SQLite's is not.
const contentFilter = (content: string) => {
  const pattern = `%${escapeLike(content.toLowerCase())}%`;
  const columns = ['menu.name', 'menu.title', 'menu.title_en', 'menu.path'];
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
};

/** A flat page of a platform's items; `content` matches name, title, titleEn or path, case-insensitively. */
export const pageMenuItems = async (
  db: Executor,
  query: { platform: string; page: number; size: number; content?: string },
): Promise<{ items: MenuRecord[]; total: number }> => {
  let count = db
    .selectFrom('menu')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('menu.platform', '=', query.platform);
  let page = selectMenu(db).where('menu.platform', '=', query.platform);
  if (query.content) {
    count = count.where(contentFilter(query.content));
    page = page.where(contentFilter(query.content));
  }
  const [countRow, rows] = await Promise.all([
    count.executeTakeFirstOrThrow(),
    page
      .orderBy('menu.id')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute(),
  ]);
  return { items: rows.map(toRecord), total: Number(countRow.count) };
};
