import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/*
 * Quality inspection (issue 16; the quality section, authority `quality`, permissions
 * `quality.list` (scoring), `quality.setting` (schemes and sampling rules), `quality.result`,
 * `quality.statistic`). A scheme is weighted criteria summing to 100 %, each with check items
 * worth points; a fatal item hit makes the score 0. Conversations reach the scoring queue by
 * sampling rules or by hand; rule checks pre-fill items with evidence; agents appeal once.
 */

const publicId = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1).max(100);

/** Automatic checks a check item can be bound to (computed from the conversation). */
export const qualityCheckValues = [
  'firstResponse',
  'longestSilence',
  'sensitiveWord',
  'closeType',
  'rating',
  'transferCount',
] as const;
export const qualityCheckSchema = z.enum(qualityCheckValues);
export type QualityCheck = z.infer<typeof qualityCheckSchema>;

export const qualityItemSchema = z.object({
  /** Stable within its scheme; scores refer to it. */
  key: z.string().trim().min(1).max(32),
  name,
  /** Points the item is worth (0 for a fatal-only item). */
  points: z.number().int().min(0).max(100),
  /** A hit makes the whole score 0. */
  fatal: z.boolean().default(false),
  /** Automatic check that pre-fills this item, with its threshold (seconds, stars or a count). */
  check: qualityCheckSchema.nullable().default(null),
  threshold: z.number().int().min(0).max(100_000).nullable().default(null),
});
export type QualityItem = z.infer<typeof qualityItemSchema>;

export const qualityCriterionSchema = z.object({
  key: z.string().trim().min(1).max(32),
  name,
  /** Percent of the total score; the criteria of a scheme sum to 100. */
  weight: z.number().int().min(0).max(100),
  items: z.array(qualityItemSchema).min(1).max(30),
});
export type QualityCriterion = z.infer<typeof qualityCriterionSchema>;

export const qualitySchemeSchema = z.object({
  qsid: z.string(),
  name: z.string(),
  description: z.string(),
  /** 0–100; a score at or above it passes. */
  passMark: z.number().int(),
  isDefault: z.boolean(),
  criteria: z.array(qualityCriterionSchema),
  /** Skill groups that use this scheme instead of the default. */
  workgroups: z.array(z.object({ wid: z.string(), nickname: z.string() })),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type QualityScheme = z.infer<typeof qualitySchemeSchema>;

export const qualitySchemeBodySchema = z.object({
  /** Without it a scheme is created. */
  qsid: publicId.optional(),
  name,
  description: z.string().max(500).default(''),
  passMark: z.number().int().min(0).max(100).default(60),
  isDefault: z.boolean().default(false),
  criteria: z.array(qualityCriterionSchema).min(1).max(20),
  workgroups: z.array(publicId).max(200).default([]),
});
export type QualitySchemeBody = z.input<typeof qualitySchemeBodySchema>;

export const qualityQsidSchema = z.object({ qsid: publicId });

// Sampling rules -------------------------------------------------------------------------------

export const qualityRuleKindValues = ['percent', 'lowRating', 'sensitiveWord', 'slowFirstResponse'] as const;
export const qualityRuleKindSchema = z.enum(qualityRuleKindValues);
export type QualityRuleKind = z.infer<typeof qualityRuleKindSchema>;

export const qualityRuleSchema = z.object({
  qrid: z.string(),
  kind: qualityRuleKindSchema,
  /** percent: share of each agent's closed conversations per day; lowRating: stars at most; slowFirstResponse: minutes; sensitiveWord: unused. */
  threshold: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.number(),
});
export type QualityRule = z.infer<typeof qualityRuleSchema>;

export const qualityRuleBodySchema = z
  .object({
    qrid: publicId.optional(),
    kind: qualityRuleKindSchema,
    threshold: z.number().int().min(0).max(10_000).default(0),
    enabled: z.boolean().default(true),
  })
  .superRefine((rule, context) => {
    const [min, max] =
      rule.kind === 'percent'
        ? [1, 100]
        : rule.kind === 'lowRating'
          ? [1, 5]
          : rule.kind === 'slowFirstResponse'
            ? [1, 1440]
            : [0, 10_000];
    if (rule.threshold < min || rule.threshold > max)
      context.addIssue({
        code: 'custom',
        path: ['threshold'],
        message: `must be between ${min} and ${max}`,
      });
  });
export type QualityRuleBody = z.input<typeof qualityRuleBodySchema>;

export const qualityQridSchema = z.object({ qrid: publicId });

// Inspections ----------------------------------------------------------------------------------

export const qualityStatusValues = ['pending', 'scored', 'appealed', 'accepted', 'rejected'] as const;
export const qualityStatusSchema = z.enum(qualityStatusValues);
export type QualityStatus = z.infer<typeof qualityStatusSchema>;

/** Where an inspection came from: a sampling rule's kind, or added by hand. */
export const qualitySourceValues = [...qualityRuleKindValues, 'manual'] as const;
export const qualitySourceSchema = z.enum(qualitySourceValues);
export type QualitySource = z.infer<typeof qualitySourceSchema>;

/** What the automatic checks found in the conversation. */
export const qualityFactsSchema = z.object({
  firstResponseMs: z.number().nullable(),
  longestSilenceMs: z.number().nullable(),
  /** The agent's sensitive-word hits (the check items judge the agent). */
  sensitiveWords: z.array(z.string()),
  /** The visitor's hits: with the agent's, they make the sensitive-word sampling rule pick it. */
  visitorSensitiveWords: z.array(z.string()).default([]),
  closeType: z.string().nullable(),
  rating: z.number().nullable(),
  transferCount: z.number().int(),
});
export type QualityFacts = z.infer<typeof qualityFactsSchema>;

/** One check item's result: points earned (fatal items: hit or not) and why. */
export const qualityItemScoreSchema = z.object({
  key: z.string().min(1).max(32),
  earned: z.number().min(0).max(100),
  hit: z.boolean().default(false),
  /** Filled by an automatic check; the checker confirms or changes. */
  evidence: z.string().max(500).default(''),
  isAutomatic: z.boolean().default(false),
});
export type QualityItemScore = z.infer<typeof qualityItemScoreSchema>;

export const qualityPersonSchema = z.object({ uid: z.string(), nickname: z.string() });
export type QualityPerson = z.infer<typeof qualityPersonSchema>;

export const qualityInspectionSchema = z.object({
  qid: z.string(),
  tid: z.string(),
  status: qualityStatusSchema,
  source: qualitySourceSchema,
  agent: qualityPersonSchema.nullable(),
  workgroup: z.object({ wid: z.string(), nickname: z.string() }).nullable(),
  visitorNickname: z.string(),
  scheme: z.object({ qsid: z.string(), name: z.string(), passMark: z.number() }),
  /** 0–100, one decimal; null until scored. */
  score: z.number().nullable(),
  isPassed: z.boolean().nullable(),
  isFatal: z.boolean(),
  checker: qualityPersonSchema.nullable(),
  closedAt: z.number().nullable(),
  scoredAt: z.number().nullable(),
  createdAt: z.number(),
});
export type QualityInspection = z.infer<typeof qualityInspectionSchema>;

export const qualityCommentSchema = z.object({
  qcid: z.string(),
  /** The message it is anchored to, or null for the whole conversation. */
  mid: z.string().nullable(),
  content: z.string(),
  author: qualityPersonSchema.nullable(),
  createdAt: z.number(),
});
export type QualityComment = z.infer<typeof qualityCommentSchema>;

export const qualityLogSchema = z.object({
  action: z.enum(['created', 'scored', 'rescored', 'appealed', 'accepted', 'rejected', 'commented']),
  actor: qualityPersonSchema.nullable(),
  detail: z.string(),
  at: z.number(),
});
export type QualityLog = z.infer<typeof qualityLogSchema>;

export const qualityTranscriptMessageSchema = z.object({
  mid: z.string(),
  type: z.string(),
  content: z.string(),
  senderKind: z.string(),
  senderName: z.string(),
  createdAt: z.number(),
});
export type QualityTranscriptMessage = z.infer<typeof qualityTranscriptMessageSchema>;

export const qualityDetailSchema = qualityInspectionSchema.extend({
  schemeDetail: qualitySchemeSchema,
  facts: qualityFactsSchema,
  items: z.array(qualityItemScoreSchema),
  appeal: z
    .object({ reason: z.string(), reply: z.string(), at: z.number(), decidedAt: z.number().nullable() })
    .nullable(),
  transcript: z.array(qualityTranscriptMessageSchema),
  comments: z.array(qualityCommentSchema),
  log: z.array(qualityLogSchema),
});
export type QualityDetail = z.infer<typeof qualityDetailSchema>;

export const qualityQidSchema = z.object({ qid: publicId });

export const qualityQuerySchema = pageQuerySchema.extend({
  agent: publicId.optional(),
  workgroup: publicId.optional(),
  status: qualityStatusSchema.optional(),
  source: qualitySourceSchema.optional(),
  /** Conversation closed in [from, to] (ms). */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** Results: only scored ones (scored, appealed, accepted, rejected). */
  isScored: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type QualityQuery = z.input<typeof qualityQuerySchema>;

export const qualityScoreBodySchema = z.object({
  qid: publicId,
  items: z.array(qualityItemScoreSchema).max(600),
});
export type QualityScoreBody = z.input<typeof qualityScoreBodySchema>;

export const qualityAddBodySchema = z.object({ tid: publicId });

export const qualitySampleBodySchema = z.object({
  from: z.number().int().min(0),
  to: z.number().int().min(0),
});

export const qualitySampleResultSchema = z.object({ added: z.number().int(), examined: z.number().int() });

export const qualityCommentBodySchema = z.object({
  qid: publicId,
  mid: publicId.nullable().default(null),
  content: z.string().trim().min(1).max(2000),
});

export const qualityAppealBodySchema = z.object({
  qid: publicId,
  reason: z.string().trim().min(1).max(1000),
});

export const qualityDecideBodySchema = z.object({
  qid: publicId,
  decision: z.enum(['accept', 'reject']),
  reply: z.string().trim().max(1000).default(''),
  /** With accept: the new scores. */
  items: z.array(qualityItemScoreSchema).max(600).optional(),
});
export type QualityDecideBody = z.input<typeof qualityDecideBodySchema>;

/** Who and which groups the filters and the scheme editor offer (GET /api/quality/options). */
export const qualityOptionsSchema = z.object({
  agents: z.array(qualityPersonSchema),
  workgroups: z.array(z.object({ wid: z.string(), nickname: z.string() })),
});
export type QualityOptions = z.infer<typeof qualityOptionsSchema>;

// Statistics -----------------------------------------------------------------------------------

export const qualityStatisticQuerySchema = z.object({
  from: z.coerce.number().int().min(0),
  to: z.coerce.number().int().min(0),
});

const averageRow = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().int(),
  average: z.number().nullable(),
});

export const qualityStatisticSchema = z.object({
  scored: z.number().int(),
  average: z.number().nullable(),
  /** Share 0–1 of scored conversations at or above their pass mark. */
  passRate: z.number().nullable(),
  /** Share 0–1 of scored conversations appealed. */
  appealRate: z.number().nullable(),
  byAgent: z.array(averageRow),
  byGroup: z.array(averageRow),
  /** Average share (0–100) of each criterion's points earned, by criterion name. */
  byCriterion: z.array(averageRow),
  /** ISO weeks (Monday, UTC) of the conversation's close. */
  byWeek: z.array(averageRow),
  /** Check items most often not given full points (or hit, when fatal). */
  missedItems: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
});
export type QualityStatistic = z.infer<typeof qualityStatisticSchema>;

// Score arithmetic (shared by the server and the console's preview) ---------------------------

/*
 * A criterion contributes weight × (points earned ÷ points possible) of its non-fatal items; the
 * total is rounded half up to one decimal; any fatal item hit makes the total 0.
 */

export type QualityScoreResult = {
  /** 0–100, one decimal. */
  score: number;
  isFatal: boolean;
  /** Per criterion: share of its points earned, 0–100 (one decimal). */
  criteria: { key: string; percent: number }[];
};

/**
 * Half up to one decimal. The nudge undoes binary fractions: 3 × 1/4 + 97 × 7/10 is 68.65 but adds
 * up to 68.64999…, which a bare Math.round would take down to 68.6.
 */
export const roundHalfUpTenth = (value: number): number => Math.round(value * 10 + 1e-9) / 10;
const roundTenth = roundHalfUpTenth;

/** The total from item scores (see the file comment); missing items count as full points. */
export const computeQualityScore = (
  criteria: readonly QualityCriterion[],
  scores: readonly QualityItemScore[],
): QualityScoreResult => {
  const byKey = new Map(scores.map((item) => [item.key, item]));
  let isFatal = false;
  let total = 0;
  const perCriterion: QualityScoreResult['criteria'] = [];
  for (const criterion of criteria) {
    let possible = 0;
    let earned = 0;
    for (const item of criterion.items) {
      const score = byKey.get(item.key);
      if (item.fatal) {
        if (score?.hit) isFatal = true;
        continue;
      }
      possible += item.points;
      earned += Math.max(0, Math.min(score?.earned ?? item.points, item.points));
    }
    const share = possible === 0 ? 1 : earned / possible;
    total += criterion.weight * share;
    perCriterion.push({ key: criterion.key, percent: roundTenth(share * 100) });
  }
  return { score: isFatal ? 0 : roundTenth(total), isFatal, criteria: perCriterion };
};
