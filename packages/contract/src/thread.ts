import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { clientSchema, threadTypeSchema, userStatusSchema } from './enums.js';
import { userBriefSchema, workgroupBriefSchema } from './user.js';
import { visitorBriefSchema, visitorTextSchema } from './visitor.js';
import { ticketLinkSchema } from './ticket.js';
import { commodityCardSchema, commodityInputSchema } from './message-card.js';

/* Conversations (issue 4). The state machine lives in the server's thread module. */

/** robot (a robot answers) · queuing · chatting · offline (no one could answer: leave-message) · closed. */
export const threadStatusValues = ['robot', 'queuing', 'chatting', 'offline', 'closed'] as const;
export const threadStatusSchema = z.enum(threadStatusValues);
export type ThreadStatus = z.infer<typeof threadStatusSchema>;

export const closeTypeSchema = z.enum(['agent', 'visitor', 'timeout', 'non_working_time', 'offline']);
export type CloseType = z.infer<typeof closeTypeSchema>;

export const threadSchema = z.object({
  tid: z.string(),
  type: threadTypeSchema,
  status: threadStatusSchema,
  client: clientSchema,
  visitor: visitorBriefSchema,
  agent: userBriefSchema.nullable(),
  workgroup: workgroupBriefSchema.nullable(),
  /** Preview of the last message (text, or "[image]" etc.). */
  content: z.string(),
  /** Highest message seq in the thread; a client resyncs with `afterSeq`. */
  seq: z.number().int(),
  /** Messages from the other side the reader has not read (agent's view for agents, visitor's for visitors). */
  unreadCount: z.number().int(),
  /** 1-based place in its skill group's queue while queuing. */
  queuePosition: z.number().int().nullable(),
  closeType: closeTypeSchema.nullable(),
  /** The visitor left a message in this care cycle (an offline thread without one was simply unanswered). */
  leftMessage: z.boolean(),
  rated: z.boolean(),
  /** The ticket made from this conversation (agents' view only; absent for the visitor). */
  ticket: ticketLinkSchema.nullable().optional(),
  /**
   * Channel conversations (issue 19): until when the visitor's platform accepts replies (WeChat 48 h,
   * WhatsApp and Messenger 24 h after the customer's last message). Absent where there is no limit.
   */
  replyUntil: z.number().optional(),
  /**
   * Agents' view (issue 21): whether the agent may call the visitor — the skill group allows calls,
   * or the conversation has no skill group.
   */
  allowCall: z.boolean().optional(),
  /**
   * Agents' view (issue 21): the product the visitor's page last said they are looking at (the
   * embed snippet, window.openkefu('commodity', …), the SDK), or null.
   */
  commodity: commodityCardSchema.nullable().optional(),
  /** Care cycle: 1 for a new thread, +1 each time a closed thread is reopened. */
  cycle: z.number().int(),
  queuedAt: z.number().nullable(),
  startedAt: z.number().nullable(),
  closedAt: z.number().nullable(),
  lastMessageAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Thread = z.infer<typeof threadSchema>;

/**
 * The original product's answers to a thread request (reference "Visitor chat flow"):
 * 200 new chat · 201 continuing · 202 queued · 203 outside work hours · 204 no agent online ·
 * -2 unknown skill group or agent · -3 blocked.
 */
export const threadRequestCodeValues = [200, 201, 202, 203, 204, -2, -3] as const;
export type ThreadRequestCode = (typeof threadRequestCodeValues)[number];

/** POST /visitor/api/thread/request — ask for a conversation with a skill group or an appointed agent. */
export const threadRequestBodySchema = z
  .object({
    wid: z.string().trim().min(1).max(64).optional(),
    /** Appointed agent's uid. */
    aid: z.string().trim().min(1).max(64).optional(),
    /** Pre-chat form answers (item key → text, or the options ticked; control characters removed) when the skill group has showForm on (see form.ts). */
    form: z
      .record(z.string().max(32), z.union([visitorTextSchema(500), z.array(visitorTextSchema(500)).max(50)]))
      .optional(),
  })
  .refine((body) => Boolean(body.wid) !== Boolean(body.aid), {
    message: 'give either wid or aid',
    path: ['wid'],
  });
export type ThreadRequestBody = z.infer<typeof threadRequestBodySchema>;

/** What the widget shows for a skill group before and during the chat. */
export const widgetSettingsSchema = z.object({
  wid: z.string().nullable(),
  nickname: z.string(),
  avatar: z.string(),
  welcomeTip: z.string(),
  acceptTip: z.string(),
  offlineTip: z.string(),
  nonWorkingTimeTip: z.string(),
  closeTip: z.string(),
  showTopTip: z.boolean(),
  topTip: z.string(),
  forceRate: z.boolean(),
  leaveMessageType: z.enum(['default', 'mobile', 'email']),
  showForm: z.boolean(),
  showCollectMobile: z.boolean(),
  hideLogo: z.boolean(),
  /** The skill group offers a help-centre search before the chat (GET /visitor/api/help/search). */
  helpCenterSearch: z.boolean(),
  /** Issue 15: the skill group offers "Leave a ticket" (POST /visitor/api/ticket/create). */
  widgetTicket: z.boolean().optional(),
  /** Issue 21: the skill group allows voice and video calls with the assigned agent. */
  allowCall: z.boolean().optional(),
});
export type WidgetSettings = z.infer<typeof widgetSettingsSchema>;

export const threadRequestResultSchema = z.object({
  code: z.union([
    z.literal(200),
    z.literal(201),
    z.literal(202),
    z.literal(203),
    z.literal(204),
    /** The skill group's robot answers: its welcome (and FAQs) is the thread's first message. */
    z.literal(206),
    z.literal(-2),
    z.literal(-3),
  ]),
  /** The tip to show for this answer, in the skill group's words (welcome, offline, queue…). */
  tip: z.string(),
  thread: threadSchema.nullable(),
  settings: widgetSettingsSchema.nullable(),
});
export type ThreadRequestResult = z.infer<typeof threadRequestResultSchema>;

/**
 * GET /visitor/api/preview?org=&wid=|aid= — public, read-only: what the widget would show right now,
 * for the console's embed-code preview. Creates no visitor, thread, message or statistics event.
 * `code` is what a real request would answer at this moment (200 someone can take it, 202 it would
 * queue, 203 outside work hours, 204 nobody online, -2 unknown skill group or agent).
 */
export const widgetPreviewQuerySchema = z
  .object({
    org: z.string().trim().min(1).max(64),
    wid: z.string().trim().min(1).max(64).optional(),
    aid: z.string().trim().min(1).max(64).optional(),
  })
  .refine((query) => Boolean(query.wid) !== Boolean(query.aid), {
    message: 'give either wid or aid',
    path: ['wid'],
  });
export const widgetPreviewSchema = z.object({
  code: z.union([
    z.literal(200),
    z.literal(202),
    z.literal(203),
    z.literal(204),
    /** The skill group's robot would answer. */
    z.literal(206),
    z.literal(-2),
  ]),
  /** The tip a visitor would see for this answer (welcome, queue, non-working-time, offline). */
  tip: z.string(),
  settings: widgetSettingsSchema.nullable(),
});
export type WidgetPreview = z.infer<typeof widgetPreviewSchema>;

/** GET /api/thread/query — conversation records (kefu → thread). */
export const threadQuerySchema = pageQuerySchema.extend({
  /** Epoch ms range on createdAt. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  status: threadStatusSchema.optional(),
  wid: z.string().trim().max(64).optional(),
  /** Agent uid. */
  uid: z.string().trim().max(64).optional(),
  /** Visitor nickname or vid contains. */
  visitor: z.string().trim().max(64).optional(),
  threadClient: clientSchema.optional(),
  /** A tag's tgid: the conversation or its visitor carries it. */
  tag: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type ThreadQuery = z.infer<typeof threadQuerySchema>;

/** GET /api/thread/mine — the workbench lists. */
export const threadListKindSchema = z.enum(['current', 'queue', 'groups', 'closed']);
export type ThreadListKind = z.infer<typeof threadListKindSchema>;
export const threadMineQuerySchema = pageQuerySchema.extend({
  kind: threadListKindSchema.default('current'),
});

export const tidBodySchema = z.object({ tid: z.string().trim().min(1).max(64) });
export type TidBody = z.infer<typeof tidBodySchema>;

/** POST /visitor/api/thread/commodity — the product the visitor is looking at now. */
export const threadCommodityBodySchema = tidBodySchema.extend({ commodity: commodityInputSchema });
export type ThreadCommodityBody = z.input<typeof threadCommodityBodySchema>;

/** POST /api/thread/close — with the agent's optional summary. */
export const threadCloseBodySchema = tidBodySchema.extend({
  summary: z.string().trim().max(2000).optional(),
  category: z.string().trim().max(64).optional(),
});
export type ThreadCloseBody = z.infer<typeof threadCloseBodySchema>;

/** POST /api/thread/transfer — to an agent (uid) or a skill group (wid); the target accepts or rejects. */
export const threadTransferBodySchema = tidBodySchema
  .extend({
    uid: z.string().trim().min(1).max(64).optional(),
    wid: z.string().trim().min(1).max(64).optional(),
    note: z.string().trim().max(500).default(''),
  })
  .refine((body) => Boolean(body.uid) !== Boolean(body.wid), {
    message: 'give either uid or wid',
    path: ['uid'],
  });
export type ThreadTransferBody = z.input<typeof threadTransferBodySchema>;

export const transferStatusSchema = z.enum(['pending', 'accepted', 'rejected', 'cancelled']);
export const transferSchema = z.object({
  id: z.string(),
  tid: z.string(),
  from: userBriefSchema,
  toAgent: userBriefSchema.nullable(),
  toWorkgroup: workgroupBriefSchema.nullable(),
  note: z.string(),
  status: transferStatusSchema,
  createdAt: z.number(),
});
export type Transfer = z.infer<typeof transferSchema>;

/**
 * GET /api/thread/transfer/targets?tid= — colleagues a conversation can go to, with their load:
 * `load` is how many conversations they are chatting in now, `maxThreadCount` their limit; an agent
 * at the limit cannot accept (the accept answers 409).
 */
export const transferTargetSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  status: userStatusSchema,
  load: z.number().int(),
  maxThreadCount: z.number().int(),
});
export type TransferTarget = z.infer<typeof transferTargetSchema>;

/** POST /api/thread/transfer/respond and /api/thread/invite/respond. */
export const offerResponseBodySchema = z.object({
  id: z.string().trim().min(1).max(64),
  accept: z.boolean(),
});

/** POST /api/thread/invite — invite a colleague into the thread. */
export const threadInviteBodySchema = tidBodySchema.extend({ uid: z.string().trim().min(1).max(64) });

/** Append-only facts for statistics. */
export const threadEventKindSchema = z.enum([
  'created',
  'queued',
  'assigned',
  'first_response',
  'transferred',
  'closed',
  'rated',
  'reopened',
  /** The skill group's robot took the conversation. */
  'robot',
  /** The robot answered a question (data: question, source, aid, title) or could not (data: question, verdict). */
  'robot_answered',
  'robot_unanswered',
  /** The visitor's "did this help?" on an answer (data: question, source, aid). */
  'robot_helpful',
  'robot_useless',
  /** The visitor asked the robot for a person (data: reason keyword | button). */
  'robot_to_agent',
  /** The visitor left a name and mobile number with the robot (data: cid of the CRM lead). */
  'robot_lead',
]);
export type ThreadEventKind = z.infer<typeof threadEventKindSchema>;
