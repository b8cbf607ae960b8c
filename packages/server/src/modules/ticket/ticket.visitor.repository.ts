import type { Executor } from '../../db/database.js';

/* Queries of the widget's tickets; every one is scoped by the visitor's organisation. */

export const findWidgetGroup = (db: Executor, orgId: number, wid: string) =>
  db
    .selectFrom('workgroup')
    .where('org_id', '=', orgId)
    .where('wid', '=', wid)
    .where('deleted_at', 'is', null)
    .select(['id', 'wid', 'widget_ticket'])
    .executeTakeFirst();

/** Uploads made through `/visitor/api/upload` (no agent as uploader) of the organisation. */
export const findVisitorUploads = (db: Executor, orgId: number, aids: string[]) =>
  aids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('attachment')
        .where('org_id', '=', orgId)
        .where('user_id', 'is', null)
        .where('aid', 'in', aids)
        .select(['aid', 'storage_key', 'file_name', 'media_type', 'size'])
        .execute();

export const findVisitorProfile = (db: Executor, orgId: number, visitorId: number) =>
  db
    .selectFrom('visitor as v')
    .leftJoin('customer as c', (join) => join.onRef('c.id', '=', 'v.customer_id').on('c.org_id', '=', orgId))
    .where('v.org_id', '=', orgId)
    .where('v.id', '=', visitorId)
    .select(['v.nickname', 'c.cid as customer_cid'])
    .executeTakeFirst();

export const listTicketsOfVisitor = (db: Executor, orgId: number, visitorId: number, limit: number) =>
  db
    .selectFrom('ticket')
    .where('org_id', '=', orgId)
    .where('visitor_id', '=', visitorId)
    .select([
      'id',
      'tkid',
      'number',
      'title',
      'description',
      'email',
      'status',
      'attachments',
      'created_at',
      'updated_at',
    ])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** Public replies only: internal notes never reach the visitor. */
export const listPublicReplies = (db: Executor, orgId: number, ticketIds: number[]) =>
  ticketIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('ticket_comment as m')
        .leftJoin('user as u', 'u.id', 'm.author_id')
        .where('m.org_id', '=', orgId)
        .where('m.ticket_id', 'in', ticketIds)
        .where('m.kind', '=', 'reply')
        .select(['m.ticket_id', 'm.cmid', 'm.content', 'm.author_id', 'u.nickname', 'm.created_at'])
        .orderBy('m.id')
        .execute();
