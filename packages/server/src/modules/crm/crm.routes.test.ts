import type {
  Customer,
  CustomerImportResult,
  CustomerTimelineEntry,
  Page,
  VisitorInitResult,
} from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { multipartBody } from '../../test/upload-fixtures.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  insertVisitor,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { signIdentity } from './crm.service.js';

await describeEachDatabase('crm routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];
  const create = (token: string, payload: object) =>
    postJson<Customer>(ctx, '/api/customer/create', token, payload);
  const createOk = async (token: string, payload: object): Promise<Customer> => {
    const { status, body } = await create(token, payload);
    if (status !== 200) throw new Error(`create failed: ${JSON.stringify(body)}`);
    return body.data;
  };
  const list = (token: string, query: string) =>
    getJson<Page<Customer>>(ctx, `/api/customer/query?size=50&${query}`, token);

  const initVisitor = async (org: RecordsOrg): Promise<VisitorInitResult> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain, nickname: 'Guest' },
    });
    if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
    return response.json<Envelope<VisitorInitResult>>().data;
  };

  describe('customers', () => {
    it('creates, reads and updates a customer with normalised contact and tags', async () => {
      const created = await createOk(a.agent.token, {
        name: 'Ada Lovelace',
        email: ' Ada@Example.COM ',
        mobile: '+44 20-7946 0000',
        company: 'Analytical Engines',
        tags: ['vip', 'vip', 'uk'],
        owner: a.agent.uid,
      });
      expect(created).toMatchObject({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        mobile: '+442079460000',
        tags: ['uk', 'vip'],
        owner: { uid: a.agent.uid, nickname: 'Agent Smith' },
        channel: 'web',
        visitors: [],
      });
      const updated = await postJson<Customer>(ctx, '/api/customer/update', a.agent.token, {
        cid: created.cid,
        company: 'Babbage & Co',
        tags: ['partner'],
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        company: 'Babbage & Co',
        tags: ['partner'],
        name: 'Ada Lovelace',
      });
      const got = await getJson<Customer>(ctx, `/api/customer/get?cid=${created.cid}`, a.agent.token);
      expect(got.body.data.company).toBe('Babbage & Co');
    });

    it('answers 400 naming the field, and writes nothing', async () => {
      const before = (await list(a.admin.token, 'keyword=nobody-here')).body.data.totalElements;
      const bad = await create(a.agent.token, { name: 'Bad', email: 'not-an-email', mobile: 'call me' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['email', 'mobile']));
      const noName = await create(a.agent.token, { email: 'x@example.com' });
      expect(noName.status).toBe(400);
      expect(fieldsOf(noName.body)).toContain('name');
      const stranger = await create(a.agent.token, { name: 'Owned', owner: b.agent.uid });
      expect(stranger.status).toBe(400);
      expect(fieldsOf(stranger.body)).toEqual(['owner']);
      expect((await list(a.admin.token, 'keyword=nobody-here')).body.data.totalElements).toBe(before);
    });

    it('words its errors in the request language', async () => {
      const say = async (language: string) =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/customer/get?cid=nope',
            headers: { ...bearer(a.admin.token), 'accept-language': language },
          })
        ).json<Envelope<null>>().message;
      expect(await say('en-US')).toBe('Customer "nope" does not exist');
      expect(await say('zh-CN')).toBe('客户「nope」不存在');
    });

    it('limits callers by role and organisation', async () => {
      const mine = await createOk(a.admin.token, { name: 'Tenant A customer' });
      expect((await getJson(ctx, `/api/customer/get?cid=${mine.cid}`)).status).toBe(401);
      expect((await getJson(ctx, `/api/customer/get?cid=${mine.cid}`, a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, `/api/customer/get?cid=${mine.cid}`, b.admin.token)).status).toBe(404);
      const other = await postJson(ctx, '/api/customer/update', b.admin.token, {
        cid: mine.cid,
        name: 'Stolen',
      });
      expect(other.status).toBe(404);
      expect((await postJson(ctx, '/api/customer/delete', b.admin.token, { cids: [mine.cid] })).status).toBe(
        404,
      );
      // Agents add and edit but do not delete.
      expect((await postJson(ctx, '/api/customer/delete', a.agent.token, { cids: [mine.cid] })).status).toBe(
        403,
      );
      expect((await list(b.admin.token, '')).body.data.content.map((c) => c.cid)).not.toContain(mine.cid);
      expect(
        (await getJson<Customer>(ctx, `/api/customer/get?cid=${mine.cid}`, a.agent.token)).body.data.name,
      ).toBe('Tenant A customer');
    });

    it('filters by tag, owner, channel, last contact and keyword', async () => {
      const org = await createRecordsOrg(ctx);
      const one = await createOk(org.admin.token, {
        name: 'Filter One',
        tags: ['gold'],
        owner: org.agent.uid,
      });
      const two = await createOk(org.admin.token, { name: 'Filter Two', channel: 'app' });
      const cids = (page: Page<Customer>) => page.content.map((c) => c.cid).sort();
      expect(cids((await list(org.admin.token, 'tag=gold')).body.data)).toEqual([one.cid]);
      expect(cids((await list(org.admin.token, `owner=${org.agent.uid}`)).body.data)).toEqual([one.cid]);
      expect(cids((await list(org.admin.token, 'owner=none')).body.data)).toEqual([two.cid]);
      expect(cids((await list(org.admin.token, 'channel=app')).body.data)).toEqual([two.cid]);
      expect(cids((await list(org.admin.token, 'keyword=two')).body.data)).toEqual([two.cid]);
      const visitor = await insertVisitor(ctx, org.orgId);
      await postJson(ctx, '/api/customer/link', org.agent.token, { cid: one.cid, vid: visitor.vid });
      const from = Date.now() - 60_000;
      expect(cids((await list(org.admin.token, `lastContactFrom=${from}`)).body.data)).toEqual([one.cid]);
      expect((await list(org.admin.token, 'lastContactFrom=abc')).status).toBe(400);
    });
  });

  describe('custom fields', () => {
    it('validates values against the definitions and filters by them', async () => {
      const org = await createRecordsOrg(ctx);
      const define = (payload: object) =>
        postJson(ctx, '/api/customer/field/create', org.admin.token, payload);
      expect(
        (await define({ key: 'plan', label: 'Plan', type: 'select', options: ['free', 'pro'] })).status,
      ).toBe(200);
      expect((await define({ key: 'seats', label: 'Seats', type: 'number', required: true })).status).toBe(
        200,
      );
      expect((await define({ key: 'renewal', label: 'Renewal', type: 'date' })).status).toBe(200);
      expect((await define({ key: 'plan', label: 'Again', type: 'text' })).status).toBe(409);
      expect((await define({ key: 'empty', label: 'Empty', type: 'select' })).status).toBe(400);
      expect((await define({ key: 'Bad Key', label: 'x', type: 'text' })).status).toBe(400);

      const bad = await create(org.agent.token, {
        name: 'Typed',
        customFields: { plan: 'enterprise', seats: 'many', renewal: '2026-02-30', unknown: 'x' },
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body).sort()).toEqual([
        'customFields.plan',
        'customFields.renewal',
        'customFields.seats',
        'customFields.unknown',
      ]);
      const missing = await create(org.agent.token, { name: 'Missing', customFields: { plan: 'pro' } });
      expect(fieldsOf(missing.body)).toEqual(['customFields.seats']);
      const good = await createOk(org.agent.token, {
        name: 'Typed',
        customFields: { plan: 'pro', seats: '12', renewal: '2027-01-31' },
      });
      expect(good.customFields).toEqual({ plan: 'pro', seats: 12, renewal: '2027-01-31' });
      await createOk(org.agent.token, { name: 'Free one', customFields: { plan: 'free', seats: 1 } });
      const pro = await list(org.agent.token, 'fieldKey=plan&fieldValue=pro');
      expect(pro.body.data.content.map((c) => c.cid)).toEqual([good.cid]);

      const fields = await getJson<{ fid: string; key: string }[]>(
        ctx,
        '/api/customer/field/query',
        org.agent.token,
      );
      expect(fields.body.data.map((field) => field.key)).toEqual(['plan', 'seats', 'renewal']);
      const otherOrg = await getJson<unknown[]>(ctx, '/api/customer/field/query', b.admin.token);
      expect(otherOrg.body.data).toEqual([]);
      const fid = fields.body.data[0]?.fid;
      expect((await postJson(ctx, '/api/customer/field/delete', b.admin.token, { fid })).status).toBe(404);
    });
  });

  describe('workbench calls and definitions', () => {
    it('links visitors of the organisation only, shows the card, edits fields and deletes notes', async () => {
      const org = await createRecordsOrg(ctx);
      const customer = await createOk(org.agent.token, { name: 'Card' });
      const visitor = await insertVisitor(ctx, org.orgId);
      const foreignVisitor = await insertVisitor(ctx, b.orgId);
      const none = await getJson<Customer | null>(
        ctx,
        `/api/customer/visitor?vid=${visitor.vid}`,
        org.agent.token,
      );
      expect(none.body.data).toBeNull();
      const foreignLink = await postJson(ctx, '/api/customer/link', org.agent.token, {
        cid: customer.cid,
        vid: foreignVisitor.vid,
      });
      expect(foreignLink.status).toBe(404);
      const crossLink = await postJson(ctx, '/api/customer/link', b.admin.token, {
        cid: customer.cid,
        vid: foreignVisitor.vid,
      });
      expect(crossLink.status).toBe(404);
      const linked = await postJson<Customer>(ctx, '/api/customer/link', org.agent.token, {
        cid: customer.cid,
        vid: visitor.vid,
      });
      expect(linked.body.data.visitors.map((v) => v.vid)).toEqual([visitor.vid]);
      expect(linked.body.data.firstContactAt).not.toBeNull();

      const field = await postJson<{ fid: string }>(ctx, '/api/customer/field/create', org.admin.token, {
        key: 'tier',
        label: 'Tier',
        type: 'select',
        options: ['a'],
      });
      const renamed = await postJson<{ label: string; options: string[] }>(
        ctx,
        '/api/customer/field/update',
        org.agent.token,
        { fid: field.body.data.fid, label: 'Level', options: ['a', 'b'] },
      );
      expect(renamed.body.data).toMatchObject({ label: 'Level', options: ['a', 'b'] });
      expect(
        (
          await postJson(ctx, '/api/customer/field/update', b.admin.token, {
            fid: field.body.data.fid,
            label: 'x',
          })
        ).status,
      ).toBe(404);
      expect(
        (await postJson(ctx, '/api/customer/field/delete', org.agent.token, { fid: field.body.data.fid }))
          .status,
      ).toBe(403);
      expect(
        (await postJson(ctx, '/api/customer/field/delete', org.admin.token, { fid: field.body.data.fid }))
          .status,
      ).toBe(200);

      const note = await postJson<{ nid: string }>(ctx, '/api/customer/note/create', org.agent.token, {
        cid: customer.cid,
        content: 'Temporary',
      });
      expect(
        (await postJson(ctx, '/api/customer/note/delete', org.admin.token, { nid: note.body.data.nid }))
          .status,
      ).toBe(200);
      expect(
        (await getJson<unknown[]>(ctx, `/api/customer/notes?cid=${customer.cid}`, org.agent.token)).body.data,
      ).toEqual([]);
      expect((await getJson(ctx, '/api/customer/identity', org.agent.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/customer/identity', org.checker.token)).status).toBe(403);
    });
  });

  describe('bulk actions, duplicates, notes, views', () => {
    it('tags, assigns and deletes in bulk; an unknown cid changes nothing', async () => {
      const org = await createRecordsOrg(ctx);
      const one = await createOk(org.admin.token, { name: 'Bulk One', tags: ['old'] });
      const two = await createOk(org.admin.token, { name: 'Bulk Two' });
      const foreign = await createOk(b.admin.token, { name: 'Foreign' });
      const tagged = await postJson(ctx, '/api/customer/tag', org.agent.token, {
        cids: [one.cid, two.cid],
        add: ['new'],
        remove: ['old'],
      });
      expect(tagged.body.data).toEqual({ count: 2 });
      expect((await list(org.admin.token, 'tag=new')).body.data.totalElements).toBe(2);
      expect((await list(org.admin.token, 'tag=old')).body.data.totalElements).toBe(0);
      const mixed = await postJson(ctx, '/api/customer/assign', org.agent.token, {
        cids: [one.cid, foreign.cid],
        owner: org.agent.uid,
      });
      expect(mixed.status).toBe(404);
      expect((await list(org.admin.token, `owner=${org.agent.uid}`)).body.data.totalElements).toBe(0);
      await postJson(ctx, '/api/customer/assign', org.agent.token, { cids: [one.cid], owner: org.agent.uid });
      expect((await list(org.admin.token, `owner=${org.agent.uid}`)).body.data.totalElements).toBe(1);
      const deleted = await postJson(ctx, '/api/customer/delete', org.admin.token, {
        cids: [one.cid, two.cid],
      });
      expect(deleted.body.data).toEqual({ count: 2 });
      expect((await list(org.admin.token, '')).body.data.totalElements).toBe(0);
      expect((await getJson(ctx, `/api/customer/get?cid=${foreign.cid}`, b.admin.token)).status).toBe(200);
    });

    it('unlinks the tickets of a deleted customer and logs it on each ticket', async () => {
      const org = await createRecordsOrg(ctx);
      const gone = await createOk(org.admin.token, { name: 'Gone Customer' });
      const kept = await createOk(org.admin.token, { name: 'Kept Customer' });
      const openTicket = async (customerId: string) => {
        const made = await postJson<{ tkid: string; customerId: string | null }>(
          ctx,
          '/api/ticket/create',
          org.admin.token,
          { title: `About ${customerId}`, customerId },
        );
        if (made.status !== 200) throw new Error(`ticket create failed: ${JSON.stringify(made.body)}`);
        return made.body.data.tkid;
      };
      const first = await openTicket(gone.cid);
      const second = await openTicket(gone.cid);
      const other = await openTicket(kept.cid);
      // Another organisation cannot delete (nor unlink through) this customer.
      expect((await postJson(ctx, '/api/customer/delete', b.admin.token, { cids: [gone.cid] })).status).toBe(
        404,
      );
      type Detail = {
        customerId: string | null;
        activities: { field: string; oldValue: string | null; newValue: string | null }[];
      };
      const ticket = async (tkid: string) =>
        (await getJson<Detail>(ctx, `/api/ticket/get?tkid=${tkid}`, org.admin.token)).body.data;
      expect((await ticket(first)).customerId).toBe(gone.cid);

      const deleted = await postJson(ctx, '/api/customer/delete', org.admin.token, { cids: [gone.cid] });
      expect(deleted.body.data).toEqual({ count: 1 });
      for (const tkid of [first, second]) {
        const detail = await ticket(tkid);
        expect(detail.customerId).toBeNull();
        expect(detail.activities).toContainEqual(
          expect.objectContaining({
            field: 'customerId',
            oldValue: `Gone Customer (${gone.cid}, deleted)`,
            newValue: null,
          }),
        );
      }
      expect((await ticket(other)).customerId).toBe(kept.cid);
      const dangling = await ctx.database.db
        .selectFrom('ticket')
        .select('tkid')
        .where('customer_id', '=', gone.cid)
        .execute();
      expect(dangling).toEqual([]);
    });

    it('finds duplicates by email or mobile within the organisation', async () => {
      const org = await createRecordsOrg(ctx);
      const first = await createOk(org.admin.token, { name: 'Dup 1', email: 'dup@example.com' });
      const second = await createOk(org.admin.token, {
        name: 'Dup 2',
        email: 'DUP@example.com',
        mobile: '1234567',
      });
      const third = await createOk(org.admin.token, { name: 'Dup 3', mobile: '123 4567' });
      await createOk(b.admin.token, { name: 'Dup elsewhere', email: 'dup@example.com' });
      const found = await getJson<Customer[]>(
        ctx,
        `/api/customer/duplicates?cid=${second.cid}`,
        org.agent.token,
      );
      expect(found.body.data.map((c) => c.cid).sort()).toEqual([first.cid, third.cid].sort());
      const byEmail = await getJson<Customer[]>(
        ctx,
        '/api/customer/duplicates?email=dup@example.com',
        org.agent.token,
      );
      expect(byEmail.body.data).toHaveLength(2);
      expect((await getJson(ctx, `/api/customer/duplicates?cid=${second.cid}`, b.admin.token)).status).toBe(
        404,
      );
    });

    it('keeps notes and a saved view per user', async () => {
      const customer = await createOk(a.agent.token, { name: 'Noted' });
      const note = await postJson<{ nid: string }>(ctx, '/api/customer/note/create', a.agent.token, {
        cid: customer.cid,
        content: 'Prefers email',
      });
      expect(note.status).toBe(200);
      expect(
        (await postJson(ctx, '/api/customer/note/create', b.admin.token, { cid: customer.cid, content: 'x' }))
          .status,
      ).toBe(404);
      expect(
        (await postJson(ctx, '/api/customer/note/delete', b.admin.token, { nid: note.body.data.nid })).status,
      ).toBe(404);
      const notes = await getJson<{ content: string; author: { uid: string } }[]>(
        ctx,
        `/api/customer/notes?cid=${customer.cid}`,
        a.admin.token,
      );
      expect(notes.body.data).toMatchObject([{ content: 'Prefers email', author: { uid: a.agent.uid } }]);

      const view = await postJson<{ viewId: string }>(ctx, '/api/customer/view/create', a.agent.token, {
        name: 'VIPs',
        filters: { tag: 'vip' },
      });
      expect(view.status).toBe(200);
      expect(
        (await getJson<unknown[]>(ctx, '/api/customer/view/query', a.agent.token)).body.data,
      ).toMatchObject([{ name: 'VIPs', filters: { tag: 'vip' } }]);
      expect((await getJson<unknown[]>(ctx, '/api/customer/view/query', a.admin.token)).body.data).toEqual(
        [],
      );
      const othersDelete = await postJson(ctx, '/api/customer/view/delete', a.admin.token, {
        viewId: view.body.data.viewId,
      });
      expect(othersDelete.status).toBe(404);
      expect(
        (await postJson(ctx, '/api/customer/view/delete', a.agent.token, { viewId: view.body.data.viewId }))
          .status,
      ).toBe(200);
    });
  });

  describe('merge', () => {
    it('moves visitors, conversations, notes, feedback, tickets and tags, and keeps the other values', async () => {
      const org = await createRecordsOrg(ctx);
      const target = await createOk(org.admin.token, {
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        tags: ['navy'],
      });
      const source = await createOk(org.admin.token, {
        name: 'G. Hopper',
        email: 'grace@cobol.example',
        mobile: '5550100',
        company: 'Remington Rand',
        tags: ['cobol'],
      });
      const visitor = await insertVisitor(ctx, org.orgId);
      await insertThread(ctx, { orgId: org.orgId, visitorId: visitor.id, content: 'About COBOL' });
      await postJson(ctx, '/api/customer/link', org.agent.token, { cid: source.cid, vid: visitor.vid });
      await postJson(ctx, '/api/customer/note/create', org.agent.token, {
        cid: source.cid,
        content: 'Source note',
      });
      const { db } = ctx.database;
      const now = Date.now();
      const sourceId = (
        await db.selectFrom('customer').select('id').where('cid', '=', source.cid).executeTakeFirstOrThrow()
      ).id;
      await db
        .insertInto('feedback')
        .values({
          fid: createPublicId(),
          org_id: org.orgId,
          customer_id: sourceId,
          category: 'bug',
          content: 'Compiler crash',
          source: 'widget',
          status: 'open',
          created_at: now,
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('ticket')
        .values({
          tkid: createPublicId(),
          org_id: org.orgId,
          number: 1,
          title: 'Ticket of the source',
          status: 'new',
          priority: 'medium',
          priority_rank: 2,
          type: 'external',
          source: 'console',
          customer_id: source.cid,
          reply_token: createPublicId(24),
          created_at: now,
          updated_at: now,
        })
        .execute();

      expect(
        (
          await postJson(ctx, '/api/customer/merge', b.admin.token, {
            target: target.cid,
            source: source.cid,
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await postJson(ctx, '/api/customer/merge', org.agent.token, {
            target: target.cid,
            source: target.cid,
          })
        ).status,
      ).toBe(400);
      const merged = await postJson<Customer>(ctx, '/api/customer/merge', org.agent.token, {
        target: target.cid,
        source: source.cid,
      });
      expect(merged.status).toBe(200);
      expect(merged.body.data).toMatchObject({
        cid: target.cid,
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        mobile: '5550100',
        company: 'Remington Rand',
        tags: ['cobol', 'navy'],
        visitors: [{ vid: visitor.vid }],
      });
      expect((await getJson(ctx, `/api/customer/get?cid=${source.cid}`, org.admin.token)).status).toBe(404);
      const timeline = await getJson<CustomerTimelineEntry[]>(
        ctx,
        `/api/customer/timeline?cid=${target.cid}`,
        org.agent.token,
      );
      const kinds = timeline.body.data.map((entry) => `${entry.kind}:${entry.title.split('\n')[0]}`);
      expect(kinds).toEqual(
        expect.arrayContaining([
          'conversation:About COBOL',
          'note:Source note',
          'feedback:Compiler crash',
          'ticket:#1 Ticket of the source',
          `note:Merged G. Hopper (${source.cid}); its other values:`,
        ]),
      );
      const mergeNote = timeline.body.data.find((entry) => entry.title.startsWith('Merged'));
      expect(mergeNote?.title).toContain('name: G. Hopper');
      expect(mergeNote?.title).toContain('email: grace@cobol.example');
      expect((await getJson(ctx, `/api/customer/timeline?cid=${target.cid}`, b.admin.token)).status).toBe(
        404,
      );
    });
  });

  describe('signed visitor identity', () => {
    it('shows the secret once to admins only', async () => {
      expect((await postJson(ctx, '/api/customer/identity/secret', a.agent.token, {})).status).toBe(403);
      const status = await getJson<{ configured: boolean }>(ctx, '/api/customer/identity', a.admin.token);
      expect(status.body.data.configured).toBe(false);
      const made = await postJson<{ secret: string }>(
        ctx,
        '/api/customer/identity/secret',
        a.admin.token,
        {},
      );
      expect(made.body.data.secret).toMatch(/^[0-9a-f]{64}$/);
      const stored = await ctx.database.db
        .selectFrom('crm_identity')
        .select('secret_sealed')
        .where('org_id', '=', a.orgId)
        .executeTakeFirstOrThrow();
      expect(stored.secret_sealed).not.toContain(made.body.data.secret);
      const again = await getJson<{ configured: boolean }>(ctx, '/api/customer/identity', a.admin.token);
      expect(again.body).toMatchObject({ data: { configured: true } });
      expect(JSON.stringify(again.body)).not.toContain(made.body.data.secret);
    });

    it('refuses a forged or missing signature and links nothing; a valid one creates and links', async () => {
      const org = await createRecordsOrg(ctx);
      const visitor = await initVisitor(org);
      const identify = (payload: object) =>
        postJson<Customer>(ctx, '/visitor/api/identify', visitor.token, payload);
      const claim = { userId: 'site-user-42', name: 'Linus', email: 'linus@example.com' };
      // No secret yet.
      expect((await identify({ ...claim, signature: 'a'.repeat(64) })).status).toBe(403);
      const secret = (
        await postJson<{ secret: string }>(ctx, '/api/customer/identity/secret', org.admin.token, {})
      ).body.data.secret;
      const forged = await identify({ ...claim, signature: signIdentity('guessed-secret', claim) });
      expect(forged.status).toBe(403);
      const otherUser = await identify({
        ...claim,
        signature: signIdentity(secret, { ...claim, userId: 'site-user-43' }),
      });
      expect(otherUser.status).toBe(403);
      const missing = await identify(claim);
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing.body)).toEqual(['signature']);
      expect((await list(org.admin.token, '')).body.data.totalElements).toBe(0);
      const linked = await ctx.database.db
        .selectFrom('visitor')
        .select('customer_id')
        .where('vid', '=', visitor.visitor.vid)
        .executeTakeFirstOrThrow();
      expect(linked.customer_id).toBeNull();

      // The signature covers every field: the user id alone does not vouch for an email or name.
      const userIdOnly = await identify({
        ...claim,
        signature: signIdentity(secret, { userId: claim.userId }),
      });
      expect(userIdOnly.status).toBe(403);
      const valid = await identify({ ...claim, signature: signIdentity(secret, claim) });
      expect(valid.status).toBe(200);
      expect(valid.body.data).toMatchObject({
        name: 'Linus',
        email: 'linus@example.com',
        externalId: 'site-user-42',
        visitors: [{ vid: visitor.visitor.vid }],
      });
      // A second browser of the same site user joins the same customer, and updates it.
      const laptop = await initVisitor(org);
      const second = await postJson<Customer>(ctx, '/visitor/api/identify', laptop.token, {
        userId: claim.userId,
        name: 'Linus T.',
        signature: signIdentity(secret, { userId: claim.userId, name: 'Linus T.' }),
      });
      expect(second.body.data.cid).toBe(valid.body.data.cid);
      expect(second.body.data.name).toBe('Linus T.');
      expect(second.body.data.visitors).toHaveLength(2);
      // A return visit of an identified visitor is a contact.
      await ctx.database.db
        .updateTable('customer')
        .set({ last_contact_at: 1 })
        .where('cid', '=', second.body.data.cid)
        .execute();
      const back = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { org: org.admin.subDomain, token: laptop.token },
      });
      expect(back.statusCode).toBe(200);
      const after = await getJson<Customer>(
        ctx,
        `/api/customer/get?cid=${second.body.data.cid}`,
        org.agent.token,
      );
      expect(after.body.data.lastContactAt).toBeGreaterThan(1);
      // Another organisation's secret does not sign for this one.
      const otherSecret = (
        await postJson<{ secret: string }>(ctx, '/api/customer/identity/secret', b.admin.token, {})
      ).body.data.secret;
      const crossed = await identify({ userId: 'x', signature: signIdentity(otherSecret, { userId: 'x' }) });
      expect(crossed.status).toBe(403);
      const card = await getJson<Customer>(
        ctx,
        `/api/customer/visitor?vid=${visitor.visitor.vid}`,
        org.agent.token,
      );
      expect(card.body.data.cid).toBe(valid.body.data.cid);
      expect(
        (await getJson(ctx, `/api/customer/visitor?vid=${visitor.visitor.vid}`, b.admin.token)).status,
      ).toBe(404);
    });
    it('refuses a forged email, mobile or name, and line breaks in the signed fields', async () => {
      const org = await createRecordsOrg(ctx);
      const secret = (
        await postJson<{ secret: string }>(ctx, '/api/customer/identity/secret', org.admin.token, {})
      ).body.data.secret;
      const visitor = await initVisitor(org);
      const identify = (payload: object) =>
        postJson<Customer>(ctx, '/visitor/api/identify', visitor.token, payload);
      const signed = { userId: 'u-1', name: 'Mia', email: 'Mia@Example.com', mobile: '+86 138-0000 0000' };
      const first = await identify({ ...signed, signature: signIdentity(secret, signed) });
      expect(first.status).toBe(200);
      // Stored normalised; the signature was over the values as sent.
      expect(first.body.data).toMatchObject({ email: 'mia@example.com', mobile: '+8613800000000' });
      // The visitor keeps the site's signature but swaps in someone else's address, number or name.
      const signature = signIdentity(secret, signed);
      for (const forged of [
        { ...signed, email: 'attacker@example.com' },
        { ...signed, mobile: '+1 555 0100' },
        { ...signed, name: 'Mallory' },
        { userId: 'u-1', email: 'attacker@example.com', signature: signIdentity(secret, { userId: 'u-1' }) },
      ])
        expect((await identify({ signature, ...forged })).status).toBe(403);
      const stored = await getJson<Customer>(
        ctx,
        `/api/customer/get?cid=${first.body.data.cid}`,
        org.admin.token,
      );
      expect(stored.body.data).toMatchObject({
        name: 'Mia',
        email: 'mia@example.com',
        mobile: '+8613800000000',
      });
      // A line break could shift one field into the next under the same signature: refused as input.
      const shifted = await identify({
        userId: 'u-1',
        name: 'Mia\nattacker@example.com',
        signature: signIdentity(secret, { userId: 'u-1', name: 'Mia\nattacker@example.com' }),
      });
      expect(shifted.status).toBe(400);
      expect(fieldsOf(shifted.body)).toEqual(['name']);
    });

    it('answers 429 after 20 attempts of one visitor in a minute, valid or not', async () => {
      const org = await createRecordsOrg(ctx);
      const secret = (
        await postJson<{ secret: string }>(ctx, '/api/customer/identity/secret', org.admin.token, {})
      ).body.data.secret;
      const visitor = await initVisitor(org);
      const claim = { userId: 'u-rate' };
      for (let attempt = 0; attempt < 20; attempt += 1) {
        const guess = await postJson(ctx, '/visitor/api/identify', visitor.token, {
          ...claim,
          signature: attempt.toString(16).padStart(64, '0'),
        });
        expect(guess.status).toBe(403);
      }
      const limited = await postJson(ctx, '/visitor/api/identify', visitor.token, {
        ...claim,
        signature: signIdentity(secret, claim),
      });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ status_code: 429 });
      expect((await list(org.admin.token, '')).body.data.totalElements).toBe(0);
      // Another visitor is counted apart.
      const other = await initVisitor(org);
      const fine = await postJson<Customer>(ctx, '/visitor/api/identify', other.token, {
        ...claim,
        signature: signIdentity(secret, claim),
      });
      expect(fine.status).toBe(200);
    });
  });

  describe('lead capture', () => {
    it('creates a lead for a visitor and reuses the customer with that mobile', async () => {
      const org = await createRecordsOrg(ctx);
      const visitor = await insertVisitor(ctx, org.orgId);
      const cid = await ctx.app.services.crm.captureLead({
        orgId: org.orgId,
        visitorId: visitor.id,
        name: 'Lead Person',
        mobile: '138 0000 0000',
      });
      const lead = await getJson<Customer>(ctx, `/api/customer/get?cid=${cid}`, org.agent.token);
      expect(lead.body.data).toMatchObject({
        name: 'Lead Person',
        mobile: '13800000000',
        channel: 'lead',
        visitors: [{ vid: visitor.vid }],
      });
      const again = await ctx.app.services.crm.captureLead({
        orgId: org.orgId,
        name: 'Other',
        mobile: '13800000000',
      });
      expect(again).toBe(cid);
      // Another organisation's visitor id is not linked.
      const foreign = await ctx.app.services.crm.captureLead({
        orgId: b.orgId,
        visitorId: visitor.id,
        name: 'Cross',
        mobile: '13900000000',
      });
      expect(
        (await getJson<Customer>(ctx, `/api/customer/get?cid=${foreign}`, b.admin.token)).body.data.visitors,
      ).toEqual([]);
    });
  });

  describe('import and export', () => {
    const importCsv = (token: string, csv: string, fields: Record<string, string> = {}) => {
      const { payload, headers } = multipartBody({
        file: { data: Buffer.from(csv, 'utf8'), name: 'customers.csv', contentType: 'text/csv' },
        fields,
      });
      return ctx.app.inject({
        method: 'POST',
        url: '/api/customer/import',
        headers: { ...headers, ...bearer(token) },
        payload,
      });
    };

    it('reports bad rows without writing them, dedupes by email/mobile, and previews', async () => {
      const org = await createRecordsOrg(ctx);
      const existing = await createOk(org.admin.token, { name: 'Existing', email: 'old@example.com' });
      const csv = [
        'Full name,E-mail,Phone,Company,Labels',
        'New One,new@example.com,,Acme,"a, b"',
        'Bad Email,not-an-email,,Broken Co,',
        'Updated Existing,OLD@example.com,5551234,,c',
        ',nobody@example.com,,No Name Co,',
        'Twin,new@example.com,,Twin Co,',
      ].join('\n');
      const mapping = JSON.stringify({
        name: 'Full name',
        email: 'E-mail',
        mobile: 'Phone',
        company: 'Company',
        tags: 'Labels',
      });
      const preview = await importCsv(org.admin.token, csv, { mapping, preview: 'true' });
      expect(preview.statusCode).toBe(200);
      const previewed = preview.json<Envelope<CustomerImportResult>>().data;
      expect(previewed).toMatchObject({ preview: true, created: 0, updated: 0, total: 5 });
      expect(previewed.rows.map((row) => [row.row, row.action])).toEqual([
        [2, 'create'],
        [4, 'update'],
      ]);
      expect(previewed.errors.map((error) => [error.row, error.field])).toEqual([
        [3, 'email'],
        [5, 'name'],
        [6, 'email'],
      ]);
      expect((await list(org.admin.token, '')).body.data.totalElements).toBe(1);

      const done = await importCsv(org.admin.token, csv, { mapping });
      const result = done.json<Envelope<CustomerImportResult>>().data;
      expect(result).toMatchObject({ preview: false, created: 1, updated: 1 });
      expect(result.errors).toHaveLength(3);
      const all = (await list(org.admin.token, '')).body.data.content;
      expect(all.map((c) => c.name).sort()).toEqual(['New One', 'Updated Existing']);
      expect(all.find((c) => c.cid === existing.cid)).toMatchObject({ mobile: '5551234', tags: ['c'] });
      expect(all.find((c) => c.name === 'New One')).toMatchObject({
        company: 'Acme',
        tags: ['a', 'b'],
        channel: 'import',
      });
      expect((await list(org.admin.token, 'keyword=Broken')).body.data.totalElements).toBe(0);
      expect((await list(org.admin.token, 'keyword=Twin')).body.data.totalElements).toBe(0);

      const badMapping = await importCsv(org.admin.token, csv, { mapping: '{"email":"E-mail"}' });
      expect(badMapping.statusCode).toBe(400);
      expect((await importCsv(org.agent.token, csv)).statusCode).toBe(403);
    });

    const defineFields = async (token: string) => {
      for (const field of [
        { key: 'plan', label: 'Plan', type: 'select', options: ['free', 'pro'] },
        { key: 'seats', label: 'Seats', type: 'number' },
        { key: 'renewal', label: 'Renewal', type: 'date' },
        { key: 'region', label: 'Region', type: 'text', required: true },
      ]) {
        const made = await postJson(ctx, '/api/customer/field/create', token, field);
        if (made.status !== 200) throw new Error(`field create failed: ${JSON.stringify(made.body)}`);
      }
    };

    it('imports custom fields by mapping or label, checks them per row and exports them', async () => {
      const org = await createRecordsOrg(ctx);
      await defineFields(org.admin.token);
      const existing = await createOk(org.admin.token, {
        name: 'Old',
        email: 'old@example.com',
        customFields: { region: 'EU', seats: 3 },
      });
      const csv = [
        'Name,Email,Tier,Seats,Renewal,Region',
        'Ann,ann@example.com,pro,12,2027/01/31,APAC',
        'Bad Plan,bp@example.com,gold,1,,EU',
        'Bad Seats,bs@example.com,free,many,,EU',
        'No Region,nr@example.com,free,1,,',
        'Old Again,old@example.com,pro,,46000,',
      ].join('\n');
      const mapping = JSON.stringify({
        name: 'Name',
        email: 'Email',
        customFields: { plan: 'Tier', seats: 'Seats', renewal: 'Renewal', region: 'Region' },
      });
      const result = (await importCsv(org.admin.token, csv, { mapping })).json<
        Envelope<CustomerImportResult>
      >().data;
      expect(result).toMatchObject({ created: 1, updated: 1 });
      expect(result.errors.map((error) => [error.row, error.field])).toEqual([
        [3, 'customFields.plan'],
        [4, 'customFields.seats'],
        [5, 'customFields.region'],
      ]);
      const all = (await list(org.admin.token, '')).body.data.content;
      expect(all.find((c) => c.name === 'Ann')?.customFields).toEqual({
        plan: 'pro',
        seats: 12,
        renewal: '2027-01-31',
        region: 'APAC',
      });
      // An update merges: given cells win, the rest stay (an Excel serial number is a date).
      expect(all.find((c) => c.cid === existing.cid)?.customFields).toEqual({
        region: 'EU',
        seats: 3,
        plan: 'pro',
        renewal: '2025-12-09',
      });
      const unknownKey = await importCsv(org.admin.token, csv, {
        mapping: JSON.stringify({ name: 'Name', customFields: { nope: 'Tier' } }),
      });
      expect(unknownKey.statusCode).toBe(400);
      expect(fieldsOf(unknownKey.json())).toEqual(['mapping']);

      // Export: one column per field under its label; the file imports back without a mapping.
      const exported = await ctx.app.inject({
        method: 'GET',
        url: '/api/customer/export',
        headers: bearer(org.admin.token),
      });
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(exported.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      const headers = (sheet?.getRow(1).values as unknown[]).slice(1);
      expect(headers.slice(-4)).toEqual(['Plan', 'Seats', 'Renewal', 'Region']);
      const annRow = sheet
        ?.getRows(2, (sheet?.rowCount ?? 1) - 1)
        ?.find((row) => row.getCell(1).value === 'Ann');
      expect((annRow?.values as unknown[]).slice(-4)).toEqual(['pro', 12, '2027-01-31', 'APAC']);
      const other = await createRecordsOrg(ctx);
      await defineFields(other.admin.token);
      const { payload, headers: multipart } = multipartBody({
        file: { data: exported.rawPayload, name: 'customers.xlsx', contentType: 'application/octet-stream' },
      });
      const back = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer/import',
        headers: { ...multipart, ...bearer(other.admin.token) },
        payload,
      });
      expect(back.json<Envelope<CustomerImportResult>>().data).toMatchObject({ created: 2, errors: [] });
      const copied = (await list(other.admin.token, 'keyword=Ann')).body.data.content[0];
      expect(copied?.customFields).toEqual({ plan: 'pro', seats: 12, renewal: '2027-01-31', region: 'APAC' });
    });

    it('reports progress chunk by chunk to the caller', async () => {
      const org = await createRecordsOrg(ctx);
      const { createCrmTransfer } = await import('./crm.transfer.js');
      const transfer = createCrmTransfer({ db: ctx.database.db, crm: ctx.app.services.crm });
      const csv = ['Name,Email', ...Array.from({ length: 250 }, (_, i) => `P${i},p${i}@example.com`)].join(
        '\n',
      );
      const seen: string[] = [];
      const principal = {
        orgId: org.orgId,
        userId: org.admin.userId,
      } as Parameters<typeof transfer.importSheet>[0];
      const result = await transfer.importSheet(
        principal,
        { buffer: Buffer.from(csv), format: 'csv', fields: {} },
        'en-US',
        (progress) => {
          seen.push(`${progress.phase} ${progress.processed}/${progress.total}`);
        },
      );
      expect(seen).toEqual([
        'reading 0/0',
        'writing 0/250',
        'writing 100/250',
        'writing 200/250',
        'writing 250/250',
      ]);
      expect(result).toMatchObject({ total: 250, created: 250 });
    });

    it('runs as a background job the caller polls; others cannot read it', async () => {
      const org = await createRecordsOrg(ctx);
      const start = (token: string, csv: string, fields: Record<string, string> = {}) => {
        const { payload, headers } = multipartBody({
          file: { data: Buffer.from(csv, 'utf8'), name: 'customers.csv', contentType: 'text/csv' },
          fields,
        });
        return ctx.app.inject({
          method: 'POST',
          url: '/api/customer/import/start',
          headers: { ...headers, ...bearer(token) },
          payload,
        });
      };
      type Job = {
        jobId: string;
        state: string;
        phase: string;
        processed: number;
        total: number;
        preview: boolean;
        result: CustomerImportResult | null;
      };
      const status = (token: string, jobId: string) =>
        getJson<Job>(ctx, `/api/customer/import/status?jobId=${encodeURIComponent(jobId)}`, token);
      const csv = [
        'Name,Email',
        ...Array.from({ length: 230 }, (_, i) => `Job ${i},job${i}@example.com`),
        'Broken,not-an-email',
      ].join('\n');
      const started = await start(org.admin.token, csv);
      expect(started.statusCode).toBe(200);
      const job = started.json<Envelope<Job>>().data;
      expect(job).toMatchObject({ state: 'running', preview: false, result: null });
      let current = job;
      for (let poll = 0; poll < 200 && current.state === 'running'; poll += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        current = (await status(org.admin.token, job.jobId)).body.data;
      }
      expect(current).toMatchObject({ state: 'done', phase: 'writing', processed: 230, total: 230 });
      expect(current.result).toMatchObject({ total: 231, created: 230, preview: false });
      expect(current.result?.errors.map((error) => [error.row, error.field])).toEqual([[232, 'email']]);
      expect((await list(org.admin.token, 'keyword=Job')).body.data.totalElements).toBe(230);
      // Only its starter reads it: a colleague, another organisation and a made-up id get a 404.
      const colleague = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'], orgId: org.orgId });
      const colleagueToken = await signIn(ctx.app, colleague.username, colleague.password);
      expect((await status(colleagueToken, job.jobId)).status).toBe(404);
      expect((await status(b.admin.token, job.jobId)).status).toBe(404);
      expect((await status(org.admin.token, 'nope')).status).toBe(404);
      expect((await status(org.agent.token, job.jobId)).status).toBe(403);
      // A preview job writes nothing; a bad mapping is refused before any job starts.
      const preview = (await start(org.admin.token, 'Name\nPreview Only', { preview: 'true' })).json<
        Envelope<Job>
      >().data;
      let previewed = preview;
      for (let poll = 0; poll < 200 && previewed.state === 'running'; poll += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        previewed = (await status(org.admin.token, preview.jobId)).body.data;
      }
      expect(previewed).toMatchObject({ state: 'done', phase: 'checking', preview: true });
      expect((await list(org.admin.token, 'keyword=Preview')).body.data.totalElements).toBe(0);
      const bad = await start(org.admin.token, csv, { mapping: '{"email":"Email"}' });
      expect(bad.statusCode).toBe(400);
      expect((await start(org.agent.token, csv)).statusCode).toBe(403);
    });

    it('exports the organisation’s customers only', async () => {
      const org = await createRecordsOrg(ctx);
      await createOk(org.admin.token, { name: 'Exported', email: 'e@example.com', tags: ['t'] });
      await createOk(b.admin.token, { name: 'Not mine' });
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/customer/export',
        headers: { ...bearer(org.admin.token), 'accept-language': 'zh-CN' },
      });
      expect(response.statusCode).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
      const sheet = workbook.worksheets[0];
      expect(sheet?.getRow(1).getCell(1).value).toBe('姓名');
      expect(sheet?.rowCount).toBe(2);
      expect(sheet?.getRow(2).getCell(1).value).toBe('Exported');
      expect(
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/customer/export',
            headers: bearer(org.agent.token),
          })
        ).statusCode,
      ).toBe(403);
    });
  });
});
