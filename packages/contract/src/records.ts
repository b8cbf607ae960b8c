import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { messageSchema } from './message.js';
import { rateQuerySchema, ratePageSummarySchema } from './rate.js';
import { threadQuerySchema, threadSchema, threadStatusSchema } from './thread.js';
import { tagBriefSchema } from './tag.js';

/* Conversation records (issue 4, kefu → thread, message, rate, summary, monitor): the console's read side. */

/** GET /api/thread/transcript?tid= — a whole conversation, messages in ascending seq. */
export const threadTranscriptQuerySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  client: z.string().max(32).optional(),
});
export const threadTranscriptSchema = z.object({ thread: threadSchema, messages: z.array(messageSchema) });
export type ThreadTranscript = z.infer<typeof threadTranscriptSchema>;

/** A row of the session records: the thread with its own tags and its visitor's. */
export const threadRecordSchema = threadSchema.extend({ tags: z.array(tagBriefSchema) });
export type ThreadRecord = z.infer<typeof threadRecordSchema>;

/** The most rows one export holds; the file says when the filter matched more. */
export const threadExportRowLimit = 10_000;

const isTimeZone = (value: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** GET /api/thread/export — the filters of /api/thread/query; times are written in `timezone` (default UTC). */
export const threadExportQuerySchema = threadQuerySchema.omit({ page: true, size: true }).extend({
  timezone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'must be an IANA time zone such as Asia/Shanghai')
    .optional(),
});
export type ThreadExportQuery = z.infer<typeof threadExportQuerySchema>;

/** GET /api/thread/monitor — the organisation's ongoing conversations (robot, queuing, chatting). */
export const ongoingThreadStatusSchema = threadStatusSchema.extract(['robot', 'queuing', 'chatting']);
export const threadMonitorQuerySchema = pageQuerySchema.extend({
  status: ongoingThreadStatusSchema.optional(),
  wid: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type ThreadMonitorQuery = z.infer<typeof threadMonitorQuerySchema>;

/** GET /api/rate/summary — the rate filters without paging. */
export const rateSummaryQuerySchema = rateQuerySchema.omit({ page: true, size: true });
export type RateSummaryQuery = z.infer<typeof rateSummaryQuerySchema>;

/** Average and count over every rating the filter matches, and how many gave each score 1…5. */
export const rateSummarySchema = ratePageSummarySchema.extend({
  distribution: z.array(z.object({ score: z.number().int().min(1).max(5), count: z.number().int() })),
});
export type RateSummary = z.infer<typeof rateSummarySchema>;

/** GET /api/summary/categories — the distinct categories agents used, sorted. */
export const summaryCategoriesSchema = z.array(z.string());
