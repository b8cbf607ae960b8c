import type { Envelope, Page, ThreadSummary } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 4 session summaries: GET /api/summary/query and /api/summary/categories. */

export type SummaryFilters = {
  category?: string;
  uid?: string;
  keyword?: string;
  from?: number;
  to?: number;
};

export const fetchSummaryPage = async ({
  page,
  size,
  category,
  uid,
  keyword,
  from,
  to,
}: PageQuery<SummaryFilters>): Promise<Page<ThreadSummary>> =>
  (
    await http.get<Envelope<Page<ThreadSummary>>>('/api/summary/query', {
      params: { page, size, category, uid, keyword, from, to },
    })
  ).data;

export const fetchSummaryCategories = async (): Promise<string[]> =>
  (await http.get<Envelope<string[]>>('/api/summary/categories')).data;
