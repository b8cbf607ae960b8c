import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { clientSchema } from './enums.js';
import { userBriefSchema } from './user.js';
import { visitorBriefSchema } from './visitor.js';

/* Satisfaction ratings (issue 4; kefu → rate). Score 1 (very dissatisfied) … 5 (very satisfied). */

export const rateSchema = z.object({
  rid: z.string(),
  tid: z.string(),
  score: z.number().int().min(1).max(5),
  note: z.string(),
  /** The agent invited the rating (rather than the visitor rating on close). */
  invite: z.boolean(),
  /** Given automatically (never by the visitor), e.g. a default on timeout. */
  auto: z.boolean(),
  client: clientSchema,
  visitor: visitorBriefSchema,
  agent: userBriefSchema.nullable(),
  createdAt: z.number(),
});
export type Rate = z.infer<typeof rateSchema>;

/** POST /visitor/api/rate — one rating per care cycle of a thread. */
export const rateSubmitBodySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  score: z.number().int().min(1).max(5),
  note: z.string().trim().max(500).default(''),
});
export type RateSubmitBody = z.input<typeof rateSubmitBodySchema>;

export const rateQuerySchema = pageQuerySchema.extend({
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  score: z.coerce.number().int().min(1).max(5).optional(),
  uid: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type RateQuery = z.infer<typeof rateQuerySchema>;

/** The page of ratings plus the average over every rating the filter matches. */
export const ratePageSummarySchema = z.object({ average: z.number().nullable(), count: z.number().int() });
