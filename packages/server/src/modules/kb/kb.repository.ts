import { sql, type RawBuilder } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';
import { isLiveSql } from '../article/article.repository.js';

/*
 * Kysely queries of the help centre (settings, views, votes) and the knowledge-base statistics.
 * Every query names the organisation; public callers resolve it from the help centre's slug.
 */

export const findHelpCenter = (db: Executor, orgId: number) =>
  db
    .selectFrom('help_center')
    .select(['settings', 'updated_at'])
    .where('org_id', '=', orgId)
    .executeTakeFirst();

export const saveHelpCenter = async (db: Executor, orgId: number, settings: string, now: number) => {
  await db
    .insertInto('help_center')
    .values({ org_id: orgId, settings, updated_at: now })
    .onConflict((conflict) => conflict.column('org_id').doUpdateSet({ settings, updated_at: now }))
    .execute();
};

/** The organisation, and its owner's last sign-in language (the help centre's default language). */
export const findOrganizationProfile = (db: Executor, orgId: number) =>
  db
    .selectFrom('organization')
    .leftJoin('user as owner', 'owner.id', 'organization.owner_user_id')
    .select(['organization.id', 'organization.name', 'organization.sub_domain', 'owner.language'])
    .where('organization.id', '=', orgId)
    .executeTakeFirst();

export const findOrganizationIdBySlug = async (db: Executor, slug: string): Promise<number | undefined> => {
  const row = await db
    .selectFrom('organization')
    .select('id')
    .where('sub_domain', '=', slug)
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
};

/** A live, not deleted article of the organisation by aid (what the public may see). */
export const findLiveArticle = (db: Executor, orgId: number, aid: string, now: number) =>
  db
    .selectFrom('article')
    .select(['article.id', 'article.type', 'article.rate_helpful', 'article.rate_useless'])
    .where('article.org_id', '=', orgId)
    .where('article.aid', '=', aid)
    .where('article.deleted_at', 'is', null)
    .where(isLiveSql(now))
    .executeTakeFirst();

type DailyColumn = 'views' | 'helpful' | 'useless';

/** Adds `delta` to one counter of the article's day row (created at 0 first). */
export const addToDaily = async (
  db: Executor,
  row: { articleId: number; orgId: number; day: string },
  column: DailyColumn,
  delta: number,
) => {
  await db
    .insertInto('article_daily')
    .values({ article_id: row.articleId, org_id: row.orgId, day: row.day, [column]: Math.max(delta, 0) })
    .onConflict((conflict) =>
      conflict
        .columns(['article_id', 'day'])
        .doUpdateSet((eb) => ({ [column]: eb(`article_daily.${column}`, '+', delta) })),
    )
    .execute();
};

export const addToArticleCounters = async (
  db: Executor,
  articleId: number,
  deltas: { read?: number; helpful?: number; useless?: number },
) => {
  await db
    .updateTable('article')
    .set((eb) => ({
      read_count: eb('read_count', '+', deltas.read ?? 0),
      rate_helpful: eb('rate_helpful', '+', deltas.helpful ?? 0),
      rate_useless: eb('rate_useless', '+', deltas.useless ?? 0),
    }))
    .where('id', '=', articleId)
    .execute();
};

export const findVote = (db: Executor, articleId: number, voter: string) =>
  db
    .selectFrom('article_vote')
    .select(['helpful', 'created_at'])
    .where('article_id', '=', articleId)
    .where('voter', '=', voter)
    .executeTakeFirst();

export const insertVote = async (
  db: Executor,
  articleId: number,
  voter: string,
  helpful: boolean,
  now: number,
) => {
  await db
    .insertInto('article_vote')
    .values({ article_id: articleId, voter, helpful: helpful ? 1 : 0, created_at: now })
    .execute();
};

export const updateVote = async (
  db: Executor,
  articleId: number,
  voter: string,
  helpful: boolean,
  now: number,
) => {
  await db
    .updateTable('article_vote')
    .set({ helpful: helpful ? 1 : 0, created_at: now })
    .where('article_id', '=', articleId)
    .where('voter', '=', voter)
    .execute();
};

export const findArticleCounters = (db: Executor, articleId: number) =>
  db
    .selectFrom('article')
    .select(['rate_helpful', 'rate_useless'])
    .where('id', '=', articleId)
    .executeTakeFirstOrThrow();

/** SQL: the UTC day (YYYY-MM-DD) of an epoch-milliseconds column. */
const dayOf = (dialect: DialectName, column: string): RawBuilder<string> =>
  dialect === 'sqlite'
    ? sql<string>`strftime('%Y-%m-%d', ${sql.ref(column)} / 1000, 'unixepoch')`
    : sql<string>`to_char(to_timestamp(${sql.ref(column)} / 1000.0) at time zone 'UTC', 'YYYY-MM-DD')`;

export type StatisticRange = {
  orgId: number;
  type: string;
  fromDay: string;
  toDay: string;
  from: number;
  to: number;
};

const dailyOfType = (db: Executor, range: StatisticRange) =>
  db
    .selectFrom('article_daily')
    .innerJoin('article', 'article.id', 'article_daily.article_id')
    .where('article_daily.org_id', '=', range.orgId)
    .where('article.type', '=', range.type)
    .where('article_daily.day', '>=', range.fromDay)
    .where('article_daily.day', '<=', range.toDay);

export const sumDailyByDay = (db: Executor, range: StatisticRange) =>
  dailyOfType(db, range)
    .select((eb) => [
      'article_daily.day',
      eb.fn.sum<number>('article_daily.views').as('views'),
      eb.fn.sum<number>('article_daily.helpful').as('helpful'),
      eb.fn.sum<number>('article_daily.useless').as('useless'),
    ])
    .groupBy('article_daily.day')
    .execute();

export const topArticlesByViews = (db: Executor, range: StatisticRange, limit: number) =>
  dailyOfType(db, range)
    .select((eb) => [
      'article.aid',
      'article.title',
      eb.fn.sum<number>('article_daily.views').as('views'),
      eb.fn.sum<number>('article_daily.helpful').as('helpful'),
      eb.fn.sum<number>('article_daily.useless').as('useless'),
    ])
    .groupBy(['article.id', 'article.aid', 'article.title'])
    .orderBy('views', 'desc')
    .orderBy('article.id')
    .limit(limit)
    .execute();

const searchesOf = (db: Executor, range: StatisticRange) =>
  db
    .selectFrom('search_log')
    .where('search_log.org_id', '=', range.orgId)
    .where('search_log.scope', '=', range.type)
    .where('search_log.created_at', '>=', range.from)
    .where('search_log.created_at', '<=', range.to);

export const countSearchesByDay = (db: Executor, dialect: DialectName, range: StatisticRange) =>
  searchesOf(db, range)
    .select((eb) => [
      dayOf(dialect, 'search_log.created_at').as('day'),
      eb.fn.countAll<number>().as('searches'),
      eb.fn.sum<number>(sql`case when search_log.results = 0 then 1 else 0 end`).as('empty'),
    ])
    .groupBy(dayOf(dialect, 'search_log.created_at'))
    .execute();

export const topSearchQueries = (db: Executor, range: StatisticRange, limit: number, isEmptyOnly: boolean) =>
  searchesOf(db, range)
    .$if(isEmptyOnly, (query) => query.where('search_log.results', '=', 0))
    .select((eb) => [
      'search_log.query',
      eb.fn.countAll<number>().as('count'),
      eb.fn.max<number>('search_log.results').as('results'),
    ])
    .groupBy('search_log.query')
    .orderBy('count', 'desc')
    .orderBy('search_log.query')
    .limit(limit)
    .execute();

export const countLiveArticles = async (db: Executor, orgId: number, type: string, now: number) =>
  Number(
    (
      await db
        .selectFrom('article')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('article.org_id', '=', orgId)
        .where('article.type', '=', type)
        .where('article.deleted_at', 'is', null)
        .where(isLiveSql(now))
        .executeTakeFirstOrThrow()
    ).count,
  );
