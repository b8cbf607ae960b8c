import { z } from 'zod';
import { pageQuerySchema, queryBooleanSchema } from './envelope.js';
import { workgroupBriefSchema } from './user.js';

/*
 * Proactive invitations (issue 5; kefu → targeted): rules that invite a visitor to chat when the page
 * address, the time on the page and the number of visits match.
 */

/** contains: the address contains the pattern · prefix: starts with it · regex: a JavaScript regular expression. */
export const targetedMatchTypeValues = ['contains', 'prefix', 'regex'] as const;
export const targetedMatchTypeSchema = z.enum(targetedMatchTypeValues);
export type TargetedMatchType = z.infer<typeof targetedMatchTypeSchema>;

export const targetedSchema = z.object({
  tgid: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  matchType: targetedMatchTypeSchema,
  pattern: z.string(),
  minSeconds: z.number().int(),
  minVisits: z.number().int(),
  message: z.string(),
  workgroup: workgroupBriefSchema,
  shownCount: z.number().int(),
  acceptedCount: z.number().int(),
  declinedCount: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type Targeted = z.infer<typeof targetedSchema>;

const isRegex = (value: string): boolean => {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
};

/**
 * A quantified group that itself holds a quantifier — `(a+)+`, `(\\w*)*` — can backtrack for ages
 * on a visitor's address and stall the server, so such patterns are refused.
 */
const hasNestedQuantifier = (value: string): boolean =>
  /\((?:[^()\\]|\\.)*[+*}](?:[^()\\]|\\.)*\)[+*{]/.test(value);

const ruleFields = {
  name: z.string().trim().min(1).max(64),
  enabled: z.boolean().default(true),
  matchType: targetedMatchTypeSchema,
  pattern: z.string().trim().min(1).max(500),
  minSeconds: z.number().int().min(0).max(86_400).default(0),
  minVisits: z.number().int().min(1).max(10_000).default(1),
  message: z.string().trim().min(1).max(500),
  wid: z.string().trim().min(1).max(64),
};

type RuleShape = { matchType: TargetedMatchType; pattern: string };

/** What is wrong with a rule's pattern, if anything (the console checks the same before saving). */
export const targetedPatternProblem = (rule: RuleShape): 'invalid' | 'nested' | null => {
  if (rule.matchType !== 'regex') return null;
  if (!isRegex(rule.pattern)) return 'invalid';
  return hasNestedQuantifier(rule.pattern) ? 'nested' : null;
};

const checkPattern = (rule: RuleShape, ctx: z.RefinementCtx) => {
  const problem = targetedPatternProblem(rule);
  if (problem)
    ctx.addIssue({
      code: 'custom',
      message:
        problem === 'invalid' ? 'must be a valid regular expression' : 'must not repeat a group that repeats',
      path: ['pattern'],
    });
};

/** POST /api/targeted/create */
export const targetedCreateBodySchema = z.object(ruleFields).superRefine(checkPattern);
export type TargetedCreateBody = z.input<typeof targetedCreateBodySchema>;

/** POST /api/targeted/update — the whole rule again, with its tgid. */
export const targetedUpdateBodySchema = z
  .object({ tgid: z.string().trim().min(1).max(64), ...ruleFields })
  .superRefine(checkPattern);
export type TargetedUpdateBody = z.input<typeof targetedUpdateBodySchema>;

export const tgidBodySchema = z.object({ tgid: z.string().trim().min(1).max(64) });

export const targetedQuerySchema = pageQuerySchema.extend({
  /** Name contains. */
  name: z.string().trim().max(64).optional(),
  enabled: queryBooleanSchema.optional(),
  client: z.string().max(32).optional(),
});
export type TargetedQuery = z.infer<typeof targetedQuerySchema>;

/** GET /visitor/api/targeted/match — what the embed loader reports about the page. */
export const targetedMatchQuerySchema = z.object({
  url: z.string().trim().min(1).max(2000),
  seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(86_400 * 7),
  visits: z.coerce.number().int().min(1).max(1_000_000),
  client: z.string().max(32).optional(),
});
export type TargetedMatchQuery = z.infer<typeof targetedMatchQuerySchema>;

export const invitationSchema = z.object({
  tgid: z.string(),
  message: z.string(),
  wid: z.string(),
  nickname: z.string(),
  avatar: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const targetedMatchResultSchema = z.object({
  invitation: invitationSchema.nullable(),
  /**
   * When no rule matches yet but one would after more time on the page: the seconds on the page at
   * which to ask again. null: nothing more will match on this page.
   */
  retryAtSeconds: z.number().int().nullable(),
});
export type TargetedMatchResult = z.infer<typeof targetedMatchResultSchema>;

/** Whether a rule's address condition holds (the server decides; shared so the console can preview). */
export const isTargetedUrlMatch = (rule: RuleShape, url: string): boolean => {
  if (rule.matchType === 'contains') return url.includes(rule.pattern);
  if (rule.matchType === 'prefix') return url.startsWith(rule.pattern);
  try {
    return new RegExp(rule.pattern).test(url);
  } catch {
    return false;
  }
};
