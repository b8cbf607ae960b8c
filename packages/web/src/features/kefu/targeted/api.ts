import type { Envelope, Page, Targeted, TargetedCreateBody } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 5 proactive invitations, console side: GET /api/targeted/query, POST create / update / delete. */

export type TargetedFilters = { name?: string; enabled?: boolean };
export type RuleValues = TargetedCreateBody;

export const fetchTargetedPage = async ({
  page,
  size,
  name,
  enabled,
}: PageQuery<TargetedFilters>): Promise<Page<Targeted>> =>
  (await http.get<Envelope<Page<Targeted>>>('/api/targeted/query', { params: { page, size, name, enabled } }))
    .data;

export const createRule = async (values: RuleValues): Promise<Targeted> =>
  (await http.post<Envelope<Targeted>>('/api/targeted/create', values)).data;

export const updateRule = async (tgid: string, values: RuleValues): Promise<Targeted> =>
  (await http.post<Envelope<Targeted>>('/api/targeted/update', { tgid, ...values })).data;

export const deleteRule = async (tgid: string): Promise<void> => {
  await http.post<Envelope<null>>('/api/targeted/delete', { tgid });
};
