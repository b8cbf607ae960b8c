import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';
import { visitorBriefSchema } from './visitor.js';

/*
 * CRM (issue 15; crm → list): customers behind conversations, the organisation's custom fields,
 * notes, saved views, merging, signed visitor identity and Excel import/export.
 */

const text = (max: number) => z.string().trim().max(max);
const emailSchema = z.union([z.literal(''), z.string().trim().toLowerCase().email().max(254)]);
const mobileSchema = z.union([
  z.literal(''),
  z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/, 'must be a phone number'),
]);
const tagSchema = text(32).min(1);

export const crmFieldTypeSchema = z.enum(['text', 'number', 'date', 'select']);
export type CrmFieldType = z.infer<typeof crmFieldTypeSchema>;

/** A custom field of the organisation's customers; `key` names it in `customFields`. */
export const crmFieldSchema = z.object({
  fid: z.string(),
  key: z.string(),
  label: z.string(),
  type: crmFieldTypeSchema,
  /** The choices of a select field. */
  options: z.array(z.string()),
  required: z.boolean(),
  sort: z.number().int(),
});
export type CrmField = z.infer<typeof crmFieldSchema>;

export const crmFieldCreateBodySchema = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,31}$/, 'lower-case letters, digits and _, starting with a letter'),
  label: text(64).min(1),
  type: crmFieldTypeSchema,
  options: z.array(text(64).min(1)).max(50).default([]),
  required: z.boolean().default(false),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type CrmFieldCreateBody = z.infer<typeof crmFieldCreateBodySchema>;

export const crmFieldUpdateBodySchema = crmFieldCreateBodySchema
  .omit({ key: true, type: true })
  .partial()
  .extend({ fid: text(64).min(1) });
export type CrmFieldUpdateBody = z.infer<typeof crmFieldUpdateBodySchema>;

/** Values of custom fields: text and select as strings, number as numbers, date as `YYYY-MM-DD`. */
export const customFieldValuesSchema = z.record(
  z.string().max(32),
  z.union([z.string().max(1000), z.number()]),
);
export type CustomFieldValues = z.infer<typeof customFieldValuesSchema>;

export const customerOwnerSchema = z.object({ uid: z.string(), nickname: z.string() });

export const customerSchema = z.object({
  cid: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  company: z.string(),
  avatar: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  owner: customerOwnerSchema.nullable(),
  /** The channel the customer came through (web, app, import, lead…). */
  channel: z.string(),
  /** The site's own user id when the customer was identified by the widget. */
  externalId: z.string().nullable(),
  customFields: customFieldValuesSchema,
  firstContactAt: z.number().nullable(),
  lastContactAt: z.number().nullable(),
  visitors: z.array(visitorBriefSchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Customer = z.infer<typeof customerSchema>;

const customerFields = {
  name: text(100).min(1),
  email: emailSchema.default(''),
  mobile: mobileSchema.default(''),
  company: text(200).default(''),
  avatar: text(1000).default(''),
  description: text(2000).default(''),
  tags: z.array(tagSchema).max(30).default([]),
  /** uid of an account of the organisation, or null for none. */
  owner: text(64).nullable().default(null),
  channel: text(32).default('web'),
  customFields: customFieldValuesSchema.default({}),
};

export const customerCreateBodySchema = z.object(customerFields);
export type CustomerCreateBody = z.infer<typeof customerCreateBodySchema>;

/** Only the given fields change; `customFields` replaces the whole set. */
export const customerUpdateBodySchema = z
  .object({
    name: customerFields.name,
    email: emailSchema,
    mobile: mobileSchema,
    company: text(200),
    avatar: text(1000),
    description: text(2000),
    tags: z.array(tagSchema).max(30),
    owner: text(64).nullable(),
    channel: text(32),
    customFields: customFieldValuesSchema,
  })
  .partial()
  .extend({ cid: text(64).min(1) });
export type CustomerUpdateBody = z.infer<typeof customerUpdateBodySchema>;

export const customerCidQuerySchema = z.object({ cid: text(64).min(1) });

/** The filters of the list and of a saved view. */
export const customerFilterSchema = z.object({
  /** Name, email, mobile or company contains it. */
  keyword: text(100).optional(),
  tag: tagSchema.optional(),
  /** uid of the owner, or `none` for customers nobody owns. */
  owner: text(64).optional(),
  channel: text(32).optional(),
  /** Last contact from/to (ms, inclusive). */
  lastContactFrom: z.coerce.number().int().min(0).optional(),
  lastContactTo: z.coerce.number().int().min(0).optional(),
  /** A custom field's key and the value it must equal. */
  fieldKey: text(32).optional(),
  fieldValue: text(1000).optional(),
});
export type CustomerFilter = z.infer<typeof customerFilterSchema>;

export const customerQuerySchema = pageQuerySchema.extend(customerFilterSchema.shape);
export type CustomerQuery = z.infer<typeof customerQuerySchema>;

const cidListSchema = z.array(text(64).min(1)).min(1).max(500);

export const customerBulkTagBodySchema = z.object({
  cids: cidListSchema,
  add: z.array(tagSchema).max(30).default([]),
  remove: z.array(tagSchema).max(30).default([]),
});
export const customerBulkAssignBodySchema = z.object({ cids: cidListSchema, owner: text(64).nullable() });
export const customerBulkDeleteBodySchema = z.object({ cids: cidListSchema });
export const customerBulkResultSchema = z.object({ count: z.number().int() });
export type CustomerBulkResult = z.infer<typeof customerBulkResultSchema>;

/** Merge `source` into `target`: everything of source moves, source is deleted. */
export const customerMergeBodySchema = z.object({ target: text(64).min(1), source: text(64).min(1) });
export type CustomerMergeBody = z.infer<typeof customerMergeBodySchema>;

/** Customers sharing an email or mobile with `cid` (or with the given email/mobile). */
export const customerDuplicateQuerySchema = z.object({
  cid: text(64).optional(),
  email: emailSchema.optional(),
  mobile: mobileSchema.optional(),
});

export const customerLinkBodySchema = z.object({ cid: text(64).min(1), vid: text(64).min(1) });

export const customerNoteSchema = z.object({
  nid: z.string(),
  content: z.string(),
  author: customerOwnerSchema.nullable(),
  createdAt: z.number(),
});
export type CustomerNote = z.infer<typeof customerNoteSchema>;
export const customerNoteCreateBodySchema = z.object({ cid: text(64).min(1), content: text(5000).min(1) });
export const customerNoteDeleteBodySchema = z.object({ nid: text(64).min(1) });

export const customerTimelineKindSchema = z.enum(['conversation', 'note', 'feedback', 'ticket']);
export const customerTimelineEntrySchema = z.object({
  kind: customerTimelineKindSchema,
  /** The public id of the thing (tid, nid, fid, ticket id). */
  id: z.string(),
  title: z.string(),
  /** Status of a conversation, feedback or ticket; '' for notes. */
  status: z.string(),
  at: z.number(),
});
export type CustomerTimelineEntry = z.infer<typeof customerTimelineEntrySchema>;

export const customerViewSchema = z.object({
  viewId: z.string(),
  name: z.string(),
  filters: customerFilterSchema,
  createdAt: z.number(),
});
export type CustomerView = z.infer<typeof customerViewSchema>;
export const customerViewCreateBodySchema = z.object({
  name: text(64).min(1),
  filters: customerFilterSchema,
});
export const customerViewDeleteBodySchema = z.object({ viewId: text(64).min(1) });

/** Whether the organisation has a signing secret; the secret itself is only shown when generated. */
export const crmIdentityStatusSchema = z.object({
  configured: z.boolean(),
  createdAt: z.number().nullable(),
});
export const crmIdentitySecretSchema = z.object({ secret: z.string(), createdAt: z.number() });

/** No line breaks: they separate the fields of the signed string, so none may carry one. */
const identityText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\r\n]*$/, 'must not contain line breaks');

/**
 * POST /visitor/api/identify — the site's own user, signed by the site's server. Every identity
 * field is signed: `signature` = hex HMAC-SHA256(secret, identityMessage(body)), i.e. of
 * `userId + "\n" + name + "\n" + email + "\n" + mobile` with absent fields as empty strings and
 * each value trimmed, exactly as sent (email not lower-cased). Changing any field breaks it.
 */
export const visitorIdentifyBodySchema = z.object({
  userId: identityText(128).min(1),
  name: identityText(100).default(''),
  email: z.union([z.literal(''), z.string().trim().email().max(254)]).default(''),
  mobile: mobileSchema.default(''),
  signature: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be a hex HMAC-SHA256'),
});
export type VisitorIdentifyBody = z.infer<typeof visitorIdentifyBodySchema>;

/** The string the site's server signs for POST /visitor/api/identify (keep in sync with the docs). */
export const identityMessage = (identity: {
  userId: string;
  name?: string;
  email?: string;
  mobile?: string;
}): string => [identity.userId, identity.name ?? '', identity.email ?? '', identity.mobile ?? ''].join('\n');

/** Import: which sheet header feeds which customer field (headers compared case-insensitively). */
export const customerImportMappingSchema = z.object({
  name: text(100).min(1),
  email: text(100).optional(),
  mobile: text(100).optional(),
  company: text(100).optional(),
  description: text(100).optional(),
  tags: text(100).optional(),
  /** Custom field key → the header that feeds it; without it each field's label (or key) is read. */
  customFields: z.record(z.string().max(32), text(100).min(1)).optional(),
});
export type CustomerImportMapping = z.infer<typeof customerImportMappingSchema>;

export const customerImportQuerySchema = z.object({
  /** JSON of the mapping; without it the default headers (either language) are used. */
  mapping: z.string().max(10_000).optional(),
  /** Only check and report; write nothing. */
  preview: queryBooleanSchema.default(false),
});

export const customerImportResultSchema = z.object({
  total: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  preview: z.boolean(),
  rows: z.array(z.object({ row: z.number().int(), name: z.string(), action: z.enum(['create', 'update']) })),
  errors: z.array(z.object({ row: z.number().int(), field: z.string(), message: z.string() })),
});
export type CustomerImportResult = z.infer<typeof customerImportResultSchema>;

export const customerImportJobStateSchema = z.enum(['running', 'done', 'failed']);
export type CustomerImportJobState = z.infer<typeof customerImportJobStateSchema>;

/**
 * An import run in the background (`POST /api/customer/import/start`), polled through
 * `GET /api/customer/import/status?jobId=`: `processed` of `total` rows handled in the current
 * `phase`, and the result once `done` (or the reason once `failed`).
 */
export const customerImportJobSchema = z.object({
  jobId: z.string(),
  state: customerImportJobStateSchema,
  /** reading the file, then checking (preview) or writing the rows. */
  phase: z.enum(['reading', 'checking', 'writing']),
  processed: z.number().int(),
  total: z.number().int(),
  preview: z.boolean(),
  result: customerImportResultSchema.nullable(),
  error: z.string().nullable(),
  startedAt: z.number(),
  updatedAt: z.number(),
});
export type CustomerImportJob = z.infer<typeof customerImportJobSchema>;

export const customerImportJobQuerySchema = z.object({ jobId: text(64).min(1) });
