import { z } from 'zod';
import { categoryBriefSchema, type CuwCategoryType } from './category.js';
import { pageQuerySchema } from './envelope.js';

/*
 * Quick replies (issue 5; kefu → cuw): canned answers an agent inserts in the workbench. Three
 * scopes: the agent's own (mine), the organisation's (company) and the platform's, which platform
 * staff keep and everyone reads.
 */

export const cuwScopeSchema = z.enum(['mine', 'company', 'platform']);
export type CuwScope = z.infer<typeof cuwScopeSchema>;

/** Keep in sync with the category types: a reply's category has its scope's type. */
export const cuwCategoryTypeOf: Record<CuwScope, CuwCategoryType> = {
  mine: 'cuw_mine',
  company: 'cuw_company',
  platform: 'cuw_platform',
};

export const cuwSchema = z.object({
  cid: z.string(),
  scope: cuwScopeSchema,
  /** The title shown in lists and the picker. */
  name: z.string(),
  content: z.string(),
  /** Short keyword typed after "/" in the composer; unique per scope owner; may be empty. */
  shortCut: z.string(),
  /** Times inserted in a conversation. */
  count: z.number().int(),
  category: categoryBriefSchema.nullable(),
  /** The caller may change and delete it. */
  editable: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Cuw = z.infer<typeof cuwSchema>;

export const cuwNameSchema = z.string().trim().min(1).max(128);
export const cuwContentSchema = z.string().trim().min(1).max(5000);
/** No spaces (the composer ends the keyword at one) and no "/" (it opens the picker). */
export const cuwShortCutSchema = z
  .string()
  .trim()
  .max(32)
  .regex(/^[^\s/]*$/, 'no spaces or "/"');

const cid = z.string().trim().min(1).max(64);

/** GET /api/cuw/query — without `scope`, all three scopes the caller sees. */
export const cuwQuerySchema = pageQuerySchema.extend({
  scope: cuwScopeSchema.optional(),
  /** A category cid. */
  category: z.string().trim().max(64).optional(),
  /** Title, content or shortCut contains it (case-insensitive). */
  keyword: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type CuwQuery = z.infer<typeof cuwQuerySchema>;

/** GET /api/cuw/all — the workbench picker: mine, then company, then platform. */
export const cuwAllQuerySchema = z.object({
  keyword: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type CuwAllQuery = z.infer<typeof cuwAllQuerySchema>;

/** GET /api/cuw/export — the query's filters without paging. */
export const cuwExportQuerySchema = cuwQuerySchema.omit({ page: true, size: true });
export type CuwExportQuery = z.infer<typeof cuwExportQuerySchema>;

export const cuwCreateBodySchema = z.object({
  scope: cuwScopeSchema,
  name: cuwNameSchema,
  content: cuwContentSchema,
  shortCut: cuwShortCutSchema.default(''),
  /** A category cid of the same scope; omitted or empty: none. */
  category: z.string().trim().max(64).optional(),
});
export type CuwCreateBody = z.input<typeof cuwCreateBodySchema>;

/** The scope never changes; copy a reply to move it. */
export const cuwUpdateBodySchema = cuwCreateBodySchema.omit({ scope: true }).extend({ cid });
export type CuwUpdateBody = z.input<typeof cuwUpdateBodySchema>;

export const cuwCidBodySchema = z.object({ cid });

/**
 * POST /api/cuw/import's answer: rows with errors are not written at all, the good ones are
 * written together. `row` is the sheet's 1-based row (the header is row 1), `field` the column key.
 */
export const cuwImportReportSchema = z.object({
  /** Data rows read (empty rows are skipped). */
  total: z.number().int(),
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type CuwImportReport = z.infer<typeof cuwImportReportSchema>;

/** Multipart fields of POST /api/cuw/import besides `file`. */
export const cuwImportFieldsSchema = z.object({ scope: cuwScopeSchema.default('mine') });
