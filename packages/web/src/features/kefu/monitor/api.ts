import type { Envelope, Page, Thread } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 4 live monitor: GET /api/thread/monitor (the watch drawer reads /api/thread/transcript). */

export type MonitorFilters = { status?: 'robot' | 'queuing' | 'chatting'; wid?: string };

export const fetchOngoingThreads = async ({
  page,
  size,
  status,
  wid,
}: PageQuery<MonitorFilters>): Promise<Page<Thread>> =>
  (await http.get<Envelope<Page<Thread>>>('/api/thread/monitor', { params: { page, size, status, wid } }))
    .data;
