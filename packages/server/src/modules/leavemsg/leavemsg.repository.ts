import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { countPage } from '../records/records.repository.js';

/* Kysely queries of leave messages; every one is scoped by org_id. */

const selectLeaveMessages = (db: Executor) =>
  db
    .selectFrom('leave_message')
    .innerJoin('visitor', 'visitor.id', 'leave_message.visitor_id')
    .leftJoin('workgroup', 'workgroup.id', 'leave_message.workgroup_id')
    .leftJoin('user as agent', 'agent.id', 'leave_message.agent_id')
    .select([
      'leave_message.id',
      'leave_message.lid',
      'leave_message.org_id',
      'leave_message.visitor_id',
      'leave_message.content',
      'leave_message.mobile',
      'leave_message.email',
      'leave_message.status',
      'leave_message.reply',
      'leave_message.replied_at',
      'leave_message.emailed',
      'leave_message.created_at',
      'visitor.vid as visitor_vid',
      'visitor.nickname as visitor_nickname',
      'visitor.avatar as visitor_avatar',
      'visitor.client as visitor_client',
      'workgroup.wid as workgroup_wid',
      'workgroup.nickname as workgroup_nickname',
      'agent.uid as agent_uid',
      'agent.username as agent_username',
      'agent.nickname as agent_nickname',
      'agent.real_name as agent_real_name',
      'agent.avatar as agent_avatar',
      'agent.is_robot as agent_is_robot',
      'agent.enabled as agent_enabled',
      'agent.status as agent_status',
    ]);

export type LeaveMessageRow = Awaited<
  ReturnType<ReturnType<typeof selectLeaveMessages>['executeTakeFirstOrThrow']>
>;

export const findLeaveMessageByLid = (db: Executor, orgId: number, lid: string) =>
  selectLeaveMessages(db)
    .where('leave_message.org_id', '=', orgId)
    .where('leave_message.lid', '=', lid)
    .executeTakeFirst();

export type LeaveMessageFilter = { status?: string; wid?: string; from?: number; to?: number };

const filtered = (db: Executor, orgId: number, filter: LeaveMessageFilter) => {
  let query = db.selectFrom('leave_message').where('leave_message.org_id', '=', orgId);
  if (filter.status) query = query.where('leave_message.status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('leave_message.created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('leave_message.created_at', '<=', filter.to);
  const wid = filter.wid;
  if (wid)
    query = query.where('leave_message.workgroup_id', 'in', (eb) =>
      eb
        .selectFrom('workgroup')
        .select('workgroup.id')
        .where('workgroup.org_id', '=', orgId)
        .where('workgroup.wid', '=', wid),
    );
  return query;
};

/** A page of the organisation's leave messages, newest first. */
export const pageLeaveMessages = async (
  db: Executor,
  orgId: number,
  filter: LeaveMessageFilter,
  paging: { page: number; size: number },
): Promise<{ rows: LeaveMessageRow[]; total: number; isTotalCapped: boolean }> => {
  const ids = (
    await filtered(db, orgId, filter)
      .select('leave_message.id')
      .orderBy('leave_message.created_at', 'desc')
      .orderBy('leave_message.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute()
  ).map((row) => Number(row.id));
  const counted = await countPage(
    db,
    filtered(db, orgId, filter).select('leave_message.id'),
    paging,
    ids.length,
  );
  const rows =
    ids.length === 0
      ? []
      : await selectLeaveMessages(db)
          // By primary key: the unary plus keeps SQLite off the organisation's indexes.
          .where(sql<number>`+leave_message.org_id`, '=', orgId)
          .where('leave_message.id', 'in', ids)
          .orderBy('leave_message.created_at', 'desc')
          .orderBy('leave_message.id', 'desc')
          .execute();
  return { rows, ...counted };
};

/** The visitor's own leave messages, newest first (the widget shows them with their replies). */
export const listLeaveMessagesOfVisitor = (db: Executor, orgId: number, visitorId: number, limit: number) =>
  selectLeaveMessages(db)
    .where('leave_message.org_id', '=', orgId)
    .where('leave_message.visitor_id', '=', visitorId)
    .orderBy('leave_message.created_at', 'desc')
    .orderBy('leave_message.id', 'desc')
    .limit(limit)
    .execute();

export type LeaveMessageInsert = {
  lid: string;
  orgId: number;
  visitorId: number;
  workgroupId: number | null;
  agentId: number | null;
  content: string;
  mobile: string;
  email: string;
  now: number;
};

export const insertLeaveMessage = async (db: Executor, values: LeaveMessageInsert): Promise<void> => {
  await db
    .insertInto('leave_message')
    .values({
      lid: values.lid,
      org_id: values.orgId,
      visitor_id: values.visitorId,
      workgroup_id: values.workgroupId,
      agent_id: values.agentId,
      content: values.content,
      mobile: values.mobile,
      email: values.email,
      status: 'unread',
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
};

/** Unread → read; any other status stays (reading a replied message does not reopen it). */
export const markLeaveMessageRead = async (db: Executor, orgId: number, id: number, now: number) => {
  await db
    .updateTable('leave_message')
    .set({ status: 'read', updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('status', '=', 'unread')
    .execute();
};

export const saveLeaveMessageReply = async (
  db: Executor,
  orgId: number,
  id: number,
  values: { reply: string; userId: number; now: number },
) => {
  await db
    .updateTable('leave_message')
    .set((eb) => ({
      reply: values.reply,
      status: 'replied',
      replied_at: values.now,
      replied_by: values.userId,
      // The agent it was left for keeps it; otherwise it becomes the replier's.
      agent_id: eb.fn.coalesce('agent_id', eb.val(values.userId)),
      emailed: 0,
      updated_at: values.now,
    }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const setLeaveMessageEmailed = async (db: Executor, orgId: number, id: number) => {
  await db
    .updateTable('leave_message')
    .set({ emailed: 1 })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const closeLeaveMessage = async (db: Executor, orgId: number, id: number, now: number) => {
  await db
    .updateTable('leave_message')
    .set({ status: 'closed', updated_at: now })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

/** How the skill group wants to be answered (default: mobile or email). */
export const findLeaveMessageTarget = async (
  db: Executor,
  orgId: number,
  target: { wid?: string; aid?: string },
) => {
  const group = target.wid
    ? await db
        .selectFrom('workgroup')
        .select(['id', 'leave_message_type'])
        .where('org_id', '=', orgId)
        .where('wid', '=', target.wid)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  const agent = target.aid
    ? await db
        .selectFrom('user')
        .select(['id'])
        .where('org_id', '=', orgId)
        .where('uid', '=', target.aid)
        .where('deleted_at', 'is', null)
        .where('is_robot', '=', 0)
        .executeTakeFirst()
    : undefined;
  return { group, agent };
};
