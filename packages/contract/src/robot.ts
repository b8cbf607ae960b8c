import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';
import { robotTypeSchema } from './enums.js';

/*
 * The robot's knowledge (issue 14, server core): FAQs, the matcher's word lists (synonyms,
 * stopwords, transfer keywords), quick buttons per skill group and each robot's match settings.
 * Robots themselves are accounts (user.ts, /api/user/*robot*); their settings attach to them.
 * Field names follow the original product where it had one (`aid`, `question`, `answer`,
 * `queryCount`, `welcome`, `recommend`, `rateHelpful`, `rateUseless`, `related`, `standard`, `synonyms`).
 */

const idSchema = z.string().trim().min(1).max(64);

/* ---- FAQs ---- */

export const faqQuestionMaxLength = 200;
export const faqSimilarLimit = 50;
export const faqAnswerMaxLength = 100_000;
export const faqRelatedLimit = 10;
/** Rows one FAQ import may hold. */
export const faqImportRowLimit = 5000;

const questionSchema = z.string().trim().min(1, 'is required').max(faqQuestionMaxLength);

/** A FAQ as lists and pickers show it. */
export const faqBriefSchema = z.object({ aid: z.string(), question: z.string() });
export type FaqBrief = z.infer<typeof faqBriefSchema>;

export const faqSchema = z.object({
  /** Public id of the FAQ (the original's `aid`). */
  aid: z.string(),
  question: z.string(),
  /** Other phrasings of the question; each matches like the question itself. */
  similarQuestions: z.array(z.string()),
  /** Sanitised HTML. */
  answer: z.string(),
  /** The Markdown the answer was written in, '' when written in the rich-text editor. */
  markdown: z.string(),
  /** Categories of type `robot` (cid and name). */
  categories: z.array(z.object({ cid: z.string(), name: z.string() })),
  /** Skill groups (wid and nickname) it answers for; empty = every group. */
  workGroups: z.array(z.object({ wid: z.string(), nickname: z.string() })),
  /** Shown with the robot's welcome when a conversation starts. */
  welcome: z.boolean(),
  /** Offered as a recommended question. */
  recommend: z.boolean(),
  /** Disabled FAQs are kept but never matched. */
  enabled: z.boolean(),
  /** How many times the robot answered with it. */
  queryCount: z.number().int(),
  rateHelpful: z.number().int(),
  rateUseless: z.number().int(),
  /** Related FAQs offered under the answer. */
  related: z.array(faqBriefSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Faq = z.infer<typeof faqSchema>;

/** GET /api/faq/query — newest change first. */
export const faqQuerySchema = pageQuerySchema.extend({
  /** Matches the question or a similar question (case-insensitive). */
  keyword: z.string().trim().max(100).optional(),
  /** A category cid (type robot). */
  category: z.string().trim().max(64).optional(),
  /** A skill group wid: FAQs of that group and those of every group. */
  wid: z.string().trim().max(64).optional(),
  enabled: queryBooleanSchema.optional(),
  client: z.string().max(32).optional(),
});
export type FaqQuery = z.input<typeof faqQuerySchema>;

export const faqCreateBodySchema = z.object({
  question: questionSchema,
  similarQuestions: z.array(questionSchema).max(faqSimilarLimit).default([]),
  answer: z.string().max(faqAnswerMaxLength).default(''),
  markdown: z.string().max(faqAnswerMaxLength).default(''),
  /** Category cids of type robot. */
  categories: z.array(idSchema).max(10).default([]),
  /** Skill group wids; empty = every group. */
  workGroups: z.array(idSchema).max(100).default([]),
  welcome: z.boolean().default(false),
  recommend: z.boolean().default(false),
  enabled: z.boolean().default(true),
  /** aids of other FAQs of the organisation. */
  related: z.array(idSchema).max(faqRelatedLimit).default([]),
});
export type FaqCreateBody = z.input<typeof faqCreateBodySchema>;

/** Replaces every field (the editor sends the whole FAQ). */
export const faqUpdateBodySchema = faqCreateBodySchema.extend({ aid: idSchema });
export type FaqUpdateBody = z.input<typeof faqUpdateBodySchema>;

export const faqAidBodySchema = z.object({ aid: idSchema });
export const faqAidQuerySchema = z.object({ aid: idSchema, client: z.string().max(32).optional() });

/** POST /api/faq/enable — turns matching of one FAQ on or off. */
export const faqEnableBodySchema = z.object({ aid: idSchema, enabled: z.boolean() });

/** One rejected row of an import: `row` is the spreadsheet's row number (the header is row 1). */
export const faqImportRowErrorSchema = z.object({
  row: z.number().int(),
  field: z.string(),
  message: z.string(),
});
export type FaqImportRowError = z.infer<typeof faqImportRowErrorSchema>;

/** An import writes every valid row (in one transaction) and none of the rejected ones. */
export const faqImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(faqImportRowErrorSchema),
});
export type FaqImportResult = z.infer<typeof faqImportResultSchema>;

/* ---- FAQ categories: type `robot`, one flat list per organisation (category.ts shapes) ---- */

const categoryNameSchema = z.string().trim().min(1, 'is required').max(64);

export const faqCategoryCreateBodySchema = z.object({
  name: categoryNameSchema,
  order: z.number().int().min(0).max(100_000).optional(),
});
export type FaqCategoryCreateBody = z.input<typeof faqCategoryCreateBodySchema>;
export const faqCategoryUpdateBodySchema = faqCategoryCreateBodySchema.extend({ cid: idSchema });
export type FaqCategoryUpdateBody = z.input<typeof faqCategoryUpdateBodySchema>;
export const faqCategoryCidBodySchema = z.object({ cid: idSchema });

/* ---- word lists: synonyms, stopwords, transfer keywords ---- */

export const robotWordMaxLength = 64;
export const robotSynonymLimit = 50;

const wordSchema = z.string().trim().min(1, 'is required').max(robotWordMaxLength);

/** A standard word and the words visitors use for it; the matcher reads every synonym as the standard word. */
export const synonymSchema = z.object({
  rwid: z.string(),
  standard: z.string(),
  synonyms: z.array(z.string()),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Synonym = z.infer<typeof synonymSchema>;

export const synonymCreateBodySchema = z.object({
  standard: wordSchema,
  synonyms: z.array(wordSchema).min(1, 'is required').max(robotSynonymLimit),
});
export type SynonymCreateBody = z.input<typeof synonymCreateBodySchema>;
export const synonymUpdateBodySchema = synonymCreateBodySchema.extend({ rwid: idSchema });
export type SynonymUpdateBody = z.input<typeof synonymUpdateBodySchema>;

/** A stopword (ignored when matching) or a transfer keyword (asks for an agent). */
export const robotWordSchema = z.object({
  rwid: z.string(),
  word: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type RobotWord = z.infer<typeof robotWordSchema>;

export const robotWordCreateBodySchema = z.object({ word: wordSchema });
export const robotWordUpdateBodySchema = robotWordCreateBodySchema.extend({ rwid: idSchema });
export const rwidBodySchema = z.object({ rwid: idSchema });

export const robotWordQuerySchema = pageQuerySchema.extend({
  /** Matches the word (or the standard word or a synonym), case-insensitive. */
  keyword: z.string().trim().max(robotWordMaxLength).optional(),
  client: z.string().max(32).optional(),
});
export type RobotWordQuery = z.input<typeof robotWordQuerySchema>;

/** The built-in thesaurus: groups of words meaning the same thing in online retail, read-only. */
export const robotThesaurusSchema = z.object({ groups: z.array(z.array(z.string())) });
export type RobotThesaurus = z.infer<typeof robotThesaurusSchema>;

/* ---- quick buttons ---- */

/** send: the button sends `content` as the visitor's question; link: opens the URL `content`; transfer: asks for an agent. */
export const quickButtonActionSchema = z.enum(['send', 'link', 'transfer']);
export type QuickButtonAction = z.infer<typeof quickButtonActionSchema>;

export const quickButtonSchema = z.object({
  qbid: z.string(),
  /** The skill group's wid. */
  wid: z.string(),
  label: z.string(),
  action: quickButtonActionSchema,
  /** The text to send or the address to open; '' for transfer. */
  content: z.string(),
  /** Position among the group's buttons, ascending. */
  order: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type QuickButton = z.infer<typeof quickButtonSchema>;

const quickButtonFields = z.object({
  wid: idSchema,
  label: z.string().trim().min(1, 'is required').max(32),
  action: quickButtonActionSchema,
  content: z.string().trim().max(1000).default(''),
  order: z.number().int().min(0).max(100_000).default(0),
});

const isHttpUrl = (value: string) => /^https?:\/\/[^\s]+$/i.test(value);

/** `content` is required for send, an http(s) address for link, and ignored for transfer. */
const checkQuickButton = (
  value: { action: QuickButtonAction; content: string },
  context: z.RefinementCtx,
) => {
  if (value.action === 'send' && value.content === '')
    context.addIssue({ code: 'custom', path: ['content'], message: 'is required' });
  if (value.action === 'link' && !isHttpUrl(value.content))
    context.addIssue({ code: 'custom', path: ['content'], message: 'must be an http(s) address' });
};

export const quickButtonCreateBodySchema = quickButtonFields.superRefine(checkQuickButton);
export type QuickButtonCreateBody = z.input<typeof quickButtonCreateBodySchema>;
export const quickButtonUpdateBodySchema = quickButtonFields
  .extend({ qbid: idSchema })
  .superRefine(checkQuickButton);
export type QuickButtonUpdateBody = z.input<typeof quickButtonUpdateBodySchema>;
export const qbidBodySchema = z.object({ qbid: idSchema });
export const quickButtonQuerySchema = z.object({ wid: idSchema, client: z.string().max(32).optional() });

/* ---- per-robot settings ---- */

/** Defaults of a robot that never saved settings. */
export const defaultRobotThreshold = 0.45;
export const defaultRobotSuggestThreshold = 0.25;

const confidenceSchema = z.number().min(0).max(1);

/** A robot account with its answering settings (type and welcome live on the account). */
export const robotSettingsSchema = z.object({
  uid: z.string(),
  nickname: z.string(),
  robotType: robotTypeSchema.nullable(),
  welcomeTip: z.string(),
  /** Said when nothing matches; '' = the skill group's robotAnswerNotFoundTip, else the built-in text. */
  notFoundTip: z.string(),
  /** A match scoring at least this (0–1) is answered. */
  threshold: z.number(),
  /** Matches between this and `threshold` are offered as "did you mean" (at most 3). */
  suggestThreshold: z.number(),
});
export type RobotSettings = z.infer<typeof robotSettingsSchema>;

export const robotUidQuerySchema = z.object({ uid: idSchema, client: z.string().max(32).optional() });

/** POST /api/robot/settings/update — omitted fields stay; suggestThreshold must stay below threshold. */
export const robotSettingsUpdateBodySchema = z.object({
  uid: idSchema,
  notFoundTip: z.string().trim().max(500).optional(),
  threshold: confidenceSchema.optional(),
  suggestThreshold: confidenceSchema.optional(),
});
export type RobotSettingsUpdateBody = z.input<typeof robotSettingsUpdateBodySchema>;

/* ---- matching ---- */

/** One thing the robot could answer with: a FAQ, or a live help-centre article. */
export const robotMatchHitSchema = z.object({
  source: z.enum(['faq', 'article']),
  /** The FAQ's or the article's aid. */
  aid: z.string(),
  /** The FAQ's question or the article's title. */
  question: z.string(),
  /** Confidence 0–1. */
  score: z.number(),
});
export type RobotMatchHit = z.infer<typeof robotMatchHitSchema>;

/** What the robot says to a visitor's text. */
export const robotMatchResultSchema = z.discriminatedUnion('kind', [
  /** The text holds a transfer keyword: hand the conversation to an agent. */
  z.object({ kind: z.literal('transfer'), keyword: z.string() }),
  /** Confident: answer with `hit`. `answer` is sanitised HTML (an article's summary or opening text). */
  z.object({
    kind: z.literal('answer'),
    hit: robotMatchHitSchema,
    answer: z.string(),
    /** FAQs only: its related FAQs. */
    related: z.array(faqBriefSchema),
  }),
  /** Not confident: "did you mean" with up to three candidates. */
  z.object({ kind: z.literal('suggest'), candidates: z.array(robotMatchHitSchema).max(3) }),
  /** Nothing close: `notFoundTip` is the robot's (or the group's) tip, '' when neither set one. */
  z.object({ kind: z.literal('none'), notFoundTip: z.string() }),
]);
export type RobotMatchResult = z.infer<typeof robotMatchResultSchema>;

/** POST /api/faq/test — what would match, without counting anything. */
export const robotTestBodySchema = z.object({
  text: z.string().trim().min(1, 'is required').max(500),
  /** A robot's uid: its thresholds and not-found tip; the defaults without one. */
  robotUid: idSchema.optional(),
  /** A skill group's wid: only FAQs of that group and of every group. */
  wid: idSchema.optional(),
});
export type RobotTestBody = z.input<typeof robotTestBodySchema>;

/** The test box shows the verdict and the best-scoring candidates behind it. */
export const robotTestResultSchema = z.object({
  result: robotMatchResultSchema,
  /** The text as the matcher read it (normalised, stopwords removed, synonyms applied). */
  normalized: z.string(),
  /** The best few candidates with their scores, whatever the verdict. */
  candidates: z.array(robotMatchHitSchema),
});
export type RobotTestResult = z.infer<typeof robotTestResultSchema>;
