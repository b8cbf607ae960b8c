import type { TicketAction, TicketStatus } from '@openkefu/contract';

/*
 * The status actions the server's state machine allows (modules/ticket/ticket.machine.ts), so
 * the console offers only those. The server stays the judge: a race still answers 409.
 */
const allowedFrom: Record<TicketAction, readonly TicketStatus[]> = {
  assign: ['new', 'reopened', 'assigned'],
  start: ['assigned', 'reopened'],
  wait: ['processing'],
  resume: ['pending'],
  resolve: ['assigned', 'processing', 'pending', 'reopened'],
  close: ['new', 'assigned', 'processing', 'pending', 'resolved', 'reopened'],
  reopen: ['resolved', 'closed'],
};

const needsAssignee: ReadonlySet<TicketAction> = new Set(['assign', 'start', 'wait', 'resume', 'resolve']);

/** Status actions offered as buttons (assigning has its own control). */
export const STATUS_ACTIONS: readonly TicketAction[] = [
  'start',
  'wait',
  'resume',
  'resolve',
  'close',
  'reopen',
];

export const isActionAllowed = (status: TicketStatus, action: TicketAction, hasAssignee: boolean): boolean =>
  allowedFrom[action].includes(status) && (hasAssignee || !needsAssignee.has(action));

export const allowedActions = (status: TicketStatus, hasAssignee: boolean): TicketAction[] =>
  STATUS_ACTIONS.filter((action) => isActionAllowed(status, action, hasAssignee));
