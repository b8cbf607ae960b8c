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

/** Article category types (issue 13): one per article type, each a tree. */
export const articleCategoryTypeSchema = categoryTypeSchema.extract([
  'support',
  'blog',
  'knowledge',
  'zhaobiao',
  'jinrimeiyu',
  'tiku',
  'tikuqa',
]);
export type ArticleCategoryType = z.infer<typeof articleCategoryTypeSchema>;

/** Ticket categories (issue 15): the organisation's tree, guarded by the ticket list's permission. */
export const ticketCategoryTypeSchema = categoryTypeSchema.extract(['ticket']);

/** Category types kept as a tree (`parent`, `order`, `GET /api/category/tree`). */
export const treeCategoryTypeSchema = z.union([articleCategoryTypeSchema, ticketCategoryTypeSchema]);
export type TreeCategoryType = z.infer<typeof treeCategoryTypeSchema>;

/** The category types `/api/category/*` manages. */
export const managedCategoryTypeSchema = z.union([
  cuwCategoryTypeSchema,
  articleCategoryTypeSchema,
  ticketCategoryTypeSchema,
]);
export type ManagedCategoryType = z.infer<typeof managedCategoryTypeSchema>;

export const categorySchema = z.object({
  cid: z.string(),
  name: z.string(),
  type: categoryTypeSchema,
  /** The parent's cid (article categories form a tree); null at the top and for flat types. */
  parent: z.string().nullable(),
  /** Position among its siblings, ascending. */
  order: z.number().int(),
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
  type: managedCategoryTypeSchema,
  keyword: z.string().trim().max(64).optional(),
});
export type CategoryQuery = z.infer<typeof categoryQuerySchema>;

/** GET /api/category/all — every category of one type, by name (pickers). */
export const categoryAllQuerySchema = z.object({ type: managedCategoryTypeSchema });

/** `parent` and `order` apply to article types; a parent must be of the same type and owner. */
export const categoryCreateBodySchema = z.object({
  type: managedCategoryTypeSchema,
  name: categoryName,
  parent: z.string().trim().min(1).max(64).nullable().optional(),
  order: z.number().int().min(0).max(100_000).optional(),
});
export type CategoryCreateBody = z.infer<typeof categoryCreateBodySchema>;

/** Moving under its own descendant is refused (400, field parent). */
export const categoryUpdateBodySchema = z.object({
  cid: z.string().trim().min(1).max(64),
  name: categoryName,
  parent: z.string().trim().min(1).max(64).nullable().optional(),
  order: z.number().int().min(0).max(100_000).optional(),
});
export type CategoryUpdateBody = z.infer<typeof categoryUpdateBodySchema>;

export const categoryCidQuerySchema = z.object({ cid: z.string().trim().min(1).max(64) });

/**
 * GET /api/category/tree — a tree type's categories, with the count of (not deleted) articles —
 * for `ticket`, tickets — directly in each.
 */
export const categoryTreeQuerySchema = z.object({ type: treeCategoryTypeSchema });
export type CategoryTreeNode = Category & { articleCount: number; children: CategoryTreeNode[] };
export const categoryTreeNodeSchema: z.ZodType<CategoryTreeNode> = z.lazy(() =>
  categorySchema.extend({ articleCount: z.number().int(), children: z.array(categoryTreeNodeSchema) }),
);
