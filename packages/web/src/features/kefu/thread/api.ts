import type {
  Client,
  Envelope,
  Page,
  ThreadRecord,
  ThreadStatus,
  ThreadTranscript,
  UserBrief,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';
import type { PageQuery } from '../../../shared/table/usePageRequest';
import { downloadFile, type Download } from './download';

/* Issue 4 conversation records: GET /api/thread/query, /transcript, /export. */

/** The search form of the records list (ProTable field names; `from`/`to` come from the time range). */
export type ThreadFilters = {
  from?: number;
  to?: number;
  visitor?: string;
  wid?: string;
  uid?: string;
  threadClient?: Client;
  status?: ThreadStatus;
  /** A tag's tgid: on the conversation or on its visitor. */
  tag?: string;
};

export const fetchThreadPage = async ({
  page,
  size,
  from,
  to,
  visitor,
  wid,
  uid,
  threadClient,
  status,
  tag,
}: PageQuery<ThreadFilters>): Promise<Page<ThreadRecord>> =>
  (
    await http.get<Envelope<Page<ThreadRecord>>>('/api/thread/query', {
      params: { page, size, from, to, visitor, wid, uid, threadClient, status, tag },
    })
  ).data;

export const fetchTranscript = async (tid: string): Promise<ThreadTranscript> =>
  (await http.get<Envelope<ThreadTranscript>>('/api/thread/transcript', { params: { tid } })).data;

/** The browser's time zone, so that the file shows the times the console shows. */
const browserTimeZone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
};

/** Downloads the filtered conversations as .xlsx (the server caps the rows, see X-Export-Rows). */
export const exportThreads = async (filters: ThreadFilters): Promise<Download> =>
  downloadFile('/api/thread/export', { ...filters, timezone: browserTimeZone() }, 'conversations.xlsx');

/** The organisation's agents, for the agent filters. */
export const fetchAgentOptions = async (): Promise<UserBrief[]> =>
  (await http.get<Envelope<UserBrief[]>>('/api/user/get/all')).data;

/** Adds the closed conversation to quality inspection's scoring queue (issue 16). */
export const addToQuality = async (tid: string): Promise<void> => {
  await http.post<Envelope<unknown>>('/api/quality/add', { tid });
};
