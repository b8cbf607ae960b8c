import type { Page, PlatformSynonym, RobotTestResult, Synonym } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, useTestApp } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { createRecordsOrg, getJson, postJson, type RecordsOrg } from '../../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('platform synonym routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0, jobIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  let staffToken: string;

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
  });

  const create = (token: string | undefined, payload: object) =>
    postJson<PlatformSynonym>(ctx, '/api/platform/synonym/create', token, payload);

  describe('CRUD', () => {
    let parcel: PlatformSynonym;

    beforeAll(async () => {
      parcel = (
        await create(staffToken, { standard: ' Parcel ', synonyms: ['pkg', ' PKG ', 'parcel', '包裹'] })
      ).body.data;
    });

    it('creates an entry with trimmed synonyms, without repeats or the standard word', () => {
      expect(parcel).toMatchObject({ standard: 'Parcel', synonyms: ['pkg', '包裹'] });
      expect(parcel.psid).toMatch(/^[0-9a-z]{20}$/);
    });

    it('refuses organisation admins and agents (403), anonymous callers (401)', async () => {
      expect((await create(a.admin.token, { standard: 'x', synonyms: ['y'] })).status).toBe(403);
      expect((await create(a.agent.token, { standard: 'x', synonyms: ['y'] })).status).toBe(403);
      expect((await create(undefined, { standard: 'x', synonyms: ['y'] })).status).toBe(401);
      expect((await getJson(ctx, '/api/platform/synonym/query', a.admin.token)).status).toBe(403);
      expect(
        (
          await postJson(ctx, '/api/platform/synonym/update', a.admin.token, {
            psid: parcel.psid,
            standard: 'x',
          })
        ).status,
      ).toBe(403);
      expect(
        (await postJson(ctx, '/api/platform/synonym/delete', a.admin.token, { psid: parcel.psid })).status,
      ).toBe(403);
    });

    it('answers 400 naming the field and 409 for the same standard word', async () => {
      const empty = await create(staffToken, { standard: '  ', synonyms: ['y'] });
      expect(empty.status).toBe(400);
      expect(fieldsOf(empty.body)).toEqual(['standard']);
      expect(fieldsOf((await create(staffToken, { standard: 'x', synonyms: [] })).body)).toEqual([
        'synonyms',
      ]);
      expect(
        fieldsOf((await create(staffToken, { standard: 'x', synonyms: ['y'.repeat(65)] })).body),
      ).toEqual(['synonyms.0']);
      const again = await create(staffToken, { standard: 'PARCEL', synonyms: ['box'] });
      expect(again.status).toBe(409);
      expect(fieldsOf(again.body)).toEqual(['standard']);
      expect(fieldsOf((await postJson(ctx, '/api/platform/synonym/delete', staffToken, {})).body)).toEqual([
        'psid',
      ]);
      const badSize = await getJson(ctx, '/api/platform/synonym/query?size=1000', staffToken);
      expect(badSize.status).toBe(400);
      expect(fieldsOf(badSize.body)).toEqual(['size']);
    });

    it('pages and filters by standard word or synonym, updates and deletes; 404 for unknown ids', async () => {
      await create(staffToken, { standard: 'Refund', synonyms: ['money back'] });
      const all = await getJson<Page<PlatformSynonym>>(
        ctx,
        '/api/platform/synonym/query?size=50',
        staffToken,
      );
      expect(all.status).toBe(200);
      expect(all.body.data.content.map((row) => row.standard)).toEqual(
        expect.arrayContaining(['Parcel', 'Refund']),
      );
      const filtered = await getJson<Page<PlatformSynonym>>(
        ctx,
        `/api/platform/synonym/query?keyword=${encodeURIComponent('包裹')}`,
        staffToken,
      );
      expect(filtered.body.data.content.map((row) => row.psid)).toEqual([parcel.psid]);
      const updated = await postJson<PlatformSynonym>(ctx, '/api/platform/synonym/update', staffToken, {
        psid: parcel.psid,
        standard: 'parcel',
        synonyms: ['packet'],
      });
      expect(updated.body.data).toMatchObject({
        psid: parcel.psid,
        standard: 'parcel',
        synonyms: ['packet'],
      });
      const onto = await postJson(ctx, '/api/platform/synonym/update', staffToken, {
        psid: parcel.psid,
        standard: 'refund',
        synonyms: ['x'],
      });
      expect(onto.status).toBe(409);
      expect(
        (
          await postJson(ctx, '/api/platform/synonym/update', staffToken, {
            psid: 'nope',
            standard: 'x',
            synonyms: ['y'],
          })
        ).status,
      ).toBe(404);
      expect(
        (await postJson(ctx, '/api/platform/synonym/delete', staffToken, { psid: parcel.psid })).status,
      ).toBe(200);
      expect(
        (await postJson(ctx, '/api/platform/synonym/delete', staffToken, { psid: parcel.psid })).status,
      ).toBe(404);
    });
  });

  describe("the organisations' robots", () => {
    const testMatch = (token: string, text: string) =>
      postJson<RobotTestResult>(ctx, '/api/faq/test', token, { text });

    beforeAll(async () => {
      for (const org of [a, b]) {
        const faq = await postJson(ctx, '/api/faq/create', org.admin.token, {
          question: 'How do I reset the zorblax?',
          answer: '<p>Hold the button</p>',
        });
        expect(faq.status).toBe(200);
      }
    });

    it('read a platform synonym as its standard word, at once after it is added', async () => {
      // Builds and caches organisation A's matcher before the platform entry exists.
      expect((await testMatch(a.admin.token, 'reset my quintrel')).body.data.normalized).toBe(
        'reset quintrel',
      );
      const entry = await create(staffToken, { standard: 'zorblax', synonyms: ['quintrel'] });
      expect(entry.status).toBe(200);
      for (const org of [a, b]) {
        const matched = await testMatch(org.admin.token, 'reset my quintrel');
        expect(matched.body.data.normalized).toBe('reset zorblax');
        expect(matched.body.data.result.kind).toBe('answer');
      }
    });

    it("let the organisation's own entry for the same standard word win", async () => {
      const own = await postJson<Synonym>(ctx, '/api/robot/synonym/create', a.admin.token, {
        standard: 'zorblax',
        synonyms: ['fizzwig'],
      });
      expect(own.status).toBe(200);
      expect((await testMatch(a.admin.token, 'reset my quintrel')).body.data.normalized).toBe(
        'reset quintrel',
      );
      expect((await testMatch(a.admin.token, 'reset my fizzwig')).body.data.normalized).toBe('reset zorblax');
      // Organisation B has no entry of its own: the platform's still applies there.
      expect((await testMatch(b.admin.token, 'reset my quintrel')).body.data.normalized).toBe(
        'reset zorblax',
      );
      expect((await testMatch(b.admin.token, 'reset my fizzwig')).body.data.normalized).toBe('reset fizzwig');
    });

    it('stop reading a deleted platform entry', async () => {
      const page = await getJson<Page<PlatformSynonym>>(
        ctx,
        '/api/platform/synonym/query?keyword=zorblax',
        staffToken,
      );
      const psid = page.body.data.content[0]?.psid ?? '';
      expect((await postJson(ctx, '/api/platform/synonym/delete', staffToken, { psid })).status).toBe(200);
      expect((await testMatch(b.admin.token, 'reset my quintrel')).body.data.normalized).toBe(
        'reset quintrel',
      );
    });
  });
});
