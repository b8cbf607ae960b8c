import type {
  Form,
  Page,
  PrechatDefault,
  Survey,
  SurveyResponse,
  SurveySaveBody,
  ThreadFormAnswers,
  ThreadRequestResult,
  VisitorForm,
  VisitorInitResult,
  Workgroup,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { convertPrechatForms } from '../../db/migrations/0020_forms_prechat.js';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

await describeEachDatabase('pre-chat form: a use of the form builder', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  const groups = {
    sales: { id: 0, wid: '' },
    billing: { id: 0, wid: '' },
    plain: { id: 0, wid: '' },
    ofB: '',
  };
  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  const initVisitor = async (org: RecordsOrg) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain, nickname: 'Guest' },
    });
    return response.json<Envelope<VisitorInitResult>>().data;
  };
  const request = (token: string, payload: object) =>
    postJson<ThreadRequestResult>(ctx, '/visitor/api/thread/request', token, payload);
  const threadGroupOf = async (tid: string) =>
    Number(
      (
        await ctx.database.db
          .selectFrom('thread')
          .select('workgroup_id')
          .where('tid', '=', tid)
          .executeTakeFirstOrThrow()
      ).workgroup_id,
    );

  const publish = async (org: RecordsOrg, body: SurveySaveBody, isPublished = true) => {
    const saved = await postJson<Survey>(ctx, '/api/form/survey/save', org.admin.token, body);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    if (isPublished)
      expect(
        (await postJson(ctx, '/api/form/survey/publish', org.admin.token, { fid: saved.body.data.fid }))
          .status,
      ).toBe(200);
    return saved.body.data.fid;
  };

  /** Routing, a condition, a checkbox, a contact email under a builder key. */
  const prechat = (): SurveySaveBody => ({
    title: 'Before we talk',
    items: [
      { key: 'name', label: 'Your name', type: 'text', required: true },
      {
        key: 'topic',
        label: 'Topic',
        type: 'radio',
        required: true,
        options: ['Sales', 'Billing', 'Other'],
        routes: { Billing: groups.billing.wid },
      },
      {
        key: 'detail',
        label: 'Tell us more',
        type: 'text',
        required: true,
        showIf: { key: 'topic', values: ['Other'] },
      },
      { key: 'reach', label: 'Reach me by', type: 'checkbox', required: false, options: ['Email', 'Phone'] },
      { key: 'q5', label: 'Email address', type: 'email', required: false },
    ],
  });

  let prechatFid = '';
  let draftFid = '';
  let otherFid = '';

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    groups.sales = await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' });
    groups.billing = await insertWorkgroup(ctx, a.orgId, { nickname: 'Billing' });
    groups.plain = await insertWorkgroup(ctx, a.orgId, { nickname: 'Plain' });
    groups.ofB = (await insertWorkgroup(ctx, b.orgId, { nickname: 'B team' })).wid;
    await ctx.database.db
      .updateTable('workgroup')
      .set({ show_form: 1 })
      .where('id', 'in', [groups.sales.id, groups.plain.id])
      .execute();
    prechatFid = await publish(a, prechat());
    draftFid = await publish(
      a,
      { title: 'Draft', items: [{ key: 'q1', label: 'Q', type: 'text', required: true }] },
      false,
    );
    otherFid = await publish(b, {
      title: 'Theirs',
      items: [{ key: 'q1', label: 'Q', type: 'text', required: true }],
    });
  });

  describe('the built-in form, before any is chosen', () => {
    it('asks name (required), mobile and email, and keeps the answers with the care cycle', async () => {
      const visitor = await initVisitor(a);
      const form = await getJson<VisitorForm>(
        ctx,
        `/visitor/api/form?wid=${groups.plain.wid}`,
        visitor.token,
      );
      expect(form.body.data).toMatchObject({ required: true, fid: '', version: 0, title: '' });
      expect(form.body.data.items.map((item) => item.key)).toEqual(['name', 'mobile', 'email']);
      const missing = await request(visitor.token, { wid: groups.plain.wid });
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing.body)).toEqual(['form.name']);
      const done = await request(visitor.token, {
        wid: groups.plain.wid,
        form: { name: 'Ann', email: 'ann@example.com' },
      });
      expect(done.status).toBe(200);
      const answers = await getJson<ThreadFormAnswers>(
        ctx,
        `/api/form/answers?tid=${done.body.data.thread?.tid ?? ''}`,
        a.agent.token,
      );
      expect(answers.body.data.answers).toEqual([
        { key: 'name', label: '', value: 'Ann' },
        { key: 'email', label: '', value: 'ann@example.com' },
      ]);
    });
  });

  describe('choosing a builder form', () => {
    it("sets the organisation's default: published forms of the organisation only", async () => {
      const initial = await getJson<PrechatDefault>(ctx, '/api/form/prechat/default', a.admin.token);
      expect(initial.body.data).toEqual({ fid: null, title: '' });
      const draft = await postJson(ctx, '/api/form/prechat/default', a.admin.token, { fid: draftFid });
      expect(draft.status).toBe(400);
      expect(fieldsOf(draft.body)).toEqual(['fid']);
      expect(
        (await postJson(ctx, '/api/form/prechat/default', a.admin.token, { fid: otherFid })).status,
      ).toBe(404);
      const chosen = await postJson<PrechatDefault>(ctx, '/api/form/prechat/default', a.admin.token, {
        fid: prechatFid,
      });
      expect(chosen.body.data).toEqual({ fid: prechatFid, title: 'Before we talk' });
      // The group without its own form now asks the default.
      const visitor = await initVisitor(a);
      const form = await getJson<VisitorForm>(
        ctx,
        `/visitor/api/form?wid=${groups.plain.wid}`,
        visitor.token,
      );
      expect(form.body.data).toMatchObject({ fid: prechatFid, version: 1, title: 'Before we talk' });
      const cleared = await postJson<PrechatDefault>(ctx, '/api/form/prechat/default', a.admin.token, {
        fid: null,
      });
      expect(cleared.body.data.fid).toBeNull();
    });

    it("sets a skill group's pre-chat and after-chat forms through the group's settings", async () => {
      const update = (body: object) =>
        postJson<Workgroup>(ctx, '/api/workgroup/update', a.admin.token, { wid: groups.sales.wid, ...body });
      const draft = await update({ preChatForm: draftFid });
      expect(draft.status).toBe(400);
      expect(fieldsOf(draft.body)).toEqual(['preChatForm']);
      expect((await update({ afterChatForm: otherFid })).status).toBe(404);
      const set = await update({ preChatForm: prechatFid, afterChatForm: prechatFid });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({ preChatForm: prechatFid, afterChatForm: prechatFid });
      const cleared = await update({ afterChatForm: '' });
      expect(cleared.body.data).toMatchObject({ preChatForm: prechatFid, afterChatForm: null });

      const survey = await getJson<Survey>(ctx, `/api/form/survey/get?fid=${prechatFid}`, a.admin.token);
      expect(survey.body.data.uses).toEqual([
        { purpose: 'prechat', wid: groups.sales.wid, nickname: 'Sales' },
      ]);
      const listed = await getJson<Page<Survey>>(
        ctx,
        '/api/form/survey/query?page=0&size=20&use=prechat',
        a.admin.token,
      );
      expect(listed.body.data.content.map((form) => form.fid)).toEqual([prechatFid]);
      const none = await getJson<Page<Survey>>(
        ctx,
        '/api/form/survey/query?page=0&size=20&use=afterchat',
        a.admin.token,
      );
      expect(none.body.data.totalElements).toBe(0);
    });
  });

  describe('the visitor fills the builder form', () => {
    it('serves its live version with the builder items', async () => {
      const visitor = await initVisitor(a);
      const form = await getJson<VisitorForm>(
        ctx,
        `/visitor/api/form?wid=${groups.sales.wid}`,
        visitor.token,
      );
      expect(form.status).toBe(200);
      expect(form.body.data).toMatchObject({
        required: true,
        fid: prechatFid,
        version: 1,
        title: 'Before we talk',
      });
      expect(form.body.data.items.map((item) => item.type)).toEqual([
        'text',
        'radio',
        'text',
        'checkbox',
        'email',
      ]);
    });

    it('checks answers with the builder rules: a hidden item is not required, a shown one is', async () => {
      const visitor = await initVisitor(a);
      const none = await request(visitor.token, { wid: groups.sales.wid });
      expect(fieldsOf(none.body)).toEqual(['form.name', 'form.topic']);
      const other = await request(visitor.token, {
        wid: groups.sales.wid,
        form: { name: 'Bo', topic: 'Other' },
      });
      expect(fieldsOf(other.body)).toEqual(['form.detail']);
      const bad = await request(visitor.token, {
        wid: groups.sales.wid,
        form: { name: 'Bo', topic: 'Gold', reach: ['Fax'], q5: 'nope' },
      });
      expect(fieldsOf(bad.body)).toEqual(['form.topic', 'form.reach', 'form.q5']);
      const threads = await ctx.database.db
        .selectFrom('thread')
        .innerJoin('visitor', 'visitor.id', 'thread.visitor_id')
        .select('thread.id')
        .where('visitor.vid', '=', visitor.visitor.vid)
        .execute();
      expect(threads).toHaveLength(0);
    });

    it('stores the answers as the form’s answer with the thread; the agent reads them; the contact is kept', async () => {
      const visitor = await initVisitor(a);
      const done = await request(visitor.token, {
        wid: groups.sales.wid,
        form: {
          name: 'Cy',
          topic: 'Sales',
          detail: 'dropped: hidden',
          reach: ['Phone', 'Email'],
          q5: 'cy@example.com',
        },
      });
      expect(done.status).toBe(200);
      const tid = done.body.data.thread?.tid ?? '';
      expect(await threadGroupOf(tid)).toBe(groups.sales.id);
      expect(done.body.data.thread?.visitor.nickname).toBe('Cy');

      const answers = await getJson<ThreadFormAnswers>(ctx, `/api/form/answers?tid=${tid}`, a.agent.token);
      expect(answers.body.data.answers).toEqual([
        { key: 'name', label: 'Your name', value: 'Cy' },
        { key: 'topic', label: 'Topic', value: 'Sales' },
        { key: 'reach', label: 'Reach me by', value: 'Email; Phone' },
        { key: 'q5', label: 'Email address', value: 'cy@example.com' },
      ]);
      const responses = await getJson<Page<SurveyResponse>>(
        ctx,
        `/api/form/survey/responses?fid=${prechatFid}&page=0&size=10`,
        a.admin.token,
      );
      expect(responses.body.data.content[0]).toMatchObject({
        tid,
        source: 'prechat',
        version: 1,
        answers: { name: 'Cy', topic: 'Sales', reach: ['Email', 'Phone'], q5: 'cy@example.com' },
      });
      const contact = await ctx.database.db
        .selectFrom('visitor')
        .select(['nickname', 'email'])
        .where('vid', '=', visitor.visitor.vid)
        .executeTakeFirstOrThrow();
      expect(contact).toEqual({ nickname: 'Cy', email: 'cy@example.com' });
    });

    it('routes the conversation to the skill group of the chosen option (the 205 flow)', async () => {
      const visitor = await initVisitor(a);
      const routed = await request(visitor.token, {
        wid: groups.sales.wid,
        form: { name: 'Di', topic: 'Billing' },
      });
      expect(routed.status).toBe(200);
      const tid = routed.body.data.thread?.tid ?? '';
      expect(await threadGroupOf(tid)).toBe(groups.billing.id);
      expect(routed.body.data.settings?.wid).toBe(groups.billing.wid);
      const answers = await getJson<ThreadFormAnswers>(ctx, `/api/form/answers?tid=${tid}`, a.agent.token);
      expect(answers.body.data.answers.map((answer) => answer.value)).toEqual(['Di', 'Billing']);

      // A route to a group deleted since: the visitor stays with the group they asked.
      await ctx.database.db
        .updateTable('workgroup')
        .set({ deleted_at: Date.now() })
        .where('id', '=', groups.billing.id)
        .execute();
      const other = await initVisitor(a);
      const kept = await request(other.token, {
        wid: groups.sales.wid,
        form: { name: 'Ed', topic: 'Billing' },
      });
      expect(await threadGroupOf(kept.body.data.thread?.tid ?? '')).toBe(groups.sales.id);
      await ctx.database.db
        .updateTable('workgroup')
        .set({ deleted_at: null })
        .where('id', '=', groups.billing.id)
        .execute();
    });
  });

  describe('routes on the builder', () => {
    it('refuses routes to unknown groups, on options the item lacks, and on other item types', async () => {
      const save = (item: object) =>
        postJson(ctx, '/api/form/survey/save', a.admin.token, { title: 'R', items: [item] });
      const unknown = await save({
        key: 'q1',
        label: 'Q',
        type: 'select',
        required: true,
        options: ['x'],
        routes: { x: groups.ofB },
      });
      expect(unknown.status).toBe(400);
      expect(fieldsOf(unknown.body)).toEqual(['items.0.routes']);
      const option = await save({
        key: 'q1',
        label: 'Q',
        type: 'radio',
        required: true,
        options: ['x'],
        routes: { y: groups.sales.wid },
      });
      expect(fieldsOf(option.body)).toEqual(['items.0.routes']);
      const text = await save({
        key: 'q1',
        label: 'Q',
        type: 'checkbox',
        required: true,
        options: ['x'],
        routes: { x: groups.sales.wid },
      });
      expect(fieldsOf(text.body)).toEqual(['items.0.routes']);
    });
  });

  describe('the issue-5 calls: /api/form/get and /api/form/save', () => {
    it("write the scope's builder form and publish it; built-in labels take the caller's language", async () => {
      const saved = await ctx.app.inject({
        method: 'POST',
        url: '/api/form/save',
        headers: { authorization: `Bearer ${a.admin.token}`, 'accept-language': 'zh-CN' },
        payload: {
          wid: groups.plain.wid,
          title: 'Hello',
          fields: [
            { key: 'name', label: '', type: 'text', required: true },
            { key: 'f_plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
          ],
        },
      });
      expect(saved.statusCode).toBe(200);
      const form = saved.json<Envelope<Form>>().data;
      expect(form).toMatchObject({
        title: 'Hello',
        version: 1,
        workgroup: { wid: groups.plain.wid, nickname: 'Plain' },
      });
      expect(form.fields.map((field) => field.label)).toEqual(['姓名', 'Plan']);
      const survey = await getJson<Survey>(ctx, `/api/form/survey/get?fid=${form.fid}`, a.admin.token);
      expect(survey.body.data).toMatchObject({ status: 'published', version: 1 });
      expect(survey.body.data.uses).toEqual([
        { purpose: 'prechat', wid: groups.plain.wid, nickname: 'Plain' },
      ]);

      const again = await postJson<Form>(ctx, '/api/form/save', a.admin.token, {
        wid: groups.plain.wid,
        title: 'Hello 2',
        fields: [{ key: 'name', label: 'Full name', type: 'text', required: true }],
      });
      expect(again.body.data).toMatchObject({ fid: form.fid, version: 2, title: 'Hello 2' });
      const got = await getJson<Form>(ctx, `/api/form/get?wid=${groups.plain.wid}`, a.admin.token);
      expect(got.body.data).toMatchObject({ fid: form.fid, version: 2 });
      const visitor = await initVisitor(a);
      const asked = await getJson<VisitorForm>(
        ctx,
        `/visitor/api/form?wid=${groups.plain.wid}`,
        visitor.token,
      );
      expect(asked.body.data).toMatchObject({ fid: form.fid, version: 2, title: 'Hello 2' });
    });

    it('refuses bad fields, naming each', async () => {
      const save = (fields: object[]) => postJson<Form>(ctx, '/api/form/save', a.admin.token, { fields });
      const cases: [object[], string][] = [
        [[{ key: '1bad', label: 'x', type: 'text', required: false }], 'fields.0.key'],
        [[{ key: 'color', label: '', type: 'text', required: false }], 'fields.0.label'],
        [[{ key: 'color', label: 'Colour', type: 'select', required: false }], 'fields.0.options'],
        [[{ key: 'name', label: '', type: 'text' }], 'fields.0.required'],
        [
          [
            {
              key: 'color',
              label: 'C',
              type: 'select',
              required: false,
              options: ['x'],
              routes: { x: groups.ofB },
            },
          ],
          'fields.0.routes',
        ],
      ];
      for (const [fields, field] of cases) {
        const response = await save(fields);
        expect(response.status, field).toBe(400);
        expect(fieldsOf(response.body)).toContain(field);
      }
    });
  });

  describe('access', () => {
    it('answers 401 without a token and 403 without the permission', async () => {
      expect((await getJson(ctx, '/api/form/get')).status).toBe(401);
      expect((await getJson(ctx, '/api/form/prechat/default')).status).toBe(401);
      expect((await postJson(ctx, '/api/form/prechat/default', undefined, { fid: null })).status).toBe(401);
      expect((await getJson(ctx, '/api/form/answers?tid=x')).status).toBe(401);
      expect((await getJson(ctx, '/api/form/get', a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/form/prechat/default', a.checker.token)).status).toBe(403);
      expect((await postJson(ctx, '/api/form/prechat/default', a.checker.token, { fid: null })).status).toBe(
        403,
      );
      expect((await postJson(ctx, '/api/form/save', a.checker.token, { fields: [] })).status).toBe(403);
      expect((await getJson(ctx, '/api/form/answers?tid=x', a.checker.token)).status).toBe(403);
    });

    it("answers 404 for another organisation's skill group, form or conversation", async () => {
      expect((await getJson(ctx, `/api/form/get?wid=${groups.ofB}`, a.admin.token)).status).toBe(404);
      expect(
        (await postJson(ctx, '/api/form/save', a.admin.token, { wid: groups.ofB, fields: [] })).status,
      ).toBe(404);
      const visitor = await initVisitor(a);
      expect((await getJson(ctx, `/visitor/api/form?wid=${groups.ofB}`, visitor.token)).status).toBe(404);
      const theirs = await insertVisitor(ctx, b.orgId);
      const thread = await insertThread(ctx, { orgId: b.orgId, visitorId: theirs.id });
      expect((await getJson(ctx, `/api/form/answers?tid=${thread.tid}`, a.admin.token)).status).toBe(404);
    });
  });

  describe('migration 0020', () => {
    it('turns every saved pre-chat form into a published builder form chosen by its scope', async () => {
      const org = await createRecordsOrg(ctx);
      await ctx.database.db
        .updateTable('user')
        .set({ language: 'zh-CN' })
        .where('id', '=', org.admin.userId)
        .execute();
      await ctx.database.db
        .updateTable('organization')
        .set({ owner_user_id: org.admin.userId })
        .where('id', '=', org.orgId)
        .execute();
      const group = await insertWorkgroup(ctx, org.orgId, { nickname: 'Legacy' });
      const legacyFields = [
        { key: 'name', label: '', type: 'text', required: true, options: [] },
        { key: 'f_plan', label: 'Plan', type: 'select', required: false, options: ['Free', 'Pro'] },
      ];
      const insert = (fid: string, workgroupId: number | null, title: string) =>
        ctx.database.db
          .insertInto('chat_form')
          .values({
            fid,
            org_id: org.orgId,
            workgroup_id: workgroupId,
            title,
            fields: JSON.stringify(legacyFields),
            created_at: 1000,
            updated_at: 2000,
          })
          .execute();
      await insert('legacydefault01', null, '');
      await insert('legacygroup0001', group.id, 'Sales intake');
      await convertPrechatForms(ctx.database.db as never);

      const token = org.admin.token;
      const byDefault = await getJson<PrechatDefault>(ctx, '/api/form/prechat/default', token);
      expect(byDefault.body.data).toEqual({ fid: 'legacydefault01', title: '咨询前请先填写以下信息' });
      const own = await getJson<Survey>(ctx, '/api/form/survey/get?fid=legacygroup0001', token);
      expect(own.body.data).toMatchObject({
        title: 'Sales intake',
        status: 'published',
        version: 1,
        publishedAt: 2000,
      });
      expect(own.body.data.items.map((item) => [item.key, item.label, item.type])).toEqual([
        ['name', '姓名', 'text'],
        ['f_plan', 'Plan', 'select'],
      ]);
      expect(own.body.data.uses).toEqual([{ purpose: 'prechat', wid: group.wid, nickname: 'Legacy' }]);
      const visitor = await initVisitor(org);
      await ctx.database.db
        .updateTable('workgroup')
        .set({ show_form: 1 })
        .where('id', '=', group.id)
        .execute();
      const asked = await getJson<VisitorForm>(ctx, `/visitor/api/form?wid=${group.wid}`, visitor.token);
      expect(asked.body.data).toMatchObject({ fid: 'legacygroup0001', version: 1, title: 'Sales intake' });
    });
  });
});
