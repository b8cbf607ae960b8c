import { z } from 'zod';
import { ticketStatusSchema } from './ticket.js';
import { visitorTextSchema } from './visitor.js';

/*
 * Issue 15, the widget's support views: "Leave a ticket" and "My tickets" (the widget's feedback
 * uses feedback.ts). The visitor sees its own tickets and the agents' public replies, never notes.
 */

/** How many uploads a ticket or feedback from the widget may carry. */
export const visitorAttachmentLimit = 4;

/** POST /visitor/api/ticket/create — an external ticket with the visitor as contact. */
export const visitorTicketCreateBodySchema = z.object({
  /** The skill group the widget shows; it must offer tickets (`widgetTicket`), else 403. */
  wid: z.string().trim().min(1, 'is required').max(64),
  title: visitorTextSchema(200).min(1, 'is required'),
  description: visitorTextSchema(5000, { multiLine: true }).min(1, 'is required'),
  contactName: visitorTextSchema(100).default(''),
  /** Required: replies to the ticket are mailed to it. */
  email: z.string().trim().toLowerCase().email('must be an email address').max(254),
  phone: visitorTextSchema(32).default(''),
  /** aids of the visitor's uploads (`POST /visitor/api/upload`). */
  attachments: z.array(z.string().trim().min(1).max(64)).max(visitorAttachmentLimit).default([]),
  /** The page it was sent from, shown to agents in the description. */
  url: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .max(2000)
        .regex(/^https?:\/\//i, 'must start with http:// or https://'),
    ])
    .default(''),
});
export type VisitorTicketCreateBody = z.input<typeof visitorTicketCreateBodySchema>;

export const visitorTicketReplySchema = z.object({
  cmid: z.string(),
  /** Plain text of the public reply. */
  content: z.string(),
  /** agent: a colleague's reply; contact: the visitor's own reply by mail. */
  from: z.enum(['agent', 'contact']),
  nickname: z.string(),
  createdAt: z.number(),
});
export type VisitorTicketReply = z.infer<typeof visitorTicketReplySchema>;

/** What the visitor sees of a ticket it left. */
export const visitorTicketSchema = z.object({
  tkid: z.string(),
  ticketNumber: z.string(),
  title: z.string(),
  /** Plain text. */
  description: z.string(),
  email: z.string(),
  status: ticketStatusSchema,
  attachments: z.array(z.object({ path: z.string(), fileName: z.string(), mediaType: z.string() })),
  replies: z.array(visitorTicketReplySchema),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type VisitorTicket = z.infer<typeof visitorTicketSchema>;
