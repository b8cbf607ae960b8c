import {
  articleExportQuerySchema,
  articleImportQuerySchema,
  articleImportReportSchema,
  envelopeSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, xlsxMediaType } from '../../lib/excel/excel.js';
import { receiveImportFile } from '../upload/upload.spreadsheet.js';
import { createArticleAccess } from './article.access.js';
import { createArticleService } from './article.service.js';
import { createArticleTransfer, transferLimit } from './article.transfer.js';

const tags = ['article'];
const fileResponse = z.any().describe('The file (zip or xlsx) as an attachment');

/** Issue 13: articles in and out as a zip of Markdown files with front matter, or as a sheet. */
export const articleTransferRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = createArticleAccess(app.services.auth);
  const transfer = createArticleTransfer({
    db: app.services.db,
    articles: createArticleService({ db: app.services.db, dialect: app.services.dialect, access }),
    access,
    uploads: app.services.uploads,
    storage: app.services.storage,
  });
  const guard = [requireAuthority('support')];

  app.get(
    '/api/article/export',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The list's articles (same filters, no paging) as a zip of Markdown files or an .xlsx",
        description:
          'zip: one Markdown file per article with YAML front matter (title, aid, summary, keywords, categories ' +
          'as "Parent / Child" paths, status, publishAt, recommend, top, question or tender), and the ' +
          "organisation's images it shows under images/. xlsx: one row per article, tiku and zhaobiao with " +
          `their own columns; the body as Markdown. At most ${transferLimit} articles: \`X-Export-Rows\` says ` +
          'how many the file holds and `X-Total-Count` how many matched. Needs query on the type.',
        querystring: articleExportQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await transfer.exportArticles(getPrincipal(request), request.query, languageOf(request));
      return reply
        .header('Content-Type', file.mediaType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('X-Export-Rows', String(file.rows))
        .header('X-Total-Count', String(file.total))
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/article/template',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The import sheet's template (.xlsx) for an article type, with one example row",
        querystring: articleImportQuerySchema,
        response: { 200: fileResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const body = await transfer.template(getPrincipal(request), request.query.type, language);
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(`articles-${request.query.type}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(body);
    },
  );

  app.post(
    '/api/article/import',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Import articles from a zip of Markdown files (with front matter) or a sheet',
        description:
          'multipart/form-data with `file`: a .zip (each .md file an article; relative image paths are ' +
          "uploaded from the zip and pointed at), an .xlsx or a .csv (the template's columns, headings in " +
          'either language). An `aid` of this organisation, or else the same title, updates that article; ' +
          'missing categories are created. Each row or file is written whole or named in `errors` with its ' +
          `field, never written in part. At most ${transferLimit} articles. Needs add on the type (edit to update).`,
        querystring: articleImportQuerySchema,
        response: {
          200: envelopeSchema(articleImportReportSchema),
          ...errorResponses(400, 401, 403, 413),
        },
      },
    },
    async (request) => {
      const file = await receiveImportFile(request);
      return ok(
        request,
        await transfer.importArticles(getPrincipal(request), request.query.type, file, languageOf(request)),
      );
    },
  );
};
