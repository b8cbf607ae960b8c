import type { Thread, WidgetSettings } from '@openkefu/contract';
import type { DialectName, Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { BlockService } from '../block/block.service.js';
import type { MessageService } from '../message/message.service.js';
import type { Presence } from '../realtime/presence.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentRoom, visitorRoom } from '../realtime/rooms.js';
import type { AgentActor } from './chat-actor.js';
import type { LeadSink, RobotGenerator, RobotKnowledge } from './thread.robot.js';
import { toThread } from './thread.mapper.js';
import { findThreadById, findThreadByTid, queuePositionOf, type ThreadRow } from './thread.repository.js';
import { listWorkgroupAgents, type RoutingAgentRow, type WorkgroupRow } from './routing.repository.js';

/* What every part of the thread service shares: its dependencies, reloading and pushing a thread. */

export type ThreadServiceDeps = {
  db: Executor;
  dialect: DialectName;
  hub: RealtimeHub;
  presence: Presence;
  messages: MessageService;
  /** The blacklist: a blocked visitor's thread request answers -3. */
  blocks: BlockService;
  /** What the robot knows (FAQs, help-centre articles); without it no robot takes a conversation. */
  robot?: RobotKnowledge;
  /** Large-model answers for robots of type zhipuai_* with a provider. */
  llm?: RobotGenerator;
  /** The CRM, where the robot's lead capture leaves its leads. */
  leads?: LeadSink;
  /** Told of every conversation closed, and again when rated after (quality sampling); awaited, never fails the call. */
  onClosed?: (row: ThreadRow) => Promise<void>;
  /** Told when routing gives a conversation to an agent or queues it (Web Push); returns at once, never throws. */
  onRouted?: (event: RoutedEvent) => void;
  now?: () => number;
};

export type RoutedEvent =
  | { kind: 'assigned'; row: ThreadRow; agentId: number }
  | { kind: 'queued'; row: ThreadRow; target: { workgroupId: number } | { agentId: number } };

/** Agent statuses in which routing hands out conversations. */
export const acceptingStatuses: readonly string[] = ['online'];

export const isAccepting = (status: string): boolean => acceptingStatuses.includes(status);

export const settingsOf = (group: WorkgroupRow | null, agent: RoutingAgentRow | null): WidgetSettings => ({
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
  helpCenterSearch: group ? group.help_center_search === 1 : false,
  widgetTicket: group ? group.widget_ticket === 1 : false,
  allowCall: group ? group.allow_call === 1 : false,
});

export const createThreadContext = (deps: ThreadServiceDeps) => {
  const { db, hub, presence, messages } = deps;
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
    const agents = (await listWorkgroupAgents(db, group.id)).filter((agent) => isAccepting(agent.status));
    const connected = await presence.connectedAmong(agents.map((agent) => agent.id));
    return agents.filter((agent) => connected.has(agent.id));
  };

  const isAgentAvailable = async (agent: RoutingAgentRow): Promise<boolean> =>
    isAccepting(agent.status) && (await presence.connectedAmong([agent.id])).has(agent.id);

  /** A conversation the agent may see; another organisation's tid and an unreadable one answer alike. */
  const loadForAgent = async (actor: AgentActor, tid: string): Promise<ThreadRow> => {
    const row = await findThreadByTid(db, actor.orgId, tid);
    if (!row || !(await messages.canRead(actor, row))) throw AppError.notFound('thread.notFound', { tid });
    return row;
  };

  /** The conversation the agent serves and that is still chatting (transfer, invite, rating invitation). */
  const requireServing = async (actor: AgentActor, tid: string): Promise<ThreadRow> => {
    const row = await loadForAgent(actor, tid);
    if (row.agent_id !== actor.userId) throw AppError.forbidden('thread.notYours');
    if (row.status !== 'chatting') throw AppError.conflict('thread.notOpen', { params: { tid } });
    return row;
  };

  return {
    ...deps,
    now,
    reload,
    threadFor,
    pushThread,
    availableAgents,
    isAgentAvailable,
    loadForAgent,
    requireServing,
  };
};

export type ThreadContext = ReturnType<typeof createThreadContext>;
