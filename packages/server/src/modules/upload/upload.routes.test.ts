import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Attachment, Page } from '@openkefu/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  elfBytes,
  imageBytes,
  multipartBody,
  officeBytes,
  pdfBytes,
  pkcs12Bytes,
  windowsExecutableBytes,
  type MultipartFile,
} from '../../test/upload-fixtures.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

/** Every file under the upload directory (staging included), relative to it. */
const listFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    : [];

await describeEachDatabase('upload routes', (target) => {
  const uploadDir = mkdtempSync(join(tmpdir(), 'openkefu-uploads-'));
  const ctx = useTestApp(target, {
    env: { UPLOAD_DIR: uploadDir, UPLOAD_MAX_IMAGE_MB: '1', UPLOAD_MAX_FILE_MB: '2' },
  });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  let owner: TestAccount;
  let ownerToken: string;
  let agentToken: string;
  let otherToken: string;

  beforeAll(async () => {
    owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerToken = await signIn(ctx.app, owner.username, owner.password);
    const agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
    agentToken = await signIn(ctx.app, agent.username, agent.password);
    const other = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    otherToken = await signIn(ctx.app, other.username, other.password);
  });

  const upload = async (
    token: string | null,
    kind: string,
    file?: MultipartFile | MultipartFile[],
    fields: Record<string, string> = {},
    language = 'en-US',
  ) => {
    const { payload, headers } = multipartBody({ file, fields });
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/upload/${kind}`,
      headers: { ...headers, ...(token ? bearer(token) : {}), 'accept-language': language },
      payload,
    });
    return { status: response.statusCode, body: response.json<Body<Attachment>>() };
  };

  const query = async (token: string, search = '') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/attachment/query${search}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, body: response.json<Body<Page<Attachment>>>() };
  };

  const remove = async (token: string, aid: string) => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/attachment/delete?aid=${encodeURIComponent(aid)}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, body: response.json<Body<null>>() };
  };

  const fetchPath = (path: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url: path, headers });

  const keyOf = (path: string) => path.replace(/^\/uploads\//, '');

  const countRows = async () => {
    const row = await ctx.database.db
      .selectFrom('attachment')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };

  describe('POST /api/upload/*', () => {
    it('refuses callers without a token with 401', async () => {
      for (const kind of ['attachment', 'avatar', 'image', 'file', 'p12', 'excel']) {
        const { status, body } = await upload(null, kind, { name: 'a.pdf', data: pdfBytes() });
        expect(status).toBe(401);
        expect(body.code).toBe('UNAUTHORIZED');
      }
    });

    it('stores an image with a smaller WebP thumbnail and serves both back by URL', async () => {
      const jpeg = await imageBytes('jpeg', 600, 400);
      const { status, body } = await upload(ownerToken, 'image', { name: 'photo.jpg', data: jpeg });
      expect(status).toBe(200);
      expect(body.status_code).toBe(200);
      const attachment = body.data;
      expect(attachment).toMatchObject({
        kind: 'image',
        fileName: 'photo.jpg',
        suffix: 'jpg',
        mediaType: 'image/jpeg',
        size: jpeg.length,
        username: owner.username,
      });
      expect(attachment.aid).toMatch(/^[a-z0-9]{20}$/);
      expect(attachment.path).toMatch(/^\/uploads\/[a-z0-9]+\/\d{4}\/\d{2}\/[a-z0-9]{24}\.jpg$/);
      expect(attachment.path.split('/')[2]).not.toBe(String(owner.orgId));

      const served = await fetchPath(attachment.path);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe('inline');
      expect(served.headers['cache-control']).toContain('max-age=31536000');
      expect(served.rawPayload.equals(jpeg)).toBe(true);

      expect(attachment.thumbPath).toMatch(/-thumb\.webp$/);
      const thumb = await fetchPath(attachment.thumbPath ?? '');
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      const metadata = await sharp(thumb.rawPayload).metadata();
      expect(metadata.format).toBe('webp');
      expect([metadata.width, metadata.height]).toEqual([240, 160]);
    });

    it('caps avatars at 512 px and records the stored size', async () => {
      const png = await imageBytes('png', 1000, 800);
      const { status, body } = await upload(ownerToken, 'avatar', { name: 'me.png', data: png });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ kind: 'avatar', suffix: 'png', mediaType: 'image/png' });
      const stored = readFileSync(join(uploadDir, keyOf(body.data.path)));
      expect(body.data.size).toBe(stored.length);
      const metadata = await sharp(stored).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['png', 512, 410]);
      const thumb = await sharp(readFileSync(join(uploadDir, keyOf(body.data.thumbPath ?? '')))).metadata();
      expect([thumb.width, thumb.height]).toEqual([240, 192]);
    });

    it('scales an animated GIF avatar frame by frame, keeping the animation', async () => {
      const frames = await Promise.all(
        [255, 0, 128].map((red) =>
          sharp({ create: { width: 800, height: 600, channels: 3, background: { r: red, g: 0, b: 0 } } })
            .png()
            .toBuffer(),
        ),
      );
      const gif = await sharp(frames, { join: { animated: true } })
        .gif()
        .toBuffer();
      const { status, body } = await upload(ownerToken, 'avatar', { name: 'wave.gif', data: gif });
      expect(status).toBe(200);
      const stored = await sharp(readFileSync(join(uploadDir, keyOf(body.data.path))), {
        animated: true,
      }).metadata();
      expect([stored.format, stored.width, stored.pageHeight, stored.pages]).toEqual(['gif', 512, 384, 3]);
    });

    it('keeps small avatars byte for byte (GIF and WebP too)', async () => {
      for (const format of ['gif', 'webp'] as const) {
        const bytes = await imageBytes(format, 64, 64);
        const { status, body } = await upload(ownerToken, 'avatar', { name: `a.${format}`, data: bytes });
        expect(status).toBe(200);
        expect(body.data.suffix).toBe(format);
        expect(readFileSync(join(uploadDir, keyOf(body.data.path))).equals(bytes)).toBe(true);
      }
    });

    it('stores a PDF as a download under its display name, without a thumbnail', async () => {
      const pdf = pdfBytes();
      const { status, body } = await upload(
        agentToken,
        'file',
        { name: 'blob', data: pdf, contentType: 'image/png' },
        { file_name: '20261122093000-季度报告.pdf', username: 'someone-else' },
      );
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        kind: 'file',
        fileName: '20261122093000-季度报告.pdf',
        suffix: 'pdf',
        mediaType: 'application/pdf',
        thumbPath: null,
        size: pdf.length,
      });
      // The uploader is the signed-in user, whatever the form says.
      expect(body.data.username).not.toBe('someone-else');

      const served = await fetchPath(body.data.path);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('application/pdf');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe(
        `attachment; filename="20261122093000-____.pdf"; filename*=UTF-8''${encodeURIComponent('20261122093000-季度报告.pdf')}`,
      );
      expect(served.rawPayload.equals(pdf)).toBe(true);

      const partial = await fetchPath(body.data.path, { range: 'bytes=0-7' });
      expect(partial.statusCode).toBe(206);
      expect(partial.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
      expect(partial.body).toBe('%PDF-1.4');
      const beyond = await fetchPath(body.data.path, { range: `bytes=${pdf.length}-` });
      expect(beyond.statusCode).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${pdf.length}`);
    });

    it('accepts attachments, certificates and Excel imports of their own types', async () => {
      const docx = await upload(ownerToken, 'attachment', {
        name: 'minutes.docx',
        data: officeBytes('docx'),
      });
      expect(docx.status).toBe(200);
      expect(docx.body.data).toMatchObject({ suffix: 'docx', kind: 'attachment', thumbPath: null });
      expect(docx.body.data.mediaType).toContain('wordprocessingml');

      const p12 = await upload(ownerToken, 'p12', { name: 'apiclient_cert.p12', data: pkcs12Bytes() });
      expect(p12.status).toBe(200);
      expect(p12.body.data).toMatchObject({ suffix: 'p12', mediaType: 'application/x-pkcs12' });

      const xlsx = await upload(ownerToken, 'excel', {
        name: 'quick-replies.xlsx',
        data: officeBytes('xlsx'),
      });
      expect(xlsx.status).toBe(200);
      expect(xlsx.body.data.suffix).toBe('xlsx');

      const csv = await upload(ownerToken, 'excel', {
        name: 'faq.csv',
        data: Buffer.from('问题,答案\n你好,您好\n'),
      });
      expect(csv.status).toBe(200);
      expect(csv.body.data).toMatchObject({ suffix: 'csv', mediaType: 'text/csv' });
      const served = await fetchPath(csv.body.data.path);
      expect(served.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(served.headers['content-disposition']).toMatch(/^attachment; filename="faq\.csv"/);
    });

    it('refuses content outside the kind: renamed executables, SVG, a PDF as an Excel import', async () => {
      const rowsBefore = await countRows();
      const filesBefore = listFiles(uploadDir);

      const elf = await upload(ownerToken, 'avatar', {
        name: 'avatar.png',
        data: elfBytes(),
        contentType: 'image/png',
      });
      expect(elf.status).toBe(400);
      expect(elf.body.message).toBe(
        "The file's content is an ELF executable, which is not allowed for avatars; allowed: png, jpeg, gif, webp",
      );
      expect(elf.body.fields?.[0]?.field).toBe('file');

      const exe = await upload(
        ownerToken,
        'file',
        { name: 'report.pdf', data: windowsExecutableBytes() },
        {},
        'zh-CN',
      );
      expect(exe.status).toBe(400);
      expect(exe.body.message).toContain('Windows 可执行程序');
      expect(exe.body.message).toContain('文件不允许此类型');

      const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      const image = await upload(ownerToken, 'image', { name: 'logo.png', data: svg });
      expect(image.status).toBe(400);
      expect(image.body.message).toContain('SVG');

      const excel = await upload(ownerToken, 'excel', { name: 'faq.xlsx', data: pdfBytes() });
      expect(excel.status).toBe(400);
      expect(excel.body.message).toContain('allowed: xlsx, xls, csv');

      const macro = await upload(ownerToken, 'file', {
        name: 'a.docx',
        data: officeBytes('docx', { macros: true }),
      });
      expect(macro.status).toBe(400);

      expect(await countRows()).toBe(rowsBefore);
      expect(listFiles(uploadDir)).toEqual(filesBefore);
    });

    it('refuses an image that does not decode', async () => {
      const png = await imageBytes('png', 50, 50);
      const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(400, 7)]);
      const { status, body } = await upload(ownerToken, 'image', { name: 'broken.png', data: broken });
      expect(status).toBe(400);
      expect(body.fields?.[0]?.field).toBe('file');
      expect(body.message).toContain('could not be read');
    });

    it('answers 413 with the limit for a file over it, leaving no file and no row', async () => {
      const rowsBefore = await countRows();
      const filesBefore = listFiles(uploadDir);
      const png = await imageBytes('png', 10, 10);
      const tooBig = Buffer.concat([png, Buffer.alloc(1024 * 1024 + 1 - png.length, 0)]);
      const { status, body } = await upload(ownerToken, 'image', { name: 'big.png', data: tooBig });
      expect(status).toBe(413);
      expect(body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(body.message).toBe('The file is larger than 1 MB, the limit for images');

      const file = await upload(ownerToken, 'file', {
        name: 'big.pdf',
        data: Buffer.concat([pdfBytes(), Buffer.alloc(2 * 1024 * 1024)]),
      });
      expect(file.status).toBe(413);
      expect(file.body.message).toContain('2 MB');

      expect(await countRows()).toBe(rowsBefore);
      expect(listFiles(uploadDir)).toEqual(filesBefore);
    });

    it('neutralises a path-traversal name: stored under the upload directory, shown without slashes', async () => {
      const png = await imageBytes('png', 20, 20);
      const { status, body } = await upload(ownerToken, 'image', { name: '../../etc/passwd.png', data: png });
      expect(status).toBe(200);
      expect(body.data.fileName).toBe('passwd.png');
      const key = keyOf(body.data.path);
      expect(key).not.toContain('passwd');
      expect(existsSync(join(uploadDir, key))).toBe(true);
      expect(existsSync(join(uploadDir, '..', 'etc', 'passwd.png'))).toBe(false);

      const named = await upload(
        ownerToken,
        'image',
        { name: 'x.png', data: png },
        { file_name: '..\\..\\\u0000evil/..' },
      );
      expect(named.status).toBe(200);
      // Nothing usable in file_name: the part's own name is used instead.
      expect(named.body.data.fileName).toBe('x.png');
    });

    it('names the field when the form is wrong', async () => {
      const missing = await upload(ownerToken, 'file', undefined, { file_name: 'a.pdf' });
      expect(missing.status).toBe(400);
      expect(missing.body.fields).toEqual([{ field: 'file', message: 'Required' }]);

      const wrongField = await upload(ownerToken, 'file', {
        field: 'upload',
        name: 'a.pdf',
        data: pdfBytes(),
      });
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.fields?.[0]?.field).toBe('file');

      const two = await upload(ownerToken, 'file', [
        { name: 'a.pdf', data: pdfBytes() },
        { name: 'b.pdf', data: pdfBytes() },
      ]);
      expect(two.status).toBe(400);
      expect(two.body.fields?.[0]?.field).toBe('file');

      const empty = await upload(ownerToken, 'file', { name: 'a.txt', data: Buffer.alloc(0) });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('The file is empty');

      const longName = await upload(
        ownerToken,
        'file',
        { name: 'a.pdf', data: pdfBytes() },
        { file_name: 'x'.repeat(5000) },
      );
      expect(longName.status).toBe(400);
      expect(longName.body.fields?.[0]?.field).toBe('file_name');

      const json = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/file',
        headers: bearer(ownerToken),
        payload: { file: 'not a file' },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json<Body<null>>().fields?.[0]?.field).toBe('file');

      const malformed = await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/file',
        headers: { ...bearer(ownerToken), 'content-type': 'multipart/form-data; boundary=xyz' },
        payload:
          '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
      });
      expect(malformed.statusCode).toBe(400);
      expect(listFiles(join(uploadDir, '.staging'))).toEqual([]);
    });
  });

  describe('GET /api/attachment/query and DELETE /api/attachment/delete', () => {
    let tenant: TestAccount;
    let tenantToken: string;
    const uploaded: Attachment[] = [];

    beforeAll(async () => {
      tenant = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      tenantToken = await signIn(ctx.app, tenant.username, tenant.password);
      for (let index = 0; index < 13; index += 1) {
        const { body } = await upload(tenantToken, 'file', {
          name: `note-${index}.txt`,
          data: Buffer.from(`note ${index}\n`),
        });
        uploaded.push(body.data);
      }
      const { body } = await upload(tenantToken, 'image', {
        name: 'pic.png',
        data: await imageBytes('png', 300, 300),
      });
      uploaded.push(body.data);
    });

    it('refuses callers without a token with 401', async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/attachment/query' })).statusCode).toBe(401);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/attachment/delete?aid=${uploaded[0]?.aid}` }))
          .statusCode,
      ).toBe(401);
    });

    it('pages the organisation’s attachments by 12, newest first', async () => {
      const first = await query(tenantToken);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        totalElements: 14,
        totalPages: 2,
        number: 0,
        size: 12,
        first: true,
        last: false,
      });
      expect(first.body.data.content).toHaveLength(12);
      const newestFirst = [...uploaded].reverse().map((attachment) => attachment.aid);
      expect(first.body.data.content.map((attachment) => attachment.aid)).toEqual(newestFirst.slice(0, 12));
      const second = await query(tenantToken, '?page=1');
      expect(second.body.data.content.map((attachment) => attachment.aid)).toEqual(newestFirst.slice(12));
      expect(second.body.data.last).toBe(true);
    });

    it('filters by media type and kind', async () => {
      const images = await query(tenantToken, '?mediaType=image');
      expect(images.body.data.content.map((attachment) => attachment.fileName)).toEqual(['pic.png']);
      const files = await query(tenantToken, '?mediaType=file&size=100');
      expect(files.body.data.totalElements).toBe(13);
      expect(files.body.data.content.every((attachment) => attachment.mediaType === 'text/plain')).toBe(true);
      const byKind = await query(tenantToken, '?kind=image');
      expect(byKind.body.data.totalElements).toBe(1);
      const bad = await query(tenantToken, '?kind=video&size=0');
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((field) => field.field).sort()).toEqual(['kind', 'size']);
    });

    it('hides other organisations’ attachments and refuses to delete them', async () => {
      const others = await query(otherToken, '?size=100');
      const aids = new Set(others.body.data.content.map((attachment) => attachment.aid));
      for (const attachment of uploaded) expect(aids.has(attachment.aid)).toBe(false);

      const victim = uploaded[13]!;
      const refused = await remove(otherToken, victim.aid);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(`Attachment "${victim.aid}" does not exist`);
      expect(existsSync(join(uploadDir, keyOf(victim.path)))).toBe(true);
    });

    it('deletes the row and both files', async () => {
      const victim = uploaded[13]!;
      const { status, body } = await remove(tenantToken, victim.aid);
      expect(status).toBe(200);
      expect(body.data).toBeNull();
      expect(existsSync(join(uploadDir, keyOf(victim.path)))).toBe(false);
      expect(existsSync(join(uploadDir, keyOf(victim.thumbPath ?? '')))).toBe(false);
      expect((await fetchPath(victim.path)).statusCode).toBe(404);
      expect((await query(tenantToken)).body.data.totalElements).toBe(13);
      expect((await remove(tenantToken, victim.aid)).status).toBe(404);

      // A document's URL stops working with its row.
      const document = uploaded[0]!;
      expect((await fetchPath(document.path)).statusCode).toBe(200);
      expect((await remove(tenantToken, document.aid)).status).toBe(200);
      expect((await fetchPath(document.path)).statusCode).toBe(404);
    });

    it('answers 404 for unknown or malformed file addresses', async () => {
      for (const path of [
        '/uploads/../package.json',
        '/uploads/.staging/x',
        `/uploads/${keyOf(uploaded[1]!.path).replace(/[a-z0-9]{24}/, 'a'.repeat(24))}`,
        '/uploads/a/2026/11/abcdefghijklmnopqrstuvwx.exe',
      ]) {
        const response = await fetchPath(path);
        expect(response.statusCode, path).toBe(404);
      }
    });
  });

  it('sweeps staging files an earlier crashed run left, keeping recent ones', async () => {
    const staging = ctx.app.services.uploads.stagingDir;
    mkdirSync(staging, { recursive: true });
    writeFileSync(join(staging, 'left-by-crash'), 'partial');
    const twoHoursAgo = (Date.now() - 2 * 3_600_000) / 1000;
    utimesSync(join(staging, 'left-by-crash'), twoHoursAgo, twoHoursAgo);
    writeFileSync(join(staging, 'in-flight'), 'partial');

    expect(await ctx.app.services.uploads.sweepStaging()).toBe(1);
    expect(readdirSync(staging)).toEqual(['in-flight']);
    rmSync(join(staging, 'in-flight'));
  });
});
