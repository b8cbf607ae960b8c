import type { TicketQuery, TicketStatus } from '@openkefu/contract';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type SqlBool,
  type Updateable,
} from 'kysely';
import type { Executor } from '../../db/database.js';
import { escapeLike } from '../../db/like.js';
import type { Database, TicketTable } from '../../db/schema.js';
import { openTicketStatuses } from './ticket.machine.js';

/* Kysely queries of tickets; every one takes the organisation and filters by it. */

export type TicketInsert = Insertable<TicketTable>;
export type TicketUpdate = Omit<Updateable<TicketTable>, 'id' | 'org_id' | 'tkid' | 'number'>;

const selectTickets = (db: Executor, orgId: number) =>
  db
    .selectFrom('ticket as t')
    .leftJoin('category as c', 'c.id', 't.category_id')
    .leftJoin('workgroup as w', 'w.id', 't.workgroup_id')
    .leftJoin('user as a', 'a.id', 't.assignee_id')
    .leftJoin('user as r', 'r.id', 't.reporter_id')
    .leftJoin('thread as th', 'th.id', 't.thread_id')
    // customer_id holds the CRM's public cid (no foreign key: crm.tickets.ts re-points it on a merge).
    .leftJoin('customer as cu', (join) =>
      join.onRef('cu.cid', '=', 't.customer_id').onRef('cu.org_id', '=', 't.org_id'),
    )
    .leftJoin('ticket_template as tt', 'tt.id', 't.template_id')
    .where('t.org_id', '=', orgId)
    .selectAll('t')
    .select([
      'c.cid as category_cid',
      'c.name as category_name',
      'w.wid as workgroup_wid',
      'w.nickname as workgroup_nickname',
      'w.work_times as workgroup_work_times',
      'a.uid as assignee_uid',
      'a.nickname as assignee_nickname',
      'a.avatar as assignee_avatar',
      'r.uid as reporter_uid',
      'r.nickname as reporter_nickname',
      'r.avatar as reporter_avatar',
      'th.tid as thread_tid',
      'cu.name as customer_name',
      'cu.email as customer_email',
      'tt.ttid as template_ttid',
      'tt.name as template_name',
      'tt.fields as template_fields',
    ]);

export type TicketRow = Awaited<ReturnType<ReturnType<typeof selectTickets>['executeTakeFirstOrThrow']>>;

export const findTicketByTkid = (db: Executor, orgId: number, tkid: string): Promise<TicketRow | undefined> =>
  selectTickets(db, orgId).where('t.tkid', '=', tkid).executeTakeFirst();

export const findTicketsByTkids = (db: Executor, orgId: number, tkids: string[]): Promise<TicketRow[]> =>
  tkids.length === 0 ? Promise.resolve([]) : selectTickets(db, orgId).where('t.tkid', 'in', tkids).execute();

export const findTicketById = (db: Executor, orgId: number, id: number): Promise<TicketRow | undefined> =>
  selectTickets(db, orgId).where('t.id', '=', id).executeTakeFirst();

/** Inbound mail: the token alone names the ticket; the caller checks the organisation's secret. */
export const findTicketByReplyToken = (db: Executor, token: string) =>
  db
    .selectFrom('ticket')
    .select(['id', 'org_id', 'tkid'])
    .where('reply_token', '=', token)
    .executeTakeFirst();

/** Takes the organisation's next readable number; call inside the creating transaction. */
export const takeTicketNumber = async (trx: Executor, orgId: number): Promise<number> => {
  await trx
    .insertInto('ticket_counter')
    .values({ org_id: orgId, last_number: 0 })
    .onConflict((oc) => oc.column('org_id').doNothing())
    .execute();
  // The row lock (PostgreSQL) or the write transaction (SQLite) orders concurrent creators.
  const row = await trx
    .updateTable('ticket_counter')
    .set((eb) => ({ last_number: eb('last_number', '+', 1) }))
    .where('org_id', '=', orgId)
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
};

export const insertTicket = async (trx: Executor, values: TicketInsert): Promise<number> => {
  const row = await trx.insertInto('ticket').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
};

/**
 * Conditional update: only while the ticket is still in `fromStatus` (when given). Answers
 * whether the row changed, so a racing second transition can be told apart (409).
 */
export const updateTicket = async (
  trx: Executor,
  orgId: number,
  id: number,
  values: TicketUpdate,
  fromStatus?: TicketStatus,
): Promise<boolean> => {
  let query = trx.updateTable('ticket').set(values).where('org_id', '=', orgId).where('id', '=', id);
  if (fromStatus) query = query.where('status', '=', fromStatus);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const insertActivities = async (
  trx: Executor,
  rows: {
    org_id: number;
    ticket_id: number;
    actor_id: number | null;
    field: string;
    old_value: string | null;
    new_value: string | null;
    created_at: number;
  }[],
): Promise<void> => {
  if (rows.length > 0) await trx.insertInto('ticket_activity').values(rows).execute();
};

export const listActivities = (db: Executor, ticketId: number) =>
  db
    .selectFrom('ticket_activity as x')
    .leftJoin('user as u', 'u.id', 'x.actor_id')
    .where('x.ticket_id', '=', ticketId)
    .select(['x.field', 'x.old_value', 'x.new_value', 'x.created_at', 'u.uid', 'u.nickname', 'u.avatar'])
    .orderBy('x.id')
    .execute();

export const listComments = (db: Executor, ticketId: number) =>
  db
    .selectFrom('ticket_comment as m')
    .leftJoin('user as u', 'u.id', 'm.author_id')
    .where('m.ticket_id', '=', ticketId)
    .selectAll('m')
    .select(['u.uid', 'u.nickname', 'u.avatar'])
    .orderBy('m.id')
    .execute();

export const insertComment = async (
  trx: Executor,
  values: Insertable<Database['ticket_comment']>,
): Promise<number> =>
  Number(
    (await trx.insertInto('ticket_comment').values(values).returning('id').executeTakeFirstOrThrow()).id,
  );

export const setCommentEmailed = (db: Executor, id: number) =>
  db.updateTable('ticket_comment').set({ emailed: 1 }).where('id', '=', id).execute();

/** Watchers of several tickets at once (one query per page, not per row). */
export const listWatchers = async (db: Executor, ticketIds: number[]) =>
  ticketIds.length === 0
    ? []
    : db
        .selectFrom('ticket_watcher as tw')
        .innerJoin('user as u', 'u.id', 'tw.user_id')
        .where('tw.ticket_id', 'in', ticketIds)
        .select(['tw.ticket_id', 'tw.user_id', 'u.uid', 'u.nickname', 'u.avatar'])
        .orderBy('tw.created_at')
        .execute();

export const addWatchers = async (trx: Executor, ticketId: number, userIds: number[], now: number) => {
  if (userIds.length === 0) return;
  await trx
    .insertInto('ticket_watcher')
    .values(userIds.map((userId) => ({ ticket_id: ticketId, user_id: userId, created_at: now })))
    .onConflict((oc) => oc.columns(['ticket_id', 'user_id']).doNothing())
    .execute();
};

export const removeWatcher = (trx: Executor, ticketId: number, userId: number) =>
  trx.deleteFrom('ticket_watcher').where('ticket_id', '=', ticketId).where('user_id', '=', userId).execute();

/** Enabled, human colleagues of the organisation by uid. */
export const findColleagues = async (db: Executor, orgId: number, uids: string[]) =>
  uids.length === 0
    ? []
    : db
        .selectFrom('user')
        .where('org_id', '=', orgId)
        .where('uid', 'in', uids)
        .where('is_robot', '=', 0)
        .where('enabled', '=', 1)
        .where('deleted_at', 'is', null)
        .select(['id', 'uid', 'nickname', 'avatar', 'email'])
        .execute();

export const findTicketCategory = (db: Executor, orgId: number, cid: string) =>
  db
    .selectFrom('category')
    .where('cid', '=', cid)
    .where('type', '=', 'ticket')
    .where('org_id', '=', orgId)
    .select(['id', 'cid', 'name'])
    .executeTakeFirst();

export const findWorkgroup = (db: Executor, orgId: number, wid: string) =>
  db
    .selectFrom('workgroup')
    .where('wid', '=', wid)
    .where('org_id', '=', orgId)
    .select(['id', 'wid', 'nickname', 'work_times'])
    .executeTakeFirst();

export const findSlaPolicies = (db: Executor, orgId: number) =>
  db.selectFrom('ticket_sla_policy').where('org_id', '=', orgId).selectAll().execute();

export const saveSlaPolicies = async (
  trx: Executor,
  orgId: number,
  policies: {
    priority: string;
    firstResponseMinutes: number;
    resolutionMinutes: number;
    warnMinutes: number;
  }[],
  now: number,
) => {
  for (const policy of policies)
    await trx
      .insertInto('ticket_sla_policy')
      .values({
        org_id: orgId,
        priority: policy.priority,
        first_response_minutes: policy.firstResponseMinutes,
        resolution_minutes: policy.resolutionMinutes,
        warn_minutes: policy.warnMinutes,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['org_id', 'priority']).doUpdateSet({
          first_response_minutes: policy.firstResponseMinutes,
          resolution_minutes: policy.resolutionMinutes,
          warn_minutes: policy.warnMinutes,
          updated_at: now,
        }),
      )
      .execute();
};

const ticketFilter = (
  eb: ExpressionBuilder<Database & { t: TicketTable }, 't'>,
  query: TicketQuery,
  ids: {
    userId: number;
    categoryId?: number | null;
    workgroupId?: number | null;
    assigneeId?: number | null;
  },
  now: number,
): Expression<SqlBool> => {
  const and: Expression<SqlBool>[] = [];
  switch (query.view) {
    case 'unassigned':
      and.push(eb('t.assignee_id', 'is', null), eb('t.status', 'in', openTicketStatuses));
      break;
    case 'open':
      and.push(eb('t.status', 'in', openTicketStatuses));
      break;
    case 'pending':
      and.push(eb('t.status', '=', 'pending'));
      break;
    case 'overdue':
      and.push(eb('t.next_due_at', '<', now));
      break;
    case 'mine':
      and.push(eb('t.assignee_id', '=', ids.userId));
      break;
    case 'reported':
      and.push(eb('t.reporter_id', '=', ids.userId));
      break;
    case 'watching':
      and.push(
        eb.exists(
          eb
            .selectFrom('ticket_watcher as tw')
            .select('tw.ticket_id')
            .whereRef('tw.ticket_id', '=', 't.id')
            .where('tw.user_id', '=', ids.userId),
        ),
      );
      break;
    default:
      break;
  }
  if (query.status) and.push(eb('t.status', '=', query.status));
  if (query.priority) and.push(eb('t.priority', '=', query.priority));
  if (query.type) and.push(eb('t.type', '=', query.type));
  if (query.source) and.push(eb('t.source', '=', query.source));
  if (ids.categoryId !== undefined) and.push(eb('t.category_id', '=', ids.categoryId ?? -1));
  if (ids.workgroupId !== undefined) and.push(eb('t.workgroup_id', '=', ids.workgroupId ?? -1));
  if (ids.assigneeId !== undefined) and.push(eb('t.assignee_id', '=', ids.assigneeId ?? -1));
  if (query.customerId) and.push(eb('t.customer_id', '=', query.customerId));
  if (query.from !== undefined) and.push(eb('t.created_at', '>=', query.from));
  if (query.to !== undefined) and.push(eb('t.created_at', '<=', query.to));
  if (query.keyword) {
    const pattern = `%${escapeLike(query.keyword.toLowerCase())}%`;
    const like = (column: 't.title' | 't.contact_name' | 't.email') =>
      sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    const ors: Expression<SqlBool>[] = [like('t.title'), like('t.contact_name'), like('t.email')];
    const number = /^(?:T-?|#)?0*(\d{1,9})$/i.exec(query.keyword)?.[1];
    if (number) ors.push(eb('t.number', '=', Number(number)));
    and.push(eb.or(ors as Expression<SqlBool>[]));
  }
  return eb.and(and);
};

export const pageTickets = async (
  db: Executor,
  orgId: number,
  query: TicketQuery,
  ids: {
    userId: number;
    categoryId?: number | null;
    workgroupId?: number | null;
    assigneeId?: number | null;
  },
  now: number,
): Promise<{ rows: TicketRow[]; total: number }> => {
  const where = (eb: ExpressionBuilder<Database & { t: TicketTable }, 't'>) =>
    ticketFilter(eb, query, ids, now);
  const count = await db
    .selectFrom('ticket as t')
    .where('t.org_id', '=', orgId)
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  // A deferred join: the page's ids from the ticket table alone (an OFFSET deep into the list then
  // skips index entries, not rows joined to six other tables), then those rows in full.
  let idsQuery = db.selectFrom('ticket as t').select('t.id').where('t.org_id', '=', orgId).where(where);
  switch (query.sort) {
    case 'updated':
      idsQuery = idsQuery.orderBy('t.updated_at', 'desc');
      break;
    case 'priority':
      idsQuery = idsQuery.orderBy('t.priority_rank', 'desc').orderBy('t.created_at', 'desc');
      break;
    case 'dueSoon':
      // Tickets without a running target last on both databases.
      idsQuery = idsQuery
        .orderBy(sql`case when t.next_due_at is null then 1 else 0 end`)
        .orderBy('t.next_due_at', 'asc')
        .orderBy('t.priority_rank', 'desc');
      break;
    default:
      idsQuery = idsQuery.orderBy('t.created_at', 'desc');
  }
  const pageIds = (
    await idsQuery
      .orderBy('t.id', 'desc')
      .limit(query.size)
      .offset(query.page * query.size)
      .execute()
  ).map((row) => Number(row.id));
  if (pageIds.length === 0) return { rows: [], total: Number(count.total) };
  const byId = new Map(
    (await selectTickets(db, orgId).where('t.id', 'in', pageIds).execute()).map((row) => [
      Number(row.id),
      row,
    ]),
  );
  return { rows: pageIds.flatMap((id) => byId.get(id) ?? []), total: Number(count.total) };
};

/** A conversation of the organisation with its visitor, for "create from conversation". */
export const findThreadWithVisitor = (db: Executor, orgId: number, tid: string) =>
  db
    .selectFrom('thread as th')
    .leftJoin('visitor as v', 'v.id', 'th.visitor_id')
    .leftJoin('customer as cu', (join) =>
      join.onRef('cu.id', '=', 'v.customer_id').onRef('cu.org_id', '=', 'th.org_id'),
    )
    .where('th.org_id', '=', orgId)
    .where('th.tid', '=', tid)
    .select([
      'th.id',
      'th.tid',
      'th.workgroup_id',
      'v.nickname',
      'v.email',
      'v.mobile',
      'cu.cid as customer_cid',
    ])
    .executeTakeFirst();

/** A CRM customer of the organisation by its public id. */
export const findCustomerByCid = (db: Executor, orgId: number, cid: string) =>
  db
    .selectFrom('customer')
    .where('org_id', '=', orgId)
    .where('cid', '=', cid)
    .select(['id', 'cid', 'name'])
    .executeTakeFirst();

/** Text of a conversation in order, at most `limit` messages, with who said it. */
export const listTranscript = (db: Executor, orgId: number, threadId: number, limit: number) =>
  db
    .selectFrom('message as m')
    .leftJoin('user as u', 'u.id', 'm.sender_user_id')
    .leftJoin('visitor as v', 'v.id', 'm.sender_visitor_id')
    .where('m.org_id', '=', orgId)
    .where('m.thread_id', '=', threadId)
    .where('m.type', 'in', ['text', 'robot', 'image', 'file'])
    .where('m.status', '!=', 'recall')
    .select([
      'm.type',
      'm.content',
      'm.image_url',
      'm.file_url',
      'm.file_name',
      'm.sender_kind',
      'm.created_at',
      'u.nickname as user_nickname',
      'v.nickname as visitor_nickname',
    ])
    .orderBy('m.seq')
    .limit(limit)
    .execute();

export const linkThreadToTicket = (trx: Executor, orgId: number, threadId: number, ticketId: number) =>
  trx
    .updateTable('thread')
    .set({ ticket_id: ticketId })
    .where('org_id', '=', orgId)
    .where('id', '=', threadId)
    .execute();

export const insertNotices = async (
  trx: Executor,
  rows: Insertable<Database['ticket_notice']>[],
): Promise<void> => {
  if (rows.length > 0) await trx.insertInto('ticket_notice').values(rows).execute();
};

export const pageNotices = async (
  db: Executor,
  orgId: number,
  userId: number,
  page: number,
  size: number,
) => {
  const base = db
    .selectFrom('ticket_notice as n')
    .where('n.org_id', '=', orgId)
    .where('n.user_id', '=', userId);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .innerJoin('ticket as t', 't.id', 'n.ticket_id')
    .leftJoin('user as a', 'a.id', 'n.actor_id')
    .select([
      'n.nid',
      'n.kind',
      'n.read_at',
      'n.created_at',
      't.tkid',
      't.number',
      't.title',
      'a.uid',
      'a.nickname',
      'a.avatar',
    ])
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(size)
    .offset(page * size)
    .execute();
  return { rows, total: Number(count.total) };
};

export const markNoticesRead = (db: Executor, orgId: number, userId: number, nids: string[], now: number) => {
  let query = db
    .updateTable('ticket_notice')
    .set({ read_at: now })
    .where('org_id', '=', orgId)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null);
  if (nids.length > 0) query = query.where('nid', 'in', nids);
  return query.execute();
};

/** Tickets relevant to [from, to]: created by `to` and not finished before `from`. */
export const listTicketsForStatistics = (
  db: Executor,
  orgId: number,
  from: number,
  to: number,
  source: string | undefined,
) =>
  db
    .selectFrom('ticket as t')
    .$if(source !== undefined, (query) => query.where('t.source', '=', source ?? ''))
    .leftJoin('user as a', 'a.id', 't.assignee_id')
    .leftJoin('workgroup as w', 'w.id', 't.workgroup_id')
    .where('t.org_id', '=', orgId)
    .where('t.created_at', '<=', to)
    .where((eb) =>
      eb.or([
        eb('t.resolved_at', '>=', from),
        eb('t.closed_at', '>=', from),
        eb.and([eb('t.resolved_at', 'is', null), eb('t.closed_at', 'is', null)]),
        eb('t.created_at', '>=', from),
      ]),
    )
    .select([
      't.status',
      't.priority',
      't.created_at',
      't.resolved_at',
      't.closed_at',
      't.first_responded_at',
      't.first_response_due_at',
      't.resolution_due_at',
      't.first_response_breached',
      't.resolution_breached',
      'a.uid as assignee_uid',
      'a.nickname as assignee_nickname',
      'w.wid as workgroup_wid',
      'w.nickname as workgroup_nickname',
    ])
    .execute();

// Templates ------------------------------------------------------------------------------------

export const findTemplate = (db: Executor, orgId: number, ttid: string) =>
  db
    .selectFrom('ticket_template')
    .where('org_id', '=', orgId)
    .where('ttid', '=', ttid)
    .selectAll()
    .executeTakeFirst();

export const listTemplates = (db: Executor, orgId: number) =>
  db.selectFrom('ticket_template').where('org_id', '=', orgId).selectAll().orderBy('name').execute();

export const findTemplateByName = (db: Executor, orgId: number, name: string) =>
  db
    .selectFrom('ticket_template')
    .where('org_id', '=', orgId)
    .where('name', '=', name)
    .select(['id', 'ttid'])
    .executeTakeFirst();

export const insertTemplate = (db: Executor, values: Insertable<Database['ticket_template']>) =>
  db.insertInto('ticket_template').values(values).execute();

export const updateTemplate = (
  db: Executor,
  orgId: number,
  ttid: string,
  values: { name: string; preset: string; fields: string; updated_at: number },
) =>
  db
    .updateTable('ticket_template')
    .set(values)
    .where('org_id', '=', orgId)
    .where('ttid', '=', ttid)
    .execute();

export const deleteTemplate = (db: Executor, orgId: number, ttid: string) =>
  db.deleteFrom('ticket_template').where('org_id', '=', orgId).where('ttid', '=', ttid).executeTakeFirst();

// Inbound mail ---------------------------------------------------------------------------------

export const saveInboundSecret = (db: Executor, orgId: number, secretHash: string, now: number) =>
  db
    .insertInto('ticket_inbound')
    .values({ org_id: orgId, secret_hash: secretHash, created_at: now })
    .onConflict((oc) => oc.column('org_id').doUpdateSet({ secret_hash: secretHash, created_at: now }))
    .execute();

export const findInboundSecretTime = (db: Executor, orgId: number) =>
  db.selectFrom('ticket_inbound').where('org_id', '=', orgId).select('created_at').executeTakeFirst();

export const findInboundBySubDomain = (db: Executor, subDomain: string) =>
  db
    .selectFrom('organization as o')
    .innerJoin('ticket_inbound as i', 'i.org_id', 'o.id')
    .where('o.sub_domain', '=', subDomain)
    .select(['o.id as org_id', 'o.name', 'i.secret_hash'])
    .executeTakeFirst();

/** Uploads of the organisation by storage key (attachments must be the organisation's own files). */
export const findUploadsByKeys = (db: Executor, orgId: number, keys: string[]) =>
  keys.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('attachment')
        .where('org_id', '=', orgId)
        .where('storage_key', 'in', keys)
        .select(['storage_key', 'file_name', 'media_type', 'size'])
        .execute();
