import { z } from 'zod';
import { userStatusSchema, type UserStatus } from './enums.js';
import { statisticFilterSchema, statisticValuesSchema } from './statistic.js';

/*
 * The dashboard section (issue 17): the workplace's own and team figures, the wallboard's live
 * snapshot (HTTP and pushed over the `/monitor` Socket.IO namespace) and the setup checklist. The
 * organisation-wide analysis page reads the statistics API (`statistic.ts`) directly.
 */

/** `?tz=`: the IANA zone "today" is counted in (the statistics' own rule; default UTC). */
export const dashboardTzQuerySchema = z.object({ tz: statisticFilterSchema.shape.tz });
export type DashboardTzQuery = z.input<typeof dashboardTzQuerySchema>;

/**
 * What an agent is doing, as the wallboard groups it. Only a connected workbench counts: an agent
 * whose stored status is "online" but who has no workbench open is offline (routing agrees).
 */
export const agentActivityValues = ['online', 'busy', 'away', 'offline'] as const;
export const agentActivitySchema = z.enum(agentActivityValues);
export type AgentActivity = z.infer<typeof agentActivitySchema>;

const busyStatuses: readonly UserStatus[] = ['busy'];
const awayStatuses: readonly UserStatus[] = ['away', 'rest', 'eat', 'leave', 'after'];
const onlineStatuses: readonly UserStatus[] = ['online', 'login', 'sign_in', 'connected'];

/** Keep in sync with the contract's `onlineUserStatuses` (user.ts): the three signed-in buckets. */
export const activityOf = (status: UserStatus, isConnected: boolean): AgentActivity => {
  if (!isConnected) return 'offline';
  if (onlineStatuses.includes(status)) return 'online';
  if (busyStatuses.includes(status)) return 'busy';
  if (awayStatuses.includes(status)) return 'away';
  return 'offline';
};

export const teamStatusSchema = z.object({
  online: z.number().int(),
  busy: z.number().int(),
  away: z.number().int(),
  offline: z.number().int(),
  /** Enabled agents of the organisation (robots excluded). */
  total: z.number().int(),
  /** Conversations waiting in a queue now. */
  waiting: z.number().int(),
});
export type TeamStatus = z.infer<typeof teamStatusSchema>;

/** The statistics figures the workplace shows for the signed-in user. */
export const workplaceMetricKeys = [
  'conversationsAccepted',
  'conversationsClosed',
  'firstResponseAvg',
  'satisfactionAvg',
  'ratings',
] as const;

/** GET /api/dashboard/workplace — the signed-in user's figures today and the team's live status. */
export const dashboardWorkplaceSchema = z.object({
  /** Today's local date (YYYY-MM-DD) in `tz`. */
  today: z.string(),
  tz: z.string(),
  me: z.object({
    /** `workplaceMetricKeys` for today so far (null = no figure). */
    today: statisticValuesSchema,
    /** The same figures for the whole of yesterday. */
    yesterday: statisticValuesSchema,
    /** Conversations assigned to me and not closed, now. */
    openConversations: z.number().int(),
    /** Tickets assigned to me that are still open; null without the ticket section (authority `workorder`). */
    openTickets: z.number().int().nullable(),
  }),
  team: teamStatusSchema,
});
export type DashboardWorkplace = z.infer<typeof dashboardWorkplaceSchema>;

/** The statistics figures the wallboard shows for today. */
export const monitorMetricKeys = [
  'conversationsNew',
  'conversationsAccepted',
  'conversationsMissed',
  'abandonmentRate',
  'queueTimeAvg',
  'firstResponseAvg',
  'satisfactionAvg',
] as const;

export const monitorAgentSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  activity: agentActivitySchema,
  status: userStatusSchema,
  /** Conversations assigned and not closed. */
  openConversations: z.number().int(),
  /** The agent's capacity; 0 = unlimited. */
  maxConversations: z.number().int(),
});
export type MonitorAgent = z.infer<typeof monitorAgentSchema>;

export const monitorQueueSchema = z.object({
  /** null: conversations waiting for one appointed agent rather than a skill group. */
  wid: z.string().nullable(),
  nickname: z.string(),
  waiting: z.number().int(),
  /** When the longest-waiting conversation started waiting (ms); null when nobody waits. */
  oldestQueuedAt: z.number().nullable(),
  /** Members who are online and have their workbench open. */
  agentsOnline: z.number().int(),
});
export type MonitorQueue = z.infer<typeof monitorQueueSchema>;

/**
 * GET /api/dashboard/monitor and the `monitor:snapshot` push: the organisation's live state. Wait
 * times are sent as instants, so a wallboard ticks them on by itself between pushes (with `at`, the
 * server's clock, to correct its own).
 */
export const dashboardMonitorSchema = z.object({
  /** The server's time of the snapshot (ms). */
  at: z.number(),
  tz: z.string(),
  queue: z.object({
    waiting: z.number().int(),
    oldestQueuedAt: z.number().nullable(),
    /** Per skill group (every group of the organisation, then appointed-agent queues), most waiting first. */
    groups: z.array(monitorQueueSchema),
  }),
  conversations: z.object({
    /** With an agent now. */
    chatting: z.number().int(),
    /** With a robot now. */
    robot: z.number().int(),
  }),
  agents: z.object({
    online: z.number().int(),
    busy: z.number().int(),
    away: z.number().int(),
    offline: z.number().int(),
    total: z.number().int(),
    /** Signed-in agents first, then by name; at most `monitorAgentLimit`. */
    list: z.array(monitorAgentSchema),
  }),
  /** `monitorMetricKeys` for today so far; null without authority `statistic`. */
  today: statisticValuesSchema.nullable(),
});
export type DashboardMonitor = z.infer<typeof dashboardMonitorSchema>;

/** The wallboard lists at most this many agents. */
export const monitorAgentLimit = 200;

/**
 * The wallboard's Socket.IO namespace (same `/socket.io/` path as the chat). A monitor socket is not
 * an agent socket: it counts as no presence, joins no chat room and takes no client events.
 */
export const monitorNamespace = '/monitor';
/** Handshake `auth` of a monitor socket: the console's access token and the zone of "today". */
export const monitorSocketAuthSchema = z.object({
  token: z.string().min(1).max(512),
  tz: statisticFilterSchema.shape.tz,
});
export type MonitorSocketAuth = z.input<typeof monitorSocketAuthSchema>;
/** The server pushes `dashboardMonitorSchema` under this event at connect and every `monitorPushMs`. */
export const monitorSnapshotEvent = 'monitor:snapshot';
export const monitorPushMs = 5_000;

export const guideStepKeys = [
  'skillGroup',
  'agent',
  'agentOnline',
  'embedLoaded',
  'firstConversation',
  'robotFaq',
  'kbArticle',
  'quickReply',
] as const;
export const guideStepKeySchema = z.enum(guideStepKeys);
export type GuideStepKey = z.infer<typeof guideStepKeySchema>;

/** GET /api/dashboard/guide — the setup checklist, each step ticked from the organisation's data. */
export const dashboardGuideSchema = z.object({
  steps: z.array(z.object({ key: guideStepKeySchema, isDone: z.boolean() })),
});
export type DashboardGuide = z.infer<typeof dashboardGuideSchema>;
