import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Category,
  Faq,
  FaqImportResult,
  Page,
  QuickButton,
  RobotSettings,
  RobotTestResult,
  RobotThesaurus,
  RobotWord,
  Synonym,
  User,
} from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { multipartBody } from '../../test/upload-fixtures.js';
import {
  createRecordsOrg,
  getJson,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';
import { revisionCheckMs } from './robot.index.js';
import { createRobotKbService } from './robot.service.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

const workbookOf = async (rows: (string | undefined)[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

await describeEachDatabase('robot knowledge routes', (target) => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'openkefu-robot-'));
  const ctx = useTestApp(target, { env: { UPLOAD_DIR: uploadDir }, build: { sweepIntervalMs: 0 } });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  let a: RecordsOrg;
  let b: RecordsOrg;
  let widA: string;
  let widA2: string;
  let widB: string;
  let robotA: User;
  let robotB: User;

  const createFaq = (token: string | undefined, payload: object) =>
    postJson<Faq>(ctx, '/api/faq/create', token, { answer: '<p>An answer</p>', ...payload });
  const testMatch = (token: string, payload: object) =>
    postJson<RobotTestResult>(ctx, '/api/faq/test', token, payload);

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    widA = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' })).wid;
    widA2 = (await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' })).wid;
    widB = (await insertWorkgroup(ctx, b.orgId, { nickname: 'B group' })).wid;
    robotA = (await postJson<User>(ctx, '/api/user/create/robot', a.admin.token, { nickname: 'Robo A' })).body
      .data;
    robotB = (await postJson<User>(ctx, '/api/user/create/robot', b.admin.token, { nickname: 'Robo B' })).body
      .data;
  });

  describe('FAQs', () => {
    let refund: Faq;
    let invoice: Faq;
    let category: Category;
    let ofB: Faq;

    beforeAll(async () => {
      category = (
        await postJson<Category>(ctx, '/api/faq/category/create', a.admin.token, { name: 'Orders' })
      ).body.data;
      invoice = (
        await createFaq(a.admin.token, { question: '如何开具发票', similarQuestions: ['怎么开发票'] })
      ).body.data;
      refund = (
        await createFaq(a.admin.token, {
          question: ' How do I request a refund? ',
          similarQuestions: ['Money back', 'money  BACK', 'How do I request a refund?'],
          answer: '<p>Open <strong>Orders</strong></p><script>alert(1)</script>',
          categories: [category.cid],
          workGroups: [widA],
          welcome: true,
          related: [invoice.aid],
        })
      ).body.data;
      ofB = (await createFaq(b.admin.token, { question: 'Only in B' })).body.data;
    });

    it('creates a FAQ with sanitised answer, distinct similar questions and its links', () => {
      expect(refund).toMatchObject({
        question: 'How do I request a refund?',
        similarQuestions: ['Money back'],
        answer: '<p>Open <strong>Orders</strong></p>',
        categories: [{ cid: category.cid, name: 'Orders' }],
        workGroups: [{ wid: widA, nickname: 'Sales' }],
        welcome: true,
        recommend: false,
        enabled: true,
        queryCount: 0,
        related: [{ aid: invoice.aid, question: '如何开具发票' }],
      });
      expect(refund.aid).toMatch(/^[0-9a-z]{20}$/);
    });

    it('renders a Markdown answer when no rich text is given', async () => {
      const { status, body } = await createFaq(a.admin.token, {
        question: 'Markdown answer',
        answer: '',
        markdown: '**bold** <script>x</script>',
      });
      expect(status).toBe(200);
      expect(body.data.answer).toContain('<strong>bold</strong>');
      expect(body.data.answer).not.toContain('<script>');
    });

    it('refuses bad input with 400 naming the field, writing nothing', async () => {
      const cases: [object, string][] = [
        [{ question: '' }, 'question'],
        [{ question: 'x'.repeat(201) }, 'question'],
        [{ question: 'No answer', answer: '<p> </p>' }, 'answer'],
        [{ question: 'Bad category', categories: ['nope'] }, 'categories'],
        [{ question: 'Other org group', workGroups: [widB] }, 'workGroups'],
        [{ question: 'Other org related', related: [ofB.aid] }, 'related'],
        [{ question: 'Bad flag', welcome: 'yes' }, 'welcome'],
      ];
      for (const [payload, field] of cases) {
        const { status, body } = await createFaq(a.admin.token, payload);
        expect(status, JSON.stringify(payload)).toBe(400);
        expect(fieldsOf(body)).toContain(field);
      }
      const page = await getJson<Page<Faq>>(ctx, '/api/faq/query?keyword=Other%20org', a.admin.token);
      expect(page.body.data.totalElements).toBe(0);
    });

    it('refuses the same question twice, ignoring case and width', async () => {
      const again = await createFaq(a.admin.token, { question: 'ＨＯＷ do i request a REFUND?' });
      expect(again.status).toBe(409);
      expect(fieldsOf(again.body)).toEqual(['question']);
      // Another organisation may hold the same question.
      expect((await createFaq(b.admin.token, { question: 'How do I request a refund?' })).status).toBe(200);
    });

    it('lists, filters and gets the organisation’s FAQs only', async () => {
      const all = await getJson<Page<Faq>>(ctx, '/api/faq/query', a.admin.token);
      expect(all.body.data.content.map((faq) => faq.aid)).not.toContain(ofB.aid);
      const byKeyword = await getJson<Page<Faq>>(ctx, '/api/faq/query?keyword=money', a.admin.token);
      expect(byKeyword.body.data.content.map((faq) => faq.aid)).toEqual([refund.aid]);
      const byCategory = await getJson<Page<Faq>>(
        ctx,
        `/api/faq/query?category=${category.cid}`,
        a.admin.token,
      );
      expect(byCategory.body.data.content.map((faq) => faq.aid)).toEqual([refund.aid]);
      // Another group sees the FAQs of every group but not the Sales-only one.
      const byGroup = await getJson<Page<Faq>>(ctx, `/api/faq/query?wid=${widA2}`, a.admin.token);
      expect(byGroup.body.data.content.map((faq) => faq.aid)).toContain(invoice.aid);
      expect(byGroup.body.data.content.map((faq) => faq.aid)).not.toContain(refund.aid);
      const other = await getJson<Page<Faq>>(ctx, `/api/faq/query?wid=${widB}`, a.admin.token);
      expect(other.body.data.totalElements).toBe(0);
      expect((await getJson<Faq>(ctx, `/api/faq/get?aid=${refund.aid}`, a.admin.token)).body.data.aid).toBe(
        refund.aid,
      );
      expect((await getJson<Faq>(ctx, `/api/faq/get?aid=${ofB.aid}`, a.admin.token)).status).toBe(404);
      expect((await getJson(ctx, '/api/faq/query?enabled=maybe', a.admin.token)).status).toBe(400);
    });

    it('guards every call: 401 without a token, 403 without the robot section', async () => {
      expect((await getJson(ctx, '/api/faq/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/faq/query', a.agent.token)).status).toBe(403);
      expect((await createFaq(a.agent.token, { question: 'By an agent' })).status).toBe(403);
      expect((await testMatch(a.checker.token, { text: 'refund' })).status).toBe(403);
      expect((await getJson(ctx, '/api/robot/synonym/query', a.agent.token)).status).toBe(403);
      expect((await getJson(ctx, `/api/robot/quickbutton/query?wid=${widA}`, a.agent.token)).status).toBe(
        403,
      );
      expect((await getJson(ctx, `/api/robot/settings?uid=${robotA.uid}`, a.agent.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/robot/thesaurus')).status).toBe(401);
      expect((await getJson(ctx, '/api/robot/thesaurus', a.agent.token)).status).toBe(403);
      const thesaurus = await getJson<RobotThesaurus>(ctx, '/api/robot/thesaurus', a.admin.token);
      expect(thesaurus.body.data.groups).toContainEqual(expect.arrayContaining(['运费', '邮费']));
      expect(thesaurus.body.data.groups).toContainEqual(expect.arrayContaining(['package', 'parcel']));
    });

    it('updates, enables and deletes, answering 404 for another organisation’s aid', async () => {
      const created = (await createFaq(a.admin.token, { question: 'Temporary question' })).body.data;
      const updated = await postJson<Faq>(ctx, '/api/faq/update', a.admin.token, {
        aid: created.aid,
        question: 'Temporary question, edited',
        answer: '<p>Edited</p>',
        similarQuestions: ['Edited phrasing'],
      });
      expect(updated.body.data).toMatchObject({
        question: 'Temporary question, edited',
        similarQuestions: ['Edited phrasing'],
      });
      const taken = await postJson(ctx, '/api/faq/update', a.admin.token, {
        aid: created.aid,
        question: '如何开具发票',
        answer: 'x',
      });
      expect(taken.status).toBe(409);
      const disabled = await postJson<Faq>(ctx, '/api/faq/enable', a.admin.token, {
        aid: created.aid,
        enabled: false,
      });
      expect(disabled.body.data.enabled).toBe(false);
      for (const [url, payload] of [
        ['/api/faq/update', { aid: ofB.aid, question: 'Hijack', answer: 'x' }],
        ['/api/faq/enable', { aid: ofB.aid, enabled: false }],
        ['/api/faq/delete', { aid: ofB.aid }],
      ] as const) {
        expect((await postJson(ctx, url, a.admin.token, payload)).status, url).toBe(404);
      }
      expect((await getJson<Faq>(ctx, `/api/faq/get?aid=${ofB.aid}`, b.admin.token)).body.data.enabled).toBe(
        true,
      );
      expect((await postJson(ctx, '/api/faq/delete', a.admin.token, { aid: created.aid })).status).toBe(200);
      expect((await getJson(ctx, `/api/faq/get?aid=${created.aid}`, a.admin.token)).status).toBe(404);
    });

    it('manages FAQ categories; deleting one leaves its FAQs uncategorised', async () => {
      const temp = (
        await postJson<Category>(ctx, '/api/faq/category/create', a.admin.token, { name: 'Temp' })
      ).body.data;
      expect(temp).toMatchObject({ name: 'Temp', type: 'robot', parent: null });
      expect((await postJson(ctx, '/api/faq/category/create', a.admin.token, { name: 'Temp' })).status).toBe(
        409,
      );
      expect((await postJson(ctx, '/api/faq/category/create', a.admin.token, { name: ' ' })).status).toBe(
        400,
      );
      const renamed = await postJson<Category>(ctx, '/api/faq/category/update', a.admin.token, {
        cid: temp.cid,
        name: 'Renamed',
      });
      expect(renamed.body.data.name).toBe('Renamed');
      const faq = (await createFaq(a.admin.token, { question: 'Categorised', categories: [temp.cid] })).body
        .data;
      const ofBCategory = (
        await postJson<Category>(ctx, '/api/faq/category/create', b.admin.token, { name: 'B' })
      ).body.data;
      expect(
        (await postJson(ctx, '/api/faq/category/delete', a.admin.token, { cid: ofBCategory.cid })).status,
      ).toBe(404);
      expect(
        (await postJson(ctx, '/api/faq/category/update', a.admin.token, { cid: ofBCategory.cid, name: 'x' }))
          .status,
      ).toBe(404);
      expect(
        (await createFaq(a.admin.token, { question: 'B category', categories: [ofBCategory.cid] })).status,
      ).toBe(400);
      expect((await postJson(ctx, '/api/faq/category/delete', a.admin.token, { cid: temp.cid })).status).toBe(
        200,
      );
      expect(
        (await getJson<Faq>(ctx, `/api/faq/get?aid=${faq.aid}`, a.admin.token)).body.data.categories,
      ).toEqual([]);
      const all = await getJson<Category[]>(ctx, '/api/faq/category/all', a.admin.token);
      expect(all.body.data.map((item) => item.name)).toEqual(['Orders']);
    });
  });

  describe('matching', () => {
    let org: RecordsOrg;
    let wid: string;
    let otherWid: string;
    let robot: User;
    let refund: Faq;

    beforeAll(async () => {
      org = await createRecordsOrg(ctx);
      wid = (await insertWorkgroup(ctx, org.orgId)).wid;
      otherWid = (await insertWorkgroup(ctx, org.orgId)).wid;
      robot = (await postJson<User>(ctx, '/api/user/create/robot', org.admin.token, { nickname: 'Matcher' }))
        .body.data;
      refund = (
        await createFaq(org.admin.token, {
          question: '如何申请退款',
          similarQuestions: ['怎么退款'],
          answer: '<p>在订单页申请</p>',
        })
      ).body.data;
      await createFaq(org.admin.token, {
        question: '退款多久到账',
        answer: '<p>三天</p>',
        related: [refund.aid],
      });
      await createFaq(org.admin.token, {
        question: 'How do I reset my password?',
        answer: '<p>Use the link</p>',
      });
      await createFaq(org.admin.token, { question: 'VIP 会员权益', answer: '<p>VIP</p>', workGroups: [wid] });
    });

    it('answers, suggests or finds nothing, with the text as read', async () => {
      const answered = await testMatch(org.admin.token, { text: '请问一下，怎么退款？' });
      expect(answered.body.data.result).toMatchObject({
        kind: 'answer',
        hit: { source: 'faq', aid: refund.aid, question: '如何申请退款' },
        answer: '<p>在订单页申请</p>',
      });
      expect(answered.body.data.normalized).toBe('退款');
      const none = await testMatch(org.admin.token, { text: '今天天气不错' });
      expect(none.body.data.result).toEqual({ kind: 'none', notFoundTip: '' });
      expect((await testMatch(org.admin.token, { text: '' })).status).toBe(400);
      expect(fieldsOf((await testMatch(org.admin.token, { text: '   ' })).body)).toEqual(['text']);
    });

    it('limits skill-group FAQs to their group and never matches another organisation’s FAQs', async () => {
      await createFaq(a.admin.token, { question: '只在别的组织里的问题' });
      expect((await testMatch(org.admin.token, { text: '只在别的组织里的问题' })).body.data.result.kind).toBe(
        'none',
      );
      expect((await testMatch(org.admin.token, { text: 'VIP会员权益', wid })).body.data.result).toMatchObject(
        { kind: 'answer' },
      );
      const elsewhere = await testMatch(org.admin.token, { text: 'VIP会员权益', wid: otherWid });
      expect(elsewhere.body.data.result.kind).not.toBe('answer');
      expect((await testMatch(org.admin.token, { text: 'VIP', wid: widB })).status).toBe(404);
      expect((await testMatch(org.admin.token, { text: 'VIP', robotUid: robotB.uid })).status).toBe(404);
    });

    it('applies synonyms, stopwords, transfer keywords and disabling at once', async () => {
      expect(
        (await testMatch(org.admin.token, { text: 'reset my passphrase' })).body.data.result.kind,
      ).not.toBe('answer');
      const synonym = await postJson<Synonym>(ctx, '/api/robot/synonym/create', org.admin.token, {
        standard: 'password',
        synonyms: ['passphrase', ' PASSPHRASE ', 'password'],
      });
      expect(synonym.body.data).toMatchObject({ standard: 'password', synonyms: ['passphrase'] });
      expect((await testMatch(org.admin.token, { text: 'reset my passphrase' })).body.data.result.kind).toBe(
        'answer',
      );

      expect((await testMatch(org.admin.token, { text: '转人工' })).body.data.result.kind).not.toBe(
        'transfer',
      );
      const keyword = await postJson<RobotWord>(ctx, '/api/robot/transfer/create', org.admin.token, {
        word: '人工',
      });
      expect(keyword.status).toBe(200);
      expect((await testMatch(org.admin.token, { text: '转人工！' })).body.data.result).toEqual({
        kind: 'transfer',
        keyword: '人工',
      });

      const stopword = await postJson<RobotWord>(ctx, '/api/robot/stopword/create', org.admin.token, {
        word: '亲亲',
      });
      expect(stopword.status).toBe(200);
      expect((await testMatch(org.admin.token, { text: '亲亲 怎么退款' })).body.data.normalized).toBe('退款');

      await postJson(ctx, '/api/faq/enable', org.admin.token, { aid: refund.aid, enabled: false });
      const disabled = await testMatch(org.admin.token, { text: '如何申请退款' });
      expect(disabled.body.data.candidates.map((hit) => hit.aid)).not.toContain(refund.aid);
      await postJson(ctx, '/api/faq/enable', org.admin.token, { aid: refund.aid, enabled: true });
      expect((await testMatch(org.admin.token, { text: '如何申请退款' })).body.data.result).toMatchObject({
        kind: 'answer',
      });
    });

    it('falls back to live help-centre articles, scored by title', async () => {
      const article = await postJson<{ aid: string }>(ctx, '/api/article/create', org.admin.token, {
        type: 'support',
        title: 'Pairing the bluetooth speaker',
        content: '<p>Hold the round button for five seconds.</p>',
        status: 'published',
      });
      expect(article.status).toBe(200);
      await postJson(ctx, '/api/article/create', org.admin.token, {
        type: 'support',
        title: 'Draft about the bluetooth speaker',
        content: '<p>Not live</p>',
      });
      const found = await testMatch(org.admin.token, { text: 'how do I pair my bluetooth speaker?' });
      expect(found.body.data.result).toMatchObject({
        kind: 'answer',
        hit: { source: 'article', aid: article.body.data.aid, question: 'Pairing the bluetooth speaker' },
      });
      expect(found.body.data.candidates.map((hit) => hit.question)).not.toContain(
        'Draft about the bluetooth speaker',
      );
    });

    it('uses the robot’s thresholds and not-found tip', async () => {
      const defaults = await getJson<RobotSettings>(
        ctx,
        `/api/robot/settings?uid=${robot.uid}`,
        org.admin.token,
      );
      expect(defaults.body.data).toMatchObject({
        uid: robot.uid,
        nickname: 'Matcher',
        robotType: 'before',
        notFoundTip: '',
        threshold: 0.45,
        suggestThreshold: 0.25,
      });
      const bad = await postJson(ctx, '/api/robot/settings/update', org.admin.token, {
        uid: robot.uid,
        suggestThreshold: 0.5,
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['suggestThreshold']);
      expect(
        fieldsOf(
          (
            await postJson(ctx, '/api/robot/settings/update', org.admin.token, {
              uid: robot.uid,
              threshold: 2,
            })
          ).body,
        ),
      ).toEqual(['threshold']);
      const saved = await postJson<RobotSettings>(ctx, '/api/robot/settings/update', org.admin.token, {
        uid: robot.uid,
        threshold: 0.99,
        suggestThreshold: 0.9,
        notFoundTip: '没找到答案',
      });
      expect(saved.body.data).toMatchObject({
        threshold: 0.99,
        suggestThreshold: 0.9,
        notFoundTip: '没找到答案',
      });
      const strict = await testMatch(org.admin.token, { text: '退款怎么申请呀', robotUid: robot.uid });
      expect(strict.body.data.result).toEqual({ kind: 'none', notFoundTip: '没找到答案' });
      // Another organisation's robot and an agent are not robots of this organisation.
      expect((await getJson(ctx, `/api/robot/settings?uid=${robotB.uid}`, org.admin.token)).status).toBe(404);
      expect((await getJson(ctx, `/api/robot/settings?uid=${org.agent.uid}`, org.admin.token)).status).toBe(
        404,
      );
      expect(
        (
          await postJson(ctx, '/api/robot/settings/update', org.admin.token, {
            uid: robotB.uid,
            threshold: 0.5,
          })
        ).status,
      ).toBe(404);
    });

    it('answers live chat through the service: counts, ratings, welcome FAQs', async () => {
      const { robotKb } = ctx.app.services;
      const result = await robotKb.answer({ orgId: org.orgId, wid, text: '怎么退款', isRecorded: true });
      expect(result).toMatchObject({ kind: 'answer', hit: { aid: refund.aid } });
      await robotKb.answer({ orgId: org.orgId, text: '怎么退款' });
      expect(await robotKb.rate({ orgId: org.orgId, aid: refund.aid, isHelpful: false })).toBe(true);
      expect(await robotKb.rate({ orgId: a.orgId, aid: refund.aid, isHelpful: true })).toBe(false);
      const faq = (await getJson<Faq>(ctx, `/api/faq/get?aid=${refund.aid}`, org.admin.token)).body.data;
      expect(faq).toMatchObject({ queryCount: 1, rateHelpful: 0, rateUseless: 1 });
      const logged = await ctx.database.db
        .selectFrom('search_log')
        .select(['scope', 'source', 'query', 'results'])
        .where('org_id', '=', org.orgId)
        .execute();
      expect(logged).toEqual([{ scope: 'faq', source: 'robot', query: '怎么退款', results: 1 }]);
      const related = await robotKb.answer({ orgId: org.orgId, text: '退款多久到账' });
      expect(related).toMatchObject({
        kind: 'answer',
        related: [{ aid: refund.aid, question: '如何申请退款' }],
      });
      await postJson(ctx, '/api/faq/update', org.admin.token, {
        ...faq,
        welcome: true,
        categories: [],
        workGroups: [],
        related: [],
      });
      expect(await robotKb.welcomeFaqs({ orgId: org.orgId, wid })).toEqual([
        { aid: refund.aid, question: '如何申请退款' },
      ]);
    });

    it('sees another node’s change within the revision check', async () => {
      let clock = Date.now();
      const otherNode = createRobotKbService({
        db: ctx.database.db,
        dialect: ctx.database.dialect,
        now: () => clock,
      });
      const ask = () => otherNode.answer({ orgId: org.orgId, text: 'How do I track my parcel' });
      expect((await ask()).kind).not.toBe('answer');
      await createFaq(org.admin.token, {
        question: 'How do I track my parcel?',
        answer: '<p>Tracking page</p>',
      });
      // Still the cached index: the revision is not read again before revisionCheckMs.
      expect((await ask()).kind).not.toBe('answer');
      clock += revisionCheckMs + 1;
      expect(await ask()).toMatchObject({ kind: 'answer', hit: { question: 'How do I track my parcel?' } });
    });
  });

  describe('word lists', () => {
    it('creates, lists, updates and deletes synonyms, stopwords and transfer keywords per organisation', async () => {
      const created = await postJson<Synonym>(ctx, '/api/robot/synonym/create', a.admin.token, {
        standard: '快递',
        synonyms: ['物流', '包裹'],
      });
      expect(created.status).toBe(200);
      expect(
        (
          await postJson(ctx, '/api/robot/synonym/create', a.admin.token, {
            standard: '快递',
            synonyms: ['x'],
          })
        ).status,
      ).toBe(409);
      expect(
        fieldsOf(
          (await postJson(ctx, '/api/robot/synonym/create', a.admin.token, { standard: '空', synonyms: [] }))
            .body,
        ),
      ).toEqual(['synonyms']);
      const listed = await getJson<Page<Synonym>>(
        ctx,
        '/api/robot/synonym/query?keyword=物流',
        a.admin.token,
      );
      expect(listed.body.data.content.map((item) => item.rwid)).toEqual([created.body.data.rwid]);
      const updated = await postJson<Synonym>(ctx, '/api/robot/synonym/update', a.admin.token, {
        rwid: created.body.data.rwid,
        standard: '快递',
        synonyms: ['快件'],
      });
      expect(updated.body.data.synonyms).toEqual(['快件']);
      // Another organisation's entries are 404 and its lists are its own.
      expect(
        (await postJson(ctx, '/api/robot/synonym/delete', b.admin.token, { rwid: created.body.data.rwid }))
          .status,
      ).toBe(404);
      expect(
        (
          await postJson(ctx, '/api/robot/synonym/update', b.admin.token, {
            rwid: created.body.data.rwid,
            standard: 'x',
            synonyms: ['y'],
          })
        ).status,
      ).toBe(404);
      expect(
        (await getJson<Page<Synonym>>(ctx, '/api/robot/synonym/query', b.admin.token)).body.data
          .totalElements,
      ).toBe(0);
      expect(
        (await postJson(ctx, '/api/robot/synonym/delete', a.admin.token, { rwid: created.body.data.rwid }))
          .status,
      ).toBe(200);

      for (const kind of ['stopword', 'transfer'] as const) {
        const word = await postJson<RobotWord>(ctx, `/api/robot/${kind}/create`, a.admin.token, {
          word: 'Hello',
        });
        expect(word.body.data.word).toBe('Hello');
        expect(
          (await postJson(ctx, `/api/robot/${kind}/create`, a.admin.token, { word: 'HELLO' })).status,
        ).toBe(409);
        expect(
          fieldsOf(
            (await postJson(ctx, `/api/robot/${kind}/create`, a.admin.token, { word: 'x'.repeat(65) })).body,
          ),
        ).toEqual(['word']);
        const page = await getJson<Page<RobotWord>>(ctx, `/api/robot/${kind}/query`, a.admin.token);
        expect(page.body.data.content.map((item) => item.word)).toEqual(['Hello']);
        expect(
          (await postJson(ctx, `/api/robot/${kind}/delete`, b.admin.token, { rwid: word.body.data.rwid }))
            .status,
        ).toBe(404);
        const renamed = await postJson<RobotWord>(ctx, `/api/robot/${kind}/update`, a.admin.token, {
          rwid: word.body.data.rwid,
          word: 'Hi',
        });
        expect(renamed.body.data.word).toBe('Hi');
        expect(
          (await postJson(ctx, `/api/robot/${kind}/delete`, a.admin.token, { rwid: word.body.data.rwid }))
            .status,
        ).toBe(200);
      }
      // Stopwords and transfer keywords are separate lists.
      await postJson(ctx, '/api/robot/stopword/create', a.admin.token, { word: 'same' });
      expect(
        (await postJson(ctx, '/api/robot/transfer/create', a.admin.token, { word: 'same' })).status,
      ).toBe(200);
    });
  });

  describe('quick buttons', () => {
    it('keeps each skill group’s buttons in order and checks their action', async () => {
      const create = (payload: object, token = a.admin.token) =>
        postJson<QuickButton>(ctx, '/api/robot/quickbutton/create', token, payload);
      const second = await create({
        wid: widA,
        label: 'Human',
        action: 'transfer',
        content: 'ignored',
        order: 2,
      });
      const first = await create({
        wid: widA,
        label: 'Help centre',
        action: 'link',
        content: 'https://example.com/help',
        order: 1,
      });
      expect(second.body.data).toMatchObject({ wid: widA, action: 'transfer', content: '' });
      expect(
        fieldsOf(
          (await create({ wid: widA, label: 'Bad', action: 'link', content: 'javascript:alert(1)' })).body,
        ),
      ).toEqual(['content']);
      expect(fieldsOf((await create({ wid: widA, label: 'Empty', action: 'send' })).body)).toEqual([
        'content',
      ]);
      expect(fieldsOf((await create({ wid: widA, label: '', action: 'transfer' })).body)).toEqual(['label']);
      expect(fieldsOf((await create({ wid: widB, label: 'Other org', action: 'transfer' })).body)).toEqual([
        'wid',
      ]);
      const listed = await getJson<QuickButton[]>(
        ctx,
        `/api/robot/quickbutton/query?wid=${widA}`,
        a.admin.token,
      );
      expect(listed.body.data.map((button) => button.label)).toEqual(['Help centre', 'Human']);
      expect((await getJson(ctx, `/api/robot/quickbutton/query?wid=${widB}`, a.admin.token)).status).toBe(
        404,
      );
      const moved = await postJson<QuickButton>(ctx, '/api/robot/quickbutton/update', a.admin.token, {
        qbid: first.body.data.qbid,
        wid: widA2,
        label: 'Ask us',
        action: 'send',
        content: '我要退款',
      });
      expect(moved.body.data).toMatchObject({
        wid: widA2,
        label: 'Ask us',
        action: 'send',
        content: '我要退款',
      });
      expect(
        (await postJson(ctx, '/api/robot/quickbutton/delete', b.admin.token, { qbid: second.body.data.qbid }))
          .status,
      ).toBe(404);
      expect(
        (await postJson(ctx, '/api/robot/quickbutton/delete', a.admin.token, { qbid: second.body.data.qbid }))
          .status,
      ).toBe(200);
      expect(await ctx.app.services.robotKb.quickButtonsOf({ orgId: a.orgId, wid: widA })).toEqual([]);
    });
  });

  describe('import and export', () => {
    const importFile = async (token: string | undefined, data: Buffer) => {
      const { payload, headers } = multipartBody({ file: { name: 'faqs.xlsx', data } });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/faq/import',
        headers: { ...headers, ...(token ? bearer(token) : {}) },
        payload,
      });
      return { status: response.statusCode, body: response.json<Envelope<FaqImportResult>>() };
    };

    it('writes the valid rows in one go and reports every rejected row by row and field', async () => {
      const org = await createRecordsOrg(ctx);
      await postJson(ctx, '/api/faq/category/create', org.admin.token, { name: '订单' });
      await createFaq(org.admin.token, { question: 'Already here' });
      const file = await workbookOf([
        ['问题', '相似问题', '答案', '分类', '启用'],
        ['怎么退款', '退款流程\n如何退款；退钱', '在订单页申请 <b>退款</b>', '订单', '是'],
        ['', '', 'No question', '', ''],
        ['No answer', '', '', '', ''],
        ['怎么退款', '', 'repeat of row 2', '', ''],
        ['already HERE', '', 'exists', '', ''],
        ['Unknown category', '', 'x', 'Nope', ''],
        ['Bad flag', '', 'x', '', 'maybe'],
        ['Disabled one', '', 'Line one\nLine two', '', 'no'],
      ]);
      const imported = await importFile(org.admin.token, file);
      expect(imported.status).toBe(200);
      expect(imported.body.data.imported).toBe(2);
      expect(imported.body.data.errors.map((error) => [error.row, error.field])).toEqual([
        [3, 'question'],
        [4, 'answer'],
        [5, 'question'],
        [6, 'question'],
        [7, 'categories'],
        [8, 'enabled'],
      ]);
      const page = await getJson<Page<Faq>>(ctx, '/api/faq/query?size=50', org.admin.token);
      const byQuestion = new Map(page.body.data.content.map((faq) => [faq.question, faq]));
      expect([...byQuestion.keys()].sort()).toEqual(['Already here', 'Disabled one', '怎么退款']);
      expect(byQuestion.get('怎么退款')).toMatchObject({
        similarQuestions: ['退款流程', '如何退款', '退钱'],
        answer: '<p>在订单页申请 &lt;b&gt;退款&lt;/b&gt;</p>',
        categories: [{ name: '订单' }],
        enabled: true,
      });
      expect(byQuestion.get('Disabled one')).toMatchObject({
        enabled: false,
        answer: '<p>Line one</p><p>Line two</p>',
      });
      // The imported FAQ answers at once.
      expect((await testMatch(org.admin.token, { text: '退钱' })).body.data.result).toMatchObject({
        kind: 'answer',
      });
    });

    it('refuses a sheet without its columns and guards the calls', async () => {
      const noColumn = await importFile(a.admin.token, await workbookOf([['Name'], ['Alpha']]));
      expect(noColumn.body.data.imported).toBe(0);
      expect(noColumn.body.data.errors.map((error) => error.field)).toEqual(['question', 'answer']);
      expect((await importFile(undefined, await workbookOf([['Question']]))).status).toBe(401);
      expect((await importFile(a.agent.token, await workbookOf([['Question']]))).status).toBe(403);
      expect((await getJson(ctx, '/api/faq/export', a.agent.token)).status).toBe(403);
    });

    it('exports what imports again into another organisation', async () => {
      const source = await createRecordsOrg(ctx);
      await createFaq(source.admin.token, {
        question: 'Exported question',
        similarQuestions: ['One', 'Two'],
        answer: '<p>Exported answer</p>',
      });
      const exported = await ctx.app.inject({
        method: 'GET',
        url: '/api/faq/export',
        headers: bearer(source.admin.token),
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      const destination = await createRecordsOrg(ctx);
      const again = await importFile(destination.admin.token, exported.rawPayload);
      expect(again.body.data).toEqual({ imported: 1, errors: [] });
      const page = await getJson<Page<Faq>>(ctx, '/api/faq/query', destination.admin.token);
      expect(page.body.data.content[0]).toMatchObject({
        question: 'Exported question',
        similarQuestions: ['One', 'Two'],
        answer: '<p>Exported answer</p>',
      });
      const template = await ctx.app.inject({
        method: 'GET',
        url: '/api/faq/template',
        headers: bearer(a.admin.token),
      });
      expect(template.statusCode).toBe(200);
    });
  });
});
