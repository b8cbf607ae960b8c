import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { containsIgnoringCase } from '../category/category.repository.js';

/*
 * Kysely queries of quick replies. Every read is limited to owner keys the service derives from
 * the signed-in user (its own, its organisation's, the platform's); every write names the row's
 * owner key, so another organisation's or another agent's cid matches nothing.
 */

const selectReplies = (db: Executor) =>
  db
    .selectFrom('quick_reply')
    .leftJoin('category', 'category.id', 'quick_reply.category_id')
    .select([
      'quick_reply.id',
      'quick_reply.cid',
      'quick_reply.scope',
      'quick_reply.owner_key',
      'quick_reply.name',
      'quick_reply.content',
      'quick_reply.short_cut',
      'quick_reply.use_count',
      'quick_reply.created_at',
      'quick_reply.updated_at',
      'category.cid as category_cid',
      'category.name as category_name',
    ]);

export type QuickReplyRow = Awaited<ReturnType<ReturnType<typeof selectReplies>['executeTakeFirstOrThrow']>>;

export const findReplyByCid = (db: Executor, ownerKeys: string[], cid: string) =>
  selectReplies(db)
    .where('quick_reply.owner_key', 'in', ownerKeys)
    .where('quick_reply.cid', '=', cid)
    .executeTakeFirst();

export type ReplyFilter = { ownerKeys: string[]; categoryCid?: string; keyword?: string };

const filtered = (db: Executor, filter: ReplyFilter) => {
  let query = selectReplies(db).where('quick_reply.owner_key', 'in', filter.ownerKeys);
  if (filter.categoryCid) query = query.where('category.cid', '=', filter.categoryCid);
  const keyword = filter.keyword;
  if (keyword)
    query = query.where((eb) =>
      eb.or([
        containsIgnoringCase('quick_reply.name', keyword),
        containsIgnoringCase('quick_reply.content', keyword),
        containsIgnoringCase('quick_reply.short_cut', keyword),
      ]),
    );
  return query;
};

/** A page of replies, newest first. */
export const pageReplies = async (
  db: Executor,
  filter: ReplyFilter,
  paging: { page: number; size: number },
): Promise<{ rows: QuickReplyRow[]; total: number }> => {
  const rows = await filtered(db, filter)
    .orderBy('quick_reply.created_at', 'desc')
    .orderBy('quick_reply.id', 'desc')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await filtered(db, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

/** The filter's replies for an export or the picker: mine, company, platform, then most used. */
export const listReplies = (db: Executor, filter: ReplyFilter, limit: number) =>
  filtered(db, filter)
    .orderBy(sql`case ${sql.ref('quick_reply.scope')} when 'mine' then 0 when 'company' then 1 else 2 end`)
    .orderBy('quick_reply.use_count', 'desc')
    .orderBy('quick_reply.name')
    .orderBy('quick_reply.id')
    .limit(limit)
    .execute();

/** Whether another reply of the owner already uses the shortcut. */
export const isShortCutTaken = async (
  db: Executor,
  ownerKey: string,
  shortCut: string,
  exceptId?: number,
): Promise<boolean> => {
  let query = db
    .selectFrom('quick_reply')
    .select('quick_reply.id')
    .where('quick_reply.owner_key', '=', ownerKey)
    .where('quick_reply.short_cut', '=', shortCut);
  if (exceptId !== undefined) query = query.where('quick_reply.id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
};

export const listShortCuts = async (db: Executor, ownerKey: string): Promise<Set<string>> =>
  new Set(
    (
      await db
        .selectFrom('quick_reply')
        .select('quick_reply.short_cut')
        .where('quick_reply.owner_key', '=', ownerKey)
        .where('quick_reply.short_cut', '<>', '')
        .execute()
    ).map((row) => row.short_cut),
  );

export type ReplyInsert = {
  cid: string;
  scope: string;
  ownerKey: string;
  orgId: number | null;
  userId: number | null;
  categoryId: number | null;
  name: string;
  content: string;
  shortCut: string;
  now: number;
};

export const insertReply = async (db: Executor, values: ReplyInsert): Promise<void> => {
  await db
    .insertInto('quick_reply')
    .values({
      cid: values.cid,
      scope: values.scope,
      owner_key: values.ownerKey,
      org_id: values.orgId,
      user_id: values.userId,
      category_id: values.categoryId,
      name: values.name,
      content: values.content,
      short_cut: values.shortCut,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

export const updateReply = async (
  db: Executor,
  ownerKey: string,
  id: number,
  values: { name: string; content: string; shortCut: string; categoryId: number | null; now: number },
) => {
  await db
    .updateTable('quick_reply')
    .set({
      name: values.name,
      content: values.content,
      short_cut: values.shortCut,
      category_id: values.categoryId,
      updated_at: values.now,
    })
    .where('owner_key', '=', ownerKey)
    .where('id', '=', id)
    .execute();
};

export const deleteReply = async (db: Executor, ownerKey: string, id: number) => {
  await db.deleteFrom('quick_reply').where('owner_key', '=', ownerKey).where('id', '=', id).execute();
};

/** One atomic increment, so agents inserting the same reply at once all count. */
export const incrementReplyUse = async (db: Executor, ownerKey: string, id: number) => {
  await db
    .updateTable('quick_reply')
    .set((eb) => ({ use_count: eb('use_count', '+', 1) }))
    .where('owner_key', '=', ownerKey)
    .where('id', '=', id)
    .execute();
};
