import type { Envelope, Notice, NoticeUnread, Page } from '@openkefu/contract';
import { http } from '../../shared/api/http';

/** The notification centre: the signed-in user's platform notices (`/api/notice/*`). */

export const NOTICE_UNREAD_KEY = ['notice', 'unread'] as const;
export const NOTICE_LIST_KEY = ['notice', 'list'] as const;

export const fetchNoticeUnread = async (): Promise<number> =>
  (await http.get<Envelope<NoticeUnread>>('/api/notice/unread')).data.count;

export const fetchNotices = async (size: number): Promise<Page<Notice>> =>
  (await http.get<Envelope<Page<Notice>>>('/api/notice/query', { params: { page: 0, size } })).data;

export const markNoticeRead = async (nid: string): Promise<number> =>
  (await http.post<Envelope<NoticeUnread>>('/api/notice/read', { nid })).data.count;

export const markAllNoticesRead = async (): Promise<number> =>
  (await http.post<Envelope<NoticeUnread>>('/api/notice/read/all')).data.count;
