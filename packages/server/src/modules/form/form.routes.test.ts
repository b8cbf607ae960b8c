import type {
  Form,
  Page,
  ThreadFormAnswers,
  ThreadRequestResult,
  VisitorForm,
  VisitorInitResult,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertVisitor,
  insertThread,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

await describeEachDatabase('pre-chat form routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  const groups = { formed: '', plain: '', ofB: '' };
  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  const initVisitor = async (org: RecordsOrg): Promise<VisitorInitResult> => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain, nickname: 'Guest' },
    });
    if (response.statusCode !== 200) throw new Error(`visitor init failed: ${response.body}`);
    return response.json<Envelope<VisitorInitResult>>().data;
  };

  const customForm = {
    title: 'Before we start',
    fields: [
      { key: 'name', label: '', type: 'text', required: true },
      { key: 'mobile', label: '', type: 'mobile', required: true },
      { key: 'email', label: '', type: 'email', required: false },
      { key: 'age', label: '', type: 'number', required: false },
      { key: 'plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
    ],
  };

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    groups.formed = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' })).wid;
    groups.plain = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' })).wid;
    groups.ofB = (await insertWorkgroup(ctx, b.orgId, { nickname: 'B team' })).wid;
    await ctx.database.db
      .updateTable('workgroup')
      .set({ show_form: 1 })
      .where('wid', 'in', [groups.formed, groups.ofB])
      .execute();
  });

  describe('console: /api/form/*', () => {
    it('answers the built-in form until one is saved, then the saved one; a group inherits the default', async () => {
      const initial = await getJson<Form>(ctx, '/api/form/get', a.admin.token);
      expect(initial.status).toBe(200);
      expect(initial.body.data).toMatchObject({ fid: '', workgroup: null, createdAt: null });
      expect(initial.body.data.fields.map((field) => field.key)).toEqual(['name', 'mobile', 'email']);

      const saved = await postJson<Form>(ctx, '/api/form/save', a.admin.token, {
        title: 'Org default',
        fields: [{ key: 'name', label: 'Your name', type: 'text', required: true }],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ title: 'Org default', workgroup: null });
      expect(saved.body.data.fid).toMatch(/^[0-9a-z]{20}$/);

      const inherited = await getJson<Form>(ctx, `/api/form/get?wid=${groups.plain}`, a.admin.token);
      expect(inherited.body.data).toMatchObject({
        fid: '',
        title: 'Org default',
        workgroup: { wid: groups.plain, nickname: 'Support' },
      });

      const again = await postJson<Form>(ctx, '/api/form/save', a.admin.token, {
        title: 'Org default v2',
        fields: [{ key: 'job', label: '', type: 'text', required: false }],
      });
      expect(again.body.data.fid).toBe(saved.body.data.fid);
      expect(again.body.data.fields).toEqual([
        { key: 'job', label: '', type: 'text', required: false, options: [] },
      ]);
    });

    it("saves a skill group's own form and lists the saved forms, the default first", async () => {
      const saved = await postJson<Form>(ctx, '/api/form/save', a.admin.token, {
        wid: groups.formed,
        ...customForm,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.workgroup).toEqual({ wid: groups.formed, nickname: 'Sales' });
      const page = await getJson<Page<Form>>(ctx, '/api/form/query?page=0&size=10', a.admin.token);
      expect(page.status).toBe(200);
      expect(page.body.data.content.map((form) => form.workgroup?.wid ?? null)).toEqual([
        null,
        groups.formed,
      ]);
      expect(page.body.data.totalElements).toBe(2);
    });

    it('refuses bad fields, naming each', async () => {
      const save = (fields: object[]) => postJson<Form>(ctx, '/api/form/save', a.admin.token, { fields });
      const cases: [object[], string][] = [
        [[{ key: '1bad', label: 'x', type: 'text', required: false }], 'fields.0.key'],
        [[{ key: 'email', label: '', type: 'text', required: false }], 'fields.0.type'],
        [[{ key: 'color', label: '', type: 'text', required: false }], 'fields.0.label'],
        [[{ key: 'color', label: 'Colour', type: 'select', required: false }], 'fields.0.options'],
        [[{ key: 'color', label: 'Colour', type: 'email', required: false }], 'fields.0.type'],
        [
          [
            { key: 'name', label: '', type: 'text', required: false },
            { key: 'name', label: '', type: 'text', required: true },
          ],
          'fields.1.key',
        ],
        [[{ key: 'name', label: '', type: 'text' }], 'fields.0.required'],
      ];
      for (const [fields, field] of cases) {
        const response = await save(fields);
        expect(response.status, field).toBe(400);
        expect(fieldsOf(response.body)).toContain(field);
      }
      const noFields = await postJson<Form>(ctx, '/api/form/save', a.admin.token, { title: 'x' });
      expect(noFields.status).toBe(400);
      expect(fieldsOf(noFields.body)).toContain('fields');
    });

    it('deletes a saved form: the default applies again to the group', async () => {
      const temp = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Temp' })).wid;
      const saved = await postJson<Form>(ctx, '/api/form/save', a.admin.token, { wid: temp, ...customForm });
      const removed = await postJson<null>(ctx, '/api/form/delete', a.admin.token, {
        fid: saved.body.data.fid,
      });
      expect(removed.status).toBe(200);
      const after = await getJson<Form>(ctx, `/api/form/get?wid=${temp}`, a.admin.token);
      expect(after.body.data).toMatchObject({ fid: '', title: 'Org default v2' });
      expect(
        (await postJson(ctx, '/api/form/delete', a.admin.token, { fid: saved.body.data.fid })).status,
      ).toBe(404);
      expect((await postJson(ctx, '/api/form/delete', a.admin.token, { fid: '' })).status).toBe(400);
    });

    it('answers 401 without a token, 403 without the kefu.form permission', async () => {
      expect((await getJson(ctx, '/api/form/get')).status).toBe(401);
      expect((await getJson(ctx, '/api/form/query')).status).toBe(401);
      expect((await postJson(ctx, '/api/form/save', undefined, customForm)).status).toBe(401);
      expect((await postJson(ctx, '/api/form/delete', undefined, { fid: 'x' })).status).toBe(401);
      expect((await getJson(ctx, '/api/form/answers?tid=x')).status).toBe(401);
      expect((await getJson(ctx, '/api/form/get', a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/form/query', a.checker.token)).status).toBe(403);
      expect((await postJson(ctx, '/api/form/save', a.checker.token, customForm)).status).toBe(403);
      // Agents hold add/edit/query/get on kefu items but not delete.
      expect((await postJson(ctx, '/api/form/delete', a.agent.token, { fid: 'x' })).status).toBe(403);
      expect((await getJson(ctx, '/api/form/answers?tid=x', a.checker.token)).status).toBe(403);
    });

    it("answers 404 for another organisation's skill group or form", async () => {
      expect((await getJson(ctx, `/api/form/get?wid=${groups.ofB}`, a.admin.token)).status).toBe(404);
      expect(
        (await postJson(ctx, '/api/form/save', a.admin.token, { wid: groups.ofB, ...customForm })).status,
      ).toBe(404);
      const ofB = await postJson<Form>(ctx, '/api/form/save', b.admin.token, customForm);
      expect(
        (await postJson(ctx, '/api/form/delete', a.admin.token, { fid: ofB.body.data.fid })).status,
      ).toBe(404);
      const visitor = await insertVisitor(ctx, b.orgId);
      const thread = await insertThread(ctx, { orgId: b.orgId, visitorId: visitor.id });
      expect((await getJson(ctx, `/api/form/answers?tid=${thread.tid}`, a.admin.token)).status).toBe(404);
    });
  });

  describe('visitor: the form gates the thread request', () => {
    const request = (token: string, payload: object) =>
      postJson<ThreadRequestResult>(ctx, '/visitor/api/thread/request', token, payload);

    it('tells the widget which form to fill, and whether it must', async () => {
      const { token } = await initVisitor(a);
      const formed = await getJson<VisitorForm>(ctx, `/visitor/api/form?wid=${groups.formed}`, token);
      expect(formed.status).toBe(200);
      expect(formed.body.data).toMatchObject({ required: true, title: 'Before we start' });
      expect(formed.body.data.fields.map((field) => field.key)).toEqual([
        'name',
        'mobile',
        'email',
        'age',
        'plan',
      ]);
      const plain = await getJson<VisitorForm>(ctx, `/visitor/api/form?wid=${groups.plain}`, token);
      expect(plain.body.data).toMatchObject({ required: false, title: 'Org default v2' });
      expect((await getJson(ctx, `/visitor/api/form?wid=${groups.ofB}`, token)).status).toBe(404);
      expect((await getJson(ctx, '/visitor/api/form', token)).status).toBe(400);
      expect((await getJson(ctx, `/visitor/api/form?wid=${groups.formed}`)).status).toBe(401);
    });

    it('refuses a request without answers or with bad ones, naming the fields; nothing is created', async () => {
      const { token } = await initVisitor(a);
      const none = await request(token, { wid: groups.formed });
      expect(none.status).toBe(400);
      expect(fieldsOf(none.body)).toEqual(['form.name', 'form.mobile', 'form.plan']);
      expect(none.body.message).toContain('form.name');

      const bad = await request(token, {
        wid: groups.formed,
        form: { name: 'Ann', mobile: 'call me', email: 'nope', age: 'old', plan: 'Gold' },
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['form.mobile', 'form.email', 'form.age', 'form.plan']);
      const ageRange = await request(token, {
        wid: groups.formed,
        form: { name: 'Ann', mobile: '13800138000', age: '200', plan: 'Pro' },
      });
      expect(fieldsOf(ageRange.body)).toEqual(['form.age']);

      const zh = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/thread/request',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
        payload: { wid: groups.formed },
      });
      expect(zh.json<{ message: string }>().message).toContain('请正确填写咨询前表单');
      const threads = await ctx.database.db
        .selectFrom('thread')
        .select('id')
        .where('org_id', '=', a.orgId)
        .execute();
      expect(threads).toHaveLength(0);
    });

    it('with valid answers the chat proceeds, the visitor keeps name and contact, the agent reads the answers', async () => {
      const { token, visitor } = await initVisitor(a);
      const result = await request(token, {
        wid: groups.formed,
        form: {
          name: ' Ann Lee ',
          mobile: '13800138000',
          email: 'ann@example.com',
          age: '34',
          plan: 'Pro',
          extra: 'dropped',
        },
      });
      expect(result.status).toBe(200);
      // No agent is online: the group answers with the leave-message code, the thread exists.
      expect(result.body.data.code).toBe(204);
      const tid = result.body.data.thread?.tid ?? '';
      expect(tid).not.toBe('');
      // The contact details are saved before the thread: its row already carries the name.
      expect(result.body.data.thread?.visitor.nickname).toBe('Ann Lee');

      const answers = await getJson<ThreadFormAnswers>(ctx, `/api/form/answers?tid=${tid}`, a.agent.token);
      expect(answers.status).toBe(200);
      expect(answers.body.data).toMatchObject({
        tid,
        answers: [
          { key: 'name', label: '', value: 'Ann Lee' },
          { key: 'mobile', label: '', value: '13800138000' },
          { key: 'email', label: '', value: 'ann@example.com' },
          { key: 'age', label: '', value: '34' },
          { key: 'plan', label: 'Plan', value: 'Pro' },
        ],
      });
      const stored = await ctx.database.db
        .selectFrom('visitor')
        .select(['nickname', 'mobile', 'email'])
        .where('vid', '=', visitor.vid)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ nickname: 'Ann Lee', mobile: '13800138000', email: 'ann@example.com' });
    });

    it('asks nothing of a group without showForm, of an appointed agent, or while a chat is open', async () => {
      const { token } = await initVisitor(a);
      expect((await request(token, { wid: groups.plain })).status).toBe(200);
      expect((await request(token, { aid: a.agent.uid })).status).toBe(200);
      const first = await request(token, {
        wid: groups.formed,
        form: { name: 'Bo', mobile: '13800138001', plan: 'Free' },
      });
      expect(first.status).toBe(200);
      // Offline (204) is not open: put the thread in the queue to see the open-chat rule.
      await ctx.database.db
        .updateTable('thread')
        .set({ status: 'queuing' })
        .where('tid', '=', first.body.data.thread?.tid ?? '')
        .execute();
      const form = await getJson<VisitorForm>(ctx, `/visitor/api/form?wid=${groups.formed}`, token);
      expect(form.body.data.required).toBe(false);
      const again = await request(token, { wid: groups.formed });
      expect(again.status).toBe(200);
      expect(again.body.data.code).toBe(202);
      const noAnswers = await getJson<ThreadFormAnswers | null>(
        ctx,
        `/api/form/answers?tid=${(await request(token, { wid: groups.plain })).body.data.thread?.tid ?? ''}`,
        a.admin.token,
      );
      expect(noAnswers.status).toBe(200);
      expect(noAnswers.body.data).toBeNull();
    });
  });
});
