import {
  ticketActionValues,
  ticketStatusValues,
  type TicketAction,
  type TicketStatus,
} from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import {
  isTicketActionAllowed,
  isTicketOpen,
  nextTicketStatus,
  statusAfterAssignment,
  statusAfterContactReply,
} from './ticket.machine.js';

describe('ticket state machine', () => {
  it('walks the whole lifecycle', () => {
    const path: [TicketAction, TicketStatus][] = [
      ['assign', 'assigned'],
      ['start', 'processing'],
      ['wait', 'pending'],
      ['resume', 'processing'],
      ['resolve', 'resolved'],
      ['reopen', 'reopened'],
      ['resolve', 'resolved'],
      ['close', 'closed'],
      ['reopen', 'reopened'],
      ['start', 'processing'],
    ];
    let status: TicketStatus = 'new';
    for (const [action, expected] of path) {
      const next = nextTicketStatus(status, action);
      expect(next, `${status} --${action}-->`).toBe(expected);
      status = next as TicketStatus;
    }
  });

  it('refuses every transition not in the table', () => {
    const allowed = new Set([
      'new:assign',
      'reopened:assign',
      'assigned:assign',
      'assigned:start',
      'reopened:start',
      'processing:wait',
      'pending:resume',
      'assigned:resolve',
      'processing:resolve',
      'pending:resolve',
      'reopened:resolve',
      'new:close',
      'assigned:close',
      'processing:close',
      'pending:close',
      'resolved:close',
      'reopened:close',
      'resolved:reopen',
      'closed:reopen',
    ]);
    for (const status of ticketStatusValues)
      for (const action of ticketActionValues)
        expect(nextTicketStatus(status, action) !== null, `${status}:${action}`).toBe(
          allowed.has(`${status}:${action}`),
        );
  });

  it('needs an assignee to work on a ticket but not to close or reopen it', () => {
    expect(isTicketActionAllowed('assigned', 'start', false)).toBe(false);
    expect(isTicketActionAllowed('assigned', 'start', true)).toBe(true);
    expect(isTicketActionAllowed('new', 'close', false)).toBe(true);
    expect(isTicketActionAllowed('closed', 'reopen', false)).toBe(true);
    expect(isTicketActionAllowed('closed', 'close', true)).toBe(false);
    expect(isTicketActionAllowed('new', 'resolve', true)).toBe(false);
  });

  it('says which tickets are open and what replies and assignments do', () => {
    expect(ticketStatusValues.filter(isTicketOpen)).toEqual([
      'new',
      'assigned',
      'processing',
      'pending',
      'reopened',
    ]);
    expect(statusAfterContactReply('pending')).toBe('processing');
    expect(statusAfterContactReply('resolved')).toBe('reopened');
    expect(statusAfterContactReply('closed')).toBe('reopened');
    expect(statusAfterContactReply('assigned')).toBe('assigned');
    expect(statusAfterAssignment('new', true)).toBe('assigned');
    expect(statusAfterAssignment('reopened', true)).toBe('assigned');
    expect(statusAfterAssignment('processing', true)).toBe('processing');
    expect(statusAfterAssignment('new', false)).toBe('new');
  });
});
