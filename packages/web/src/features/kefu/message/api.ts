import type { Envelope, Message, MessageType, Page } from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';

/* Issue 4 message records: GET /api/message/query (indexed full-text search). */

export type MessageFilters = { keyword?: string; type?: MessageType; from?: number; to?: number };

export const fetchMessagePage = async ({
  page,
  size,
  keyword,
  type,
  from,
  to,
}: PageQuery<MessageFilters>): Promise<Page<Message>> =>
  (
    await http.get<Envelope<Page<Message>>>('/api/message/query', {
      params: { page, size, keyword, type, from, to },
    })
  ).data;
