import { onlineUserStatuses, type GuideStepKey } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import { openTicketStatuses } from '../ticket/ticket.machine.js';
import { finishedThreadStatuses } from '../user/user-relations.repository.js';

/* Kysely queries of the dashboard; every one is scoped by the caller's organisation. */

/** SQLite answers `exists` with 0/1, PostgreSQL with a boolean. */
const isTrue = (value: unknown): boolean => value === true || Number(value) === 1;

/**
 * The setup checklist's evidence in one round trip: one `exists` per step. The embed step looks for
 * a visitor whose page is a site address outside the chat page and this console, which is what the
 * embed loader reports (`/visitor/api/init` with the host page), and what opening the chat link by
 * hand does not.
 */
export const findGuideEvidence = async (
  db: Executor,
  orgId: number,
  now: number,
): Promise<Record<GuideStepKey, boolean>> => {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .exists(
          eb
            .selectFrom('workgroup')
            .select('workgroup.id')
            .where('workgroup.org_id', '=', orgId)
            .where('workgroup.deleted_at', 'is', null),
        )
        .as('skillGroup'),
      eb
        .exists(
          eb
            .selectFrom('user')
            .select('user.id')
            .where('user.org_id', '=', orgId)
            .where('user.is_robot', '=', 0)
            .where('user.deleted_at', 'is', null)
            .where('user.id', 'not in', (sub) =>
              sub
                .selectFrom('organization')
                .select('organization.owner_user_id')
                .where('organization.id', '=', orgId)
                .where('organization.owner_user_id', 'is not', null),
            ),
        )
        .as('agent'),
      eb
        .exists(
          eb
            .selectFrom('user')
            .select('user.id')
            .where('user.org_id', '=', orgId)
            .where('user.is_robot', '=', 0)
            .where('user.deleted_at', 'is', null)
            .where('user.enabled', '=', 1)
            .where('user.status', 'in', [...onlineUserStatuses]),
        )
        .as('agentOnline'),
      eb
        .exists(
          eb
            .selectFrom('visitor')
            .select('visitor.id')
            .where('visitor.org_id', '=', orgId)
            .where((w) =>
              w.or([w('visitor.page', 'like', 'http://%'), w('visitor.page', 'like', 'https://%')]),
            )
            .where('visitor.page', 'not like', '%/chat/%')
            .where('visitor.page', 'not like', '%/admin/%'),
        )
        .as('embedLoaded'),
      eb
        .exists(eb.selectFrom('thread').select('thread.id').where('thread.org_id', '=', orgId))
        .as('firstConversation'),
      eb
        .exists(
          eb.selectFrom('faq').select('faq.id').where('faq.org_id', '=', orgId).where('faq.enabled', '=', 1),
        )
        .as('robotFaq'),
      eb
        .exists(
          eb
            .selectFrom('article')
            .select('article.id')
            .where('article.org_id', '=', orgId)
            .where('article.type', '=', 'support')
            .where('article.deleted_at', 'is', null)
            .where((w) =>
              w.or([
                w('article.status', '=', 'published'),
                w.and([w('article.status', '=', 'scheduled'), w('article.publish_at', '<=', now)]),
              ]),
            ),
        )
        .as('kbArticle'),
      eb
        .exists(eb.selectFrom('quick_reply').select('quick_reply.id').where('quick_reply.org_id', '=', orgId))
        .as('quickReply'),
    ])
    .executeTakeFirstOrThrow();
  return {
    skillGroup: isTrue(row.skillGroup),
    agent: isTrue(row.agent),
    agentOnline: isTrue(row.agentOnline),
    embedLoaded: isTrue(row.embedLoaded),
    firstConversation: isTrue(row.firstConversation),
    robotFaq: isTrue(row.robotFaq),
    kbArticle: isTrue(row.kbArticle),
    quickReply: isTrue(row.quickReply),
  };
};

export type TeamAgentRow = {
  id: number;
  uid: string;
  nickname: string;
  avatar: string;
  status: string;
  maxThreadCount: number;
};

/** The organisation's enabled people (robots and deleted accounts left out), by nickname. */
export const listTeamAgents = async (db: Executor, orgId: number): Promise<TeamAgentRow[]> => {
  const rows = await db
    .selectFrom('user')
    .select(['id', 'uid', 'nickname', 'avatar', 'status', 'max_thread_count'])
    .where('org_id', '=', orgId)
    .where('is_robot', '=', 0)
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .orderBy('nickname')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: Number(row.id),
    uid: row.uid,
    nickname: row.nickname,
    avatar: row.avatar,
    status: row.status,
    maxThreadCount: Number(row.max_thread_count),
  }));
};

/** Open conversations (neither closed nor offline) per agent of the organisation. */
export const countOpenConversationsByAgent = async (
  db: Executor,
  orgId: number,
): Promise<Map<number, number>> => {
  const rows = await db
    .selectFrom('thread')
    .select((eb) => ['agent_id', eb.fn.countAll<number>().as('count')])
    .where('org_id', '=', orgId)
    .where('agent_id', 'is not', null)
    .where('status', 'not in', [...finishedThreadStatuses])
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.agent_id), Number(row.count)]));
};

export const countOpenConversationsOfAgent = async (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<number> => {
  const row = await db
    .selectFrom('thread')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('agent_id', '=', userId)
    .where('status', 'not in', [...finishedThreadStatuses])
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export const countOpenTicketsOfAssignee = async (
  db: Executor,
  orgId: number,
  userId: number,
): Promise<number> => {
  const row = await db
    .selectFrom('ticket')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('assignee_id', '=', userId)
    .where('status', 'in', openTicketStatuses)
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

export type QueueRow = { workgroupId: number | null; waiting: number; oldestQueuedAt: number | null };

/** Waiting conversations per skill group (null: appointed to one agent), with the oldest wait. */
export const summarizeQueues = async (db: Executor, orgId: number): Promise<QueueRow[]> => {
  const rows = await db
    .selectFrom('thread')
    .select((eb) => [
      'workgroup_id',
      eb.fn.countAll<number>().as('waiting'),
      eb.fn.min(eb.fn.coalesce('queued_at', 'created_at')).as('oldest'),
    ])
    .where('org_id', '=', orgId)
    .where('status', '=', 'queuing')
    .groupBy('workgroup_id')
    .execute();
  return rows.map((row) => ({
    workgroupId: row.workgroup_id === null ? null : Number(row.workgroup_id),
    waiting: Number(row.waiting),
    oldestQueuedAt: row.oldest === null ? null : Number(row.oldest),
  }));
};

/** Conversations with an agent and with a robot, now. */
export const countLiveConversations = async (
  db: Executor,
  orgId: number,
): Promise<{ chatting: number; robot: number }> => {
  const rows = await db
    .selectFrom('thread')
    .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
    .where('org_id', '=', orgId)
    .where('status', 'in', ['chatting', 'robot'])
    .groupBy('status')
    .execute();
  const countOf = (status: string) => Number(rows.find((row) => row.status === status)?.count ?? 0);
  return { chatting: countOf('chatting'), robot: countOf('robot') };
};

export const countWaiting = async (db: Executor, orgId: number): Promise<number> => {
  const row = await db
    .selectFrom('thread')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'queuing')
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** The organisation's skill groups with their members' row ids. */
export const listWorkgroupsWithMembers = async (
  db: Executor,
  orgId: number,
): Promise<{ id: number; wid: string; nickname: string; memberIds: number[] }[]> => {
  const [groups, members] = await Promise.all([
    db
      .selectFrom('workgroup')
      .select(['id', 'wid', 'nickname'])
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .orderBy('nickname')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('workgroup_member')
      .innerJoin('workgroup', 'workgroup.id', 'workgroup_member.workgroup_id')
      .select(['workgroup_member.workgroup_id', 'workgroup_member.user_id'])
      .where('workgroup.org_id', '=', orgId)
      .where('workgroup.deleted_at', 'is', null)
      .execute(),
  ]);
  const byGroup = new Map<number, number[]>();
  for (const member of members) {
    const list = byGroup.get(Number(member.workgroup_id)) ?? [];
    list.push(Number(member.user_id));
    byGroup.set(Number(member.workgroup_id), list);
  }
  return groups.map((group) => ({
    id: Number(group.id),
    wid: group.wid,
    nickname: group.nickname,
    memberIds: byGroup.get(Number(group.id)) ?? [],
  }));
};
