import {
  rateSubmitBodySchema,
  type Offer,
  type Page,
  type Rate,
  type RateSubmitBody,
  type Thread,
  type ThreadCloseBody,
  type ThreadListKind,
  type ThreadRequestBody,
  type ThreadRequestResult,
  type ThreadTransferBody,
  type Transfer,
  type UserBrief,
  type UserStatus,
  type Visitor,
  type WidgetSettings,
  toPage,
} from '@openkefu/contract';
import type { DialectName, Executor } from '../../db/database.js';
import { isUniqueViolation } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import type { MessageService } from '../message/message.service.js';
import type { Presence } from '../realtime/presence.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentRoom, orgAgentsRoom, visitorRoom } from '../realtime/rooms.js';
import { toVisitor } from '../visitor/visitor.mapper.js';
import { findVisitorByVid } from '../visitor/visitor.repository.js';
import type { AgentActor, VisitorActor } from './chat-actor.js';
import { toThread } from './thread.mapper.js';
import { isOpenStatus } from './thread.machine.js';
import { chooseAgent, hasCapacity, type RoutingCandidate } from './thread.routing.js';
import {
  addThreadMember,
  assignQueuedThread,
  closeOpenThread,
  countOpenThreadsByAgent,
  countQueuedInWorkgroups,
  findThreadById,
  findThreadByTid,
  findVisitorThread,
  findOpenThreadOfVisitor,
  insertSummary,
  insertThread,
  insertThreadEvent,
  lastAgentOfVisitor,
  lastAssignedAtByAgent,
  listIdleChattingThreads,
  listQueuedAppointedThreadIds,
  listQueuedThreadIds,
  listQueuesWithWaiting,
  listThreadsOfVisitor,
  markThreadOffline,
  moveThreadToAgent,
  pageMineThreads,
  queuePositionOf,
  reopenThread,
  setThreadRated,
  type ThreadRow,
} from './thread.repository.js';
import {
  cancelPendingOffersOfThread,
  findLiveAgentById,
  findLiveAgentByUid,
  findLiveWorkgroupById,
  findLiveWorkgroupByWid,
  findOfferByOid,
  insertOffer,
  isWorkgroupMember,
  listAdministeredWorkgroupIds,
  listPendingOffersFor,
  listWorkgroupAgents,
  listWorkgroupIdsOfAgent,
  lockAgentRow,
  setAgentStatus,
  settleOffer,
  type OfferRow,
  type RoutingAgentRow,
  type WorkgroupRow,
} from './routing.repository.js';
import { isWithinWorkTimes } from './work-hours.js';

export type ThreadService = ReturnType<typeof createThreadService>;

/** Agent statuses in which routing hands out conversations. */
const acceptingStatuses: readonly string[] = ['online'];

const briefOf = (prefix: 'from' | 'to', row: OfferRow): UserBrief | null => {
  const uid = row[`${prefix}_uid`];
  if (uid === null) return null;
  return {
    uid,
    username: row[`${prefix}_username`] ?? '',
    nickname: row[`${prefix}_nickname`] ?? '',
    realName: row[`${prefix}_real_name`] ?? '',
    avatar: row[`${prefix}_avatar`] ?? '',
    robot: row[`${prefix}_is_robot`] === 1,
    enabled: row[`${prefix}_enabled`] === 1,
    status: (row[`${prefix}_status`] ?? 'offline') as UserStatus,
  };
};

const toTransfer = (row: OfferRow): Transfer => ({
  id: row.oid,
  tid: row.tid,
  from: briefOf('from', row) as UserBrief,
  toAgent: briefOf('to', row),
  toWorkgroup: row.to_wid === null ? null : { wid: row.to_wid, nickname: row.to_group_nickname ?? '' },
  note: row.note,
  status: row.status as Transfer['status'],
  createdAt: Number(row.created_at),
});

const settingsOf = (group: WorkgroupRow | null, agent: RoutingAgentRow | null): WidgetSettings => ({
  wid: group?.wid ?? null,
  nickname: group?.nickname ?? agent?.nickname ?? '',
  avatar: group?.avatar ?? agent?.avatar ?? '',
  welcomeTip: group?.welcome_tip || agent?.welcome_tip || '',
  acceptTip: group?.accept_tip ?? '',
  offlineTip: group?.offline_tip || agent?.offline_tip || '',
  nonWorkingTimeTip: group?.non_working_time_tip ?? '',
  closeTip: group?.close_tip ?? '',
  showTopTip: group ? group.show_top_tip === 1 : false,
  topTip: group?.top_tip ?? '',
  forceRate: group ? group.force_rate === 1 : false,
  leaveMessageType: (group?.leave_message_type ?? 'default') as WidgetSettings['leaveMessageType'],
  showForm: group ? group.show_form === 1 : false,
  showCollectMobile: group ? group.show_collect_mobile === 1 : false,
  hideLogo: group ? group.hide_logo === 1 : false,
});

export const createThreadService = (deps: {
  db: Executor;
  dialect: DialectName;
  hub: RealtimeHub;
  presence: Presence;
  messages: MessageService;
  now?: () => number;
}) => {
  const { db, dialect, hub, presence, messages } = deps;
  const now = deps.now ?? Date.now;

  const reload = async (orgId: number, id: number): Promise<ThreadRow> => {
    const row = await findThreadById(db, orgId, id);
    if (!row) throw new Error(`thread ${id} vanished`);
    return row;
  };

  const threadFor = async (row: ThreadRow, viewer: 'agent' | 'visitor'): Promise<Thread> =>
    toThread(row, viewer, row.status === 'queuing' ? await queuePositionOf(db, row) : null);

  /** Tells the visitor and every agent involved that the thread changed. */
  const pushThread = async (row: ThreadRow, extraAgentIds: number[] = []) => {
    const position = row.status === 'queuing' ? await queuePositionOf(db, row) : null;
    if (row.visitor_id !== null)
      hub.emit([visitorRoom(row.visitor_id)], 'thread:update', toThread(row, 'visitor', position));
    const agentIds = new Set(extraAgentIds);
    if (row.agent_id !== null) agentIds.add(row.agent_id);
    if (agentIds.size > 0)
      hub.emit([...agentIds].map(agentRoom), 'thread:update', toThread(row, 'agent', position));
  };

  /** Agents of the group who can take a conversation now: online by status and connected. */
  const availableAgents = async (group: WorkgroupRow): Promise<RoutingAgentRow[]> => {
    const agents = (await listWorkgroupAgents(db, group.id)).filter((agent) =>
      acceptingStatuses.includes(agent.status),
    );
    const connected = await presence.connectedAmong(agents.map((agent) => agent.id));
    return agents.filter((agent) => connected.has(agent.id));
  };

  const candidatesOf = async (orgId: number, group: WorkgroupRow, agents: RoutingAgentRow[]) => {
    const ids = agents.map((agent) => agent.id);
    const open = await countOpenThreadsByAgent(db, orgId, ids);
    const last = await lastAssignedAtByAgent(db, orgId, group.id, ids);
    return agents.map((agent): RoutingCandidate => ({
      userId: agent.id,
      openThreads: open.get(agent.id) ?? 0,
      maxThreads: Number(agent.max_thread_count),
      lastAssignedAt: last.get(agent.id) ?? null,
    }));
  };

  /**
   * Assigns a queued thread to an agent if the agent still has room. The agent row lock
   * (PostgreSQL) and the conditional update make this safe when several nodes route at once.
   */
  const tryAssign = async (row: ThreadRow, agentId: number, maxThreads: number): Promise<boolean> => {
    const at = now();
    return db.transaction().execute(async (trx) => {
      await lockAgentRow(trx, dialect, agentId);
      const open = (await countOpenThreadsByAgent(trx, row.org_id, [agentId])).get(agentId) ?? 0;
      if (maxThreads > 0 && open >= maxThreads) return false;
      if (!(await assignQueuedThread(trx, row.org_id, row.id, agentId, at))) return false;
      await insertThreadEvent(trx, {
        orgId: row.org_id,
        threadId: row.id,
        cycle: Number(row.cycle),
        kind: 'assigned',
        agentId,
        workgroupId: row.workgroup_id,
        at,
      });
      return true;
    });
  };

  /** After an assignment: the accept notice in the thread, and everyone told. */
  const announceAssignment = async (orgId: number, threadId: number) => {
    const row = await reload(orgId, threadId);
    await messages.storeSystem(row, { type: 'notification_queue_accept', content: row.agent_nickname ?? '' });
    const fresh = await reload(orgId, threadId);
    await pushThread(fresh);
    return fresh;
  };

  const pushQueuePositions = async (
    orgId: number,
    workgroupId: number | null,
    appointedAgentId: number | null,
  ) => {
    const ids =
      appointedAgentId !== null
        ? await listQueuedAppointedThreadIds(db, orgId, appointedAgentId)
        : workgroupId !== null
          ? await listQueuedThreadIds(db, orgId, workgroupId)
          : [];
    for (const [index, id] of ids.entries()) {
      const row = await findThreadById(db, orgId, id);
      if (row?.visitor_id != null)
        hub.emit([visitorRoom(row.visitor_id)], 'thread:update', toThread(row, 'visitor', index + 1));
    }
    await pushQueueCounts(orgId, workgroupId);
  };

  /** Workbench badges: each member of the group hears how many wait in all of its groups. */
  const pushQueueCounts = async (orgId: number, workgroupId: number | null) => {
    if (workgroupId === null) return;
    for (const agent of await listWorkgroupAgents(db, workgroupId)) {
      const groups = await listWorkgroupIdsOfAgent(db, agent.id);
      hub.emit([agentRoom(agent.id)], 'queue:update', {
        waiting: await countQueuedInWorkgroups(db, orgId, groups),
      });
    }
  };

  type RouteOutcome = { code: 200 | 202 | 203 | 204; tip: string };

  /** Routes a queuing thread of a skill group: assign, keep queued, or send to leave-message. */
  const routeToGroup = async (row: ThreadRow, group: WorkgroupRow, hops = 0): Promise<RouteOutcome> => {
    if (!isWithinWorkTimes(group.work_times, now())) {
      if (group.on_duty_workgroup_id !== null && hops === 0) {
        const onDuty = await findLiveWorkgroupById(db, row.org_id, group.on_duty_workgroup_id);
        if (onDuty) {
          await db.updateTable('thread').set({ workgroup_id: onDuty.id }).where('id', '=', row.id).execute();
          return routeToGroup(await reload(row.org_id, row.id), onDuty, hops + 1);
        }
      }
      await markThreadOffline(db, row.org_id, row.id, 'non_working_time', now());
      return { code: 203, tip: group.non_working_time_tip || group.offline_tip };
    }
    const agents = await availableAgents(group);
    if (agents.length === 0) {
      await markThreadOffline(db, row.org_id, row.id, 'offline', now());
      return { code: 204, tip: group.offline_tip };
    }
    if (group.route_type !== 'pubsub') {
      let candidates = await candidatesOf(row.org_id, group, agents);
      const recent =
        group.route_type === 'recent' && row.visitor_id !== null
          ? await lastAgentOfVisitor(db, row.org_id, row.visitor_id, group.id)
          : null;
      for (;;) {
        const choice = chooseAgent(
          group.route_type as 'robin',
          candidates,
          recent === null ? null : Number(recent),
        );
        if (!choice) break;
        if (await tryAssign(row, choice.userId, choice.maxThreads)) {
          await insertThreadEvent(db, {
            orgId: row.org_id,
            threadId: row.id,
            cycle: Number(row.cycle),
            kind: 'created',
            workgroupId: group.id,
            at: now(),
          }).catch(() => undefined);
          return {
            code: 200,
            tip: group.welcome_tip || (agents.find((a) => a.id === choice.userId)?.welcome_tip ?? ''),
          };
        }
        candidates = candidates.filter((candidate) => candidate.userId !== choice.userId);
      }
    }
    const maxQueue = Number(group.max_queue_count);
    if (maxQueue > 0) {
      const position = await queuePositionOf(db, row);
      if (position > maxQueue) {
        await markThreadOffline(db, row.org_id, row.id, 'offline', now());
        return { code: 204, tip: group.max_queue_count_exceed_tip || group.offline_tip };
      }
    }
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'queued',
      workgroupId: group.id,
      at: now(),
    });
    return { code: 202, tip: group.welcome_tip };
  };

  const routeToAgent = async (row: ThreadRow, agent: RoutingAgentRow): Promise<RouteOutcome> => {
    const isConnected = (await presence.connectedAmong([agent.id])).has(agent.id);
    if (!acceptingStatuses.includes(agent.status) || !isConnected) {
      await markThreadOffline(db, row.org_id, row.id, 'offline', now());
      return { code: 204, tip: agent.offline_tip };
    }
    if (await tryAssign(row, agent.id, Number(agent.max_thread_count)))
      return { code: 200, tip: agent.welcome_tip };
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'queued',
      agentId: agent.id,
      at: now(),
    });
    return { code: 202, tip: agent.welcome_tip };
  };

  /** POST /visitor/api/thread/request — the answer codes of the original product. */
  const request = async (
    visitor: VisitorActor,
    body: ThreadRequestBody,
    client: string,
  ): Promise<ThreadRequestResult> => {
    const group = body.wid ? await findLiveWorkgroupByWid(db, visitor.orgId, body.wid) : undefined;
    const agent = body.aid ? await findLiveAgentByUid(db, visitor.orgId, body.aid) : undefined;
    if (!group && !agent) return { code: -2, tip: '', thread: null, settings: null };
    const settings = settingsOf(group ?? null, agent ?? null);
    const target = group ? { workgroupId: group.id } : { appointedAgentId: (agent as RoutingAgentRow).id };
    const existing = await findVisitorThread(db, visitor.orgId, visitor.visitorId, target);
    if (existing && isOpenStatus(existing.status)) {
      const code = existing.status === 'queuing' ? 202 : 201;
      return {
        code,
        tip: group?.re_request_tip || settings.welcomeTip,
        thread: await threadFor(existing, 'visitor'),
        settings,
      };
    }
    const at = now();
    let threadId: number;
    if (existing) {
      await reopenThread(db, visitor.orgId, existing.id, client, at);
      threadId = existing.id;
      await insertThreadEvent(db, {
        orgId: visitor.orgId,
        threadId,
        cycle: Number(existing.cycle) + 1,
        kind: 'reopened',
        workgroupId: group?.id ?? null,
        at,
      });
    } else {
      threadId = await insertThread(db, {
        tid: createPublicId(),
        orgId: visitor.orgId,
        type: group ? 'workgroup' : 'appointed',
        visitorId: visitor.visitorId,
        workgroupId: group?.id ?? null,
        appointedAgentId: group ? null : (agent as RoutingAgentRow).id,
        client,
        now: at,
      });
    }
    const queued = await reload(visitor.orgId, threadId);
    if (!existing)
      await insertThreadEvent(db, {
        orgId: visitor.orgId,
        threadId,
        cycle: 1,
        kind: 'created',
        workgroupId: group?.id ?? null,
        at,
      });
    const outcome = group
      ? await routeToGroup(queued, group)
      : await routeToAgent(queued, agent as RoutingAgentRow);
    let row = await reload(visitor.orgId, threadId);
    if (outcome.code === 200) row = await announceAssignment(visitor.orgId, threadId);
    else if (outcome.code === 202) {
      await pushQueueCounts(visitor.orgId, row.workgroup_id);
      if (row.appointed_agent_id !== null)
        hub.emit(
          [agentRoom(row.appointed_agent_id)],
          'thread:update',
          toThread(row, 'agent', await queuePositionOf(db, row)),
        );
    }
    return { code: outcome.code, tip: outcome.tip, thread: await threadFor(row, 'visitor'), settings };
  };

  const widgetSettings = async (
    orgId: number,
    target: { wid?: string; aid?: string },
  ): Promise<WidgetSettings> => {
    const group = target.wid ? await findLiveWorkgroupByWid(db, orgId, target.wid) : undefined;
    const agent = target.aid ? await findLiveAgentByUid(db, orgId, target.aid) : undefined;
    if (!group && !agent)
      throw AppError.notFound('thread.unknownTarget', { target: target.wid ?? target.aid ?? '' });
    return settingsOf(group ?? null, agent ?? null);
  };

  /** Fills the agent's free capacity from its queues: appointed visitors first, then its groups. */
  const drainForAgent = async (orgId: number, agentId: number) => {
    const agent = await findLiveAgentById(db, orgId, agentId);
    if (!agent || !acceptingStatuses.includes(agent.status)) return;
    if (!(await presence.connectedAmong([agentId])).has(agentId)) return;
    const groupIds = await listWorkgroupIdsOfAgent(db, agentId);
    const queues: { ids: number[]; workgroupId: number | null }[] = [
      { ids: await listQueuedAppointedThreadIds(db, orgId, agentId), workgroupId: null },
    ];
    for (const groupId of groupIds) {
      const group = await findLiveWorkgroupById(db, orgId, groupId);
      if (!group || group.route_type === 'pubsub' || !isWithinWorkTimes(group.work_times, now())) continue;
      queues.push({ ids: await listQueuedThreadIds(db, orgId, groupId), workgroupId: groupId });
    }
    // Oldest waiting visitor first across all of the agent's queues.
    const waiting: ThreadRow[] = [];
    for (const queue of queues)
      for (const id of queue.ids) {
        const row = await findThreadById(db, orgId, id);
        if (row) waiting.push(row);
      }
    waiting.sort((a, b) => Number(a.queued_at ?? 0) - Number(b.queued_at ?? 0) || a.id - b.id);
    const touched = new Set<number>();
    for (const row of waiting) {
      if (!(await tryAssign(row, agentId, Number(agent.max_thread_count)))) {
        const open = (await countOpenThreadsByAgent(db, orgId, [agentId])).get(agentId) ?? 0;
        if (Number(agent.max_thread_count) > 0 && open >= Number(agent.max_thread_count)) break;
        continue;
      }
      await announceAssignment(orgId, row.id);
      if (row.workgroup_id !== null) touched.add(row.workgroup_id);
    }
    for (const groupId of touched) await pushQueuePositions(orgId, groupId, null);
    if (queues[0] && queues[0].ids.length > 0) await pushQueuePositions(orgId, null, agentId);
  };

  /** Fills a group's queue from its available agents (periodic sweep, several nodes alike). */
  const drainWorkgroup = async (orgId: number, workgroupId: number) => {
    const group = await findLiveWorkgroupById(db, orgId, workgroupId);
    if (!group || group.route_type === 'pubsub' || !isWithinWorkTimes(group.work_times, now())) return;
    const agents = await availableAgents(group);
    if (agents.length === 0) return;
    let assigned = false;
    for (const id of await listQueuedThreadIds(db, orgId, workgroupId)) {
      const row = await findThreadById(db, orgId, id);
      if (!row) continue;
      let candidates = (await candidatesOf(orgId, group, agents)).filter(hasCapacity);
      let done = false;
      while (!done) {
        const choice = chooseAgent(group.route_type as 'robin', candidates, null);
        if (!choice) break;
        if (await tryAssign(row, choice.userId, choice.maxThreads)) {
          await announceAssignment(orgId, row.id);
          assigned = true;
          done = true;
        } else candidates = candidates.filter((candidate) => candidate.userId !== choice.userId);
      }
      if (!done) break;
    }
    if (assigned) await pushQueuePositions(orgId, workgroupId, null);
  };

  const loadForAgent = async (actor: AgentActor, tid: string): Promise<ThreadRow> => {
    const row = await findThreadByTid(db, actor.orgId, tid);
    if (!row || !(await messages.canRead(actor, row))) throw AppError.notFound('thread.notFound', { tid });
    return row;
  };

  const get = async (actor: AgentActor, tid: string): Promise<Thread> =>
    threadFor(await loadForAgent(actor, tid), 'agent');

  /** POST /api/thread/accept — take a queued conversation by hand (pubsub groups, or jumping the queue). */
  const accept = async (actor: AgentActor, tid: string): Promise<Thread> => {
    const row = await loadForAgent(actor, tid);
    if (row.status !== 'queuing') throw AppError.conflict('thread.notQueuing', { params: { tid } });
    if (row.appointed_agent_id !== null && row.appointed_agent_id !== actor.userId)
      throw AppError.forbidden('thread.appointedToOther');
    const agent = await findLiveAgentById(db, actor.orgId, actor.userId);
    if (!agent) throw AppError.unauthorized();
    if (!(await tryAssign(row, actor.userId, Number(agent.max_thread_count)))) {
      const fresh = await reload(actor.orgId, row.id);
      if (fresh.status !== 'queuing') throw AppError.conflict('thread.alreadyTaken', { params: { tid } });
      throw AppError.conflict('thread.atCapacity', { params: { max: Number(agent.max_thread_count) } });
    }
    const fresh = await announceAssignment(actor.orgId, row.id);
    await pushQueuePositions(actor.orgId, row.workgroup_id, row.appointed_agent_id);
    return threadFor(fresh, 'agent');
  };

  const finishClose = async (
    row: ThreadRow,
    closeType: 'agent' | 'visitor' | 'timeout',
    agentId: number | null,
  ) => {
    const at = now();
    await cancelPendingOffersOfThread(db, row.id, at);
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'closed',
      agentId: row.agent_id,
      workgroupId: row.workgroup_id,
      data: { closeType, by: agentId },
      at,
    });
    const group =
      row.workgroup_id === null ? undefined : await findLiveWorkgroupById(db, row.org_id, row.workgroup_id);
    const notice =
      closeType === 'agent'
        ? { type: 'notification_agent_close' as const, content: group?.close_tip ?? '' }
        : closeType === 'visitor'
          ? { type: 'notification_visitor_close' as const, content: '' }
          : { type: 'notification_auto_close' as const, content: group?.auto_close_tip ?? '' };
    await messages.storeSystem(row, notice);
    const fresh = await reload(row.org_id, row.id);
    const members = await db
      .selectFrom('thread_member')
      .select('user_id')
      .where('thread_id', '=', row.id)
      .execute();
    await pushThread(
      fresh,
      members.map((member) => Number(member.user_id)),
    );
    if (row.status === 'queuing')
      await pushQueuePositions(row.org_id, row.workgroup_id, row.appointed_agent_id);
    if (row.agent_id !== null) await drainForAgent(row.org_id, row.agent_id);
    return fresh;
  };

  /** POST /api/thread/close — the serving agent (or an admin) ends the conversation, with an optional summary. */
  const closeByAgent = async (actor: AgentActor, body: ThreadCloseBody): Promise<Thread> => {
    const row = await loadForAgent(actor, body.tid);
    if (row.agent_id !== actor.userId && !actor.isAdmin) throw AppError.forbidden('thread.notYours');
    if (!(await closeOpenThread(db, actor.orgId, row.id, 'agent', now())))
      throw AppError.conflict('thread.notOpen', { params: { tid: body.tid } });
    if (body.summary)
      await insertSummary(db, {
        sid: createPublicId(),
        orgId: actor.orgId,
        threadId: row.id,
        agentId: actor.userId,
        category: body.category ?? '',
        content: body.summary,
        now: now(),
      });
    return threadFor(await finishClose(row, 'agent', actor.userId), 'agent');
  };

  const closeByVisitor = async (visitor: VisitorActor, tid: string): Promise<Thread> => {
    const row = await findThreadByTid(db, visitor.orgId, tid);
    if (!row || row.visitor_id !== visitor.visitorId) throw AppError.notFound('thread.notFound', { tid });
    if (!(await closeOpenThread(db, visitor.orgId, row.id, 'visitor', now())))
      throw AppError.conflict('thread.notOpen', { params: { tid } });
    return threadFor(await finishClose(row, 'visitor', null), 'visitor');
  };

  /** Closes conversations idle past their group's (or agent's) auto-close minutes. */
  const closeIdleThreads = async (): Promise<number> => {
    let closed = 0;
    for (const idle of await listIdleChattingThreads(db, now())) {
      const row = await findThreadById(db, idle.org_id, idle.id);
      if (!row) continue;
      if (!(await closeOpenThread(db, row.org_id, row.id, 'timeout', now()))) continue;
      await finishClose(row, 'timeout', null);
      closed += 1;
    }
    return closed;
  };

  /** One pass of the periodic work: auto-close, then fill every queue that has someone waiting. */
  const sweep = async () => {
    const closed = await closeIdleThreads();
    for (const queue of await listQueuesWithWaiting(db)) {
      if (queue.appointed_agent_id !== null)
        await drainForAgent(Number(queue.org_id), Number(queue.appointed_agent_id));
      else if (queue.workgroup_id !== null)
        await drainWorkgroup(Number(queue.org_id), Number(queue.workgroup_id));
    }
    return { closed };
  };

  const mine = async (
    actor: AgentActor,
    kind: ThreadListKind,
    page: { page: number; size: number },
  ): Promise<Page<Thread>> => {
    const filter =
      kind === 'current'
        ? { kind, agentId: actor.userId }
        : kind === 'queue'
          ? { kind, agentId: actor.userId, workgroupIds: await listWorkgroupIdsOfAgent(db, actor.userId) }
          : kind === 'groups'
            ? {
                kind,
                workgroupIds: actor.isAdmin
                  ? ('all' as const)
                  : await listAdministeredWorkgroupIds(db, actor.orgId, actor.userId),
              }
            : { kind, agentId: actor.userId };
    const { rows, total } = await pageMineThreads(db, actor.orgId, filter, page);
    const threads: Thread[] = [];
    for (const row of rows) threads.push(await threadFor(row, 'agent'));
    return toPage(threads, total, page);
  };

  const requireServing = async (actor: AgentActor, tid: string) => {
    const row = await loadForAgent(actor, tid);
    if (row.agent_id !== actor.userId) throw AppError.forbidden('thread.notYours');
    if (row.status !== 'chatting') throw AppError.conflict('thread.notOpen', { params: { tid } });
    return row;
  };

  const offerOf = async (actor: { orgId: number }, oid: string): Promise<Offer> => {
    const offer = await findOfferByOid(db, actor.orgId, oid);
    if (!offer) throw AppError.notFound('thread.offerNotFound', { id: oid });
    const row = await reload(actor.orgId, offer.thread_id);
    return {
      kind: offer.kind as Offer['kind'],
      transfer: toTransfer(offer),
      thread: await threadFor(row, 'agent'),
    };
  };

  /** POST /api/thread/transfer — offer the conversation to a colleague or a skill group. */
  const transfer = async (
    actor: AgentActor,
    body: ThreadTransferBody & { note: string },
  ): Promise<Transfer> => {
    const row = await requireServing(actor, body.tid);
    let toUserId: number | null = null;
    let toWorkgroupId: number | null = null;
    let recipients: number[] = [];
    if (body.uid) {
      const target = await findLiveAgentByUid(db, actor.orgId, body.uid);
      if (!target) throw AppError.notFound('thread.agentNotFound', { uid: body.uid });
      if (target.id === actor.userId)
        throw AppError.badRequest('thread.transferToSelf', {
          fields: [{ field: 'uid', message: 'cannot transfer to yourself' }],
        });
      toUserId = target.id;
      recipients = [target.id];
    } else if (body.wid) {
      const group = await findLiveWorkgroupByWid(db, actor.orgId, body.wid);
      if (!group) throw AppError.notFound('workgroup.notFound', { wid: body.wid });
      toWorkgroupId = group.id;
      recipients = (await availableAgents(group))
        .map((agent) => agent.id)
        .filter((id) => id !== actor.userId);
      if (recipients.length === 0)
        throw AppError.conflict('thread.nobodyToTransferTo', { params: { group: group.nickname } });
    }
    const oid = createPublicId();
    await insertOffer(db, {
      oid,
      orgId: actor.orgId,
      threadId: row.id,
      kind: 'transfer',
      fromUserId: actor.userId,
      toUserId,
      toWorkgroupId,
      note: body.note,
      now: now(),
    });
    const offer = await offerOf(actor, oid);
    hub.emit(recipients.map(agentRoom), 'offer', offer);
    return offer.transfer;
  };

  /** POST /api/thread/invite — ask a colleague to join the conversation. */
  const invite = async (actor: AgentActor, body: { tid: string; uid: string }): Promise<Transfer> => {
    const row = await requireServing(actor, body.tid);
    const target = await findLiveAgentByUid(db, actor.orgId, body.uid);
    if (!target) throw AppError.notFound('thread.agentNotFound', { uid: body.uid });
    if (target.id === actor.userId)
      throw AppError.badRequest('thread.inviteSelf', {
        fields: [{ field: 'uid', message: 'cannot invite yourself' }],
      });
    const oid = createPublicId();
    await insertOffer(db, {
      oid,
      orgId: actor.orgId,
      threadId: row.id,
      kind: 'invite',
      fromUserId: actor.userId,
      toUserId: target.id,
      toWorkgroupId: null,
      note: '',
      now: now(),
    });
    const offer = await offerOf(actor, oid);
    hub.emit([agentRoom(target.id)], 'offer', offer);
    return offer.transfer;
  };

  const offers = async (actor: AgentActor): Promise<Offer[]> => {
    const rows = await listPendingOffersFor(
      db,
      actor.orgId,
      actor.userId,
      await listWorkgroupIdsOfAgent(db, actor.userId),
    );
    const result: Offer[] = [];
    for (const offer of rows)
      result.push({
        kind: offer.kind as Offer['kind'],
        transfer: toTransfer(offer),
        thread: await threadFor(await reload(actor.orgId, offer.thread_id), 'agent'),
      });
    return result;
  };

  /** Accept or reject a transfer or invitation addressed to the agent (or to one of its groups). */
  const respond = async (
    actor: AgentActor,
    kind: 'transfer' | 'invite',
    body: { id: string; accept: boolean },
  ): Promise<Thread | null> => {
    const offer = await findOfferByOid(db, actor.orgId, body.id);
    const isAddressee =
      offer &&
      offer.kind === kind &&
      (offer.to_user_id === actor.userId ||
        (offer.to_workgroup_id !== null &&
          (await isWorkgroupMember(db, offer.to_workgroup_id, actor.userId))));
    if (!offer || !isAddressee) throw AppError.notFound('thread.offerNotFound', { id: body.id });
    const at = now();
    if (!(await settleOffer(db, offer.id, body.accept ? 'accepted' : 'rejected', at)))
      throw AppError.conflict('thread.offerSettled');
    const answered = await offerOf(actor, body.id);
    hub.emit([agentRoom(offer.from_user_id)], 'offer', answered);
    if (!body.accept) return null;
    const row = await reload(actor.orgId, offer.thread_id);
    if (kind === 'invite') {
      await addThreadMember(db, row.id, actor.userId, at);
      await messages.storeSystem(row, { type: 'notification_invite_accept', content: actor.nickname });
      const fresh = await reload(actor.orgId, row.id);
      await pushThread(fresh, [actor.userId]);
      return threadFor(fresh, 'agent');
    }
    if (!(await moveThreadToAgent(db, actor.orgId, row.id, offer.from_user_id, actor.userId, at)))
      throw AppError.conflict('thread.notOpen', { params: { tid: row.tid } });
    if (offer.to_workgroup_id !== null)
      await db
        .updateTable('thread')
        .set({ workgroup_id: offer.to_workgroup_id })
        .where('id', '=', row.id)
        .execute();
    await insertThreadEvent(db, {
      orgId: actor.orgId,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'transferred',
      agentId: actor.userId,
      workgroupId: offer.to_workgroup_id ?? row.workgroup_id,
      data: { from: offer.from_uid },
      at,
    });
    await messages.storeSystem(row, { type: 'notification_transfer', content: actor.nickname });
    const fresh = await reload(actor.orgId, row.id);
    await pushThread(fresh, [offer.from_user_id]);
    await drainForAgent(actor.orgId, offer.from_user_id);
    return threadFor(fresh, 'agent');
  };

  /** POST /api/thread/rate/invite — ask the visitor to rate the conversation. */
  const inviteRate = async (actor: AgentActor, tid: string) => {
    const row = await requireServing(actor, tid);
    if (row.rated === 1) throw AppError.conflict('thread.alreadyRated');
    return messages.storeSystem(row, { type: 'notification_invite_rate', content: '' });
  };

  /** POST /visitor/api/rate — one rating per care cycle, after an agent has served. */
  const rate = async (visitor: VisitorActor, input: RateSubmitBody): Promise<Rate> => {
    const body = rateSubmitBodySchema.parse(input);
    const row = await findThreadByTid(db, visitor.orgId, body.tid);
    if (!row || row.visitor_id !== visitor.visitorId)
      throw AppError.notFound('thread.notFound', { tid: body.tid });
    if (row.agent_id === null) throw AppError.conflict('thread.nothingToRate');
    const invited = await db
      .selectFrom('message')
      .select('id')
      .where('thread_id', '=', row.id)
      .where('type', '=', 'notification_invite_rate')
      .where('created_at', '>=', Number(row.started_at ?? row.created_at))
      .executeTakeFirst();
    const rid = createPublicId();
    const at = now();
    try {
      await db
        .insertInto('rate')
        .values({
          rid,
          org_id: visitor.orgId,
          thread_id: row.id,
          cycle: Number(row.cycle),
          visitor_id: visitor.visitorId,
          agent_id: row.agent_id,
          score: body.score,
          note: body.note,
          invite: invited ? 1 : 0,
          client: row.client,
          created_at: at,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw AppError.conflict('thread.alreadyRated');
      throw error;
    }
    await setThreadRated(db, row.id, at);
    await insertThreadEvent(db, {
      orgId: visitor.orgId,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'rated',
      agentId: row.agent_id,
      workgroupId: row.workgroup_id,
      data: { score: body.score },
      at,
    });
    await messages.storeSystem(row, { type: 'notification_rate_result', content: String(body.score) });
    const fresh = await reload(visitor.orgId, row.id);
    await pushThread(fresh);
    const agent = toThread(fresh, 'agent').agent;
    return {
      rid,
      tid: row.tid,
      score: body.score,
      note: body.note,
      invite: Boolean(invited),
      auto: false,
      client: fresh.client as Rate['client'],
      visitor: toThread(fresh, 'visitor').visitor,
      agent,
      createdAt: at,
    };
  };

  const currentOfVisitor = async (visitor: VisitorActor): Promise<Thread | null> => {
    const row = await findOpenThreadOfVisitor(db, visitor.orgId, visitor.visitorId);
    return row ? threadFor(row, 'visitor') : null;
  };

  /** GET /api/thread/visitor — the visitor's profile and earlier conversations, for the workbench. */
  const visitorProfile = async (
    actor: AgentActor,
    vid: string,
  ): Promise<{ visitor: Visitor; threads: Thread[] }> => {
    const row = await findVisitorByVid(db, actor.orgId, vid);
    if (!row) throw AppError.notFound('visitor.notFound', { vid });
    const threads = await listThreadsOfVisitor(db, actor.orgId, row.id, 20);
    return { visitor: toVisitor(row), threads: threads.map((thread) => toThread(thread, 'agent')) };
  };

  /** The workbench status switcher; going online pulls waiting visitors in. */
  const changeStatus = async (
    actor: AgentActor,
    change: { status: string; autoReplyType?: string; autoReplyContent?: string },
  ) => {
    await setAgentStatus(db, actor.orgId, actor.userId, { ...change, now: now() });
    hub.emit([orgAgentsRoom(actor.orgId)], 'presence', {
      uid: actor.uid,
      status: change.status as UserStatus,
    });
    if (acceptingStatuses.includes(change.status)) await drainForAgent(actor.orgId, actor.userId);
  };

  return {
    request,
    widgetSettings,
    currentOfVisitor,
    closeByVisitor,
    rate,
    get,
    mine,
    accept,
    closeByAgent,
    transfer,
    invite,
    offers,
    respond,
    inviteRate,
    visitorProfile,
    changeStatus,
    drainForAgent,
    drainWorkgroup,
    closeIdleThreads,
    sweep,
  };
};
