import type { Page, Tag, TagBrief, ThreadRecord } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  insertVisitor,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('tag routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;

  const create = (token: string | undefined, payload: object) =>
    postJson<Tag>(ctx, '/api/tag/create', token, payload);
  const remove = async (token: string | undefined, tgid: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/tag/delete?tgid=${tgid}`,
      headers: token ? bearer(token) : {},
    });
    return { status: response.statusCode, body: response.json<Envelope<null>>() };
  };

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  describe('tag CRUD', () => {
    it('creates, lists, updates and deletes tags', async () => {
      const vip = await create(a.admin.token, { name: ' VIP ', color: '#FF0000', type: 'visitor' });
      expect(vip.status).toBe(200);
      expect(vip.body.data).toMatchObject({ name: 'VIP', color: '#ff0000', type: 'visitor' });
      expect(vip.body.data.tgid).toMatch(/^[0-9a-z]{20}$/);
      const complaint = await create(a.agent.token, { name: 'Complaint' });
      expect(complaint.body.data).toMatchObject({ type: 'thread', color: '#1677ff' });
      // Names are unique per type, so a thread tag may share a visitor tag's name.
      expect((await create(a.admin.token, { name: 'VIP', type: 'visitor' })).status).toBe(409);
      expect((await create(a.admin.token, { name: 'VIP', type: 'thread' })).status).toBe(200);
      await create(b.admin.token, { name: 'B tag' });

      const page = await getJson<Page<Tag>>(ctx, '/api/tag/query', a.agent.token);
      expect(page.status).toBe(200);
      expect(page.body.data.content.map((tag) => [tag.type, tag.name])).toEqual([
        ['thread', 'Complaint'],
        ['thread', 'VIP'],
        ['visitor', 'VIP'],
      ]);
      const visitorOnly = await getJson<Page<Tag>>(ctx, '/api/tag/query?type=visitor', a.agent.token);
      expect(visitorOnly.body.data.totalElements).toBe(1);
      const keyword = await getJson<Page<Tag>>(ctx, '/api/tag/query?keyword=compl', a.agent.token);
      expect(keyword.body.data.content.map((tag) => tag.name)).toEqual(['Complaint']);
      const all = await getJson<Tag[]>(ctx, '/api/tag/all?type=thread', a.agent.token);
      expect(all.body.data.map((tag) => tag.name)).toEqual(['Complaint', 'VIP']);

      const updated = await postJson<Tag>(ctx, '/api/tag/update', a.agent.token, {
        tgid: complaint.body.data.tgid,
        name: 'Complaints',
        color: '#00aa00',
      });
      expect(updated.body.data).toMatchObject({ name: 'Complaints', color: '#00aa00', type: 'thread' });
      const clash = await postJson(ctx, '/api/tag/update', a.agent.token, {
        tgid: complaint.body.data.tgid,
        name: 'VIP',
        color: '#00aa00',
      });
      expect(clash.status).toBe(409);
      expect(fieldsOf(clash.body)).toEqual(['name']);
      // Agents hold add/edit on kefu.tag but not delete.
      expect((await remove(a.agent.token, complaint.body.data.tgid)).status).toBe(403);
      expect((await remove(a.admin.token, complaint.body.data.tgid)).status).toBe(200);
      expect((await remove(a.admin.token, complaint.body.data.tgid)).status).toBe(404);
    });

    it('answers 400 naming the field, 401, 403 and 404 for other organisations', async () => {
      const bad = await create(a.admin.token, { name: '', color: 'red', type: 'order' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body).sort()).toEqual(['color', 'name', 'type']);
      expect(fieldsOf((await create(a.admin.token, { name: 'x'.repeat(33) })).body)).toEqual(['name']);
      expect(fieldsOf((await getJson(ctx, '/api/tag/query?type=order', a.admin.token)).body)).toEqual([
        'type',
      ]);
      expect(
        fieldsOf(
          (await postJson(ctx, '/api/tag/update', a.admin.token, { name: 'x', color: '#000000' })).body,
        ),
      ).toEqual(['tgid']);
      expect((await getJson(ctx, '/api/tag/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/tag/all')).status).toBe(401);
      expect((await create(undefined, { name: 'x' })).status).toBe(401);
      expect((await remove(undefined, 'x')).status).toBe(401);
      expect((await getJson(ctx, '/api/tag/query', a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/tag/all', a.checker.token)).status).toBe(403);
      expect((await create(a.checker.token, { name: 'x' })).status).toBe(403);
      expect(
        (await postJson(ctx, '/api/tag/update', a.checker.token, { tgid: 'x', name: 'x', color: '#000000' }))
          .status,
      ).toBe(403);
      expect((await remove(a.checker.token, 'x')).status).toBe(403);
      const ofB = (await create(b.admin.token, { name: 'Only B' })).body.data;
      expect(
        (
          await postJson(ctx, '/api/tag/update', a.admin.token, {
            tgid: ofB.tgid,
            name: 'x',
            color: '#000000',
          })
        ).status,
      ).toBe(404);
      expect((await remove(a.admin.token, ofB.tgid)).status).toBe(404);
      const listed = await getJson<Tag[]>(ctx, '/api/tag/all', a.admin.token);
      expect(listed.body.data.map((tag) => tag.tgid)).not.toContain(ofB.tgid);
    });
  });

  describe('tagging conversations and visitors, and the records filter', () => {
    let threadTag: Tag;
    let visitorTag: Tag;
    let otherThreadTag: Tag;
    let tagOfB: Tag;
    let thread: { id: number; tid: string };
    let untagged: { id: number; tid: string };
    let visitor: { id: number; vid: string };
    let threadOfB: { tid: string };
    let visitorOfB: { vid: string };

    beforeAll(async () => {
      threadTag = (await create(a.admin.token, { name: 'Refund', color: '#aa0000' })).body.data;
      otherThreadTag = (await create(a.admin.token, { name: 'Bug', color: '#0000aa' })).body.data;
      visitorTag = (await create(a.admin.token, { name: 'Returning', type: 'visitor' })).body.data;
      tagOfB = (await create(b.admin.token, { name: 'Refund' })).body.data;
      visitor = await insertVisitor(ctx, a.orgId, { nickname: 'Ann' });
      const otherVisitor = await insertVisitor(ctx, a.orgId, { nickname: 'Bob' });
      thread = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.id,
        createdAt: Date.now() - 10_000,
      });
      untagged = await insertThread(ctx, { orgId: a.orgId, visitorId: otherVisitor.id });
      const visitorB = await insertVisitor(ctx, b.orgId);
      visitorOfB = visitorB;
      threadOfB = await insertThread(ctx, { orgId: b.orgId, visitorId: visitorB.id });
    });

    it('replaces the tags of a conversation and of a visitor', async () => {
      const set = await postJson<TagBrief[]>(ctx, '/api/thread/tags', a.agent.token, {
        tid: thread.tid,
        tags: [threadTag.tgid, otherThreadTag.tgid, threadTag.tgid],
      });
      expect(set.status).toBe(200);
      expect(set.body.data.map((tag) => tag.name)).toEqual(['Bug', 'Refund']);
      const replaced = await postJson<TagBrief[]>(ctx, '/api/thread/tags', a.agent.token, {
        tid: thread.tid,
        tags: [threadTag.tgid],
      });
      expect(replaced.body.data).toEqual([
        { tgid: threadTag.tgid, name: 'Refund', color: '#aa0000', type: 'thread' },
      ]);
      const read = await getJson<TagBrief[]>(ctx, `/api/thread/tags?tid=${thread.tid}`, a.agent.token);
      expect(read.body.data.map((tag) => tag.tgid)).toEqual([threadTag.tgid]);

      const onVisitor = await postJson<TagBrief[]>(ctx, '/api/visitor/tags', a.agent.token, {
        vid: visitor.vid,
        tags: [visitorTag.tgid],
      });
      expect(onVisitor.body.data.map((tag) => tag.name)).toEqual(['Returning']);
      expect(
        (await getJson<TagBrief[]>(ctx, `/api/visitor/tags?vid=${visitor.vid}`, a.agent.token)).body.data,
      ).toHaveLength(1);
      const cleared = await postJson<TagBrief[]>(ctx, '/api/visitor/tags', a.agent.token, {
        vid: visitor.vid,
        tags: [],
      });
      expect(cleared.body.data).toEqual([]);
      await postJson(ctx, '/api/visitor/tags', a.agent.token, { vid: visitor.vid, tags: [visitorTag.tgid] });
    });

    it('refuses a tag of the other type (400 on tags), bad bodies, and answers 401/403', async () => {
      const wrong = await postJson(ctx, '/api/thread/tags', a.agent.token, {
        tid: thread.tid,
        tags: [visitorTag.tgid],
      });
      expect(wrong.status).toBe(400);
      expect(fieldsOf(wrong.body)).toEqual(['tags']);
      const wrongVisitor = await postJson(ctx, '/api/visitor/tags', a.agent.token, {
        vid: visitor.vid,
        tags: [threadTag.tgid],
      });
      expect(fieldsOf(wrongVisitor.body)).toEqual(['tags']);
      expect(fieldsOf((await postJson(ctx, '/api/thread/tags', a.agent.token, { tags: [] })).body)).toEqual([
        'tid',
      ]);
      expect(
        fieldsOf(
          (await postJson(ctx, '/api/thread/tags', a.agent.token, { tid: thread.tid, tags: 'x' })).body,
        ),
      ).toEqual(['tags']);
      const tooMany = Array.from({ length: 21 }, (_, index) => `t${index}`);
      expect(
        fieldsOf(
          (await postJson(ctx, '/api/visitor/tags', a.agent.token, { vid: visitor.vid, tags: tooMany })).body,
        ),
      ).toEqual(['tags']);
      expect(fieldsOf((await getJson(ctx, '/api/visitor/tags', a.agent.token)).body)).toEqual(['vid']);
      expect((await postJson(ctx, '/api/thread/tags', undefined, { tid: thread.tid, tags: [] })).status).toBe(
        401,
      );
      expect((await getJson(ctx, `/api/visitor/tags?vid=${visitor.vid}`)).status).toBe(401);
      // The checker has no chat authority: no workbench, no tagging.
      expect(
        (await postJson(ctx, '/api/thread/tags', a.checker.token, { tid: thread.tid, tags: [] })).status,
      ).toBe(403);
      expect((await getJson(ctx, `/api/thread/tags?tid=${thread.tid}`, a.checker.token)).status).toBe(403);
      expect(
        (await postJson(ctx, '/api/visitor/tags', a.checker.token, { vid: visitor.vid, tags: [] })).status,
      ).toBe(403);
    });

    it("answers 404 for another organisation's conversations, visitors and tags", async () => {
      for (const tid of ['nope', threadOfB.tid]) {
        expect((await postJson(ctx, '/api/thread/tags', a.agent.token, { tid, tags: [] })).status).toBe(404);
        expect((await getJson(ctx, `/api/thread/tags?tid=${tid}`, a.agent.token)).status).toBe(404);
      }
      for (const vid of ['nope', visitorOfB.vid]) {
        expect((await postJson(ctx, '/api/visitor/tags', a.agent.token, { vid, tags: [] })).status).toBe(404);
        expect((await getJson(ctx, `/api/visitor/tags?vid=${vid}`, a.agent.token)).status).toBe(404);
      }
      const foreign = await postJson(ctx, '/api/thread/tags', a.agent.token, {
        tid: thread.tid,
        tags: [tagOfB.tgid],
      });
      expect(foreign.status).toBe(404);
      // Nothing changed by the refused calls.
      const read = await getJson<TagBrief[]>(ctx, `/api/thread/tags?tid=${thread.tid}`, a.agent.token);
      expect(read.body.data.map((tag) => tag.tgid)).toEqual([threadTag.tgid]);
    });

    it('filters the session records by tag (on the conversation or its visitor) and lists the tags', async () => {
      const all = await getJson<Page<ThreadRecord>>(ctx, '/api/thread/query?size=100', a.admin.token);
      expect(all.status).toBe(200);
      const row = all.body.data.content.find((entry) => entry.tid === thread.tid);
      expect(row?.tags.map((tag) => [tag.type, tag.name])).toEqual([
        ['thread', 'Refund'],
        ['visitor', 'Returning'],
      ]);
      expect(all.body.data.content.find((entry) => entry.tid === untagged.tid)?.tags).toEqual([]);

      const byThreadTag = await getJson<Page<ThreadRecord>>(
        ctx,
        `/api/thread/query?tag=${threadTag.tgid}`,
        a.admin.token,
      );
      expect(byThreadTag.body.data.content.map((entry) => entry.tid)).toEqual([thread.tid]);
      const byVisitorTag = await getJson<Page<ThreadRecord>>(
        ctx,
        `/api/thread/query?tag=${visitorTag.tgid}`,
        a.admin.token,
      );
      expect(byVisitorTag.body.data.content.map((entry) => entry.tid)).toEqual([thread.tid]);
      const unused = await getJson<Page<ThreadRecord>>(
        ctx,
        `/api/thread/query?tag=${otherThreadTag.tgid}`,
        a.admin.token,
      );
      expect(unused.body.data.totalElements).toBe(0);
      const foreign = await getJson<Page<ThreadRecord>>(
        ctx,
        `/api/thread/query?tag=${tagOfB.tgid}`,
        a.admin.token,
      );
      expect(foreign.body.data.totalElements).toBe(0);
      const exported = await ctx.app.inject({
        method: 'GET',
        url: `/api/thread/export?tag=${threadTag.tgid}`,
        headers: bearer(a.admin.token),
      });
      expect(exported.headers['x-total-count']).toBe('1');

      // Deleting a tag takes it off everything that carried it.
      expect((await remove(a.admin.token, threadTag.tgid)).status).toBe(200);
      const after = await getJson<TagBrief[]>(ctx, `/api/thread/tags?tid=${thread.tid}`, a.agent.token);
      expect(after.body.data).toEqual([]);
    });
  });
});
