import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { userBriefSchema } from './user.js';
import { visitorBriefSchema } from './visitor.js';

/* Conversation summaries agents write on close (issue 4; kefu → summary). */

export const threadSummarySchema = z.object({
  sid: z.string(),
  tid: z.string(),
  category: z.string(),
  content: z.string(),
  agent: userBriefSchema.nullable(),
  visitor: visitorBriefSchema,
  createdAt: z.number(),
});
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const summaryQuerySchema = pageQuerySchema.extend({
  category: z.string().trim().max(64).optional(),
  uid: z.string().trim().max(64).optional(),
  keyword: z.string().trim().max(100).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  client: z.string().max(32).optional(),
});
export type SummaryQuery = z.infer<typeof summaryQuerySchema>;
