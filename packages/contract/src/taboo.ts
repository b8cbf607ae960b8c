import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';

/*
 * Sensitive words (issue 5; kefu → taboo, platform → taboo): a `standard` word with its `synonyms`.
 * An organisation's words and the platform's words (which apply to every organisation) are
 * enforced on every text message, masked or blocked per the organisation's `tabooMode`.
 */

/** The longest word or synonym; also bounds the matcher's work per message. */
export const tabooWordMaxLength = 64;
/** Synonyms one word may carry. */
export const tabooSynonymLimit = 50;
/** Rows one import may hold. */
export const tabooImportRowLimit = 5000;

const wordSchema = z.string().trim().min(1, 'is required').max(tabooWordMaxLength);

export const tabooSchema = z.object({
  /** Public id of the word. */
  tbid: z.string(),
  standard: z.string(),
  synonyms: z.array(z.string()),
  /** A platform word: applies to every organisation, managed by platform staff only. */
  platform: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Taboo = z.infer<typeof tabooSchema>;

/** Synonyms, trimmed; duplicates (case-insensitive) and the standard word itself are dropped by the server. */
const synonymsSchema = z.array(wordSchema).max(tabooSynonymLimit).default([]);

export const tabooCreateBodySchema = z.object({ standard: wordSchema, synonyms: synonymsSchema });
export type TabooCreateBody = z.input<typeof tabooCreateBodySchema>;

export const tabooUpdateBodySchema = tabooCreateBodySchema.extend({ tbid: z.string().trim().min(1).max(64) });
export type TabooUpdateBody = z.input<typeof tabooUpdateBodySchema>;

export const tbidBodySchema = z.object({ tbid: z.string().trim().min(1).max(64) });

/** GET /api/taboo/query — `keyword` matches the standard word or a synonym (case-insensitive). */
export const tabooQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(tabooWordMaxLength).optional(),
  /** Also list the platform's words (read-only for the organisation). Default true. */
  withPlatform: queryBooleanSchema.optional(),
  client: z.string().max(32).optional(),
});
export type TabooQuery = z.infer<typeof tabooQuerySchema>;

/** mask: each character of a hit becomes `*`; block: the message is refused and not stored. */
export const tabooModeSchema = z.enum(['mask', 'block']);
export type TabooMode = z.infer<typeof tabooModeSchema>;

export const tabooSettingsSchema = z.object({ mode: tabooModeSchema });
export type TabooSettings = z.infer<typeof tabooSettingsSchema>;

export const tabooHitSenderSchema = z.object({
  kind: z.enum(['visitor', 'agent']),
  /** vid or uid. */
  id: z.string(),
  nickname: z.string(),
});

/** One sensitive word found in one message. */
export const tabooHitSchema = z.object({
  hid: z.string(),
  /** The text that matched (the standard word or one of its synonyms). */
  word: z.string(),
  standard: z.string(),
  action: tabooModeSchema,
  sender: tabooHitSenderSchema,
  /** The conversation's tid. */
  tid: z.string(),
  createdAt: z.number(),
});
export type TabooHit = z.infer<typeof tabooHitSchema>;

export const tabooHitQuerySchema = pageQuerySchema.extend({
  tid: z.string().trim().max(64).optional(),
  senderKind: z.enum(['visitor', 'agent']).optional(),
  action: tabooModeSchema.optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  client: z.string().max(32).optional(),
});
export type TabooHitQuery = z.infer<typeof tabooHitQuerySchema>;

/** One rejected row of an import: `row` is the spreadsheet's row number (the header is row 1). */
export const tabooImportRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type TabooImportRowError = z.infer<typeof tabooImportRowErrorSchema>;

/** An import writes every valid row and none of the rejected ones. */
export const tabooImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(tabooImportRowErrorSchema),
});
export type TabooImportResult = z.infer<typeof tabooImportResultSchema>;
