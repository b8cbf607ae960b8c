import {
  helpCenterSettingsSchema,
  type ArticleSearchHit,
  type ArticleType,
  type HelpCenterSettings,
  type HelpCenterSettingsResponse,
  type KbStatistic,
  type Language,
  type Page,
} from '@openkefu/contract';
import { isUniqueViolation, type DialectName, type Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { sanitizeRichText } from '../../lib/richtext/sanitize.js';
import { articleCategoryOwnerKey, searchArticles } from '../article/article.service.js';
import type { AuthService, Principal } from '../auth/auth.service.js';
import { findCategoryIdsByCids } from '../category/category.repository.js';
import { writeSearchLog, type SearchSource } from '../search/search-log.js';
import './kb.messages.js';
import {
  addToArticleCounters,
  addToDaily,
  countLiveArticles,
  countSearchesByDay,
  findArticleCounters,
  findHelpCenter,
  findLiveArticle,
  findOrganizationIdBySlug,
  findOrganizationProfile,
  findVote,
  insertVote,
  saveHelpCenter,
  sumDailyByDay,
  topArticlesByViews,
  topSearchQueries,
  updateVote,
  type StatisticRange,
} from './kb.repository.js';

export const kbSettingsPermissionId = 'kb.settings';
export const kbStatisticPermissionId = 'kb.statistic';

const dayMs = 86_400_000;
/** The statistics cover at most this many days. */
export const kbStatisticMaxDays = 366;

/** YYYY-MM-DD (UTC) of an epoch-milliseconds time. */
export const utcDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The settings of an organisation that never saved any: its owner's language first. */
export const defaultHelpCenterSettings = (language: Language | null): HelpCenterSettings => ({
  name: '',
  logo: '',
  primaryColor: '#0958D9',
  languages: language === 'en-US' ? ['en-US', 'zh-CN'] : ['zh-CN', 'en-US'],
  navLinks: [],
  published: true,
  footerHtml: '',
  homeCategories: [],
});

/**
 * Help-centre settings, knowledge-base statistics, and the plain functions the public help centre
 * (and the widget's search) call: recordView, vote, searchPublished, settingsBySlug. The public
 * ones take the organisation id the caller resolved from the slug and never a principal.
 */
export const createKbService = (deps: {
  db: Executor;
  dialect: DialectName;
  auth: Pick<AuthService, 'hasPermission'>;
  now?: () => number;
}) => {
  const { db, dialect, auth } = deps;
  const now = deps.now ?? Date.now;

  const assertPermission = async (principal: Principal, permissionId: string, action: 'query' | 'edit') => {
    if (!(await auth.hasPermission(principal, permissionId, action)))
      throw AppError.forbidden('error.forbiddenPermission', { permissionId, action });
  };

  /** The stored settings, or the defaults; the slug is the organisation's subDomain. */
  const settingsOf = async (
    orgId: number,
  ): Promise<{ settings: HelpCenterSettings; slug: string; orgName: string }> => {
    const profile = await findOrganizationProfile(db, orgId);
    if (!profile) throw AppError.notFound();
    const language = profile.language === 'en-US' || profile.language === 'zh-CN' ? profile.language : null;
    const stored = await findHelpCenter(db, orgId);
    const parsed = stored ? helpCenterSettingsSchema.safeParse(JSON.parse(stored.settings)) : undefined;
    return {
      settings: parsed?.success ? parsed.data : defaultHelpCenterSettings(language),
      slug: profile.sub_domain,
      orgName: profile.name,
    };
  };

  const withLocation = (
    settings: HelpCenterSettings,
    slug: string,
    baseUrl: string,
  ): HelpCenterSettingsResponse => ({
    ...settings,
    slug,
    url: `${baseUrl.replace(/\/+$/, '')}/help/${encodeURIComponent(slug)}/`,
  });

  /** `baseUrl`: PUBLIC_URL, else the address the request came to (as the chat link does). */
  const getSettings = async (principal: Principal, baseUrl: string): Promise<HelpCenterSettingsResponse> => {
    await assertPermission(principal, kbSettingsPermissionId, 'query');
    const { settings, slug } = await settingsOf(principal.orgId);
    return withLocation(settings, slug, baseUrl);
  };

  const updateSettings = async (
    principal: Principal,
    body: HelpCenterSettings,
    baseUrl: string,
  ): Promise<HelpCenterSettingsResponse> => {
    await assertPermission(principal, kbSettingsPermissionId, 'edit');
    if (body.logo !== '' && !/^(?:https?:\/\/|\/(?!\/))/i.test(body.logo))
      throw AppError.validation([
        { field: 'logo', message: 'must be an http(s) address or a path on this site' },
      ]);
    const homeCategories = [...new Set(body.homeCategories)];
    const found = await findCategoryIdsByCids(
      db,
      'support',
      articleCategoryOwnerKey(principal.orgId),
      homeCategories,
    );
    const missing = homeCategories.find((cid) => !found.some((row) => row.cid === cid));
    if (missing !== undefined)
      throw AppError.badRequest('kb.homeCategoryInvalid', {
        params: { cid: missing },
        fields: [{ field: 'homeCategories', message: `category ${missing} is not a help-centre category` }],
      });
    const settings: HelpCenterSettings = {
      ...body,
      homeCategories,
      footerHtml: sanitizeRichText(body.footerHtml),
    };
    await saveHelpCenter(db, principal.orgId, JSON.stringify(settings), now());
    const { slug } = await settingsOf(principal.orgId);
    return withLocation(settings, slug, baseUrl);
  };

  const statistic = async (
    principal: Principal,
    query: { type: ArticleType; from?: number; to?: number },
  ): Promise<KbStatistic> => {
    if (!principal.isAdminAccount) throw AppError.forbidden('kb.adminOnly');
    await assertPermission(principal, kbStatisticPermissionId, 'query');
    const at = now();
    const to = query.to ?? at;
    const from = query.from ?? to - 29 * dayMs;
    const fromDay = utcDay(from);
    const toDay = utcDay(to);
    const days = Math.round((Date.parse(toDay) - Date.parse(fromDay)) / dayMs) + 1;
    if (from > to || days > kbStatisticMaxDays)
      throw AppError.badRequest('kb.rangeInvalid', {
        params: { days: kbStatisticMaxDays },
        fields: [{ field: 'from', message: `must be before to, at most ${kbStatisticMaxDays} days apart` }],
      });
    const range: StatisticRange = { orgId: principal.orgId, type: query.type, from, to, fromDay, toDay };
    const [daily, searches, topArticles, topSearches, emptySearches, publishedArticles] = await Promise.all([
      sumDailyByDay(db, range),
      countSearchesByDay(db, dialect, range),
      topArticlesByViews(db, range, 10),
      topSearchQueries(db, range, 10, false),
      topSearchQueries(db, range, 10, true),
      countLiveArticles(db, principal.orgId, query.type, at),
    ]);
    const dailyByDay = new Map(daily.map((row) => [row.day, row]));
    const searchesByDay = new Map(searches.map((row) => [String(row.day), row]));
    const byDay: KbStatistic['byDay'] = [];
    for (let index = 0; index < days; index += 1) {
      const day = utcDay(Date.parse(fromDay) + index * dayMs);
      const views = dailyByDay.get(day);
      byDay.push({
        day,
        views: Number(views?.views ?? 0),
        helpful: Number(views?.helpful ?? 0),
        useless: Number(views?.useless ?? 0),
        searches: Number(searchesByDay.get(day)?.searches ?? 0),
      });
    }
    const sum = (key: 'views' | 'helpful' | 'useless' | 'searches') =>
      byDay.reduce((total, day) => total + day[key], 0);
    const helpful = sum('helpful');
    const useless = sum('useless');
    return {
      totals: {
        views: sum('views'),
        helpful,
        useless,
        helpfulRate: helpful + useless === 0 ? null : helpful / (helpful + useless),
        searches: sum('searches'),
        searchesWithoutResults: searches.reduce((total, row) => total + Number(row.empty ?? 0), 0),
        publishedArticles,
      },
      byDay,
      topArticles: topArticles.map((row) => ({
        aid: row.aid,
        title: row.title,
        views: Number(row.views),
        helpful: Number(row.helpful),
        useless: Number(row.useless),
      })),
      topSearches: topSearches.map((row) => ({
        query: row.query,
        count: Number(row.count),
        results: Number(row.results),
      })),
      emptySearches: emptySearches.map((row) => ({ query: row.query, count: Number(row.count) })),
    };
  };

  /* The public help centre's functions (no principal: the caller resolved the organisation). */

  /**
   * The organisation behind a help-centre slug (its subDomain) and its settings; undefined when
   * there is none or its help centre is switched off (`published: false` → answer 404).
   */
  const settingsBySlug = async (slug: string) => {
    const orgId = await findOrganizationIdBySlug(db, slug);
    if (orgId === undefined) return undefined;
    const found = await settingsOf(orgId);
    return found.settings.published ? { orgId, ...found } : undefined;
  };

  /**
   * Counts one view of a live article: its read_count and today's article_daily.views. Returns
   * false (nothing counted) when the aid is not a live article of the organisation.
   */
  const recordView = async (orgId: number, aid: string): Promise<boolean> => {
    const at = now();
    const article = await findLiveArticle(db, orgId, aid, at);
    if (!article) return false;
    const articleId = Number(article.id);
    await db.transaction().execute(async (trx) => {
      await addToArticleCounters(trx, articleId, { read: 1 });
      await addToDaily(trx, { articleId, orgId, day: utcDay(at) }, 'views', 1);
    });
    return true;
  };

  /**
   * One vote per voter and article. `voterHash`: a stable, non-reversible id of the visitor (e.g.
   * SHA-256 of the help centre's cookie). A second vote replaces the first: the counters move from
   * the old answer to the new one (the old day's figure goes down, today's goes up); the same
   * answer again changes nothing. Returns the article's counters after the vote, or undefined when
   * the aid is not a live article of the organisation.
   */
  const vote = async (
    orgId: number,
    aid: string,
    voterHash: string,
    helpful: boolean,
  ): Promise<{ rateHelpful: number; rateUseless: number } | undefined> => {
    const at = now();
    const article = await findLiveArticle(db, orgId, aid, at);
    if (!article) return undefined;
    const articleId = Number(article.id);
    const cast = () =>
      db.transaction().execute(async (trx) => {
        const previous = await findVote(trx, articleId, voterHash);
        const column = helpful ? 'helpful' : 'useless';
        if (!previous) {
          await insertVote(trx, articleId, voterHash, helpful, at);
        } else {
          if ((Number(previous.helpful) === 1) === helpful) return;
          await updateVote(trx, articleId, voterHash, helpful, at);
          const oldColumn = helpful ? 'useless' : 'helpful';
          await addToArticleCounters(trx, articleId, { [oldColumn]: -1 });
          await addToDaily(
            trx,
            { articleId, orgId, day: utcDay(Number(previous.created_at)) },
            oldColumn,
            -1,
          );
        }
        await addToArticleCounters(trx, articleId, { [column]: 1 });
        await addToDaily(trx, { articleId, orgId, day: utcDay(at) }, column, 1);
      });
    try {
      await cast();
    } catch (error) {
      // The same visitor's two first votes raced to the primary key: the second becomes a change.
      if (!isUniqueViolation(error)) throw error;
      await cast();
    }
    const counters = await findArticleCounters(db, articleId);
    return { rateHelpful: Number(counters.rate_helpful), rateUseless: Number(counters.rate_useless) };
  };

  /**
   * The public search: live articles of one type, best first (title over body), hits with escaped
   * `titleHtml`/`snippetHtml`; logs the query and how many it found (kb statistics). `source`:
   * help (the help centre), widget (the chat page), robot.
   */
  const searchPublished = async (input: {
    orgId: number;
    type: ArticleType;
    q: string;
    page: number;
    size: number;
    source: SearchSource;
  }): Promise<Page<ArticleSearchHit>> => {
    const at = now();
    const result = await searchArticles(db, dialect, { ...input, isLiveOnly: true, now: at });
    // Only a first page counts as a search; paging on is the same search.
    if (input.page === 0)
      await writeSearchLog(db, {
        orgId: input.orgId,
        scope: input.type,
        source: input.source,
        query: input.q,
        results: result.totalElements,
        now: at,
      });
    return result;
  };

  return { getSettings, updateSettings, statistic, settingsBySlug, recordView, vote, searchPublished };
};

export type KbService = ReturnType<typeof createKbService>;
