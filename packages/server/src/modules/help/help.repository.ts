import type { Executor } from '../../db/database.js';
import { isLiveSql } from '../article/article.repository.js';

/*
 * Read queries of the public help centre. Every one names the organisation resolved from the
 * slug and reads only what the public may see: support articles that are live (published, or
 * scheduled with publish_at reached) and not deleted, and the organisation's support categories.
 */

/** The owner key of an organisation's article categories (article.service articleCategoryOwnerKey). */
const ownerKeyOf = (orgId: number) => `org:${orgId}`;

export type HelpCategoryRow = {
  id: number;
  cid: string;
  name: string;
  parentId: number | null;
  sort: number;
};

export type HelpArticleBrief = { id: number; aid: string; title: string; summary: string; updatedAt: number };

const publicArticles = (db: Executor, orgId: number, now: number) =>
  db
    .selectFrom('article')
    .where('article.org_id', '=', orgId)
    .where('article.type', '=', 'support')
    .where('article.deleted_at', 'is', null)
    .where(isLiveSql(now));

const toBrief = (row: {
  id: number;
  aid: string;
  title: string;
  summary: string;
  updated_at: number;
}): HelpArticleBrief => ({
  id: Number(row.id),
  aid: row.aid,
  title: row.title,
  summary: row.summary,
  updatedAt: Number(row.updated_at),
});

const briefColumns = [
  'article.id',
  'article.aid',
  'article.title',
  'article.summary',
  'article.updated_at',
] as const;

/** Every help-centre (support) category of the organisation, by position then name. */
export const listHelpCategories = async (db: Executor, orgId: number): Promise<HelpCategoryRow[]> =>
  (
    await db
      .selectFrom('category')
      .select(['id', 'cid', 'name', 'parent_id', 'sort'])
      .where('type', '=', 'support')
      .where('owner_key', '=', ownerKeyOf(orgId))
      .orderBy('sort')
      .orderBy('name')
      .orderBy('id')
      .limit(2000)
      .execute()
  ).map((row) => ({
    id: Number(row.id),
    cid: row.cid,
    name: row.name,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    sort: Number(row.sort),
  }));

/** How many public articles each category holds directly. */
export const countPublicArticlesPerCategory = async (
  db: Executor,
  orgId: number,
  now: number,
): Promise<Map<number, number>> => {
  const rows = await publicArticles(db, orgId, now)
    .innerJoin('article_category', 'article_category.article_id', 'article.id')
    .select((eb) => ['article_category.category_id', eb.fn.countAll<number>().as('count')])
    .groupBy('article_category.category_id')
    .execute();
  return new Map(rows.map((row) => [Number(row.category_id), Number(row.count)]));
};

const inCategories =
  (categoryIds: number[]) =>
  // Kysely's expression builder: an EXISTS keeps one row per article when it sits in several.
  <Q extends ReturnType<typeof publicArticles>>(query: Q): Q =>
    query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_category')
          .select('article_category.article_id')
          .whereRef('article_category.article_id', '=', 'article.id')
          .where('article_category.category_id', 'in', categoryIds.length > 0 ? categoryIds : [-1]),
      ),
    ) as Q;

/** One page of the public articles directly in a category: pinned first, then the latest change. */
export const pagePublicArticlesInCategory = async (
  db: Executor,
  input: { orgId: number; categoryId: number; now: number; page: number; size: number },
): Promise<{ rows: HelpArticleBrief[]; total: number }> => {
  const base = inCategories([input.categoryId])(publicArticles(db, input.orgId, input.now));
  const [rows, count] = await Promise.all([
    base
      .select([...briefColumns])
      .orderBy('article.top', 'desc')
      .orderBy('article.updated_at', 'desc')
      .orderBy('article.id', 'desc')
      .limit(input.size)
      .offset(input.page * input.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toBrief), total: Number(count.count) };
};

/** Whether the aid is a public article of the organisation (no content read). */
export const isPublicArticle = async (
  db: Executor,
  orgId: number,
  aid: string,
  now: number,
): Promise<boolean> =>
  (await publicArticles(db, orgId, now)
    .select('article.id')
    .where('article.aid', '=', aid)
    .executeTakeFirst()) !== undefined;

/** A public article in full, or undefined (draft, future, deleted, other type or organisation). */
export const findPublicArticle = async (db: Executor, orgId: number, aid: string, now: number) => {
  const row = await publicArticles(db, orgId, now)
    .select([
      ...briefColumns,
      'article.content',
      'article.keywords',
      'article.published_at',
      'article.created_at',
      'article.rate_helpful',
      'article.rate_useless',
    ])
    .where('article.aid', '=', aid)
    .executeTakeFirst();
  if (!row) return undefined;
  let keywords: string[] = [];
  try {
    const parsed: unknown = JSON.parse(row.keywords);
    if (Array.isArray(parsed))
      keywords = parsed.filter((value): value is string => typeof value === 'string');
  } catch {
    keywords = [];
  }
  return {
    ...toBrief(row),
    content: row.content,
    keywords,
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    createdAt: Number(row.created_at),
    rateHelpful: Number(row.rate_helpful),
    rateUseless: Number(row.rate_useless),
  };
};
export type HelpArticle = NonNullable<Awaited<ReturnType<typeof findPublicArticle>>>;

/** The categories an article is in. */
export const listCategoryIdsOfArticle = async (db: Executor, articleId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('article_category')
      .select('category_id')
      .where('article_id', '=', articleId)
      .execute()
  ).map((row) => Number(row.category_id));

/** Recommended and pinned articles for the home page: pinned first, then the latest change. */
export const listRecommendedArticles = async (db: Executor, orgId: number, now: number, limit: number) =>
  (
    await publicArticles(db, orgId, now)
      .select([...briefColumns])
      .where((eb) => eb.or([eb('article.recommend', '=', 1), eb('article.top', '=', 1)]))
      .orderBy('article.top', 'desc')
      .orderBy('article.updated_at', 'desc')
      .orderBy('article.id', 'desc')
      .limit(limit)
      .execute()
  ).map(toBrief);

/** The most read public articles. */
export const listPopularArticles = async (db: Executor, orgId: number, now: number, limit: number) =>
  (
    await publicArticles(db, orgId, now)
      .select([...briefColumns])
      .orderBy('article.read_count', 'desc')
      .orderBy('article.updated_at', 'desc')
      .orderBy('article.id', 'desc')
      .limit(limit)
      .execute()
  ).map(toBrief);

/** Public articles sharing a category with the given one (itself excluded), most read first. */
export const listArticlesSharingCategories = async (
  db: Executor,
  input: { orgId: number; categoryIds: number[]; exceptId: number; now: number; limit: number },
) => {
  if (input.categoryIds.length === 0) return [];
  return (
    await inCategories(input.categoryIds)(publicArticles(db, input.orgId, input.now))
      .select([...briefColumns])
      .where('article.id', '!=', input.exceptId)
      .orderBy('article.top', 'desc')
      .orderBy('article.read_count', 'desc')
      .orderBy('article.id', 'desc')
      .limit(input.limit)
      .execute()
  ).map(toBrief);
};

/** Briefs of public articles by id, in the order given (search results come ranked). */
export const listPublicArticlesByIds = async (db: Executor, orgId: number, ids: number[], now: number) => {
  if (ids.length === 0) return [];
  const rows = await publicArticles(db, orgId, now)
    .select([...briefColumns])
    .where('article.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [Number(row.id), toBrief(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** Every public article with its last change, for sitemap.xml (the protocol's limit: 50 000 URLs). */
export const listPublicArticlesForSitemap = async (db: Executor, orgId: number, now: number, limit: number) =>
  (
    await publicArticles(db, orgId, now)
      .select(['article.aid', 'article.updated_at'])
      .orderBy('article.id')
      .limit(limit)
      .execute()
  ).map((row) => ({ aid: row.aid, updatedAt: Number(row.updated_at) }));

/** The organisation's first live skill group: where "chat with us" sends the visitor. */
export const findFirstWorkgroupWid = async (db: Executor, orgId: number): Promise<string | undefined> =>
  (
    await db
      .selectFrom('workgroup')
      .select('wid')
      .where('org_id', '=', orgId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .executeTakeFirst()
  )?.wid;

/** A live skill group of the organisation and whether it offers the help-centre search. */
export const findWorkgroupHelpSearch = async (db: Executor, orgId: number, wid: string) => {
  const row = await db
    .selectFrom('workgroup')
    .select('help_center_search')
    .where('org_id', '=', orgId)
    .where('wid', '=', wid)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { isEnabled: Number(row.help_center_search) === 1 } : undefined;
};
