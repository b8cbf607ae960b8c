import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/*
 * Tickets (issue 15; the ticket section, authority `workorder`, permissions `ticket.list`,
 * `ticket.my`, `ticket.template`, `ticket.statistic`). Field names follow the original product's
 * newer generation (reference/original-product.md "Ticket").
 */

export const ticketStatusValues = [
  'new',
  'assigned',
  'processing',
  'pending',
  'resolved',
  'closed',
  'reopened',
] as const;
export const ticketStatusSchema = z.enum(ticketStatusValues);
export type TicketStatus = z.infer<typeof ticketStatusSchema>;

/** Lowest first: the order is the rank used for sorting. */
export const ticketPriorityValues = ['lowest', 'low', 'medium', 'high', 'urgent', 'critical'] as const;
export const ticketPrioritySchema = z.enum(ticketPriorityValues);
export type TicketPriority = z.infer<typeof ticketPrioritySchema>;

export const ticketTypeSchema = z.enum(['internal', 'external']);
export type TicketType = z.infer<typeof ticketTypeSchema>;

/** Where a ticket came from. */
export const ticketSourceSchema = z.enum(['console', 'thread', 'email', 'widget', 'feedback']);
export type TicketSource = z.infer<typeof ticketSourceSchema>;

/** What a status change is asked as (POST /api/ticket/transition). */
export const ticketActionValues = [
  'assign',
  'start',
  'wait',
  'resume',
  'resolve',
  'close',
  'reopen',
] as const;
export const ticketActionSchema = z.enum(ticketActionValues);
export type TicketAction = z.infer<typeof ticketActionSchema>;

export const ticketViewValues = [
  'all',
  'unassigned',
  'open',
  'pending',
  'overdue',
  'mine',
  'reported',
  'watching',
] as const;
export const ticketViewSchema = z.enum(ticketViewValues);
export type TicketView = z.infer<typeof ticketViewSchema>;

export const ticketPersonSchema = z.object({ uid: z.string(), nickname: z.string(), avatar: z.string() });
export type TicketPerson = z.infer<typeof ticketPersonSchema>;

export const ticketAttachmentSchema = z.object({
  /** `/uploads/…` address of an upload of the organisation (modules/upload). */
  path: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number().int(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

const attachmentInputSchema = z.object({
  path: z
    .string()
    .trim()
    .max(1000)
    .regex(/^(https?:\/\/[^/\s]+)?\/uploads\/[\w./-]+$/, 'must be an /uploads/ address'),
  fileName: z.string().trim().min(1).max(255),
  mediaType: z.string().trim().max(128).default('application/octet-stream'),
  size: z.number().int().min(0).default(0),
});

const text = (max: number) => z.string().trim().max(max);

/** The readable number of a ticket: `T-000123` (per organisation). */
export const formatTicketNumber = (number: number): string => `T-${String(number).padStart(6, '0')}`;

/** The ticket a conversation was turned into (the agents' view of a thread carries it). */
export const ticketLinkSchema = z.object({ tkid: z.string(), ticketNumber: z.string() });
export type TicketLink = z.infer<typeof ticketLinkSchema>;
const optionalEmail = z.union([z.literal(''), z.email('must be an email address').max(254)]);
const publicId = z.string().trim().min(1).max(64);

export const ticketSlaSchema = z.object({
  /** Targets of the policy in force when the ticket was created (or its priority changed). */
  firstResponseDueAt: z.number().nullable(),
  resolutionDueAt: z.number().nullable(),
  firstRespondedAt: z.number().nullable(),
  /** Stored when the clock stopped (answered, resolved or closed past a target); computed while it runs. */
  firstResponseBreached: z.boolean(),
  resolutionBreached: z.boolean(),
  /** The "due soon" window of the priority's policy, in minutes before the nearest running deadline. */
  warnMinutes: z.number().int(),
  /** An open ticket whose nearest running deadline (SLA target or due date) is within `warnMinutes`, not yet past. */
  dueSoon: z.boolean(),
});

export const ticketSchema = z.object({
  tkid: z.string(),
  /** Readable and per organisation: `T-000123`. */
  ticketNumber: z.string(),
  title: z.string(),
  /** Sanitised HTML. */
  description: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: ticketStatusSchema,
  priority: ticketPrioritySchema,
  type: ticketTypeSchema,
  source: ticketSourceSchema,
  /** Category of type `ticket`, else null. */
  category: z.object({ cid: z.string(), name: z.string() }).nullable(),
  workgroup: z.object({ wid: z.string(), nickname: z.string() }).nullable(),
  assignee: ticketPersonSchema.nullable(),
  reporter: ticketPersonSchema.nullable(),
  /** The CRM customer's id (cid), when linked. */
  customerId: z.string().nullable(),
  /** That customer's name and email; null when none is linked (or it was deleted). */
  customer: z.object({ cid: z.string(), name: z.string(), email: z.string() }).nullable(),
  /** The conversation it was created from. */
  threadUid: z.string().nullable(),
  /** Feedback it was converted from (the feedback module's id). */
  feedbackId: z.string().nullable(),
  attachments: z.array(ticketAttachmentSchema),
  watchers: z.array(ticketPersonSchema),
  /** The template it was made from (its custom fields are checked on create and update). */
  template: z.object({ ttid: z.string(), name: z.string() }).nullable(),
  /** Values of the template's custom fields. */
  customFields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  dueAt: z.number().nullable(),
  sla: ticketSlaSchema,
  resolvedTime: z.number().nullable(),
  closedTime: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Ticket = z.infer<typeof ticketSchema>;

const customFieldsInputSchema = z
  .record(
    z.string().trim().min(1).max(64),
    z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]),
  )
  .refine((value) => Object.keys(value).length <= 50, 'at most 50 custom fields');

export const ticketCreateBodySchema = z.object({
  title: text(200).min(1, 'is required'),
  description: z.string().max(100_000).default(''),
  contactName: text(100).default(''),
  email: optionalEmail.default(''),
  phone: text(32).default(''),
  priority: ticketPrioritySchema.default('medium'),
  type: ticketTypeSchema.default('external'),
  /** cid of a `ticket` category. */
  category: publicId.nullable().optional(),
  wid: publicId.nullable().optional(),
  /** uid of a colleague; the ticket then starts as assigned. */
  assignee: publicId.nullable().optional(),
  /** cid of a CRM customer of the organisation (else 400 naming it). */
  customerId: text(64).nullable().optional(),
  attachments: z.array(attachmentInputSchema).max(20).default([]),
  watchers: z.array(publicId).max(50).default([]),
  dueAt: z.number().int().positive().nullable().optional(),
  /** Template whose presets fill what the body leaves out. */
  template: publicId.optional(),
  customFields: customFieldsInputSchema.default({}),
});
export type TicketCreateBody = z.infer<typeof ticketCreateBodySchema>;

/** Field changes; the status moves only through `transition`. */
export const ticketUpdateBodySchema = z.object({
  tkid: publicId,
  title: text(200).min(1, 'is required').optional(),
  description: z.string().max(100_000).optional(),
  contactName: text(100).optional(),
  email: optionalEmail.optional(),
  phone: text(32).optional(),
  priority: ticketPrioritySchema.optional(),
  type: ticketTypeSchema.optional(),
  category: publicId.nullable().optional(),
  wid: publicId.nullable().optional(),
  customerId: text(64).nullable().optional(),
  attachments: z.array(attachmentInputSchema).max(20).optional(),
  dueAt: z.number().int().positive().nullable().optional(),
  customFields: customFieldsInputSchema.optional(),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateBodySchema>;

export const ticketTkidQuerySchema = z.object({ tkid: publicId });

export const ticketTransitionBodySchema = z.object({ tkid: publicId, action: ticketActionSchema });
export const ticketAssignBodySchema = z.object({ tkid: publicId, assignee: publicId.nullable() });
export const ticketWatchBodySchema = z.object({ tkid: publicId, watching: z.boolean() });

export const ticketBulkBodySchema = z
  .object({
    tkids: z.array(publicId).min(1).max(200),
    assignee: publicId.nullable().optional(),
    action: ticketActionSchema.optional(),
    priority: ticketPrioritySchema.optional(),
  })
  .refine(
    (body) => [body.assignee, body.action, body.priority].filter((value) => value !== undefined).length === 1,
    { message: 'give exactly one of assignee, action, priority', path: ['action'] },
  );
export type TicketBulkBody = z.infer<typeof ticketBulkBodySchema>;

/** Every ticket is tried; the ones the change does not apply to are reported, not fatal. */
export const ticketBulkResultSchema = z.object({
  updated: z.array(z.string()),
  failed: z.array(z.object({ tkid: z.string(), message: z.string() })),
});
export type TicketBulkResult = z.infer<typeof ticketBulkResultSchema>;

export const ticketSortSchema = z.enum(['newest', 'updated', 'priority', 'dueSoon']);

export const ticketQuerySchema = pageQuerySchema.extend({
  view: ticketViewSchema.default('all'),
  status: ticketStatusSchema.optional(),
  priority: ticketPrioritySchema.optional(),
  type: ticketTypeSchema.optional(),
  source: ticketSourceSchema.optional(),
  category: publicId.optional(),
  wid: publicId.optional(),
  assignee: publicId.optional(),
  customerId: text(64).optional(),
  /** Title, number, contact name or email contains it. */
  keyword: text(100).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** dueSoon: the nearest SLA or due date first (tickets without one last). */
  sort: ticketSortSchema.default('newest'),
});
export type TicketQuery = z.infer<typeof ticketQuerySchema>;

export const ticketCommentKindSchema = z.enum(['reply', 'note']);
export type TicketCommentKind = z.infer<typeof ticketCommentKindSchema>;

export const ticketCommentSchema = z.object({
  cmid: z.string(),
  /** reply: public, emailed to the contact; note: internal. */
  kind: ticketCommentKindSchema,
  /** Sanitised HTML. */
  content: z.string(),
  author: ticketPersonSchema.nullable(),
  /** Set when the contact wrote it (email reply). */
  authorEmail: z.string(),
  via: z.enum(['console', 'email', 'system']),
  mentions: z.array(ticketPersonSchema),
  attachments: z.array(ticketAttachmentSchema),
  /** A public reply: whether the mail went out. */
  emailed: z.boolean(),
  createdAt: z.number(),
});
export type TicketComment = z.infer<typeof ticketCommentSchema>;

export const ticketCommentBodySchema = z.object({
  tkid: publicId,
  kind: ticketCommentKindSchema,
  content: z.string().trim().min(1, 'is required').max(100_000),
  /** uids of colleagues to notify. */
  mentions: z.array(publicId).max(20).default([]),
  attachments: z.array(attachmentInputSchema).max(20).default([]),
});
export type TicketCommentBody = z.infer<typeof ticketCommentBodySchema>;

export const ticketActivitySchema = z.object({
  /** created, a field name (status, priority, assignee, title…), comment, watchers (added: newValue, removed: oldValue). */
  field: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  actor: ticketPersonSchema.nullable(),
  createdAt: z.number(),
});
export type TicketActivity = z.infer<typeof ticketActivitySchema>;

export const ticketDetailSchema = ticketSchema.extend({
  comments: z.array(ticketCommentSchema),
  activities: z.array(ticketActivitySchema),
});
export type TicketDetail = z.infer<typeof ticketDetailSchema>;

/** Create from a conversation: the transcript becomes the first internal note, the thread gets the ticket. */
export const ticketFromThreadBodySchema = ticketCreateBodySchema
  .omit({ title: true })
  .extend({ tid: publicId, title: text(200).optional() });

// SLA policies --------------------------------------------------------------------------------

export const ticketSlaPolicySchema = z.object({
  priority: ticketPrioritySchema,
  /** Business minutes (the skill group's workTimes; always-open without a group). 0 = no target. */
  firstResponseMinutes: z.number().int(),
  resolutionMinutes: z.number().int(),
  /** "Due soon" window in minutes before a target. */
  warnMinutes: z.number().int(),
  updatedAt: z.number().nullable(),
});
export type TicketSlaPolicy = z.infer<typeof ticketSlaPolicySchema>;

export const ticketSlaPolicyBodySchema = z.object({
  policies: z
    .array(
      z.object({
        priority: ticketPrioritySchema,
        firstResponseMinutes: z.number().int().min(0).max(525_600),
        resolutionMinutes: z.number().int().min(0).max(525_600),
        warnMinutes: z.number().int().min(0).max(10_080).default(60),
      }),
    )
    .min(1)
    .max(6)
    .refine(
      (list) => new Set(list.map((item) => item.priority)).size === list.length,
      'one policy per priority',
    ),
});

// Templates -----------------------------------------------------------------------------------

export const ticketCustomFieldSchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[A-Za-z][\w-]{0,63}$/, 'must start with a letter: letters, digits, _ and -'),
  label: text(100).min(1, 'is required'),
  type: z.enum(['text', 'number', 'date', 'select', 'checkbox']),
  required: z.boolean().default(false),
  options: z.array(text(100).min(1)).max(50).default([]),
});
export type TicketCustomField = z.infer<typeof ticketCustomFieldSchema>;

export const ticketTemplateSchema = z.object({
  ttid: z.string(),
  name: z.string(),
  /** Values a ticket made from it starts with. */
  preset: z.object({
    title: z.string(),
    description: z.string(),
    priority: ticketPrioritySchema,
    type: ticketTypeSchema,
    category: z.string().nullable(),
    wid: z.string().nullable(),
  }),
  fields: z.array(ticketCustomFieldSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type TicketTemplate = z.infer<typeof ticketTemplateSchema>;

export const ticketTemplateBodySchema = z.object({
  ttid: publicId.optional(),
  name: text(100).min(1, 'is required'),
  preset: z
    .object({
      title: text(200).default(''),
      description: z.string().max(100_000).default(''),
      priority: ticketPrioritySchema.default('medium'),
      type: ticketTypeSchema.default('external'),
      category: publicId.nullable().default(null),
      wid: publicId.nullable().default(null),
    })
    .prefault({}),
  fields: z
    .array(ticketCustomFieldSchema)
    .max(50)
    .default([])
    .refine((list) => new Set(list.map((field) => field.key)).size === list.length, 'keys must be unique'),
});
export type TicketTemplateBody = z.infer<typeof ticketTemplateBodySchema>;

export const ticketTtidQuerySchema = z.object({ ttid: publicId });

// Statistics ----------------------------------------------------------------------------------

export const ticketStatisticQuerySchema = z.object({
  from: z.coerce.number().int().min(0),
  to: z.coerce.number().int().min(0),
  /** `feedback`: the figures of tickets made from feedback (the section's fdstatistic). */
  source: ticketSourceSchema.optional(),
});

const countRow = z.object({ key: z.string(), label: z.string(), count: z.number().int() });

export const ticketStatisticSchema = z.object({
  /** UTC days from `from` to `to`: created, resolved that day, open at the day's end. */
  byDay: z.array(
    z.object({
      date: z.string(),
      created: z.number().int(),
      resolved: z.number().int(),
      backlog: z.number().int(),
    }),
  ),
  byStatus: z.array(countRow),
  byPriority: z.array(countRow),
  byAssignee: z.array(countRow),
  byGroup: z.array(countRow),
  /** Milliseconds, over tickets created in the range; null without any. */
  medianFirstResponseMs: z.number().nullable(),
  medianResolutionMs: z.number().nullable(),
  /** Share (0–1) of tickets with an SLA target that breached one. */
  slaBreachRate: z.number().nullable(),
  total: z.number().int(),
});
export type TicketStatistic = z.infer<typeof ticketStatisticSchema>;

// Notices and inbound mail --------------------------------------------------------------------

export const ticketNoticeKindSchema = z.enum(['assigned', 'mentioned', 'replied']);

/** A notice to a colleague (bell): stored, and pushed as the `ticket:notice` event to `u:<userId>`. */
export const ticketNoticeSchema = z.object({
  nid: z.string(),
  kind: ticketNoticeKindSchema,
  tkid: z.string(),
  ticketNumber: z.string(),
  title: z.string(),
  actor: ticketPersonSchema.nullable(),
  read: z.boolean(),
  createdAt: z.number(),
});
export type TicketNotice = z.infer<typeof ticketNoticeSchema>;
export const ticketNoticeReadBodySchema = z.object({ nids: z.array(publicId).max(200).default([]) });

/** The common "inbound parse" JSON of mail providers. */
export const inboundMailBodySchema = z.object({
  from: z.string().trim().min(1, 'is required').max(1000),
  to: z.string().trim().min(1, 'is required').max(4000),
  subject: z.string().max(1000).default(''),
  text: z.string().max(200_000).default(''),
  html: z.string().max(500_000).default(''),
});
export type InboundMailBody = z.infer<typeof inboundMailBodySchema>;

/** A reply threads into its ticket (`cmid` of the new comment); a mail without a ticket token opens a ticket (`created`). */
export const inboundMailResultSchema = z.object({
  tkid: z.string(),
  cmid: z.string().nullable(),
  created: z.boolean(),
});

/** Shown once when created or rotated; only its hash is stored. */
export const ticketInboundSecretSchema = z.object({ secret: z.string(), url: z.string() });

/** The inbound-mail set-up of the organisation (administrators), never the secret itself. */
export const ticketInboundInfoSchema = z.object({
  /** The webhook to give the mail provider (`?secret=` or the `x-inbound-secret` header added). */
  url: z.string(),
  /** How reply addresses look: MAIL_FROM's mailbox plus `+tk-<token>`. */
  replyAddress: z.string(),
  /** When the current secret was made; null: none yet, so the webhook refuses every mail. */
  secretCreatedAt: z.number().nullable(),
});
export type TicketInboundInfo = z.infer<typeof ticketInboundInfoSchema>;
