import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';

/*
 * What the robot's conversations teach (issue 14): their history, the training queue of questions
 * it missed or answered unhelpfully, and its statistics. All read from the thread events the robot
 * writes in live chat (contract thread.ts `threadEventKindSchema`, robot_*).
 */

const timeRange = {
  /** Epoch ms, inclusive. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  /** A skill group's wid. */
  wid: z.string().trim().max(64).optional(),
};

/* ---- history ---- */

export const robotHistoryOutcomeSchema = z.enum(['answered', 'unanswered', 'transferred', 'unhelpful']);
export type RobotHistoryOutcome = z.infer<typeof robotHistoryOutcomeSchema>;

/** GET /api/robot/history — robot conversations, newest first. */
export const robotHistoryQuerySchema = pageQuerySchema.extend({
  ...timeRange,
  /** answered: every question answered · unanswered: at least one missed · transferred · unhelpful: an answer marked so. */
  outcome: robotHistoryOutcomeSchema.optional(),
  client: z.string().max(32).optional(),
});
export type RobotHistoryQuery = z.input<typeof robotHistoryQuerySchema>;

export const robotHistoryRowSchema = z.object({
  tid: z.string(),
  visitor: z.object({ vid: z.string(), nickname: z.string() }),
  workGroup: z.object({ wid: z.string(), nickname: z.string() }).nullable(),
  robot: z.object({ uid: z.string(), nickname: z.string() }).nullable(),
  /** When the robot took it (ms). */
  startedAt: z.number(),
  questions: z.number().int(),
  answered: z.number().int(),
  unanswered: z.number().int(),
  helpful: z.number().int(),
  useless: z.number().int(),
  transferred: z.boolean(),
  /** The thread's status now. */
  status: z.string(),
  /** An offline thread whose visitor left a message in its latest care cycle (as on `Thread`). */
  leftMessage: z.boolean(),
});
export type RobotHistoryRow = z.infer<typeof robotHistoryRowSchema>;

/* ---- training ---- */

/** GET /api/robot/training — open groups of similar missed or unhelpful questions, most asked first. */
export const robotTrainingQuerySchema = z.object({
  /** Days back (default 90). */
  days: z.coerce.number().int().min(1).max(365).default(90),
  wid: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});
export type RobotTrainingQuery = z.input<typeof robotTrainingQuerySchema>;

export const robotTrainingGroupSchema = z.object({
  /** The most asked phrasing of the group. */
  question: z.string(),
  /** Every distinct phrasing (as typed, most asked first, at most 20). */
  questions: z.array(z.string()),
  /** Their normalised keys: what resolving the group takes out of the queue. */
  keys: z.array(z.string()),
  /** How often these were asked: missed (no answer) and answered but marked unhelpful. */
  missed: z.number().int(),
  unhelpful: z.number().int(),
  lastAskedAt: z.number(),
  /** The FAQ the robot thinks is closest, to add these to as similar questions. */
  suggestion: z.object({ aid: z.string(), question: z.string(), score: z.number() }).nullable(),
});
export type RobotTrainingGroup = z.infer<typeof robotTrainingGroupSchema>;

/** POST /api/robot/training/resolve */
export const robotTrainingResolveBodySchema = z
  .object({
    keys: z.array(z.string().trim().min(1).max(500)).min(1).max(200),
    /** similar: add `questions` to FAQ `faqAid` as similar questions · faq: a FAQ was created for them · ignore. */
    action: z.enum(['similar', 'faq', 'ignore']),
    faqAid: z.string().trim().min(1).max(64).optional(),
    /** For `similar`: the phrasings to add (each at most 200 characters). */
    questions: z.array(z.string().trim().min(1).max(200)).max(50).default([]),
  })
  .refine((body) => body.action === 'ignore' || Boolean(body.faqAid), {
    message: 'name the FAQ',
    path: ['faqAid'],
  })
  .refine((body) => body.action !== 'similar' || body.questions.length > 0, {
    message: 'give the questions to add',
    path: ['questions'],
  });
export type RobotTrainingResolveBody = z.input<typeof robotTrainingResolveBodySchema>;

/* ---- statistics ---- */

/** GET /api/robot/statistic */
export const robotStatisticQuerySchema = z.object({ ...timeRange, client: z.string().max(32).optional() });
export type RobotStatisticQuery = z.input<typeof robotStatisticQuerySchema>;

const countsSchema = z.object({
  conversations: z.number().int(),
  questions: z.number().int(),
  answered: z.number().int(),
  handOvers: z.number().int(),
  helpful: z.number().int(),
  useless: z.number().int(),
});

export const robotStatisticSchema = z.object({
  totals: countsSchema.extend({
    /** answered / questions, 0–1; null without questions. */
    answeredRate: z.number().nullable(),
    /** handOvers / conversations. */
    handOverRate: z.number().nullable(),
    /** helpful / (helpful + useless). */
    helpfulRate: z.number().nullable(),
  }),
  /** UTC days (YYYY-MM-DD), oldest first, every day of the range. */
  byDay: z.array(countsSchema.extend({ day: z.string() })),
  byGroup: z.array(countsSchema.extend({ wid: z.string(), nickname: z.string() })),
  topQuestions: z.array(
    z.object({
      source: z.enum(['faq', 'article']),
      aid: z.string(),
      title: z.string(),
      count: z.number().int(),
    }),
  ),
  topMisses: z.array(z.object({ question: z.string(), count: z.number().int() })),
});
export type RobotStatistic = z.infer<typeof robotStatisticSchema>;
