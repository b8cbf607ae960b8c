import type { ArticleSearchHit, Language, Page } from '@openkefu/contract';
import { helpAssetsPath, helpIcon, helpScript, helpStylesheet, themeAssetName } from './help.assets.js';
import { html, safeUrl, trusted, type Html } from './help.html.js';
import { languageNames, type Translate } from './help.i18n.js';
import type { HelpArticle, HelpArticleBrief } from './help.repository.js';
import type { CategoryCard, HelpCategoryPath, HelpSite } from './help.service.js';

/*
 * The help centre's pages as HTML strings. Every value is escaped by `html` unless it is Html;
 * the only `trusted` inputs are article content and the footer (sanitised by the article engine
 * on save) and search highlights (escaped text with <mark>, built by the search module).
 */

/** What every page needs besides its own content. */
export type PageContext = {
  /** null on the 404 of an unknown organisation: no settings to apply. */
  site: HelpSite | null;
  language: Language;
  t: Translate;
  /** PUBLIC_URL, else the address the request came to; no trailing slash. */
  origin: string;
  /** href of this page in each offered language (the switch); empty with one language. */
  languageLinks: { language: Language; href: string }[];
  /** The chat page, opened in a new tab by "chat with us". */
  chatUrl: string | null;
};

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute; omitted on pages that must not be indexed. */
  canonical?: string;
  type?: 'website' | 'article';
  isNoIndex?: boolean;
  /** Loads the vote script (article pages only). */
  hasScript?: boolean;
};

export const homePathOf = (slug: string) => `/help/${encodeURIComponent(slug)}/`;
export const categoryPathOf = (slug: string, cid: string) =>
  `${homePathOf(slug)}category/${encodeURIComponent(cid)}`;
export const articlePathOf = (slug: string, aid: string) =>
  `${homePathOf(slug)}article/${encodeURIComponent(aid)}`;
export const searchPathOf = (slug: string) => `${homePathOf(slug)}search`;
export const feedbackPathOf = (slug: string) => `${homePathOf(slug)}feedback`;

export const siteNameOf = (ctx: Pick<PageContext, 'site' | 't'>) =>
  ctx.site ? ctx.site.settings.name || `${ctx.site.orgName} ${ctx.t('helpCenter')}` : ctx.t('helpCenter');

const ogLocales: Record<Language, string> = { 'en-US': 'en_US', 'zh-CN': 'zh_CN' };

const formatDate = (language: Language, time: number) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(time));

/** A translated sentence with markup in place of one `{name}` (the rest escaped). */
const withPlaceholder = (sentence: string, name: string, value: Html) => {
  const [before = '', after = ''] = sentence.split(`{${name}}`);
  return html`${before}${value}${after}`;
};

const absolute = (origin: string, url: string) => (/^https?:\/\//i.test(url) ? url : `${origin}${url}`);

const countWords = (t: Translate, count: number) =>
  count === 1 ? t('articleCountOne') : t('articleCount', { count });

const header = (ctx: PageContext, hero: Html | null) => {
  const site = ctx.site;
  const settings = site?.settings;
  const logo = settings?.logo ? safeUrl(settings.logo) : '';
  const navLinks = settings?.navLinks ?? [];
  return html`<header class="hd">
    <div class="wrap bar">
      <a class="brand" href="${site ? homePathOf(site.slug) : '/'}"
        >${logo !== '' && logo !== '#' ? html`<img src="${logo}" alt="" width="32" height="32" />` : ''}<span
          >${siteNameOf(ctx)}</span
        ></a
      >
      ${
        navLinks.length > 0
          ? html`<nav aria-label="${ctx.t('siteLinks')}">
              <ul>
                ${navLinks.map((link) => html`<li><a href="${safeUrl(link.url)}">${link.title}</a></li>`)}
              </ul>
            </nav>`
          : ''
      }
      ${
        ctx.languageLinks.length > 1
          ? html`<nav class="langs" aria-label="${ctx.t('language')}">
              ${ctx.languageLinks.map(
                (link) =>
                  html`<a
                    href="${link.href}"
                    lang="${link.language}"
                    hreflang="${link.language}"
                    ${link.language === ctx.language ? trusted(' aria-current="true"') : ''}
                    >${languageNames[link.language]}</a
                  >`,
              )}
            </nav>`
          : ''
      }
    </div>
    ${hero ?? ''}
  </header>`;
};

export const layout = (ctx: PageContext, meta: PageMeta, main: Html, hero: Html | null = null): string => {
  const siteName = siteNameOf(ctx);
  const title = meta.title === siteName ? siteName : `${meta.title} - ${siteName}`;
  const color = ctx.site?.settings.primaryColor ?? '#0958D9';
  const logo = ctx.site?.settings.logo ? safeUrl(ctx.site.settings.logo) : '#';
  const page = html`<!doctype html>
    <html lang="${ctx.language}">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title}</title>
        <meta name="description" content="${meta.description}" />
        ${meta.isNoIndex ? html`<meta name="robots" content="noindex, follow" />` : ''}
        ${meta.canonical ? html`<link rel="canonical" href="${meta.canonical}" />` : ''}
        <meta property="og:type" content="${meta.type ?? 'website'}" />
        <meta property="og:site_name" content="${siteName}" />
        <meta property="og:title" content="${meta.title}" />
        <meta property="og:description" content="${meta.description}" />
        ${meta.canonical ? html`<meta property="og:url" content="${meta.canonical}" />` : ''}
        <meta property="og:locale" content="${ogLocales[ctx.language]}" />
        ${logo !== '#' ? html`<meta property="og:image" content="${absolute(ctx.origin, logo)}" />` : ''}
        <meta name="twitter:card" content="summary" />
        <link rel="icon" type="image/svg+xml" href="${helpAssetsPath}${helpIcon.name}" />
        <link rel="stylesheet" href="${helpAssetsPath}${helpStylesheet.name}" />
        <link rel="stylesheet" href="${helpAssetsPath}${themeAssetName(color)}" />
        ${meta.hasScript ? html`<script src="${helpAssetsPath}${helpScript.name}" defer></script>` : ''}
      </head>
      <body>
        <a class="skip" href="#main">${ctx.t('skip')}</a>
        ${header(ctx, hero)}
        <main id="main" tabindex="-1"><div class="wrap">${main}</div></main>
        <footer class="ft">
          <div class="wrap">
            ${
              ctx.site?.settings.footerHtml
                ? trusted(ctx.site.settings.footerHtml)
                : html`<p>© ${siteName}</p>`
            }
          </div>
        </footer>
      </body>
    </html> `;
  return page.value;
};

const searchForm = (ctx: PageContext, slug: string, query: string, id: string) =>
  html`<form class="search" role="search" action="${searchPathOf(slug)}" method="get">
    <label class="sr" for="${id}">${ctx.t('searchLabel')}</label>
    <input
      id="${id}"
      type="search"
      name="q"
      value="${query}"
      placeholder="${ctx.t('searchPlaceholder')}"
      maxlength="100"
      autocomplete="off"
    />
    <button class="btn" type="submit">${ctx.t('searchButton')}</button>
  </form>`;

const crumbs = (ctx: PageContext, slug: string, path: HelpCategoryPath, current: string | null) =>
  html`<nav class="crumbs" aria-label="${ctx.t('breadcrumb')}">
    <ol>
      <li><a href="${homePathOf(slug)}">${siteNameOf(ctx)}</a></li>
      ${path.map((item, index) =>
        index === path.length - 1 && current === null
          ? html`<li><a href="${categoryPathOf(slug, item.cid)}" aria-current="page">${item.name}</a></li>`
          : html`<li><a href="${categoryPathOf(slug, item.cid)}">${item.name}</a></li>`,
      )}
      ${current !== null ? html`<li><span aria-current="page">${current}</span></li>` : ''}
    </ol>
  </nav>`;

const articleList = (slug: string, articles: HelpArticleBrief[]) =>
  html`<ul class="list">
    ${articles.map(
      (article) =>
        html`<li>
          <a href="${articlePathOf(slug, article.aid)}">${article.title}</a>${
            article.summary ? html`<p class="muted">${article.summary}</p>` : ''
          }
        </li>`,
    )}
  </ul>`;

const categoryGrid = (ctx: PageContext, slug: string, categories: CategoryCard[]) =>
  html`<ul class="grid">
    ${categories.map(
      (category) =>
        html`<li>
          <a class="card" href="${categoryPathOf(slug, category.cid)}"
            ><strong>${category.name}</strong
            ><span class="muted">${countWords(ctx.t, category.count)}</span></a
          >
        </li>`,
    )}
  </ul>`;

/** Previous / next links; `hrefOf` takes the 0-based page. */
const pager = (ctx: PageContext, page: number, totalPages: number, hrefOf: (page: number) => string) =>
  totalPages <= 1
    ? ''
    : html`<nav class="pager" aria-label="${ctx.t('pagination')}">
        ${page > 0 ? html`<a class="btn btn-o" rel="prev" href="${hrefOf(page - 1)}">${ctx.t('previous')}</a>` : html`<span></span>`}
        <span class="muted">${ctx.t('pageOf', { page: page + 1, pages: totalPages })}</span>
        ${page + 1 < totalPages ? html`<a class="btn btn-o" rel="next" href="${hrefOf(page + 1)}">${ctx.t('next')}</a>` : html`<span></span>`}
      </nav>`;

/** "Still need help?": chat (when the organisation has a skill group) and the feedback form. */
const chatBox = (ctx: PageContext) =>
  ctx.site
    ? html`<aside class="more" aria-labelledby="more-h">
        <p id="more-h">${ctx.t('stillNeedHelp')}</p>
        <div class="acts">
          ${
            ctx.chatUrl
              ? html`<a class="btn" href="${ctx.chatUrl}" target="_blank" rel="noopener"
                  >${ctx.t('chatWithUs')}<span class="sr"> ${ctx.t('newTab')}</span></a
                >`
              : ''
          }
          <a class="btn btn-o" href="${feedbackPathOf(ctx.site.slug)}">${ctx.t('sendFeedback')}</a>
        </div>
      </aside>`
    : '';

/** `?page=` is 1-based in public addresses; 0 is the first page inside. */
export const pageHref = (path: string, page: number, extra: Record<string, string> = {}) => {
  const query = new URLSearchParams({ ...extra, ...(page > 0 ? { page: String(page + 1) } : {}) }).toString();
  return query ? `${path}?${query}` : path;
};

export const renderHome = (
  ctx: PageContext,
  site: HelpSite,
  data: { categories: CategoryCard[]; recommended: HelpArticleBrief[]; popular: HelpArticleBrief[] },
) => {
  const t = ctx.t;
  const siteName = siteNameOf(ctx);
  const hero = html`<div class="wrap hero">
    <h1>${t('hero')}</h1>
    ${searchForm(ctx, site.slug, '', 'q')}
  </div>`;
  const main = html`${
    data.categories.length > 0
      ? html`<section aria-labelledby="h-cat">
          <h2 id="h-cat">${t('categories')}</h2>
          ${categoryGrid(ctx, site.slug, data.categories)}
        </section>`
      : ''
  }
  ${
    data.recommended.length > 0
      ? html`<section aria-labelledby="h-rec">
          <h2 id="h-rec">${t('recommended')}</h2>
          ${articleList(site.slug, data.recommended)}
        </section>`
      : ''
  }
  ${
    data.popular.length > 0
      ? html`<section aria-labelledby="h-pop">
          <h2 id="h-pop">${t('popular')}</h2>
          ${articleList(site.slug, data.popular)}
        </section>`
      : html`<p>${t('noArticles')}</p>`
  }
  ${chatBox(ctx)}`;
  return layout(
    ctx,
    {
      title: siteName,
      description: t('homeDescription', { name: siteName }),
      canonical: `${ctx.origin}${homePathOf(site.slug)}`,
    },
    main,
    hero,
  );
};

export const renderCategory = (
  ctx: PageContext,
  site: HelpSite,
  data: {
    category: { cid: string; name: string };
    path: HelpCategoryPath;
    children: CategoryCard[];
    articles: HelpArticleBrief[];
    total: number;
  },
  page: number,
  pageSize: number,
) => {
  const t = ctx.t;
  const path = categoryPathOf(site.slug, data.category.cid);
  const totalPages = Math.ceil(data.total / pageSize);
  const main = html`${crumbs(ctx, site.slug, data.path, null)}
    <h1>${data.category.name}</h1>
    <p class="muted">${countWords(t, data.total)}</p>
    ${searchForm(ctx, site.slug, '', 'q')}
    ${
      data.children.length > 0
        ? html`<section aria-labelledby="h-sub">
            <h2 id="h-sub">${t('subCategories')}</h2>
            ${categoryGrid(ctx, site.slug, data.children)}
          </section>`
        : ''
    }
    <section aria-labelledby="h-art">
      <h2 id="h-art">${t('articles')}</h2>
      ${data.articles.length > 0 ? articleList(site.slug, data.articles) : html`<p>${t('noArticles')}</p>`}
      ${pager(ctx, page, totalPages, (target) => pageHref(path, target))}
    </section>
    ${chatBox(ctx)}`;
  return layout(
    ctx,
    {
      title: data.category.name,
      description: `${data.category.name} - ${siteNameOf(ctx)}`,
      canonical: `${ctx.origin}${pageHref(path, page)}`,
    },
    main,
  );
};

export const renderArticle = (
  ctx: PageContext,
  site: HelpSite,
  data: { article: HelpArticle; path: HelpCategoryPath; related: HelpArticleBrief[] },
  description: string,
) => {
  const t = ctx.t;
  const { article } = data;
  const main = html`${crumbs(ctx, site.slug, data.path, article.title)}
    <article class="art" aria-labelledby="h-title">
      <h1 id="h-title">${article.title}</h1>
      <p class="muted">
        ${withPlaceholder(
          t('updated'),
          'date',
          html`<time datetime="${new Date(article.updatedAt).toISOString()}"
            >${formatDate(ctx.language, article.updatedAt)}</time
          >`,
        )}
      </p>
      <div class="body">${trusted(article.content)}</div>
      <section
        class="vote"
        aria-labelledby="h-vote"
        data-vote-url="${homePathOf(site.slug)}api/vote"
        data-aid="${article.aid}"
        data-thanks="${t('voteThanks')}"
        data-failed="${t('voteFailed')}"
      >
        <h2 id="h-vote">${t('helpfulQuestion')}</h2>
        <div>
          <button class="btn btn-o" type="button" data-helpful="1" aria-pressed="false">
            ${t('yes')}<span data-count></span>
          </button>
          <button class="btn btn-o" type="button" data-helpful="0" aria-pressed="false">
            ${t('no')}<span data-count></span>
          </button>
        </div>
        <p role="status" aria-live="polite"></p>
      </section>
    </article>
    ${
      data.related.length > 0
        ? html`<section aria-labelledby="h-rel">
            <h2 id="h-rel">${t('related')}</h2>
            ${articleList(site.slug, data.related)}
          </section>`
        : ''
    }
    ${chatBox(ctx)}`;
  return layout(
    ctx,
    {
      title: article.title,
      description,
      canonical: `${ctx.origin}${articlePathOf(site.slug, article.aid)}`,
      type: 'article',
      hasScript: true,
    },
    main,
  );
};

export const renderSearch = (
  ctx: PageContext,
  site: HelpSite,
  query: string,
  result: Page<ArticleSearchHit> | null,
) => {
  const t = ctx.t;
  const path = searchPathOf(site.slug);
  const heading = query ? t('searchTitle', { q: query }) : t('searchLabel');
  let body: Html;
  if (!result) body = html`<p>${t('emptyQuery')}</p>`;
  else if (result.totalElements === 0)
    body = html`<p>${t('noResults', { q: query })}</p>
      <p>${t('noResultsHint')}</p>`;
  else
    body = html`<p class="muted">
        ${
          result.totalElements === 1 ? t('resultCountOne') : t('resultCount', { count: result.totalElements })
        }
      </p>
      <ol class="list">
        ${result.content.map(
          (hit) =>
            html`<li>
              <a href="${articlePathOf(site.slug, hit.aid)}">${trusted(hit.titleHtml)}</a>${
                hit.snippetHtml ? html`<p class="muted">${trusted(hit.snippetHtml)}</p>` : ''
              }${
                hit.categories.length > 0
                  ? html`<p class="muted">
                      ${hit.categories.map((category, index) => html`${index > 0 ? ' · ' : ''}${category.name}`)}
                    </p>`
                  : ''
              }
            </li>`,
        )}
      </ol>
      ${pager(ctx, result.number, result.totalPages, (target) => pageHref(path, target, { q: query }))}`;
  const main = html`${crumbs(ctx, site.slug, [], heading)}
    <h1>${heading}</h1>
    ${searchForm(ctx, site.slug, query, 'q')} ${body} ${chatBox(ctx)}`;
  return layout(ctx, { title: heading, description: heading, isNoIndex: true }, main);
};

/** The styled 404 (and, with other words, the 429) of every help-centre address. */
export const renderMessage = (ctx: PageContext, title: string, text: string) => {
  const main = html`<h1>${title}</h1>
    <p>${text}</p>
    ${ctx.site ? html`<p><a href="${homePathOf(ctx.site.slug)}">${ctx.t('backHome')}</a></p>` : ''}`;
  return layout(ctx, { title, description: text, isNoIndex: true }, main);
};

const xmlEscape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char] ?? char,
  );

export const renderSitemap = (
  origin: string,
  site: HelpSite,
  data: { categories: { cid: string }[]; articles: { aid: string; updatedAt: number }[] },
) => {
  const url = (path: string, lastmod?: number) =>
    `<url><loc>${xmlEscape(`${origin}${path}`)}</loc>${
      lastmod === undefined ? '' : `<lastmod>${new Date(lastmod).toISOString()}</lastmod>`
    }</url>`;
  const latest = data.articles.reduce((max, article) => Math.max(max, article.updatedAt), 0);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url(homePathOf(site.slug), latest > 0 ? latest : undefined),
    ...data.categories.map((category) => url(categoryPathOf(site.slug, category.cid))),
    ...data.articles.map((article) => url(articlePathOf(site.slug, article.aid), article.updatedAt)),
    '</urlset>',
    '',
  ].join('\n');
};
