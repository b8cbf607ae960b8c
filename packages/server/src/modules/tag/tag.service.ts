import {
  tagCreateBodySchema,
  tagUpdateBodySchema,
  toPage,
  type Page,
  type Tag,
  type TagBrief,
  type TagCreateBody,
  type TagQuery,
  type TagType,
  type TagUpdateBody,
} from '@openkefu/contract';
import { isUniqueViolation, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { Principal } from '../auth/auth.service.js';
import { findThreadByTid } from '../thread/thread.repository.js';
import { findVisitorByVid } from '../visitor/visitor.repository.js';
import {
  deleteTag,
  findTagByTgid,
  findTagsByTgids,
  insertTag,
  listTags,
  listThreadTags,
  listVisitorTags,
  pageTags,
  replaceThreadTags,
  replaceVisitorTags,
  updateTag,
  type TagRow,
} from './tag.repository.js';

export type TagService = ReturnType<typeof createTagService>;

const toTag = (row: TagRow): Tag => ({
  tgid: row.tgid,
  name: row.name,
  color: row.color,
  type: row.type as TagType,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** The organisation's tags (kefu.tag) and applying them to conversations and visitors (workbench). */
export const createTagService = (deps: { db: Executor; now?: () => number }) => {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  const load = async (orgId: number, tgid: string): Promise<TagRow> => {
    const row = await findTagByTgid(db, orgId, tgid);
    if (!row) throw AppError.notFound('tag.notFound', { tgid });
    return row;
  };

  const nameTaken = (name: string, type: string) =>
    AppError.conflict('tag.nameTaken', {
      params: { name, type },
      fields: [{ field: 'name', message: 'already exists' }],
    });

  const page = async (principal: Principal, query: TagQuery): Promise<Page<Tag>> => {
    const { rows, total } = await pageTags(db, principal.orgId, query, query);
    return toPage(rows.map(toTag), total, query);
  };

  const all = async (principal: Principal, type: TagType | undefined): Promise<Tag[]> =>
    (await listTags(db, principal.orgId, type)).map(toTag);

  const create = async (principal: Principal, input: TagCreateBody): Promise<Tag> => {
    const body = tagCreateBodySchema.parse(input);
    const tgid = createPublicId();
    try {
      await insertTag(db, { tgid, orgId: principal.orgId, ...body, now: now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name, body.type);
      throw error;
    }
    return toTag(await load(principal.orgId, tgid));
  };

  const update = async (principal: Principal, input: TagUpdateBody): Promise<Tag> => {
    const body = tagUpdateBodySchema.parse(input);
    const row = await load(principal.orgId, body.tgid);
    try {
      await updateTag(db, principal.orgId, Number(row.id), {
        name: body.name,
        color: body.color,
        now: now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken(body.name, row.type);
      throw error;
    }
    return toTag(await load(principal.orgId, body.tgid));
  };

  const remove = async (principal: Principal, tgid: string): Promise<void> => {
    const row = await load(principal.orgId, tgid);
    await deleteTag(db, principal.orgId, Number(row.id));
  };

  /** The tags to apply: each of the organisation (404) and of the expected type (400 on `tags`). */
  const resolve = async (orgId: number, tgids: string[], expected: TagType): Promise<number[]> => {
    const unique = [...new Set(tgids)];
    const rows = await findTagsByTgids(db, orgId, unique);
    const missing = unique.find((tgid) => !rows.some((row) => row.tgid === tgid));
    if (missing) throw AppError.notFound('tag.notFound', { tgid: missing });
    const wrong = rows.find((row) => row.type !== expected);
    if (wrong)
      throw AppError.badRequest('tag.wrongType', {
        params: { name: wrong.name, type: wrong.type, expected },
        fields: [{ field: 'tags', message: `"${wrong.name}" is a ${wrong.type} tag` }],
      });
    return rows.map((row) => Number(row.id));
  };

  const loadThread = async (orgId: number, tid: string) => {
    const thread = await findThreadByTid(db, orgId, tid);
    if (!thread) throw AppError.notFound('thread.notFound', { tid });
    return thread;
  };

  const loadVisitor = async (orgId: number, vid: string) => {
    const visitor = await findVisitorByVid(db, orgId, vid);
    if (!visitor) throw AppError.notFound('visitor.notFound', { vid });
    return visitor;
  };

  const threadTags = async (principal: Principal, tid: string): Promise<TagBrief[]> => {
    const thread = await loadThread(principal.orgId, tid);
    return (await listThreadTags(db, principal.orgId, [Number(thread.id)])).get(Number(thread.id)) ?? [];
  };

  const setThreadTags = async (principal: Principal, tid: string, tgids: string[]): Promise<TagBrief[]> => {
    const thread = await loadThread(principal.orgId, tid);
    const tagIds = await resolve(principal.orgId, tgids, 'thread');
    await db.transaction().execute((trx) => replaceThreadTags(trx, Number(thread.id), tagIds, now()));
    return threadTags(principal, tid);
  };

  const visitorTags = async (principal: Principal, vid: string): Promise<TagBrief[]> => {
    const visitor = await loadVisitor(principal.orgId, vid);
    return (await listVisitorTags(db, principal.orgId, [Number(visitor.id)])).get(Number(visitor.id)) ?? [];
  };

  const setVisitorTags = async (principal: Principal, vid: string, tgids: string[]): Promise<TagBrief[]> => {
    const visitor = await loadVisitor(principal.orgId, vid);
    const tagIds = await resolve(principal.orgId, tgids, 'visitor');
    await db.transaction().execute((trx) => replaceVisitorTags(trx, Number(visitor.id), tagIds, now()));
    return visitorTags(principal, vid);
  };

  return { page, all, create, update, remove, threadTags, setThreadTags, visitorTags, setVisitorTags };
};
