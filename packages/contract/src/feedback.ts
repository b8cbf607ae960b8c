import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { visitorBriefSchema, visitorTextSchema } from './visitor.js';

/* Feedback (issue 15; feedback → list, statistic): what visitors tell the organisation. */

export const feedbackCategorySchema = z.enum(['suggestion', 'bug', 'complaint', 'praise', 'other']);
export type FeedbackCategory = z.infer<typeof feedbackCategorySchema>;

export const feedbackStatusSchema = z.enum(['open', 'replied', 'closed']);
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

export const feedbackSourceSchema = z.enum(['widget', 'help']);

export const feedbackImageSchema = z.object({
  aid: z.string(),
  path: z.string(),
  thumbPath: z.string().nullable(),
});

export const feedbackSchema = z.object({
  fid: z.string(),
  category: feedbackCategorySchema,
  content: z.string(),
  images: z.array(feedbackImageSchema),
  contact: z.string(),
  url: z.string(),
  browser: z.string(),
  source: feedbackSourceSchema,
  status: feedbackStatusSchema,
  reply: z.string(),
  repliedAt: z.number().nullable(),
  replier: z.object({ uid: z.string(), nickname: z.string() }).nullable(),
  closedAt: z.number().nullable(),
  /** The ticket it was converted to (the ticket module's public id). */
  ticketId: z.string().nullable(),
  visitor: visitorBriefSchema.nullable(),
  /** The CRM customer of the visitor, when known. */
  customerCid: z.string().nullable(),
  createdAt: z.number(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** What the visitor sees of its own feedback. */
export const visitorFeedbackSchema = feedbackSchema.pick({
  fid: true,
  category: true,
  content: true,
  images: true,
  status: true,
  reply: true,
  repliedAt: true,
  createdAt: true,
});
export type VisitorFeedback = z.infer<typeof visitorFeedbackSchema>;

const feedbackFields = {
  category: feedbackCategorySchema,
  content: visitorTextSchema(2000, { multiLine: true }).min(1),
  contact: visitorTextSchema(200).default(''),
  /** The page it was sent from; only http(s) addresses, since the console shows it as a link. */
  url: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(2000)
        .regex(/^https?:\/\//i, 'must start with http:// or https://'),
    ])
    .default(''),
  browser: visitorTextSchema(500).default(''),
};

/** POST /visitor/api/feedback/create — images are aids of the visitor's own image uploads. */
export const feedbackCreateBodySchema = z.object({
  ...feedbackFields,
  images: z.array(z.string().trim().min(1).max(64)).max(4).default([]),
});
export type FeedbackCreateBody = z.infer<typeof feedbackCreateBodySchema>;

/**
 * POST /help/:slug/api/feedback — the help centre's form; images are aids from
 * POST /help/:slug/api/feedback/image.
 */
export const helpFeedbackBodySchema = feedbackCreateBodySchema;
export type HelpFeedbackBody = z.infer<typeof helpFeedbackBodySchema>;

export const feedbackQuerySchema = pageQuerySchema.extend({
  category: feedbackCategorySchema.optional(),
  status: feedbackStatusSchema.optional(),
  /** Created from/to (ms, inclusive). */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type FeedbackQuery = z.infer<typeof feedbackQuerySchema>;

export const feedbackFidQuerySchema = z.object({ fid: z.string().trim().min(1).max(64) });
export const feedbackReplyBodySchema = z.object({
  fid: z.string().trim().min(1).max(64),
  reply: z.string().trim().min(1).max(5000),
});
export const feedbackConvertResultSchema = z.object({ ticketId: z.string() });

export const feedbackStatisticQuerySchema = z.object({
  from: z.coerce.number().int().min(0),
  to: z.coerce.number().int().min(0),
});
export const feedbackStatisticSchema = z.object({
  total: z.number().int(),
  byCategory: z.array(z.object({ category: feedbackCategorySchema, count: z.number().int() })),
  /** UTC days (YYYY-MM-DD) with at least one feedback. */
  byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  replied: z.number().int(),
  /** Mean and median milliseconds from creation to the first reply; null when nothing was replied. */
  replyTimeAvgMs: z.number().nullable(),
  replyTimeMedianMs: z.number().nullable(),
  converted: z.number().int(),
  /** converted / total, 0 when there is none. */
  convertedShare: z.number(),
});
export type FeedbackStatistic = z.infer<typeof feedbackStatisticSchema>;
