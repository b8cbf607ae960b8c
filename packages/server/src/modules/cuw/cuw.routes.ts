import {
  cuwAllQuerySchema,
  cuwCidBodySchema,
  cuwCreateBodySchema,
  cuwExportQuerySchema,
  cuwImportReportSchema,
  cuwQuerySchema,
  cuwSchema,
  cuwUpdateBodySchema,
  envelopeSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, xlsxMediaType } from '../../lib/excel/excel.js';
import { receiveSpreadsheet } from '../upload/upload.spreadsheet.js';
import { createCuwAccess, cuwPermissionId } from './cuw.access.js';
import { createCuwService, cuwExportLimit, cuwImportRowLimit, cuwPickerLimit } from './cuw.service.js';

const tags = ['cuw'];
const cuwEnvelope = envelopeSchema(cuwSchema);
const ownership =
  "Scopes: mine — the caller's own, managed freely; company — the organisation's, each change needs its " +
  'action on kefu.cuw (add, edit, delete, import, export); platform — read by all, changed by platform ' +
  "staff only (403). Another organisation's or agent's cid is a 404.";
// A Buffer reply is never run through the serializer; the schema documents the download.
const xlsxResponse = z.any().describe(`The .xlsx file (${xlsxMediaType})`);

/** Issue 5 "Quick replies" (kefu → cuw): the console page, the workbench picker, Excel in and out. */
export const cuwRoutes: FastifyPluginAsyncZod = async (app) => {
  const replies = createCuwService({ db: app.services.db, access: createCuwAccess(app.services.auth) });
  // Everyone who may read quick replies reaches every call; the service checks the scope's rule.
  const guard = [requirePermission(cuwPermissionId, 'query')];

  app.get(
    '/api/cuw/query',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'A page of quick replies, newest first',
        description:
          '`scope` narrows to one scope (default: all three the caller sees); `category` is a category cid; ' +
          '`keyword` matches title, content or shortcut.',
        querystring: cuwQuerySchema,
        response: { 200: envelopeSchema(pageSchema(cuwSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await replies.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/cuw/all',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The workbench picker: mine, then company, then platform, most used first',
        description: `At most ${cuwPickerLimit}; \`keyword\` matches title, content or shortcut.`,
        querystring: cuwAllQuerySchema,
        response: { 200: envelopeSchema(z.array(cuwSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await replies.all(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/cuw/create',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Create a quick reply; the shortcut is unique per scope owner (409)',
        description: ownership,
        body: cuwCreateBodySchema,
        response: { 200: cuwEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await replies.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/cuw/update',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Change a quick reply (its scope stays)',
        description: ownership,
        body: cuwUpdateBodySchema,
        response: { 200: cuwEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await replies.update(getPrincipal(request), request.body)),
  );

  app.delete(
    '/api/cuw/delete',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Delete a quick reply',
        description: ownership,
        querystring: cuwCidBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await replies.remove(getPrincipal(request), request.query.cid);
      return ok(request, null);
    },
  );

  app.post(
    '/api/cuw/use',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Count one use of a quick reply (the workbench calls it on insertion)',
        body: cuwCidBodySchema,
        response: { 200: cuwEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await replies.use(getPrincipal(request), request.body.cid)),
  );

  app.get(
    '/api/cuw/template',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The import template (.xlsx) with headings in the request's language",
        response: { 200: xlsxResponse, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const file = await replies.template(languageOf(request));
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .send(file.content);
    },
  );

  app.post(
    '/api/cuw/import',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Import quick replies from .xlsx or .csv into a scope',
        description:
          'multipart/form-data: `file` (the excel upload kind: xlsx or csv by content, its size limit) and ' +
          '`scope` (default mine). Columns are found by heading in either language: Title/标题, Content/内容 ' +
          '(required), Shortcut/快捷词, Category/分类 (by name, created when missing). Each refused row is ' +
          `reported and written not at all; the others are written in one transaction. At most ${cuwImportRowLimit} rows. ` +
          ownership,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(cuwImportReportSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const file = await receiveSpreadsheet(request);
      return ok(request, await replies.importSheet(getPrincipal(request), file, languageOf(request)));
    },
  );

  app.get(
    '/api/cuw/export',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'The filtered quick replies as .xlsx',
        description:
          `The filters of /api/cuw/query, at most ${cuwExportLimit} rows. The caller's own (scope=mine) export ` +
          'freely; anything shared needs the export action of kefu.cuw. The sheet imports back as it is.',
        querystring: cuwExportQuerySchema,
        response: { 200: xlsxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const file = await replies.exportSheet(getPrincipal(request), request.query, languageOf(request));
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(file.rows))
        .send(file.content);
    },
  );
};
