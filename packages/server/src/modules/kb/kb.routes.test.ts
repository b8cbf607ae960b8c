import type { Article, Category, HelpCenterSettingsResponse, KbStatistic } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createRecordsOrg, getJson, postJson, type RecordsOrg } from '../records/records.fixture.js';
import { utcDay } from './kb.service.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];
const dayMs = 86_400_000;

const settings = (overrides: object = {}) => ({
  name: 'Acme help',
  logo: '/uploads/logo.png',
  primaryColor: '#FF0000',
  languages: ['en-US'],
  navLinks: [{ title: 'Home', url: 'https://acme.example' }],
  published: true,
  footerHtml:
    '<p>© Acme <a href="https://acme.example" target="_blank">site</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
  homeCategories: [],
  ...overrides,
});

await describeEachDatabase('kb routes', (target) => {
  const ctx = useTestApp(target, {
    build: { sweepIntervalMs: 0 },
    env: { PUBLIC_URL: 'https://kefu.example.com/' },
  });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let staff: string;
  let staffOrgId: number;

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    staff = await signIn(ctx.app, 'admin', 'admin');
    staffOrgId = Number(
      (
        await ctx.database.db
          .selectFrom('user')
          .select('org_id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).org_id,
    );
  });

  describe('settings', () => {
    it('starts from the defaults and says where the help centre lives', async () => {
      const response = await getJson<HelpCenterSettingsResponse>(ctx, '/api/kb/settings', a.admin.token);
      expect(response.status).toBe(200);
      expect(response.body.data).toEqual({
        name: '',
        logo: '',
        primaryColor: '#0958D9',
        languages: ['zh-CN', 'en-US'],
        navLinks: [],
        published: true,
        footerHtml: '',
        homeCategories: [],
        slug: a.admin.subDomain,
        url: `https://kefu.example.com/help/${a.admin.subDomain}/`,
      });
    });

    it('saves settings with the footer sanitised and checks the home categories', async () => {
      const faq = (
        await postJson<Category>(ctx, '/api/category/create', a.admin.token, { type: 'support', name: 'FAQ' })
      ).body.data;
      const saved = await postJson<HelpCenterSettingsResponse>(
        ctx,
        '/api/kb/settings/update',
        a.admin.token,
        settings({ homeCategories: [faq.cid] }),
      );
      expect(saved.status).toBe(200);
      expect(saved.body.data.footerHtml).toBe(
        '<p>© Acme <a href="https://acme.example" target="_blank" rel="noopener noreferrer nofollow">site</a></p><img src="x" />',
      );
      expect(saved.body.data.homeCategories).toEqual([faq.cid]);
      const again = await getJson<HelpCenterSettingsResponse>(ctx, '/api/kb/settings', a.admin.token);
      expect(again.body.data).toMatchObject({
        name: 'Acme help',
        languages: ['en-US'],
        footerHtml: saved.body.data.footerHtml,
      });

      const foreign = (
        await postJson<Category>(ctx, '/api/category/create', b.admin.token, { type: 'support', name: 'B' })
      ).body.data;
      const bad = await postJson(
        ctx,
        '/api/kb/settings/update',
        a.admin.token,
        settings({ homeCategories: [foreign.cid] }),
      );
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['homeCategories']);
      expect(
        fieldsOf(
          (
            await postJson(
              ctx,
              '/api/kb/settings/update',
              a.admin.token,
              settings({ logo: 'javascript:alert(1)' }),
            )
          ).body,
        ),
      ).toEqual(['logo']);
      expect(
        fieldsOf(
          (await postJson(ctx, '/api/kb/settings/update', a.admin.token, settings({ primaryColor: 'red' })))
            .body,
        ),
      ).toEqual(['primaryColor']);
      expect((await getJson(ctx, '/api/kb/settings', a.agent.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/kb/settings')).status).toBe(401);
      // Each organisation has its own.
      expect(
        (await getJson<HelpCenterSettingsResponse>(ctx, '/api/kb/settings', b.admin.token)).body.data.name,
      ).toBe('');
    });
  });

  describe('public functions and statistics', () => {
    it('counts views, votes and searches and reports them by day', async () => {
      const { kb } = ctx.app.services;
      const create = async (title: string, status = 'published') =>
        (await postJson<Article>(ctx, '/api/article/create', staff, { type: 'support', title, status })).body
          .data;
      const refund = await create('How to request a refund');
      const invoice = await create('Download an invoice');
      const draft = await create('Unpublished refund notes', 'draft');
      const later = (
        await postJson<Article>(ctx, '/api/article/create', staff, {
          type: 'support',
          title: 'Refund rules from next year',
          status: 'published',
          publishAt: Date.now() + 86_400_000,
        })
      ).body.data;
      expect(later.status).toBe('scheduled');

      expect(await kb.recordView(staffOrgId, refund.aid)).toBe(true);
      expect(await kb.recordView(staffOrgId, refund.aid)).toBe(true);
      expect(await kb.recordView(staffOrgId, invoice.aid)).toBe(true);
      expect(await kb.recordView(staffOrgId, draft.aid)).toBe(false);
      expect(await kb.recordView(a.orgId, refund.aid)).toBe(false);

      expect(await kb.vote(staffOrgId, refund.aid, 'voter-1', true)).toEqual({
        rateHelpful: 1,
        rateUseless: 0,
      });
      expect(await kb.vote(staffOrgId, refund.aid, 'voter-1', true)).toEqual({
        rateHelpful: 1,
        rateUseless: 0,
      });
      expect(await kb.vote(staffOrgId, refund.aid, 'voter-2', true)).toEqual({
        rateHelpful: 2,
        rateUseless: 0,
      });
      // A second vote replaces the first.
      expect(await kb.vote(staffOrgId, refund.aid, 'voter-2', false)).toEqual({
        rateHelpful: 1,
        rateUseless: 1,
      });
      expect(await kb.vote(staffOrgId, draft.aid, 'voter-1', true)).toBeUndefined();

      const found = await kb.searchPublished({
        orgId: staffOrgId,
        type: 'support',
        q: 'Refund',
        page: 0,
        size: 10,
        source: 'help',
      });
      // Live articles only: neither the draft nor the article scheduled for later is found or counted.
      expect(found.content.map((hit) => hit.aid)).toEqual([refund.aid]);
      expect(found.totalElements).toBe(1);
      expect(found.content[0]?.titleHtml).toBe('How to request a <mark>refund</mark>');
      await kb.searchPublished({
        orgId: staffOrgId,
        type: 'support',
        q: '  refund ',
        page: 0,
        size: 10,
        source: 'widget',
      });
      await kb.searchPublished({
        orgId: staffOrgId,
        type: 'support',
        q: 'warranty',
        page: 0,
        size: 10,
        source: 'help',
      });
      await kb.searchPublished({
        orgId: staffOrgId,
        type: 'support',
        q: 'refund',
        page: 1,
        size: 10,
        source: 'help',
      });

      const today = utcDay(Date.now());
      const response = await getJson<KbStatistic>(ctx, '/api/kb/statistic?type=support', staff);
      expect(response.status).toBe(200);
      const stats = response.body.data;
      expect(stats.totals).toEqual({
        views: 3,
        helpful: 1,
        useless: 1,
        helpfulRate: 0.5,
        searches: 3,
        searchesWithoutResults: 1,
        publishedArticles: 2,
      });
      expect(stats.byDay).toHaveLength(30);
      expect(stats.byDay.at(-1)).toEqual({ day: today, views: 3, helpful: 1, useless: 1, searches: 3 });
      expect(stats.byDay[0]).toEqual({
        day: utcDay(Date.now() - 29 * dayMs),
        views: 0,
        helpful: 0,
        useless: 0,
        searches: 0,
      });
      expect(stats.topArticles.map((row) => [row.aid, row.views])).toEqual([
        [refund.aid, 2],
        [invoice.aid, 1],
      ]);
      expect(stats.topSearches).toEqual([
        { query: 'refund', count: 2, results: 1 },
        { query: 'warranty', count: 1, results: 0 },
      ]);
      expect(stats.emptySearches).toEqual([{ query: 'warranty', count: 1 }]);

      const week = await getJson<KbStatistic>(ctx, `/api/kb/statistic?from=${Date.now() - 6 * dayMs}`, staff);
      expect(week.body.data.byDay).toHaveLength(7);
      const bad = await getJson(ctx, `/api/kb/statistic?from=${Date.now()}&to=${Date.now() - dayMs}`, staff);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['from']);
      // Admin account only.
      expect((await getJson(ctx, '/api/kb/statistic', a.admin.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/kb/statistic', a.agent.token)).status).toBe(403);
    });
  });
});
