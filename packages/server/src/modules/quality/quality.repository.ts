import type { QualitySource, QualityStatus } from '@openkefu/contract';
import type { Executor } from '../../db/database.js';

/* Kysely queries of quality inspection; every one is scoped by the organisation. */

// ---- schemes ----

export const listSchemes = (db: Executor, orgId: number) =>
  db
    .selectFrom('quality_scheme')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .execute();

export type SchemeRow = Awaited<ReturnType<typeof listSchemes>>[number];

export const findSchemeByQsid = (db: Executor, orgId: number, qsid: string) =>
  db
    .selectFrom('quality_scheme')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('qsid', '=', qsid)
    .executeTakeFirst();

export const findSchemeById = (db: Executor, orgId: number, id: number) =>
  db
    .selectFrom('quality_scheme')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .executeTakeFirst();

export const findDefaultScheme = (db: Executor, orgId: number) =>
  db
    .selectFrom('quality_scheme')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('is_default', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();

export const insertScheme = async (
  db: Executor,
  values: {
    qsid: string;
    orgId: number;
    name: string;
    description: string;
    passMark: number;
    isDefault: boolean;
    criteria: string;
    now: number;
  },
): Promise<number> => {
  const row = await db
    .insertInto('quality_scheme')
    .values({
      qsid: values.qsid,
      org_id: values.orgId,
      name: values.name,
      description: values.description,
      pass_mark: values.passMark,
      is_default: values.isDefault ? 1 : 0,
      criteria: values.criteria,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

export const updateScheme = (
  db: Executor,
  orgId: number,
  id: number,
  values: {
    name: string;
    description: string;
    passMark: number;
    isDefault: boolean;
    criteria: string;
    now: number;
  },
) =>
  db
    .updateTable('quality_scheme')
    .set({
      name: values.name,
      description: values.description,
      pass_mark: values.passMark,
      is_default: values.isDefault ? 1 : 0,
      criteria: values.criteria,
      updated_at: values.now,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();

export const clearDefaultScheme = (db: Executor, orgId: number, exceptId: number) =>
  db
    .updateTable('quality_scheme')
    .set({ is_default: 0 })
    .where('org_id', '=', orgId)
    .where('id', '!=', exceptId)
    .execute();

export const deleteScheme = (db: Executor, orgId: number, id: number) =>
  db.deleteFrom('quality_scheme').where('org_id', '=', orgId).where('id', '=', id).execute();

export const countInspectionsOfScheme = async (db: Executor, orgId: number, schemeId: number) =>
  Number(
    (
      await db
        .selectFrom('quality_inspection')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', orgId)
        .where('scheme_id', '=', schemeId)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const listSchemeWorkgroups = (db: Executor, orgId: number) =>
  db
    .selectFrom('quality_scheme_workgroup')
    .innerJoin('workgroup', 'workgroup.id', 'quality_scheme_workgroup.workgroup_id')
    .select(['quality_scheme_workgroup.scheme_id', 'workgroup.id', 'workgroup.wid', 'workgroup.nickname'])
    .where('quality_scheme_workgroup.org_id', '=', orgId)
    .orderBy('workgroup.id')
    .execute();

/** Points the scheme at exactly these groups (taking them from any other scheme). */
export const replaceSchemeWorkgroups = async (
  db: Executor,
  orgId: number,
  schemeId: number,
  workgroupIds: number[],
) => {
  await db
    .deleteFrom('quality_scheme_workgroup')
    .where('org_id', '=', orgId)
    .where('scheme_id', '=', schemeId)
    .execute();
  if (workgroupIds.length === 0) return;
  await db
    .deleteFrom('quality_scheme_workgroup')
    .where('org_id', '=', orgId)
    .where('workgroup_id', 'in', workgroupIds)
    .execute();
  await db
    .insertInto('quality_scheme_workgroup')
    .values(
      workgroupIds.map((workgroupId) => ({ workgroup_id: workgroupId, org_id: orgId, scheme_id: schemeId })),
    )
    .execute();
};

export const findSchemeOfWorkgroup = (db: Executor, orgId: number, workgroupId: number) =>
  db
    .selectFrom('quality_scheme_workgroup')
    .innerJoin('quality_scheme', 'quality_scheme.id', 'quality_scheme_workgroup.scheme_id')
    .selectAll('quality_scheme')
    .where('quality_scheme_workgroup.org_id', '=', orgId)
    .where('quality_scheme_workgroup.workgroup_id', '=', workgroupId)
    .executeTakeFirst();

export const findWorkgroupsByWids = (db: Executor, orgId: number, wids: string[]) =>
  wids.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('workgroup')
        .select(['id', 'wid'])
        .where('org_id', '=', orgId)
        .where('wid', 'in', wids)
        .execute();

// ---- rules ----

export const listRules = (db: Executor, orgId: number) =>
  db.selectFrom('quality_rule').selectAll().where('org_id', '=', orgId).orderBy('id').execute();

export type RuleRow = Awaited<ReturnType<typeof listRules>>[number];

export const findRuleByQrid = (db: Executor, orgId: number, qrid: string) =>
  db
    .selectFrom('quality_rule')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('qrid', '=', qrid)
    .executeTakeFirst();

export const findRuleByKind = (db: Executor, orgId: number, kind: string) =>
  db
    .selectFrom('quality_rule')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('kind', '=', kind)
    .executeTakeFirst();

export const deleteRule = (db: Executor, orgId: number, id: number) =>
  db.deleteFrom('quality_rule').where('org_id', '=', orgId).where('id', '=', id).execute();

// ---- threads (what sampling and the checks read) ----

export const selectClosedThread = (db: Executor) =>
  db
    .selectFrom('thread')
    .leftJoin('visitor', 'visitor.id', 'thread.visitor_id')
    .select([
      'thread.id',
      'thread.tid',
      'thread.org_id',
      'thread.status',
      'thread.cycle',
      'thread.agent_id',
      'thread.workgroup_id',
      'thread.close_type',
      'thread.queued_at',
      'thread.started_at',
      'thread.first_response_at',
      'thread.closed_at',
      'thread.created_at',
      'visitor.nickname as visitor_nickname',
    ]);

export type ClosedThreadRow = Awaited<ReturnType<ReturnType<typeof selectClosedThread>['execute']>>[number];

export const findThreadForQuality = (
  db: Executor,
  orgId: number,
  where: { tid: string } | { id: number },
) => {
  const base = selectClosedThread(db).where('thread.org_id', '=', orgId);
  return (
    'tid' in where ? base.where('thread.tid', '=', where.tid) : base.where('thread.id', '=', where.id)
  ).executeTakeFirst();
};

/** Closed conversations served by an agent, closed in [from, to], oldest first. */
export const listClosedThreads = (db: Executor, orgId: number, from: number, to: number, limit: number) =>
  selectClosedThread(db)
    .where('thread.org_id', '=', orgId)
    .where('thread.status', '=', 'closed')
    .where('thread.agent_id', 'is not', null)
    .where('thread.closed_at', '>=', from)
    .where('thread.closed_at', '<=', to)
    .orderBy('thread.closed_at')
    .orderBy('thread.id')
    .limit(limit)
    .execute();

/** Conversations of the agent closed in [from, to]: the percent rule's base. */
export const countAgentClosedThreads = async (
  db: Executor,
  orgId: number,
  agentId: number,
  from: number,
  to: number,
) =>
  Number(
    (
      await db
        .selectFrom('thread')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', orgId)
        .where('agent_id', '=', agentId)
        .where('closed_at', '>=', from)
        .where('closed_at', '<=', to)
        .executeTakeFirstOrThrow()
    ).count,
  );

export const countAgentSampled = async (
  db: Executor,
  orgId: number,
  agentId: number,
  source: string,
  from: number,
  to: number,
) =>
  Number(
    (
      await db
        .selectFrom('quality_inspection')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', orgId)
        .where('agent_id', '=', agentId)
        .where('source', '=', source)
        .where('closed_at', '>=', from)
        .where('closed_at', '<=', to)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Messages of the care cycle, by seq (text and media; system notices included for the transcript). */
export const listCycleMessages = (db: Executor, orgId: number, threadId: number, from: number, to: number) =>
  db
    .selectFrom('message')
    .leftJoin('user', 'user.id', 'message.sender_user_id')
    .leftJoin('visitor', 'visitor.id', 'message.sender_visitor_id')
    .select([
      'message.id',
      'message.mid',
      'message.type',
      'message.content',
      'message.status',
      'message.sender_kind',
      'message.created_at',
      'user.nickname as user_nickname',
      'visitor.nickname as visitor_nickname',
    ])
    .where('message.org_id', '=', orgId)
    .where('message.thread_id', '=', threadId)
    .where('message.created_at', '>=', from)
    .where('message.created_at', '<=', to)
    .orderBy('message.seq')
    .limit(2000)
    .execute();

export const findMessageByMid = (db: Executor, orgId: number, threadId: number, mid: string) =>
  db
    .selectFrom('message')
    .select(['id', 'mid'])
    .where('org_id', '=', orgId)
    .where('thread_id', '=', threadId)
    .where('mid', '=', mid)
    .executeTakeFirst();

export const listCycleEvents = (db: Executor, orgId: number, threadId: number, cycle: number) =>
  db
    .selectFrom('thread_event')
    .select(['kind', 'at'])
    .where('org_id', '=', orgId)
    .where('thread_id', '=', threadId)
    .where('cycle', '=', cycle)
    .orderBy('at')
    .orderBy('id')
    .execute();

/** Words of the sensitive-word hits in the conversation between the times, by visitor or agent. */
export const listTabooHits = (db: Executor, orgId: number, threadId: number, from: number, to: number) =>
  db
    .selectFrom('taboo_hit')
    .select(['word', 'sender_kind'])
    .where('org_id', '=', orgId)
    .where('thread_id', '=', threadId)
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .orderBy('id')
    .execute();

export const findCycleRating = (db: Executor, orgId: number, threadId: number, cycle: number) =>
  db
    .selectFrom('rate')
    .select(['score'])
    .where('org_id', '=', orgId)
    .where('thread_id', '=', threadId)
    .where('cycle', '=', cycle)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();

// ---- inspections ----

export const insertInspection = async (
  db: Executor,
  values: {
    qid: string;
    orgId: number;
    threadId: number;
    cycle: number;
    agentId: number | null;
    workgroupId: number | null;
    schemeId: number;
    source: string;
    facts: string;
    closedAt: number | null;
    now: number;
  },
): Promise<number | null> => {
  const row = await db
    .insertInto('quality_inspection')
    .values({
      qid: values.qid,
      org_id: values.orgId,
      thread_id: values.threadId,
      cycle: values.cycle,
      agent_id: values.agentId,
      workgroup_id: values.workgroupId,
      scheme_id: values.schemeId,
      source: values.source,
      status: 'pending',
      facts: values.facts,
      closed_at: values.closedAt,
      created_at: values.now,
      updated_at: values.now,
    })
    // One inspection per conversation and care cycle: a second rule (or node) adds nothing.
    .onConflict((conflict) => conflict.columns(['thread_id', 'cycle']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row ? Number(row.id) : null;
};

export const selectInspection = (db: Executor) =>
  db
    .selectFrom('quality_inspection as qi')
    .innerJoin('thread', 'thread.id', 'qi.thread_id')
    .innerJoin('quality_scheme as scheme', 'scheme.id', 'qi.scheme_id')
    .leftJoin('visitor', 'visitor.id', 'thread.visitor_id')
    .leftJoin('user as agent', 'agent.id', 'qi.agent_id')
    .leftJoin('user as checker', 'checker.id', 'qi.checker_id')
    .leftJoin('workgroup', 'workgroup.id', 'qi.workgroup_id')
    .select([
      'qi.id',
      'qi.qid',
      'qi.org_id',
      'qi.thread_id',
      'qi.cycle',
      'qi.agent_id',
      'qi.scheme_id',
      'qi.source',
      'qi.status',
      'qi.facts',
      'qi.items',
      'qi.scheme_snapshot',
      'qi.score',
      'qi.passed',
      'qi.fatal',
      'qi.scored_at',
      'qi.appeal_reason',
      'qi.appeal_reply',
      'qi.appealed_at',
      'qi.decided_at',
      'qi.closed_at',
      'qi.created_at',
      'thread.tid',
      'thread.started_at',
      'thread.queued_at',
      'thread.created_at as thread_created_at',
      'visitor.nickname as visitor_nickname',
      'agent.uid as agent_uid',
      'agent.nickname as agent_nickname',
      'checker.uid as checker_uid',
      'checker.nickname as checker_nickname',
      'workgroup.wid as workgroup_wid',
      'workgroup.nickname as workgroup_nickname',
      'scheme.qsid as scheme_qsid',
      'scheme.name as scheme_name',
      'scheme.pass_mark as scheme_pass_mark',
    ]);

export type InspectionRow = Awaited<ReturnType<ReturnType<typeof selectInspection>['execute']>>[number];

export const findInspectionByQid = (db: Executor, orgId: number, qid: string) =>
  selectInspection(db).where('qi.org_id', '=', orgId).where('qi.qid', '=', qid).executeTakeFirst();

export type InspectionFilter = {
  status?: QualityStatus;
  source?: QualitySource;
  from?: number;
  to?: number;
  agentId?: number;
  workgroupId?: number;
  statuses?: QualityStatus[];
};

export const pageInspections = async (
  db: Executor,
  orgId: number,
  filter: InspectionFilter,
  page: { page: number; size: number },
): Promise<{ rows: InspectionRow[]; total: number }> => {
  let base = db.selectFrom('quality_inspection as qi').where('qi.org_id', '=', orgId);
  if (filter.agentId !== undefined) base = base.where('qi.agent_id', '=', filter.agentId);
  if (filter.workgroupId !== undefined) base = base.where('qi.workgroup_id', '=', filter.workgroupId);
  if (filter.status) base = base.where('qi.status', '=', filter.status);
  if (filter.statuses) base = base.where('qi.status', 'in', filter.statuses);
  if (filter.source) base = base.where('qi.source', '=', filter.source);
  if (filter.from !== undefined) base = base.where('qi.closed_at', '>=', filter.from);
  if (filter.to !== undefined) base = base.where('qi.closed_at', '<=', filter.to);
  const count = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  const ids = await base
    .select('qi.id')
    .orderBy('qi.closed_at', 'desc')
    .orderBy('qi.id', 'desc')
    .limit(page.size)
    .offset(page.page * page.size)
    .execute();
  if (ids.length === 0) return { rows: [], total: Number(count.count) };
  const rows = await selectInspection(db)
    .where(
      'qi.id',
      'in',
      ids.map((row) => row.id),
    )
    .orderBy('qi.closed_at', 'desc')
    .orderBy('qi.id', 'desc')
    .execute();
  return { rows, total: Number(count.count) };
};

/** Writes a status change only when the status is still the one read (two checkers: one wins). */
export const updateInspection = async (
  db: Executor,
  orgId: number,
  id: number,
  fromStatus: QualityStatus,
  values: {
    status: QualityStatus;
    items?: string;
    /** JSON: the scheme the score was computed with. */
    schemeSnapshot?: string;
    score?: number;
    passed?: boolean;
    fatal?: boolean;
    checkerId?: number;
    scoredAt?: number;
    appealReason?: string;
    appealReply?: string;
    appealedAt?: number;
    decidedAt?: number;
    now: number;
  },
): Promise<boolean> => {
  const result = await db
    .updateTable('quality_inspection')
    .set({
      status: values.status,
      ...(values.items !== undefined ? { items: values.items } : {}),
      ...(values.schemeSnapshot !== undefined ? { scheme_snapshot: values.schemeSnapshot } : {}),
      ...(values.score !== undefined ? { score: values.score } : {}),
      ...(values.passed !== undefined ? { passed: values.passed ? 1 : 0 } : {}),
      ...(values.fatal !== undefined ? { fatal: values.fatal ? 1 : 0 } : {}),
      ...(values.checkerId !== undefined ? { checker_id: values.checkerId } : {}),
      ...(values.scoredAt !== undefined ? { scored_at: values.scoredAt } : {}),
      ...(values.appealReason !== undefined ? { appeal_reason: values.appealReason } : {}),
      ...(values.appealReply !== undefined ? { appeal_reply: values.appealReply } : {}),
      ...(values.appealedAt !== undefined ? { appealed_at: values.appealedAt } : {}),
      ...(values.decidedAt !== undefined ? { decided_at: values.decidedAt } : {}),
      updated_at: values.now,
    })
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const insertLog = (
  db: Executor,
  values: {
    orgId: number;
    inspectionId: number;
    actorId: number | null;
    action: string;
    detail: string;
    at: number;
  },
) =>
  db
    .insertInto('quality_log')
    .values({
      org_id: values.orgId,
      inspection_id: values.inspectionId,
      actor_id: values.actorId,
      action: values.action,
      detail: values.detail,
      at: values.at,
    })
    .execute();

export const listLog = (db: Executor, orgId: number, inspectionId: number) =>
  db
    .selectFrom('quality_log')
    .leftJoin('user', 'user.id', 'quality_log.actor_id')
    .select([
      'quality_log.action',
      'quality_log.detail',
      'quality_log.at',
      'user.uid as actor_uid',
      'user.nickname as actor_nickname',
    ])
    .where('quality_log.org_id', '=', orgId)
    .where('quality_log.inspection_id', '=', inspectionId)
    .orderBy('quality_log.at')
    .orderBy('quality_log.id')
    .execute();

export const insertComment = (
  db: Executor,
  values: {
    qcid: string;
    orgId: number;
    inspectionId: number;
    messageId: number | null;
    authorId: number;
    content: string;
    now: number;
  },
) =>
  db
    .insertInto('quality_comment')
    .values({
      qcid: values.qcid,
      org_id: values.orgId,
      inspection_id: values.inspectionId,
      message_id: values.messageId,
      author_id: values.authorId,
      content: values.content,
      created_at: values.now,
    })
    .execute();

export const listComments = (db: Executor, orgId: number, inspectionId: number) =>
  db
    .selectFrom('quality_comment')
    .leftJoin('message', 'message.id', 'quality_comment.message_id')
    .leftJoin('user', 'user.id', 'quality_comment.author_id')
    .select([
      'quality_comment.qcid',
      'quality_comment.content',
      'quality_comment.created_at',
      'message.mid',
      'user.uid as author_uid',
      'user.nickname as author_nickname',
    ])
    .where('quality_comment.org_id', '=', orgId)
    .where('quality_comment.inspection_id', '=', inspectionId)
    .orderBy('quality_comment.id')
    .execute();

/** Every scored inspection whose conversation closed in [from, to]: what the statistics read. */
export const listScoredForStatistic = (db: Executor, orgId: number, from: number, to: number) =>
  db
    .selectFrom('quality_inspection as qi')
    .innerJoin('quality_scheme as scheme', 'scheme.id', 'qi.scheme_id')
    .leftJoin('user as agent', 'agent.id', 'qi.agent_id')
    .leftJoin('workgroup', 'workgroup.id', 'qi.workgroup_id')
    .select([
      'qi.status',
      'qi.score',
      'qi.passed',
      'qi.items',
      'qi.scheme_snapshot',
      'qi.appealed_at',
      'qi.closed_at',
      'scheme.criteria',
      'agent.uid as agent_uid',
      'agent.nickname as agent_nickname',
      'workgroup.wid as workgroup_wid',
      'workgroup.nickname as workgroup_nickname',
    ])
    .where('qi.org_id', '=', orgId)
    .where('qi.status', '!=', 'pending')
    .where('qi.closed_at', '>=', from)
    .where('qi.closed_at', '<=', to)
    .limit(50_000)
    .execute();

export const findUserByUid = (db: Executor, orgId: number, uid: string) =>
  db.selectFrom('user').select(['id']).where('org_id', '=', orgId).where('uid', '=', uid).executeTakeFirst();

/** Agents (not robots, not deleted) and skill groups of the organisation, for filters and the editor. */
export const listOptions = async (db: Executor, orgId: number) => ({
  agents: await db
    .selectFrom('user')
    .select(['uid', 'nickname'])
    .where('org_id', '=', orgId)
    .where('is_robot', '=', 0)
    .where('deleted_at', 'is', null)
    .orderBy('nickname')
    .limit(1000)
    .execute(),
  workgroups: await db
    .selectFrom('workgroup')
    .select(['wid', 'nickname'])
    .where('org_id', '=', orgId)
    .orderBy('id')
    .limit(1000)
    .execute(),
});
