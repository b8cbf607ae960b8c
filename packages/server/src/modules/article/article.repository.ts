import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { DialectName, Executor } from '../../db/database.js';
import { matchingArticleIds, type SearchArea } from '../search/article-search.js';

/*
 * Kysely queries of articles. Every read and write names the organisation the service took from
 * the signed-in user, so another tenant's aid matches nothing. "Live" (what the public sees) is
 * computed, never swept: published, or scheduled with publish_at reached.
 */

/** SQL: the article (alias `article`) is live at `now`. */
export const isLiveSql = (now: number): RawBuilder<SqlBool> =>
  sql<SqlBool>`(article.status = 'published' or (article.status = 'scheduled' and article.publish_at <= ${now}))`;

const selectArticles = (db: Executor) =>
  db
    .selectFrom('article')
    .leftJoin('user as author', 'author.id', 'article.author_id')
    .select([
      'article.id',
      'article.aid',
      'article.org_id',
      'article.type',
      'article.title',
      'article.summary',
      'article.keywords',
      'article.status',
      'article.publish_at',
      'article.published_at',
      'article.recommend',
      'article.top',
      'article.read_count',
      'article.rate_helpful',
      'article.rate_useless',
      'article.version',
      'article.extra',
      'article.deleted_at',
      'article.created_at',
      'article.updated_at',
      'author.uid as author_uid',
      'author.nickname as author_nickname',
    ]);

const selectFullArticles = (db: Executor) =>
  selectArticles(db).select(['article.content', 'article.markdown']);

export type ArticleRow = Awaited<ReturnType<ReturnType<typeof selectArticles>['executeTakeFirstOrThrow']>>;
export type FullArticleRow = Awaited<
  ReturnType<ReturnType<typeof selectFullArticles>['executeTakeFirstOrThrow']>
>;

export const findArticleByAid = (db: Executor, orgId: number, aid: string) =>
  selectFullArticles(db)
    .where('article.org_id', '=', orgId)
    .where('article.aid', '=', aid)
    .executeTakeFirst();

export const listArticlesByAids = (db: Executor, orgId: number, aids: string[]) =>
  selectFullArticles(db).where('article.org_id', '=', orgId).where('article.aid', 'in', aids).execute();

/** Rows by id, in the order of `ids` (search results come ranked). */
export const listArticlesByIds = async (
  db: Executor,
  orgId: number,
  ids: number[],
): Promise<FullArticleRow[]> => {
  if (ids.length === 0) return [];
  // By primary key alone (with org_id in the WHERE, SQLite may walk the organisation's list index
  // instead); the tenant is checked on the rows, so another organisation's id still yields nothing.
  const rows = await selectFullArticles(db).where('article.id', 'in', ids).execute();
  const byId = new Map(
    rows.filter((row) => Number(row.org_id) === orgId).map((row) => [Number(row.id), row]),
  );
  return ids.flatMap((id) => byId.get(id) ?? []);
};

export type ArticleListStatus = 'draft' | 'scheduled' | 'published' | 'deleted';

export type ArticleFilter = {
  orgId: number;
  type: string;
  status?: ArticleListStatus;
  /** Category ids (with their descendants already added): in any of them. */
  categoryIds?: number[];
  /** Search tokens: holds every one (the search index). */
  tokens?: string[];
  authorUid?: string;
  from?: number;
  to?: number;
  now: number;
};

const filtered = (db: Executor, dialect: DialectName, filter: ArticleFilter) => {
  let query = selectArticles(db)
    .where('article.org_id', '=', filter.orgId)
    .where('article.type', '=', filter.type);
  if (filter.status === 'deleted') query = query.where('article.deleted_at', 'is not', null);
  else {
    query = query.where('article.deleted_at', 'is', null);
    if (filter.status === 'published') query = query.where(isLiveSql(filter.now));
    else if (filter.status === 'scheduled')
      query = query.where('article.status', '=', 'scheduled').where('article.publish_at', '>', filter.now);
    else if (filter.status === 'draft') query = query.where('article.status', '=', 'draft');
  }
  const categoryIds = filter.categoryIds;
  if (categoryIds)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_category')
          .select('article_category.article_id')
          .whereRef('article_category.article_id', '=', 'article.id')
          .where('article_category.category_id', 'in', categoryIds.length > 0 ? categoryIds : [-1]),
      ),
    );
  if (filter.tokens && filter.tokens.length > 0) {
    const area: SearchArea = {
      orgId: filter.orgId,
      type: filter.type,
      states: filter.status === 'deleted' ? ['trash'] : ['draft', 'live', 'scheduled'],
    };
    query = query.where(
      'article.id',
      'in',
      matchingArticleIds(dialect, area, filter.tokens) as Expression<number>,
    );
  }
  if (filter.authorUid) query = query.where('author.uid', '=', filter.authorUid);
  if (filter.from !== undefined) query = query.where('article.updated_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('article.updated_at', '<=', filter.to);
  return query;
};

/** A page of the list: pinned first, then the latest change first. */
export const pageArticles = async (
  db: Executor,
  dialect: DialectName,
  filter: ArticleFilter,
  paging: { page: number; size: number },
): Promise<{ rows: ArticleRow[]; total: number }> => {
  const [rows, count] = await Promise.all([
    filtered(db, dialect, filter)
      .orderBy('article.top', 'desc')
      .orderBy('article.updated_at', 'desc')
      .orderBy('article.id', 'desc')
      .limit(paging.size)
      .offset(paging.page * paging.size)
      .execute(),
    filtered(db, dialect, filter)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
};

/** The categories of each article, by order then name. */
export const listCategoriesOfArticles = async (
  db: Executor,
  articleIds: number[],
): Promise<Map<number, { id: number; cid: string; name: string }[]>> => {
  const result = new Map<number, { id: number; cid: string; name: string }[]>();
  if (articleIds.length === 0) return result;
  const rows = await db
    .selectFrom('article_category')
    .innerJoin('category', 'category.id', 'article_category.category_id')
    .select(['article_category.article_id', 'category.id', 'category.cid', 'category.name'])
    .where('article_category.article_id', 'in', articleIds)
    .orderBy('category.sort')
    .orderBy('category.name')
    .execute();
  for (const row of rows) {
    const list = result.get(Number(row.article_id)) ?? [];
    list.push({ id: Number(row.id), cid: row.cid, name: row.name });
    result.set(Number(row.article_id), list);
  }
  return result;
};

export type ArticleValues = {
  title: string;
  summary: string;
  content: string;
  markdown: string;
  /** JSON array. */
  keywords: string;
  status: string;
  publishAt: number | null;
  publishedAt: number | null;
  recommend: boolean;
  top: boolean;
  /** JSON question or tender, else null. */
  extra: string | null;
};

export const insertArticle = async (
  db: Executor,
  values: ArticleValues & { aid: string; orgId: number; type: string; authorId: number; now: number },
): Promise<number> => {
  const row = await db
    .insertInto('article')
    .values({
      aid: values.aid,
      org_id: values.orgId,
      type: values.type,
      title: values.title,
      summary: values.summary,
      content: values.content,
      markdown: values.markdown,
      keywords: values.keywords,
      status: values.status,
      publish_at: values.publishAt,
      published_at: values.publishedAt,
      recommend: values.recommend ? 1 : 0,
      top: values.top ? 1 : 0,
      author_id: values.authorId,
      version: 1,
      extra: values.extra,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
};

/**
 * Saves a change if the stored version is still `expectedVersion`, bumping it; false when someone
 * else saved first (the caller answers 409). One conditional update, so two editors cannot both win.
 */
export const updateArticleIfVersion = async (
  db: Executor,
  orgId: number,
  id: number,
  expectedVersion: number,
  values: ArticleValues & { now: number },
): Promise<boolean> => {
  const result = await db
    .updateTable('article')
    .set((eb) => ({
      title: values.title,
      summary: values.summary,
      content: values.content,
      markdown: values.markdown,
      keywords: values.keywords,
      status: values.status,
      publish_at: values.publishAt,
      published_at: values.publishedAt,
      recommend: values.recommend ? 1 : 0,
      top: values.top ? 1 : 0,
      extra: values.extra,
      version: eb('version', '+', 1),
      updated_at: values.now,
    }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .where('version', '=', expectedVersion)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
};

/** Status changes of the batch actions (publish, unpublish), with the version bump every saved change gets. */
export const updateArticleStatus = async (
  db: Executor,
  orgId: number,
  id: number,
  values: { status: string; publishAt: number | null; publishedAt: number | null; now: number },
) => {
  await db
    .updateTable('article')
    .set((eb) => ({
      status: values.status,
      publish_at: values.publishAt,
      published_at: values.publishedAt,
      version: eb('version', '+', 1),
      updated_at: values.now,
    }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

export const touchArticleVersion = async (db: Executor, orgId: number, id: number, now: number) => {
  await db
    .updateTable('article')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: now }))
    .where('org_id', '=', orgId)
    .where('id', '=', id)
    .execute();
};

/** Moves articles to or from the trash; returns how many changed. */
export const setArticlesDeleted = async (
  db: Executor,
  orgId: number,
  ids: number[],
  deletedAt: number | null,
): Promise<number> => {
  if (ids.length === 0) return 0;
  const result = await db
    .updateTable('article')
    .set({ deleted_at: deletedAt })
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .where('deleted_at', deletedAt === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
};

/** Deletes trashed articles for good (versions, votes, categories, index rows go by cascade). */
export const purgeArticles = async (db: Executor, orgId: number, ids: number[]): Promise<number[]> => {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('article')
    .select('id')
    .where('org_id', '=', orgId)
    .where('id', 'in', ids)
    .where('deleted_at', 'is not', null)
    .execute();
  const purged = rows.map((row) => Number(row.id));
  if (purged.length > 0)
    await db.deleteFrom('article').where('org_id', '=', orgId).where('id', 'in', purged).execute();
  return purged;
};

export const replaceArticleCategories = async (db: Executor, articleId: number, categoryIds: number[]) => {
  await db.deleteFrom('article_category').where('article_id', '=', articleId).execute();
  if (categoryIds.length > 0)
    await db
      .insertInto('article_category')
      .values(categoryIds.map((categoryId) => ({ article_id: articleId, category_id: categoryId })))
      .execute();
};

export const replaceArticleAttachments = async (db: Executor, articleId: number, attachmentIds: number[]) => {
  await db.deleteFrom('article_attachment').where('article_id', '=', articleId).execute();
  if (attachmentIds.length > 0)
    await db
      .insertInto('article_attachment')
      .values(attachmentIds.map((attachmentId) => ({ article_id: articleId, attachment_id: attachmentId })))
      .execute();
};

/** The organisation's attachments stored (or thumbnailed) under these storage keys. */
export const findAttachmentIdsByKeys = async (
  db: Executor,
  orgId: number,
  keys: string[],
): Promise<number[]> => {
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom('attachment')
    .select('attachment.id')
    .where('attachment.org_id', '=', orgId)
    .where((eb) => eb.or([eb('attachment.storage_key', 'in', keys), eb('attachment.thumb_key', 'in', keys)]))
    .execute();
  return rows.map((row) => Number(row.id));
};

export type VersionValues = {
  articleId: number;
  version: number;
  title: string;
  summary: string;
  content: string;
  markdown: string;
  keywords: string;
  extra: string | null;
  authorId: number;
  now: number;
};

export const insertArticleVersion = async (db: Executor, values: VersionValues) => {
  await db
    .insertInto('article_version')
    .values({
      article_id: values.articleId,
      version: values.version,
      title: values.title,
      summary: values.summary,
      content: values.content,
      markdown: values.markdown,
      keywords: values.keywords,
      extra: values.extra,
      author_id: values.authorId,
      created_at: values.now,
    })
    .execute();
};

const selectVersions = (db: Executor, articleId: number) =>
  db
    .selectFrom('article_version')
    .leftJoin('user as author', 'author.id', 'article_version.author_id')
    .select([
      'article_version.version',
      'article_version.title',
      'article_version.created_at',
      'author.uid as author_uid',
      'author.nickname as author_nickname',
    ])
    .where('article_version.article_id', '=', articleId);

export const listArticleVersions = (db: Executor, articleId: number, limit = 500) =>
  selectVersions(db, articleId).orderBy('article_version.version', 'desc').limit(limit).execute();

export const findArticleVersion = (db: Executor, articleId: number, version: number) =>
  selectVersions(db, articleId)
    .select([
      'article_version.summary',
      'article_version.content',
      'article_version.markdown',
      'article_version.keywords',
      'article_version.extra',
    ])
    .where('article_version.version', '=', version)
    .executeTakeFirst();

/** Live articles of one type for practice (tiku), at random. */
export const listRandomLiveArticles = (
  db: Executor,
  filter: { orgId: number; type: string; categoryIds?: number[]; now: number; limit: number },
) => {
  let query = selectFullArticles(db)
    .where('article.org_id', '=', filter.orgId)
    .where('article.type', '=', filter.type)
    .where('article.deleted_at', 'is', null)
    .where(isLiveSql(filter.now));
  const categoryIds = filter.categoryIds;
  if (categoryIds)
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('article_category')
          .select('article_category.article_id')
          .whereRef('article_category.article_id', '=', 'article.id')
          .where('article_category.category_id', 'in', categoryIds.length > 0 ? categoryIds : [-1]),
      ),
    );
  return query
    .orderBy(sql`random()`)
    .limit(filter.limit)
    .execute();
};

/** Live tenders published within the period, with their categories (for the summary). */
export const listLiveTenders = (
  db: Executor,
  filter: { orgId: number; from?: number; to?: number; now: number },
) => {
  let query = db
    .selectFrom('article')
    .leftJoin('article_category', 'article_category.article_id', 'article.id')
    .leftJoin('category', 'category.id', 'article_category.category_id')
    .select(['article.id', 'article.published_at', 'article.extra', 'category.cid', 'category.name'])
    .where('article.org_id', '=', filter.orgId)
    .where('article.type', '=', 'zhaobiao')
    .where('article.deleted_at', 'is', null)
    .where(isLiveSql(filter.now));
  if (filter.from !== undefined) query = query.where('article.published_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('article.published_at', '<=', filter.to);
  return query.execute();
};

/** The type's article (not in the trash) with exactly this title: an import updates it rather than adding a twin. */
export const findArticleByTitle = (db: Executor, orgId: number, type: string, title: string) =>
  selectFullArticles(db)
    .where('article.org_id', '=', orgId)
    .where('article.type', '=', type)
    .where('article.title', '=', title)
    .where('article.deleted_at', 'is', null)
    .orderBy('article.id')
    .executeTakeFirst();
