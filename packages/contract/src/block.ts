import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';
import { isIP } from './ip.js';
import { userBriefSchema } from './user.js';
import { visitorBriefSchema } from './visitor.js';

/*
 * Blacklist (issue 5; kefu → block): a visitor or an IP address barred from chatting until
 * `endAt` (never when null) or until someone unblocks it. A blocked visitor's thread request
 * answers -3 and its messages are refused.
 */

export const blockTypeSchema = z.enum(['visitor', 'ip']);
export type BlockType = z.infer<typeof blockTypeSchema>;

export const blockSchema = z.object({
  bid: z.string(),
  type: blockTypeSchema,
  /** The blocked visitor (type visitor). */
  visitor: visitorBriefSchema.nullable(),
  /** The blocked address (type ip). */
  ip: z.string(),
  /** Why (the original product's `note`). */
  note: z.string(),
  operator: userBriefSchema.nullable(),
  startAt: z.number(),
  endAt: z.number().nullable(),
  /** When someone unblocked it early. */
  revokedAt: z.number().nullable(),
  /** Still in force: not revoked and not past endAt. */
  active: z.boolean(),
  createdAt: z.number(),
});
export type Block = z.infer<typeof blockSchema>;

export const blockCreateBodySchema = z
  .object({
    type: blockTypeSchema,
    vid: z.string().trim().max(64).optional(),
    ip: z
      .string()
      .trim()
      .max(64)
      .refine((value) => value === '' || isIP(value), 'must be an IPv4 or IPv6 address')
      .optional(),
    note: z.string().trim().max(255).default(''),
    /** Epoch ms; null or absent blocks until unblocked. */
    endAt: z.number().int().min(0).nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.type === 'visitor' && !body.vid)
      context.addIssue({ code: 'custom', path: ['vid'], message: 'is required to block a visitor' });
    if (body.type === 'ip' && !body.ip)
      context.addIssue({ code: 'custom', path: ['ip'], message: 'is required to block an address' });
  });
export type BlockCreateBody = z.input<typeof blockCreateBodySchema>;

export const bidBodySchema = z.object({ bid: z.string().trim().min(1).max(64) });

/** GET /api/block/query — `keyword` matches the address, the visitor's nickname or vid, or the note. */
export const blockQuerySchema = pageQuerySchema.extend({
  type: blockTypeSchema.optional(),
  active: queryBooleanSchema.optional(),
  keyword: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type BlockQuery = z.infer<typeof blockQuerySchema>;

/** GET /api/block/visitor — whether a visitor (or its last address) is blocked now, for the workbench. */
export const blockVisitorQuerySchema = z.object({ vid: z.string().trim().min(1).max(64) });
export const blockStatusSchema = z.object({ blocked: z.boolean(), block: blockSchema.nullable() });
export type BlockStatus = z.infer<typeof blockStatusSchema>;

/** IP address syntax (also for the console's forms). */
export { isIP };
