import type { FeedbackQuery } from '@openkefu/contract';
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/database.js';
import type { FeedbackTable } from '../../db/schema.js';

/* Kysely queries of feedback. Every function takes the organisation id and filters by it. */

export type FeedbackRow = Selectable<FeedbackTable> & {
  visitor_vid: string | null;
  visitor_nickname: string | null;
  visitor_avatar: string | null;
  visitor_client: string | null;
  customer_cid: string | null;
  replier_uid: string | null;
  replier_nickname: string | null;
};

const selectFeedback = (db: Executor) =>
  db
    .selectFrom('feedback')
    .leftJoin('visitor', 'visitor.id', 'feedback.visitor_id')
    .leftJoin('customer', 'customer.id', 'feedback.customer_id')
    .leftJoin('user as replier', 'replier.id', 'feedback.replier_id')
    .selectAll('feedback')
    .select([
      'visitor.vid as visitor_vid',
      'visitor.nickname as visitor_nickname',
      'visitor.avatar as visitor_avatar',
      'visitor.client as visitor_client',
      'customer.cid as customer_cid',
      'replier.uid as replier_uid',
      'replier.nickname as replier_nickname',
    ]);

export const findFeedbackByFid = (
  db: Executor,
  orgId: number,
  fid: string,
): Promise<FeedbackRow | undefined> =>
  selectFeedback(db).where('feedback.org_id', '=', orgId).where('feedback.fid', '=', fid).executeTakeFirst();

export const pageFeedback = async (
  db: Executor,
  orgId: number,
  query: FeedbackQuery,
): Promise<{ rows: FeedbackRow[]; total: number }> => {
  let base = db.selectFrom('feedback').where('feedback.org_id', '=', orgId);
  if (query.category) base = base.where('feedback.category', '=', query.category);
  if (query.status) base = base.where('feedback.status', '=', query.status);
  if (query.from !== undefined) base = base.where('feedback.created_at', '>=', query.from);
  if (query.to !== undefined) base = base.where('feedback.created_at', '<=', query.to);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const ids = await base
    .select('feedback.id')
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(query.size)
    .offset(query.page * query.size)
    .execute();
  if (ids.length === 0) return { rows: [], total: Number(count.count) };
  const rows = await selectFeedback(db)
    .where(
      'feedback.id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .execute();
  return { rows, total: Number(count.count) };
};

/** The visitor's own feedback, newest first. */
export const listFeedbackOfVisitor = (db: Executor, orgId: number, visitorId: number, limit: number) =>
  selectFeedback(db)
    .where('feedback.org_id', '=', orgId)
    .where('feedback.visitor_id', '=', visitorId)
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(limit)
    .execute();

/** What the statistics need of every feedback created in the period. */
export const listFeedbackForStatistic = (db: Executor, orgId: number, from: number, to: number) =>
  db
    .selectFrom('feedback')
    .select(['category', 'created_at', 'first_replied_at', 'ticket_id'])
    .where('org_id', '=', orgId)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .execute();

export const findImages = (db: Executor, orgId: number, aids: readonly string[]) =>
  aids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('attachment')
        .select(['aid', 'kind', 'storage_key', 'thumb_key'])
        .where('org_id', '=', orgId)
        .where('aid', 'in', [...aids])
        .execute();
