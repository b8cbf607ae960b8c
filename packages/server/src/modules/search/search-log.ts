import type { Executor } from '../../db/database.js';

/*
 * What people search for and whether they found anything (table search_log): the knowledge-base
 * statistics list the top queries and those without results, i.e. what the help centre lacks.
 */

/** Where a search came from. Console searches by staff are not logged: they would drown the visitors'. */
export type SearchSource = 'help' | 'widget' | 'robot';

/** Queries are grouped in the statistics by this form: folded, trimmed, single-spaced, lower case. */
export const normalizeSearchQuery = (query: string): string =>
  query.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase().slice(0, 100);

export type SearchLogEntry = {
  orgId: number;
  /** An article type (support, …), 'message', later 'faq'. */
  scope: string;
  source: SearchSource;
  query: string;
  /** How many results the search found (0 = an empty search). */
  results: number;
  now: number;
};

/** Records one search; an empty query (nothing but spaces) is not worth a row. */
export const writeSearchLog = async (db: Executor, entry: SearchLogEntry): Promise<void> => {
  const query = normalizeSearchQuery(entry.query);
  if (query === '') return;
  await db
    .insertInto('search_log')
    .values({
      org_id: entry.orgId,
      scope: entry.scope,
      source: entry.source,
      query,
      results: entry.results,
      created_at: entry.now,
    })
    .execute();
};
