import type {
  Article,
  ArticleBatchBody,
  ArticleCreateBody,
  ArticleQuery,
  ArticleSummary,
  ArticleType,
  ArticleUpdateBody,
  ArticleVersion,
  ArticleVersionDetail,
  AttachmentDetail,
  Category,
  CategoryTreeNode,
  Envelope,
  HelpCenterSettingsBody,
  HelpCenterSettingsResponse,
  KbStatistic,
  Page,
  TenderSummaryRow,
  TikuAttemptBody,
  TikuAttemptResult,
  TikuPracticeQuestion,
  TreeCategoryType,
  User,
} from '@openkefu/contract';
import { http } from '../../../shared/api/http';

/* The knowledge base's calls (issue 13): articles, their category trees, settings, statistics. */

/** `GET /api/article/query`'s filters (contract `articleQuerySchema`, with numbers as numbers). */
export type ArticleFilters = Pick<ArticleQuery, 'status' | 'category' | 'keyword' | 'author'> & {
  from?: number;
  to?: number;
};

export const fetchArticlePage = async (
  query: { type: ArticleType; page: number; size: number } & ArticleFilters,
): Promise<Page<ArticleSummary>> =>
  (await http.get<Envelope<Page<ArticleSummary>>>('/api/article/query', { params: { ...query } })).data;

export const fetchArticle = async (aid: string): Promise<Article> =>
  (await http.get<Envelope<Article>>('/api/article/get', { params: { aid } })).data;

export const createArticle = async (body: ArticleCreateBody): Promise<Article> =>
  (await http.post<Envelope<Article>>('/api/article/create', body)).data;

/** 409 when `version` is no longer the stored one (someone else saved meanwhile). */
export const updateArticle = async (body: ArticleUpdateBody): Promise<Article> =>
  (await http.post<Envelope<Article>>('/api/article/update', body)).data;

export const batchArticles = async (body: ArticleBatchBody): Promise<number> =>
  (await http.post<Envelope<{ count: number }>>('/api/article/batch', body)).data.count;

export const fetchVersions = async (aid: string): Promise<ArticleVersion[]> =>
  (await http.get<Envelope<ArticleVersion[]>>('/api/article/versions', { params: { aid } })).data;

export const fetchVersion = async (aid: string, version: number): Promise<ArticleVersionDetail> =>
  (await http.get<Envelope<ArticleVersionDetail>>('/api/article/version', { params: { aid, version } })).data;

export const restoreVersion = async (aid: string, version: number): Promise<Article> =>
  (await http.post<Envelope<Article>>('/api/article/restore', { aid, version })).data;

export const fetchPractice = async (size: number, category?: string): Promise<TikuPracticeQuestion[]> =>
  (
    await http.get<Envelope<TikuPracticeQuestion[]>>('/api/article/tiku/practice', {
      params: { size, category },
    })
  ).data;

export const submitAttempt = async (body: TikuAttemptBody): Promise<TikuAttemptResult> =>
  (await http.post<Envelope<TikuAttemptResult>>('/api/article/tiku/attempt', body)).data;

export const fetchTenderSummary = async (from?: number, to?: number): Promise<TenderSummaryRow[]> =>
  (await http.get<Envelope<TenderSummaryRow[]>>('/api/article/tender/summary', { params: { from, to } }))
    .data;

/* Category trees (`/api/category/*` with an article category type). */

export const fetchCategoryTree = async (type: ArticleType): Promise<CategoryTreeNode[]> =>
  (await http.get<Envelope<CategoryTreeNode[]>>('/api/category/tree', { params: { type } })).data;

export const createCategory = async (
  type: TreeCategoryType,
  name: string,
  parent: string | null,
): Promise<Category> =>
  (await http.post<Envelope<Category>>('/api/category/create', { type, name, parent })).data;

export const updateCategory = async (body: {
  cid: string;
  name: string;
  parent?: string | null;
  order?: number;
}): Promise<Category> => (await http.post<Envelope<Category>>('/api/category/update', body)).data;

export const deleteCategory = async (cid: string): Promise<void> => {
  await http.delete<Envelope<null>>('/api/category/delete', { params: { cid } });
};

/* Help centre settings and statistics. */

export const fetchKbSettings = async (): Promise<HelpCenterSettingsResponse> =>
  (await http.get<Envelope<HelpCenterSettingsResponse>>('/api/kb/settings')).data;

export const saveKbSettings = async (body: HelpCenterSettingsBody): Promise<HelpCenterSettingsResponse> =>
  (await http.post<Envelope<HelpCenterSettingsResponse>>('/api/kb/settings/update', body)).data;

export const fetchKbStatistic = async (type: ArticleType, from?: number, to?: number): Promise<KbStatistic> =>
  (await http.get<Envelope<KbStatistic>>('/api/kb/statistic', { params: { type, from, to } })).data;

/* Attachments beyond the shared picker's calls. */

export const fetchAttachment = async (aid: string): Promise<AttachmentDetail> =>
  (await http.get<Envelope<AttachmentDetail>>('/api/attachment/get', { params: { aid } })).data;

/** The organisation's agents, for the author filter; silent (a role without agent access gets none). */
export const fetchAuthors = async (): Promise<User[]> =>
  (await http.get<Envelope<Page<User>>>('/api/user/all', { params: { page: 0, size: 100 }, silent: true }))
    .data.content;
