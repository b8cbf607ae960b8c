import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { categoryTypeSchema } from './enums.js';

/*
 * Generic categories (`/api/category/*`): one table for every category type of the spec's enum.
 * Issue 5 implements the quick-reply types; the routes accept only the types that work.
 */

/** Quick-reply category types: mine (the agent's own), company (the organisation's), platform (everyone's). */
export const cuwCategoryTypeSchema = categoryTypeSchema.extract(['cuw_mine', 'cuw_company', 'cuw_platform']);
export type CuwCategoryType = z.infer<typeof cuwCategoryTypeSchema>;

export const categorySchema = z.object({
  cid: z.string(),
  name: z.string(),
  type: categoryTypeSchema,
  /** The caller may rename and delete it (its own, its organisation's with the permission, platform staff). */
  editable: z.boolean(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryBriefSchema = categorySchema.pick({ cid: true, name: true });
export type CategoryBrief = z.infer<typeof categoryBriefSchema>;

const categoryName = z.string().trim().min(1).max(64);

/** GET /api/category/query — a page of categories of one type, by name. */
export const categoryQuerySchema = pageQuerySchema.extend({
  type: cuwCategoryTypeSchema,
  keyword: z.string().trim().max(64).optional(),
});
export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

/** GET /api/category/all — every category of one type, by name (pickers). */
export const categoryAllQuerySchema = z.object({ type: cuwCategoryTypeSchema });

export const categoryCreateBodySchema = z.object({ type: cuwCategoryTypeSchema, name: categoryName });
export type CategoryCreateBody = z.infer<typeof categoryCreateBodySchema>;

export const categoryUpdateBodySchema = z.object({
  cid: z.string().trim().min(1).max(64),
  name: categoryName,
});
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBodySchema>;

export const categoryCidQuerySchema = z.object({ cid: z.string().trim().min(1).max(64) });
