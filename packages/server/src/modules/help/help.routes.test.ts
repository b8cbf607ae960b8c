import type { Article, Category, VisitorHelpSearchResult, Workgroup } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertWorkgroup,
  postJson,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { readFileSync } from 'node:fs';
import { helpAssetBytes, helpIcon, helpScript, helpStylesheet } from './help.assets.js';
import { helpWords } from './help.i18n.js';
import { helpSearchRule, helpVoteRule } from './help.routes.js';

const origin = 'https://kefu.example.com';
const xss = '<script>alert(1)</script><img src=x onerror=alert(1)>';

const settings = (overrides: object = {}) => ({
  name: '',
  logo: '',
  primaryColor: '#0958D9',
  languages: ['zh-CN', 'en-US'],
  navLinks: [],
  published: true,
  footerHtml: '',
  homeCategories: [],
  ...overrides,
});

const flatten = (html: string) =>
  html
    .replace(/\s+/g, ' ')
    .replace(/\s*\/?>/g, '>')
    .replace(/> </g, '><');

const hrefsOf = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].map((match) => match[1]);

await describeEachDatabase('help centre', (target) => {
  // No console build behind this app: the help pages' own files (the icon too) must not need one.
  const ctx = useTestApp(target, {
    build: { sweepIntervalMs: 0 },
    env: { PUBLIC_URL: `${origin}/`, WEB_DIST_DIR: '/nonexistent/openkefu-web-dist' },
  });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let slug: string;
  let wid: string;
  let billing: Category;
  let refunds: Category;
  const articles: Record<string, Article> = {};

  /** A page with its markup flattened (whitespace between and inside tags), so tests read content, not layout. */
  const page = async (url: string, headers: Record<string, string> = {}, remoteAddress?: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url,
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });
    return { statusCode: response.statusCode, headers: response.headers, body: flatten(response.body) };
  };
  const vote = (body: object, cookie?: string, remoteAddress = '10.1.0.1', org = slug) =>
    ctx.app.inject({
      method: 'POST',
      url: `/help/${org}/api/vote`,
      headers: cookie ? { cookie } : {},
      payload: body,
      remoteAddress,
    });
  const saveSettings = (overrides: object) =>
    postJson(ctx, '/api/kb/settings/update', a.admin.token, settings(overrides));
  const createArticle = async (token: string, payload: object) => {
    const response = await postJson<Article>(ctx, '/api/article/create', token, {
      type: 'support',
      status: 'published',
      ...payload,
    });
    expect(response.status).toBe(200);
    return response.body.data;
  };
  /** Uses up an address's budget through the app's own limiter, as that many requests would. */
  const spendBudget = async (key: string, count: number) => {
    for (let index = 0; index < count; index += 1) await ctx.app.services.limiter.hit(key, 60);
  };
  const cookieOf = (setCookie: string | string[] | undefined, name: string) =>
    [setCookie ?? []].flat().find((cookie) => cookie.startsWith(`${name}=`));

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    slug = a.admin.subDomain;
    wid = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' })).wid;
    const category = async (name: string, parent?: string) =>
      (
        await postJson<Category>(ctx, '/api/category/create', a.admin.token, {
          type: 'support',
          name,
          parent,
        })
      ).body.data;
    billing = await category('Billing 账单');
    refunds = await category('Refunds', billing.cid);
    const token = a.admin.token;
    articles.refund = await createArticle(token, {
      title: 'How to request a refund',
      summary: 'Ask for your money back within 7 days.',
      content:
        '<p>Open <strong>Orders</strong> and choose refund.</p><img src="https://cdn.example.com/a.png" alt="">',
      keywords: ['refund'],
      categories: [refunds.cid],
      recommend: true,
    });
    articles.chinese = await createArticle(token, {
      title: '如何申请退款',
      content: '<p>在订单页面点击申请退款，七天内到账。</p>',
      keywords: ['退款'],
      categories: [refunds.cid],
    });
    articles.hostile = await createArticle(token, { title: `Tips ${xss}`, categories: [billing.cid] });
    articles.draft = await createArticle(token, { title: 'Draft refund notes', status: 'draft' });
    articles.future = await createArticle(token, {
      title: 'Future refund rules',
      publishAt: Date.now() + 86_400_000,
    });
    articles.due = await createArticle(token, {
      title: 'Due refund rules',
      publishAt: Date.now() + 86_400_000,
    });
    // Scheduled, and its time has come: live without any sweep.
    await ctx.database.db
      .updateTable('article')
      .set({ publish_at: Date.now() - 1000 })
      .where('aid', '=', articles.due.aid)
      .execute();
    articles.deleted = await createArticle(token, { title: 'Deleted refund article' });
    expect(
      (await postJson(ctx, '/api/article/batch', token, { action: 'delete', aids: [articles.deleted.aid] }))
        .status,
    ).toBe(200);
    articles.internal = await createArticle(token, { title: 'Internal refund handbook' });
    await ctx.database.db
      .updateTable('article')
      .set({ type: 'knowledge' })
      .where('aid', '=', articles.internal.aid)
      .execute();
    articles.ofB = await createArticle(b.admin.token, { title: 'Refunds at B' });
  });

  const liveAids = () => [articles.refund.aid, articles.chinese.aid, articles.hostile.aid, articles.due.aid];
  const hiddenAids = () => [
    articles.draft.aid,
    articles.future.aid,
    articles.deleted.aid,
    articles.internal.aid,
    articles.ofB.aid,
  ];

  describe('pages', () => {
    it('renders the home page with categories, articles, SEO tags and the help CSP', async () => {
      const response = await page(`/help/${slug}/`, { 'accept-language': 'en-US' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      const html = response.body;
      expect(html).toContain('<html lang="en-US">');
      expect(html).toContain(`<link rel="canonical" href="${origin}/help/${slug}/">`);
      expect(html).toContain(`<meta property="og:url" content="${origin}/help/${slug}/">`);
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta name="description"');
      expect(html).toContain(`/help/_assets/${helpStylesheet.name}`);
      expect(html).toContain('/help/_assets/theme-0958d9.css');
      // Only the top-level category on the home page, counting its sub-category's articles.
      expect(html).toContain('Billing 账单');
      expect(html).not.toContain('>Refunds<');
      expect(html).toMatch(/Billing 账单<\/strong><span class="muted">3 articles/);
      expect(html).toContain(`/help/${slug}/article/${articles.refund.aid}`);
      for (const aid of hiddenAids()) expect(html).not.toContain(aid);
      expect(html).toContain(`/chat/?org=${slug}&amp;wid=${wid}&amp;lang=en-US`);

      const csp = String(response.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("style-src 'self'");
      expect(csp).toContain('img-src');
      expect(csp).toContain('https:');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(response.headers['referrer-policy']).toBe('same-origin');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // No inline script or style in the page itself.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/<style|\sstyle=/);
      // The first visit gets the anonymous visitor cookie.
      expect(cookieOf(response.headers['set-cookie'], 'okh_vid')).toMatch(
        /; Path=\/help\/; .*HttpOnly; SameSite=Lax/,
      );
      // /help/<org> without the slash goes to the home page.
      const bare = await page(`/help/${slug}?lang=en-US`);
      expect(bare.statusCode).toBe(301);
      expect(bare.headers.location).toBe(`/help/${slug}/?lang=en-US`);
    });

    it('renders an article with breadcrumbs, votes, related articles and the chat link', async () => {
      const response = await page(`/help/${slug}/article/${articles.refund.aid}`, {
        'accept-language': 'en',
      });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<title>How to request a refund - ');
      expect(html).toContain('<meta name="description" content="Ask for your money back within 7 days.">');
      expect(html).toContain(
        `<link rel="canonical" href="${origin}/help/${slug}/article/${articles.refund.aid}">`,
      );
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain('<p>Open <strong>Orders</strong> and choose refund.</p>');
      expect(html).toContain(`href="/help/${slug}/category/${billing.cid}">Billing 账单</a>`);
      expect(html).toContain(`href="/help/${slug}/category/${refunds.cid}">Refunds</a>`);
      expect(html).toContain(`data-vote-url="/help/${slug}/api/vote" data-aid="${articles.refund.aid}"`);
      expect(html).toContain(`/help/_assets/${helpScript.name}`);
      // Related: the other article of its category.
      expect(html).toContain(`/help/${slug}/article/${articles.chinese.aid}">如何申请退款`);
      expect(html).toMatch(
        /<a class="btn" href="\/chat\/\?org=[^"]+" target="_blank" rel="noopener">Chat with us/,
      );
      expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    });

    it('answers 404 for everything that is not public, with the styled page', async () => {
      for (const aid of hiddenAids()) {
        const response = await page(`/help/${slug}/article/${aid}`);
        expect(response.statusCode, aid).toBe(404);
        expect(response.body).toContain(helpWords['zh-CN'].notFoundTitle);
        expect(response.body).toContain(`/help/_assets/${helpStylesheet.name}`);
      }
      expect((await page(`/help/${slug}/article/${articles.due.aid}`)).statusCode).toBe(200);
      expect((await page(`/help/${slug}/category/nope`)).statusCode).toBe(404);
      expect((await page(`/help/${slug}/category/${billing.cid}`)).statusCode).toBe(200);
      expect((await page(`/help/${slug}/no/such/page`)).statusCode).toBe(404);
      // The other organisation's article is not reachable through its own slug's category either.
      expect((await page(`/help/${b.admin.subDomain}/article/${articles.refund.aid}`)).statusCode).toBe(404);
      const unknown = await page('/help/no-such-org/', { 'accept-language': 'en-US' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain(helpWords['en-US'].notFoundTitle);
      expect((await page('/help/no-such-org/sitemap.xml')).statusCode).toBe(404);
      expect((await page('/help/')).statusCode).toBe(404);
    });

    it('shows the chosen home categories in their order, and the custom footer on every page', async () => {
      const footer =
        '<p>Questions? <a href="https://acme.example/contact">Contact us</a>, <strong>24/7</strong></p>' +
        '<script>alert(1)</script><a href="javascript:alert(1)">x</a>';
      expect(
        (await saveSettings({ homeCategories: [refunds.cid, billing.cid], footerHtml: footer })).status,
      ).toBe(200);
      try {
        const home = (await page(`/help/${slug}/?lang=en-US`)).body;
        const cards = hrefsOf(home, /<a class="card" href="\/help\/[^/]+\/category\/([^"]+)"/g);
        // A chosen sub-category shows on the home page too, in the chosen order.
        expect(cards).toEqual([refunds.cid, billing.cid]);
        expect(home).toMatch(/Refunds<\/strong><span class="muted">2 articles/);
        const footerOf = (html: string) => /<footer class="ft">(.*)<\/footer>/.exec(html)?.[1] ?? '';
        expect(footerOf(home)).toBe(
          '<div class="wrap"><p>Questions? <a href="https://acme.example/contact">Contact us</a>, ' +
            '<strong>24/7</strong></p><a>x</a></div>',
        );
        const article = (await page(`/help/${slug}/article/${articles.refund.aid}`)).body;
        expect(footerOf(article)).toContain('Contact us');
        expect(article).not.toContain('alert(1)');

        expect((await saveSettings({ homeCategories: [billing.cid] })).status).toBe(200);
        const only = (await page(`/help/${slug}/`)).body;
        expect(hrefsOf(only, /<a class="card" href="\/help\/[^/]+\/category\/([^"]+)"/g)).toEqual([
          billing.cid,
        ]);
        // Without a footer of its own the page signs with the help centre's name.
        expect(only).toMatch(/<footer class="ft"><div class="wrap"><p>© [^<]+<\/p><\/div><\/footer>/);
      } finally {
        await saveSettings({});
      }
    });

    it('offers the feedback form, posting to the feedback API through the help script only', async () => {
      const from = `${origin}/help/${slug}/article/${articles.refund.aid}`;
      const response = await page(`/help/${slug}/feedback?lang=en-US`, { referer: from });
      expect(response.statusCode).toBe(200);
      const html = response.body;
      expect(html).toContain('<h1>Send us feedback</h1>');
      expect(html).toContain(`data-feedback-url="/help/${slug}/api/feedback"`);
      expect(html).toContain(`data-image-url="/help/${slug}/api/feedback/image"`);
      expect(html).toContain('data-max-images="4"');
      expect(html).toContain('accept="image/png,image/jpeg,image/gif,image/webp"');
      expect(html).toContain('<option value="bug">Problem</option>');
      expect(html).toContain('<textarea id="fb-content" name="content"');
      expect(html).toContain(`<input type="hidden" name="url" value="${from}">`);
      expect(html).toContain('<meta name="robots" content="noindex, follow">');
      // The page's only script is the help centre's file; nothing inline (the CSP forbids it).
      expect(html).toContain(`<script src="/help/_assets/${helpScript.name}" defer></script>`);
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(html).not.toMatch(/\son[a-z]+=/);
      expect(helpScript.body.toString()).toContain("querySelector('form[data-feedback-url]')");

      // A referrer from elsewhere is not sent as the page the feedback is about.
      const foreign = await page(`/help/${slug}/feedback`, { referer: 'https://evil.example/help/' });
      expect(foreign.body).toContain('<input type="hidden" name="url" value="">');
      const zh = await page(`/help/${slug}/feedback?lang=zh-CN`);
      expect(zh.body).toContain('<option value="suggestion">建议</option>');
      expect(zh.body).toContain('提交反馈');
      // Every page's "still need help?" box links to it.
      const article = await page(`/help/${slug}/article/${articles.refund.aid}?lang=en-US`);
      expect(article.body).toContain(`<a class="btn btn-o" href="/help/${slug}/feedback">Send feedback</a>`);
      expect((await page(`/help/no-such-help-centre/feedback`)).statusCode).toBe(404);
    });

    it('lists sub-categories and articles on a category page', async () => {
      const response = await page(`/help/${slug}/category/${billing.cid}?lang=en-US`);
      const html = response.body;
      expect(html).toContain('<h1>Billing 账单</h1>');
      expect(html).toContain(`href="/help/${slug}/category/${refunds.cid}"><strong>Refunds</strong>`);
      expect(html).toContain(articles.hostile.aid);
      expect(html).not.toContain(`article/${articles.refund.aid}`);
      expect(html).toContain(`<link rel="canonical" href="${origin}/help/${slug}/category/${billing.cid}">`);
      // A bad page number is page 1, not an error.
      expect((await page(`/help/${slug}/category/${billing.cid}?page=abc`)).statusCode).toBe(200);
    });

    it('escapes hostile titles, names and link titles', async () => {
      expect(
        (
          await saveSettings({
            name: `Acme ${xss}`.slice(0, 60),
            navLinks: [{ title: '<img src=x onerror=alert(1)>', url: 'https://acme.example/?a=1&b="2"' }],
          })
        ).status,
      ).toBe(200);
      try {
        for (const url of [
          `/help/${slug}/`,
          `/help/${slug}/article/${articles.hostile.aid}`,
          `/help/${slug}/category/${billing.cid}`,
        ]) {
          const html = (await page(url)).body;
          expect(html).not.toContain('<script>alert(1)');
          expect(html).not.toContain('<img src=x');
          expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
          expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
        }
        const home = (await page(`/help/${slug}/`)).body;
        expect(home).toContain('href="https://acme.example/?a=1&amp;b=&quot;2&quot;"');
      } finally {
        await saveSettings({});
      }
    });

    it('answers 404 on every page while the help centre is switched off', async () => {
      await saveSettings({ published: false });
      try {
        for (const url of [
          `/help/${slug}/`,
          `/help/${slug}/article/${articles.refund.aid}`,
          `/help/${slug}/category/${billing.cid}`,
          `/help/${slug}/search?q=refund`,
          `/help/${slug}/sitemap.xml`,
        ])
          expect((await page(url)).statusCode, url).toBe(404);
        expect((await vote({ aid: articles.refund.aid, helpful: true })).statusCode).toBe(404);
      } finally {
        await saveSettings({});
      }
      expect((await page(`/help/${slug}/`)).statusCode).toBe(200);
    });

    it('picks the language from ?lang=, then the cookie, then Accept-Language, among those offered', async () => {
      const langOf = (html: string) => /<html lang="([^"]+)">/.exec(html)?.[1];
      // The default is the first offered language.
      expect(langOf((await page(`/help/${slug}/`)).body)).toBe('zh-CN');
      expect((await page(`/help/${slug}/`)).body).toContain(helpWords['zh-CN'].hero);
      expect(langOf((await page(`/help/${slug}/`, { 'accept-language': 'en-GB,en;q=0.9' })).body)).toBe(
        'en-US',
      );
      expect(langOf((await page(`/help/${slug}/`, { 'accept-language': 'fr, zh-TW;q=0.5' })).body)).toBe(
        'zh-CN',
      );
      const chosen = await page(`/help/${slug}/?lang=en-US`);
      expect(langOf(chosen.body)).toBe('en-US');
      const cookie = cookieOf(chosen.headers['set-cookie'], 'okh_lang');
      expect(cookie).toMatch(/^okh_lang=en-US; Path=\/help\//);
      expect(langOf((await page(`/help/${slug}/`, { cookie: 'okh_lang=en-US' })).body)).toBe('en-US');
      expect(langOf((await page(`/help/${slug}/?lang=zh-CN`, { cookie: 'okh_lang=en-US' })).body)).toBe(
        'zh-CN',
      );
      // The switch links keep the page and its query.
      expect(chosen.body).toContain(`href="/help/${slug}/?lang=zh-CN" lang="zh-CN"`);
      await saveSettings({ languages: ['en-US'] });
      try {
        const only = await page(`/help/${slug}/?lang=zh-CN`, { 'accept-language': 'zh-CN' });
        expect(langOf(only.body)).toBe('en-US');
        expect(only.body).not.toContain('hreflang');
      } finally {
        await saveSettings({});
      }
    });
  });

  describe('search', () => {
    it('finds articles by English and Chinese queries with highlights, never what is not public', async () => {
      const english = await page(`/help/${slug}/search?q=refund&lang=en-US`);
      expect(english.statusCode).toBe(200);
      expect(english.body).toContain('<meta name="robots" content="noindex, follow">');
      expect(english.body).toContain('How to request a <mark>refund</mark>');
      expect(english.body).toContain('value="refund"');
      for (const aid of hiddenAids()) expect(english.body).not.toContain(aid);

      const chinese = await page(`/help/${slug}/search?q=${encodeURIComponent('退款')}`);
      expect(chinese.body).toContain('如何申请<mark>退款</mark>');
      expect(chinese.body).not.toContain(articles.ofB.aid);

      const none = await page(`/help/${slug}/search?q=warranty&lang=en-US`);
      expect(none.body).toContain('No articles match “warranty”.');
      expect(none.body).toContain('Chat with us');
      const hostile = await page(`/help/${slug}/search?q=${encodeURIComponent('<script>x')}`);
      expect(hostile.body).not.toContain('<script>x');
      expect((await page(`/help/${slug}/search`)).statusCode).toBe(200);
    });

    it('limits searches per address', async () => {
      await spendBudget('help:search:ip:10.9.0.1', helpSearchRule.limit);
      const refused = await page(`/help/${slug}/search?q=refund`, {}, '10.9.0.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.body).toContain(helpWords['zh-CN'].tooManyTitle);
    });
  });

  describe('votes and views', () => {
    it('keeps one vote per visitor cookie; a second vote replaces the first', async () => {
      const first = await vote({ aid: articles.chinese.aid, helpful: true });
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ rateHelpful: 1, rateUseless: 0 });
      const cookie = cookieOf(first.headers['set-cookie'], 'okh_vid');
      expect(cookie).toMatch(/HttpOnly; SameSite=Lax/);
      const visitor = (cookie ?? '').split(';')[0] ?? '';
      expect((await vote({ aid: articles.chinese.aid, helpful: true }, visitor)).json().data).toEqual({
        rateHelpful: 1,
        rateUseless: 0,
      });
      expect((await vote({ aid: articles.chinese.aid, helpful: false }, visitor)).json().data).toEqual({
        rateHelpful: 0,
        rateUseless: 1,
      });
      expect(
        (
          await vote({ aid: articles.chinese.aid, helpful: true }, 'okh_vid=another-visitor-0000000000')
        ).json().data,
      ).toEqual({
        rateHelpful: 1,
        rateUseless: 1,
      });
      for (const aid of hiddenAids())
        expect((await vote({ aid, helpful: true }, visitor)).statusCode, aid).toBe(404);
      expect((await vote({ aid: articles.refund.aid, helpful: 'yes' }, visitor)).statusCode).toBe(400);
      expect(
        (await vote({ aid: articles.refund.aid, helpful: true }, visitor, '10.1.0.1', 'no-such-org'))
          .statusCode,
      ).toBe(404);
    });

    it('limits votes per address with 429 and retryAfter', async () => {
      await spendBudget('help:vote:ip:10.2.0.1', helpVoteRule.limit - 1);
      expect(
        (await vote({ aid: articles.refund.aid, helpful: true }, undefined, '10.2.0.1')).statusCode,
      ).toBe(200);
      const last = await vote({ aid: articles.refund.aid, helpful: true }, undefined, '10.2.0.1');
      expect(last.statusCode).toBe(429);
      expect(last.json().retryAfter).toBeGreaterThan(0);
      expect(last.headers['retry-after']).toBeDefined();
    });

    it('counts a view once per visitor and day, and none for crawlers', async () => {
      const readCount = async () =>
        Number(
          (
            await ctx.database.db
              .selectFrom('article')
              .select('read_count')
              .where('aid', '=', articles.hostile.aid)
              .executeTakeFirstOrThrow()
          ).read_count,
        );
      const before = await readCount();
      const url = `/help/${slug}/article/${articles.hostile.aid}`;
      await page(url, { cookie: 'okh_vid=reader-one-000000000000000' });
      await page(url, { cookie: 'okh_vid=reader-one-000000000000000' });
      await page(url, { cookie: 'okh_vid=reader-two-000000000000000' });
      await page(url, {
        cookie: 'okh_vid=reader-bot-000000000000000',
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)',
      });
      expect(await readCount()).toBe(before + 2);
    });
  });

  describe('sitemap and assets', () => {
    it('lists exactly the public articles, the home page and the categories', async () => {
      const response = await page(`/help/${slug}/sitemap.xml`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const locs = hrefsOf(response.body, /<loc>([^<]+)<\/loc>/g);
      const articleLocs = locs.filter((loc) => loc?.includes('/article/'));
      expect(articleLocs.sort()).toEqual(
        liveAids()
          .map((aid) => `${origin}/help/${slug}/article/${aid}`)
          .sort(),
      );
      expect(locs).toContain(`${origin}/help/${slug}/`);
      expect(locs).toContain(`${origin}/help/${slug}/category/${billing.cid}`);
      expect(response.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
    });

    it('serves the stylesheet and script with immutable caching and gzip, within the 30 KB budget', async () => {
      const css = await page(`/help/_assets/${helpStylesheet.name}`, { 'accept-encoding': 'gzip, br' });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-encoding']).toBe('gzip');
      expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      const etag = String(css.headers.etag);
      expect((await page(`/help/_assets/${helpStylesheet.name}`, { 'if-none-match': etag })).statusCode).toBe(
        304,
      );
      const js = await page(`/help/_assets/${helpScript.name}`);
      expect(js.statusCode).toBe(200);
      expect(js.body).toContain('data-vote-url');
      const theme = await page('/help/_assets/theme-ffd700.css');
      // A light colour: dark text on it, links darkened to AA contrast.
      expect(theme.body).toMatch(/^:root\{--p:#ffd700;--on-p:#1f1f1f;--link:#[0-9a-f]{6}\}/);
      expect((await page('/help/_assets/theme-red.css')).statusCode).toBe(404);
      expect((await page('/help/_assets/help.0000.js')).statusCode).toBe(404);
      expect(helpAssetBytes().total).toBeLessThan(30 * 1024);
    });

    it("links the console's icon on every page and serves it from the help centre's own files", async () => {
      const iconLink = `<link rel="icon" type="image/svg+xml" href="/help/_assets/${helpIcon.name}">`;
      expect((await page(`/help/${slug}/`)).body).toContain(iconLink);
      expect((await page(`/help/${slug}/article/${articles.refund.aid}`)).body).toContain(iconLink);
      const missing = await page(`/help/${slug}/no/such/page`);
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain(iconLink);

      // This app has no console build (WEB_DIST_DIR points nowhere): the icon still resolves.
      expect((await page('/admin/')).statusCode).toBe(503);
      const icon = await ctx.app.inject({ method: 'GET', url: `/help/_assets/${helpIcon.name}` });
      expect(icon.statusCode).toBe(200);
      expect(icon.headers['content-type']).toBe('image/svg+xml');
      expect(icon.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      // The very icon the console and its /favicon.ico show, not a look-alike.
      const consoleIcon = readFileSync(
        new URL('../../../../web/public/favicon.svg', import.meta.url),
        'utf8',
      );
      expect(icon.body).toBe(consoleIcon.trim());
      expect((await page('/help/_assets/icon.000000000000.svg')).statusCode).toBe(404);
    });
  });

  describe('widget search', () => {
    const search = (query: string) =>
      getJson<VisitorHelpSearchResult>(ctx, `/visitor/api/help/search?${query}`);

    it('is off by default (403), and searches once the skill group turns it on', async () => {
      const groups = await getJson<Workgroup[]>(ctx, '/api/workgroup/all', a.admin.token);
      expect(groups.body.data.find((group) => group.wid === wid)?.helpCenterSearch).toBe(false);
      expect((await search(`org=${slug}&wid=${wid}&q=refund`)).status).toBe(403);
      expect((await search(`org=${slug}&wid=nope&q=refund`)).status).toBe(404);
      expect((await search(`org=no-such-org&wid=${wid}&q=refund`)).status).toBe(404);
      expect((await search(`org=${slug}&q=refund`)).status).toBe(400);

      const updated = await postJson<Workgroup>(ctx, '/api/workgroup/update', a.admin.token, {
        wid,
        helpCenterSearch: true,
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data.helpCenterSearch).toBe(true);
      const preview = await getJson<{ settings: { helpCenterSearch: boolean } }>(
        ctx,
        `/visitor/api/preview?org=${slug}&wid=${wid}`,
      );
      expect(preview.body.data.settings.helpCenterSearch).toBe(true);

      const english = await search(`org=${slug}&wid=${wid}&q=refund&size=3`);
      expect(english.status).toBe(200);
      const hit = english.body.data.hits.find((candidate) => candidate.aid === articles.refund.aid);
      expect(hit).toMatchObject({
        titleHtml: 'How to request a <mark>refund</mark>',
        url: `${origin}/help/${slug}/article/${articles.refund.aid}`,
      });
      for (const aid of hiddenAids())
        expect(english.body.data.hits.map((item) => item.aid)).not.toContain(aid);
      const chinese = await search(`org=${slug}&wid=${wid}&q=${encodeURIComponent('退款')}`);
      expect(chinese.body.data.hits.map((item) => item.aid)).toContain(articles.chinese.aid);
    });

    it('limits searches per address', async () => {
      await spendBudget('help:search:ip:10.4.0.1', helpSearchRule.limit);
      const refused = await ctx.app.inject({
        method: 'GET',
        url: `/visitor/api/help/search?org=${slug}&wid=${wid}&q=x`,
        remoteAddress: '10.4.0.1',
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().retryAfter).toBeGreaterThan(0);
    });
  });

  it('keeps both dictionaries in step', () => {
    expect(Object.keys(helpWords['zh-CN']).sort()).toEqual(Object.keys(helpWords['en-US']).sort());
  });
});
