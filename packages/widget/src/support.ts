import type { FeedbackCategory, VisitorFeedback, VisitorTicket } from '@openkefu/contract';
import type { WordKey } from './i18n.js';

/*
 * The widget's support views (issue 15): feedback, "Leave a ticket" and the visitor's lists. The
 * rules here are pure; the views and useSupport wire them to the API and the page.
 */

/** Keep in sync with feedbackCategorySchema (contract/src/feedback.ts). */
export const feedbackCategories: readonly FeedbackCategory[] = [
  'suggestion',
  'bug',
  'complaint',
  'praise',
  'other',
];

/** Keep in sync with the contract: feedback content 2000, ticket title 200 and description 5000. */
export const supportLimits = { feedback: 2000, title: 200, description: 5000, attachments: 4 } as const;

/** What the image picker accepts; the server checks the real type again. */
export const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const phonePattern = /^\+?[0-9 ()-]{5,20}$/;

export const isEmail = (value: string) => emailPattern.test(value.trim());
export const isPhone = (value: string) => phonePattern.test(value.trim());

export type FeedbackFields = { category: FeedbackCategory; content: string; contact: string };
export type FieldErrors<T> = Partial<Record<keyof T, WordKey>>;

export const validateFeedback = (fields: FeedbackFields): FieldErrors<FeedbackFields> => {
  const errors: FieldErrors<FeedbackFields> = {};
  const content = fields.content.trim();
  if (!content) errors.content = 'feedbackContentRequired';
  else if (content.length > supportLimits.feedback) errors.content = 'feedbackContentTooLong';
  const contact = fields.contact.trim();
  if (contact && !isEmail(contact) && !isPhone(contact)) errors.contact = 'feedbackContactInvalid';
  return errors;
};

export type TicketFields = { title: string; description: string; email: string; phone: string };

export const validateTicket = (fields: TicketFields): FieldErrors<TicketFields> => {
  const errors: FieldErrors<TicketFields> = {};
  const title = fields.title.trim();
  if (!title) errors.title = 'ticketTitleRequired';
  else if (title.length > supportLimits.title) errors.title = 'ticketTitleTooLong';
  const description = fields.description.trim();
  if (!description) errors.description = 'ticketDescriptionRequired';
  else if (description.length > supportLimits.description) errors.description = 'ticketDescriptionTooLong';
  if (!fields.email.trim()) errors.email = 'ticketEmailRequired';
  else if (!isEmail(fields.email)) errors.email = 'ticketEmailInvalid';
  if (fields.phone.trim() && !isPhone(fields.phone)) errors.phone = 'ticketPhoneInvalid';
  return errors;
};

/** When the visitor last looked at each list (ms); replies after it are new. */
export type SeenMarks = { feedback: number; tickets: number };

const seenKeyOf = (scope: string) => `openkefu:support-seen:${scope}`;

export const loadSeenMarks = (scope: string): SeenMarks => {
  try {
    const value = JSON.parse(localStorage.getItem(seenKeyOf(scope)) ?? 'null') as Partial<SeenMarks> | null;
    return { feedback: Number(value?.feedback) || 0, tickets: Number(value?.tickets) || 0 };
  } catch {
    return { feedback: 0, tickets: 0 };
  }
};

export const saveSeenMarks = (scope: string, marks: SeenMarks): void => {
  try {
    localStorage.setItem(seenKeyOf(scope), JSON.stringify(marks));
  } catch {
    // storage blocked: the badge shows again next time, nothing breaks
  }
};

/** The latest reply the visitor can see in each list (0 when none). */
export const latestFeedbackReply = (items: VisitorFeedback[]): number =>
  Math.max(0, ...items.map((item) => (item.reply ? (item.repliedAt ?? 0) : 0)));

export const latestTicketReply = (items: VisitorTicket[]): number =>
  Math.max(
    0,
    ...items.flatMap((item) =>
      item.replies.filter((reply) => reply.from === 'agent').map((reply) => reply.createdAt),
    ),
  );

export const unreadFeedbackOf = (items: VisitorFeedback[], seenAt: number): number =>
  items.filter((item) => item.reply && (item.repliedAt ?? 0) > seenAt).length;

export const unreadTicketsOf = (items: VisitorTicket[], seenAt: number): number =>
  items.filter((item) => item.replies.some((reply) => reply.from === 'agent' && reply.createdAt > seenAt))
    .length;
