import type {
  Article,
  ArticleImportReport,
  ArticleSummary,
  Attachment,
  Category,
  Page,
} from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { parse as parseYaml } from 'yaml';
import { beforeAll, expect, it } from 'vitest';
import { bearer, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { imageBytes, multipartBody, pdfBytes, zipBytes } from '../../test/upload-fixtures.js';
import {
  createRecordsOrg,
  getJson,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

const frontMatterOf = (text: string) => {
  const match = /^---\n([\s\S]*?)\n---\n\n([\s\S]*)$/.exec(text);
  if (!match) throw new Error(`no front matter in ${text.slice(0, 80)}`);
  return { data: parseYaml(match[1] ?? '') as Record<string, unknown>, body: (match[2] ?? '').trimEnd() };
};

const sheetOf = async (rows: (string | number)[][]) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Articles');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

const readSheet = async (buffer: Buffer) => {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buffer as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  workbook.worksheets[0]?.eachRow((row) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cell.text;
    });
    rows.push(cells);
  });
  return rows;
};

await describeEachDatabase('article import and export', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let staff: string;

  const create = (token: string, payload: object) =>
    postJson<Article>(ctx, '/api/article/create', token, { type: 'support', ...payload });
  const category = (token: string, payload: object) =>
    postJson<Category>(ctx, '/api/category/create', token, { type: 'support', ...payload });
  const list = (token: string, query: string) =>
    getJson<Page<ArticleSummary>>(ctx, `/api/article/query?${query}`, token);
  const download = (token: string, url: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const importFile = async (token: string, type: string, name: string, data: Buffer) => {
    const { payload, headers } = multipartBody({ file: { name, data } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/article/import?type=${type}`,
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    return { status: response.statusCode, body: response.json<Envelope<ArticleImportReport>>() };
  };
  const uploadImage = async (token: string) => {
    const { payload, headers } = multipartBody({
      file: { name: 'chart.png', data: await imageBytes('png', 40, 30) },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { ...headers, ...bearer(token) },
      payload,
    });
    return response.json<Envelope<Attachment>>().data;
  };

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    staff = await signIn(ctx.app, 'admin', 'admin');
  });

  it('exports Markdown with front matter and its images, and another organisation imports it whole', async () => {
    const parent = (await category(a.admin.token, { name: 'Orders' })).body.data;
    const child = (await category(a.admin.token, { name: 'Returns', parent: parent.cid })).body.data;
    const image = await uploadImage(a.admin.token);
    const written = await create(a.admin.token, {
      title: 'Return an item',
      summary: 'Seven days',
      markdown: `## Steps\n\n![chart](${image.path})\n\n| Day | Fee |\n| --- | --- |\n| 1 | 0 |`,
      keywords: ['return'],
      categories: [child.cid],
      status: 'published',
      recommend: true,
    });
    expect(written.status).toBe(200);
    // Written in the rich-text editor: exported as Markdown all the same.
    await create(a.admin.token, {
      title: '退货 政策',
      content: '<p>签收后<strong>七天</strong>内</p><ul><li><p>一</p></li><li><p>二</p></li></ul>',
    });

    const response = await download(a.admin.token, '/api/article/export?type=support&format=zip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename=.*\.zip/);
    const entries = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(entries).sort();
    const imageName = `images/${image.path.slice(image.path.lastIndexOf('/') + 1)}`;
    expect(names).toEqual(['Return an item.md', imageName, '退货 政策.md'].sort());

    const returnFile = frontMatterOf(strFromU8(entries['Return an item.md'] as Uint8Array));
    expect(returnFile.data).toMatchObject({
      title: 'Return an item',
      aid: written.body.data.aid,
      summary: 'Seven days',
      keywords: ['return'],
      categories: ['Orders / Returns'],
      status: 'published',
      recommend: true,
      top: false,
    });
    expect(returnFile.body).toContain(`![chart](<${imageName}>)`);
    expect(returnFile.body).toContain('| Day | Fee |');
    const chinese = frontMatterOf(strFromU8(entries['退货 政策.md'] as Uint8Array));
    expect(chinese.data.status).toBe('draft');
    expect(chinese.body).toBe('签收后**七天**内\n\n- 一\n- 二');

    const imported = await importFile(
      b.admin.token,
      'support',
      'export.zip',
      Buffer.from(response.rawPayload),
    );
    expect(imported.status).toBe(200);
    expect(imported.body.data).toMatchObject({
      total: 2,
      imported: 2,
      created: 2,
      updated: 0,
      images: 1,
      errors: [],
    });

    const copies = (await list(b.admin.token, 'type=support&page=0&size=10')).body.data.content;
    expect(copies.map((article) => article.title).sort()).toEqual(['Return an item', '退货 政策']);
    const copy = copies.find((article) => article.title === 'Return an item') as ArticleSummary;
    // A new aid in the other organisation, the same category path (created there), the image stored there.
    expect(copy.aid).not.toBe(written.body.data.aid);
    expect(copy.categories.map((found) => found.name)).toEqual(['Returns']);
    expect(copy.status).toBe('published');
    expect(copy.recommend).toBe(true);
    const full = (await getJson<Article>(ctx, `/api/article/get?aid=${copy.aid}`, b.admin.token)).body.data;
    expect(full.content).toContain('<table>');
    const copiedImage = /<img src="([^"]+)"/.exec(full.content)?.[1] ?? '';
    expect(copiedImage).not.toBe(image.path);
    const attachments = (
      await getJson<Page<Attachment>>(ctx, '/api/attachment/query?page=0&size=10', b.admin.token)
    ).body.data.content;
    expect(attachments.map((attachment) => attachment.path)).toContain(copiedImage);
    const served = await ctx.app.inject({ method: 'GET', url: new URL(copiedImage, 'http://x').pathname });
    expect(served.statusCode).toBe(200);

    // The same file again updates by title (no twins), and in the first organisation by aid.
    const again = await importFile(b.admin.token, 'support', 'export.zip', Buffer.from(response.rawPayload));
    expect(again.body.data).toMatchObject({ created: 0, updated: 2, images: 1 });
    expect((await list(b.admin.token, 'type=support&page=0&size=10')).body.data.totalElements).toBe(2);
    const back = await importFile(a.admin.token, 'support', 'export.zip', Buffer.from(response.rawPayload));
    expect(back.body.data).toMatchObject({ created: 0, updated: 2 });
    const versions = await getJson<unknown[]>(
      ctx,
      `/api/article/versions?aid=${written.body.data.aid}`,
      a.admin.token,
    );
    expect(versions.body.data).toHaveLength(2);
  });

  it('reports each bad file with its field and writes none of it', async () => {
    const png = await imageBytes('png', 8, 8);
    const zip = zipBytes([
      {
        name: 'guides/ok.md',
        data: '---\ntitle: Good one\nkeywords: a, b\n---\n\n![x](../pics/p.png) and <script>alert(1)</script>',
      },
      { name: 'pics/p.png', data: png },
      { name: 'guides/missing-image.md', data: '# Missing image\n\n![x](nowhere.png)' },
      { name: 'guides/bad-yaml.md', data: '---\ntitle: [unclosed\n---\nbody' },
      {
        name: 'guides/bad-status.md',
        data: '---\ntitle: Status\nstatus: maybe\nrecommend: perhaps\n---\nbody',
      },
      { name: 'guides/long.md', data: `---\ntitle: ${'x'.repeat(201)}\n---\nbody` },
      { name: 'guides/escape.md', data: '# Escape\n\n![x](../../../etc/passwd)' },
      { name: '__MACOSX/guides/._ok.md', data: 'junk' },
      { name: 'readme.txt', data: 'not an article' },
    ]);
    const before = (await list(a.admin.token, 'type=support&page=0&size=50')).body.data.totalElements;
    const report = await importFile(a.admin.token, 'support', 'guides.zip', zip);
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ total: 6, imported: 1, created: 1, images: 1 });
    const byFile = report.body.data.errors.map((error) => [error.row, error.field]);
    expect(byFile).toEqual([
      ['guides/bad-status.md', 'recommend'],
      ['guides/bad-status.md', 'status'],
      ['guides/bad-yaml.md', 'frontMatter'],
      ['guides/escape.md', 'images'],
      ['guides/long.md', 'title'],
      ['guides/missing-image.md', 'images'],
    ]);
    expect(report.body.data.errors.find((error) => error.row === 'guides/missing-image.md')?.message).toBe(
      'The image "nowhere.png" is not in the zip',
    );
    const after = await list(a.admin.token, 'type=support&page=0&size=50');
    expect(after.body.data.totalElements).toBe(before + 1);
    const good = after.body.data.content.find((article) => article.title === 'Good one') as ArticleSummary;
    expect(good.keywords).toEqual(['a', 'b']);
    const full = (await getJson<Article>(ctx, `/api/article/get?aid=${good.aid}`, a.admin.token)).body.data;
    expect(full.content).not.toContain('<script');
    expect(full.content).toMatch(/<img src="[^"]*\/uploads\/[^"]+\.png"/);
  });

  it('answers in Chinese and refuses what is not a zip or a sheet', async () => {
    const zip = zipBytes([{ name: 'a.md', data: '# 标题\n\n![图](missing.png)' }]);
    const { payload, headers } = multipartBody({ file: { name: 'a.zip', data: zip } });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/article/import?type=support',
      headers: { ...headers, ...bearer(a.admin.token), 'accept-language': 'zh-CN' },
      payload,
    });
    expect(response.json<Envelope<ArticleImportReport>>().data.errors[0]?.message).toBe(
      '图片「missing.png」不在压缩包中',
    );

    const pdf = await importFile(a.admin.token, 'support', 'a.zip', pdfBytes());
    expect(pdf.status).toBe(400);
    expect(pdf.body.fields?.map((field) => field.field)).toEqual(['file']);
    const broken = await importFile(a.admin.token, 'support', 'a.md', Buffer.from('# Just markdown'));
    expect(broken.status).toBe(400);
  });

  it('round-trips a question bank through a sheet and names the bad row', async () => {
    const practice = (
      await postJson<Category>(ctx, '/api/category/create', staff, { type: 'tiku', name: 'Basics' })
    ).body.data;
    const question = await postJson<Article>(ctx, '/api/article/create', staff, {
      type: 'tiku',
      title: 'How many days to return?',
      categories: [practice.cid],
      status: 'published',
      question: {
        questionType: 'multiple',
        options: [
          { key: 'A', text: 'Seven' },
          { key: 'B', text: 'Thirty' },
          { key: 'C', text: 'One week' },
        ],
        answer: ['A', 'C'],
        explanation: 'A week is seven days.',
        difficulty: 3,
      },
    });
    expect(question.status).toBe(200);

    // The list row carries the question for the bank's columns (type, difficulty).
    const listed = (await list(staff, 'type=tiku&page=0&size=10')).body.data.content;
    expect(listed.find((row) => row.aid === question.body.data.aid)?.question).toMatchObject({
      questionType: 'multiple',
      difficulty: 3,
    });

    const exported = await download(staff, '/api/article/export?type=tiku&format=xlsx');
    expect(exported.statusCode).toBe(200);
    const rows = await readSheet(Buffer.from(exported.rawPayload));
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Title', 'Question type', 'Options', 'Answer', 'Difficulty (1-5)']),
    );
    const row = rows.find((cells) => cells.includes('How many days to return?')) as string[];
    expect(row).toEqual(
      expect.arrayContaining(['multiple', 'A. Seven\nB. Thirty\nC. One week', 'A, C', 'Basics']),
    );

    const heading = rows[0] as string[];
    const column = (name: string) => heading.indexOf(name);
    const wrong = [...row];
    wrong[column('ID')] = '';
    wrong[column('Title')] = 'Wrong answer key';
    wrong[column('Answer')] = 'D';
    const twoFlags = [...row];
    twoFlags[column('ID')] = '';
    twoFlags[column('Title')] = 'Bad flag';
    twoFlags[column('Pinned')] = 'sometimes';
    const changed = [...row];
    changed[column('Explanation')] = 'Seven days, or one week.';
    const sheet = await sheetOf([heading, changed, wrong, twoFlags]);
    const report = await importFile(staff, 'tiku', 'bank.xlsx', sheet);
    expect(report.status).toBe(200);
    expect(report.body.data).toMatchObject({ total: 3, created: 0, updated: 1 });
    expect(report.body.data.errors.map((error) => [error.row, error.field])).toEqual([
      [3, 'question.answer'],
      [4, 'top'],
    ]);
    const stored = (await getJson<Article>(ctx, `/api/article/get?aid=${question.body.data.aid}`, staff)).body
      .data;
    expect(stored.question?.explanation).toBe('Seven days, or one week.');
    expect(stored.question?.answer).toEqual(['A', 'C']);

    const template = await download(staff, '/api/article/template?type=tiku');
    expect(template.statusCode).toBe(200);
    expect((await readSheet(Buffer.from(template.rawPayload)))[0]).toContain('Question type');
  });

  it('keeps tenants and permissions apart', async () => {
    const theirs = (await category(b.admin.token, { name: 'Theirs' })).body.data;
    expect(
      (await download(a.admin.token, `/api/article/export?type=support&format=zip&category=${theirs.cid}`))
        .statusCode,
    ).toBe(404);
    // Agents hold no knowledge-base authority; admin-only types need the admin account.
    expect((await download(a.agent.token, '/api/article/export?type=support&format=xlsx')).statusCode).toBe(
      403,
    );
    const agentImport = await importFile(
      a.agent.token,
      'support',
      'a.zip',
      zipBytes([{ name: 'a.md', data: '# A' }]),
    );
    expect(agentImport.status).toBe(403);
    expect((await download(a.admin.token, '/api/article/export?type=tiku&format=xlsx')).statusCode).toBe(403);
    expect((await download(a.checker.token, '/api/article/export?type=support&format=zip')).statusCode).toBe(
      403,
    );
    expect((await download(a.admin.token, '/api/article/export?type=support&format=pdf')).statusCode).toBe(
      400,
    );
  });
});
