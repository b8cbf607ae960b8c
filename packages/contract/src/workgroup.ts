import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';
import { organizationSchema, userBriefSchema } from './user.js';

/* Skill groups (spec §3 "Workgroup", §7 "Workgroup"; issue 3). */

/** robin: round-robin (default) · least: fewest active threads · recent: back to the last agent · pubsub: offered to all, first to accept. */
export const routeTypeValues = ['robin', 'least', 'recent', 'pubsub'] as const;
export const routeTypeSchema = z.enum(routeTypeValues);
export type RouteType = z.infer<typeof routeTypeSchema>;

/** What the leave-message form asks for: default (mobile or email), mobile, email. */
export const leaveMessageTypeSchema = z.enum(['default', 'mobile', 'email']);
export type LeaveMessageType = z.infer<typeof leaveMessageTypeSchema>;

const timeOfDaySchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm');

/** One opening window: weekday 1 (Monday) … 7 (Sunday), start before end, same day. */
export const workTimeEntrySchema = z
  .object({ weekday: z.number().int().min(1).max(7), start: timeOfDaySchema, end: timeOfDaySchema })
  .refine((entry) => entry.start < entry.end, { message: 'start must be before end', path: ['end'] });
export type WorkTimeEntry = z.infer<typeof workTimeEntrySchema>;

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Opening hours; no entries means always open. */
export const workTimesSchema = z.object({
  timezone: z.string().min(1).max(64).refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai'),
  entries: z.array(workTimeEntrySchema).max(70),
});
export type WorkTimes = z.infer<typeof workTimesSchema>;

/**
 * `workTimes` travels as a JSON string (spec §3); '' means always open. One string schema rather
 * than a union with '' so that the failing rule's own message reaches the form, not "Invalid input".
 */
export const workTimesStringSchema = z
  .string()
  .max(8000)
  .transform((value, ctx) => {
    if (value === '') return '';
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON string' });
      return z.NEVER;
    }
    const result = workTimesSchema.safeParse(parsed);
    if (!result.success) {
      ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'invalid work times' });
      return z.NEVER;
    }
    return JSON.stringify(result.data);
  });

export const workgroupSchema = z.object({
  wid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  description: z.string(),
  slogan: z.string(),
  routeType: routeTypeSchema,
  leaveMessageType: leaveMessageTypeSchema,
  recent: z.boolean(),
  defaultRobot: z.boolean(),
  offlineRobot: z.boolean(),
  /** The robot (uid) that answers when defaultRobot / offlineRobot is on. */
  robotUid: z.string().nullable(),
  forceRate: z.boolean(),
  autoPop: z.boolean(),
  showRobotFaq: z.boolean(),
  showRobotFaqNotFound: z.boolean(),
  robotAnswerNotFoundTip: z.string(),
  welcomeTip: z.string(),
  acceptTip: z.string(),
  reRequestTip: z.string(),
  robotTip: z.string(),
  offlineTip: z.string(),
  closeTip: z.string(),
  autoCloseTip: z.string(),
  nonWorkingTimeTip: z.string(),
  maxQueueCount: z.number().int(),
  maxQueueCountExceedTip: z.string(),
  maxQueueSeconds: z.number().int(),
  maxQueueSecondExceedTip: z.string(),
  showTopTip: z.boolean(),
  topTip: z.string(),
  showForm: z.boolean(),
  /** Issue 16: the builder form (fid) asked before a chat when showForm is on; null: the organisation's default. */
  preChatForm: z.string().nullable().optional(),
  /** Issue 16: the builder form (fid) sent to the visitor when a chat closes; null: none. */
  afterChatForm: z.string().nullable().optional(),
  showCollectMobile: z.boolean(),
  robotCollectMobile: z.boolean(),
  hideLogo: z.boolean(),
  showRightColumn: z.boolean(),
  /** Issue 13: the widget offers a help-centre search before the chat starts (and beside the leave-message form). */
  helpCenterSearch: z.boolean(),
  /** Issue 15: the widget offers "Leave a ticket" (an external ticket with the visitor as contact). */
  widgetTicket: z.boolean().optional(),
  /** Issue 21: visitors and agents may start voice and video calls (off by default). */
  allowCall: z.boolean().optional(),
  /** JSON string of WorkTimes; '' means always open. */
  workTimes: z.string(),
  autoCloseMinutes: z.number().int(),
  /** Members (agents). */
  users: z.array(userBriefSchema),
  /** The group's admin (an agent uid), if any. */
  admin: userBriefSchema.nullable(),
  /** Group that takes over outside this group's work hours. */
  onDutyWorkGroupWid: z.string().nullable(),
  webhook: z.string(),
  webhookLeaveMessage: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Workgroup = z.infer<typeof workgroupSchema>;

/** GET /api/workgroup/query/force (platform staff, for support): a group with the organisation owning it. */
export const workgroupOfOrganizationSchema = workgroupSchema.extend({ organization: organizationSchema });
export type WorkgroupOfOrganization = z.infer<typeof workgroupOfOrganizationSchema>;

const tip = z.string().trim().max(500).optional();
const flag = z.boolean().optional();
const webhook = z
  .union([
    z
      .string()
      .trim()
      .url()
      .max(512)
      .regex(/^https?:\/\//, 'must be an http(s) address'),
    z.literal(''),
  ])
  .optional();

/** POST /api/workgroup/create. Omitted fields take the defaults shown by the console. */
export const workgroupCreateBodySchema = z.object({
  nickname: z.string().trim().min(1).max(32),
  avatar: z.string().trim().max(512).optional(),
  description: z.string().trim().max(500).optional(),
  slogan: z.string().trim().max(100).optional(),
  routeType: routeTypeSchema.optional(),
  leaveMessageType: leaveMessageTypeSchema.optional(),
  recent: flag,
  defaultRobot: flag,
  offlineRobot: flag,
  robotUid: z.union([z.string().trim().min(1).max(64), z.literal(''), z.null()]).optional(),
  forceRate: flag,
  autoPop: flag,
  showRobotFaq: flag,
  showRobotFaqNotFound: flag,
  robotAnswerNotFoundTip: tip,
  welcomeTip: tip,
  acceptTip: tip,
  reRequestTip: tip,
  robotTip: tip,
  offlineTip: tip,
  closeTip: tip,
  autoCloseTip: tip,
  nonWorkingTimeTip: tip,
  maxQueueCount: z.coerce.number().int().min(0).max(10_000).optional(),
  maxQueueCountExceedTip: tip,
  maxQueueSeconds: z.coerce.number().int().min(0).max(86_400).optional(),
  maxQueueSecondExceedTip: tip,
  showTopTip: flag,
  topTip: tip,
  showForm: flag,
  /** A published builder form's fid; '' or null: none. */
  preChatForm: z.union([z.string().trim().min(1).max(64), z.literal(''), z.null()]).optional(),
  afterChatForm: z.union([z.string().trim().min(1).max(64), z.literal(''), z.null()]).optional(),
  showCollectMobile: flag,
  robotCollectMobile: flag,
  hideLogo: flag,
  showRightColumn: flag,
  helpCenterSearch: flag,
  widgetTicket: flag,
  allowCall: flag,
  workTimes: workTimesStringSchema.optional(),
  autoCloseMinutes: z.coerce.number().int().min(1).max(1440).optional(),
  /** Member agent uids; each must be an agent of the same organisation. */
  users: z.array(z.string().trim().min(1).max(64)).max(500).optional(),
  /** Admin agent uid. */
  admin: z.union([z.string().trim().min(1).max(64), z.literal(''), z.null()]).optional(),
  onDutyWorkGroupWid: z.union([z.string().trim().min(1).max(64), z.literal(''), z.null()]).optional(),
  webhook,
  webhookLeaveMessage: webhook,
});
export type WorkgroupCreateBody = z.input<typeof workgroupCreateBodySchema>;

/** POST /api/workgroup/update: the fields to change plus `wid`. */
export const workgroupUpdateBodySchema = workgroupCreateBodySchema
  .partial()
  .extend({ wid: z.string().trim().min(1).max(64) });
export type WorkgroupUpdateBody = z.input<typeof workgroupUpdateBodySchema>;

export const workgroupToggleRobotBodySchema = z.object({
  wid: z.string().trim().min(1).max(64),
  defaultRobot: queryBooleanSchema,
});
export const workgroupToggleCollectMobileBodySchema = z.object({
  wid: z.string().trim().min(1).max(64),
  robotCollectMobile: queryBooleanSchema,
});
export const workgroupDeleteQuerySchema = z.object({
  wid: z.string().trim().min(1).max(64),
  client: z.string().max(32).optional(),
});

/** GET /api/workgroup/filter: page 0, size 20, nickname (contains), silent (the console's "no spinner" hint; ignored). */
export const workgroupFilterQuerySchema = pageQuerySchema.extend({
  nickname: z.string().trim().max(64).optional(),
  silent: queryBooleanSchema.optional(),
  client: z.string().max(32).optional(),
});
