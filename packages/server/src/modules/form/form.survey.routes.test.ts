import ExcelJS from 'exceljs';
import type {
  Page,
  Survey,
  SurveyResponse,
  SurveyResponseDetail,
  SurveySaveBody,
  SurveyStatistic,
  SurveyVersion,
  VisitorInitResult,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { formScript, formStylesheet } from './form.public.assets.js';

await describeEachDatabase('form builder routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  let ip = 0;
  /** A fresh address per scenario, so the per-address limits of one do not spill into the next. */
  const nextIp = () => `10.9.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

  const survey: SurveySaveBody = {
    title: 'Customer survey',
    description: 'Two minutes',
    items: [
      { key: 'buyer', label: 'Did you buy?', type: 'radio', required: true, options: ['yes', 'no'] },
      {
        key: 'why',
        label: 'Why not?',
        type: 'text',
        required: true,
        showIf: { key: 'buyer', values: ['no'] },
      },
      { key: 'about', label: 'About you', type: 'section', required: false },
      {
        key: 'likes',
        label: 'What do you like?',
        type: 'checkbox',
        required: false,
        options: ['price', 'speed'],
      },
      { key: 'stars', label: 'Stars', type: 'rating', required: false, max: 5 },
      { key: 'nps', label: 'Recommend us?', type: 'nps', required: false },
      { key: 'mail', label: 'Email', type: 'email', required: false },
      {
        key: 'code',
        label: 'Code',
        type: 'text',
        required: false,
        pattern: '^[A-Z]{3}$',
        patternMessage: 'ABC',
      },
    ],
    settings: { onePerVisitor: false, thankYou: 'Thanks a lot' },
  };

  const create = async (org: RecordsOrg, body: SurveySaveBody = survey) => {
    const saved = await postJson<Survey>(ctx, '/api/form/survey/save', org.admin.token, body);
    expect(saved.status).toBe(200);
    return saved.body.data;
  };
  const publish = async (org: RecordsOrg, fid: string) =>
    postJson<Survey>(ctx, '/api/form/survey/publish', org.admin.token, { fid });

  const openPage = (fid: string, options: { cookie?: string; lang?: string; ip?: string } = {}) =>
    ctx.app.inject({
      method: 'GET',
      url: `/form/${fid}${options.lang ? `?lang=${options.lang}` : ''}`,
      headers: options.cookie ? { cookie: options.cookie } : {},
      remoteAddress: options.ip ?? nextIp(),
    });
  const cookieOf = (response: { headers: Record<string, unknown> }) =>
    String(response.headers['set-cookie'] ?? '').split(';')[0] ?? '';
  const submit = (
    fid: string,
    payload: object,
    options: { cookie?: string; ip?: string; language?: string } = {},
  ) =>
    ctx.app.inject({
      method: 'POST',
      url: `/form/${fid}/api/submit`,
      payload,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.language ? { 'accept-language': options.language } : {}),
      },
      remoteAddress: options.ip ?? nextIp(),
    });

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
  });

  describe('console: /api/form/survey/*', () => {
    it('creates a draft, lists and searches it, and keeps pre-chat forms apart', async () => {
      const draft = await create(a);
      expect(draft).toMatchObject({ status: 'draft', version: 0, answerCount: 0, title: 'Customer survey' });
      expect(draft.url).toMatch(new RegExp(`/form/${draft.fid}$`));
      expect(draft.items[1]).toEqual({ ...survey.items[1], options: [] });
      await create(a, { ...survey, title: 'Event feedback' });

      const page = await getJson<Page<Survey>>(
        ctx,
        '/api/form/survey/query?page=0&size=10&q=event',
        a.admin.token,
      );
      expect(page.status).toBe(200);
      expect(page.body.data.content.map((form) => form.title)).toEqual(['Event feedback']);
      const drafts = await getJson<Page<Survey>>(
        ctx,
        '/api/form/survey/query?page=0&size=10&status=draft',
        a.admin.token,
      );
      expect(drafts.body.data.totalElements).toBeGreaterThanOrEqual(2);
      // No skill group uses these forms before a chat.
      const prechat = await getJson<Page<Survey>>(
        ctx,
        '/api/form/survey/query?page=0&size=10&use=prechat',
        a.admin.token,
      );
      expect(prechat.body.data.totalElements).toBe(0);
      const fetched = await getJson<Survey>(ctx, `/api/form/survey/get?fid=${draft.fid}`, a.admin.token);
      expect(fetched.body.data.fid).toBe(draft.fid);
    });

    it('publishes versions: editing a published form makes it changed until published again', async () => {
      const draft = await create(a);
      const first = await publish(a, draft.fid);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ status: 'published', version: 1 });
      const edited = await postJson<Survey>(ctx, '/api/form/survey/save', a.admin.token, {
        ...survey,
        fid: draft.fid,
        title: 'Customer survey v2',
      });
      expect(edited.body.data).toMatchObject({ status: 'changed', version: 1 });
      // The public page keeps serving version 1 meanwhile.
      expect((await openPage(draft.fid)).body).toContain('Customer survey</h1>');
      const second = await publish(a, draft.fid);
      expect(second.body.data).toMatchObject({ status: 'published', version: 2 });
      const again = await publish(a, draft.fid);
      expect(again.body.data.version).toBe(2);
      const versions = await getJson<SurveyVersion[]>(
        ctx,
        `/api/form/survey/versions?fid=${draft.fid}`,
        a.admin.token,
      );
      expect(versions.body.data.map((version) => [version.version, version.title])).toEqual([
        [2, 'Customer survey v2'],
        [1, 'Customer survey'],
      ]);
    });

    it('refuses bad items, naming each, and a form without questions on publish', async () => {
      const save = (items: object[]) =>
        postJson<Survey>(ctx, '/api/form/survey/save', a.admin.token, { title: 'Bad', items });
      const cases: [object[], string][] = [
        [[{ key: 'a', label: 'A', type: 'radio', required: false }], 'items.0.options'],
        [[{ key: 'a', label: 'A', type: 'text', required: false, pattern: '(a+)+' }], 'items.0.pattern'],
        [
          [{ key: 'a', label: 'A', type: 'text', required: false, showIf: { key: 'zzz', values: ['x'] } }],
          'items.0.showIf.key',
        ],
        [[{ key: 'a', label: 'A', type: 'video', required: false }], 'items.0.type'],
      ];
      for (const [items, field] of cases) {
        const response = await save(items);
        expect(response.status).toBe(400);
        expect(response.body.fields?.map((entry) => entry.field)).toContain(field);
      }
      const empty = await create(a, {
        title: 'Only a section',
        items: [{ key: 's', label: 'S', type: 'section', required: false }],
      });
      const refused = await publish(a, empty.fid);
      expect(refused.status).toBe(400);
    });

    it("answers 404 for another organisation's forms and answers, 401 without sign-in, 403 without wenjuan", async () => {
      const mine = await create(a);
      await publish(a, mine.fid);
      const other = b.admin.token;
      expect((await getJson(ctx, `/api/form/survey/get?fid=${mine.fid}`, other)).status).toBe(404);
      expect((await postJson(ctx, '/api/form/survey/save', other, { ...survey, fid: mine.fid })).status).toBe(
        404,
      );
      expect((await postJson(ctx, '/api/form/survey/publish', other, { fid: mine.fid })).status).toBe(404);
      expect((await postJson(ctx, '/api/form/survey/delete', other, { fid: mine.fid })).status).toBe(404);
      expect((await getJson(ctx, `/api/form/survey/versions?fid=${mine.fid}`, other)).status).toBe(404);
      expect((await getJson(ctx, `/api/form/survey/responses?fid=${mine.fid}`, other)).status).toBe(404);
      expect((await getJson(ctx, `/api/form/survey/statistic?fid=${mine.fid}`, other)).status).toBe(404);
      expect((await getJson(ctx, `/api/form/survey/export?fid=${mine.fid}`, other)).status).toBe(404);
      const sent = await submit(mine.fid, { version: 1, answers: { buyer: 'yes' } });
      const rid = sent.json<Envelope<{ rid: string }>>().data.rid;
      expect((await getJson(ctx, `/api/form/survey/response?rid=${rid}`, other)).status).toBe(404);

      expect((await getJson(ctx, '/api/form/survey/query')).status).toBe(401);
      for (const url of [
        '/api/form/survey/query',
        `/api/form/survey/get?fid=${mine.fid}`,
        `/api/form/survey/responses?fid=${mine.fid}`,
        `/api/form/survey/statistic?fid=${mine.fid}`,
        `/api/form/survey/export?fid=${mine.fid}`,
      ]) {
        expect((await getJson(ctx, url, a.agent.token)).status).toBe(403);
        expect((await getJson(ctx, url, a.checker.token)).status).toBe(403);
      }
      expect((await postJson(ctx, '/api/form/survey/save', a.agent.token, survey)).status).toBe(403);
      expect((await postJson(ctx, '/api/form/survey/publish', a.agent.token, { fid: mine.fid })).status).toBe(
        403,
      );
      expect((await postJson(ctx, '/api/form/survey/delete', a.agent.token, { fid: mine.fid })).status).toBe(
        403,
      );
    });

    it('deletes a form with its answers; the public page then answers 404', async () => {
      const form = await create(a);
      await publish(a, form.fid);
      expect((await postJson(ctx, '/api/form/survey/delete', a.admin.token, { fid: form.fid })).status).toBe(
        200,
      );
      expect((await getJson(ctx, `/api/form/survey/get?fid=${form.fid}`, a.admin.token)).status).toBe(404);
      expect((await openPage(form.fid)).statusCode).toBe(404);
    });
  });

  describe('public page /form/<fid>', () => {
    it('serves a published form with its own CSP and assets, in the asked language; drafts are 404', async () => {
      const draft = await create(a);
      const hidden = await openPage(draft.fid, { lang: 'zh-CN' });
      expect(hidden.statusCode).toBe(404);
      expect(hidden.body).toContain('表单不存在');
      await publish(a, draft.fid);
      const page = await openPage(draft.fid);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(page.body).toContain('data-key="why"');
      expect(page.body).toContain('data-show="{&quot;key&quot;:&quot;buyer&quot;');
      expect(page.body).toContain(formScript.name);
      expect(cookieOf(page)).toMatch(/^okf_vid=/);
      const chinese = await ctx.app.inject({
        method: 'GET',
        url: `/form/${draft.fid}`,
        headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
        remoteAddress: nextIp(),
      });
      expect(chinese.body).toContain('<html lang="zh-CN">');
      expect(chinese.body).toContain('提交');
      const css = await ctx.app.inject({ method: 'GET', url: `/form/_assets/${formStylesheet.name}` });
      expect(css.statusCode).toBe(200);
      expect(css.headers['cache-control']).toContain('immutable');
      expect((await ctx.app.inject({ method: 'GET', url: '/form/_assets/nope.js' })).statusCode).toBe(404);
      // DESIGN §7's public-page budget is 30 KB of JS and CSS; this page stays far below it.
      expect(formScript.gzip.length + formStylesheet.gzip.length).toBeLessThan(6 * 1024);
      expect((await openPage('unknown0000000000000')).statusCode).toBe(404);
      const bare = await ctx.app.inject({ method: 'GET', url: '/form/', remoteAddress: nextIp() });
      expect(bare.statusCode).toBe(404);
      expect(bare.headers['content-type']).toContain('text/html');
    });

    it('checks answers on the server: hidden items dropped, errors named in the request language', async () => {
      const form = await create(a);
      await publish(a, form.fid);
      const bad = await submit(
        form.fid,
        { version: 1, answers: { buyer: 'no', mail: 'x', code: 'abc' } },
        { language: 'zh-CN' },
      );
      expect(bad.statusCode).toBe(400);
      const body = bad.json<Envelope<null> & { fields: { field: string; message: string }[] }>();
      expect(body.fields).toEqual([
        { field: 'answers.why', message: '必填' },
        { field: 'answers.mail', message: '请输入有效的邮箱地址' },
        { field: 'answers.code', message: 'ABC' },
      ]);
      const good = await submit(form.fid, {
        version: 1,
        answers: { buyer: 'yes', why: 'hidden, dropped', likes: ['speed', 'price'], stars: '4', nps: '10' },
      });
      expect(good.statusCode).toBe(200);
      expect(good.json<Envelope<{ thankYou: string }>>().data.thankYou).toBe('Thanks a lot');
      const list = await getJson<Page<SurveyResponse>>(
        ctx,
        `/api/form/survey/responses?fid=${form.fid}&page=0&size=10&version=1`,
        a.admin.token,
      );
      expect(list.body.data.content[0]?.answers).toEqual({
        buyer: 'yes',
        likes: ['price', 'speed'],
        stars: '4',
        nps: '10',
      });
      expect((await submit(form.fid, { version: 9, answers: { buyer: 'yes' } })).statusCode).toBe(400);
      expect((await submit('unknown0000000000000', { version: 1, answers: {} })).statusCode).toBe(404);
    });

    it('keeps one answer per visitor when asked: by cookie, and by address', async () => {
      const form = await create(a, { ...survey, settings: { onePerVisitor: true, thankYou: '' } });
      await publish(a, form.fid);
      const address = nextIp();
      const page = await openPage(form.fid, { ip: address });
      const cookie = cookieOf(page);
      expect(
        (await submit(form.fid, { version: 1, answers: { buyer: 'yes' } }, { cookie, ip: address }))
          .statusCode,
      ).toBe(200);
      expect((await submit(form.fid, { version: 1, answers: { buyer: 'yes' } }, { cookie })).statusCode).toBe(
        409,
      );
      expect(
        (await submit(form.fid, { version: 1, answers: { buyer: 'yes' } }, { ip: address })).statusCode,
      ).toBe(409);
      const again = await openPage(form.fid, { cookie, lang: 'en-US' });
      expect(again.body).toContain('already answered');
    });

    it('rate-limits sending per address', async () => {
      const form = await create(a);
      await publish(a, form.fid);
      const address = nextIp();
      const statuses: number[] = [];
      for (let index = 0; index < 11; index += 1)
        statuses.push((await submit(form.fid, { version: 1, answers: {} }, { ip: address })).statusCode);
      expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
    });

    it('takes file uploads checked by type for file items only', async () => {
      const form = await create(a, {
        title: 'Upload',
        items: [{ key: 'doc', label: 'Document', type: 'file', required: true }],
      });
      await publish(a, form.fid);
      const boundary = '----okform';
      const multipart = (name: string, type: string, content: Buffer) =>
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          content,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]);
      const upload = (fid: string, body: Buffer) =>
        ctx.app.inject({
          method: 'POST',
          url: `/form/${fid}/api/upload`,
          payload: body,
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
          remoteAddress: nextIp(),
        });
      const good = await upload(form.fid, multipart('notes.txt', 'text/plain', Buffer.from('hello form')));
      expect(good.statusCode).toBe(200);
      const aid = good.json<Envelope<{ aid: string }>>().data.aid;
      const refused = await upload(
        form.fid,
        multipart(
          'run.exe',
          'application/octet-stream',
          Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
        ),
      );
      expect(refused.statusCode).toBe(400);
      const plain = await create(a);
      await publish(a, plain.fid);
      expect((await upload(plain.fid, multipart('a.txt', 'text/plain', Buffer.from('x')))).statusCode).toBe(
        404,
      );

      expect(
        (await submit(form.fid, { version: 1, answers: { doc: 'notanuploadedfile0' } })).statusCode,
      ).toBe(400);
      const sent = await submit(form.fid, { version: 1, answers: { doc: aid } });
      expect(sent.statusCode).toBe(200);
      const rid = sent.json<Envelope<{ rid: string }>>().data.rid;
      const detail = await getJson<SurveyResponseDetail>(
        ctx,
        `/api/form/survey/response?rid=${rid}`,
        a.admin.token,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.data.files[aid]?.path).toMatch(/\/uploads\//);
      expect(detail.body.data.items.map((item) => item.key)).toEqual(['doc']);
    });
  });

  describe('inside a conversation: /visitor/api/form/answer', () => {
    it("stores answers with the visitor's thread; other organisations' forms and threads are 404", async () => {
      const form = await create(a, { ...survey, settings: { onePerVisitor: true, thankYou: '' } });
      await publish(a, form.fid);
      const init = async (org: RecordsOrg) => {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/visitor/api/init',
          payload: { org: org.admin.subDomain, nickname: 'Guest' },
        });
        return response.json<Envelope<VisitorInitResult>>().data;
      };
      const visitor = await init(a);
      const row = await ctx.database.db
        .selectFrom('visitor')
        .select('id')
        .where('vid', '=', visitor.visitor.vid)
        .executeTakeFirstOrThrow();
      const thread = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: Number(row.id),
        status: 'chatting',
      });
      const answer = (token: string | undefined, body: object) =>
        ctx.app.inject({
          method: 'POST',
          url: '/visitor/api/form/answer',
          payload: { fid: form.fid, tid: thread.tid, version: 1, answers: { buyer: 'yes' }, ...body },
          headers: token ? { authorization: `Bearer ${token}` } : {},
          remoteAddress: nextIp(),
        });
      expect((await answer(undefined, {})).statusCode).toBe(401);
      const other = await init(b);
      expect((await answer(other.token, {})).statusCode).toBe(404);
      expect((await answer(visitor.token, { tid: 'nosuchthread' })).statusCode).toBe(404);
      expect((await answer(visitor.token, { answers: {} })).statusCode).toBe(400);
      expect((await answer(visitor.token, {})).statusCode).toBe(200);
      expect((await answer(visitor.token, {})).statusCode).toBe(409);
      const list = await getJson<Page<SurveyResponse>>(
        ctx,
        `/api/form/survey/responses?fid=${form.fid}&page=0&size=10`,
        a.admin.token,
      );
      expect(list.body.data.content.map((entry) => entry.tid)).toEqual([thread.tid]);
    });
  });

  describe('answers, export and statistics', () => {
    let fid = '';

    beforeAll(async () => {
      fid = (await create(a)).fid;
      await publish(a, fid);
      const answers = [
        { buyer: 'yes', likes: ['price'], stars: '5', nps: '10', mail: 'a@example.com' },
        { buyer: 'yes', likes: ['price', 'speed'], stars: '3', nps: '9' },
        { buyer: 'no', why: 'Too dear', nps: '3' },
      ];
      for (const entry of answers) {
        const address = nextIp();
        const cookie = cookieOf(await openPage(fid, { ip: address }));
        await ctx.app.inject({
          method: 'POST',
          url: `/form/${fid}/api/progress`,
          payload: { version: 1, key: 'buyer' },
          headers: { cookie },
          remoteAddress: address,
        });
        expect((await submit(fid, { version: 1, answers: entry }, { cookie, ip: address })).statusCode).toBe(
          200,
        );
      }
      // A visitor who answered the first question and left.
      const address = nextIp();
      const cookie = cookieOf(await openPage(fid, { ip: address }));
      const progress = await ctx.app.inject({
        method: 'POST',
        url: `/form/${fid}/api/progress`,
        payload: { version: 1, key: 'buyer' },
        headers: { cookie },
        remoteAddress: address,
      });
      expect(progress.statusCode).toBe(200);
      // And one who only looked.
      await openPage(fid);
      // Version 2 with one more answer.
      await postJson(ctx, '/api/form/survey/save', a.admin.token, {
        ...survey,
        fid,
        items: [...survey.items, { key: 'extra', label: 'Extra', type: 'textarea', required: false }],
      });
      await publish(a, fid);
      expect(
        (await submit(fid, { version: 2, answers: { buyer: 'yes', extra: 'More text' } })).statusCode,
      ).toBe(200);
    });

    it('lists answers newest first, filtered by version and date', async () => {
      const all = await getJson<Page<SurveyResponse>>(
        ctx,
        `/api/form/survey/responses?fid=${fid}&page=0&size=10`,
        a.admin.token,
      );
      expect(all.status).toBe(200);
      expect(all.body.data.totalElements).toBe(4);
      expect(all.body.data.content[0]?.version).toBe(2);
      const v1 = await getJson<Page<SurveyResponse>>(
        ctx,
        `/api/form/survey/responses?fid=${fid}&page=0&size=10&version=1`,
        a.admin.token,
      );
      expect(v1.body.data.totalElements).toBe(3);
      const future = await getJson<Page<SurveyResponse>>(
        ctx,
        `/api/form/survey/responses?fid=${fid}&page=0&size=10&from=${Date.now() + 60_000}`,
        a.admin.token,
      );
      expect(future.body.data.totalElements).toBe(0);
      const rid = all.body.data.content[0]?.rid ?? '';
      const detail = await getJson<SurveyResponseDetail>(
        ctx,
        `/api/form/survey/response?rid=${rid}`,
        a.admin.token,
      );
      expect(detail.body.data.items.some((item) => item.key === 'extra')).toBe(true);
      expect((await getJson(ctx, '/api/form/survey/response?rid=nope', a.admin.token)).status).toBe(404);
    });

    it('exports every answer as .xlsx with one column per item of any version', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/form/survey/export?fid=${fid}`,
        headers: { authorization: `Bearer ${a.admin.token}`, 'accept-language': 'zh-CN' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('spreadsheetml');
      expect(response.headers['x-export-rows']).toBe('4');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      const header = (sheet?.getRow(1).values as unknown[]).slice(1);
      expect(header.slice(0, 4)).toEqual(['答卷编号', '提交时间（UTC）', '版本', '会话']);
      expect(header.slice(4)).toEqual([
        'Did you buy?',
        'Why not?',
        'What do you like?',
        'Stars',
        'Recommend us?',
        'Email',
        'Code',
        'Extra',
      ]);
      const lastRow = (sheet?.getRow(5).values as unknown[]).slice(1);
      expect(lastRow[4]).toBe('yes');
      expect(lastRow[6]).toBe('price');
    });

    it('counts choices, averages ratings, scores NPS, lists texts and measures completion and drop-off', async () => {
      const response = await getJson<SurveyStatistic>(
        ctx,
        `/api/form/survey/statistic?fid=${fid}&version=1`,
        a.admin.token,
      );
      expect(response.status).toBe(200);
      const data = response.body.data;
      expect(data).toMatchObject({ views: 5, starts: 4, responses: 3 });
      expect(data.completionRate).toBeCloseTo(0.75);
      const item = (key: string) => data.items.find((entry) => entry.key === key);
      expect(item('buyer')?.choices).toEqual([
        { option: 'yes', count: 2, share: 2 / 3 },
        { option: 'no', count: 1, share: 1 / 3 },
      ]);
      expect(item('buyer')?.dropOff).toBe(1);
      expect(item('likes')?.choices.map((choice) => choice.count)).toEqual([2, 1]);
      expect(item('stars')?.average).toBe(4);
      expect(item('nps')?.nps?.score).toBeCloseTo(33.3);
      expect(item('why')?.texts.map((text) => text.value)).toEqual(['Too dear']);
      expect(data.items.some((entry) => entry.key === 'about')).toBe(false);
      const latest = await getJson<SurveyStatistic>(
        ctx,
        `/api/form/survey/statistic?fid=${fid}`,
        a.admin.token,
      );
      expect(latest.body.data.items.some((entry) => entry.key === 'extra')).toBe(true);
    });
  });
});
