import type {
  Article,
  ArticleImportReport,
  ArticleType,
  Language,
  articleExportQuerySchema,
} from '@openkefu/contract';
import { unzipSync, zipSync, type Zippable } from 'fflate';
import type { z } from 'zod';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { translate } from '../../http/i18n.js';
import { readSheetRows, writeWorkbook, describeIssue } from '../../lib/excel/excel.js';
import { createPublicId } from '../../lib/ids.js';
import { htmlToMarkdown } from '../../lib/richtext/html-to-markdown.js';
import type { Storage } from '../../lib/storage/storage.js';
import type { Principal } from '../auth/auth.service.js';
import { insertCategory, listCategories } from '../category/category.repository.js';
import { stageBuffer } from '../upload/upload.form.js';
import type { UploadService } from '../upload/upload.service.js';
import type { ReceivedImport } from '../upload/upload.spreadsheet.js';
import type { ArticleAccess } from './article.access.js';
import { findArticleByAid, findArticleByTitle } from './article.repository.js';
import { checkTypeParts } from './article.rules.js';
import { articleCategoryOwnerKey, type ArticleService } from './article.service.js';
import {
  categoryPathSeparator,
  fileNameOf,
  isRelativeUrl,
  markdownArticleSchema,
  markdownImageUrls,
  readMarkdownArticle,
  replaceMarkdownImages,
  resolveZipPath,
  sheetArticleSchema,
  sheetColumnsOf,
  sheetHeading,
  sheetKeysOf,
  sheetWriteColumnsOf,
  splitCategoryPath,
  writeMarkdownArticle,
  type ImportedArticle,
} from './article.transfer.format.js';

/*
 * Import and export of articles: a zip of Markdown files with front matter (and the images they
 * show), or a sheet. Every row or file is checked whole before anything of it is written, then
 * written through the article service (versions, search index, attachments in its transaction),
 * so a refused row leaves nothing behind and the report names it.
 */

/** Articles per export and per import; more is a sign of the wrong tool (or of a zip bomb). */
export const transferLimit = 5000;
/** What an imported zip may unpack to. */
const maxUnpackedBytes = 200 * 1024 * 1024;
/** Images per export: past this the Markdown keeps pointing at the server. */
const maxExportImageBytes = 200 * 1024 * 1024;

type ExportQuery = z.infer<typeof articleExportQuerySchema>;
type RowError = ArticleImportReport['errors'][number];
type Candidate = { row: number | string; input: unknown; markdownFile?: string };

const uploadKeyOf = (url: string): string | null => {
  const at = url.indexOf('/uploads/');
  if (at < 0) return null;
  const key = url.slice(at + '/uploads/'.length).split(/[?#]/)[0] ?? '';
  try {
    return decodeURIComponent(key);
  } catch {
    return key;
  }
};

const streamToBuffer = async (stream: AsyncIterable<Buffer | string>): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
};

export const createArticleTransfer = (deps: {
  db: Executor;
  articles: ArticleService;
  access: ArticleAccess;
  uploads: UploadService;
  storage: Storage;
  now?: () => number;
}) => {
  const { db, articles, access, uploads, storage } = deps;
  const now = deps.now ?? Date.now;

  /** cid → "Parent / Child" for the type's tree. */
  const categoryPathsOf = async (orgId: number, type: ArticleType) => {
    const rows = await listCategories(db, type, articleCategoryOwnerKey(orgId), 10_000);
    const byCid = new Map(rows.map((row) => [row.cid, row]));
    const pathOf = (cid: string): string => {
      const names: string[] = [];
      for (
        let row = byCid.get(cid);
        row && names.length < 32;
        row = row.parent_cid ? byCid.get(row.parent_cid) : undefined
      )
        names.unshift(row.name);
      return names.join(categoryPathSeparator);
    };
    return new Map(rows.map((row) => [row.cid, pathOf(row.cid)]));
  };

  const markdownOf = (article: Article) =>
    article.markdown.trim() !== '' ? article.markdown : htmlToMarkdown(article.content);

  /* ---- export ---- */

  const exportArticles = async (
    principal: Principal,
    query: ExportQuery,
    language: Language,
  ): Promise<{ fileName: string; mediaType: string; body: Buffer; rows: number; total: number }> => {
    const { format, ...filters } = query;
    const { articles: found, total } = await articles.listAll(principal, filters, transferLimit);
    const counts = { rows: found.length, total };
    const paths = await categoryPathsOf(principal.orgId, query.type);
    const rows = found.map((article) => ({
      article,
      categoryPaths: article.categories.map((category) => paths.get(category.cid) ?? category.name),
      markdown: markdownOf(article),
    }));
    const date = new Date(now()).toISOString().slice(0, 10);
    const base = `${translate('article.export.fileName', language)}-${query.type}-${date}`;
    if (format === 'xlsx')
      return {
        ...counts,
        fileName: `${base}.xlsx`,
        mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await writeWorkbook({
          sheetName: translate('article.export.sheet', language),
          columns: sheetWriteColumnsOf(query.type, language),
          rows,
        }),
      };

    // The organisation's images go into the zip beside the Markdown, so the export stands alone.
    const files: Zippable = {};
    const imageNames = new Map<string, string>();
    let imageBytes = 0;
    const organizationPrefix = await organizationPrefixOf(principal.orgId);
    const names = new Set<string>();
    for (const row of rows) {
      const replacements = new Map<string, string>();
      for (const url of markdownImageUrls(row.markdown)) {
        const key = uploadKeyOf(url);
        if (!key || !key.startsWith(organizationPrefix)) continue;
        let name = imageNames.get(key);
        if (name === undefined && imageBytes < maxExportImageBytes) {
          const stored = await storage.get(key).catch(() => null);
          if (!stored) continue;
          const bytes = await streamToBuffer(stored.stream);
          imageBytes += bytes.length;
          name = `images/${key.slice(key.lastIndexOf('/') + 1)}`;
          files[name] = [bytes, { level: 0 }];
          imageNames.set(key, name);
        }
        if (name !== undefined) replacements.set(url, name);
      }
      const markdown = replaceMarkdownImages(row.markdown, replacements);
      const text = writeMarkdownArticle(row.article, row.categoryPaths, markdown);
      files[fileNameOf(row.article.title, names)] = [Buffer.from(text, 'utf8'), { level: 6 }];
    }
    return {
      ...counts,
      fileName: `${base}.zip`,
      mediaType: 'application/zip',
      body: Buffer.from(zipSync(files)),
    };
  };

  const organizationPrefixOf = async (orgId: number) => {
    const row = await db.selectFrom('organization').select('oid').where('id', '=', orgId).executeTakeFirst();
    return row ? `${row.oid}/` : '\u0000';
  };

  /** An import template: the type's headings and one example row. */
  const template = async (principal: Principal, type: ArticleType, language: Language): Promise<Buffer> => {
    await access.assert(principal, type, 'add');
    const keys = sheetKeysOf(type);
    const example: Record<string, string> = {
      title: translate('article.template.title', language),
      summary: translate('article.template.summary', language),
      keywords: translate('article.template.keywords', language),
      categories: translate('article.template.categories', language),
      status: language === 'zh-CN' ? '草稿' : 'draft',
      content: translate('article.template.content', language),
      questionType: language === 'zh-CN' ? '单选' : 'single',
      options: 'A. 7\nB. 30',
      answer: 'A',
      difficulty: '2',
    };
    return writeWorkbook({
      sheetName: translate('article.export.sheet', language),
      columns: keys.map((key) => ({
        header: sheetHeading(key, language),
        width: key === 'content' ? 60 : 18,
        value: (row: Record<string, string>) => row[key] ?? '',
      })),
      rows: [example],
    });
  };

  /* ---- import ---- */

  /** Finds (or creates) the category of each path; creation happens only for rows about to be written. */
  const categoryResolver = async (orgId: number, userId: number, type: ArticleType) => {
    const ownerKey = articleCategoryOwnerKey(orgId);
    const rows = await listCategories(db, type, ownerKey, 10_000);
    const nodes = rows.map((row) => ({
      id: Number(row.id),
      cid: row.cid,
      name: row.name,
      parentId: row.parent_id === null ? null : Number(row.parent_id),
    }));
    return async (path: string): Promise<string> => {
      let parentId: number | null = null;
      let cid = '';
      for (const name of splitCategoryPath(path)) {
        const found = nodes.find(
          (node) => node.parentId === parentId && node.name.toLowerCase() === name.toLowerCase(),
        );
        if (found) {
          parentId = found.id;
          cid = found.cid;
          continue;
        }
        const created: (typeof nodes)[number] = { cid: createPublicId(), name, parentId, id: 0 };
        created.id = await insertCategory(db, {
          cid: created.cid,
          type,
          ownerKey,
          orgId,
          userId,
          name,
          parentId,
          now: now(),
        });
        nodes.push(created);
        parentId = created.id;
        cid = created.cid;
      }
      return cid;
    };
  };

  /** Candidates of a zip: every Markdown file (macOS resource forks and hidden files skipped). */
  const readZip = (buffer: Buffer, language: Language) => {
    let unpacked = 0;
    let entries: Record<string, Uint8Array>;
    try {
      entries = unzipSync(buffer, {
        filter: (file) => {
          unpacked += file.originalSize;
          if (unpacked > maxUnpackedBytes) throw new RangeError('too large');
          return !file.name.endsWith('/');
        },
      });
    } catch (error) {
      throw AppError.badRequest('article.importUnreadable', {
        fields: [
          {
            field: 'file',
            message:
              error instanceof RangeError
                ? `unpacks to more than ${maxUnpackedBytes / 1024 / 1024} MB`
                : 'not a readable zip',
          },
        ],
      });
    }
    const markdownFiles = Object.keys(entries)
      .filter((name) => /\.(md|markdown)$/i.test(name))
      .filter((name) => !name.split('/').some((part) => part.startsWith('.') || part === '__MACOSX'))
      .sort((a, b) => a.localeCompare(b));
    if (markdownFiles.length > transferLimit)
      throw AppError.badRequest('article.importTooMany', {
        params: { max: transferLimit },
        fields: [{ field: 'file', message: `at most ${transferLimit} articles per import` }],
      });
    const candidates: Candidate[] = markdownFiles.map((name) => {
      const read = readMarkdownArticle(name, Buffer.from(entries[name] ?? []).toString('utf8'), language);
      return 'error' in read
        ? { row: name, input: { error: read.error } }
        : { row: name, input: read.input, markdownFile: name };
    });
    return { candidates, entries };
  };

  const importArticles = async (
    principal: Principal,
    type: ArticleType,
    file: ReceivedImport,
    language: Language,
  ): Promise<ArticleImportReport> => {
    await access.assert(principal, type, 'add');
    const errors: RowError[] = [];
    const valid: { row: number | string; value: ImportedArticle; markdownFile?: string }[] = [];
    let entries: Record<string, Uint8Array> = {};
    let total = 0;

    if (file.format === 'zip') {
      const zip = readZip(file.buffer, language);
      entries = zip.entries;
      total = zip.candidates.length;
      const schema = markdownArticleSchema(language);
      for (const candidate of zip.candidates) {
        const input = candidate.input as { error?: RowError };
        if (input.error) {
          errors.push({ ...input.error, row: candidate.row });
          continue;
        }
        const parsed = schema.safeParse(candidate.input);
        if (parsed.success)
          valid.push({ row: candidate.row, value: parsed.data, markdownFile: candidate.markdownFile });
        else
          for (const issue of parsed.error.issues)
            errors.push({
              row: candidate.row,
              field: String(issue.path[0] ?? 'row'),
              message: describeIssue(issue, language),
            });
      }
    } else {
      const sheet = await readSheetRows(
        { buffer: file.buffer, format: file.format },
        {
          columns: sheetColumnsOf(type),
          schema: sheetArticleSchema(type, language),
          language,
          maxRows: transferLimit,
        },
      );
      total = sheet.total;
      errors.push(...sheet.errors);
      valid.push(...sheet.rows.map((row) => ({ row: row.row, value: row.value })));
    }

    const report = { total, imported: 0, created: 0, updated: 0, images: 0 };
    const resolveCategory = await categoryResolver(principal.orgId, principal.userId, type);
    /** Zip entry → the stored image's address, so an image shown by several articles is stored once. */
    const storedImages = new Map<string, string>();
    const imageLimit = uploads.limitMb('image') * 1024 * 1024;

    for (const { row, value, markdownFile } of valid) {
      const rowErrors: RowError[] = checkTypeParts(type, value.question, value.tender).map((error) => ({
        row,
        ...error,
      }));
      const images = new Map<string, string>();
      if (markdownFile)
        for (const url of markdownImageUrls(value.markdown).filter(isRelativeUrl)) {
          const path = resolveZipPath(markdownFile, url);
          const bytes = path === null ? undefined : entries[path];
          if (path === null || bytes === undefined)
            rowErrors.push({
              row,
              field: 'images',
              message: translate('article.importImageMissing', language, { url }),
            });
          else if (bytes.byteLength > imageLimit)
            rowErrors.push({
              row,
              field: 'images',
              message: translate('article.importImageTooLarge', language, {
                url,
                limit: uploads.limitMb('image'),
              }),
            });
          else images.set(url, path);
        }
      if (rowErrors.length > 0) {
        errors.push(...rowErrors);
        continue;
      }
      try {
        const replacements = new Map<string, string>();
        for (const [url, path] of images) {
          let address = storedImages.get(path);
          if (address === undefined) {
            const staged = await stageBuffer(
              uploads.stagingDir,
              entries[path] ?? new Uint8Array(),
              path.slice(path.lastIndexOf('/') + 1),
            );
            try {
              const attachment = await uploads.create(
                { orgId: principal.orgId, userId: principal.userId, username: principal.username },
                'image',
                staged,
              );
              address = attachment.path;
            } finally {
              await staged.discard();
            }
            storedImages.set(path, address);
            report.images += 1;
          }
          replacements.set(url, address);
        }
        const markdown = replaceMarkdownImages(value.markdown, replacements);
        const existing =
          (value.aid ? await findArticleByAid(db, principal.orgId, value.aid) : undefined) ??
          (await findArticleByTitle(db, principal.orgId, type, value.title));
        const updating = existing && existing.type === type && existing.deleted_at === null ? existing : null;
        const categories: string[] = [];
        for (const path of value.categories) categories.push(await resolveCategory(path));
        const fields = {
          title: value.title,
          summary: value.summary,
          content: '',
          markdown,
          keywords: value.keywords,
          categories: [...new Set(categories)],
          recommend: value.recommend,
          top: value.top,
          status: value.status,
          publishAt: value.publishAt,
          question: value.question,
          tender: value.tender,
        };
        if (updating) {
          await articles.update(principal, {
            ...fields,
            aid: updating.aid,
            version: Number(updating.version),
          });
          report.updated += 1;
        } else {
          await articles.create(principal, { ...fields, type });
          report.created += 1;
        }
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        const message = translate(error.messageKey, language, error.params);
        if (error.fields && error.fields.length > 0)
          errors.push(
            ...error.fields.map((field) => ({ row, field: field.field, message: field.message || message })),
          );
        else errors.push({ row, field: 'row', message });
      }
    }
    report.imported = report.created + report.updated;
    return { ...report, errors: sortErrors(errors) };
  };

  return { exportArticles, importArticles, template };
};

/** Sheet rows in order, then zip files by name. */
const sortErrors = (errors: RowError[]) =>
  [...errors].sort((a, b) => {
    if (typeof a.row === 'number' && typeof b.row === 'number') return a.row - b.row;
    if (typeof a.row === 'number') return -1;
    if (typeof b.row === 'number') return 1;
    return a.row.localeCompare(b.row);
  });

export type ArticleTransfer = ReturnType<typeof createArticleTransfer>;
