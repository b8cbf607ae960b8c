import { createHash, randomBytes } from 'node:crypto';
import {
  envelopeSchema,
  helpVoteBodySchema,
  helpVoteResultSchema,
  visitorHelpSearchQuerySchema,
  visitorHelpSearchResultSchema,
  type Language,
} from '@openkefu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { errorResponses, ok } from '../../http/reply.js';
import type { LimitRule } from '../../lib/limiter.js';
import { helpIcon, helpScript, helpStylesheet, themeAsset, type HelpAsset } from './help.assets.js';
import { renderFeedback } from './help.feedback.js';
import { createHelpTranslator, pickHelpLanguage } from './help.i18n.js';
import './help.messages.js';
import {
  createHelpService,
  describeArticle,
  helpCategoryPageSize,
  helpSearchPageSize,
  type HelpSite,
} from './help.service.js';
import {
  articlePathOf,
  homePathOf,
  renderArticle,
  renderCategory,
  renderHome,
  renderMessage,
  renderSearch,
  renderSitemap,
  type PageContext,
} from './help.views.js';

/*
 * The public help centre (issue 13), no sign-in: `/help/<org>/…` pages rendered on the server,
 * its two static files, sitemap.xml, the vote, and the widget's search before a chat. `<org>` is
 * the organisation's slug (its subDomain, as in the chat link's `org=`). A help centre switched
 * off (settings.published false), an unknown slug and anything not public (drafts, future
 * schedules, the trash, other article types, other organisations) answer 404 alike.
 */

/** Votes per address: generous for people, not for scripts. */
export const helpVoteRule: LimitRule = { limit: 30, windowSeconds: 60 };
/** Help-centre and widget searches per address. */
export const helpSearchRule: LimitRule = { limit: 60, windowSeconds: 60 };

const visitorCookie = 'okh_vid';
const languageCookie = 'okh_lang';
const cookieMaxAge = 365 * 86_400;
const maxPage = 500;
const bots = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview|headless|lighthouse/i;

const tags = ['help'];

const parseCookies = (header: string | undefined): Record<string, string> => {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    try {
      cookies[name] = decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      // A malformed cookie is ignored, never an error page.
    }
  }
  return cookies;
};

const cookieOf = (request: FastifyRequest, name: string, value: string) =>
  `${name}=${value}; Path=/help/; Max-Age=${cookieMaxAge}; HttpOnly; SameSite=Lax${
    request.protocol === 'https' ? '; Secure' : ''
  }`;

/** The visitor's help-centre id (random, HttpOnly), created on the first visit. */
const visitorOf = (request: FastifyRequest, cookies: Record<string, string>, setCookies: string[]) => {
  const existing = cookies[visitorCookie];
  if (existing && /^[A-Za-z0-9_-]{20,64}$/.test(existing)) return existing;
  const created = randomBytes(24).toString('base64url');
  setCookies.push(cookieOf(request, visitorCookie, created));
  return created;
};

/** What the vote table stores: never the cookie itself. */
const voterHashOf = (visitorId: string) => createHash('sha256').update(visitorId).digest('hex');

const pageOf = (value: unknown): number => {
  const page = Number.parseInt(typeof value === 'string' ? value : '1', 10);
  return Number.isFinite(page) ? Math.min(Math.max(page, 1), maxPage) - 1 : 0;
};

const stringOf = (value: unknown, max: number): string =>
  typeof value === 'string' ? value.trim().slice(0, max) : '';

// Page addresses are read by hand rather than by a schema: a bad ?page= shows page 1, not a JSON 400.
const pageQuerySchema = z.record(z.string(), z.unknown());
const orgParams = z.object({ org: z.string().max(200) });

const sendAsset = (request: FastifyRequest, reply: FastifyReply, asset: HelpAsset) => {
  void reply
    .header('content-type', asset.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
};

export const helpRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, dialect, kb, limiter, config, uploads } = app.services;
  const help = createHelpService({ db, dialect, kb });
  // Absolute addresses as the chat link and the kb settings build them.
  const originOf = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  /** The site (or null), the page's language, the visitor and the cookies to set. */
  const openPage = async (request: FastifyRequest, slug: string) => {
    const site = slug.length <= 64 ? await help.findSite(slug) : undefined;
    const query = request.query as Record<string, unknown>;
    const cookies = parseCookies(request.headers.cookie);
    const offered: Language[] = site?.settings.languages ?? ['en-US', 'zh-CN'];
    const requested = stringOf(query.lang, 10);
    const language = pickHelpLanguage(offered, {
      query: requested,
      cookie: cookies[languageCookie],
      acceptLanguage: request.headers['accept-language'],
    });
    const setCookies: string[] = [];
    if (site && requested === language && cookies[languageCookie] !== language)
      setCookies.push(cookieOf(request, languageCookie, language));
    const visitorId = site ? visitorOf(request, cookies, setCookies) : null;
    const path = request.url.split('?')[0] ?? '';
    const params = new URLSearchParams(
      request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '',
    );
    const languageLinks =
      offered.length > 1
        ? offered.map((candidate) => {
            params.set('lang', candidate);
            return { language: candidate, href: `${path}?${params.toString()}` };
          })
        : [];
    const wid = site ? await help.chatWid(site) : undefined;
    const chat = site
      ? new URLSearchParams({ org: site.slug, ...(wid ? { wid } : {}), lang: language })
      : null;
    const ctx: PageContext = {
      site: site ?? null,
      language,
      t: createHelpTranslator(language),
      origin: originOf(request),
      languageLinks,
      chatUrl: chat ? `/chat/?${chat.toString()}` : null,
    };
    return { site, ctx, visitorId, setCookies };
  };

  const sendPage = (reply: FastifyReply, page: { setCookies: string[] }, status: number, body: string) => {
    if (page.setCookies.length > 0) void reply.header('set-cookie', page.setCookies);
    return reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-language, cookie')
      .send(body);
  };

  const sendNotFound = (reply: FastifyReply, page: { ctx: PageContext; setCookies: string[] }) =>
    sendPage(
      reply,
      page,
      404,
      renderMessage(page.ctx, page.ctx.t('notFoundTitle'), page.ctx.t('notFoundText')),
    );

  /** Per-address budget; false when spent (the 429 page is sent). */
  const withinBudget = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: { ctx: PageContext; setCookies: string[] },
    name: string,
    rule: LimitRule,
  ) => {
    const state = await limiter.hit(`help:${name}:ip:${request.ip}`, rule.windowSeconds);
    if (state.count <= rule.limit) return true;
    void reply.header('retry-after', String(state.retryAfter));
    await sendPage(
      reply,
      page,
      429,
      renderMessage(
        page.ctx,
        page.ctx.t('tooManyTitle'),
        page.ctx.t('tooManyText', { seconds: state.retryAfter }),
      ),
    );
    return false;
  };

  const hidden = { hide: true, tags };

  app.get(
    '/help/_assets/:file',
    { schema: { ...hidden, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      const { file } = request.params;
      if (file === helpStylesheet.name) return sendAsset(request, reply, helpStylesheet);
      if (file === helpScript.name) return sendAsset(request, reply, helpScript);
      if (file === helpIcon.name) return sendAsset(request, reply, helpIcon);
      const theme = /^theme-([0-9a-f]{6})\.css$/.exec(file);
      const asset = theme ? themeAsset(theme[1] ?? '') : undefined;
      if (asset) return sendAsset(request, reply, asset);
      return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    },
  );

  app.get('/help/:org', { schema: { ...hidden, params: orgParams } }, async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(
      `${homePathOf(request.params.org)}${query >= 0 ? request.url.slice(query) : ''}`,
      301,
    );
  });

  app.get(
    '/help/:org/',
    { schema: { ...hidden, params: orgParams, querystring: pageQuerySchema } },
    async (request, reply) => {
      const page = await openPage(request, request.params.org);
      if (!page.site) return sendNotFound(reply, page);
      return sendPage(reply, page, 200, renderHome(page.ctx, page.site, await help.home(page.site)));
    },
  );

  app.get(
    '/help/:org/category/:cid',
    {
      schema: {
        ...hidden,
        params: orgParams.extend({ cid: z.string().max(200) }),
        querystring: pageQuerySchema,
      },
    },
    async (request, reply) => {
      const page = await openPage(request, request.params.org);
      if (!page.site) return sendNotFound(reply, page);
      const number = pageOf(request.query.page);
      const data = await help.category(page.site, request.params.cid, number);
      if (!data) return sendNotFound(reply, page);
      return sendPage(
        reply,
        page,
        200,
        renderCategory(page.ctx, page.site, data, number, helpCategoryPageSize),
      );
    },
  );

  /** One view per visitor, article and day (the limiter remembers it); crawlers are not readers. */
  const countView = async (request: FastifyRequest, site: HelpSite, aid: string, visitorId: string) => {
    if (bots.test(request.headers['user-agent'] ?? '')) return;
    const day = new Date().toISOString().slice(0, 10);
    try {
      const seen = await limiter.hit(
        `help:view:${voterHashOf(visitorId).slice(0, 32)}:${aid}:${day}`,
        86_400,
      );
      if (seen.count === 1) await help.recordView(site, aid);
    } catch (error) {
      request.log.warn({ err: error }, 'help centre view not counted');
    }
  };

  app.get(
    '/help/:org/article/:aid',
    {
      schema: {
        ...hidden,
        params: orgParams.extend({ aid: z.string().max(200) }),
        querystring: pageQuerySchema,
      },
    },
    async (request, reply) => {
      const page = await openPage(request, request.params.org);
      if (!page.site) return sendNotFound(reply, page);
      const data = await help.article(page.site, request.params.aid);
      if (!data) return sendNotFound(reply, page);
      if (page.visitorId) await countView(request, page.site, data.article.aid, page.visitorId);
      return sendPage(
        reply,
        page,
        200,
        renderArticle(page.ctx, page.site, data, describeArticle(data.article)),
      );
    },
  );

  app.get(
    '/help/:org/search',
    { schema: { ...hidden, params: orgParams, querystring: pageQuerySchema } },
    async (request, reply) => {
      const page = await openPage(request, request.params.org);
      if (!page.site) return sendNotFound(reply, page);
      const q = stringOf(request.query.q, 100);
      if (q === '') return sendPage(reply, page, 200, renderSearch(page.ctx, page.site, '', null));
      if (!(await withinBudget(request, reply, page, 'search', helpSearchRule))) return reply;
      const result = await help.search(page.site, q, pageOf(request.query.page), helpSearchPageSize, 'help');
      return sendPage(reply, page, 200, renderSearch(page.ctx, page.site, q, result));
    },
  );

  app.get(
    '/help/:org/feedback',
    { schema: { ...hidden, params: orgParams, querystring: pageQuerySchema } },
    async (request, reply) => {
      const page = await openPage(request, request.params.org);
      if (!page.site) return sendNotFound(reply, page);
      // The page the visitor came from, when it is this help centre's: the feedback's `url`.
      const referer = stringOf(request.headers.referer, 2000);
      const own = `${page.ctx.origin}${homePathOf(page.site.slug)}`;
      return sendPage(
        reply,
        page,
        200,
        renderFeedback(page.ctx, page.site, {
          url: referer.startsWith(own) && /^https?:\/\//i.test(referer) ? referer : '',
          maxImageMb: uploads.limitMb('image'),
        }),
      );
    },
  );

  app.get('/help/:org/sitemap.xml', { schema: { ...hidden, params: orgParams } }, async (request, reply) => {
    const site = request.params.org.length <= 64 ? await help.findSite(request.params.org) : undefined;
    if (!site) return sendNotFound(reply, await openPage(request, ''));
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(renderSitemap(originOf(request), site, await help.sitemap(site)));
  });

  app.post(
    '/help/:org/api/vote',
    {
      schema: {
        tags,
        summary: 'Vote an article of the public help centre helpful or not',
        description:
          "Public (no sign-in). One vote per visitor and article: the visitor is the help centre's " +
          'random HttpOnly cookie (set here when missing), stored as its SHA-256; a second vote replaces ' +
          `the first. At most ${helpVoteRule.limit} votes per address every ${helpVoteRule.windowSeconds} s ` +
          '(429 with retryAfter). 404 for an unknown or switched-off help centre and for an article that is ' +
          "not public. Answers the article's counters after the vote.",
        params: orgParams,
        body: helpVoteBodySchema,
        response: { 200: envelopeSchema(helpVoteResultSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const state = await limiter.hit(`help:vote:ip:${request.ip}`, helpVoteRule.windowSeconds);
      if (state.count > helpVoteRule.limit) throw AppError.rateLimited(state.retryAfter);
      const site = request.params.org.length <= 64 ? await help.findSite(request.params.org) : undefined;
      if (!site) throw AppError.notFound('help.notFound', { org: request.params.org.slice(0, 64) });
      const setCookies: string[] = [];
      const visitorId = visitorOf(request, parseCookies(request.headers.cookie), setCookies);
      const counts = await help.vote(site, request.body.aid, voterHashOf(visitorId), request.body.helpful);
      if (!counts) throw AppError.notFound('help.articleNotFound');
      if (setCookies.length > 0) void reply.header('set-cookie', setCookies);
      return ok(request, counts);
    },
  );

  app.get(
    '/visitor/api/help/search',
    {
      schema: {
        tags: ['visitor'],
        summary: "The widget's help-centre search before a chat",
        description:
          'Public (no visitor token). Live help-centre articles of the organisation `org` matching `q`, best ' +
          'first, with `titleHtml`/`snippetHtml` (escaped, matches in <mark>) and the absolute `url` of the ' +
          'article page. The skill group `wid` must have helpCenterSearch on: 403 when it is off; 404 for an ' +
          'unknown organisation or skill group or a switched-off help centre. ' +
          `At most ${helpSearchRule.limit} searches per address every ${helpSearchRule.windowSeconds} s (429).`,
        querystring: visitorHelpSearchQuerySchema,
        response: {
          200: envelopeSchema(visitorHelpSearchResultSchema),
          ...errorResponses(400, 403, 404, 429),
        },
      },
    },
    async (request) => {
      const state = await limiter.hit(`help:search:ip:${request.ip}`, helpSearchRule.windowSeconds);
      if (state.count > helpSearchRule.limit) throw AppError.rateLimited(state.retryAfter);
      const { org, wid, q, size } = request.query;
      const site = await help.findSite(org);
      if (!site) throw AppError.notFound('help.notFound', { org });
      const group = await help.workgroupSearch(site, wid);
      if (!group) throw AppError.notFound('help.unknownGroup', { wid });
      if (!group.isEnabled) throw AppError.forbidden('help.searchOff');
      const found = await help.search(site, q, 0, size, 'widget');
      const origin = originOf(request);
      return ok(request, {
        hits: found.content.map((hit) => ({ ...hit, url: `${origin}${articlePathOf(site.slug, hit.aid)}` })),
      });
    },
  );

  // No organisation named, or any other address under a help centre: the styled 404.
  app.get('/help/', { schema: hidden }, async (request, reply) =>
    sendNotFound(reply, await openPage(request, '')),
  );
  // In the visitor's language (the site's when there is one).
  app.get(
    '/help/:org/*',
    { schema: { ...hidden, params: orgParams.extend({ '*': z.string() }) } },
    async (request, reply) => sendNotFound(reply, await openPage(request, request.params.org)),
  );
};
