import type { TagBrief, TagType } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { containsIgnoringCase } from '../category/category.repository.js';

/* Kysely queries of tags and their links to conversations and visitors; every one scoped by org_id. */

const selectTags = (db: Executor) =>
  db
    .selectFrom('tag')
    .select([
      'tag.id',
      'tag.tgid',
      'tag.org_id',
      'tag.type',
      'tag.name',
      'tag.color',
      'tag.created_at',
      'tag.updated_at',
    ]);

export type TagRow = Awaited<ReturnType<ReturnType<typeof selectTags>['executeTakeFirstOrThrow']>>;

export const toTagBrief = (row: Pick<TagRow, 'tgid' | 'name' | 'color' | 'type'>): TagBrief => ({
  tgid: row.tgid,
  name: row.name,
  color: row.color,
  type: row.type as TagType,
});

export const findTagByTgid = (db: Executor, orgId: number, tgid: string) =>
  selectTags(db).where('tag.org_id', '=', orgId).where('tag.tgid', '=', tgid).executeTakeFirst();

export const findTagsByTgids = (db: Executor, orgId: number, tgids: string[]) =>
  tgids.length === 0
    ? Promise.resolve([])
    : selectTags(db).where('tag.org_id', '=', orgId).where('tag.tgid', 'in', tgids).execute();

export type TagFilter = { type?: TagType; keyword?: string };

const filtered = (db: Executor, orgId: number, filter: TagFilter) => {
  let query = selectTags(db).where('tag.org_id', '=', orgId);
  if (filter.type) query = query.where('tag.type', '=', filter.type);
  if (filter.keyword) query = query.where(containsIgnoringCase('tag.name', filter.keyword));
  return query;
};

/** A page of the organisation's tags by type, then name. */
export const pageTags = async (
  db: Executor,
  orgId: number,
  filter: TagFilter,
  paging: { page: number; size: number },
): Promise<{ rows: TagRow[]; total: number }> => {
  const rows = await filtered(db, orgId, filter)
    .orderBy('tag.type')
    .orderBy('tag.name')
    .orderBy('tag.id')
    .limit(paging.size)
    .offset(paging.page * paging.size)
    .execute();
  const count = await filtered(db, orgId, filter)
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};

/** Every tag (of a type) for pickers; bounded, since a picker shows them all. */
export const listTags = (db: Executor, orgId: number, type: TagType | undefined, limit = 1000) =>
  filtered(db, orgId, { type }).orderBy('tag.name').orderBy('tag.id').limit(limit).execute();

export const insertTag = async (
  db: Executor,
  values: { tgid: string; orgId: number; type: TagType; name: string; color: string; now: number },
) => {
  await db
    .insertInto('tag')
    .values({
      tgid: values.tgid,
      org_id: values.orgId,
      type: values.type,
      name: values.name,
      color: values.color,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

export const updateTag = async (
  db: Executor,
  orgId: number,
  id: number,
  values: { name: string; color: string; now: number },
) => {
  await db
    .updateTable('tag')
    .set({ name: values.name, color: values.color, updated_at: values.now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

/** Its links to conversations and visitors go with it (foreign keys cascade). */
export const deleteTag = async (db: Executor, orgId: number, id: number) => {
  await db.deleteFrom('tag').where('org_id', '=', orgId).where('id', '=', id).execute();
};

/* ---- links ---- */

const threadTagsQuery = (db: Executor, orgId: number, threadIds: number[]) =>
  db
    .selectFrom('thread_tag')
    .innerJoin('tag', 'tag.id', 'thread_tag.tag_id')
    .select(['thread_tag.thread_id', 'tag.tgid', 'tag.name', 'tag.color', 'tag.type'])
    .where('tag.org_id', '=', orgId)
    .where('thread_tag.thread_id', 'in', threadIds)
    .orderBy('tag.name');

const visitorTagsQuery = (db: Executor, orgId: number, visitorIds: number[]) =>
  db
    .selectFrom('visitor_tag')
    .innerJoin('tag', 'tag.id', 'visitor_tag.tag_id')
    .select(['visitor_tag.visitor_id', 'tag.tgid', 'tag.name', 'tag.color', 'tag.type'])
    .where('tag.org_id', '=', orgId)
    .where('visitor_tag.visitor_id', 'in', visitorIds)
    .orderBy('tag.name');

const grouped = <R>(rows: R[], keyOf: (row: R) => number, valueOf: (row: R) => TagBrief) => {
  const map = new Map<number, TagBrief[]>();
  for (const row of rows) {
    const key = keyOf(row);
    map.set(key, [...(map.get(key) ?? []), valueOf(row)]);
  }
  return map;
};

export const listThreadTags = async (db: Executor, orgId: number, threadIds: number[]) =>
  threadIds.length === 0
    ? new Map<number, TagBrief[]>()
    : grouped(
        await threadTagsQuery(db, orgId, threadIds).execute(),
        (row) => Number(row.thread_id),
        toTagBrief,
      );

export const listVisitorTags = async (db: Executor, orgId: number, visitorIds: number[]) =>
  visitorIds.length === 0
    ? new Map<number, TagBrief[]>()
    : grouped(
        await visitorTagsQuery(db, orgId, visitorIds).execute(),
        (row) => Number(row.visitor_id),
        toTagBrief,
      );

/** Replaces a conversation's tags (the caller runs it in a transaction and checked the ids). */
export const replaceThreadTags = async (db: Executor, threadId: number, tagIds: number[], now: number) => {
  await db.deleteFrom('thread_tag').where('thread_id', '=', threadId).execute();
  if (tagIds.length > 0)
    await db
      .insertInto('thread_tag')
      .values(tagIds.map((tagId) => ({ thread_id: threadId, tag_id: tagId, created_at: now })))
      .execute();
};

export const replaceVisitorTags = async (db: Executor, visitorId: number, tagIds: number[], now: number) => {
  await db.deleteFrom('visitor_tag').where('visitor_id', '=', visitorId).execute();
  if (tagIds.length > 0)
    await db
      .insertInto('visitor_tag')
      .values(tagIds.map((tagId) => ({ visitor_id: visitorId, tag_id: tagId, created_at: now })))
      .execute();
};

/** Ids of the organisation's threads carrying the tag, directly or through their visitor (records filter). */
export const threadIdsWithTag = (db: Executor, orgId: number, tgid: string) =>
  db
    .selectFrom('thread')
    .select('thread.id')
    .where('thread.org_id', '=', orgId)
    .where((eb) =>
      eb.or([
        eb(
          'thread.id',
          'in',
          eb
            .selectFrom('thread_tag')
            .innerJoin('tag', 'tag.id', 'thread_tag.tag_id')
            .select('thread_tag.thread_id')
            .where('tag.org_id', '=', orgId)
            .where('tag.tgid', '=', tgid),
        ),
        eb(
          'thread.visitor_id',
          'in',
          eb
            .selectFrom('visitor_tag')
            .innerJoin('tag', 'tag.id', 'visitor_tag.tag_id')
            .select('visitor_tag.visitor_id')
            .where('tag.org_id', '=', orgId)
            .where('tag.tgid', '=', tgid),
        ),
      ]),
    );
