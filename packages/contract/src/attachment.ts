import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/* Uploads and attachments (spec §3 "Attachment", §7 "Uploads"; issue 3). */

/** What an upload is for; each kind has its own allow-list of real file types and size limit. */
export const uploadKindValues = ['attachment', 'avatar', 'image', 'file', 'p12', 'excel'] as const;
export const uploadKindSchema = z.enum(uploadKindValues);
export type UploadKind = z.infer<typeof uploadKindSchema>;

export const attachmentSchema = z.object({
  aid: z.string(),
  kind: uploadKindSchema,
  /** The sanitised original name, e.g. `20261122093000-report.pdf`. */
  fileName: z.string(),
  /** URL the file is served at. */
  path: z.string(),
  /** URL of the thumbnail for images, else null. */
  thumbPath: z.string().nullable(),
  /** Lower-case extension without the dot, from the detected type. */
  suffix: z.string(),
  /** Detected MIME type (from the content, not the name). */
  mediaType: z.string(),
  size: z.number().int(),
  /** Username of the uploader. */
  username: z.string().nullable(),
  createdAt: z.number(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** GET /api/attachment/query — the picker pages by 12 (spec §9). */
export const attachmentQuerySchema = pageQuerySchema.extend({
  size: z.coerce.number().int().min(1).max(100).default(12),
  kind: uploadKindSchema.optional(),
  /** `image` lists images only (the picker for image fields). */
  mediaType: z.enum(['image', 'file']).optional(),
  /** File name contains it (case-insensitive). */
  keyword: z.string().trim().max(100).optional(),
  client: z.string().max(32).optional(),
});
export type AttachmentQuery = z.input<typeof attachmentQuerySchema>;

export const attachmentDeleteQuerySchema = z.object({ aid: z.string().trim().min(1).max(64) });

/** GET /api/attachment/get — one attachment and the (not purged) articles whose content uses it, newest first. */
export const attachmentGetQuerySchema = z.object({ aid: z.string().trim().min(1).max(64) });
export const attachmentDetailSchema = attachmentSchema.extend({
  articles: z.array(z.object({ aid: z.string(), title: z.string(), type: z.string() })),
});
export type AttachmentDetail = z.infer<typeof attachmentDetailSchema>;
