import type { Envelope, LeaveMessage, LeaveMessageStatus, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 4 leave messages, console side: GET /api/leavemsg/query, POST read / reply / close. */

export type LeaveMessageFilters = { status?: LeaveMessageStatus; wid?: string; from?: number; to?: number };

export const fetchLeaveMessagePage = async ({
  page,
  size,
  status,
  wid,
  from,
  to,
}: PageQuery<LeaveMessageFilters>): Promise<Page<LeaveMessage>> =>
  (
    await http.get<Envelope<Page<LeaveMessage>>>('/api/leavemsg/query', {
      params: { page, size, status, wid, from, to },
    })
  ).data;

export const markLeaveMessageRead = async (lid: string): Promise<LeaveMessage> =>
  (await http.post<Envelope<LeaveMessage>>('/api/leavemsg/read', { lid })).data;

export const replyToLeaveMessage = async (lid: string, reply: string): Promise<LeaveMessage> =>
  (await http.post<Envelope<LeaveMessage>>('/api/leavemsg/reply', { lid, reply })).data;

export const closeLeaveMessage = async (lid: string): Promise<LeaveMessage> =>
  (await http.post<Envelope<LeaveMessage>>('/api/leavemsg/close', { lid })).data;
