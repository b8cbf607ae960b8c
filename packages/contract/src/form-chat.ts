import { z } from 'zod';
import { formItemSchema, formValuesSchema } from './form-rules.js';

/*
 * Forms inside a conversation (issue 16). An agent sends a published form as a `questionnaire`
 * message whose content is JSON naming the form (never the form itself: the widget fetches the
 * published version). When the visitor answers, the server writes a second `questionnaire`
 * message (sender `system`) carrying the answer's `rid`, so both sides see it in the history.
 */

export const questionnaireContentSchema = z.object({
  fid: z.string().min(1).max(64),
  version: z.number().int().min(1),
  title: z.string().max(100),
  /** Set on the server's notice that the visitor answered: the answer's id. */
  rid: z.string().max(64).optional(),
  /** On that notice: the mid of the card that was answered, when known. */
  replyTo: z.string().max(64).optional(),
  /** `afterchat`: sent by the server when the conversation closed (the skill group's after-chat survey). */
  purpose: z.literal('afterchat').optional(),
});
export type QuestionnaireContent = z.infer<typeof questionnaireContentSchema>;

/** The content of a `questionnaire` message, or null when it is not one we can read. */
export const readQuestionnaireContent = (content: string): QuestionnaireContent | null => {
  try {
    const parsed = questionnaireContentSchema.safeParse(JSON.parse(content));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** POST /api/form/survey/send — an agent sends a published form into their conversation. */
export const surveySendBodySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  fid: z.string().trim().min(1).max(64),
  /** The agent's own id for the message: a resend is not stored twice. */
  localId: z.string().trim().min(1).max(64),
});
export type SurveySendBody = z.infer<typeof surveySendBodySchema>;

/** GET /visitor/api/form/:fid — the live version of a published form, for the widget. */
export const visitorSurveyQuerySchema = z.object({
  /** The visitor's conversation: with it, `answered` says whether it was answered there. */
  tid: z.string().trim().max(64).optional(),
  /** The card being opened: only answers given after it count. */
  mid: z.string().trim().max(64).optional(),
  client: z.string().max(32).optional(),
});

export const visitorSurveySchema = z.object({
  fid: z.string(),
  version: z.number().int(),
  title: z.string(),
  description: z.string(),
  items: z.array(formItemSchema),
  /** Whether the visitor already answered this form in the conversation (since the card). */
  answered: z.boolean(),
});
export type VisitorSurvey = z.infer<typeof visitorSurveySchema>;

/** GET /api/form/survey/chat-answer — one answer given in a conversation the agent may read. */
export const chatSurveyAnswerQuerySchema = z.object({
  tid: z.string().trim().min(1).max(64),
  rid: z.string().trim().min(1).max(64),
  client: z.string().max(32).optional(),
});

export const chatSurveyAnswerSchema = z.object({
  rid: z.string(),
  fid: z.string(),
  version: z.number().int(),
  title: z.string(),
  items: z.array(formItemSchema),
  answers: formValuesSchema,
  createdAt: z.number(),
});
export type ChatSurveyAnswer = z.infer<typeof chatSurveyAnswerSchema>;

/** GET /api/form/survey/published — the forms an agent may send (each one's live version). */
export const publishedSurveySchema = z.object({
  fid: z.string(),
  version: z.number().int(),
  title: z.string(),
});
export type PublishedSurvey = z.infer<typeof publishedSurveySchema>;
export const publishedSurveyLimit = 200;
