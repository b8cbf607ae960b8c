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

/**
 * C0 and C1 control characters (NUL, escape sequences, tabs, line breaks), DEL, the line and paragraph
 * separators, and the bidirectional overrides that make a name read differently from what it is.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
/** The same, but keeping line feeds (CR LF becomes LF) for text a visitor may write on several lines. */
const controlCharactersButNewline =
  // eslint-disable-next-line no-control-regex -- as above
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Removes control characters from visitor-supplied text (`multiLine` keeps line feeds). */
export const stripControlCharacters = (value: string, multiLine = false): string =>
  multiLine
    ? value.replace(/\r\n?/g, '\n').replace(controlCharactersButNewline, '')
    : value.replace(controlCharacters, '');

/**
 * Text a visitor supplies on the public API: control characters removed, trimmed, then at most `max`
 * characters (400 naming the field past it). Single-line unless `multiLine`.
 */
export const visitorTextSchema = (max: number, options: { multiLine?: boolean } = {}) =>
  z
    .string()
    .overwrite((value) => stripControlCharacters(value, options.multiLine))
    .trim()
    .max(max);

const urlText = visitorTextSchema(2000);

/**
 * POST /visitor/api/init — identify (or create) the visitor of an organisation and hand out its
 * token. A returning browser sends the token it kept; a new or unknown token makes a new visitor.
 */
export const visitorInitBodySchema = z
  .object({
    /** The organisation's subDomain (spec §3), as the embed snippet carries it. */
    org: z.string().trim().min(1).max(64).optional(),
    /**
     * An SDK channel's app key (console → Channels → App, uni-app, Flutter, Web) in place of `org`: the
     * conversations carry that channel and go to its skill group.
     */
    appKey: z.string().trim().min(1).max(64).optional(),
    token: z.string().trim().max(128).optional(),
    nickname: visitorTextSchema(64).optional(),
    client: clientSchema.default('web'),
    page: urlText.default(''),
    referrer: urlText.default(''),
  })
  .refine((body) => body.org !== undefined || body.appKey !== undefined, {
    path: ['org'],
    message: 'give the organisation (org) or an app key (appKey)',
  });
export type VisitorInitBody = z.input<typeof visitorInitBodySchema>;

export const visitorInitResultSchema = z.object({
  visitor: visitorSchema,
  /** Bearer token for /visitor/api/* and the Socket.IO handshake (`auth.token`). */
  token: z.string(),
  organization: z.object({ oid: z.string(), name: z.string(), subDomain: z.string() }),
  /** With an app key: its channel and the skill group its conversations go to (the default `wid` of a request). */
  channel: z.object({ type: z.string(), wid: z.string().nullable() }).optional(),
});
export type VisitorInitResult = z.infer<typeof visitorInitResultSchema>;

/** POST /visitor/api/profile — what the visitor tells about itself (also from the pre-chat form). */
export const visitorProfileBodySchema = z.object({
  nickname: visitorTextSchema(64).min(1).optional(),
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
