import type { ArticleSearchHit, ArticleSummary, Page } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createRecordsOrg, getJson, type RecordsOrg } from '../records/records.fixture.js';
import { chineseArticles, englishArticles, insertArticles } from './article.fixture.js';

const search = (q: string, size = 20) =>
  `/api/article/search?type=support&size=${size}&q=${encodeURIComponent(q)}`;

await describeEachDatabase('article search', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;

  const hits = async (q: string, token = a.admin.token, size = 20) => {
    const response = await getJson<Page<ArticleSearchHit>>(ctx, search(q, size), token);
    expect(response.status).toBe(200);
    return response.body.data;
  };

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const { db, dialect } = ctx.database;
    await insertArticles(db, dialect, a.admin, [
      ...chineseArticles(50),
      ...englishArticles(50),
      // Body-only matches, to be outranked by title matches.
      {
        title: '账号安全设置',
        summary: '建议定期修改密码。',
        content: '<p>为了账号安全，建议每三个月修改密码一次。修改密码后需要重新登录。</p>',
        keywords: [],
      },
      {
        title: 'Security settings',
        summary: 'Reset password regularly.',
        content:
          '<p>We recommend that you reset password every three months. To reset password, open settings.</p>',
        keywords: [],
      },
      {
        title: '<img src=x onerror=alert(1)>退款须知',
        summary: '<script>alert("退款")</script>',
        content: '<p>退款须知<script>alert(1)</script></p>',
        keywords: [],
        status: 'draft',
      },
    ]);
    await insertArticles(db, dialect, b.admin, chineseArticles(5));
  });

  it('finds Chinese articles by topic, titles first, with the matches marked', async () => {
    const result = await hits('退款');
    expect(result.totalElements).toBeGreaterThanOrEqual(5);
    const titled = result.content.filter((hit) => hit.title.includes('退款'));
    expect(titled.length).toBeGreaterThanOrEqual(5);
    // Every hit with 退款 in its title comes before any hit with it in the body only.
    const lastTitled = Math.max(...titled.map((hit) => result.content.indexOf(hit)));
    const firstBodyOnly = result.content.findIndex((hit) => !hit.title.includes('退款'));
    if (firstBodyOnly >= 0) expect(lastTitled).toBeLessThan(firstBodyOnly);
    for (const hit of titled) expect(hit.titleHtml).toContain('<mark>退款</mark>');
    expect(result.content[0]?.snippetHtml).toContain('<mark>');

    for (const [query, word] of [
      ['发票', '发票'],
      ['物流', '物流'],
      ['修改密码', '修改密码'],
      ['开具发票', '发票'],
    ] as const) {
      const found = await hits(query);
      expect(found.content[0]?.title, query).toContain(word);
    }
  });

  it('ranks a title match above body-only matches (Chinese and English)', async () => {
    const zh = await hits('修改密码', undefined, 50);
    const titleIndex = zh.content.findIndex((hit) => hit.title.startsWith('如何修改密码'));
    const bodyIndex = zh.content.findIndex((hit) => hit.title === '账号安全设置');
    expect(titleIndex).toBe(0);
    expect(bodyIndex).toBeGreaterThan(titleIndex);
    expect(zh.content[bodyIndex]?.snippetHtml).toContain('<mark>修改密码</mark>');

    const en = await hits('reset password', undefined, 50);
    expect(en.content[0]?.title).toMatch(/^Reset your password/);
    expect(en.content[0]?.titleHtml).toMatch(/^<mark>Reset<\/mark> your <mark>password<\/mark>/);
    const security = en.content.findIndex((hit) => hit.title === 'Security settings');
    expect(security).toBeGreaterThan(0);
    expect(en.content[security]?.snippetHtml).toContain('<mark>reset</mark> <mark>password</mark>');
  });

  it('ranks an old title match first among hundreds of newer body-only matches, and pages through all', async () => {
    // More matches than the ranked window (rankedCandidateLimit = 200): the title tier must not
    // depend on being among the newest matches.
    const c = await createRecordsOrg(ctx);
    const { db, dialect } = ctx.database;
    const body = (index: number) => ({
      title: `Shipping note ${index}`,
      summary: '',
      content: `<p>Note ${index}: the warranty card stays in the box; warranty questions go to the shop.</p>`,
      keywords: [],
    });
    const [oldest] = await insertArticles(db, dialect, c.admin, [
      { title: 'Warranty', summary: '', content: '<p>What is covered and for how long.</p>', keywords: [] },
      ...Array.from({ length: 120 }, (_, index) => body(index)),
    ]);
    const [middle] = await insertArticles(db, dialect, c.admin, [
      { title: 'Extended warranty plans', summary: '', content: '<p>Plans and prices.</p>', keywords: [] },
      ...Array.from({ length: 140 }, (_, index) => body(120 + index)),
    ]);
    const titled = [oldest, middle].sort();

    const first = await hits('warranty', c.admin.token, 20);
    expect(first.totalElements).toBe(262);
    expect(
      first.content
        .slice(0, 2)
        .map((hit) => hit.aid)
        .sort(),
    ).toEqual(titled);
    expect(first.content[2]?.title).toMatch(/^Shipping note/);

    // A page that ends the title tier and starts the body tier, then the next one.
    const small = await getJson<Page<ArticleSearchHit>>(
      ctx,
      `${search('warranty', 5)}&page=0`,
      c.admin.token,
    );
    const next = await getJson<Page<ArticleSearchHit>>(ctx, `${search('warranty', 5)}&page=1`, c.admin.token);
    expect(
      small.body.data.content
        .slice(0, 2)
        .map((hit) => hit.aid)
        .sort(),
    ).toEqual(titled);
    expect(small.body.data.content).toHaveLength(5);
    expect(next.body.data.content).toHaveLength(5);
    expect(next.body.data.content.every((hit) => hit.title.startsWith('Shipping note'))).toBe(true);

    // Every match exactly once across pages, past the ranked window.
    const seen = new Set<string>();
    for (let page = 0; page < 6; page += 1) {
      const response = await getJson<Page<ArticleSearchHit>>(
        ctx,
        `${search('warranty', 50)}&page=${page}`,
        c.admin.token,
      );
      for (const hit of response.body.data.content) seen.add(hit.aid);
    }
    expect(seen.size).toBe(262);
  });

  it('finds English articles case-insensitively by whole words', async () => {
    for (const [query, word] of [
      ['REFUND', /refund/i],
      ['invoice', /invoice/i],
      ['shipping', /shipping|shipment/i],
      ['cancel subscription', /subscription/i],
    ] as const) {
      const found = await hits(query);
      expect(found.totalElements, query).toBeGreaterThan(0);
      expect(found.content[0]?.title, query).toMatch(word);
    }
    const refund = await hits('refund');
    expect(refund.content.find((hit) => hit.title.startsWith('Refund declined'))?.titleHtml).toMatch(
      /^<mark>Refund<\/mark> declined/,
    );
    // Whole words: "refun" is not a word of any article.
    expect((await hits('refun')).totalElements).toBe(0);
  });

  it('keeps markup in titles and snippets escaped, drafts included', async () => {
    const found = await hits('退款须知');
    const hit = found.content.find((candidate) => candidate.title.includes('退款须知'));
    expect(hit?.titleHtml).toBe('&lt;img src=x onerror=alert(1)&gt;<mark>退款须知</mark>');
    expect(hit?.snippetHtml).not.toMatch(/<(?!\/?mark>)/);
  });

  it('pages, counts, and stays inside the organisation', async () => {
    const first = await hits('退款', a.admin.token, 3);
    expect(first.content).toHaveLength(3);
    expect(first.totalElements).toBeGreaterThan(3);
    const ofB = await hits('退款', b.admin.token);
    expect(ofB.totalElements).toBeGreaterThanOrEqual(1);
    expect(ofB.totalElements).toBeLessThan(first.totalElements);
    expect((await hits('不存在的词语')).totalElements).toBe(0);
    expect((await hits('？！')).totalElements).toBe(0);
  });

  it('filters the list by keyword through the same index', async () => {
    const list = await getJson<Page<ArticleSummary>>(
      ctx,
      `/api/article/query?type=support&size=100&keyword=${encodeURIComponent('发票')}`,
      a.admin.token,
    );
    expect(list.status).toBe(200);
    expect(list.body.data.totalElements).toBeGreaterThan(0);
    expect(
      list.body.data.content.every(
        (row) =>
          `${row.title}${row.summary}${row.keywords.join()}`.includes('发票') || row.title.includes('发票'),
      ),
    ).toBe(true);
    const en = await getJson<Page<ArticleSummary>>(
      ctx,
      '/api/article/query?type=support&keyword=Invoice',
      a.admin.token,
    );
    expect(en.body.data.totalElements).toBeGreaterThan(0);
  });
});
