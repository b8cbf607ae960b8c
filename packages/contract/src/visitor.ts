import { z } from 'zod';
import { clientSchema } from './enums.js';

/* Anonymous visitors (issue 4): one identity per organisation, kept in the visitor's browser. */

export const visitorSchema = z.object({
  vid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  client: clientSchema,
  ip: z.string(),
  userAgent: z.string(),
  /** The page the chat was opened from, and the page that led there. */
  page: z.string(),
  referrer: z.string(),
  email: z.string(),
  mobile: z.string(),
  note: z.string(),
  visitCount: z.number().int(),
  firstVisitAt: z.number(),
  lastVisitAt: z.number(),
});
export type Visitor = z.infer<typeof visitorSchema>;

export const visitorBriefSchema = visitorSchema.pick({
  vid: true,
  nickname: true,
  avatar: true,
  client: true,
});
export type VisitorBrief = z.infer<typeof visitorBriefSchema>;

const urlText = z.string().trim().max(2000);

/**
 * POST /visitor/api/init — identify (or create) the visitor of an organisation and hand out its
 * token. A returning browser sends the token it kept; a new or unknown token makes a new visitor.
 */
export const visitorInitBodySchema = z.object({
  /** The organisation's subDomain (spec §3), as the embed snippet carries it. */
  org: z.string().trim().min(1).max(64),
  token: z.string().trim().max(128).optional(),
  nickname: z.string().trim().max(64).optional(),
  client: clientSchema.default('web'),
  page: urlText.default(''),
  referrer: urlText.default(''),
});
export type VisitorInitBody = z.input<typeof visitorInitBodySchema>;

export const visitorInitResultSchema = z.object({
  visitor: visitorSchema,
  /** Bearer token for /visitor/api/* and the Socket.IO handshake (`auth.token`). */
  token: z.string(),
  organization: z.object({ oid: z.string(), name: z.string(), subDomain: z.string() }),
});
export type VisitorInitResult = z.infer<typeof visitorInitResultSchema>;

/** POST /visitor/api/profile — what the visitor tells about itself (also from the pre-chat form). */
export const visitorProfileBodySchema = z.object({
  nickname: z.string().trim().min(1).max(64).optional(),
  email: z.union([z.literal(''), z.string().trim().email().max(128)]).optional(),
  mobile: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 -]{5,20}$/, 'must be a phone number'),
    ])
    .optional(),
});
export type VisitorProfileBody = z.infer<typeof visitorProfileBodySchema>;

/** POST /api/visitor/note — an agent's note about a visitor. */
export const visitorNoteBodySchema = z.object({
  vid: z.string().trim().min(1).max(64),
  note: z.string().max(2000),
});
