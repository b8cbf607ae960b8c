import type {
  Article,
  ArticleCreateBody,
  ArticleSummary,
  ArticleVersion,
  ArticleVersionDetail,
  Category,
  Page,
  TenderSummaryRow,
  TikuAttemptResult,
  TikuPracticeQuestion,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import type { Principal } from '../auth/auth.service.js';
import { createRecordsOrg, getJson, postJson, type RecordsOrg } from '../records/records.fixture.js';

import { createArticleService } from './article.service.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

/** Markup an attacker would try in every text field. */
const xss = '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>';

const choice = (overrides: object = {}) => ({
  questionType: 'single',
  options: [
    { key: 'A', text: 'Seven days' },
    { key: 'B', text: 'Thirty days' },
  ],
  answer: ['A'],
  explanation: 'Returns are accepted for seven days.',
  difficulty: 2,
  ...overrides,
});

await describeEachDatabase('article routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let staff: string;

  const create = (token: string | undefined, payload: object) =>
    postJson<Article>(ctx, '/api/article/create', token, { type: 'support', ...payload });
  const update = (token: string, article: Article, payload: object) =>
    postJson<Article>(ctx, '/api/article/update', token, {
      aid: article.aid,
      version: article.version,
      title: article.title,
      content: article.content,
      ...payload,
    });
  const batch = (token: string, payload: object) =>
    postJson<{ count: number }>(ctx, '/api/article/batch', token, payload);
  const list = (token: string, query: string) =>
    getJson<Page<ArticleSummary>>(ctx, `/api/article/query?${query}`, token);
  const category = (token: string, payload: object) =>
    postJson<Category>(ctx, '/api/category/create', token, { type: 'support', ...payload });

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  describe('create, get, query', () => {
    it('creates an article with sanitised content and lists it', async () => {
      const faq = (await category(a.admin.token, { name: 'FAQ' })).body.data;
      const created = await create(a.admin.token, {
        title: `  Refund policy ${xss}  `,
        summary: xss,
        content: `<h2>Refunds</h2><p onclick="alert(1)">Within <strong>7 days</strong>.</p>${xss}`,
        keywords: ['refund', 'money'],
        categories: [faq.cid],
        status: 'published',
      });
      expect(created.status).toBe(200);
      const article = created.body.data;
      expect(article).toMatchObject({
        type: 'support',
        status: 'published',
        version: 1,
        keywords: ['refund', 'money'],
        categories: [{ cid: faq.cid, name: 'FAQ' }],
        author: { uid: a.admin.uid },
        question: null,
        tender: null,
        deletedAt: null,
      });
      expect(article.publishedAt).toBeGreaterThan(0);
      expect(article.content).toBe(
        '<h2>Refunds</h2><p>Within <strong>7 days</strong>.</p><img src="x" /><a>x</a>',
      );
      // Plain-text fields are text: returned as typed, escaped wherever they are rendered as HTML.
      expect(article.title).toBe(`Refund policy ${xss}`);

      const got = await getJson<Article>(ctx, `/api/article/get?aid=${article.aid}`, a.agent.token);
      expect(got.status).toBe(403);
      const byAdmin = await getJson<Article>(ctx, `/api/article/get?aid=${article.aid}`, a.admin.token);
      expect(byAdmin.body.data.content).toBe(article.content);

      const page = await list(a.admin.token, 'type=support');
      expect(page.status).toBe(200);
      expect(page.body.data.content.map((row) => row.aid)).toContain(article.aid);
      expect(page.body.data.content[0]).not.toHaveProperty('content');
    });

    it('renders Markdown when only Markdown is given, sanitised', async () => {
      const created = await create(a.admin.token, {
        title: 'Markdown',
        markdown: `# Shipping\n\n[click](javascript:alert(1)) ${xss}\n\n- one\n- two`,
      });
      expect(created.status).toBe(200);
      const { content, markdown, status } = created.body.data;
      expect(status).toBe('draft');
      expect(markdown).toContain('# Shipping');
      expect(content).toContain('<h1>Shipping</h1>');
      expect(content).toContain('<li>one</li>');
      expect(content).not.toMatch(/<script|<img|<a href="javascript/i);
      expect(content).toContain('&lt;script&gt;');
    });

    it('answers 400 naming the field, 401 and 403', async () => {
      const empty = await create(a.admin.token, { title: '   ' });
      expect(empty.status).toBe(400);
      expect(fieldsOf(empty.body)).toEqual(['title']);
      const badType = await create(a.admin.token, { type: 'nope', title: 'x' });
      expect(fieldsOf(badType.body)).toEqual(['type']);
      const foreign = (await category(b.admin.token, { name: 'B only' })).body.data;
      const badCategory = await create(a.admin.token, { title: 'x', categories: [foreign.cid] });
      expect(badCategory.status).toBe(400);
      expect(fieldsOf(badCategory.body)).toEqual(['categories']);
      const quick = (
        await postJson<Category>(ctx, '/api/category/create', a.admin.token, {
          type: 'cuw_company',
          name: 'Quick',
        })
      ).body.data;
      expect(fieldsOf((await create(a.admin.token, { title: 'x', categories: [quick.cid] })).body)).toEqual([
        'categories',
      ]);
      const tender = await create(a.admin.token, {
        title: 'x',
        tender: { buyer: 'b', region: '', budget: null, deadline: null, sourceUrl: '' },
      });
      expect(fieldsOf(tender.body)).toEqual(['tender']);
      const badQuery = await list(a.admin.token, 'type=support&status=gone');
      expect(fieldsOf(badQuery.body)).toEqual(['status']);

      expect((await create(undefined, { title: 'x' })).status).toBe(401);
      // Agents hold no kb.* permission: refused before the body is read.
      expect((await create(a.agent.token, { title: '' })).status).toBe(403);
      expect((await list(a.agent.token, 'type=support')).status).toBe(403);
    });

    it('keeps admin-only types to the admin account', async () => {
      const blog = await create(a.admin.token, { type: 'blog', title: 'Launch' });
      expect(blog.status).toBe(403);
      expect((await list(a.admin.token, 'type=knowledge')).status).toBe(403);
      const byStaff = await create(staff, { type: 'blog', title: 'Launch', status: 'published' });
      expect(byStaff.status).toBe(200);
      expect((await list(staff, 'type=blog')).body.data.totalElements).toBe(1);
    });

    it("answers 404 for another organisation's articles and categories", async () => {
      const ofB = (await create(b.admin.token, { title: 'B article' })).body.data;
      expect((await getJson(ctx, `/api/article/get?aid=${ofB.aid}`, a.admin.token)).status).toBe(404);
      expect((await getJson(ctx, `/api/article/versions?aid=${ofB.aid}`, a.admin.token)).status).toBe(404);
      expect((await update(a.admin.token, ofB, { title: 'stolen' })).status).toBe(404);
      expect((await batch(a.admin.token, { action: 'delete', aids: [ofB.aid] })).status).toBe(404);
      const foreign = (await category(b.admin.token, { name: 'B filter' })).body.data;
      expect((await list(a.admin.token, `type=support&category=${foreign.cid}`)).status).toBe(404);
      expect((await list(b.admin.token, 'type=support')).body.data.content.map((row) => row.title)).toEqual([
        'B article',
      ]);
    });

    it("answers 404 for another organisation's versions, restores and question-bank answers", async () => {
      const ofB = (await create(b.admin.token, { title: 'B versions', content: '<p>One</p>' })).body.data;
      expect((await update(b.admin.token, ofB, { content: '<p>Two</p>' })).status).toBe(200);
      expect(
        (await getJson(ctx, `/api/article/version?aid=${ofB.aid}&version=1`, a.admin.token)).status,
      ).toBe(404);
      const restore = await postJson(ctx, '/api/article/restore', a.admin.token, {
        aid: ofB.aid,
        version: 1,
      });
      expect(restore.status).toBe(404);
      // Untouched: B's article still has its second version's content.
      const got = await getJson<Article>(ctx, `/api/article/get?aid=${ofB.aid}`, b.admin.token);
      expect(got.body.data).toMatchObject({ version: 2, content: '<p>Two</p>' });

      // Question banks are admin-account only, so B's question is written through the service.
      const service = createArticleService({
        db: ctx.database.db,
        dialect: ctx.database.dialect,
        access: { can: async () => true, assert: async () => undefined },
      });
      const foreign = await service.create(
        { ...b.admin, isAdminAccount: true } as unknown as Principal,
        {
          type: 'tiku',
          title: 'B question',
          status: 'published',
          question: choice(),
        } as ArticleCreateBody,
      );
      const attempt = await postJson(ctx, '/api/article/tiku/attempt', staff, {
        answers: [{ aid: foreign.aid, answer: ['A'] }],
      });
      expect(attempt.status).toBe(404);
      const practice = await getJson<TikuPracticeQuestion[]>(
        ctx,
        '/api/article/tiku/practice?size=50',
        staff,
      );
      expect(practice.body.data.map((question) => question.aid)).not.toContain(foreign.aid);
    });
  });

  describe('versions', () => {
    it('saves each change as a version, refuses a stale one with 409, restores an old one', async () => {
      const v1 = (await create(a.admin.token, { title: 'Invoices', content: '<p>First</p>' })).body.data;
      const v2 = await update(a.admin.token, v1, { title: 'Invoices v2', content: '<p>Second</p>' });
      expect(v2.status).toBe(200);
      expect(v2.body.data.version).toBe(2);
      const stale = await update(a.admin.token, v1, { title: 'Lost update' });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toContain('version 2');
      expect(fieldsOf(stale.body)).toEqual(['version']);
      const zh = await ctx.app.inject({
        method: 'POST',
        url: '/api/article/update',
        headers: { ...bearer(a.admin.token), 'accept-language': 'zh-CN' },
        payload: { aid: v1.aid, version: 1, title: 'x' },
      });
      expect(zh.json<{ message: string }>().message).toContain('已被他人保存');

      const versions = await getJson<ArticleVersion[]>(
        ctx,
        `/api/article/versions?aid=${v1.aid}`,
        a.admin.token,
      );
      expect(versions.body.data.map((version) => [version.version, version.title])).toEqual([
        [2, 'Invoices v2'],
        [1, 'Invoices'],
      ]);
      expect(versions.body.data[0]?.author?.uid).toBe(a.admin.uid);
      const one = await getJson<ArticleVersionDetail>(
        ctx,
        `/api/article/version?aid=${v1.aid}&version=1`,
        a.admin.token,
      );
      expect(one.body.data).toMatchObject({ version: 1, title: 'Invoices', content: '<p>First</p>' });
      expect((await getJson(ctx, `/api/article/version?aid=${v1.aid}&version=9`, a.admin.token)).status).toBe(
        404,
      );

      const restored = await postJson<Article>(ctx, '/api/article/restore', a.admin.token, {
        aid: v1.aid,
        version: 1,
      });
      expect(restored.status).toBe(200);
      expect(restored.body.data).toMatchObject({ version: 3, title: 'Invoices', content: '<p>First</p>' });
      // The index follows the restore: the old title's words find it again, the replaced ones do not.
      const found = await getJson<Page<{ aid: string }>>(
        ctx,
        '/api/article/search?type=support&q=First',
        a.admin.token,
      );
      expect(found.body.data.content.map((hit) => hit.aid)).toContain(v1.aid);
      const gone = await getJson<Page<{ aid: string }>>(
        ctx,
        '/api/article/search?type=support&q=Second',
        a.admin.token,
      );
      expect(gone.body.data.content.map((hit) => hit.aid)).not.toContain(v1.aid);
    });
  });

  describe('publishing, trash', () => {
    it('schedules a future publication and shows it live once due', async () => {
      const future = Date.now() + 3_600_000;
      const scheduled = (
        await create(a.admin.token, { title: 'Holiday shipping', status: 'published', publishAt: future })
      ).body.data;
      expect(scheduled).toMatchObject({ status: 'scheduled', publishAt: future, publishedAt: null });
      const waiting = await list(a.admin.token, 'type=support&status=scheduled');
      expect(waiting.body.data.content.map((row) => row.aid)).toEqual([scheduled.aid]);
      // Time passes (no sweeper needed: liveness is computed when read).
      const due = Date.now() - 1000;
      await ctx.database.db
        .updateTable('article')
        .set({ publish_at: due, published_at: due })
        .where('aid', '=', scheduled.aid)
        .execute();
      const live = await list(a.admin.token, 'type=support&status=published');
      const row = live.body.data.content.find((candidate) => candidate.aid === scheduled.aid);
      expect(row).toMatchObject({ status: 'published', publishedAt: due });
      expect((await list(a.admin.token, 'type=support&status=scheduled')).body.data.totalElements).toBe(0);
    });

    it('publishes, unpublishes, moves, trashes, restores and purges in bulk', async () => {
      const one = (await create(a.admin.token, { title: 'Bulk one' })).body.data;
      const two = (await create(a.admin.token, { title: 'Bulk two' })).body.data;
      const aids = [one.aid, two.aid];
      expect((await batch(a.admin.token, { action: 'publish', aids })).body.data.count).toBe(2);
      const published = await getJson<Article>(ctx, `/api/article/get?aid=${one.aid}`, a.admin.token);
      expect(published.body.data).toMatchObject({ status: 'published', version: 2 });
      expect((await batch(a.admin.token, { action: 'unpublish', aids: [one.aid] })).body.data.count).toBe(1);
      expect(
        (await getJson<Article>(ctx, `/api/article/get?aid=${one.aid}`, a.admin.token)).body.data.status,
      ).toBe('draft');
      const target = (await category(a.admin.token, { name: 'Bulk target' })).body.data;
      expect(
        (await batch(a.admin.token, { action: 'move', aids, category: target.cid })).body.data.count,
      ).toBe(2);
      expect((await list(a.admin.token, `type=support&category=${target.cid}`)).body.data.totalElements).toBe(
        2,
      );
      const badMove = await batch(a.admin.token, { action: 'move', aids, category: 'nope' });
      expect(fieldsOf(badMove.body)).toEqual(['category']);

      // Purge only empties the trash.
      expect((await batch(a.admin.token, { action: 'purge', aids })).body.data.count).toBe(0);
      expect((await batch(a.admin.token, { action: 'delete', aids })).body.data.count).toBe(2);
      const trash = await list(a.admin.token, 'type=support&status=deleted');
      expect(trash.body.data.content.map((row) => row.aid).sort()).toEqual([...aids].sort());
      expect(trash.body.data.content[0]?.deletedAt).toBeGreaterThan(0);
      expect(
        (await list(a.admin.token, 'type=support')).body.data.content.map((row) => row.aid),
      ).not.toContain(one.aid);
      // Trashed articles leave the category counts but stay searchable in the trash.
      const tree = await getJson<{ cid: string; articleCount: number }[]>(
        ctx,
        '/api/category/tree?type=support',
        a.admin.token,
      );
      expect(tree.body.data.find((node) => node.cid === target.cid)?.articleCount).toBe(0);
      expect(
        (await list(a.admin.token, 'type=support&status=deleted&keyword=bulk')).body.data.totalElements,
      ).toBe(2);

      expect((await batch(a.admin.token, { action: 'restore', aids: [two.aid] })).body.data.count).toBe(1);
      expect((await batch(a.admin.token, { action: 'purge', aids })).body.data.count).toBe(1);
      expect((await getJson(ctx, `/api/article/get?aid=${one.aid}`, a.admin.token)).status).toBe(404);
      expect((await getJson(ctx, `/api/article/get?aid=${two.aid}`, a.admin.token)).status).toBe(200);
      const search = await getJson<Page<{ aid: string }>>(
        ctx,
        '/api/article/search?type=support&q=bulk',
        a.admin.token,
      );
      expect(search.body.data.content.map((hit) => hit.aid)).toEqual([two.aid]);
    });

    it('orders pinned articles first and filters by author and time', async () => {
      const pinned = (await create(a.admin.token, { title: 'Pinned', top: true })).body.data;
      const page = await list(a.admin.token, 'type=support&size=100');
      expect(page.body.data.content[0]?.aid).toBe(pinned.aid);
      const mine = await list(a.admin.token, `type=support&size=100&author=${a.admin.uid}`);
      expect(mine.body.data.totalElements).toBe(page.body.data.totalElements);
      expect((await list(a.admin.token, `type=support&author=${b.admin.uid}`)).body.data.totalElements).toBe(
        0,
      );
      const recent = await list(a.admin.token, `type=support&size=100&from=${pinned.updatedAt}`);
      expect(recent.body.data.content.map((row) => row.aid)).toContain(pinned.aid);
      expect(
        (await list(a.admin.token, `type=support&to=${pinned.createdAt - 60_000}`)).body.data.totalElements,
      ).toBe(0);
    });
  });

  describe('categories', () => {
    it('filters by a category and everything below it', async () => {
      const top = (await category(a.admin.token, { name: 'Orders' })).body.data;
      const child = (await category(a.admin.token, { name: 'Cancelling', parent: top.cid })).body.data;
      const grandchild = (await category(a.admin.token, { name: 'Refund after cancel', parent: child.cid }))
        .body.data;
      const inTop = (await create(a.admin.token, { title: 'Order basics', categories: [top.cid] })).body.data;
      const deep = (await create(a.admin.token, { title: 'Deep', categories: [grandchild.cid] })).body.data;
      const underTop = await list(a.admin.token, `type=support&category=${top.cid}`);
      expect(underTop.body.data.content.map((row) => row.aid).sort()).toEqual([inTop.aid, deep.aid].sort());
      const underChild = await list(a.admin.token, `type=support&category=${child.cid}`);
      expect(underChild.body.data.content.map((row) => row.aid)).toEqual([deep.aid]);
    });
  });

  describe('question bank (tiku)', () => {
    it('validates questions, naming the field', async () => {
      const post = (question: object | null, type = 'tiku') =>
        create(staff, { type, title: 'How long can I return an item?', question });
      expect(fieldsOf((await post(null)).body)).toEqual(['question']);
      expect(fieldsOf((await post(choice({ answer: ['A', 'B'] }))).body)).toEqual(['question.answer']);
      expect(fieldsOf((await post(choice({ answer: ['C'] }))).body)).toEqual(['question.answer']);
      expect(fieldsOf((await post(choice({ questionType: 'multiple', answer: ['A', 'A'] }))).body)).toEqual([
        'question.answer',
      ]);
      expect(
        fieldsOf(
          (
            await post(
              choice({
                options: [
                  { key: 'A', text: 'x' },
                  { key: 'C', text: 'y' },
                ],
              }),
            )
          ).body,
        ),
      ).toEqual(['question.options.1.key']);
      expect(fieldsOf((await post(choice({ options: [{ key: 'A', text: 'x' }] }))).body)).toEqual([
        'question.options',
      ]);
      expect(fieldsOf((await post(choice({ questionType: 'short', answer: ['Seven days'] }))).body)).toEqual([
        'question.options',
      ]);
      expect(fieldsOf((await post(choice(), 'knowledge')).body)).toEqual(['question']);
      expect(fieldsOf((await post(choice({ difficulty: 9 }))).body)).toEqual(['question.difficulty']);
    });

    it('serves practice without answers and scores attempts', async () => {
      const single = (
        await create(staff, {
          type: 'tiku',
          title: 'Return window?',
          status: 'published',
          question: choice(),
        })
      ).body.data;
      expect(single.question?.answer).toEqual(['A']);
      const multiple = (
        await create(staff, {
          type: 'tiku',
          title: 'Which are payment methods?',
          status: 'published',
          question: choice({
            questionType: 'multiple',
            options: [
              { key: 'A', text: 'Card' },
              { key: 'B', text: 'Pigeon' },
              { key: 'C', text: 'Bank transfer' },
            ],
            answer: ['A', 'C'],
          }),
        })
      ).body.data;
      const short = (
        await create(staff, {
          type: 'tiku',
          title: 'Describe the refund process',
          status: 'published',
          question: choice({ questionType: 'short', options: [], answer: ['Open the order and request it'] }),
        })
      ).body.data;
      await create(staff, { type: 'tiku', title: 'Draft question', question: choice() });

      const practice = await getJson<TikuPracticeQuestion[]>(
        ctx,
        '/api/article/tiku/practice?size=10',
        staff,
      );
      expect(practice.status).toBe(200);
      expect(practice.body.data.map((question) => question.aid).sort()).toEqual(
        [single.aid, multiple.aid, short.aid].sort(),
      );
      expect(practice.body.data[0]).not.toHaveProperty('answer');

      const attempt = await postJson<TikuAttemptResult>(ctx, '/api/article/tiku/attempt', staff, {
        answers: [
          { aid: single.aid, answer: ['a'] },
          { aid: multiple.aid, answer: ['C'] },
          { aid: short.aid, answer: ['Ask support'] },
        ],
      });
      expect(attempt.status).toBe(200);
      expect(attempt.body.data).toMatchObject({ score: 50, correct: 1, scored: 2 });
      expect(attempt.body.data.results.map((result) => result.correct)).toEqual([true, false, null]);
      expect(attempt.body.data.results[1]?.expected).toEqual(['A', 'C']);
      const full = await postJson<TikuAttemptResult>(ctx, '/api/article/tiku/attempt', staff, {
        answers: [{ aid: multiple.aid, answer: ['C', 'A'] }],
      });
      expect(full.body.data.score).toBe(100);
      expect(
        (await postJson(ctx, '/api/article/tiku/attempt', staff, { answers: [{ aid: 'nope', answer: [] }] }))
          .status,
      ).toBe(404);
      expect((await getJson(ctx, '/api/article/tiku/practice', a.admin.token)).status).toBe(403);
    });
  });

  describe('daily articles (jinrimeiyu) and Q&A pairs (tikuqa)', () => {
    it('creates and lists each in its own list with its own categories, for the admin account only', async () => {
      const words = (await category(staff, { type: 'jinrimeiyu', name: 'Words' })).body.data;
      expect(words.type).toBe('jinrimeiyu');
      const daily = await create(staff, {
        type: 'jinrimeiyu',
        title: 'Word of the day: resilient',
        summary: 'Able to recover quickly.',
        content: `<p>She is <em>resilient</em>.</p>${xss}`,
        categories: [words.cid],
        status: 'published',
      });
      expect(daily.status).toBe(200);
      expect(daily.body.data).toMatchObject({
        type: 'jinrimeiyu',
        categories: [{ cid: words.cid, name: 'Words' }],
        content: '<p>She is <em>resilient</em>.</p><img src="x" /><a>x</a>',
        question: null,
      });
      const pair = await create(staff, {
        type: 'tikuqa',
        title: 'How long does a refund take?',
        summary: 'Up to seven working days after approval.',
        status: 'published',
      });
      expect(pair.status).toBe(200);
      expect(pair.body.data).toMatchObject({ type: 'tikuqa', question: null, tender: null });

      const dailyList = await list(staff, 'type=jinrimeiyu');
      expect(dailyList.status).toBe(200);
      expect(dailyList.body.data.content.map((row) => [row.aid, row.title, row.summary])).toEqual([
        [daily.body.data.aid, 'Word of the day: resilient', 'Able to recover quickly.'],
      ]);
      const byCategory = await list(staff, `type=jinrimeiyu&category=${words.cid}`);
      expect(byCategory.body.data.totalElements).toBe(1);
      const pairs = await list(staff, 'type=tikuqa');
      expect(pairs.body.data.content.map((row) => [row.aid, row.title, row.summary])).toEqual([
        [pair.body.data.aid, 'How long does a refund take?', 'Up to seven working days after approval.'],
      ]);
      // Neither list shows the other's articles, nor the help centre's.
      expect((await list(staff, 'type=support')).body.data.content.map((row) => row.aid)).not.toContain(
        pair.body.data.aid,
      );
      // A category of one type is not a category of another.
      expect((await list(staff, `type=tikuqa&category=${words.cid}`)).status).toBe(404);

      for (const type of ['jinrimeiyu', 'tikuqa']) {
        expect((await list(a.admin.token, `type=${type}`)).status).toBe(403);
        expect((await create(a.admin.token, { type, title: 'Not mine to write' })).status).toBe(403);
      }
      expect((await list(staff, 'type=tikuqa&size=0')).status).toBe(400);
    });
  });

  describe('tenders (zhaobiao)', () => {
    it('sums published tenders by month and category', async () => {
      const region = (await category(staff, { type: 'zhaobiao', name: 'East' })).body.data;
      const tender = (budget: number | null) => ({
        buyer: 'City hospital',
        region: 'East',
        budget,
        deadline: null,
        sourceUrl: 'https://tenders.example/1',
      });
      const saved = [];
      for (const [budget, categories] of [
        [1000, [region.cid]],
        [2500, [region.cid]],
        [null, [region.cid]],
        [400, []],
      ] as const) {
        const created = await create(staff, {
          type: 'zhaobiao',
          title: 'Hospital equipment tender',
          status: 'published',
          tender: tender(budget),
          categories,
        });
        expect(created.status).toBe(200);
        saved.push(created.body.data);
      }
      await create(staff, { type: 'zhaobiao', title: 'Draft tender', tender: tender(9999) });
      const month = new Date(saved[0]?.publishedAt ?? 0).toISOString().slice(0, 7);
      const summary = await getJson<TenderSummaryRow[]>(ctx, '/api/article/tender/summary', staff);
      expect(summary.status).toBe(200);
      expect(summary.body.data).toEqual([
        { month, category: { cid: region.cid, name: 'East' }, count: 3, budget: 3500 },
        { month, category: null, count: 1, budget: 400 },
      ]);
      const before = await getJson<TenderSummaryRow[]>(
        ctx,
        `/api/article/tender/summary?to=${(saved[0]?.publishedAt ?? 0) - 1}`,
        staff,
      );
      expect(before.body.data).toEqual([]);
      expect((await getJson(ctx, '/api/article/tender/summary', a.admin.token)).status).toBe(403);
    });
  });

  describe('attachments', () => {
    it('refuses to delete an attachment an article uses, naming the article', async () => {
      const storageKey = `${a.orgId}/2026/01/article-image.png`;
      await ctx.database.db
        .insertInto('attachment')
        .values({
          aid: `att-${a.orgId}`,
          org_id: a.orgId,
          user_id: a.admin.userId,
          kind: 'image',
          file_name: 'diagram.png',
          storage_key: storageKey,
          thumb_key: null,
          suffix: 'png',
          media_type: 'image/png',
          size: 10,
          created_at: Date.now(),
        })
        .execute();
      const article = (
        await create(a.admin.token, {
          title: 'Where to find your invoice',
          content: `<p><img src="https://kefu.example.com/uploads/${storageKey}" alt="diagram"></p>`,
        })
      ).body.data;
      const remove = (language: string) =>
        ctx.app.inject({
          method: 'DELETE',
          url: `/api/attachment/delete?aid=att-${a.orgId}`,
          headers: { ...bearer(a.admin.token), 'accept-language': language },
        });
      const detail = (tenantToken: string, aid: string) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/attachment/get?aid=${aid}`,
          headers: bearer(tenantToken),
        });
      const shown = await detail(a.admin.token, `att-${a.orgId}`);
      expect(shown.statusCode).toBe(200);
      expect(shown.json<{ data: { articles: unknown[] } }>().data.articles).toEqual([
        { aid: article.aid, title: 'Where to find your invoice', type: 'support' },
      ]);
      expect((await detail(b.admin.token, `att-${a.orgId}`)).statusCode).toBe(404);
      const refused = await remove('en-US');
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toContain('"Where to find your invoice"');
      expect((await remove('zh-CN')).json<{ message: string }>().message).toContain('正被 1 篇文章使用');
      // Once the article no longer shows it, the file may go.
      await update(a.admin.token, article, { content: '<p>No image</p>' });
      expect((await remove('en-US')).statusCode).toBe(200);
    });
  });
});
