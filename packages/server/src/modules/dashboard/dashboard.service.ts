import {
  activityOf,
  agentActivityValues,
  guideStepKeys,
  monitorAgentLimit,
  monitorMetricKeys,
  workplaceMetricKeys,
  type AgentActivity,
  type DashboardGuide,
  type DashboardMonitor,
  type DashboardWorkplace,
  type Language,
  type MonitorAgent,
  type MonitorQueue,
  type TeamStatus,
  type UserStatus,
} from '@openkefu/contract';
import type { Executor } from '../../db/database.js';
import type { Principal } from '../auth/auth.service.js';
import type { Presence } from '../realtime/presence.js';
import { createStatisticService } from '../statistic/statistic.service.js';
import { dateKeyOf, wallClockOf } from '../statistic/statistic.time.js';
import {
  countLiveConversations,
  countOpenConversationsByAgent,
  countOpenConversationsOfAgent,
  countOpenTicketsOfAssignee,
  countWaiting,
  findGuideEvidence,
  listTeamAgents,
  listWorkgroupsWithMembers,
  summarizeQueues,
  type TeamAgentRow,
} from './dashboard.repository.js';

/** Who may watch the wallboard: the organisation's supervisors (authority `monitor`, as for watching a chat). */
export const canWatchMonitor = (principal: Pick<Principal, 'authorities'>): boolean =>
  principal.authorities.has('monitor');

type TeamMember = TeamAgentRow & { activity: AgentActivity };

const activityRank: Record<AgentActivity, number> = { online: 0, busy: 1, away: 2, offline: 3 };

/**
 * The dashboard's figures. Today's statistics come from the statistics service (its rollups, its
 * rules on who sees whose figures); live state (queues, agents, open conversations) is read from
 * the chat tables and presence, so it is never older than the call.
 */
export const createDashboardService = (deps: { db: Executor; presence: Presence; now?: () => number }) => {
  const { db, presence } = deps;
  const now = deps.now ?? Date.now;
  const statistics = createStatisticService({ db });

  const todayIn = (tz: string): string => dateKeyOf(wallClockOf(now(), tz));

  /** Every enabled agent with what they are doing; a stored status without a workbench open is offline. */
  const listTeam = async (orgId: number): Promise<TeamMember[]> => {
    const agents = await listTeamAgents(db, orgId);
    const connected = await presence.connectedAmong(agents.map((agent) => agent.id));
    return agents.map((agent) => ({
      ...agent,
      activity: activityOf(agent.status as UserStatus, connected.has(agent.id)),
    }));
  };

  const countActivities = (team: TeamMember[]): Record<AgentActivity, number> => {
    const counts = Object.fromEntries(agentActivityValues.map((value) => [value, 0])) as Record<
      AgentActivity,
      number
    >;
    for (const member of team) counts[member.activity] += 1;
    return counts;
  };

  const guide = async (principal: Principal): Promise<DashboardGuide> => {
    const evidence = await findGuideEvidence(db, principal.orgId, now());
    return { steps: guideStepKeys.map((key) => ({ key, isDone: evidence[key] })) };
  };

  const workplace = async (
    principal: Principal,
    tz: string,
    language: Language,
  ): Promise<DashboardWorkplace> => {
    const today = todayIn(tz);
    // My own figures, whatever my role: the statistics service narrows a non-supervisor to them anyway.
    const [figures, openConversations, openTickets, team, waiting] = await Promise.all([
      statistics.online(
        principal,
        {
          from: today,
          to: today,
          tz,
          uid: principal.uid,
          groupBy: 'day',
          metrics: [...workplaceMetricKeys],
          compare: true,
        },
        language,
      ),
      countOpenConversationsOfAgent(db, principal.orgId, principal.userId),
      principal.authorities.has('workorder')
        ? countOpenTicketsOfAssignee(db, principal.orgId, principal.userId)
        : Promise.resolve(null),
      listTeam(principal.orgId),
      countWaiting(db, principal.orgId),
    ]);
    const teamStatus: TeamStatus = { ...countActivities(team), total: team.length, waiting };
    return {
      today,
      tz,
      me: {
        today: figures.totals,
        yesterday: figures.previous?.totals ?? {},
        openConversations,
        openTickets,
      },
      team: teamStatus,
    };
  };

  const monitor = async (principal: Principal, tz: string, language: Language): Promise<DashboardMonitor> => {
    const { orgId } = principal;
    const today = todayIn(tz);
    const [queues, groups, conversations, team, openByAgent, figures] = await Promise.all([
      summarizeQueues(db, orgId),
      listWorkgroupsWithMembers(db, orgId),
      countLiveConversations(db, orgId),
      listTeam(orgId),
      countOpenConversationsByAgent(db, orgId),
      // Today's figures are statistics: shown only to those who may read statistics.
      principal.authorities.has('statistic')
        ? statistics.online(
            principal,
            {
              from: today,
              to: today,
              tz,
              groupBy: 'day',
              metrics: [...monitorMetricKeys],
              compare: false,
            },
            language,
          )
        : Promise.resolve(null),
    ]);
    const available = new Set(
      team.filter((member) => member.activity === 'online').map((member) => member.id),
    );
    const queueOf = new Map(queues.map((queue) => [queue.workgroupId, queue]));
    const groupQueues: MonitorQueue[] = groups.map((group) => ({
      wid: group.wid,
      nickname: group.nickname,
      waiting: queueOf.get(group.id)?.waiting ?? 0,
      oldestQueuedAt: queueOf.get(group.id)?.oldestQueuedAt ?? null,
      agentsOnline: group.memberIds.filter((id) => available.has(id)).length,
    }));
    const appointed = queueOf.get(null);
    if (appointed)
      groupQueues.push({
        wid: null,
        nickname: '',
        waiting: appointed.waiting,
        oldestQueuedAt: appointed.oldestQueuedAt,
        agentsOnline: 0,
      });
    // A queue of a deleted group still waits: count it in the total even without a row of its own.
    const waiting = queues.reduce((sum, queue) => sum + queue.waiting, 0);
    const oldest = queues
      .map((queue) => queue.oldestQueuedAt)
      .filter((at): at is number => at !== null)
      .reduce<number | null>((min, at) => (min === null || at < min ? at : min), null);
    const list: MonitorAgent[] = [...team]
      .sort((a, b) => activityRank[a.activity] - activityRank[b.activity])
      .slice(0, monitorAgentLimit)
      .map((member) => ({
        uid: member.uid,
        nickname: member.nickname,
        avatar: member.avatar,
        activity: member.activity,
        status: member.status as UserStatus,
        openConversations: openByAgent.get(member.id) ?? 0,
        maxConversations: member.maxThreadCount,
      }));
    return {
      at: now(),
      tz,
      queue: {
        waiting,
        oldestQueuedAt: oldest,
        groups: groupQueues.sort(
          (a, b) =>
            b.waiting - a.waiting ||
            (a.oldestQueuedAt ?? Number.MAX_SAFE_INTEGER) - (b.oldestQueuedAt ?? Number.MAX_SAFE_INTEGER),
        ),
      },
      conversations,
      agents: { ...countActivities(team), total: team.length, list },
      today: figures?.totals ?? null,
    };
  };

  return { guide, workplace, monitor };
};

export type DashboardService = ReturnType<typeof createDashboardService>;
