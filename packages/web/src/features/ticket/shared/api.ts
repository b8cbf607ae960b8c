import type {
  CategoryTreeNode,
  Customer,
  Envelope,
  Page,
  Ticket,
  TicketAction,
  TicketBulkBody,
  TicketBulkResult,
  TicketCommentBody,
  TicketCreateBody,
  TicketDetail,
  TicketInboundInfo,
  TicketNotice,
  TicketQuery,
  TicketSlaPolicy,
  TicketSource,
  TicketStatistic,
  TicketTemplate,
  TicketTemplateBody,
  TicketUpdateBody,
  User,
  Workgroup,
} from '@openkefu/contract';
import { downloadFile, type Download } from '../../../shared/api/download';
import { http } from '../../../shared/api/http';

/* The ticket section's calls (issue 15, `/api/ticket/*`). */

/** `GET /api/ticket/query`'s parameters (contract `ticketQuerySchema`). */
export type TicketFilters = Partial<Omit<TicketQuery, 'page' | 'size'>>;

export const fetchTicketPage = async (
  query: { page: number; size: number } & TicketFilters,
): Promise<Page<Ticket>> =>
  (await http.get<Envelope<Page<Ticket>>>('/api/ticket/query', { params: { ...query } })).data;

export const fetchTicket = async (tkid: string): Promise<TicketDetail> =>
  (await http.get<Envelope<TicketDetail>>('/api/ticket/get', { params: { tkid } })).data;

export const createTicket = async (body: Partial<TicketCreateBody> & { title: string }): Promise<Ticket> =>
  (await http.post<Envelope<Ticket>>('/api/ticket/create', body)).data;

export const updateTicket = async (body: Partial<TicketUpdateBody> & { tkid: string }): Promise<Ticket> =>
  (await http.post<Envelope<Ticket>>('/api/ticket/update', body)).data;

/** 409 when the state machine does not allow `action` from the ticket's current status. */
export const transitionTicket = async (tkid: string, action: TicketAction): Promise<Ticket> =>
  (await http.post<Envelope<Ticket>>('/api/ticket/transition', { tkid, action })).data;

export const assignTicket = async (tkid: string, assignee: string | null): Promise<Ticket> =>
  (await http.post<Envelope<Ticket>>('/api/ticket/assign', { tkid, assignee })).data;

export const bulkTickets = async (body: TicketBulkBody): Promise<TicketBulkResult> =>
  (await http.post<Envelope<TicketBulkResult>>('/api/ticket/bulk', body)).data;

export const watchTicket = async (tkid: string, watching: boolean): Promise<Ticket> =>
  (await http.post<Envelope<Ticket>>('/api/ticket/watch', { tkid, watching })).data;

export const commentTicket = async (
  body: Pick<TicketCommentBody, 'tkid' | 'kind' | 'content' | 'mentions'>,
): Promise<TicketDetail> => (await http.post<Envelope<TicketDetail>>('/api/ticket/comment', body)).data;

export const fetchTicketStatistic = async (
  from: number,
  to: number,
  source?: TicketSource,
): Promise<TicketStatistic> =>
  (await http.get<Envelope<TicketStatistic>>('/api/ticket/statistic', { params: { from, to, source } })).data;

/** The statistics as .xlsx (`ticket.statistic` export), same range and source as the page. */
export const exportTicketStatistic = (from: number, to: number, source?: TicketSource): Promise<Download> =>
  downloadFile('/api/ticket/statistic/export', { from, to, source }, 'ticket-statistics.xlsx');

/** CRM customers whose name, email, mobile or company contains `keyword` (the customer picker); silent. */
export const searchCustomers = async (keyword: string): Promise<Customer[]> =>
  (
    await http.get<Envelope<Page<Customer>>>('/api/customer/query', {
      params: { page: 0, size: 20, ...(keyword ? { keyword } : {}) },
      silent: true,
    })
  ).data.content;

export const fetchTemplates = async (): Promise<TicketTemplate[]> =>
  (await http.get<Envelope<TicketTemplate[]>>('/api/ticket/template/query')).data;

/** For the create form's template choice; silent (a role without template access gets none). */
export const fetchTemplatesSilently = async (): Promise<TicketTemplate[]> =>
  (await http.get<Envelope<TicketTemplate[]>>('/api/ticket/template/query', { silent: true })).data;

export const saveTemplate = async (body: TicketTemplateBody): Promise<TicketTemplate> =>
  (await http.post<Envelope<TicketTemplate>>('/api/ticket/template/save', body)).data;

export const deleteTemplate = async (ttid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/ticket/template/delete', { ttid });
};

/** Colleagues to assign and mention; silent (a role without agent access gets none). */
export const fetchColleagues = async (): Promise<User[]> =>
  (await http.get<Envelope<Page<User>>>('/api/user/all', { params: { page: 0, size: 100 }, silent: true }))
    .data.content;

export const fetchGroups = async (): Promise<Workgroup[]> =>
  (await http.get<Envelope<Workgroup[]>>('/api/workgroup/all', { silent: true })).data;

/** The ticket category tree; silent (pickers and filters do without it when it cannot load). */
export const fetchTicketCategoryTree = async (): Promise<CategoryTreeNode[]> =>
  (
    await http.get<Envelope<CategoryTreeNode[]>>('/api/category/tree', {
      params: { type: 'ticket' },
      silent: true,
    })
  ).data;

/* Settings (administrators): SLA policies, inbound mail. */

export type SlaPolicyInput = Pick<
  TicketSlaPolicy,
  'priority' | 'firstResponseMinutes' | 'resolutionMinutes' | 'warnMinutes'
>;

export const fetchSlaPolicies = async (): Promise<TicketSlaPolicy[]> =>
  (await http.get<Envelope<TicketSlaPolicy[]>>('/api/ticket/sla')).data;

export const saveSlaPolicies = async (policies: SlaPolicyInput[]): Promise<TicketSlaPolicy[]> =>
  (await http.post<Envelope<TicketSlaPolicy[]>>('/api/ticket/sla', { policies })).data;

export const fetchInboundInfo = async (): Promise<TicketInboundInfo> =>
  (await http.get<Envelope<TicketInboundInfo>>('/api/ticket/inbound/secret')).data;

/** Makes a new secret; the previous one stops working at once. */
export const rotateInboundSecret = async (): Promise<{ secret: string; url: string }> =>
  (await http.post<Envelope<{ secret: string; url: string }>>('/api/ticket/inbound/secret', {})).data;

/* Notices (the header bell). */

export const fetchNotices = async (size: number): Promise<Page<TicketNotice>> =>
  (
    await http.get<Envelope<Page<TicketNotice>>>('/api/ticket/notice/query', {
      params: { page: 0, size },
      silent: true,
    })
  ).data;

/** An empty list marks every notice read. */
export const readNotices = async (nids: string[]): Promise<void> => {
  await http.post<Envelope<null>>('/api/ticket/notice/read', { nids });
};
