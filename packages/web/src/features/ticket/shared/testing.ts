import type { Ticket, TicketDetail, TicketStatistic, TicketTemplate } from '@openkefu/contract';

/* Test data for the ticket pages (imported by tests only). */

export const T0 = Date.UTC(2026, 10, 20, 8, 0);

export const alice = { uid: 'u-alice', nickname: 'Alice', avatar: '' };

export const makeTicket = (overrides: Partial<Ticket> = {}): Ticket => ({
  tkid: 'tk-1',
  ticketNumber: 'T-000001',
  title: 'Printer on fire',
  description: '<p>It smokes.</p>',
  contactName: 'Carol',
  email: 'carol@example.com',
  phone: '',
  status: 'assigned',
  priority: 'high',
  type: 'external',
  source: 'console',
  category: null,
  workgroup: { wid: 'g-1', nickname: 'Support' },
  assignee: alice,
  reporter: { uid: 'u-admin', nickname: 'Boss', avatar: '' },
  customerId: null,
  customer: null,
  threadUid: null,
  feedbackId: null,
  attachments: [],
  watchers: [],
  template: null,
  customFields: {},
  dueAt: null,
  sla: {
    firstResponseDueAt: null,
    resolutionDueAt: null,
    firstRespondedAt: null,
    firstResponseBreached: false,
    resolutionBreached: false,
    warnMinutes: 60,
    dueSoon: false,
  },
  resolvedTime: null,
  closedTime: null,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const makeDetail = (overrides: Partial<TicketDetail> = {}): TicketDetail => ({
  ...makeTicket(),
  comments: [],
  activities: [],
  ...overrides,
});

export const makeTemplate = (overrides: Partial<TicketTemplate> = {}): TicketTemplate => ({
  ttid: 'tt-1',
  name: 'Refund request',
  preset: {
    title: 'Refund',
    description: '',
    priority: 'high',
    type: 'external',
    category: null,
    wid: null,
  },
  fields: [{ key: 'order', label: 'Order number', type: 'text', required: true, options: [] }],
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const sampleStatistic = (): TicketStatistic => ({
  byDay: [
    { date: '2026-11-20', created: 4, resolved: 1, backlog: 3 },
    { date: '2026-11-21', created: 2, resolved: 3, backlog: 2 },
  ],
  byStatus: [
    { key: 'new', label: 'new', count: 2 },
    { key: 'resolved', label: 'resolved', count: 4 },
  ],
  byPriority: [{ key: 'high', label: 'high', count: 6 }],
  byAssignee: [{ key: 'u-alice', label: 'Alice', count: 6 }],
  byGroup: [{ key: 'g-1', label: 'Support', count: 6 }],
  medianFirstResponseMs: 30 * 60_000,
  medianResolutionMs: 5.5 * 3_600_000,
  slaBreachRate: 0.125,
  total: 6,
});

export const colleagues = () => [
  { uid: 'u-alice', username: 'alice', nickname: 'Alice' },
  { uid: 'u-bob', username: 'bob', nickname: 'Bob' },
];

export const ALL_TICKET_ACTIONS = ['query', 'get', 'add', 'edit', 'delete'] as const;
