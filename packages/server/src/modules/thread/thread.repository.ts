import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { fromStatusesOf, openThreadStatuses, targetStatusOf } from './thread.machine.js';
import { rollupThreadEvent } from '../statistic/statistic.repository.js';

/* Kysely queries of threads; every one is scoped by org_id. */

const selectThreads = (db: Executor) =>
  db
    .selectFrom('thread')
    .innerJoin('visitor', 'visitor.id', 'thread.visitor_id')
    .leftJoin('user as agent', 'agent.id', 'thread.agent_id')
    .leftJoin('workgroup', 'workgroup.id', 'thread.workgroup_id')
    // The ticket made from the conversation (modules/ticket links it); same organisation by construction.
    .leftJoin('ticket as linked_ticket', 'linked_ticket.id', 'thread.ticket_id')
    .select([
      'thread.id',
      'thread.tid',
      'thread.org_id',
      'thread.type',
      'thread.status',
      'thread.client',
      'thread.content',
      'thread.close_type',
      'thread.seq',
      'thread.cycle',
      'thread.rated',
      'thread.visitor_read_seq',
      'thread.agent_read_seq',
      'thread.queued_at',
      'thread.started_at',
      'thread.first_response_at',
      'thread.last_message_at',
      'thread.last_visitor_message_at',
      'thread.closed_at',
      'thread.reply_until',
      'thread.commodity',
      'thread.created_at',
      'thread.updated_at',
      'thread.workgroup_id',
      'thread.agent_id',
      'thread.visitor_id',
      'thread.appointed_agent_id',
      'visitor.vid as visitor_vid',
      'visitor.nickname as visitor_nickname',
      'visitor.avatar as visitor_avatar',
      'visitor.client as visitor_client',
      'agent.uid as agent_uid',
      'agent.username as agent_username',
      'agent.nickname as agent_nickname',
      'agent.real_name as agent_real_name',
      'agent.avatar as agent_avatar',
      'agent.is_robot as agent_is_robot',
      'agent.enabled as agent_enabled',
      'agent.status as agent_status',
      'agent.auto_reply_type as agent_auto_reply_type',
      'workgroup.wid as workgroup_wid',
      'workgroup.nickname as workgroup_nickname',
      'workgroup.allow_call as workgroup_allow_call',
      'linked_ticket.tkid as linked_ticket_tkid',
      'linked_ticket.number as linked_ticket_number',
      // The visitor left a message in this care cycle: only an offline thread takes one, after it went
      // offline (closed_at), for its target — or for a group that handed over to it outside its hours.
      (eb) =>
        eb
          .case()
          .when(
            eb.and([
              eb('thread.status', '=', 'offline'),
              eb.exists(
                eb
                  .selectFrom('leave_message')
                  .select('leave_message.id')
                  .whereRef('leave_message.org_id', '=', 'thread.org_id')
                  .whereRef('leave_message.visitor_id', '=', 'thread.visitor_id')
                  .whereRef('leave_message.created_at', '>=', 'thread.closed_at')
                  .where((inner) =>
                    inner.or([
                      inner('leave_message.agent_id', '=', inner.ref('thread.appointed_agent_id')),
                      inner.and([
                        inner('thread.appointed_agent_id', 'is', null),
                        inner.or([
                          inner('leave_message.workgroup_id', '=', inner.ref('thread.workgroup_id')),
                          inner(
                            'leave_message.workgroup_id',
                            'in',
                            inner
                              .selectFrom('workgroup as handing_over')
                              .select('handing_over.id')
                              .whereRef('handing_over.on_duty_workgroup_id', '=', 'thread.workgroup_id'),
                          ),
                        ]),
                      ]),
                    ]),
                  ),
              ),
            ]),
          )
          .then(1)
          .else(0)
          .end()
          .as('left_message'),
    ]);

export type ThreadRow = Awaited<ReturnType<ReturnType<typeof selectThreads>['executeTakeFirstOrThrow']>>;

export const findThreadById = (db: Executor, orgId: number, id: number) =>
  selectThreads(db).where('thread.org_id', '=', orgId).where('thread.id', '=', id).executeTakeFirst();

export const findThreadByTid = (db: Executor, orgId: number, tid: string) =>
  selectThreads(db).where('thread.org_id', '=', orgId).where('thread.tid', '=', tid).executeTakeFirst();

export const findThreadsByIds = async (db: Executor, orgId: number, ids: number[]): Promise<ThreadRow[]> =>
  ids.length === 0
    ? []
    : selectThreads(db)
        // Unary plus: the org check stays, but SQLite must not pick an (org_id, …) index over the
        // primary key and read every thread of the organisation to find these few.
        .where(sql<number>`+thread.org_id`, '=', orgId)
        .where('thread.id', 'in', ids)
        .execute();

/** The visitor's conversation with a skill group or an appointed agent (one per pair, reopened). */
export const findVisitorThread = (
  db: Executor,
  orgId: number,
  visitorId: number,
  target: { workgroupId: number } | { appointedAgentId: number },
) => {
  let query = selectThreads(db).where('thread.org_id', '=', orgId).where('thread.visitor_id', '=', visitorId);
  query =
    'workgroupId' in target
      ? query
          .where('thread.workgroup_id', '=', target.workgroupId)
          .where('thread.appointed_agent_id', 'is', null)
      : query.where('thread.appointed_agent_id', '=', target.appointedAgentId);
  return query.orderBy('thread.updated_at', 'desc').executeTakeFirst();
};

export const findOpenThreadOfVisitor = (db: Executor, orgId: number, visitorId: number) =>
  selectThreads(db)
    .where('thread.org_id', '=', orgId)
    .where('thread.visitor_id', '=', visitorId)
    .where('thread.status', 'in', [...openThreadStatuses])
    .orderBy('thread.updated_at', 'desc')
    .executeTakeFirst();

export const listThreadsOfVisitor = (db: Executor, orgId: number, visitorId: number, limit: number) =>
  selectThreads(db)
    .where('thread.org_id', '=', orgId)
    .where('thread.visitor_id', '=', visitorId)
    .orderBy('thread.updated_at', 'desc')
    .limit(limit)
    .execute();

export type ThreadInsert = {
  tid: string;
  orgId: number;
  type: string;
  visitorId: number;
  workgroupId: number | null;
  appointedAgentId: number | null;
  client: string;
  now: number;
};

/** A new thread starts queuing; routing moves it on within the same transaction. */
export const insertThread = async (db: Executor, values: ThreadInsert): Promise<number> => {
  const row = await db
    .insertInto('thread')
    .values({
      tid: values.tid,
      org_id: values.orgId,
      type: values.type,
      status: 'queuing',
      visitor_id: values.visitorId,
      workgroup_id: values.workgroupId,
      appointed_agent_id: values.appointedAgentId,
      client: values.client,
      queued_at: values.now,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

/** Starts a new care cycle of a finished thread: back in the queue until routing decides. */
export const reopenThread = async (db: Executor, orgId: number, id: number, client: string, now: number) =>
  (
    await db
      .updateTable('thread')
      .set((eb) => ({
        status: targetStatusOf.reopen,
        cycle: eb('cycle', '+', 1),
        client,
        agent_id: null,
        close_type: null,
        closed_at: null,
        rated: 0,
        queued_at: now,
        started_at: null,
        first_response_at: null,
        updated_at: now,
      }))
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('reopen')])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/** The skill group's robot takes a new (queuing) request: conditional, like every status change. */
export const startRobotThread = async (
  db: Executor,
  orgId: number,
  id: number,
  robotId: number,
  now: number,
) =>
  (
    await db
      .updateTable('thread')
      .set({
        status: targetStatusOf.robot,
        type: 'robot',
        agent_id: robotId,
        started_at: now,
        queued_at: null,
        updated_at: now,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('robot')])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/** The visitor asks the robot for a person: back to the queue (routing moves it on), as robot_to_agent. */
export const handRobotThreadToQueue = async (db: Executor, orgId: number, id: number, now: number) =>
  (
    await db
      .updateTable('thread')
      .set({
        status: targetStatusOf.route,
        type: 'robot_to_agent',
        agent_id: null,
        started_at: null,
        queued_at: now,
        updated_at: now,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('route')])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

/**
 * Hands a queued thread to an agent. Conditional on the thread still queuing, so of two nodes
 * assigning the same thread only one succeeds.
 */
export const assignQueuedThread = async (
  db: Executor,
  orgId: number,
  id: number,
  agentId: number,
  now: number,
) =>
  (
    await db
      .updateTable('thread')
      .set({ status: targetStatusOf.assign, agent_id: agentId, started_at: now, updated_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('assign')])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const markThreadOffline = async (
  db: Executor,
  orgId: number,
  id: number,
  closeType: string,
  now: number,
) =>
  (
    await db
      .updateTable('thread')
      .set({
        status: targetStatusOf.offline,
        close_type: closeType,
        closed_at: now,
        queued_at: null,
        updated_at: now,
      })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('offline')])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const closeOpenThread = async (
  db: Executor,
  orgId: number,
  id: number,
  closeType: string,
  now: number,
) =>
  (
    await db
      .updateTable('thread')
      .set({ status: targetStatusOf.close, close_type: closeType, closed_at: now, updated_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('close')])
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const moveThreadToAgent = async (
  db: Executor,
  orgId: number,
  id: number,
  fromAgentId: number,
  toAgentId: number,
  now: number,
) =>
  (
    await db
      .updateTable('thread')
      .set({ agent_id: toAgentId, updated_at: now })
      .where('org_id', '=', orgId)
      .where('id', '=', id)
      .where('status', 'in', [...fromStatusesOf('transfer')])
      .where('agent_id', '=', fromAgentId)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

export const setThreadRated = async (db: Executor, id: number, now: number) => {
  await db.updateTable('thread').set({ rated: 1, updated_at: now }).where('id', '=', id).execute();
};

export const setReadSeq = async (db: Executor, id: number, side: 'visitor' | 'agent', seq: number) => {
  const column = side === 'visitor' ? 'visitor_read_seq' : 'agent_read_seq';
  // Conditional so a late, older receipt never moves the mark back.
  await db
    .updateTable('thread')
    .set({ [column]: seq })
    .where('id', '=', id)
    .where(column, '<', seq)
    .execute();
};

/** Open conversations per agent (thread_member invitations do not count toward capacity). */
export const countOpenThreadsByAgent = async (
  db: Executor,
  orgId: number,
  agentIds: number[],
): Promise<Map<number, number>> => {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('thread')
    .select((eb) => ['agent_id', eb.fn.countAll<number>().as('count')])
    .where('org_id', '=', orgId)
    .where('agent_id', 'in', agentIds)
    .where('status', 'in', ['chatting'])
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.agent_id), Number(row.count)]));
};

/** When each agent last got a conversation of the group: the round-robin order. */
export const lastAssignedAtByAgent = async (
  db: Executor,
  orgId: number,
  workgroupId: number,
  agentIds: number[],
): Promise<Map<number, number>> => {
  if (agentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('thread_event')
    .select((eb) => ['agent_id', eb.fn.max('at').as('at')])
    .where('org_id', '=', orgId)
    .where('workgroup_id', '=', workgroupId)
    .where('kind', '=', 'assigned')
    .where('agent_id', 'in', agentIds)
    .groupBy('agent_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.agent_id), Number(row.at)]));
};

/**
 * The agent who last served the visitor in the organisation, by assignment or transfer (route type
 * `recent` and the group's `recent` flag); routing then checks that agent can take the chat.
 */
export const lastAgentOfVisitor = async (db: Executor, orgId: number, visitorId: number) => {
  const row = await db
    .selectFrom('thread_event')
    .innerJoin('thread', 'thread.id', 'thread_event.thread_id')
    .select('thread_event.agent_id')
    .where('thread_event.org_id', '=', orgId)
    .where('thread.org_id', '=', orgId)
    .where('thread_event.kind', 'in', ['assigned', 'transferred'])
    .where('thread_event.agent_id', 'is not', null)
    .where('thread.visitor_id', '=', visitorId)
    .orderBy('thread_event.at', 'desc')
    .orderBy('thread_event.id', 'desc')
    .executeTakeFirst();
  return row?.agent_id == null ? null : Number(row.agent_id);
};

/** Queued threads of a group in queue order (appointed ones excluded: they wait for their agent). */
export const listQueuedThreadIds = async (db: Executor, orgId: number, workgroupId: number) =>
  (
    await db
      .selectFrom('thread')
      .select('id')
      .where('org_id', '=', orgId)
      .where('workgroup_id', '=', workgroupId)
      .where('appointed_agent_id', 'is', null)
      .where('status', '=', 'queuing')
      .orderBy('queued_at')
      .orderBy('id')
      .execute()
  ).map((row) => Number(row.id));

export const listQueuedAppointedThreadIds = async (db: Executor, orgId: number, agentId: number) =>
  (
    await db
      .selectFrom('thread')
      .select('id')
      .where('org_id', '=', orgId)
      .where('appointed_agent_id', '=', agentId)
      .where('status', '=', 'queuing')
      .orderBy('queued_at')
      .orderBy('id')
      .execute()
  ).map((row) => Number(row.id));

/** 1-based queue position of a queued thread among its group's (or appointed agent's) queue. */
export const queuePositionOf = async (db: Executor, row: ThreadRow): Promise<number> => {
  let query = db
    .selectFrom('thread')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', row.org_id)
    .where('status', '=', 'queuing')
    .where((eb) =>
      eb.or([
        eb('queued_at', '<', row.queued_at ?? 0),
        eb.and([eb('queued_at', '=', row.queued_at ?? 0), eb('id', '<', row.id)]),
      ]),
    );
  query =
    row.appointed_agent_id !== null
      ? query.where('appointed_agent_id', '=', row.appointed_agent_id)
      : query.where('workgroup_id', '=', row.workgroup_id ?? 0).where('appointed_agent_id', 'is', null);
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.count) + 1;
};

/** How many wait in a group's queue (or an appointed agent's): a new visitor would come after them. */
export const countQueued = async (
  db: Executor,
  orgId: number,
  target: { workgroupId: number } | { appointedAgentId: number },
): Promise<number> => {
  let query = db
    .selectFrom('thread')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('status', '=', 'queuing');
  query =
    'workgroupId' in target
      ? query.where('workgroup_id', '=', target.workgroupId).where('appointed_agent_id', 'is', null)
      : query.where('appointed_agent_id', '=', target.appointedAgentId);
  return Number((await query.executeTakeFirstOrThrow()).count);
};

export const countQueuedInWorkgroups = async (db: Executor, orgId: number, workgroupIds: number[]) => {
  if (workgroupIds.length === 0) return 0;
  const row = await db
    .selectFrom('thread')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('workgroup_id', 'in', workgroupIds)
    .where('status', '=', 'queuing')
    .executeTakeFirstOrThrow();
  return Number(row.count);
};

/** Chatting threads idle since before their group's (or agent's) auto-close limit. */
export const listIdleChattingThreads = async (db: Executor, now: number) =>
  db
    .selectFrom('thread')
    .leftJoin('workgroup', 'workgroup.id', 'thread.workgroup_id')
    .innerJoin('user as agent', 'agent.id', 'thread.agent_id')
    .select([
      'thread.id',
      'thread.org_id',
      'thread.last_message_at',
      'thread.started_at',
      'workgroup.auto_close_minutes as group_minutes',
      'agent.auto_close_minutes as agent_minutes',
    ])
    .where('thread.status', '=', 'chatting')
    .where((eb) =>
      eb.or([
        eb('workgroup.auto_close_minutes', '>', 0),
        eb.and([
          eb.or([eb('workgroup.auto_close_minutes', 'is', null), eb('workgroup.auto_close_minutes', '=', 0)]),
          eb('agent.auto_close_minutes', '>', 0),
        ]),
      ]),
    )
    .where(
      sql<boolean>`coalesce(thread.last_message_at, thread.started_at, thread.created_at) < cast(${now} as bigint) - 60000 * coalesce(nullif(workgroup.auto_close_minutes, 0), agent.auto_close_minutes)`,
    )
    .limit(500)
    .execute();

/** Organisations and groups with someone queuing, for the periodic queue drain. */
export const listQueuesWithWaiting = async (db: Executor) =>
  db
    .selectFrom('thread')
    .select(['org_id', 'workgroup_id', 'appointed_agent_id'])
    .where('status', '=', 'queuing')
    .groupBy(['org_id', 'workgroup_id', 'appointed_agent_id'])
    .limit(1000)
    .execute();

export type ThreadEventValues = {
  orgId: number;
  threadId: number;
  cycle: number;
  kind: string;
  agentId?: number | null;
  workgroupId?: number | null;
  data?: Record<string, unknown>;
  at: number;
};

export const insertThreadEvent = async (db: Executor, values: ThreadEventValues) => {
  const inserted = await db
    .insertInto('thread_event')
    .values({
      org_id: values.orgId,
      thread_id: values.threadId,
      cycle: values.cycle,
      kind: values.kind,
      agent_id: values.agentId ?? null,
      workgroup_id: values.workgroupId ?? null,
      data: JSON.stringify(values.data ?? {}),
      at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Statistics: the hourly rollup follows each event in the same executor (transaction when given one).
  await rollupThreadEvent(db, values.orgId, Number(inserted.id));
};

export const insertSummary = async (
  db: Executor,
  values: {
    sid: string;
    orgId: number;
    threadId: number;
    agentId: number;
    category: string;
    content: string;
    now: number;
  },
) => {
  await db
    .insertInto('thread_summary')
    .values({
      sid: values.sid,
      org_id: values.orgId,
      thread_id: values.threadId,
      agent_id: values.agentId,
      category: values.category,
      content: values.content,
      created_at: values.now,
    })
    .execute();
};

export const listThreadMemberIds = async (db: Executor, threadId: number): Promise<number[]> =>
  (await db.selectFrom('thread_member').select('user_id').where('thread_id', '=', threadId).execute()).map(
    (row) => Number(row.user_id),
  );

export const addThreadMember = async (db: Executor, threadId: number, userId: number, now: number) => {
  await db
    .insertInto('thread_member')
    .values({ thread_id: threadId, user_id: userId, joined_at: now })
    .onConflict((oc) => oc.columns(['thread_id', 'user_id']).doNothing())
    .execute();
};

export const clearThreadMembers = async (db: Executor, threadId: number) => {
  await db.deleteFrom('thread_member').where('thread_id', '=', threadId).execute();
};

export const isThreadMember = async (db: Executor, threadId: number, userId: number) =>
  Boolean(
    await db
      .selectFrom('thread_member')
      .select('user_id')
      .where('thread_id', '=', threadId)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );

export type MineFilter =
  | { kind: 'current'; agentId: number }
  | { kind: 'queue'; agentId: number; workgroupIds: number[] }
  | { kind: 'groups'; workgroupIds: number[] | 'all' }
  | { kind: 'closed'; agentId: number };

/** The workbench lists (contract `threadListKindSchema`). */
export const pageMineThreads = async (
  db: Executor,
  orgId: number,
  filter: MineFilter,
  page: { page: number; size: number },
): Promise<{ rows: ThreadRow[]; total: number }> => {
  const scope = <Q extends ReturnType<typeof selectThreads>>(query: Q): Q => {
    let scoped = query.where('thread.org_id', '=', orgId) as Q;
    if (filter.kind === 'current') {
      const agentId = filter.agentId;
      scoped = scoped
        .where('thread.status', '=', 'chatting')
        .where((eb) =>
          eb.or([
            eb('thread.agent_id', '=', agentId),
            eb(
              'thread.id',
              'in',
              eb
                .selectFrom('thread_member')
                .select('thread_member.thread_id')
                .where('thread_member.user_id', '=', agentId),
            ),
          ]),
        ) as Q;
    } else if (filter.kind === 'queue') {
      const { agentId, workgroupIds } = filter;
      scoped = scoped
        .where('thread.status', '=', 'queuing')
        .where((eb) =>
          eb.or([
            eb('thread.appointed_agent_id', '=', agentId),
            eb.and([
              eb('thread.appointed_agent_id', 'is', null),
              eb('thread.workgroup_id', 'in', workgroupIds.length > 0 ? workgroupIds : [-1]),
            ]),
          ]),
        ) as Q;
    } else if (filter.kind === 'groups') {
      scoped = scoped.where('thread.status', 'in', [...openThreadStatuses]) as Q;
      if (filter.workgroupIds !== 'all')
        scoped = scoped.where(
          'thread.workgroup_id',
          'in',
          filter.workgroupIds.length > 0 ? filter.workgroupIds : [-1],
        ) as Q;
    } else {
      scoped = scoped
        .where('thread.status', '=', 'closed')
        .where('thread.agent_id', '=', filter.agentId) as Q;
    }
    return scoped;
  };
  const base = scope(selectThreads(db));
  const ordered =
    filter.kind === 'queue'
      ? base.orderBy('thread.queued_at').orderBy('thread.id')
      : filter.kind === 'closed'
        ? base.orderBy('thread.closed_at', 'desc').orderBy('thread.id', 'desc')
        : base.orderBy('thread.updated_at', 'desc').orderBy('thread.id', 'desc');
  const rows = await ordered
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  const count = await scope(selectThreads(db))
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(count.count) };
};
