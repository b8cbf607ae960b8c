import { z } from 'zod';
import { faqBriefSchema, quickButtonSchema, robotMatchHitSchema } from './robot.js';
import { visitorTextSchema } from './visitor.js';

/*
 * The robot in live chat (issue 14). What the robot says is a message of type `robot` whose
 * `content` is the JSON of `robotReplySchema` (sent by the server, never by clients), so history,
 * resync and the agent's view of the conversation carry it like any other message.
 */

const candidateSchema = robotMatchHitSchema.pick({ source: true, aid: true, question: true });

export const robotRatingSchema = z.enum(['helpful', 'useless']);
export type RobotRating = z.infer<typeof robotRatingSchema>;

export const robotReplySchema = z.discriminatedUnion('kind', [
  /** The first words of a robot conversation: its welcome, the welcome FAQs and the group's quick buttons. */
  z.object({
    kind: z.literal('welcome'),
    text: z.string(),
    faqs: z.array(faqBriefSchema),
    quickButtons: z.array(quickButtonSchema.pick({ qbid: true, label: true, action: true, content: true })),
  }),
  /** A confident answer from a FAQ or a help-centre article. */
  z.object({
    kind: z.literal('answer'),
    /** The visitor's text it answers. */
    question: z.string(),
    source: z.enum(['faq', 'article']),
    /** The FAQ's or the article's aid. */
    aid: z.string(),
    /** The FAQ's question or the article's title. */
    title: z.string(),
    /** Sanitised HTML. */
    answer: z.string(),
    /** The article's public page; '' for a FAQ. */
    url: z.string(),
    related: z.array(faqBriefSchema),
    /** The visitor's "did this help?", null until answered. */
    rating: robotRatingSchema.nullable(),
  }),
  /** A large-model robot's answer from the passages it was given, with the sources it used. */
  z.object({
    kind: z.literal('generated'),
    question: z.string(),
    /** Sanitised HTML (the model's Markdown rendered). */
    answer: z.string(),
    /** The `robot:stream` whose text this is (the widget replaces the streamed bubble). */
    streamId: z.string(),
    sources: z.array(
      z.object({ source: z.enum(['faq', 'article']), aid: z.string(), title: z.string(), url: z.string() }),
    ),
    rating: robotRatingSchema.nullable(),
  }),
  /**
   * Lead capture (the group's robotCollectMobile): the robot asks for a name and mobile number.
   * `text` '' means the widget's own words; once answered `done` is true and `mobile` is masked.
   */
  z.object({
    kind: z.literal('lead'),
    text: z.string(),
    done: z.boolean(),
    name: z.string(),
    mobile: z.string(),
  }),
  /** Not sure: "did you mean" with up to three candidates. */
  z.object({
    kind: z.literal('suggest'),
    question: z.string(),
    text: z.string(),
    candidates: z.array(candidateSchema).max(3),
  }),
  /** Nothing close: the not-found tip and, when the group shows them, FAQs to try. */
  z.object({
    kind: z.literal('none'),
    question: z.string(),
    text: z.string(),
    faqs: z.array(faqBriefSchema),
  }),
]);
export type RobotReply = z.infer<typeof robotReplySchema>;

/** The reply of a `robot` message, or null when its content is not one (never thrown at a renderer). */
export const parseRobotReply = (content: string): RobotReply | null => {
  try {
    const parsed = robotReplySchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** POST /visitor/api/robot/rate — "did this help?" on an answer, once per answer. */
export const robotRateBodySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  mid: z.string().trim().min(1).max(64),
  helpful: z.boolean(),
});
export type RobotRateBody = z.infer<typeof robotRateBodySchema>;

/** POST /visitor/api/robot/transfer — the visitor asks for a person (button or quick button). */
export const robotTransferBodySchema = z.object({ tid: z.string().trim().min(1).max(64) });
export type RobotTransferBody = z.infer<typeof robotTransferBodySchema>;

/** POST /visitor/api/robot/lead — the visitor's answer to the robot's lead-capture question. */
export const robotLeadBodySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  mid: z.string().trim().min(1).max(64),
  name: visitorTextSchema(50).min(1, 'is required'),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,19}$/, 'must be a phone number'),
});
export type RobotLeadBody = z.input<typeof robotLeadBodySchema>;
