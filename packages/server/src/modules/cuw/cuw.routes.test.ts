import type { Category, Cuw, CuwImportReport, Page } from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { multipartBody, pdfBytes } from '../../test/upload-fixtures.js';
import {
  createRecordsOrg,
  getJson,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

const workbookOf = async (rows: (string | number | null)[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const readWorkbook = async (buffer: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? ''))));
  return rows;
};

await describeEachDatabase('quick reply routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let staffToken: string;

  const create = (token: string | undefined, payload: object) =>
    postJson<Cuw>(ctx, '/api/cuw/create', token, payload);
  const remove = async (token: string | undefined, cid: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/cuw/delete?cid=${cid}`,
      headers: token ? bearer(token) : {},
    });
    return { status: response.statusCode, body: response.json<Envelope<null>>() };
  };
  const importSheet = async (
    token: string | undefined,
    file: { data: Buffer; name: string },
    fields: Record<string, string> = {},
    language = 'en-US',
  ) => {
    const { payload, headers } = multipartBody({ file, fields });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/cuw/import',
      headers: { ...headers, ...(token ? bearer(token) : {}), 'accept-language': language },
      payload,
    });
    return { status: response.statusCode, body: response.json<Envelope<CuwImportReport>>() };
  };
  const category = (token: string, type: string, name: string) =>
    postJson<Category>(ctx, '/api/category/create', token, { type, name });

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER', 'ROLE_ADMIN'] });
    staffToken = await signIn(ctx.app, staff.username, staff.password);
  });

  describe('create, query, all, use', () => {
    it('creates replies in each scope and lists what each caller sees', async () => {
      const greetings = (await category(a.admin.token, 'cuw_company', 'Greetings')).body.data;
      const company = await create(a.admin.token, {
        scope: 'company',
        name: '  Hello  ',
        content: 'Hello, how can I help?',
        shortCut: 'hi',
        category: greetings.cid,
      });
      expect(company.status).toBe(200);
      expect(company.body.data).toMatchObject({
        scope: 'company',
        name: 'Hello',
        shortCut: 'hi',
        count: 0,
        category: { cid: greetings.cid, name: 'Greetings' },
        editable: true,
      });
      expect(company.body.data.cid).toMatch(/^[0-9a-z]{20}$/);
      // The same shortcut in another owner's list is fine.
      const mine = await create(a.agent.token, {
        scope: 'mine',
        name: 'Bye',
        content: 'Goodbye!',
        shortCut: 'hi',
      });
      expect(mine.status).toBe(200);
      const platform = await create(staffToken, { scope: 'platform', name: 'Thanks', content: 'Thank you!' });
      expect(platform.status).toBe(200);
      const ofB = await create(b.admin.token, { scope: 'company', name: 'B only', content: 'B' });
      expect(ofB.status).toBe(200);

      const seen = await getJson<Page<Cuw>>(ctx, '/api/cuw/query?size=100', a.agent.token);
      expect(seen.status).toBe(200);
      const byCid = new Map(seen.body.data.content.map((reply) => [reply.cid, reply]));
      expect(byCid.get(mine.body.data.cid)?.editable).toBe(true);
      // Agents hold kefu.cuw edit, so they may edit company replies; platform ones are read-only.
      expect(byCid.get(company.body.data.cid)?.editable).toBe(true);
      expect(byCid.get(platform.body.data.cid)?.editable).toBe(false);
      expect(byCid.has(ofB.body.data.cid)).toBe(false);
      // Another agent of the same organisation does not see a colleague's own replies.
      const admins = await getJson<Page<Cuw>>(ctx, '/api/cuw/query?size=100', a.admin.token);
      expect(admins.body.data.content.map((reply) => reply.cid)).not.toContain(mine.body.data.cid);

      const companyOnly = await getJson<Page<Cuw>>(ctx, '/api/cuw/query?scope=company', a.agent.token);
      expect(companyOnly.body.data.content.map((reply) => reply.cid)).toEqual([company.body.data.cid]);
      const inCategory = await getJson<Page<Cuw>>(
        ctx,
        `/api/cuw/query?category=${greetings.cid}`,
        a.agent.token,
      );
      expect(inCategory.body.data.totalElements).toBe(1);
      const byKeyword = await getJson<Page<Cuw>>(ctx, '/api/cuw/query?keyword=GOODBYE', a.agent.token);
      expect(byKeyword.body.data.content.map((reply) => reply.cid)).toEqual([mine.body.data.cid]);

      const picker = await getJson<Cuw[]>(ctx, '/api/cuw/all', a.agent.token);
      expect(picker.body.data.map((reply) => reply.scope)).toEqual(['mine', 'company', 'platform']);
      const searched = await getJson<Cuw[]>(ctx, '/api/cuw/all?keyword=thank', a.agent.token);
      expect(searched.body.data.map((reply) => reply.cid)).toEqual([platform.body.data.cid]);

      const used = await postJson<Cuw>(ctx, '/api/cuw/use', a.agent.token, { cid: platform.body.data.cid });
      expect(used.status).toBe(200);
      expect(used.body.data.count).toBe(1);
      await postJson(ctx, '/api/cuw/use', a.agent.token, { cid: platform.body.data.cid });
      const again = await getJson<Cuw[]>(ctx, '/api/cuw/all?keyword=thank', b.agent.token);
      expect(again.body.data[0]?.count).toBe(2);
    });

    it('keeps shortcuts unique per owner (409 naming the field)', async () => {
      await create(a.agent.token, { scope: 'mine', name: 'One', content: 'one', shortCut: 'dup' });
      const clash = await create(a.agent.token, {
        scope: 'mine',
        name: 'Two',
        content: 'two',
        shortCut: 'dup',
      });
      expect(clash.status).toBe(409);
      expect(fieldsOf(clash.body)).toEqual(['shortCut']);
      expect(
        (await create(a.admin.token, { scope: 'mine', name: 'Two', content: 'two', shortCut: 'dup' })).status,
      ).toBe(200);
    });

    it('answers 400 naming each bad field', async () => {
      const bad = await create(a.admin.token, {
        scope: 'team',
        name: '',
        content: ' ',
        shortCut: 'has space',
      });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body).sort()).toEqual(['content', 'name', 'scope', 'shortCut']);
      const slash = await create(a.admin.token, { scope: 'mine', name: 'x', content: 'x', shortCut: 'a/b' });
      expect(fieldsOf(slash.body)).toEqual(['shortCut']);
      const long = await create(a.admin.token, { scope: 'mine', name: 'x'.repeat(129), content: 'x' });
      expect(fieldsOf(long.body)).toEqual(['name']);
      expect(fieldsOf((await getJson(ctx, '/api/cuw/query?scope=all', a.admin.token)).body)).toEqual([
        'scope',
      ]);
      expect(fieldsOf((await getJson(ctx, '/api/cuw/query?size=0', a.admin.token)).body)).toEqual(['size']);
      expect(fieldsOf((await postJson(ctx, '/api/cuw/use', a.admin.token, {})).body)).toEqual(['cid']);
      expect(
        fieldsOf((await postJson(ctx, '/api/cuw/update', a.admin.token, { name: 'x', content: 'y' })).body),
      ).toEqual(['cid']);
      const noCid = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/cuw/delete',
        headers: bearer(a.admin.token),
      });
      expect(noCid.statusCode).toBe(400);
    });

    it('answers 401 without a token and 403 without kefu.cuw', async () => {
      expect((await getJson(ctx, '/api/cuw/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/cuw/all')).status).toBe(401);
      expect((await create(undefined, { scope: 'mine', name: 'x', content: 'y' })).status).toBe(401);
      expect((await postJson(ctx, '/api/cuw/use', undefined, { cid: 'x' })).status).toBe(401);
      expect((await remove(undefined, 'x')).status).toBe(401);
      expect((await getJson(ctx, '/api/cuw/template')).status).toBe(401);
      expect((await getJson(ctx, '/api/cuw/export')).status).toBe(401);
      expect((await importSheet(undefined, { data: Buffer.from('a'), name: 'a.csv' })).status).toBe(401);
      const checker = a.checker.token;
      expect((await getJson(ctx, '/api/cuw/query', checker)).status).toBe(403);
      expect((await getJson(ctx, '/api/cuw/all', checker)).status).toBe(403);
      expect((await create(checker, { scope: 'mine', name: 'x', content: 'y' })).status).toBe(403);
      expect(
        (await postJson(ctx, '/api/cuw/update', checker, { cid: 'x', name: 'x', content: 'y' })).status,
      ).toBe(403);
      expect((await postJson(ctx, '/api/cuw/use', checker, { cid: 'x' })).status).toBe(403);
      expect((await remove(checker, 'x')).status).toBe(403);
      expect((await getJson(ctx, '/api/cuw/template', checker)).status).toBe(403);
      expect((await getJson(ctx, '/api/cuw/export', checker)).status).toBe(403);
      expect((await importSheet(checker, { data: Buffer.from('a'), name: 'a.csv' })).status).toBe(403);
    });
  });

  describe('update and delete', () => {
    it('changes and deletes what the scope rule allows; 403 otherwise', async () => {
      const company = (await create(a.admin.token, { scope: 'company', name: 'Hours', content: '9 to 5' }))
        .body.data;
      const updated = await postJson<Cuw>(ctx, '/api/cuw/update', a.agent.token, {
        cid: company.cid,
        name: 'Opening hours',
        content: '9 to 6',
        shortCut: 'hours',
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        name: 'Opening hours',
        content: '9 to 6',
        shortCut: 'hours',
      });
      // Agents lack the delete action on kefu.cuw: the organisation's replies stay.
      const refused = await remove(a.agent.token, company.cid);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('Your roles do not allow "delete" on "kefu.cuw"');
      expect((await remove(a.admin.token, company.cid)).status).toBe(200);
      expect((await postJson(ctx, '/api/cuw/use', a.admin.token, { cid: company.cid })).status).toBe(404);

      // Their own replies they delete freely.
      const mine = (await create(a.agent.token, { scope: 'mine', name: 'Own', content: 'own' })).body.data;
      expect((await remove(a.agent.token, mine.cid)).status).toBe(200);

      const platform = (await create(staffToken, { scope: 'platform', name: 'Shared', content: 'shared' }))
        .body.data;
      const notStaff = await postJson(ctx, '/api/cuw/update', a.admin.token, {
        cid: platform.cid,
        name: 'Mine now',
        content: 'x',
      });
      expect(notStaff.status).toBe(403);
      expect(notStaff.body.message).toBe('Only platform staff may change platform quick replies');
      expect((await create(a.admin.token, { scope: 'platform', name: 'x', content: 'y' })).status).toBe(403);
      expect((await remove(a.admin.token, platform.cid)).status).toBe(403);
      expect((await remove(staffToken, platform.cid)).status).toBe(200);
    });

    it("answers 404 for unknown cids, other organisations' and other agents' replies and categories", async () => {
      const ofB = (await create(b.admin.token, { scope: 'company', name: 'B', content: 'b' })).body.data;
      const colleague = (await create(a.admin.token, { scope: 'mine', name: 'Admin own', content: 'x' })).body
        .data;
      const categoryOfB = (await category(b.admin.token, 'cuw_company', 'B cat')).body.data;
      for (const cid of ['nope', ofB.cid, colleague.cid]) {
        expect(
          (await postJson(ctx, '/api/cuw/update', a.agent.token, { cid, name: 'x', content: 'y' })).status,
        ).toBe(404);
        expect((await postJson(ctx, '/api/cuw/use', a.agent.token, { cid })).status).toBe(404);
        expect((await remove(a.agent.token, cid)).status).toBe(404);
      }
      const foreignCategory = await create(a.admin.token, {
        scope: 'company',
        name: 'x',
        content: 'y',
        category: categoryOfB.cid,
      });
      expect(foreignCategory.status).toBe(404);
      // A category of another scope is not this reply's either.
      const mineCategory = (await category(a.admin.token, 'cuw_mine', 'Own cat')).body.data;
      expect(
        (
          await create(a.admin.token, {
            scope: 'company',
            name: 'x',
            content: 'y',
            category: mineCategory.cid,
          })
        ).status,
      ).toBe(404);
    });
  });

  describe('categories', () => {
    it('creates, lists, renames and deletes categories per type and owner', async () => {
      const created = await category(a.agent.token, 'cuw_mine', 'Shipping');
      expect(created.status).toBe(200);
      expect(created.body.data).toMatchObject({ name: 'Shipping', type: 'cuw_mine', editable: true });
      expect((await category(a.agent.token, 'cuw_mine', 'Shipping')).status).toBe(409);
      const reply = (
        await create(a.agent.token, {
          scope: 'mine',
          name: 'Ship',
          content: 'ships',
          category: created.body.data.cid,
        })
      ).body.data;

      const page = await getJson<Page<Category>>(ctx, '/api/category/query?type=cuw_mine', a.agent.token);
      expect(page.body.data.content.map((entry) => entry.name)).toEqual(['Shipping']);
      const ofAdmin = await getJson<Category[]>(ctx, '/api/category/all?type=cuw_mine', a.admin.token);
      expect(ofAdmin.body.data.map((entry) => entry.name)).not.toContain('Shipping');

      const renamed = await postJson<Category>(ctx, '/api/category/update', a.agent.token, {
        cid: created.body.data.cid,
        name: 'Delivery',
      });
      expect(renamed.body.data.name).toBe('Delivery');
      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/category/delete?cid=${created.body.data.cid}`,
        headers: bearer(a.agent.token),
      });
      expect(deleted.statusCode).toBe(200);
      const kept = await getJson<Page<Cuw>>(ctx, `/api/cuw/query?keyword=ships`, a.agent.token);
      expect(kept.body.data.content.map((entry) => [entry.cid, entry.category])).toEqual([[reply.cid, null]]);
    });

    it('guards categories like replies: 400, 401, 403, 404', async () => {
      const bad = await postJson(ctx, '/api/category/create', a.admin.token, { type: 'robot', name: '' });
      expect(fieldsOf(bad.body).sort()).toEqual(['name', 'type']);
      expect(fieldsOf((await getJson(ctx, '/api/category/query', a.admin.token)).body)).toEqual(['type']);
      expect((await getJson(ctx, '/api/category/all?type=cuw_mine')).status).toBe(401);
      expect((await getJson(ctx, '/api/category/all?type=cuw_mine', a.checker.token)).status).toBe(403);
      expect((await category(a.admin.token, 'cuw_platform', 'Nope')).status).toBe(403);
      expect((await category(staffToken, 'cuw_platform', 'Common')).status).toBe(200);
      const company = (await category(a.admin.token, 'cuw_company', 'Refunds')).body.data;
      const agentDelete = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/category/delete?cid=${company.cid}`,
        headers: bearer(a.agent.token),
      });
      expect(agentDelete.statusCode).toBe(403);
      const other = await postJson(ctx, '/api/category/update', b.admin.token, {
        cid: company.cid,
        name: 'Mine',
      });
      expect(other.status).toBe(404);
      const everyone = await getJson<Category[]>(ctx, '/api/category/all?type=cuw_platform', b.agent.token);
      expect(everyone.body.data.map((entry) => [entry.name, entry.editable])).toEqual([['Common', false]]);
    });
  });

  describe('Excel', () => {
    it('serves a template that imports as it is', async () => {
      const template = await ctx.app.inject({
        method: 'GET',
        url: '/api/cuw/template',
        headers: { ...bearer(a.agent.token), 'accept-language': 'zh-CN' },
      });
      expect(template.statusCode).toBe(200);
      expect(template.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(template.headers['content-disposition']).toContain(encodeURIComponent('常用语导入模板.xlsx'));
      const rows = await readWorkbook(template.rawPayload);
      expect(rows).toEqual([
        ['标题', '内容', '快捷词', '分类'],
        ['问候', '您好，请问有什么可以帮您？', 'hi', '问候语'],
      ]);
      const imported = await importSheet(b.agent.token, {
        data: template.rawPayload,
        name: 'template.xlsx',
      });
      expect(imported.status).toBe(200);
      expect(imported.body.data).toEqual({ total: 1, imported: 1, errors: [] });
      const stored = await getJson<Page<Cuw>>(ctx, '/api/cuw/query?scope=mine', b.agent.token);
      expect(stored.body.data.content[0]).toMatchObject({
        name: '问候',
        shortCut: 'hi',
        category: { name: '问候语' },
      });
    });

    it('reports every bad row and writes none of them, the good ones together', async () => {
      await create(a.admin.token, { scope: 'company', name: 'Existing', content: 'x', shortCut: 'taken' });
      const sheet = await workbookOf([
        ['Title', 'Content', 'Shortcut', 'Category'],
        ['Refund', 'Refunds take 3 days', 'refund', 'Money'],
        ['', 'No title here', '', ''],
        ['Clash', 'Uses a taken shortcut', 'taken', ''],
        ['Spaces', 'Bad shortcut', 'two words', ''],
        [null, null, null, null],
        ['Invoice', 'Invoices by email', 'inv', 'Money'],
        ['Again', 'Repeats a shortcut of this file', 'refund', ''],
        ['Long', 'x'.repeat(5001), '', ''],
      ]);
      const report = await importSheet(
        a.admin.token,
        { data: sheet, name: 'replies.xlsx' },
        { scope: 'company' },
      );
      expect(report.status).toBe(200);
      expect(report.body.data.total).toBe(7);
      expect(report.body.data.imported).toBe(2);
      expect(report.body.data.errors).toEqual([
        { row: 3, field: 'name', message: 'is required' },
        { row: 4, field: 'shortCut', message: 'The shortcut "taken" is already used in this list' },
        { row: 5, field: 'shortCut', message: 'no spaces or "/"' },
        { row: 8, field: 'shortCut', message: 'The shortcut "refund" is already used in row 2' },
        { row: 9, field: 'content', message: 'at most 5000 characters' },
      ]);
      const stored = await getJson<Page<Cuw>>(ctx, '/api/cuw/query?scope=company&size=100', a.admin.token);
      const names = stored.body.data.content.map((reply) => reply.name);
      expect(names).toEqual(expect.arrayContaining(['Refund', 'Invoice']));
      for (const bad of ['Clash', 'Spaces', 'Again', 'Long', 'No title here'])
        expect(names).not.toContain(bad);
      const money = stored.body.data.content.filter((reply) => reply.category?.name === 'Money');
      expect(money.map((reply) => reply.name).sort()).toEqual(['Invoice', 'Refund']);
      const categories = await getJson<Category[]>(ctx, '/api/category/all?type=cuw_company', a.admin.token);
      expect(categories.body.data.filter((entry) => entry.name === 'Money')).toHaveLength(1);
    });

    it('reports a missing column in the request language and writes nothing', async () => {
      const sheet = await workbookOf([['标题'], ['只有标题']]);
      const report = await importSheet(a.agent.token, { data: sheet, name: 'x.xlsx' }, {}, 'zh-CN');
      expect(report.body.data).toEqual({
        total: 0,
        imported: 0,
        errors: [{ row: 1, field: 'content', message: '缺少列「Content」' }],
      });
    });

    it('imports CSV and refuses other files, bad scopes and scopes the caller may not change', async () => {
      const csv = Buffer.from('Title,Content,Shortcut\nCsv reply,"From a, CSV",csv1\n', 'utf8');
      const ok = await importSheet(a.agent.token, { data: csv, name: 'r.csv' });
      expect(ok.body.data).toEqual({ total: 1, imported: 1, errors: [] });
      const pdf = await importSheet(a.agent.token, { data: pdfBytes(), name: 'r.xlsx' });
      expect(pdf.status).toBe(400);
      expect(fieldsOf(pdf.body)).toEqual(['file']);
      const scope = await importSheet(a.agent.token, { data: csv, name: 'r.csv' }, { scope: 'team' });
      expect(scope.status).toBe(400);
      expect(fieldsOf(scope.body)).toEqual(['scope']);
      expect(
        (await importSheet(a.agent.token, { data: csv, name: 'r.csv' }, { scope: 'company' })).status,
      ).toBe(403);
      expect(
        (await importSheet(a.admin.token, { data: csv, name: 'r.csv' }, { scope: 'platform' })).status,
      ).toBe(403);
      const notMultipart = await postJson(ctx, '/api/cuw/import', a.agent.token, { scope: 'mine' });
      expect(notMultipart.status).toBe(400);
    });

    it('exports the filtered replies; shared ones need the export action', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/cuw/export?scope=company&keyword=refund',
        headers: bearer(a.admin.token),
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-export-rows']).toBe('1');
      const rows = await readWorkbook(response.rawPayload);
      expect(rows).toEqual([
        ['Title', 'Content', 'Shortcut', 'Category', 'Scope', 'Times used'],
        ['Refund', 'Refunds take 3 days', 'refund', 'Money', 'Company', '0'],
      ]);
      expect((await getJson(ctx, '/api/cuw/export?scope=company', a.agent.token)).status).toBe(403);
      const own = await ctx.app.inject({
        method: 'GET',
        url: '/api/cuw/export?scope=mine',
        headers: bearer(a.agent.token),
      });
      expect(own.statusCode).toBe(200);
      expect(fieldsOf((await getJson(ctx, '/api/cuw/export?scope=x', a.admin.token)).body)).toEqual([
        'scope',
      ]);
    });
  });
});
