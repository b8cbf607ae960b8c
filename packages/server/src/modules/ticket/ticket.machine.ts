import type { TicketAction, TicketStatus } from '@openkefu/contract';

/*
 * The ticket lifecycle, in one place: new → assigned → processing ⇄ pending → resolved → closed,
 * and resolved/closed → reopened → (assigned | processing | resolved | closed). Every status the
 * repository writes comes from here; the update is conditional on the status it was read in, so
 * two agents acting at once apply one transition and the other gets 409.
 */

const transitions: Record<TicketAction, Partial<Record<TicketStatus, TicketStatus>>> = {
  assign: { new: 'assigned', reopened: 'assigned', assigned: 'assigned' },
  start: { assigned: 'processing', reopened: 'processing' },
  wait: { processing: 'pending' },
  resume: { pending: 'processing' },
  resolve: { assigned: 'resolved', processing: 'resolved', pending: 'resolved', reopened: 'resolved' },
  close: {
    new: 'closed',
    assigned: 'closed',
    processing: 'closed',
    pending: 'closed',
    resolved: 'closed',
    reopened: 'closed',
  },
  reopen: { resolved: 'reopened', closed: 'reopened' },
};

/** Actions that need someone to work on the ticket. */
const needsAssignee: ReadonlySet<TicketAction> = new Set(['assign', 'start', 'wait', 'resume', 'resolve']);

/** The status after `action`, or null when the action is not allowed from `from`. */
export const nextTicketStatus = (from: TicketStatus, action: TicketAction): TicketStatus | null =>
  transitions[action][from] ?? null;

export const isTicketActionAllowed = (
  from: TicketStatus,
  action: TicketAction,
  hasAssignee: boolean,
): boolean => nextTicketStatus(from, action) !== null && (hasAssignee || !needsAssignee.has(action));

/** Resolved and closed tickets are done: no SLA clock runs and they leave the open views. */
export const isTicketOpen = (status: TicketStatus): boolean => status !== 'resolved' && status !== 'closed';

export const openTicketStatuses: TicketStatus[] = ['new', 'assigned', 'processing', 'pending', 'reopened'];

/** What a reply of the contact (by email) does to the status: wakes a waiting or finished ticket. */
export const statusAfterContactReply = (from: TicketStatus): TicketStatus =>
  from === 'pending' ? 'processing' : from === 'resolved' || from === 'closed' ? 'reopened' : from;

/** Assigning someone to a ticket nobody had yet moves it to assigned; otherwise it keeps its status. */
export const statusAfterAssignment = (from: TicketStatus, hasAssignee: boolean): TicketStatus =>
  hasAssignee && (from === 'new' || from === 'reopened') ? 'assigned' : from;
