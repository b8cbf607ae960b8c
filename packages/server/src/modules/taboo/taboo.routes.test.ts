import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Taboo, TabooHit, TabooImportResult, TabooSettings } from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { multipartBody } from '../../test/upload-fixtures.js';
import {
  createRecordsOrg,
  getJson,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

const workbookOf = async (rows: (string | undefined)[][]): Promise<Buffer> => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const readWorkbook = async (data: Buffer): Promise<string[][]> => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(data as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((value) => String(value ?? '')));
  });
  return rows;
};

await describeEachDatabase('taboo routes', (target) => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'openkefu-taboo-'));
  const ctx = useTestApp(target, { env: { UPLOAD_DIR: uploadDir }, build: { sweepIntervalMs: 0 } });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

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
    postJson<Taboo>(ctx, '/api/taboo/create', token, payload);

  describe('an organisation’s words', () => {
    let scam: Taboo;
    let ofB: Taboo;

    beforeAll(async () => {
      scam = (
        await create(a.admin.token, { standard: ' Scam ', synonyms: ['fraud', ' FRAUD', 'scam', '骗局'] })
      ).body.data;
      ofB = (await create(b.admin.token, { standard: 'Only B', synonyms: [] })).body.data;
    });

    it('creates a word with trimmed synonyms, without repeats or the word itself', () => {
      expect(scam).toMatchObject({ standard: 'Scam', synonyms: ['fraud', '骗局'], platform: false });
      expect(scam.tbid).toMatch(/^[0-9a-z]{20}$/);
    });

    it('lets agents add words and refuses the same word twice (case-insensitive)', async () => {
      const byAgent = await create(a.agent.token, { standard: '傻瓜', synonyms: ['笨蛋'] });
      expect(byAgent.status).toBe(200);
      const again = await create(a.admin.token, { standard: 'SCAM' });
      expect(again.status).toBe(409);
      expect(fieldsOf(again.body)).toEqual(['standard']);
      // Another organisation may hold the same word.
      expect((await create(b.admin.token, { standard: 'scam' })).status).toBe(200);
    });

    it('answers 400 naming each bad field, 401 and 403', async () => {
      const empty = await create(a.admin.token, { standard: '  ' });
      expect(empty.status).toBe(400);
      expect(fieldsOf(empty.body)).toEqual(['standard']);
      const badSynonyms = await create(a.admin.token, { standard: 'x', synonyms: 'not a list' });
      expect(fieldsOf(badSynonyms.body)).toEqual(['synonyms']);
      const longSynonym = await create(a.admin.token, { standard: 'x', synonyms: ['y'.repeat(65)] });
      expect(fieldsOf(longSynonym.body)).toEqual(['synonyms.0']);
      const tooMany = await create(a.admin.token, {
        standard: 'x',
        synonyms: Array.from({ length: 51 }, (_, index) => `s${index}`),
      });
      expect(fieldsOf(tooMany.body)).toEqual(['synonyms']);
      expect((await create(undefined, { standard: 'x' })).status).toBe(401);
      expect((await create(a.checker.token, { standard: 'x' })).status).toBe(403);
    });

    it("pages the organisation's words, filtered by word or synonym, never another organisation's", async () => {
      const all = await getJson<Page<Taboo>>(ctx, '/api/taboo/query?size=100', a.admin.token);
      expect(all.status).toBe(200);
      const standards = all.body.data.content.map((taboo) => taboo.standard);
      expect(standards).toEqual(expect.arrayContaining(['Scam', '傻瓜']));
      expect(standards).not.toContain('Only B');
      const bySynonym = await getJson<Page<Taboo>>(
        ctx,
        `/api/taboo/query?keyword=${encodeURIComponent('骗局')}`,
        a.admin.token,
      );
      expect(bySynonym.body.data.content.map((taboo) => taboo.tbid)).toEqual([scam.tbid]);
      const byCase = await getJson<Page<Taboo>>(ctx, '/api/taboo/query?keyword=FRA', a.agent.token);
      expect(byCase.body.data.content.map((taboo) => taboo.tbid)).toEqual([scam.tbid]);
      const bad = await getJson(ctx, '/api/taboo/query?size=1000', a.admin.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['size']);
      expect((await getJson(ctx, '/api/taboo/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/taboo/query', a.checker.token)).status).toBe(403);
    });

    it('updates a word; 404 for unknown and other organisations’ tbids, 409 onto another word', async () => {
      const updated = await postJson<Taboo>(ctx, '/api/taboo/update', a.admin.token, {
        tbid: scam.tbid,
        standard: 'scam',
        synonyms: ['fraud', 'swindle'],
      });
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({
        tbid: scam.tbid,
        standard: 'scam',
        synonyms: ['fraud', 'swindle'],
      });
      expect(updated.body.data.updatedAt).toBeGreaterThanOrEqual(scam.updatedAt);
      for (const tbid of ['nope', ofB.tbid])
        expect(
          (await postJson(ctx, '/api/taboo/update', a.admin.token, { tbid, standard: 'y' })).status,
        ).toBe(404);
      const onto = await postJson(ctx, '/api/taboo/update', a.admin.token, {
        tbid: scam.tbid,
        standard: '傻瓜',
      });
      expect(onto.status).toBe(409);
      const noTbid = await postJson(ctx, '/api/taboo/update', a.admin.token, { standard: 'y' });
      expect(fieldsOf(noTbid.body)).toEqual(['tbid']);
      expect(
        (await postJson(ctx, '/api/taboo/update', undefined, { tbid: scam.tbid, standard: 'y' })).status,
      ).toBe(401);
      expect(
        (await postJson(ctx, '/api/taboo/update', a.checker.token, { tbid: scam.tbid, standard: 'y' }))
          .status,
      ).toBe(403);
    });

    it('deletes a word (admins; agents hold no delete), then 404', async () => {
      const doomed = (await create(a.admin.token, { standard: 'doomed' })).body.data;
      expect((await postJson(ctx, '/api/taboo/delete', a.agent.token, { tbid: doomed.tbid })).status).toBe(
        403,
      );
      expect((await postJson(ctx, '/api/taboo/delete', undefined, { tbid: doomed.tbid })).status).toBe(401);
      expect((await postJson(ctx, '/api/taboo/delete', a.admin.token, { tbid: ofB.tbid })).status).toBe(404);
      expect(fieldsOf((await postJson(ctx, '/api/taboo/delete', a.admin.token, {})).body)).toEqual(['tbid']);
      const deleted = await postJson(ctx, '/api/taboo/delete', a.admin.token, { tbid: doomed.tbid });
      expect(deleted.status).toBe(200);
      expect((await postJson(ctx, '/api/taboo/delete', a.admin.token, { tbid: doomed.tbid })).status).toBe(
        404,
      );
    });
  });

  describe("the platform's words", () => {
    let platformWord: Taboo;

    beforeAll(async () => {
      platformWord = (
        await postJson<Taboo>(ctx, '/api/taboo/platform/create', staffToken, {
          standard: 'Gamble',
          synonyms: ['赌博'],
        })
      ).body.data;
    });

    it('are managed by platform staff only', async () => {
      expect(platformWord).toMatchObject({ standard: 'Gamble', platform: true });
      expect(
        (await postJson(ctx, '/api/taboo/platform/create', a.admin.token, { standard: 'x' })).status,
      ).toBe(403);
      expect((await getJson(ctx, '/api/taboo/platform/query', a.admin.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/taboo/platform/query')).status).toBe(401);
      const listed = await getJson<Page<Taboo>>(ctx, '/api/taboo/platform/query', staffToken);
      expect(listed.body.data.content.map((taboo) => taboo.standard)).toEqual(['Gamble']);
      const renamed = await postJson<Taboo>(ctx, '/api/taboo/platform/update', staffToken, {
        tbid: platformWord.tbid,
        standard: 'Gambling',
        synonyms: ['赌博'],
      });
      expect(renamed.body.data.standard).toBe('Gambling');
    });

    it('show in every organisation’s list after its own, read-only', async () => {
      for (const org of [a, b]) {
        const page = await getJson<Page<Taboo>>(ctx, '/api/taboo/query?size=100', org.admin.token);
        expect(page.body.data.content.at(-1)).toMatchObject({ tbid: platformWord.tbid, platform: true });
      }
      const own = await getJson<Page<Taboo>>(
        ctx,
        '/api/taboo/query?size=100&withPlatform=false',
        a.admin.token,
      );
      expect(own.body.data.content.some((taboo) => taboo.platform)).toBe(false);
      // An organisation's calls cannot reach a platform word.
      expect(
        (await postJson(ctx, '/api/taboo/update', a.admin.token, { tbid: platformWord.tbid, standard: 'y' }))
          .status,
      ).toBe(404);
      expect(
        (await postJson(ctx, '/api/taboo/delete', a.admin.token, { tbid: platformWord.tbid })).status,
      ).toBe(404);
    });

    it('are deleted by platform staff', async () => {
      const extra = (
        await postJson<Taboo>(ctx, '/api/taboo/platform/create', staffToken, { standard: 'extra' })
      ).body.data;
      expect(
        (await postJson(ctx, '/api/taboo/platform/delete', a.admin.token, { tbid: extra.tbid })).status,
      ).toBe(403);
      expect(
        (await postJson(ctx, '/api/taboo/platform/delete', staffToken, { tbid: extra.tbid })).status,
      ).toBe(200);
    });
  });

  describe('the mode and the hits', () => {
    it('masks by default; admins switch to block, agents may not', async () => {
      const initial = await getJson<TabooSettings>(ctx, '/api/taboo/mode', a.agent.token);
      expect(initial.body.data).toEqual({ mode: 'mask' });
      const byAgent = await postJson(ctx, '/api/taboo/mode', a.agent.token, { mode: 'block' });
      expect(byAgent.status).toBe(403);
      const set = await postJson<TabooSettings>(ctx, '/api/taboo/mode', a.admin.token, { mode: 'block' });
      expect(set.body.data).toEqual({ mode: 'block' });
      expect((await getJson<TabooSettings>(ctx, '/api/taboo/mode', a.admin.token)).body.data.mode).toBe(
        'block',
      );
      // Per organisation.
      expect((await getJson<TabooSettings>(ctx, '/api/taboo/mode', b.admin.token)).body.data.mode).toBe(
        'mask',
      );
      const bad = await postJson(ctx, '/api/taboo/mode', a.admin.token, { mode: 'shout' });
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['mode']);
      expect((await getJson(ctx, '/api/taboo/mode')).status).toBe(401);
      expect((await getJson(ctx, '/api/taboo/mode', a.checker.token)).status).toBe(403);
      expect((await postJson(ctx, '/api/taboo/mode', a.admin.token, { mode: 'mask' })).status).toBe(200);
    });

    it('lists no hits before any message, validates its filters and guards access', async () => {
      const hits = await getJson<Page<TabooHit>>(ctx, '/api/taboo/hits', b.admin.token);
      expect(hits.status).toBe(200);
      expect(hits.body.data).toMatchObject({ content: [], totalElements: 0 });
      const bad = await getJson(ctx, '/api/taboo/hits?action=shout', a.admin.token);
      expect(fieldsOf(bad.body)).toEqual(['action']);
      expect((await getJson(ctx, '/api/taboo/hits')).status).toBe(401);
      expect((await getJson(ctx, '/api/taboo/hits', a.checker.token)).status).toBe(403);
    });
  });

  describe('import and export', () => {
    const importFile = async (
      token: string | undefined,
      data: Buffer,
      url = '/api/taboo/import',
      name = 'words.xlsx',
    ) => {
      const { payload, headers } = multipartBody({ file: { name, data } });
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...headers, ...(token ? bearer(token) : {}) },
        payload,
      });
      return { status: response.statusCode, body: response.json<Envelope<TabooImportResult>>() };
    };

    it('writes the valid rows and none with an error, reporting each by row and field', async () => {
      const org = await createRecordsOrg(ctx);
      await create(org.admin.token, { standard: 'Existing' });
      const file = await workbookOf([
        ['敏感词', '同义词'],
        ['Alpha', 'a1, a2；a3'],
        ['', 'orphan synonym'],
        ['x'.repeat(65), ''],
        ['alpha', 'repeat of row 2'],
        ['existing', ''],
        ['Beta', 'b'.repeat(65)],
        ['赌博网站', '博彩、网赌'],
      ]);
      const imported = await importFile(org.admin.token, file);
      expect(imported.status).toBe(200);
      expect(imported.body.data.imported).toBe(2);
      expect(imported.body.data.errors.map((error) => [error.row, error.field])).toEqual([
        [3, 'standard'],
        [4, 'standard'],
        [5, 'standard'],
        [6, 'standard'],
        [7, 'synonyms'],
      ]);
      expect(imported.body.data.errors[2]?.message).toBe('the same word as row 2');
      expect(imported.body.data.errors[3]?.message).toBe('already in the list');
      const page = await getJson<Page<Taboo>>(
        ctx,
        '/api/taboo/query?size=100&withPlatform=false',
        org.admin.token,
      );
      expect(page.body.data.content.map((taboo) => [taboo.standard, taboo.synonyms]).sort()).toEqual([
        ['Alpha', ['a1', 'a2', 'a3']],
        ['Existing', []],
        ['赌博网站', ['博彩', '网赌']],
      ]);
    });

    it('refuses a sheet without the word column, and a file that is no spreadsheet', async () => {
      const org = await createRecordsOrg(ctx);
      const noColumn = await importFile(org.admin.token, await workbookOf([['Name'], ['Alpha']]));
      expect(noColumn.body.data).toMatchObject({ imported: 0, errors: [{ row: 1, field: 'standard' }] });
      const pdf = await importFile(
        org.admin.token,
        Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'),
        '/api/taboo/import',
        'a.pdf',
      );
      expect(pdf.status).toBe(400);
      expect(fieldsOf(pdf.body)).toEqual(['file']);
      expect((await importFile(undefined, await workbookOf([['Word']]))).status).toBe(401);
      expect((await importFile(org.checker.token, await workbookOf([['Word']]))).status).toBe(403);
    });

    it('exports the words with the template’s columns, and the template itself', async () => {
      const org = await createRecordsOrg(ctx);
      await create(org.admin.token, { standard: 'Alpha', synonyms: ['a1', 'a2'] });
      const exported = await ctx.app.inject({
        method: 'GET',
        url: '/api/taboo/export',
        headers: bearer(org.admin.token),
      });
      expect(exported.statusCode).toBe(200);
      expect(exported.headers['content-type']).toContain('spreadsheetml');
      expect(exported.headers['content-disposition']).toContain('sensitive-words.xlsx');
      expect(await readWorkbook(exported.rawPayload)).toEqual([
        ['Word', 'Synonyms'],
        ['Alpha', 'a1, a2'],
      ]);
      // The export imports again into another organisation.
      const other = await createRecordsOrg(ctx);
      const again = await importFile(other.admin.token, exported.rawPayload);
      expect(again.body.data).toEqual({ imported: 1, errors: [] });

      const template = await ctx.app.inject({
        method: 'GET',
        url: '/api/taboo/template',
        headers: { ...bearer(org.agent.token), 'accept-language': 'zh-CN' },
      });
      expect(template.statusCode).toBe(200);
      expect(await readWorkbook(template.rawPayload)).toEqual([['敏感词', '同义词']]);
      // Agents hold no export action.
      const byAgent = await ctx.app.inject({
        method: 'GET',
        url: '/api/taboo/export',
        headers: bearer(org.agent.token),
      });
      expect(byAgent.statusCode).toBe(403);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/taboo/export' })).statusCode).toBe(401);
    });

    it('imports and exports the platform list for platform staff only', async () => {
      const imported = await importFile(
        staffToken,
        await workbookOf([['Word'], ['PlatformImported']]),
        '/api/taboo/platform/import',
      );
      expect(imported.body.data).toEqual({ imported: 1, errors: [] });
      const exported = await ctx.app.inject({
        method: 'GET',
        url: '/api/taboo/platform/export',
        headers: bearer(staffToken),
      });
      expect((await readWorkbook(exported.rawPayload)).map((row) => row[0])).toContain('PlatformImported');
      expect(
        (await importFile(a.admin.token, await workbookOf([['Word'], ['x']]), '/api/taboo/platform/import'))
          .status,
      ).toBe(403);
    });
  });
});
