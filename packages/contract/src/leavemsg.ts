import { z } from 'zod';
import { pageQuerySchema } from './envelope.js';
import { userBriefSchema, workgroupBriefSchema } from './user.js';
import { visitorBriefSchema, visitorTextSchema } from './visitor.js';

/* Leave messages (issue 4; kefu → leavemsg): what a visitor leaves when no one can answer. */

export const leaveMessageStatusSchema = z.enum(['unread', 'read', 'replied', 'closed']);
export type LeaveMessageStatus = z.infer<typeof leaveMessageStatusSchema>;

export const leaveMessageSchema = z.object({
  lid: z.string(),
  content: z.string(),
  mobile: z.string(),
  email: z.string(),
  status: leaveMessageStatusSchema,
  reply: z.string(),
  repliedAt: z.number().nullable(),
  /** The reply also went out by email. */
  emailed: z.boolean(),
  visitor: visitorBriefSchema,
  workgroup: workgroupBriefSchema.nullable(),
  agent: userBriefSchema.nullable(),
  createdAt: z.number(),
});
export type LeaveMessage = z.infer<typeof leaveMessageSchema>;

/** POST /visitor/api/leavemsg — `leaveMessageType` of the skill group decides which contact is required. */
export const leaveMessageCreateBodySchema = z.object({
  wid: z.string().trim().max(64).optional(),
  aid: z.string().trim().max(64).optional(),
  content: visitorTextSchema(2000, { multiLine: true }).min(1),
  mobile: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[0-9 -]{5,20}$/, 'must be a phone number'),
    ])
    .default(''),
  email: z.union([z.literal(''), z.string().trim().email().max(128)]).default(''),
});
export type LeaveMessageCreateBody = z.input<typeof leaveMessageCreateBodySchema>;

export const leaveMessageQuerySchema = pageQuerySchema.extend({
  status: leaveMessageStatusSchema.optional(),
  wid: z.string().trim().max(64).optional(),
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  client: z.string().max(32).optional(),
});
export type LeaveMessageQuery = z.infer<typeof leaveMessageQuerySchema>;

export const leaveMessageReplyBodySchema = z.object({
  lid: z.string().trim().min(1).max(64),
  reply: z.string().trim().min(1).max(2000),
});
export const lidBodySchema = z.object({ lid: z.string().trim().min(1).max(64) });
