import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { formItemSchema, formItemsSchema, formValueSchema, formValuesSchema } from './form-rules.js';

/*
 * Forms and questionnaires (issue 16; menu form → list, result, statistic). A builder form is a
 * `chat_form` row like the pre-chat forms (kind `survey`), with items from form-rules.ts. The
 * console edits a working copy; publishing freezes it as the next version, which the public page
 * `/form/<fid>` serves. Every answer keeps the version it answered.
 */

export const formKindValues = ['prechat', 'survey'] as const;
export const formKindSchema = z.enum(formKindValues);
export type FormKind = z.infer<typeof formKindSchema>;

/** draft: never published · published: the working copy is the live version · changed: edited since. */
export const surveyStatusValues = ['draft', 'published', 'changed'] as const;
export const surveyStatusSchema = z.enum(surveyStatusValues);
export type SurveyStatus = z.infer<typeof surveyStatusSchema>;

export const surveySettingsSchema = z.object({
  /** One answer per visitor (its cookie, and its address as a second key). */
  onePerVisitor: z.boolean().default(false),
  /** Shown after sending; '' uses the page's own thanks. */
  thankYou: z.string().trim().max(500).default(''),
});
export type SurveySettings = z.infer<typeof surveySettingsSchema>;

/** Where a builder form is used besides its public link: before a chat, or sent when a chat closes. */
export const formPurposeValues = ['prechat', 'afterchat'] as const;
export const formPurposeSchema = z.enum(formPurposeValues);
export type FormPurpose = z.infer<typeof formPurposeSchema>;

/** One use of a form: by a skill group (wid), or as the organisation's default pre-chat form (wid null). */
export const formUseSchema = z.object({
  purpose: formPurposeSchema,
  wid: z.string().nullable(),
  nickname: z.string(),
});
export type FormUse = z.infer<typeof formUseSchema>;

/** How an answer was given: the public page, a form sent in a chat, before a chat, or after it. */
export const formResponseSourceValues = ['page', 'chat', 'prechat', 'afterchat'] as const;
export const formResponseSourceSchema = z.enum(formResponseSourceValues);
export type FormResponseSource = z.infer<typeof formResponseSourceSchema>;

export const surveySchema = z.object({
  fid: z.string(),
  title: z.string(),
  description: z.string(),
  items: z.array(formItemSchema),
  settings: surveySettingsSchema,
  status: surveyStatusSchema,
  /** The live version; 0 before the first publish. */
  version: z.number().int(),
  answerCount: z.number().int(),
  /** Absolute address of the public page. */
  url: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  publishedAt: z.number().nullable(),
  /** Skill groups (and the organisation default) that use it before or after a chat. */
  uses: z.array(formUseSchema),
});
export type Survey = z.infer<typeof surveySchema>;

/** GET /api/form/survey/query */
export const surveyQuerySchema = pageQuerySchema.extend({
  /** Matches the title. */
  q: z.string().trim().max(100).optional(),
  status: surveyStatusSchema.optional(),
  /** Only forms used this way (kefu → pre-chat form lists `prechat`). */
  use: formPurposeSchema.optional(),
  client: z.string().max(32).optional(),
});
export type SurveyQuery = z.infer<typeof surveyQuerySchema>;

/** POST /api/form/survey/save — no fid: a new form (a draft). */
export const surveySaveBodySchema = z.object({
  fid: z.string().trim().min(1).max(64).optional(),
  title: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).default(''),
  items: formItemsSchema,
  settings: surveySettingsSchema.default({ onePerVisitor: false, thankYou: '' }),
});
export type SurveySaveBody = z.input<typeof surveySaveBodySchema>;

export const surveyFidQuerySchema = z.object({
  fid: z.string().trim().min(1).max(64),
  client: z.string().max(32).optional(),
});

export const surveyVersionSchema = z.object({
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
  items: z.array(formItemSchema),
  settings: surveySettingsSchema,
  publishedAt: z.number(),
});
export type SurveyVersion = z.infer<typeof surveyVersionSchema>;

/** One set of answers to a builder form. */
export const surveyResponseSchema = z.object({
  rid: z.string(),
  fid: z.string(),
  version: z.number().int(),
  answers: formValuesSchema,
  /** The conversation it was given in, when a form is filled inside a chat. */
  tid: z.string().nullable(),
  source: formResponseSourceSchema,
  /** From the first answer to sending, when the page knew it. */
  durationMs: z.number().nullable(),
  createdAt: z.number(),
});
export type SurveyResponse = z.infer<typeof surveyResponseSchema>;

/** GET /api/form/survey/responses (and the export): newest first. */
export const surveyResponsesQuerySchema = pageQuerySchema.extend({
  fid: z.string().trim().min(1).max(64),
  version: z.coerce.number().int().min(1).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  client: z.string().max(32).optional(),
});
export type SurveyResponsesQuery = z.infer<typeof surveyResponsesQuerySchema>;
export const surveyExportQuerySchema = surveyResponsesQuerySchema.omit({ page: true, size: true });

/** GET /api/form/survey/response — one answer with the version's items to read it by. */
export const surveyResponseDetailSchema = surveyResponseSchema.extend({
  items: z.array(formItemSchema),
  /** Uploaded files of file items: aid → address. */
  files: z.record(z.string(), z.object({ fileName: z.string(), path: z.string() })),
});
export type SurveyResponseDetail = z.infer<typeof surveyResponseDetailSchema>;

export const surveyStatisticQuerySchema = surveyExportQuerySchema;

export const surveyChoiceCountSchema = z.object({
  option: z.string(),
  count: z.number().int(),
  /** Of the answers to the item. */
  share: z.number(),
});

export const surveyItemStatisticSchema = z.object({
  key: z.string(),
  label: z.string(),
  type: z.string(),
  /** Answers that have this item filled. */
  answered: z.number().int(),
  /** Choice items, ratings and NPS: every option (score) with its count. */
  choices: z.array(surveyChoiceCountSchema),
  /** Ratings and NPS. */
  average: z.number().nullable(),
  /** NPS: % promoters (9–10) − % detractors (0–6). */
  nps: z
    .object({ score: z.number(), promoters: z.number(), passives: z.number(), detractors: z.number() })
    .nullable(),
  /** Text items: the newest answers (up to 200). */
  texts: z.array(z.object({ rid: z.string(), value: z.string(), createdAt: z.number() })),
  /** Visitors who started, did not send, and stopped at this item. */
  dropOff: z.number().int(),
});
export type SurveyItemStatistic = z.infer<typeof surveyItemStatisticSchema>;

export const surveyStatisticSchema = z.object({
  fid: z.string(),
  views: z.number().int(),
  starts: z.number().int(),
  responses: z.number().int(),
  /** responses / starts (0 when nobody started). */
  completionRate: z.number(),
  items: z.array(surveyItemStatisticSchema),
});
export type SurveyStatistic = z.infer<typeof surveyStatisticSchema>;

/* ---- the public page /form/<fid> ---- */

/** POST /form/<fid>/api/progress — the furthest item answered so far (drop-off). */
export const publicFormProgressBodySchema = z.object({
  version: z.number().int().min(1),
  key: z.string().trim().min(1).max(32),
});

/** POST /form/<fid>/api/submit */
export const publicFormSubmitBodySchema = z.object({
  version: z.number().int().min(1),
  answers: z.record(z.string().max(32), formValueSchema),
});
export type PublicFormSubmitBody = z.infer<typeof publicFormSubmitBodySchema>;

export const publicFormSubmitResultSchema = z.object({ rid: z.string(), thankYou: z.string() });

/**
 * POST /visitor/api/form/answer — answers given inside a conversation (the widget's form message):
 * stored like the public page's, linked to the visitor's thread `tid`.
 */
export const visitorFormAnswerBodySchema = publicFormSubmitBodySchema.extend({
  fid: z.string().trim().min(1).max(64),
  tid: z.string().trim().min(1).max(64),
  /** The `questionnaire` card answered (issue 16, forms in chat). */
  mid: z.string().trim().max(64).optional(),
});
export type VisitorFormAnswerBody = z.infer<typeof visitorFormAnswerBodySchema>;
