import type { Page, Targeted, TargetedMatchResult, VisitorInitResult } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

await describeEachDatabase('proactive invitation routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  const groups = { sales: '', support: '', ofB: '' };
  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  const initVisitor = async (org: RecordsOrg): Promise<VisitorInitResult> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain },
    });
    if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
    return response.json<Envelope<VisitorInitResult>>().data;
  };

  const rule = (overrides: object = {}) => ({
    name: 'Pricing page',
    matchType: 'contains',
    pattern: '/pricing',
    minSeconds: 10,
    minVisits: 1,
    message: 'Questions about our plans?',
    wid: groups.sales,
    ...overrides,
  });

  const create = (token: string | undefined, payload: object) =>
    postJson<Targeted>(ctx, '/api/targeted/create', token, payload);

  const match = (token: string | undefined, url: string, seconds: number, visits = 1) =>
    getJson<TargetedMatchResult>(
      ctx,
      `/visitor/api/targeted/match?url=${encodeURIComponent(url)}&seconds=${seconds}&visits=${visits}`,
      token,
    );

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    groups.sales = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' })).wid;
    groups.support = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' })).wid;
    groups.ofB = (await insertWorkgroup(ctx, b.orgId, { nickname: 'B team' })).wid;
  });

  describe('console: /api/targeted/*', () => {
    it('creates, reads, updates, lists and deletes a rule', async () => {
      const created = await create(a.admin.token, rule());
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({
        name: 'Pricing page',
        enabled: true,
        matchType: 'contains',
        pattern: '/pricing',
        minSeconds: 10,
        minVisits: 1,
        workgroup: { wid: groups.sales, nickname: 'Sales' },
        shownCount: 0,
        acceptedCount: 0,
        declinedCount: 0,
      });
      const { tgid } = created.body.data;
      expect(tgid).toMatch(/^[0-9a-z]{20}$/);

      const got = await getJson<Targeted>(ctx, `/api/targeted/get?tgid=${tgid}`, a.agent.token);
      expect(got.body.data.tgid).toBe(tgid);

      const updated = await postJson<Targeted>(ctx, '/api/targeted/update', a.admin.token, {
        tgid,
        ...rule({
          name: 'Docs',
          matchType: 'regex',
          pattern: '^https://[^/]+/docs/',
          wid: groups.support,
          enabled: false,
        }),
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        name: 'Docs',
        matchType: 'regex',
        enabled: false,
        workgroup: { wid: groups.support },
      });

      const listed = await getJson<Page<Targeted>>(
        ctx,
        '/api/targeted/query?name=doc&enabled=false',
        a.admin.token,
      );
      expect(listed.status).toBe(200);
      expect(listed.body.data.content.map((item) => item.tgid)).toEqual([tgid]);
      const none = await getJson<Page<Targeted>>(ctx, '/api/targeted/query?name=100%25', a.admin.token);
      expect(none.body.data.totalElements).toBe(0);

      expect((await postJson(ctx, '/api/targeted/delete', a.admin.token, { tgid })).status).toBe(200);
      expect((await getJson(ctx, `/api/targeted/get?tgid=${tgid}`, a.admin.token)).status).toBe(404);
    });

    it('refuses bad fields, naming each', async () => {
      const cases: [object, string][] = [
        [rule({ name: '' }), 'name'],
        [rule({ matchType: 'glob' }), 'matchType'],
        [rule({ pattern: '' }), 'pattern'],
        [rule({ matchType: 'regex', pattern: '([a-z' }), 'pattern'],
        [rule({ matchType: 'regex', pattern: '(a+)+$' }), 'pattern'],
        [rule({ minSeconds: -1 }), 'minSeconds'],
        [rule({ minSeconds: 1.5 }), 'minSeconds'],
        [rule({ minVisits: 0 }), 'minVisits'],
        [rule({ message: ' ' }), 'message'],
        [rule({ wid: '' }), 'wid'],
      ];
      for (const [payload, field] of cases) {
        const response = await create(a.admin.token, payload);
        expect(response.status, field).toBe(400);
        expect(fieldsOf(response.body)).toContain(field);
      }
      const update = await postJson(ctx, '/api/targeted/update', a.admin.token, rule());
      expect(update.status).toBe(400);
      expect(fieldsOf(update.body)).toContain('tgid');
      expect((await postJson(ctx, '/api/targeted/delete', a.admin.token, {})).status).toBe(400);
      expect((await getJson(ctx, '/api/targeted/query?size=1000', a.admin.token)).status).toBe(400);
    });

    it('answers 401 without a token and 403 without the kefu.targeted permission', async () => {
      expect((await getJson(ctx, '/api/targeted/query')).status).toBe(401);
      expect((await create(undefined, rule())).status).toBe(401);
      expect((await postJson(ctx, '/api/targeted/update', undefined, { tgid: 'x', ...rule() })).status).toBe(
        401,
      );
      expect((await postJson(ctx, '/api/targeted/delete', undefined, { tgid: 'x' })).status).toBe(401);
      expect((await getJson(ctx, '/api/targeted/get?tgid=x')).status).toBe(401);
      expect((await getJson(ctx, '/api/targeted/query', a.checker.token)).status).toBe(403);
      expect((await create(a.checker.token, rule())).status).toBe(403);
      expect((await getJson(ctx, '/api/targeted/get?tgid=x', a.checker.token)).status).toBe(403);
      expect(
        (await postJson(ctx, '/api/targeted/update', a.checker.token, { tgid: 'x', ...rule() })).status,
      ).toBe(403);
      // Agents may add and edit but not delete.
      expect((await postJson(ctx, '/api/targeted/delete', a.agent.token, { tgid: 'x' })).status).toBe(403);
    });

    it("answers 404 for another organisation's rules and skill groups", async () => {
      const ofB = await create(b.admin.token, rule({ wid: groups.ofB }));
      expect(ofB.status).toBe(200);
      const tgid = ofB.body.data.tgid;
      expect((await create(a.admin.token, rule({ wid: groups.ofB }))).status).toBe(404);
      expect((await getJson(ctx, `/api/targeted/get?tgid=${tgid}`, a.admin.token)).status).toBe(404);
      expect((await postJson(ctx, '/api/targeted/update', a.admin.token, { tgid, ...rule() })).status).toBe(
        404,
      );
      expect((await postJson(ctx, '/api/targeted/delete', a.admin.token, { tgid })).status).toBe(404);
      const listed = await getJson<Page<Targeted>>(ctx, '/api/targeted/query', a.admin.token);
      expect(listed.body.data.content.map((item) => item.tgid)).not.toContain(tgid);
      const { token } = await initVisitor(a);
      expect((await postJson(ctx, '/visitor/api/targeted/accept', token, { tgid })).status).toBe(404);
      expect((await postJson(ctx, '/visitor/api/targeted/decline', token, { tgid })).status).toBe(404);
    });
  });

  describe('visitor: match, accept, decline', () => {
    it('invites on a matching page after the time and visits, counts shown, accepted and declined', async () => {
      const pricing = await create(a.admin.token, rule({ name: 'Pricing', minSeconds: 15, minVisits: 2 }));
      const docs = await create(
        a.admin.token,
        rule({
          name: 'Docs',
          matchType: 'prefix',
          pattern: 'https://acme.test/docs',
          minSeconds: 0,
          wid: groups.support,
        }),
      );
      await create(a.admin.token, rule({ name: 'Off', pattern: '/', minSeconds: 0, enabled: false }));
      const { token } = await initVisitor(a);

      const early = await match(token, 'https://acme.test/pricing?x=1', 3, 2);
      expect(early.status).toBe(200);
      expect(early.body.data).toEqual({ invitation: null, retryAtSeconds: 15 });
      const firstVisit = await match(token, 'https://acme.test/pricing', 20, 1);
      expect(firstVisit.body.data).toEqual({ invitation: null, retryAtSeconds: null });
      const elsewhere = await match(token, 'https://acme.test/about', 100, 5);
      expect(elsewhere.body.data.invitation).toBeNull();

      const ready = await match(token, 'https://acme.test/pricing', 16, 2);
      expect(ready.body.data).toEqual({
        invitation: {
          tgid: pricing.body.data.tgid,
          message: 'Questions about our plans?',
          wid: groups.sales,
          nickname: 'Sales',
          avatar: '',
        },
        retryAtSeconds: null,
      });
      const docsMatch = await match(token, 'https://acme.test/docs/intro', 0);
      expect(docsMatch.body.data.invitation?.tgid).toBe(docs.body.data.tgid);

      expect(
        (await postJson(ctx, '/visitor/api/targeted/accept', token, { tgid: pricing.body.data.tgid })).status,
      ).toBe(200);
      expect(
        (await postJson(ctx, '/visitor/api/targeted/decline', token, { tgid: docs.body.data.tgid })).status,
      ).toBe(200);
      const counted = await getJson<Targeted>(
        ctx,
        `/api/targeted/get?tgid=${pricing.body.data.tgid}`,
        a.admin.token,
      );
      expect(counted.body.data).toMatchObject({ shownCount: 1, acceptedCount: 1, declinedCount: 0 });
      const declined = await getJson<Targeted>(
        ctx,
        `/api/targeted/get?tgid=${docs.body.data.tgid}`,
        a.admin.token,
      );
      expect(declined.body.data).toMatchObject({ shownCount: 1, acceptedCount: 0, declinedCount: 1 });
    });

    it('validates the report, needs a visitor token and answers only with its own organisation’s rules', async () => {
      const { token } = await initVisitor(a);
      const missing = await getJson(ctx, '/visitor/api/targeted/match?seconds=1&visits=1', token);
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing.body)).toContain('url');
      expect(
        fieldsOf((await getJson(ctx, '/visitor/api/targeted/match?url=x&seconds=-1&visits=1', token)).body),
      ).toContain('seconds');
      expect(
        fieldsOf((await getJson(ctx, '/visitor/api/targeted/match?url=x&seconds=1&visits=0', token)).body),
      ).toContain('visits');
      expect((await postJson(ctx, '/visitor/api/targeted/accept', token, {})).status).toBe(400);
      expect((await match(undefined, 'https://acme.test/pricing', 100)).status).toBe(401);
      expect((await match('forged', 'https://acme.test/pricing', 100)).status).toBe(401);
      expect((await postJson(ctx, '/visitor/api/targeted/accept', undefined, { tgid: 'x' })).status).toBe(
        401,
      );
      // Both organisations have a /pricing rule: each visitor is invited to its own organisation's group.
      const visitorOfB = await initVisitor(b);
      const ofB = await match(visitorOfB.token, 'https://b.test/pricing', 100, 5);
      expect(ofB.body.data.invitation?.wid).toBe(groups.ofB);
    });

    it('lets the embed loader and SDK apps call the visitor API across origins, nothing else', async () => {
      const preflight = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/visitor/api/targeted/match?url=x',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-headers']).toContain('authorization');
      const { token } = await initVisitor(a);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/visitor/api/targeted/match?url=x&seconds=0&visits=1',
        headers: { origin: 'https://shop.example', authorization: `Bearer ${token}` },
      });
      expect(response.headers['access-control-allow-origin']).toBe('*');
      const chat = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/visitor/api/thread/request',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      });
      expect(chat.statusCode).toBe(204);
      // The console's API authenticates agents: it stays same-origin.
      const closed = await ctx.app.inject({
        method: 'OPTIONS',
        url: '/api/thread/mine',
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
      });
      expect(closed.headers['access-control-allow-origin']).toBeUndefined();
    });
  });
});
