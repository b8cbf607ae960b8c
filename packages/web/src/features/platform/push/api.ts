import type { Envelope, Page, PlatformNotice, PlatformNoticeCreateBody } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/** Platform → push: notices to organisations (platform staff only). */

export type NoticeFilters = { keyword?: string; state?: 'active' | 'withdrawn' };

export const fetchPlatformNotices = async (query: PageQuery<NoticeFilters>): Promise<Page<PlatformNotice>> =>
  (await http.get<Envelope<Page<PlatformNotice>>>('/api/platform/notice/query', { params: query })).data;

export const sendPlatformNotice = async (body: PlatformNoticeCreateBody): Promise<PlatformNotice> =>
  (await http.post<Envelope<PlatformNotice>>('/api/platform/notice/create', body)).data;

export const withdrawPlatformNotice = async (nid: string): Promise<PlatformNotice> =>
  (await http.post<Envelope<PlatformNotice>>('/api/platform/notice/withdraw', { nid })).data;
