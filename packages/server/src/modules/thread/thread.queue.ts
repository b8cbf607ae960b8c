import type { Thread, UserStatus } from '@openkefu/contract';
import { AppError } from '../../http/errors.js';
import { agentRoom, orgAgentsRoom, visitorRoom } from '../realtime/rooms.js';
import type { AgentActor } from './chat-actor.js';
import { isAccepting, type ThreadContext } from './thread.context.js';
import { toThread } from './thread.mapper.js';
import { chooseAgent, hasCapacity, type RoutingCandidate } from './thread.routing.js';
import {
  assignQueuedThread,
  countOpenThreadsByAgent,
  countQueuedInWorkgroups,
  findThreadById,
  insertThreadEvent,
  lastAgentOfVisitor,
  lastAssignedAtByAgent,
  listQueuedAppointedThreadIds,
  listQueuedThreadIds,
  listQueuesWithWaiting,
  markThreadOffline,
  queuePositionOf,
  type ThreadRow,
} from './thread.repository.js';
import {
  findLiveAgentById,
  findLiveWorkgroupById,
  listWorkgroupAgents,
  listWorkgroupIdsOfAgent,
  lockAgentRow,
  setAgentStatus,
  type RoutingAgentRow,
  type WorkgroupRow,
} from './routing.repository.js';
import { isWithinWorkTimes } from './work-hours.js';

/*
 * Routing and the queue (DESIGN §4): who takes a conversation, when it waits, and filling queues as
 * capacity frees. `decideForGroup` / `decideForAgent` only read, so the widget preview answers with
 * exactly what a real request would do; `route*` then apply the decision.
 */

/** What a thread request to a skill group would lead to right now. */
export type GroupDecision =
  | { kind: 'nonWorking'; group: WorkgroupRow }
  | { kind: 'nobodyOnline'; group: WorkgroupRow }
  | {
      kind: 'assign';
      group: WorkgroupRow;
      agents: RoutingAgentRow[];
      candidates: RoutingCandidate[];
      recentAgentId: number | null;
    }
  | { kind: 'queue'; group: WorkgroupRow };

export type AgentDecision = { kind: 'nobodyOnline' } | { kind: 'assign' } | { kind: 'queue' };

export type RouteOutcome = { code: 200 | 202 | 203 | 204; tip: string };

/** 1-based place a visitor would take; past the group's maximum the visitor leaves a message instead. */
export const isQueueFull = (group: WorkgroupRow, position: number): boolean =>
  Number(group.max_queue_count) > 0 && position > Number(group.max_queue_count);

export const nonWorkingTipOf = (group: WorkgroupRow) => group.non_working_time_tip || group.offline_tip;
export const queueFullTipOf = (group: WorkgroupRow) => group.max_queue_count_exceed_tip || group.offline_tip;

export const createThreadQueue = (ctx: ThreadContext) => {
  const { db, dialect, hub, messages, now, reload, pushThread, availableAgents } = ctx;

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

  /** The visitor's last agent, when the group sends returning visitors back (route `recent` or its flag). */
  const recentAgentFor = async (orgId: number, group: WorkgroupRow, visitorId: number | null) =>
    visitorId !== null && (group.route_type === 'recent' || group.recent === 1)
      ? lastAgentOfVisitor(db, orgId, visitorId)
      : null;

  /** Reads only: work hours (and the on-duty group), who is online, who has room. */
  const decideForGroup = async (
    orgId: number,
    group: WorkgroupRow,
    visitorId: number | null,
    hops = 0,
  ): Promise<GroupDecision> => {
    if (!isWithinWorkTimes(group.work_times, now())) {
      if (group.on_duty_workgroup_id !== null && hops === 0) {
        const onDuty = await findLiveWorkgroupById(db, orgId, group.on_duty_workgroup_id);
        if (onDuty) return decideForGroup(orgId, onDuty, visitorId, hops + 1);
      }
      return { kind: 'nonWorking', group };
    }
    const agents = await availableAgents(group);
    if (agents.length === 0) return { kind: 'nobodyOnline', group };
    const candidates = await candidatesOf(orgId, group, agents);
    const recentAgentId = await recentAgentFor(orgId, group, visitorId);
    if (chooseAgent(group.route_type as 'robin', candidates, recentAgentId))
      return { kind: 'assign', group, agents, candidates, recentAgentId };
    return { kind: 'queue', group };
  };

  const decideForAgent = async (orgId: number, agent: RoutingAgentRow): Promise<AgentDecision> => {
    if (!(await ctx.isAgentAvailable(agent))) return { kind: 'nobodyOnline' };
    const open = (await countOpenThreadsByAgent(db, orgId, [agent.id])).get(agent.id) ?? 0;
    return hasCapacity({
      userId: agent.id,
      openThreads: open,
      maxThreads: Number(agent.max_thread_count),
      lastAssignedAt: null,
    })
      ? { kind: 'assign' }
      : { kind: 'queue' };
  };

  /**
   * Assigns a queued thread to an agent if the agent still has room, with its notice in the same
   * transaction (so the notice's seq follows the assignment). The agent row lock (PostgreSQL) and the
   * conditional update make this safe when several nodes route at once. `fromQueue`: the visitor
   * waited (the "accepted from the queue" notice) rather than being assigned at once.
   */
  const tryAssign = async (
    row: ThreadRow,
    agent: { id: number; nickname: string; max_thread_count: number | bigint },
    fromQueue: boolean,
  ): Promise<ThreadRow | null> => {
    const maxThreads = Number(agent.max_thread_count);
    const notice = await db.transaction().execute(async (trx) => {
      const at = now();
      await lockAgentRow(trx, dialect, agent.id);
      const open = (await countOpenThreadsByAgent(trx, row.org_id, [agent.id])).get(agent.id) ?? 0;
      if (maxThreads > 0 && open >= maxThreads) return null;
      if (!(await assignQueuedThread(trx, row.org_id, row.id, agent.id, at))) return null;
      await insertThreadEvent(trx, {
        orgId: row.org_id,
        threadId: row.id,
        cycle: Number(row.cycle),
        kind: 'assigned',
        agentId: agent.id,
        workgroupId: row.workgroup_id,
        at,
      });
      return messages.storeSystemIn(trx, row, {
        type: fromQueue ? 'notification_queue_accept' : 'notification_accept',
        content: agent.nickname,
      });
    });
    if (!notice) return null;
    const fresh = await reload(row.org_id, row.id);
    await messages.publish(fresh, notice);
    await pushThread(fresh);
    ctx.onRouted?.({ kind: 'assigned', row: fresh, agentId: agent.id });
    return fresh;
  };

  /** Tries the decision's candidates in routing order; null when each was taken meanwhile. */
  const assignAmong = async (
    row: ThreadRow,
    decision: Extract<GroupDecision, { kind: 'assign' }>,
    fromQueue: boolean,
  ): Promise<RoutingAgentRow | null> => {
    let candidates = decision.candidates;
    for (;;) {
      const choice = chooseAgent(decision.group.route_type as 'robin', candidates, decision.recentAgentId);
      if (!choice) return null;
      const agent = decision.agents.find((candidate) => candidate.id === choice.userId);
      if (agent && (await tryAssign(row, agent, fromQueue))) return agent;
      candidates = candidates.filter((candidate) => candidate.userId !== choice.userId);
    }
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

  const queued = async (row: ThreadRow, target: { workgroupId: number } | { agentId: number }) => {
    await insertThreadEvent(db, {
      orgId: row.org_id,
      threadId: row.id,
      cycle: Number(row.cycle),
      kind: 'queued',
      ...('workgroupId' in target ? { workgroupId: target.workgroupId } : { agentId: target.agentId }),
      at: now(),
    });
    ctx.onRouted?.({ kind: 'queued', row, target });
  };

  /** Routes a new (queuing) thread of a skill group: assign, keep queued, or send to leave-message. */
  const routeToGroup = async (row: ThreadRow, group: WorkgroupRow): Promise<RouteOutcome> => {
    const decision = await decideForGroup(row.org_id, group, row.visitor_id);
    if (decision.group.id !== group.id)
      // Outside its hours the group hands over to its on-duty group.
      await db
        .updateTable('thread')
        .set({ workgroup_id: decision.group.id })
        .where('org_id', '=', row.org_id)
        .where('id', '=', row.id)
        .execute();
    const effective = decision.group;
    if (decision.kind === 'nonWorking') {
      await markThreadOffline(db, row.org_id, row.id, 'non_working_time', now());
      return { code: 203, tip: nonWorkingTipOf(effective) };
    }
    if (decision.kind === 'nobodyOnline') {
      await markThreadOffline(db, row.org_id, row.id, 'offline', now());
      return { code: 204, tip: effective.offline_tip };
    }
    const current = decision.group.id === group.id ? row : await reload(row.org_id, row.id);
    if (decision.kind === 'assign') {
      const agent = await assignAmong(current, decision, false);
      if (agent) return { code: 200, tip: effective.welcome_tip || agent.welcome_tip };
    }
    if (isQueueFull(effective, await queuePositionOf(db, current))) {
      await markThreadOffline(db, row.org_id, row.id, 'offline', now());
      return { code: 204, tip: queueFullTipOf(effective) };
    }
    await queued(current, { workgroupId: effective.id });
    return { code: 202, tip: effective.welcome_tip };
  };

  const routeToAgent = async (row: ThreadRow, agent: RoutingAgentRow): Promise<RouteOutcome> => {
    const decision = await decideForAgent(row.org_id, agent);
    if (decision.kind === 'nobodyOnline') {
      await markThreadOffline(db, row.org_id, row.id, 'offline', now());
      return { code: 204, tip: agent.offline_tip };
    }
    if (decision.kind === 'assign' && (await tryAssign(row, agent, false)))
      return { code: 200, tip: agent.welcome_tip };
    await queued(row, { agentId: agent.id });
    return { code: 202, tip: agent.welcome_tip };
  };

  /** Fills the agent's free capacity from its queues: appointed visitors first, then its groups. */
  const drainForAgent = async (orgId: number, agentId: number) => {
    const agent = await findLiveAgentById(db, orgId, agentId);
    if (!agent || !(await ctx.isAgentAvailable(agent))) return;
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
    const maxThreads = Number(agent.max_thread_count);
    for (const row of waiting) {
      if (!(await tryAssign(row, agent, true))) {
        const open = (await countOpenThreadsByAgent(db, orgId, [agentId])).get(agentId) ?? 0;
        if (maxThreads > 0 && open >= maxThreads) break;
        continue;
      }
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
      const candidates = (await candidatesOf(orgId, group, agents)).filter(hasCapacity);
      const recentAgentId = await recentAgentFor(orgId, group, row.visitor_id);
      const agent = await assignAmong(
        row,
        { kind: 'assign', group, agents, candidates, recentAgentId },
        true,
      );
      if (!agent) break;
      assigned = true;
    }
    if (assigned) await pushQueuePositions(orgId, workgroupId, null);
  };

  /** POST /api/thread/accept — take a queued conversation by hand (pubsub groups, or jumping the queue). */
  const accept = async (actor: AgentActor, tid: string): Promise<Thread> => {
    const row = await ctx.loadForAgent(actor, tid);
    if (row.status !== 'queuing') throw AppError.conflict('thread.notQueuing', { params: { tid } });
    if (row.appointed_agent_id !== null && row.appointed_agent_id !== actor.userId)
      throw AppError.forbidden('thread.appointedToOther');
    const agent = await findLiveAgentById(db, actor.orgId, actor.userId);
    if (!agent) throw AppError.unauthorized();
    const fresh = await tryAssign(row, agent, true);
    if (!fresh) {
      const current = await reload(actor.orgId, row.id);
      if (current.status !== 'queuing') throw AppError.conflict('thread.alreadyTaken', { params: { tid } });
      throw AppError.conflict('thread.atCapacity', { params: { max: Number(agent.max_thread_count) } });
    }
    await pushQueuePositions(actor.orgId, row.workgroup_id, row.appointed_agent_id);
    return ctx.threadFor(fresh, 'agent');
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
    if (isAccepting(change.status)) await drainForAgent(actor.orgId, actor.userId);
  };

  /** Every queue with someone waiting, filled from whoever has room (the periodic sweep). */
  const drainAll = async () => {
    for (const queue of await listQueuesWithWaiting(db)) {
      if (queue.appointed_agent_id !== null)
        await drainForAgent(Number(queue.org_id), Number(queue.appointed_agent_id));
      else if (queue.workgroup_id !== null)
        await drainWorkgroup(Number(queue.org_id), Number(queue.workgroup_id));
    }
  };

  return {
    decideForGroup,
    decideForAgent,
    routeToGroup,
    routeToAgent,
    pushQueueCounts,
    pushQueuePositions,
    drainForAgent,
    drainWorkgroup,
    drainAll,
    accept,
    changeStatus,
  };
};

export type ThreadQueue = ReturnType<typeof createThreadQueue>;
