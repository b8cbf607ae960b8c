import type { ArticleSearchHit, HelpCenterSettings, Page } from '@openkefu/contract';
import type { DialectName, Executor } from '../../db/database.js';
import { htmlToPlainText } from '../../lib/richtext/text.js';
import { searchArticles } from '../article/article.service.js';
import type { KbService } from '../kb/kb.service.js';
import {
  countPublicArticlesPerCategory,
  findFirstWorkgroupWid,
  findPublicArticle,
  findWorkgroupHelpSearch,
  isPublicArticle,
  listArticlesSharingCategories,
  listCategoryIdsOfArticle,
  listHelpCategories,
  listPopularArticles,
  listPublicArticlesForSitemap,
  listRecommendedArticles,
  pagePublicArticlesInCategory,
  type HelpArticle,
  type HelpArticleBrief,
  type HelpCategoryRow,
} from './help.repository.js';

/*
 * What each public help-centre page shows, read for one organisation (the site resolved from the
 * slug). Views, votes and search are the knowledge-base service's (kb.service.ts): this module
 * only calls them, so the console's statistics count exactly what the help centre records.
 */

/** An organisation's public help centre: resolved from its slug, published. */
export type HelpSite = { orgId: number; slug: string; orgName: string; settings: HelpCenterSettings };

export type CategoryCard = { cid: string; name: string; count: number };

export type HelpCategoryPath = { cid: string; name: string }[];

export const helpCategoryPageSize = 20;
export const helpSearchPageSize = 10;
const relatedLimit = 5;
const sitemapLimit = 50_000;

/** The text of a page's meta description: the summary, else the body's first words. */
export const describeArticle = (article: { summary: string; content: string }, length = 160): string => {
  const text = (article.summary.trim() || htmlToPlainText(article.content)).replace(/\s+/g, ' ');
  return text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;
};

const buildTree = (rows: HelpCategoryRow[], counts: Map<number, number>) => {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const childrenOf = (id: number | null) => rows.filter((row) => row.parentId === id);
  // A category's total counts its descendants' articles: a parent with only sub-categories is not empty.
  const totals = new Map<number, number>();
  const totalOf = (row: HelpCategoryRow, seen: Set<number>): number => {
    const known = totals.get(row.id);
    if (known !== undefined) return known;
    if (seen.has(row.id)) return 0;
    seen.add(row.id);
    const total =
      (counts.get(row.id) ?? 0) + childrenOf(row.id).reduce((sum, child) => sum + totalOf(child, seen), 0);
    totals.set(row.id, total);
    return total;
  };
  const card = (row: HelpCategoryRow): CategoryCard => ({
    cid: row.cid,
    name: row.name,
    count: totalOf(row, new Set()),
  });
  /** From the top down to the category itself. */
  const pathOf = (row: HelpCategoryRow): HelpCategoryPath => {
    const path: HelpCategoryPath = [];
    const seen = new Set<number>();
    for (let node: HelpCategoryRow | undefined = row; node && !seen.has(node.id);) {
      seen.add(node.id);
      path.unshift({ cid: node.cid, name: node.name });
      node = node.parentId === null ? undefined : byId.get(node.parentId);
    }
    return path;
  };
  return { byId, childrenOf, card, pathOf };
};

export const createHelpService = (deps: {
  db: Executor;
  dialect: DialectName;
  kb: Pick<KbService, 'settingsBySlug' | 'recordView' | 'vote' | 'searchPublished'>;
  now?: () => number;
}) => {
  const { db, dialect, kb } = deps;
  const now = deps.now ?? Date.now;

  /** undefined: no such organisation, or its help centre is switched off (every page 404s). */
  const findSite = async (slug: string): Promise<HelpSite | undefined> => {
    const found = await kb.settingsBySlug(slug);
    return found
      ? { orgId: found.orgId, slug: found.slug, orgName: found.orgName, settings: found.settings }
      : undefined;
  };

  const treeOf = async (site: HelpSite) => {
    const [rows, counts] = await Promise.all([
      listHelpCategories(db, site.orgId),
      countPublicArticlesPerCategory(db, site.orgId, now()),
    ]);
    return { rows, ...buildTree(rows, counts) };
  };

  const home = async (site: HelpSite) => {
    const at = now();
    const [tree, recommended, popular] = await Promise.all([
      treeOf(site),
      listRecommendedArticles(db, site.orgId, at, 10),
      listPopularArticles(db, site.orgId, at, 10),
    ]);
    const chosen = site.settings.homeCategories;
    const rows =
      chosen.length > 0
        ? chosen.flatMap((cid) => tree.rows.find((row) => row.cid === cid) ?? [])
        : tree.childrenOf(null);
    return { categories: rows.map(tree.card), recommended, popular };
  };

  /** undefined: no such category of the organisation's help centre. */
  const category = async (site: HelpSite, cid: string, page: number) => {
    const tree = await treeOf(site);
    const row = tree.rows.find((candidate) => candidate.cid === cid);
    if (!row) return undefined;
    const articles = await pagePublicArticlesInCategory(db, {
      orgId: site.orgId,
      categoryId: row.id,
      now: now(),
      page,
      size: helpCategoryPageSize,
    });
    return {
      category: { cid: row.cid, name: row.name },
      path: tree.pathOf(row),
      children: tree.childrenOf(row.id).map(tree.card),
      articles: articles.rows,
      total: articles.total,
    };
  };

  /** Related: articles sharing a category, then those found by the article's keywords. */
  const relatedTo = async (
    site: HelpSite,
    article: HelpArticle,
    categoryIds: number[],
  ): Promise<HelpArticleBrief[]> => {
    const at = now();
    const related = await listArticlesSharingCategories(db, {
      orgId: site.orgId,
      categoryIds,
      exceptId: article.id,
      now: at,
      limit: relatedLimit,
    });
    const seen = new Set([article.aid, ...related.map((item) => item.aid)]);
    for (const keyword of article.keywords.slice(0, 3)) {
      if (related.length >= relatedLimit) break;
      // The engine's search, not searchPublished: related lists are not visitors' searches to log.
      const found = await searchArticles(db, dialect, {
        orgId: site.orgId,
        type: 'support',
        q: keyword,
        page: 0,
        size: relatedLimit + 1,
        isLiveOnly: true,
        now: at,
      });
      for (const hit of found.content) {
        if (related.length >= relatedLimit || seen.has(hit.aid)) continue;
        seen.add(hit.aid);
        related.push({ id: 0, aid: hit.aid, title: hit.title, summary: '', updatedAt: hit.updatedAt });
      }
    }
    return related;
  };

  /** undefined: not a public article of this help centre. */
  const article = async (site: HelpSite, aid: string) => {
    const found = await findPublicArticle(db, site.orgId, aid, now());
    if (!found) return undefined;
    const tree = await treeOf(site);
    const categoryIds = await listCategoryIdsOfArticle(db, found.id);
    const categories = tree.rows.filter((row) => categoryIds.includes(row.id));
    const first = categories[0];
    return {
      article: found,
      path: first ? tree.pathOf(first) : [],
      related: await relatedTo(
        site,
        found,
        categories.map((row) => row.id),
      ),
    };
  };

  /** Counts a view (the engine's recordView: read_count and the day's figure). */
  const recordView = (site: HelpSite, aid: string) => kb.recordView(site.orgId, aid);

  /**
   * The engine's vote, for public articles only: its own check is "live in the organisation",
   * which would also let the public vote on internal knowledge or blog articles.
   */
  const vote = async (site: HelpSite, aid: string, voterHash: string, helpful: boolean) =>
    (await isPublicArticle(db, site.orgId, aid, now()))
      ? kb.vote(site.orgId, aid, voterHash, helpful)
      : undefined;

  const search = (
    site: HelpSite,
    q: string,
    page: number,
    size: number,
    source: 'help' | 'widget',
  ): Promise<Page<ArticleSearchHit>> =>
    kb.searchPublished({ orgId: site.orgId, type: 'support', q, page, size, source });

  const sitemap = async (site: HelpSite) => {
    const [tree, articles] = await Promise.all([
      treeOf(site),
      listPublicArticlesForSitemap(db, site.orgId, now(), sitemapLimit),
    ]);
    return { categories: tree.rows.map((row) => ({ cid: row.cid })), articles };
  };

  const chatWid = (site: HelpSite) => findFirstWorkgroupWid(db, site.orgId);

  const workgroupSearch = (site: HelpSite, wid: string) => findWorkgroupHelpSearch(db, site.orgId, wid);

  return { findSite, home, category, article, recordView, vote, search, sitemap, chatWid, workgroupSearch };
};

export type HelpService = ReturnType<typeof createHelpService>;
