import { z } from 'zod';
import { languageSchema } from './enums.js';
import { pageQuerySchema, pageSchema, queryBooleanSchema } from './envelope.js';
import { robotSynonymLimit, robotWordMaxLength } from './robot.js';

/*
 * Issue 20, platform administration (platform → synonym, greeting, online, push, statistic,
 * channel): calls under /api/platform/*, platform staff only, except the notification centre
 * (/api/notice/*) every signed-in console user reads.
 */

const idSchema = z.string().trim().min(1, 'is required').max(64);

/* ---- synonym: the platform's synonym library ---- */

const platformWordSchema = z.string().trim().min(1, 'is required').max(robotWordMaxLength);

/** A standard word and the words visitors use for it, read by every organisation's robot under its own. */
export const platformSynonymSchema = z.object({
  psid: z.string(),
  standard: z.string(),
  synonyms: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type PlatformSynonym = z.infer<typeof platformSynonymSchema>;

export const platformSynonymCreateBodySchema = z.object({
  standard: platformWordSchema,
  synonyms: z.array(platformWordSchema).min(1, 'is required').max(robotSynonymLimit),
});
export type PlatformSynonymCreateBody = z.input<typeof platformSynonymCreateBodySchema>;
export const platformSynonymUpdateBodySchema = platformSynonymCreateBodySchema.extend({ psid: idSchema });
export type PlatformSynonymUpdateBody = z.input<typeof platformSynonymUpdateBodySchema>;
export const psidBodySchema = z.object({ psid: idSchema });

export const platformSynonymQuerySchema = pageQuerySchema.extend({
  /** Matches the standard word or a synonym, case-insensitive. */
  keyword: z.string().trim().max(robotWordMaxLength).optional(),
});
export type PlatformSynonymQuery = z.input<typeof platformSynonymQuerySchema>;

/* ---- greeting: the platform's default skill-group tips ---- */

/** The skill-group tips (spec §3 workgroup fields) the platform gives defaults for; `topTip` stays per group. */
export const greetingTipFields = [
  'welcomeTip',
  'acceptTip',
  'reRequestTip',
  'robotTip',
  'robotAnswerNotFoundTip',
  'offlineTip',
  'closeTip',
  'autoCloseTip',
  'nonWorkingTimeTip',
  'maxQueueCountExceedTip',
  'maxQueueSecondExceedTip',
] as const;
export type GreetingTipField = (typeof greetingTipFields)[number];

/** Contract `workgroupCreateBodySchema`'s tip length. */
export const greetingTipMaxLength = 500;
const tipText = z.string().trim().max(greetingTipMaxLength);

export const greetingTipsSchema = z.object({
  welcomeTip: tipText,
  acceptTip: tipText,
  reRequestTip: tipText,
  robotTip: tipText,
  robotAnswerNotFoundTip: tipText,
  offlineTip: tipText,
  closeTip: tipText,
  autoCloseTip: tipText,
  nonWorkingTimeTip: tipText,
  maxQueueCountExceedTip: tipText,
  maxQueueSecondExceedTip: tipText,
}) satisfies z.ZodType<Record<GreetingTipField, string>>;
export type GreetingTips = z.infer<typeof greetingTipsSchema>;

/** One language's default tips; `updatedAt` null: never saved (every tip ''). */
export const platformGreetingSchema = z.object({
  language: languageSchema,
  tips: greetingTipsSchema,
  updatedAt: z.number().nullable(),
});
export type PlatformGreeting = z.infer<typeof platformGreetingSchema>;

/** POST /api/platform/greeting/update: one language's tips; an omitted tip is saved empty. */
export const platformGreetingUpdateBodySchema = z.object({
  language: languageSchema,
  tips: z.object(
    Object.fromEntries(greetingTipFields.map((field) => [field, tipText.default('')])) as {
      [K in GreetingTipField]: z.ZodDefault<typeof tipText>;
    },
  ),
});
export type PlatformGreetingUpdateBody = z.input<typeof platformGreetingUpdateBodySchema>;

/** GET /api/platform/greeting/default: the language asked for, else the request's language. */
export const platformGreetingDefaultQuerySchema = z.object({ language: languageSchema.optional() });

/* ---- online: who is online now, across organisations ---- */

/** One organisation with someone online: agents in an online status, sockets connected now. */
export const onlineOrganizationSchema = z.object({
  oid: z.string(),
  name: z.string(),
  subDomain: z.string(),
  /** Agents whose status is an online one (online, busy, away…). */
  agentsOnline: z.number(),
  /** Agents with a workbench or console socket open now. */
  agentsConnected: z.number(),
  /** Visitors with a chat socket open now. */
  visitorsConnected: z.number(),
});
export type OnlineOrganization = z.infer<typeof onlineOrganizationSchema>;

export const onlineTotalsSchema = z.object({
  organizations: z.number(),
  agentsOnline: z.number(),
  agentsConnected: z.number(),
  visitorsConnected: z.number(),
});
export type OnlineTotals = z.infer<typeof onlineTotalsSchema>;

export const onlineSummaryQuerySchema = pageQuerySchema.extend({
  /** Matches the organisation's name or subDomain, case-insensitive. */
  keyword: z.string().trim().max(64).optional(),
});
export type OnlineSummaryQuery = z.input<typeof onlineSummaryQuerySchema>;

export const onlineSummarySchema = z.object({
  totals: onlineTotalsSchema,
  organizations: pageSchema(onlineOrganizationSchema),
});
export type OnlineSummary = z.infer<typeof onlineSummarySchema>;

export const onlineOrgQuerySchema = pageQuerySchema.extend({
  subDomain: z.string().trim().min(1, 'is required').max(64),
});
export type OnlineOrgQuery = z.input<typeof onlineOrgQuerySchema>;

export const onlineAgentSchema = z.object({
  uid: z.string(),
  username: z.string(),
  nickname: z.string(),
  status: z.string(),
  /** A socket of this user is open now. */
  connected: z.boolean(),
  lastLoginAt: z.number().nullable(),
  lastLoginClient: z.string().nullable(),
});
export type OnlineAgent = z.infer<typeof onlineAgentSchema>;

export const onlineVisitorSchema = z.object({
  vid: z.string(),
  nickname: z.string(),
  client: z.string(),
  /** Sockets open now (tabs). */
  connections: z.number(),
  lastVisitAt: z.number().nullable(),
});
export type OnlineVisitor = z.infer<typeof onlineVisitorSchema>;

export const onlineSignOutBodySchema = z.object({ uid: idSchema });
export type OnlineSignOutBody = z.input<typeof onlineSignOutBodySchema>;

/* ---- push: notices from platform staff to organisations, and the console's notification centre ---- */

export const noticeLevelSchema = z.enum(['info', 'warning']);
export type NoticeLevel = z.infer<typeof noticeLevelSchema>;
export const noticeAudienceSchema = z.enum(['all', 'orgs']);
export type NoticeAudience = z.infer<typeof noticeAudienceSchema>;

export const noticeTitleMaxLength = 120;
/** Of the HTML as sent (before sanitising). */
export const noticeContentMaxLength = 50_000;
/** Organisations one notice may name. */
export const noticeOrgLimit = 500;

const noticeOrgSchema = z.object({ oid: z.string(), name: z.string(), subDomain: z.string() });

/** A notice as platform staff see it: whom it went to and how many of them read it. */
export const platformNoticeSchema = z.object({
  nid: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  content: z.string(),
  level: noticeLevelSchema,
  audience: noticeAudienceSchema,
  /** The named organisations (audience `orgs`); [] for `all`. */
  organizations: z.array(noticeOrgSchema),
  /** Console users of the audience when it was sent. */
  recipients: z.number(),
  /** Users who opened it or marked it read. */
  readers: z.number(),
  /** Emailed to each organisation's administrators. */
  isEmailed: z.boolean(),
  withdrawnAt: z.number().nullable(),
  createdAt: z.number(),
});
export type PlatformNotice = z.infer<typeof platformNoticeSchema>;

export const platformNoticeCreateBodySchema = z
  .object({
    title: z.string().trim().min(1, 'is required').max(noticeTitleMaxLength),
    content: z.string().trim().min(1, 'is required').max(noticeContentMaxLength),
    level: noticeLevelSchema.default('info'),
    audience: noticeAudienceSchema,
    /** The organisations of audience `orgs`, by subDomain. */
    subDomains: z.array(z.string().trim().min(1).max(64)).max(noticeOrgLimit).default([]),
    /** Also email each organisation's administrators (a background job). */
    sendEmail: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    if (body.audience === 'orgs' && body.subDomains.length === 0)
      context.addIssue({ code: 'custom', path: ['subDomains'], message: 'name at least one organisation' });
  });
export type PlatformNoticeCreateBody = z.input<typeof platformNoticeCreateBodySchema>;

export const platformNoticeQuerySchema = pageQuerySchema.extend({
  /** Matches the title, case-insensitive. */
  keyword: z.string().trim().max(noticeTitleMaxLength).optional(),
  state: z.enum(['active', 'withdrawn']).optional(),
});
export type PlatformNoticeQuery = z.input<typeof platformNoticeQuerySchema>;

export const nidBodySchema = z.object({ nid: idSchema });

/** A notice in a console user's notification centre. */
export const noticeSchema = z.object({
  nid: z.string(),
  title: z.string(),
  content: z.string(),
  level: noticeLevelSchema,
  read: z.boolean(),
  createdAt: z.number(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeQuerySchema = pageQuerySchema.extend({
  unreadOnly: queryBooleanSchema.optional(),
});
export type NoticeQuery = z.input<typeof noticeQuerySchema>;

export const noticeUnreadSchema = z.object({ count: z.number() });
export type NoticeUnread = z.infer<typeof noticeUnreadSchema>;

/** Pushed to the organisations' console sockets when a notice arrives (realtime `notice:new`). */
export const noticePushSchema = z.object({
  nid: z.string(),
  title: z.string(),
  level: noticeLevelSchema,
  createdAt: z.number(),
});
export type NoticePush = z.infer<typeof noticePushSchema>;

/* ---- statistic: the platform's figures per day ---- */

/** The longest range one request covers. */
export const platformStatisticMaxDays = 366;

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD');

/** Days are UTC calendar days (the statistic rollup's daily rows). */
export const platformStatisticQuerySchema = z
  .object({ from: dateSchema, to: dateSchema })
  .superRefine((query, context) => {
    // Zod runs this even when a field failed above: only whole, well-formed dates are compared.
    const parse = (value: unknown) => {
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
      const time = Date.parse(`${value}T00:00:00Z`);
      // 2020-02-31 parses (as 2 March): a date that does not read back is not a date.
      return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value ? Number.NaN : time;
    };
    const from = parse(query.from);
    const to = parse(query.to);
    if (from === null || to === null) return;
    if (Number.isNaN(from)) context.addIssue({ code: 'custom', path: ['from'], message: 'is not a date' });
    else if (Number.isNaN(to)) context.addIssue({ code: 'custom', path: ['to'], message: 'is not a date' });
    else if (to < from) context.addIssue({ code: 'custom', path: ['to'], message: 'is before from' });
    else if ((to - from) / 86_400_000 + 1 > platformStatisticMaxDays)
      context.addIssue({ code: 'custom', path: ['to'], message: `at most ${platformStatisticMaxDays} days` });
  });
export type PlatformStatisticQuery = z.input<typeof platformStatisticQuerySchema>;

export const platformStatisticDaySchema = z.object({
  day: z.string(),
  newOrganizations: z.number(),
  /** Organisations at the end of the day. */
  totalOrganizations: z.number(),
  /** Agents who sent a message or accepted a conversation that day. */
  activeAgents: z.number(),
  /** Conversations started. */
  conversations: z.number(),
  /** Messages of visitors and agents. */
  messages: z.number(),
  /** Paid recharge orders: money received, in cents. */
  revenueCents: z.number(),
});
export type PlatformStatisticDay = z.infer<typeof platformStatisticDaySchema>;

/** One plan's organisations (now), those created in the range, and their revenue in the range. */
export const platformStatisticPlanSchema = z.object({
  /** The plan's pid; null: organisations on no plan. */
  pid: z.string().nullable(),
  name: z.string(),
  organizations: z.number(),
  newOrganizations: z.number(),
  revenueCents: z.number(),
});
export type PlatformStatisticPlan = z.infer<typeof platformStatisticPlanSchema>;

export const platformStatisticSchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(platformStatisticDaySchema),
  totals: z.object({
    newOrganizations: z.number(),
    totalOrganizations: z.number(),
    /** Distinct agents active on any day of the range. */
    activeAgents: z.number(),
    conversations: z.number(),
    messages: z.number(),
    revenueCents: z.number(),
  }),
  byPlan: z.array(platformStatisticPlanSchema),
});
export type PlatformStatistic = z.infer<typeof platformStatisticSchema>;

/* ---- channel: the platform's own apps on channel platforms ---- */

export const channelAppTypes = ['wechat_open', 'shopee', 'lazada'] as const;
export const channelAppTypeSchema = z.enum(channelAppTypes);
export type ChannelAppType = z.infer<typeof channelAppTypeSchema>;

export type ChannelAppField = { key: string; isSecret: boolean };

/**
 * Each platform's fields: WeChat Open Platform's third-party platform (component) official
 * accounts authorise, and the Shopee and Lazada partner apps shops grant access to, which
 * organisations' channels use instead of their own (contract `platformAppTypeOf`).
 * Secrets are sealed at rest and never returned.
 */
export const channelAppFields: Record<ChannelAppType, readonly ChannelAppField[]> = {
  wechat_open: [
    { key: 'componentAppId', isSecret: false },
    { key: 'componentAppSecret', isSecret: true },
    { key: 'token', isSecret: true },
    { key: 'encodingAESKey', isSecret: true },
  ],
  shopee: [
    { key: 'partnerId', isSecret: false },
    { key: 'partnerKey', isSecret: true },
  ],
  lazada: [
    { key: 'appKey', isSecret: false },
    { key: 'appSecret', isSecret: true },
  ],
};

/** The platforms with a token call an app's credentials can be tested with. */
export const testableChannelAppTypes: readonly ChannelAppType[] = ['wechat_open'];

export const channelAppValueMaxLength = 512;

export const platformChannelAppSchema = z.object({
  type: channelAppTypeSchema,
  /** The non-secret values, by field key. */
  settings: z.record(z.string(), z.string()),
  /** The secret fields that hold a value (never the value). */
  secretsSet: z.array(z.string()),
  /** Every field has a value. */
  isConfigured: z.boolean(),
  canTest: z.boolean(),
  updatedAt: z.number().nullable(),
});
export type PlatformChannelApp = z.infer<typeof platformChannelAppSchema>;

/** Values by field key; a secret left empty or omitted keeps its stored value. */
export const platformChannelAppSaveBodySchema = z.object({
  type: channelAppTypeSchema,
  values: z.record(z.string(), z.string().trim().max(channelAppValueMaxLength)),
});
export type PlatformChannelAppSaveBody = z.input<typeof platformChannelAppSaveBodySchema>;

export const channelAppTypeBodySchema = z.object({ type: channelAppTypeSchema });

export const platformChannelAppTestSchema = z.object({
  ok: z.boolean(),
  /** What the platform said (an error, or what the token call answered). */
  detail: z.string(),
});
export type PlatformChannelAppTest = z.infer<typeof platformChannelAppTestSchema>;
