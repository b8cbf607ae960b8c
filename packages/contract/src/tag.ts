import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/* Tags (issue 5; kefu → tag): an organisation's labels for conversations and for visitors. */

export const tagTypeSchema = z.enum(['thread', 'visitor']);
export type TagType = z.infer<typeof tagTypeSchema>;

export const tagSchema = z.object({
  tgid: z.string(),
  name: z.string(),
  /** "#rrggbb". */
  color: z.string(),
  /** What it labels: conversations (thread) or visitors. */
  type: tagTypeSchema,
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagBriefSchema = tagSchema.pick({ tgid: true, name: true, color: true, type: true });
export type TagBrief = z.infer<typeof tagBriefSchema>;

export const tagNameSchema = z.string().trim().min(1).max(32);
export const tagColorSchema = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'must be a colour like #1677ff')
  .transform((value) => value.toLowerCase());

const publicId = z.string().trim().min(1).max(64);

export const tagQuerySchema = pageQuerySchema.extend({
  type: tagTypeSchema.optional(),
  /** Name contains it (case-insensitive). */
  keyword: z.string().trim().max(32).optional(),
  client: z.string().max(32).optional(),
});
export type TagQuery = z.infer<typeof tagQuerySchema>;

export const tagAllQuerySchema = z.object({
  type: tagTypeSchema.optional(),
  client: z.string().max(32).optional(),
});

export const tagCreateBodySchema = z.object({
  name: tagNameSchema,
  color: tagColorSchema.default('#1677ff'),
  type: tagTypeSchema.default('thread'),
});
export type TagCreateBody = z.input<typeof tagCreateBodySchema>;

/** The type stays: a tag in use on conversations cannot turn into a visitor tag. */
export const tagUpdateBodySchema = z.object({ tgid: publicId, name: tagNameSchema, color: tagColorSchema });
export type TagUpdateBody = z.input<typeof tagUpdateBodySchema>;

export const tgidQuerySchema = z.object({ tgid: publicId });

/** At most this many tags on one conversation or visitor. */
export const tagsPerTargetLimit = 20;
const tgids = z.array(publicId).max(tagsPerTargetLimit);

/** POST /api/thread/tags — replaces the conversation's tags (tgids of `thread` tags). */
export const threadTagsBodySchema = z.object({ tid: publicId, tags: tgids });
export type ThreadTagsBody = z.infer<typeof threadTagsBodySchema>;
/** POST /api/visitor/tags — replaces the visitor's tags (tgids of `visitor` tags). */
export const visitorTagsBodySchema = z.object({ vid: publicId, tags: tgids });
export type VisitorTagsBody = z.infer<typeof visitorTagsBodySchema>;

export const threadTagsQuerySchema = z.object({ tid: publicId, client: z.string().max(32).optional() });
export const visitorTagsQuerySchema = z.object({ vid: publicId, client: z.string().max(32).optional() });
