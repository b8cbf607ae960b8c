import {
  articleCreateBodySchema,
  articleQuerySchema,
  articleUpdateBodySchema,
  toPage,
  type Article,
  type ArticleBatchBody,
  type ArticleCreateBody,
  type ArticleSearchHit,
  type ArticleSummary,
  type ArticleType,
  type ArticleUpdateBody,
  type ArticleVersion,
  type ArticleVersionDetail,
  type Page,
  type Tender,
  type TenderSummaryRow,
  type TikuAttemptBody,
  type TikuAttemptResult,
  type TikuPracticeQuestion,
  type TikuQuestion,
} from '@openkefu/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DialectName, Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { createPublicId } from '../../lib/ids.js';
import { renderMarkdown } from '../../lib/richtext/markdown.js';
import { sanitizeRichText } from '../../lib/richtext/sanitize.js';
import { htmlToPlainText } from '../../lib/richtext/text.js';
import type { Principal } from '../auth/auth.service.js';
import {
  findCategoryByCid,
  findCategoryIdsByCids,
  listCategoryLinks,
  withDescendants,
} from '../category/category.repository.js';
import {
  articleSearchStateOf,
  indexArticle,
  searchArticleIds,
  updateArticleSearchScope,
  type ArticleSearchState,
} from '../search/article-search.js';
import { createHighlighter } from '../search/search.highlight.js';
import { toQueryTokens } from '../search/search.tokens.js';
import type { ArticleAccess, ArticleAction } from './article.access.js';
import {
  findArticleByAid,
  findArticleVersion,
  findAttachmentIdsByKeys,
  insertArticle,
  insertArticleVersion,
  isLiveSql,
  listArticleVersions,
  listArticlesByAids,
  listArticlesByIds,
  listCategoriesOfArticles,
  listLiveTenders,
  listRandomLiveArticles,
  pageArticles,
  purgeArticles,
  replaceArticleAttachments,
  replaceArticleCategories,
  setArticlesDeleted,
  touchArticleVersion,
  updateArticleIfVersion,
  updateArticleStatus,
  type ArticleListStatus,
  type ArticleRow,
  type FullArticleRow,
} from './article.repository.js';
import { checkTypeParts, effectiveStatus, nextPublishState, uploadKeysIn } from './article.rules.js';

export type ArticleService = ReturnType<typeof createArticleService>;

/** The owner key of an organisation's article categories (as cuw.access ownerOf('company') builds it). */
export const articleCategoryOwnerKey = (orgId: number): string => `org:${orgId}`;

type CategoryBriefs = Map<number, { id: number; cid: string; name: string }[]>;

const parseJson = <T>(text: string | null, fallback: T): T => {
  if (text === null || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

/** The text the body column of the search index holds: everything searchable but the title. */
export const articleBodyText = (row: { summary: string; keywords: string; content: string }): string =>
  [row.summary, parseJson<string[]>(row.keywords, []).join(' '), htmlToPlainText(row.content)].join(' ');

export type ArticleSearchInput = {
  orgId: number;
  type: ArticleType;
  q: string;
  page: number;
  size: number;
  /** Public searches: live articles only; the console's: drafts too. */
  isLiveOnly: boolean;
  now: number;
};

/**
 * Ranked article search with highlighted hits, for the console and the public help centre
 * (kb.service.ts searchPublished). Title matches rank above body matches.
 */
export const searchArticles = async (
  db: Executor,
  dialect: DialectName,
  input: ArticleSearchInput,
): Promise<Page<ArticleSearchHit>> => {
  const tokens = toQueryTokens(input.q);
  const where = input.isLiveOnly
    ? sql<boolean>`article.org_id = ${input.orgId} and article.type = ${input.type} and article.deleted_at is null and ${isLiveSql(input.now)}`
    : sql<boolean>`article.org_id = ${input.orgId} and article.type = ${input.type} and article.deleted_at is null`;
  const states: ArticleSearchState[] = input.isLiveOnly
    ? ['live', 'scheduled']
    : ['draft', 'live', 'scheduled'];
  const { ids, total } = await searchArticleIds(db, dialect, {
    tokens,
    area: { orgId: input.orgId, type: input.type, states },
    where,
    // Scheduled articles whose time has not come are not live yet.
    refused: input.isLiveOnly ? sql<boolean>`article.publish_at > ${input.now}` : undefined,
    limit: input.size,
    offset: input.page * input.size,
  });
  const rows = await listArticlesByIds(db, input.orgId, ids);
  const categories = await listCategoriesOfArticles(
    db,
    rows.map((row) => Number(row.id)),
  );
  const highlighter = createHighlighter(input.q);
  const hits = rows.map((row) => ({
    aid: row.aid,
    type: row.type as ArticleType,
    title: row.title,
    titleHtml: highlighter.highlight(row.title),
    snippetHtml: highlighter.snippet([row.summary, htmlToPlainText(row.content)].filter(Boolean).join(' ')),
    categories: (categories.get(Number(row.id)) ?? []).map(({ cid, name }) => ({ cid, name })),
    updatedAt: Number(row.updated_at),
  }));
  return toPage(hits, total, input);
};

/**
 * The article engine (issue 13): every article type of the knowledge base. Content is sanitised
 * on save, every saved change is a new version (an edit of a stale version answers 409), the
 * search index and the list of used uploads change in the same transaction as the article.
 */
export const createArticleService = (deps: {
  db: Executor;
  dialect: DialectName;
  access: ArticleAccess;
  now?: () => number;
}) => {
  const { db, dialect, access } = deps;
  const now = deps.now ?? Date.now;

  const toSummary = (row: ArticleRow, categories: CategoryBriefs, at: number): ArticleSummary => {
    const publishAt = row.publish_at === null ? null : Number(row.publish_at);
    const publishedAt = row.published_at === null ? null : Number(row.published_at);
    return {
      aid: row.aid,
      type: row.type as ArticleType,
      title: row.title,
      summary: row.summary,
      keywords: parseJson<string[]>(row.keywords, []),
      categories: (categories.get(Number(row.id)) ?? []).map(({ cid, name }) => ({ cid, name })),
      status: effectiveStatus(row.status, publishAt, at),
      publishAt: row.status === 'scheduled' ? publishAt : null,
      publishedAt: publishedAt !== null && publishedAt <= at ? publishedAt : null,
      recommend: Number(row.recommend) === 1,
      top: Number(row.top) === 1,
      readCount: Number(row.read_count),
      rateHelpful: Number(row.rate_helpful),
      rateUseless: Number(row.rate_useless),
      author: row.author_uid ? { uid: row.author_uid, nickname: row.author_nickname ?? '' } : null,
      version: Number(row.version),
      deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
      createdAt: Number(row.created_at),
      updatedAt: Number(row.updated_at),
      question: row.type === 'tiku' ? parseJson<TikuQuestion | null>(row.extra, null) : null,
      tender: row.type === 'zhaobiao' ? parseJson<Tender | null>(row.extra, null) : null,
    };
  };

  const toArticle = (row: FullArticleRow, categories: CategoryBriefs, at: number): Article => ({
    ...toSummary(row, categories, at),
    content: row.content,
    markdown: row.markdown,
  });

  /** The organisation's article (404 for another tenant's aid), then the caller's permission on its type. */
  const load = async (principal: Principal, aid: string, action: ArticleAction): Promise<FullArticleRow> => {
    const row = await findArticleByAid(db, principal.orgId, aid);
    if (!row) throw AppError.notFound('article.notFound', { aid });
    await access.assert(principal, row.type as ArticleType, action);
    return row;
  };

  const reload = async (principal: Principal, aid: string): Promise<Article> => {
    const row = await findArticleByAid(db, principal.orgId, aid);
    if (!row) throw AppError.notFound('article.notFound', { aid });
    return toArticle(row, await listCategoriesOfArticles(db, [Number(row.id)]), now());
  };

  /** Category ids of `cids`: each of the type's category type and the caller's organisation, else 400. */
  const categoryIdsOf = async (orgId: number, type: ArticleType, cids: string[], field = 'categories') => {
    const unique = [...new Set(cids)];
    const rows = await findCategoryIdsByCids(db, type, articleCategoryOwnerKey(orgId), unique);
    const missing = unique.find((cid) => !rows.some((row) => row.cid === cid));
    if (missing !== undefined)
      throw AppError.badRequest('article.categoryInvalid', {
        params: { cid: missing },
        fields: [{ field, message: `category ${missing} is not one of this article type's categories` }],
      });
    return rows.map((row) => Number(row.id));
  };

  /** A filter category and everything below it; another tenant's or type's cid is a 404. */
  const categoryFilterOf = async (orgId: number, type: ArticleType, cid: string | undefined) => {
    if (!cid) return undefined;
    const ownerKey = articleCategoryOwnerKey(orgId);
    const row = await findCategoryByCid(db, [ownerKey], cid);
    if (!row || row.type !== type) throw AppError.notFound('category.notFound', { cid });
    return withDescendants(await listCategoryLinks(db, type, ownerKey), [Number(row.id)]);
  };

  const assertValid = (type: ArticleType, question: TikuQuestion | null, tender: Tender | null) => {
    const errors = checkTypeParts(type, question, tender);
    if (errors.length > 0) throw AppError.validation(errors);
  };

  /** Rich text is sanitised; Markdown alone is rendered (then sanitised). */
  const contentOf = (content: string, markdown: string) =>
    content.trim() !== '' ? sanitizeRichText(content) : renderMarkdown(markdown);

  /** The index entry, the used uploads and the categories: written with the article, in its transaction. */
  const writeDependents = async (
    trx: Executor,
    article: { orgId: number; articleId: number; type: string; status: string; deletedAt: number | null },
    text: { title: string; summary: string; keywords: string; content: string },
    categoryIds?: number[],
  ) => {
    const { orgId, articleId } = article;
    await indexArticle(trx, dialect, {
      articleId,
      title: text.title,
      body: articleBodyText(text),
      scope: { orgId, type: article.type, state: articleSearchStateOf(article) },
    });
    await replaceArticleAttachments(
      trx,
      articleId,
      await findAttachmentIdsByKeys(trx, orgId, uploadKeysIn(text.content)),
    );
    if (categoryIds) await replaceArticleCategories(trx, articleId, categoryIds);
  };

  type ListQuery = Omit<z.infer<typeof articleQuerySchema>, 'page' | 'size'>;

  /** The list's filters as the repository takes them; null when the keyword can match nothing. */
  const filterOf = async (principal: Principal, query: ListQuery, at: number) => {
    await access.assert(principal, query.type, 'query');
    const keyword = query.keyword?.trim() ?? '';
    const tokens = keyword ? toQueryTokens(keyword) : undefined;
    // Punctuation only: nothing the index holds, so nothing matches.
    if (tokens && tokens.length === 0) return null;
    return {
      orgId: principal.orgId,
      type: query.type,
      status: query.status as ArticleListStatus | undefined,
      categoryIds: await categoryFilterOf(principal.orgId, query.type, query.category),
      tokens,
      authorUid: query.author,
      from: query.from,
      to: query.to,
      now: at,
    };
  };

  const page = async (principal: Principal, query: z.infer<typeof articleQuerySchema>) => {
    const at = now();
    const filter = await filterOf(principal, query, at);
    if (!filter) return toPage<ArticleSummary>([], 0, query);
    const { rows, total } = await pageArticles(db, dialect, filter, query);
    const categories = await listCategoriesOfArticles(
      db,
      rows.map((row) => Number(row.id)),
    );
    return toPage(
      rows.map((row) => toSummary(row, categories, at)),
      total,
      query,
    );
  };

  /** The whole list under the same filters and order, with bodies (exports); at most `limit`. */
  const listAll = async (
    principal: Principal,
    query: ListQuery,
    limit: number,
  ): Promise<{ articles: Article[]; total: number }> => {
    const at = now();
    const filter = await filterOf(principal, query, at);
    if (!filter) return { articles: [], total: 0 };
    const { rows, total } = await pageArticles(db, dialect, filter, { page: 0, size: limit });
    const ids = rows.map((row) => Number(row.id));
    const [full, categories] = await Promise.all([
      listArticlesByIds(db, principal.orgId, ids),
      listCategoriesOfArticles(db, ids),
    ]);
    return { articles: full.map((row) => toArticle(row, categories, at)), total };
  };

  const get = async (principal: Principal, aid: string): Promise<Article> => {
    const row = await load(principal, aid, 'get');
    return toArticle(row, await listCategoriesOfArticles(db, [Number(row.id)]), now());
  };

  const create = async (principal: Principal, input: ArticleCreateBody): Promise<Article> => {
    const body = articleCreateBodySchema.parse(input);
    await access.assert(principal, body.type, 'add');
    assertValid(body.type, body.question, body.tender);
    const categoryIds = await categoryIdsOf(principal.orgId, body.type, body.categories);
    const at = now();
    const text = {
      title: body.title,
      summary: body.summary,
      content: contentOf(body.content, body.markdown),
      markdown: body.markdown,
      keywords: JSON.stringify(body.keywords),
    };
    const extra = body.question ?? body.tender;
    const aid = createPublicId();
    const state = nextPublishState(body.status, body.publishAt, null, at);
    await db.transaction().execute(async (trx) => {
      const articleId = await insertArticle(trx, {
        aid,
        orgId: principal.orgId,
        type: body.type,
        ...text,
        ...state,
        recommend: body.recommend,
        top: body.top,
        extra: extra === null ? null : JSON.stringify(extra),
        authorId: principal.userId,
        now: at,
      });
      await insertArticleVersion(trx, {
        articleId,
        version: 1,
        ...text,
        extra: extra === null ? null : JSON.stringify(extra),
        authorId: principal.userId,
        now: at,
      });
      await writeDependents(
        trx,
        { orgId: principal.orgId, articleId, type: body.type, status: state.status, deletedAt: null },
        text,
        categoryIds,
      );
    });
    return reload(principal, aid);
  };

  const placeOf = (row: FullArticleRow, status: string) => ({
    orgId: Number(row.org_id),
    articleId: Number(row.id),
    type: row.type,
    status,
    deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
  });

  /** Moves the index entries of trashed or restored articles with them. */
  const rescope = async (trx: Executor, rows: FullArticleRow[], deletedAt: number | null) => {
    for (const row of rows)
      await updateArticleSearchScope(trx, dialect, Number(row.id), {
        orgId: Number(row.org_id),
        type: row.type,
        state: articleSearchStateOf({ status: row.status, deletedAt }),
      });
  };

  const conflict = (row: FullArticleRow, version: number, current: number) =>
    AppError.conflict('article.versionConflict', {
      params: { title: row.title, version, current },
      fields: [{ field: 'version', message: `stale: the article is at version ${current}` }],
    });

  const update = async (principal: Principal, input: ArticleUpdateBody): Promise<Article> => {
    const body = articleUpdateBodySchema.parse(input);
    const row = await load(principal, body.aid, 'edit');
    const type = row.type as ArticleType;
    if (Number(row.version) !== body.version) throw conflict(row, body.version, Number(row.version));
    assertValid(type, body.question, body.tender);
    const categoryIds = await categoryIdsOf(principal.orgId, type, body.categories);
    const at = now();
    const text = {
      title: body.title,
      summary: body.summary,
      content: contentOf(body.content, body.markdown),
      markdown: body.markdown,
      keywords: JSON.stringify(body.keywords),
    };
    const extra = body.question ?? body.tender;
    const previous = {
      status: row.status,
      publishAt: row.publish_at === null ? null : Number(row.publish_at),
      publishedAt: row.published_at === null ? null : Number(row.published_at),
    };
    const state = nextPublishState(body.status, body.publishAt, previous, at);
    await db.transaction().execute(async (trx) => {
      const saved = await updateArticleIfVersion(trx, principal.orgId, Number(row.id), body.version, {
        ...text,
        ...state,
        recommend: body.recommend,
        top: body.top,
        extra: extra === null ? null : JSON.stringify(extra),
        now: at,
      });
      // Someone saved between our read and this write: the conditional update changed nothing.
      if (!saved) {
        const current = await findArticleByAid(trx, principal.orgId, body.aid);
        throw conflict(row, body.version, Number(current?.version ?? body.version + 1));
      }
      await insertArticleVersion(trx, {
        articleId: Number(row.id),
        version: body.version + 1,
        ...text,
        extra: extra === null ? null : JSON.stringify(extra),
        authorId: principal.userId,
        now: at,
      });
      await writeDependents(trx, placeOf(row, state.status), text, categoryIds);
    });
    return reload(principal, body.aid);
  };

  /** A status change or move is a saved change too: a version row holding the unchanged text. */
  const snapshot = async (trx: Executor, row: FullArticleRow, principal: Principal, at: number) => {
    await insertArticleVersion(trx, {
      articleId: Number(row.id),
      version: Number(row.version) + 1,
      title: row.title,
      summary: row.summary,
      content: row.content,
      markdown: row.markdown,
      keywords: row.keywords,
      extra: row.extra,
      authorId: principal.userId,
      now: at,
    });
  };

  const batchActions: Record<ArticleBatchBody['action'], ArticleAction> = {
    publish: 'edit',
    unpublish: 'edit',
    move: 'edit',
    delete: 'delete',
    restore: 'delete',
    purge: 'delete',
  };

  /** The list's bulk actions; every aid must be the organisation's (404) and of a type the caller may change (403). */
  const batch = async (principal: Principal, body: ArticleBatchBody): Promise<{ count: number }> => {
    const aids = [...new Set(body.aids)];
    const rows = await listArticlesByAids(db, principal.orgId, aids);
    const missing = aids.find((aid) => !rows.some((row) => row.aid === aid));
    if (missing !== undefined) throw AppError.notFound('article.notFound', { aid: missing });
    const action = batchActions[body.action];
    for (const type of new Set(rows.map((row) => row.type as ArticleType)))
      await access.assert(principal, type, action);
    const at = now();
    const ids = rows.map((row) => Number(row.id));
    if (body.action === 'delete' || body.action === 'restore') {
      const deletedAt = body.action === 'delete' ? at : null;
      return db.transaction().execute(async (trx) => {
        const count = await setArticlesDeleted(trx, principal.orgId, ids, deletedAt);
        await rescope(trx, rows, deletedAt);
        return { count };
      });
    }
    if (body.action === 'purge')
      return {
        count: (await db.transaction().execute((trx) => purgeArticles(trx, principal.orgId, ids))).length,
      };
    let categoryIds: number[] = [];
    if (body.action === 'move' && body.category) {
      const types = new Set(rows.map((row) => row.type as ArticleType));
      const [type] = types;
      if (types.size !== 1 || type === undefined)
        throw AppError.validation([
          { field: 'category', message: 'articles of several types cannot share a category' },
        ]);
      categoryIds = await categoryIdsOf(principal.orgId, type, [body.category], 'category');
    }
    let count = 0;
    await db.transaction().execute(async (trx) => {
      for (const row of rows) {
        if (row.deleted_at !== null) continue;
        const previous = {
          status: row.status,
          publishAt: row.publish_at === null ? null : Number(row.publish_at),
          publishedAt: row.published_at === null ? null : Number(row.published_at),
        };
        if (body.action === 'move') {
          await replaceArticleCategories(trx, Number(row.id), categoryIds);
          await touchArticleVersion(trx, principal.orgId, Number(row.id), at);
        } else {
          const state = nextPublishState(
            body.action === 'publish' ? 'published' : 'draft',
            null,
            previous,
            at,
          );
          await updateArticleStatus(trx, principal.orgId, Number(row.id), { ...state, now: at });
          await updateArticleSearchScope(trx, dialect, Number(row.id), {
            orgId: principal.orgId,
            type: row.type,
            state: articleSearchStateOf({ status: state.status, deletedAt: null }),
          });
        }
        await snapshot(trx, row, principal, at);
        count += 1;
      }
    });
    return { count };
  };

  const versions = async (principal: Principal, aid: string): Promise<ArticleVersion[]> => {
    const row = await load(principal, aid, 'get');
    return (await listArticleVersions(db, Number(row.id))).map((version) => ({
      version: Number(version.version),
      title: version.title,
      author: version.author_uid
        ? { uid: version.author_uid, nickname: version.author_nickname ?? '' }
        : null,
      createdAt: Number(version.created_at),
    }));
  };

  const loadVersion = async (row: FullArticleRow, version: number) => {
    const found = await findArticleVersion(db, Number(row.id), version);
    if (!found) throw AppError.notFound('article.versionNotFound', { aid: row.aid, version });
    return found;
  };

  const version = async (
    principal: Principal,
    aid: string,
    number: number,
  ): Promise<ArticleVersionDetail> => {
    const row = await load(principal, aid, 'get');
    const found = await loadVersion(row, number);
    return {
      version: Number(found.version),
      title: found.title,
      author: found.author_uid ? { uid: found.author_uid, nickname: found.author_nickname ?? '' } : null,
      createdAt: Number(found.created_at),
      summary: found.summary,
      content: found.content,
      markdown: found.markdown,
      keywords: parseJson<string[]>(found.keywords, []),
    };
  };

  /** The old version's text (title, summary, content, keywords, question/tender) becomes a new version. */
  const restoreVersion = async (
    principal: Principal,
    body: { aid: string; version: number },
  ): Promise<Article> => {
    const row = await load(principal, body.aid, 'edit');
    const found = await loadVersion(row, body.version);
    const at = now();
    const text = {
      title: found.title,
      summary: found.summary,
      // Stored content was sanitised when saved; sanitising again keeps it in step with today's allow-list.
      content: sanitizeRichText(found.content),
      markdown: found.markdown,
      keywords: found.keywords,
    };
    const current = Number(row.version);
    await db.transaction().execute(async (trx) => {
      const saved = await updateArticleIfVersion(trx, principal.orgId, Number(row.id), current, {
        ...text,
        status: row.status,
        publishAt: row.publish_at === null ? null : Number(row.publish_at),
        publishedAt: row.published_at === null ? null : Number(row.published_at),
        recommend: Number(row.recommend) === 1,
        top: Number(row.top) === 1,
        extra: found.extra,
        now: at,
      });
      if (!saved) throw conflict(row, current, current + 1);
      await insertArticleVersion(trx, {
        articleId: Number(row.id),
        version: current + 1,
        ...text,
        extra: found.extra,
        authorId: principal.userId,
        now: at,
      });
      await writeDependents(trx, placeOf(row, row.status), text);
    });
    return reload(principal, body.aid);
  };

  const search = async (
    principal: Principal,
    query: { type: ArticleType; q: string; page: number; size: number },
  ) => {
    await access.assert(principal, query.type, 'query');
    return searchArticles(db, dialect, { orgId: principal.orgId, ...query, isLiveOnly: false, now: now() });
  };

  /** Published questions without their answers, at random. */
  const practice = async (
    principal: Principal,
    query: { category?: string; size: number },
  ): Promise<TikuPracticeQuestion[]> => {
    await access.assert(principal, 'tiku', 'query');
    const rows = await listRandomLiveArticles(db, {
      orgId: principal.orgId,
      type: 'tiku',
      categoryIds: await categoryFilterOf(principal.orgId, 'tiku', query.category),
      now: now(),
      limit: query.size,
    });
    return rows.flatMap((row) => {
      const question = parseJson<TikuQuestion | null>(row.extra, null);
      if (!question) return [];
      return [
        {
          aid: row.aid,
          title: row.title,
          questionType: question.questionType,
          options: question.options,
          difficulty: question.difficulty,
        },
      ];
    });
  };

  /** Scores choice questions exactly (the same set of keys); short answers are shown, not scored. */
  const attempt = async (principal: Principal, body: TikuAttemptBody): Promise<TikuAttemptResult> => {
    await access.assert(principal, 'tiku', 'query');
    const aids = [...new Set(body.answers.map((answer) => answer.aid))];
    const rows = (await listArticlesByAids(db, principal.orgId, aids)).filter(
      (row) => row.type === 'tiku' && row.deleted_at === null,
    );
    const byAid = new Map(rows.map((row) => [row.aid, row]));
    const missing = aids.find((aid) => !byAid.has(aid));
    if (missing !== undefined) throw AppError.notFound('article.notFound', { aid: missing });
    let correct = 0;
    let scored = 0;
    const results = body.answers.map((answer) => {
      const row = byAid.get(answer.aid) as FullArticleRow;
      const question = parseJson<TikuQuestion | null>(row.extra, null);
      const expected = question?.answer ?? [];
      const given = answer.answer.map((value) => value.trim()).filter((value) => value !== '');
      const questionType = question?.questionType ?? 'short';
      let isCorrect: boolean | null = null;
      if (questionType !== 'short') {
        const givenKeys = [...new Set(given.map((value) => value.toUpperCase()))].sort();
        isCorrect = givenKeys.join(',') === [...expected].sort().join(',');
        scored += 1;
        if (isCorrect) correct += 1;
      }
      return {
        aid: row.aid,
        title: row.title,
        questionType,
        correct: isCorrect,
        given,
        expected,
        explanation: question?.explanation ?? '',
      };
    });
    return { score: scored === 0 ? 0 : Math.round((correct / scored) * 100), correct, scored, results };
  };

  /** Live tenders by month (UTC, of going live) and category; a tender in two categories counts in both. */
  const tenderSummary = async (
    principal: Principal,
    query: { from?: number; to?: number },
  ): Promise<TenderSummaryRow[]> => {
    await access.assert(principal, 'zhaobiao', 'query');
    const rows = await listLiveTenders(db, { orgId: principal.orgId, ...query, now: now() });
    const groups = new Map<string, TenderSummaryRow>();
    for (const row of rows) {
      const month = new Date(Number(row.published_at ?? 0)).toISOString().slice(0, 7);
      const category = row.cid ? { cid: row.cid, name: row.name ?? '' } : null;
      const key = `${month}\u0000${category?.cid ?? ''}`;
      const group = groups.get(key) ?? { month, category, count: 0, budget: 0 };
      group.count += 1;
      group.budget += parseJson<Tender | null>(row.extra, null)?.budget ?? 0;
      groups.set(key, group);
    }
    // Newest month first; in a month by category name, uncategorised last.
    return [...groups.values()].sort(
      (a, b) =>
        b.month.localeCompare(a.month) ||
        Number(a.category === null) - Number(b.category === null) ||
        (a.category?.name ?? '').localeCompare(b.category?.name ?? ''),
    );
  };

  return {
    page,
    listAll,
    get,
    create,
    update,
    batch,
    versions,
    version,
    restoreVersion,
    search,
    practice,
    attempt,
    tenderSummary,
  };
};
