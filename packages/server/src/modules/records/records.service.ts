import {
  threadExportRowLimit,
  toPage,
  type Language,
  type Message,
  type MessageQuery,
  type Page,
  type Rate,
  type RateQuery,
  type RateSummary,
  type RateSummaryQuery,
  type SummaryQuery,
  type Thread,
  type ThreadExportQuery,
  type ThreadMonitorQuery,
  type ThreadQuery,
  type ThreadRecord,
  type ThreadSummary,
  type ThreadTranscript,
} from '@openkefu/contract';
import type { DialectName, Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../auth/auth.service.js';
import { toMessage } from '../message/message.mapper.js';
import { listThreadMessages } from '../message/message.repository.js';
import { toThread } from '../thread/thread.mapper.js';
import { findThreadByTid, queuePositionOf } from '../thread/thread.repository.js';
import { listThreadTags, listVisitorTags } from '../tag/tag.repository.js';
import { toQueryTokens } from '../search/search.tokens.js';
import { buildThreadWorkbook, exportFileName } from './records.export.js';
import { toRate, toThreadSummary } from './records.mapper.js';
import {
  countRatesByScore,
  listSummaryCategories,
  listThreadsForExport,
  pageMessages,
  pageOngoingThreads,
  pageRates,
  pageSummaries,
  pageThreads,
  type MessageFilter,
  type ThreadFilter,
} from './records.repository.js';

export type RecordsService = ReturnType<typeof createRecordsService>;

/** A transcript stops here; no real conversation comes near it, a runaway one must not exhaust memory. */
export const transcriptMessageLimit = 20_000;
const transcriptChunk = 500;

const threadFilterOf = (query: Omit<ThreadQuery, 'page' | 'size'>): ThreadFilter => ({
  from: query.from,
  to: query.to,
  status: query.status,
  wid: query.wid,
  uid: query.uid,
  visitor: query.visitor,
  threadClient: query.threadClient,
  tag: query.tag,
});

/** Everything the console's records pages read (issue 4): threads, messages, ratings, summaries, the monitor. */
export const createRecordsService = (deps: { db: Executor; dialect: DialectName; now?: () => number }) => {
  const { db, dialect } = deps;
  const now = deps.now ?? Date.now;

  const threadPage = async (principal: Principal, query: ThreadQuery): Promise<Page<ThreadRecord>> => {
    const { rows, total, isTotalCapped } = await pageThreads(
      db,
      principal.orgId,
      threadFilterOf(query),
      query,
    );
    const threadTags = await listThreadTags(
      db,
      principal.orgId,
      rows.map((row) => Number(row.id)),
    );
    const visitorTags = await listVisitorTags(db, principal.orgId, [
      ...new Set(rows.map((row) => Number(row.visitor_id))),
    ]);
    return toPage(
      rows.map((row) => ({
        ...toThread(row, 'agent'),
        tags: [...(threadTags.get(Number(row.id)) ?? []), ...(visitorTags.get(Number(row.visitor_id)) ?? [])],
      })),
      total,
      query,
      { isTotalCapped },
    );
  };

  const transcript = async (principal: Principal, tid: string): Promise<ThreadTranscript> => {
    const row = await findThreadByTid(db, principal.orgId, tid);
    if (!row) throw AppError.notFound('thread.notFound', { tid });
    const messages: Message[] = [];
    let afterSeq = 0;
    while (messages.length < transcriptMessageLimit) {
      const { rows, hasMore } = await listThreadMessages(db, row.id, { afterSeq, size: transcriptChunk });
      messages.push(...rows.map(toMessage));
      if (!hasMore || rows.length === 0) break;
      afterSeq = Number(rows[rows.length - 1]?.seq);
    }
    const queuePosition = row.status === 'queuing' ? await queuePositionOf(db, row) : null;
    return {
      thread: toThread(row, 'agent', queuePosition),
      messages: messages.slice(0, transcriptMessageLimit),
    };
  };

  /** The workbook of the filtered threads (newest first, at most threadExportRowLimit of them). */
  const exportThreads = async (principal: Principal, query: ThreadExportQuery, language: Language) => {
    const timeZone = query.timezone ?? 'UTC';
    const { rows, total } = await listThreadsForExport(
      db,
      principal.orgId,
      threadFilterOf(query),
      threadExportRowLimit,
    );
    const at = now();
    return {
      content: await buildThreadWorkbook(rows, { language, timeZone, total }),
      fileName: exportFileName(language, at, timeZone),
      asciiFileName: exportFileName('en-US', at, timeZone),
      rows: rows.length,
      total,
    };
  };

  const monitor = async (principal: Principal, query: ThreadMonitorQuery): Promise<Page<Thread>> => {
    const { rows, total } = await pageOngoingThreads(
      db,
      principal.orgId,
      { status: query.status, wid: query.wid },
      query,
    );
    const threads: Thread[] = [];
    for (const row of rows)
      threads.push(toThread(row, 'agent', row.status === 'queuing' ? await queuePositionOf(db, row) : null));
    return toPage(threads, total, query);
  };

  const messagePage = async (principal: Principal, query: MessageQuery): Promise<Page<Message>> => {
    const filter: MessageFilter = { type: query.type, from: query.from, to: query.to, tid: query.tid };
    const keyword = query.keyword?.trim() ?? '';
    if (keyword) {
      const tokens = toQueryTokens(keyword);
      // Punctuation only ("?", "…"): nothing for the index to hold, so look for the text itself.
      if (tokens.length > 0) filter.tokens = tokens;
      else filter.literal = keyword;
    }
    const { rows, total, isTotalCapped } = await pageMessages(db, dialect, principal.orgId, filter, query);
    return toPage(rows.map(toMessage), total, query, { isTotalCapped });
  };

  const ratePage = async (principal: Principal, query: RateQuery): Promise<Page<Rate>> => {
    const { rows, total } = await pageRates(db, principal.orgId, query, query);
    return toPage(rows.map(toRate), total, query);
  };

  const rateSummary = async (principal: Principal, query: RateSummaryQuery): Promise<RateSummary> => {
    const counts = await countRatesByScore(db, principal.orgId, query);
    const distribution = [1, 2, 3, 4, 5].map((score) => ({
      score,
      count: counts.find((entry) => entry.score === score)?.count ?? 0,
    }));
    const count = distribution.reduce((sum, entry) => sum + entry.count, 0);
    const sum = distribution.reduce((total, entry) => total + entry.score * entry.count, 0);
    return { average: count === 0 ? null : Math.round((sum / count) * 100) / 100, count, distribution };
  };

  const summaryPage = async (principal: Principal, query: SummaryQuery): Promise<Page<ThreadSummary>> => {
    const { rows, total } = await pageSummaries(db, principal.orgId, query, query);
    return toPage(rows.map(toThreadSummary), total, query);
  };

  const summaryCategories = (principal: Principal): Promise<string[]> =>
    listSummaryCategories(db, principal.orgId);

  return {
    threadPage,
    transcript,
    exportThreads,
    monitor,
    messagePage,
    ratePage,
    rateSummary,
    summaryPage,
    summaryCategories,
  };
};
