import type { Envelope, Page, Rate, RateSummary } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 4 satisfaction: GET /api/rate/query (the page) and /api/rate/summary (average, count, distribution). */

export type RateFilters = { score?: number; uid?: string; from?: number; to?: number };

export const fetchRatePage = async ({
  page,
  size,
  score,
  uid,
  from,
  to,
}: PageQuery<RateFilters>): Promise<Page<Rate>> =>
  (await http.get<Envelope<Page<Rate>>>('/api/rate/query', { params: { page, size, score, uid, from, to } }))
    .data;

export const fetchRateSummary = async ({ score, uid, from, to }: RateFilters): Promise<RateSummary> =>
  (await http.get<Envelope<RateSummary>>('/api/rate/summary', { params: { score, uid, from, to } })).data;
