import type { Envelope, OnlineAgent, OnlineSummary, OnlineVisitor, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → online users (platform staff only). */

export const fetchOnlineSummary = async (query: PageQuery<{ keyword?: string }>): Promise<OnlineSummary> =>
  (await http.get<Envelope<OnlineSummary>>('/api/platform/online/summary', { params: query })).data;

export const fetchOnlineAgents = async (
  query: PageQuery<{ subDomain: string }>,
): Promise<Page<OnlineAgent>> =>
  (await http.get<Envelope<Page<OnlineAgent>>>('/api/platform/online/agents', { params: query })).data;

export const fetchOnlineVisitors = async (
  query: PageQuery<{ subDomain: string }>,
): Promise<Page<OnlineVisitor>> =>
  (await http.get<Envelope<Page<OnlineVisitor>>>('/api/platform/online/visitors', { params: query })).data;

export const signOutUser = async (uid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/platform/online/signout', { uid });
};
