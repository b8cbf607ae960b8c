import { z } from 'zod';
import { categoryBriefSchema } from './category.js';
import { pageQuerySchema } from './envelope.js';

/*
 * Knowledge base (issue 13, /stable/kb): one article engine for every article list of the spec —
 * the public help centre (support), the marketing blog, the internal knowledge base and the
 * admin-only lists (tenders, daily articles, question bank and its Q&A pairs). Each type has the
 * category type of the same name. The robot (issue 14) reads published articles through the same
 * search module.
 */

export const articleTypeValues = [
  'support',
  'blog',
  'knowledge',
  'zhaobiao',
  'jinrimeiyu',
  'tiku',
  'tikuqa',
] as const;
export const articleTypeSchema = z.enum(articleTypeValues);
export type ArticleType = z.infer<typeof articleTypeSchema>;

/** The article types only the admin account (spec §6) may read and change. */
export const adminOnlyArticleTypes: readonly ArticleType[] = [
  'blog',
  'knowledge',
  'zhaobiao',
  'jinrimeiyu',
  'tiku',
  'tikuqa',
];

/** draft: never shown publicly; scheduled: published at `publishAt`; published: live now. */
export const articleStatusSchema = z.enum(['draft', 'scheduled', 'published']);
export type ArticleStatus = z.infer<typeof articleStatusSchema>;

/** Question-bank item (type tiku): the article's title is the question's stem. */
export const tikuQuestionTypeSchema = z.enum(['single', 'multiple', 'short']);
export type TikuQuestionType = z.infer<typeof tikuQuestionTypeSchema>;

export const tikuOptionSchema = z.object({
  /** A, B, C… in order. */
  key: z.string().regex(/^[A-Z]$/),
  text: z.string().trim().min(1).max(500),
});
export type TikuOption = z.infer<typeof tikuOptionSchema>;

export const tikuQuestionSchema = z.object({
  questionType: tikuQuestionTypeSchema,
  /** Choice questions: 2–8 options; short answers: none. */
  options: z.array(tikuOptionSchema).max(8),
  /** Choice questions: the keys of the right options (one for single); short answers: the model answer. */
  answer: z.array(z.string().trim().min(1).max(2000)).min(1).max(8),
  explanation: z.string().trim().max(5000),
  /** 1 (easy) … 5 (hard). */
  difficulty: z.number().int().min(1).max(5),
});
export type TikuQuestion = z.infer<typeof tikuQuestionSchema>;

/** Tender notice (type zhaobiao). */
export const tenderSchema = z.object({
  /** Who issued the tender. */
  buyer: z.string().trim().max(200),
  region: z.string().trim().max(100),
  /** Budget in yuan; null when not published. */
  budget: z.number().min(0).max(1e13).nullable(),
  /** Closing time (ms); null when open-ended. */
  deadline: z.number().int().nullable(),
  /** Where the notice was published. */
  sourceUrl: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]),
});
export type Tender = z.infer<typeof tenderSchema>;

export const articleAuthorSchema = z.object({ uid: z.string(), nickname: z.string() });

/** A row of the console's lists (no body). */
export const articleSummarySchema = z.object({
  aid: z.string(),
  type: articleTypeSchema,
  title: z.string(),
  summary: z.string(),
  keywords: z.array(z.string()),
  categories: z.array(categoryBriefSchema),
  status: articleStatusSchema,
  /** When a scheduled article goes live (ms); null unless scheduled. */
  publishAt: z.number().nullable(),
  /** When it last went live (ms); null while it never has. */
  publishedAt: z.number().nullable(),
  recommend: z.boolean(),
  top: z.boolean(),
  readCount: z.number().int(),
  rateHelpful: z.number().int(),
  rateUseless: z.number().int(),
  author: articleAuthorSchema.nullable(),
  /** Increases with every saved change; an update names the version it edits (409 when stale). */
  version: z.number().int(),
  /** Soft-deleted (in the trash) at, else null. */
  deletedAt: z.number().nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
  /** Type tiku only, else null (the list shows its type and difficulty). */
  question: tikuQuestionSchema.nullable(),
  /** Type zhaobiao only, else null (the list shows buyer, region, budget, deadline). */
  tender: tenderSchema.nullable(),
});
export type ArticleSummary = z.infer<typeof articleSummarySchema>;

export const articleSchema = articleSummarySchema.extend({
  /** Sanitised HTML (the server's allow-list: no script, no event handlers, no javascript: URLs). */
  content: z.string(),
  /** The Markdown the content was written in, '' when written in the rich-text editor. */
  markdown: z.string(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleAidSchema = z.string().trim().min(1).max(64);
export const articleTitleSchema = z.string().trim().min(1).max(200);
export const articleKeywordsSchema = z.array(z.string().trim().min(1).max(32)).max(20);
/** HTML is sanitised on the server; the limit is on what the editor sends. */
export const articleContentSchema = z.string().max(1_000_000);

/** GET /api/article/query — newest change first, pinned (`top`) articles before the rest. */
export const articleQuerySchema = pageQuerySchema.extend({
  type: articleTypeSchema,
  /** `deleted` lists the trash. */
  status: z.enum(['draft', 'scheduled', 'published', 'deleted']).optional(),
  /** A category cid: articles in it or any category below it. */
  category: z.string().trim().max(64).optional(),
  /** Matches title, summary, keywords and body (the search module: Chinese and English). */
  keyword: z.string().trim().max(100).optional(),
  /** The author's uid. */
  author: z.string().trim().max(64).optional(),
  /** Last change from / to (ms, inclusive). */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type ArticleQuery = z.input<typeof articleQuerySchema>;

export const articleCreateBodySchema = z.object({
  type: articleTypeSchema,
  title: articleTitleSchema,
  summary: z.string().trim().max(500).default(''),
  content: articleContentSchema.default(''),
  markdown: articleContentSchema.default(''),
  keywords: articleKeywordsSchema.default([]),
  /** Category cids of the type's category type. */
  categories: z.array(z.string().trim().min(1).max(64)).max(10).default([]),
  recommend: z.boolean().default(false),
  top: z.boolean().default(false),
  /** draft keeps it private; published makes it live, at `publishAt` when that is in the future. */
  status: z.enum(['draft', 'published']).default('draft'),
  publishAt: z.number().int().min(0).nullable().default(null),
  question: tikuQuestionSchema.nullable().default(null),
  tender: tenderSchema.nullable().default(null),
});
export type ArticleCreateBody = z.input<typeof articleCreateBodySchema>;

export const articleUpdateBodySchema = articleCreateBodySchema.omit({ type: true }).extend({
  aid: articleAidSchema,
  /** The version the editor loaded: a newer stored version answers 409 instead of losing it. */
  version: z.number().int().min(1),
});
export type ArticleUpdateBody = z.input<typeof articleUpdateBodySchema>;

export const articleAidQuerySchema = z.object({ aid: articleAidSchema });

/** POST /api/article/batch — the list's bulk actions; `restore` takes articles out of the trash, `purge` empties it. */
export const articleBatchBodySchema = z.object({
  action: z.enum(['publish', 'unpublish', 'move', 'delete', 'restore', 'purge']),
  aids: z.array(articleAidSchema).min(1).max(200),
  /** `move` only: the category cid every article is put in (replacing its categories); null = none. */
  category: z.string().trim().min(1).max(64).nullable().optional(),
});
export type ArticleBatchBody = z.input<typeof articleBatchBodySchema>;
export const articleBatchResultSchema = z.object({ count: z.number().int() });

/** GET /api/article/versions — newest first. */
export const articleVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  author: articleAuthorSchema.nullable(),
  createdAt: z.number(),
});
export type ArticleVersion = z.infer<typeof articleVersionSchema>;

/** GET /api/article/version — one stored version in full. */
export const articleVersionQuerySchema = z.object({
  aid: articleAidSchema,
  version: z.coerce.number().int().min(1),
});
export const articleVersionDetailSchema = articleVersionSchema.extend({
  summary: z.string(),
  content: z.string(),
  markdown: z.string(),
  keywords: z.array(z.string()),
});
export type ArticleVersionDetail = z.infer<typeof articleVersionDetailSchema>;

/** POST /api/article/restore — the old version's text becomes a new version. */
export const articleRestoreBodySchema = z.object({ aid: articleAidSchema, version: z.number().int().min(1) });

/** A search hit: `titleHtml` and `snippetHtml` are escaped text with matches in `<mark>`. */
export const articleSearchHitSchema = z.object({
  aid: z.string(),
  type: articleTypeSchema,
  title: z.string(),
  titleHtml: z.string(),
  snippetHtml: z.string(),
  categories: z.array(categoryBriefSchema),
  updatedAt: z.number(),
});
export type ArticleSearchHit = z.infer<typeof articleSearchHitSchema>;

/** GET /api/article/search — best match first (title counts over body); published and drafts. */
export const articleSearchQuerySchema = pageQuerySchema.extend({
  type: articleTypeSchema,
  q: z.string().trim().min(1).max(100),
});
export type ArticleSearchQuery = z.input<typeof articleSearchQuerySchema>;

/* Question bank practice (kb → tikulist). */

/** GET /api/article/tiku/practice — published questions without their answers, at random. */
export const tikuPracticeQuerySchema = z.object({
  category: z.string().trim().max(64).optional(),
  size: z.coerce.number().int().min(1).max(50).default(10),
});
export const tikuPracticeQuestionSchema = z.object({
  aid: z.string(),
  title: z.string(),
  questionType: tikuQuestionTypeSchema,
  options: z.array(tikuOptionSchema),
  difficulty: z.number().int(),
});
export type TikuPracticeQuestion = z.infer<typeof tikuPracticeQuestionSchema>;

/** POST /api/article/tiku/attempt — choice questions are scored exactly; short answers are shown beside the model answer and not scored. */
export const tikuAttemptBodySchema = z.object({
  answers: z
    .array(z.object({ aid: articleAidSchema, answer: z.array(z.string().trim().max(2000)).max(8) }))
    .min(1)
    .max(50),
});
export type TikuAttemptBody = z.input<typeof tikuAttemptBodySchema>;
export const tikuAttemptResultSchema = z.object({
  /** Right choice answers / scored (choice) questions, 0–100. */
  score: z.number().int(),
  correct: z.number().int(),
  scored: z.number().int(),
  results: z.array(
    z.object({
      aid: z.string(),
      title: z.string(),
      questionType: tikuQuestionTypeSchema,
      /** null for short answers (not scored). */
      correct: z.boolean().nullable(),
      given: z.array(z.string()),
      expected: z.array(z.string()),
      explanation: z.string(),
    }),
  ),
});
export type TikuAttemptResult = z.infer<typeof tikuAttemptResultSchema>;

/** GET /api/article/tender/summary — published tenders counted by category and month (UTC). */
export const tenderSummaryQuerySchema = z.object({
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export const tenderSummaryRowSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** null: uncategorised. */
  category: categoryBriefSchema.nullable(),
  count: z.number().int(),
  /** Sum of known budgets (yuan). */
  budget: z.number(),
});
export type TenderSummaryRow = z.infer<typeof tenderSummaryRowSchema>;

/* Import and export (zip of Markdown files with front matter, or Excel). */

export const articleExportQuerySchema = articleQuerySchema.omit({ page: true, size: true }).extend({
  format: z.enum(['zip', 'xlsx']),
});
export type ArticleExportQuery = z.input<typeof articleExportQuerySchema>;

/**
 * POST /api/article/import?type= (multipart `file`: .zip of Markdown files with front matter, .xlsx
 * or .csv): each row or file is written whole or reported, never in part. An `aid` of the
 * organisation, or else the same title, updates that article; anything else is created.
 */
export const articleImportQuerySchema = z.object({ type: articleTypeSchema });
export const articleImportReportSchema = z.object({
  /** Rows (sheet) or Markdown files (zip) read. */
  total: z.number().int(),
  /** created + updated. */
  imported: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** Images from the zip stored as attachments. */
  images: z.number().int(),
  errors: z.array(
    z.object({
      /** The sheet's 1-based row, or the file's path inside the zip. */
      row: z.union([z.number().int(), z.string()]),
      field: z.string(),
      message: z.string(),
    }),
  ),
});
export type ArticleImportReport = z.infer<typeof articleImportReportSchema>;
