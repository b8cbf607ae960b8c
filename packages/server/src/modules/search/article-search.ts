import { sql, type RawBuilder } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';
import { tsQueryOf } from './search.match.js';
import { toSearchTokens } from './search.tokens.js';

/*
 * The article search index of migration 0009: per article its title tokens and its body tokens
 * (summary, keywords and the plain text of the content; search.tokens.ts), so that ranking can
 * weigh the title over the body. SQLite: FTS5 table article_search(title, body), rowid =
 * article.id, ranked by bm25 with column weights. PostgreSQL: article_search.document =
 * setweight(title, 'A') || setweight(body, 'B') under a GIN index, ranked by ts_rank.
 * The table is dialect-specific, so these queries are raw SQL. The index holds trashed articles
 * too (the trash list searches them); purging an article removes its row (trigger / cascade).
 * On SQLite each token carries the article's organisation, type and state (see below).
 */

/** bm25 weights of the FTS5 columns (title, body): a title hit counts like this many body hits. */
const titleWeight = 10;
// CROSS JOIN fixes the order (SQLite keeps it): candidates first, then their article rows. Left to
// itself the planner may walk the organisation's articles by index and probe the candidates.
// Written into the SQL as literals: FTS5's bm25 with bound weights re-reads them per row, which
// made a ranked search about ten times slower in our measurements.

/**
 * ts_rank's weights for the PostgreSQL document's classes {D, C, B, A}: the title (A) counts ten
 * times the body (B), as titleWeight does on SQLite. Any number of body hits stays below one title
 * hit (ts_rank sums a term's hits with falling weights, converging well under 2 × 0.1).
 */
const postgresRankWeights = '{0.1, 0.1, 0.1, 1.0}';

/**
 * SQLite ranks in two tiers: articles holding every query token in the title come first, however
 * old, then the rest (body hits, or only part of the query in the title). bm25 costs time per
 * match (≈ 30 ms to rank every match of a common word among 100 k articles, bench/search), so
 * within each tier the newest this-many matches are ranked by bm25 (title over body): the index
 * yields them newest first without scoring, so a search costs about the same at 1 k or 100 k
 * articles. The count stays exact. PostgreSQL ranks the same two tiers (a title match is a match
 * of every token with weight A) the same way with ts_rank.
 */
export const rankedCandidateLimit = 200;

/** Where an article stands, as the index sees it. */
export type ArticleSearchState = 'draft' | 'live' | 'scheduled' | 'trash';

export type ArticleSearchScope = { orgId: number; type: string; state: ArticleSearchState };

export const articleSearchStateOf = (row: {
  status: string;
  deletedAt: number | null;
}): ArticleSearchState =>
  row.deletedAt !== null
    ? 'trash'
    : row.status === 'published'
      ? 'live'
      : row.status === 'scheduled'
        ? 'scheduled'
        : 'draft';

/*
 * SQLite: every indexed token carries its article's scope as a prefix — the organisation's id
 * (digits), then one letter for the type and one for the state ("12al退款"). The first letter ends
 * the digits, so the form is unambiguous; tokens are letters and digits, so FTS5 keeps it whole.
 * A search then reads only its organisation's own posting lists: no join, no filter pass, and
 * bm25's statistics are the organisation's own. A state change rewrites the row's prefixes.
 */
const typeLetters: Record<string, string> = {
  support: 'a',
  blog: 'b',
  knowledge: 'c',
  zhaobiao: 'd',
  jinrimeiyu: 'e',
  tiku: 'f',
  tikuqa: 'g',
};
const stateLetters: Record<ArticleSearchState, string> = {
  draft: 'd',
  live: 'l',
  scheduled: 's',
  trash: 't',
};
const prefixPattern = /^\d+[a-z][a-z]/;

const prefixOf = (scope: ArticleSearchScope) =>
  `${scope.orgId}${typeLetters[scope.type] ?? 'z'}${stateLetters[scope.state]}`;

const prefixed = (prefix: string, tokens: string) =>
  tokens === ''
    ? ''
    : tokens
        .split(' ')
        .map((token) => prefix + token)
        .join(' ');

export type ArticleDocument = {
  articleId: number;
  title: string;
  /** Summary, keywords and the content's plain text; the title stays out (it has its own column). */
  body: string;
  scope: ArticleSearchScope;
};

/** (Re)indexes one article; call it in the transaction that saves the article. */
export const indexArticle = async (
  db: Executor,
  dialect: DialectName,
  document: ArticleDocument,
): Promise<void> => {
  const title = toSearchTokens(document.title).join(' ');
  const body = toSearchTokens(document.body).join(' ');
  if (dialect === 'sqlite') {
    const prefix = prefixOf(document.scope);
    // FTS5 has no upsert on rowid.
    await sql`delete from article_search where rowid = ${document.articleId}`.execute(db);
    await sql`insert into article_search (rowid, title, body)
      values (${document.articleId}, ${prefixed(prefix, title)}, ${prefixed(prefix, body)})`.execute(db);
    return;
  }
  await sql`insert into article_search (article_id, title, body, document)
    values (${document.articleId}, ${title}, ${body},
      setweight(to_tsvector('simple', ${title}), 'A') || setweight(to_tsvector('simple', ${body}), 'B'))
    on conflict (article_id) do update set title = excluded.title, body = excluded.body, document = excluded.document`.execute(
    db,
  );
};

/**
 * A state change without a text change (publish, unpublish, trash, restore). SQLite rewrites the
 * row's prefixes; PostgreSQL filters states through the article row and has nothing to do.
 */
export const updateArticleSearchScope = async (
  db: Executor,
  dialect: DialectName,
  articleId: number,
  scope: ArticleSearchScope,
): Promise<void> => {
  if (dialect !== 'sqlite') return;
  const row = (
    await sql<{
      title: string;
      body: string;
    }>`select title, body from article_search where rowid = ${articleId}`.execute(db)
  ).rows[0];
  if (!row) return;
  const prefix = prefixOf(scope);
  const rewrite = (tokens: string) =>
    tokens === ''
      ? ''
      : tokens
          .split(' ')
          .map((token) => prefix + token.replace(prefixPattern, ''))
          .join(' ');
  await sql`update article_search set title = ${rewrite(row.title)}, body = ${rewrite(row.body)} where rowid = ${articleId}`.execute(
    db,
  );
};

/** Which articles a search covers: the organisation and type, in any of these states. */
export type SearchArea = { orgId: number; type: string; states: ArticleSearchState[] };

/** The FTS5 expression: every query token, under any of the area's prefixes. */
const scopedMatch = (area: SearchArea, tokens: string[]) => {
  const prefixes = area.states.map((state) => prefixOf({ orgId: area.orgId, type: area.type, state }));
  return tokens
    .map((token) => {
      const variants = prefixes.map((prefix) => `"${prefix}${token}"`);
      return variants.length === 1 ? variants[0] : `(${variants.join(' OR ')})`;
    })
    .join(' AND ');
};

/** A subquery of the ids of the area's articles holding every token, for `article.id in (…)` (unranked lists). */
export const matchingArticleIds = (
  dialect: DialectName,
  area: SearchArea,
  tokens: string[],
): RawBuilder<number> =>
  dialect === 'sqlite'
    ? sql<number>`(select rowid from article_search where article_search match ${scopedMatch(area, tokens)})`
    : sql<number>`(select article_id from article_search where document @@ ${tsQueryOf(tokens)})`;

export type RankedSearch = {
  tokens: string[];
  area: SearchArea;
  /** Conditions on the joined `article` row (alias `article`): re-checked on every returned hit. */
  where: RawBuilder<boolean>;
  /**
   * Among the area's scheduled matches, those `where` refuses (not yet due): subtracted from the
   * count. Scheduled articles are few, so this join stays small.
   */
  refused?: RawBuilder<boolean>;
  limit: number;
  offset: number;
};

/** FTS5: the area's matches, ranked by bm25 among the newest candidates, one page of them. */
const rankSqlitePage = async (
  db: Executor,
  search: RankedSearch,
  match: string,
  page: { limit: number; offset: number },
): Promise<number[]> => {
  const candidates = Math.max(rankedCandidateLimit, page.offset + page.limit);
  const rows = await sql<{ id: number }>`select candidate.id from (
      select rowid as id, bm25(article_search, ${sql.lit(titleWeight)}, 1.0) as score from article_search
      where article_search match ${match} order by rowid desc limit ${sql.lit(candidates)}
    ) as candidate
    cross join article on article.id = candidate.id
    where ${search.where}
    order by candidate.score, candidate.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.rows.map((row) => Number(row.id));
};

/** FTS5: how many of the area's articles `match` holds, from the index alone, less the refused. */
const countSqlite = async (
  db: Executor,
  search: RankedSearch,
  match: (area: SearchArea) => string,
): Promise<number> => {
  const count = await sql<{ count: number }>`select count(*) as count from article_search
    where article_search match ${match(search.area)}`.execute(db);
  let total = Number(count.rows[0]?.count ?? 0);
  if (total > 0 && search.refused && search.area.states.includes('scheduled')) {
    const refused = await sql<{ count: number }>`select count(*) as count from article_search
      cross join article on article.id = article_search.rowid
      where article_search match ${match({ ...search.area, states: ['scheduled'] })}
      and ${search.refused}`.execute(db);
    total -= Number(refused.rows[0]?.count ?? 0);
  }
  return total;
};

/**
 * tsquery text matching every token with weight A, i.e. in the title (the document is
 * setweight(title, 'A') || setweight(body, 'B')). Each token is quoted as a tsquery lexeme.
 */
const titleTsQueryText = (tokens: string[]): string =>
  tokens.map((token) => `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}':A`).join(' & ');

/**
 * PostgreSQL: one tier's matches, ranked by ts_rank (title over body) among its newest candidates.
 * Candidates by id only: reading every match's document (TOAST) to rank it is what costs.
 */
const rankPostgresPage = async (
  db: Executor,
  search: RankedSearch,
  query: RawBuilder<unknown>,
  match: RawBuilder<unknown>,
  page: { limit: number; offset: number },
): Promise<number[]> => {
  const candidates = Math.max(rankedCandidateLimit, page.offset + page.limit);
  const rows = await sql<{ id: number }>`select candidate.id from (
      select article.id from article_search
      join article on article.id = article_search.article_id
      where ${match} and ${search.where}
      order by article.id desc limit ${sql.lit(candidates)}
    ) as candidate
    join article_search on article_search.article_id = candidate.id
    order by ts_rank(${sql.lit(postgresRankWeights)}::float4[], article_search.document, ${query}) desc, candidate.id desc
    limit ${page.limit} offset ${page.offset}`.execute(db);
  return rows.rows.map((row) => Number(row.id));
};

/** Every token in the title column (FTS5 column filter). */
const inTitle = (expression: string) => `{title} : (${expression})`;

/**
 * The ids of the best matches, best first, and how many matched. SQLite: title matches (every
 * token in the title) first, then the rest, each tier ranked by bm25 among its newest
 * rankedCandidateLimit matches; counts read the index alone, and the tenant and state are checked
 * again on each hit. PostgreSQL: the GIN index finds the matches, joined to the article for
 * tenant and state, in the same two tiers, each ranked by ts_rank among its newest candidates.
 */
export const searchArticleIds = async (
  db: Executor,
  dialect: DialectName,
  search: RankedSearch,
): Promise<{ ids: number[]; total: number }> => {
  if (search.tokens.length === 0) return { ids: [], total: 0 };
  if (dialect === 'sqlite') {
    const all = scopedMatch(search.area, search.tokens);
    const total = await countSqlite(db, search, (area) => scopedMatch(area, search.tokens));
    if (total === 0) return { ids: [], total };
    const titled = await rankSqlitePage(db, search, inTitle(all), search);
    if (titled.length === search.limit) return { ids: titled, total };
    // The title tier ends on this page: the rest of it comes from the other tier.
    const titledTotal = await countSqlite(db, search, (area) => inTitle(scopedMatch(area, search.tokens)));
    const rest =
      titledTotal >= total
        ? []
        : await rankSqlitePage(db, search, titledTotal === 0 ? all : `(${all}) NOT ${inTitle(all)}`, {
            limit: search.limit - titled.length,
            offset: Math.max(0, search.offset - titledTotal),
          });
    return { ids: [...titled, ...rest], total };
  }
  const query = tsQueryOf(search.tokens);
  const titleQuery = sql`to_tsquery('simple', ${titleTsQueryText(search.tokens)})`;
  const count = async (match: RawBuilder<unknown>) =>
    Number(
      (
        await sql<{ count: number }>`select count(*) as count from article_search
          join article on article.id = article_search.article_id
          where ${match} and ${search.where}`.execute(db)
      ).rows[0]?.count ?? 0,
    );
  const total = await count(sql`article_search.document @@ ${query}`);
  if (total === 0) return { ids: [], total };
  const titleMatch = sql`article_search.document @@ ${titleQuery}`;
  const titled = await rankPostgresPage(db, search, query, titleMatch, search);
  if (titled.length === search.limit) return { ids: titled, total };
  const titledTotal = await count(titleMatch);
  const rest =
    titledTotal >= total
      ? []
      : await rankPostgresPage(
          db,
          search,
          query,
          sql`article_search.document @@ ${query} and not (${titleMatch})`,
          {
            limit: search.limit - titled.length,
            offset: Math.max(0, search.offset - titledTotal),
          },
        );
  return { ids: [...titled, ...rest], total };
};
