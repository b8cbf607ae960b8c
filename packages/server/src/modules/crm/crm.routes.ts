import {
  crmFieldCreateBodySchema,
  crmFieldSchema,
  crmFieldUpdateBodySchema,
  crmIdentitySecretSchema,
  crmIdentityStatusSchema,
  customerBulkAssignBodySchema,
  customerBulkDeleteBodySchema,
  customerBulkResultSchema,
  customerBulkTagBodySchema,
  customerCidQuerySchema,
  customerCreateBodySchema,
  customerDuplicateQuerySchema,
  customerImportJobQuerySchema,
  customerImportJobSchema,
  customerImportResultSchema,
  customerLinkBodySchema,
  customerMergeBodySchema,
  customerNoteCreateBodySchema,
  customerNoteDeleteBodySchema,
  customerNoteSchema,
  customerQuerySchema,
  customerSchema,
  customerTimelineEntrySchema,
  customerUpdateBodySchema,
  customerViewCreateBodySchema,
  customerViewDeleteBodySchema,
  customerViewSchema,
  envelopeSchema,
  pageSchema,
  visitorIdentifyBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, xlsxMediaType } from '../../lib/excel/excel.js';
import { receiveSpreadsheet } from '../upload/upload.spreadsheet.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { createMemoryImportJobStore, createRedisImportJobStore } from './crm.jobs.js';
import { createCrmTransfer, crmExportLimit, crmImportRowLimit, importChunkSize } from './crm.transfer.js';

const tags = ['crm'];
const customerEnvelope = envelopeSchema(customerSchema);
const okEnvelope = envelopeSchema(z.null());
const access =
  "Guarded by the crm.list permission with the call's action (query/get to read, add, edit, delete, import, " +
  "export). Another organisation's cid, vid, nid, fid or viewId is a 404.";
const xlsxResponse = z.any().describe(`The .xlsx file (${xlsxMediaType})`);
/** Signed identities: at most this many attempts per visitor and minute (forgeries are refused anyway). */
const identifyRule = { limit: 20, windowSeconds: 60 };

/** Issue 15: the CRM's customers, custom fields, notes, views, import/export and signed identities. */
export const crmRoutes: FastifyPluginAsyncZod = async (app) => {
  const crm = app.services.crm;
  const { redis, config } = app.services;
  const transfer = createCrmTransfer({
    db: app.services.db,
    crm,
    jobs: redis
      ? createRedisImportJobStore(redis, `${config.redisPrefix}crm:import:`)
      : createMemoryImportJobStore(),
    log: (error) => app.log.error({ err: error }, 'customer import failed'),
  });
  const can = (action: 'query' | 'get' | 'add' | 'edit' | 'delete' | 'import' | 'export') => [
    requirePermission('crm.list', action),
  ];

  app.get(
    '/api/customer/query',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: 'A page of customers, last changed first',
        description:
          '`keyword`: name, email, mobile or company contains it. `tag`, `channel`: equal. `owner`: uid, or ' +
          '`none`. `lastContactFrom`/`To`: ms, inclusive. `fieldKey` + `fieldValue`: a custom field equals ' +
          `the value. ${access}`,
        querystring: customerQuerySchema,
        response: { 200: envelopeSchema(pageSchema(customerSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await crm.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/customer/get',
    {
      onRequest: can('get'),
      schema: {
        tags,
        summary: 'One customer with its linked visitors',
        description: access,
        querystring: customerCidQuerySchema,
        response: { 200: customerEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.get(getPrincipal(request), request.query.cid)),
  );

  const saving =
    'Email is stored lower-case and mobile without spaces or dashes. `owner` is the uid of an account of the ' +
    'organisation. `customFields` are checked against the definitions (type, select options, required), 400 ' +
    `naming \`customFields.<key>\`. ${access}`;

  app.post(
    '/api/customer/create',
    {
      onRequest: can('add'),
      schema: {
        tags,
        summary: 'Create a customer',
        description: saving,
        body: customerCreateBodySchema,
        response: { 200: customerEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await crm.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/update',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Change a customer (only the fields given; tags and customFields replace the whole set)',
        description: saving,
        body: customerUpdateBodySchema,
        response: { 200: customerEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/delete',
    {
      onRequest: can('delete'),
      schema: {
        tags,
        summary: 'Delete customers (bulk); their visitors and feedback stay, unlinked',
        description: `Every cid must exist, else 404 and nothing is deleted. ${access}`,
        body: customerBulkDeleteBodySchema,
        response: { 200: envelopeSchema(customerBulkResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.bulkDelete(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/tag',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Add and remove tags on customers (bulk)',
        description: `Every cid must exist, else 404 and nothing changes. ${access}`,
        body: customerBulkTagBodySchema,
        response: { 200: envelopeSchema(customerBulkResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.bulkTag(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/assign',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Give customers an owner, or none (bulk)',
        description: `Every cid must exist, else 404 and nothing changes. ${access}`,
        body: customerBulkAssignBodySchema,
        response: { 200: envelopeSchema(customerBulkResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.bulkAssign(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/merge',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Merge the source customer into the target in one transaction',
        description:
          "The source's visitors (and so their conversations), notes, feedback, tickets and tags move to the " +
          "target; the target's empty fields take the source's values, and the source's other values are kept " +
          `in a note on the target. The source is deleted. ${access}`,
        body: customerMergeBodySchema,
        response: { 200: customerEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.merge(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/customer/duplicates',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: 'Customers sharing the email or mobile of `cid` (or of the given email/mobile)',
        description: access,
        querystring: customerDuplicateQuerySchema,
        response: { 200: envelopeSchema(z.array(customerSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.duplicates(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/customer/link',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Link a visitor to a customer (the workbench)',
        description: access,
        body: customerLinkBodySchema,
        response: { 200: customerEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.link(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/customer/visitor',
    {
      onRequest: can('get'),
      schema: {
        tags,
        summary: "The customer a visitor is linked to (null when none): the workbench's customer card",
        description: access,
        querystring: z.object({ vid: z.string().trim().min(1).max(64) }),
        response: { 200: envelopeSchema(customerSchema.nullable()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.ofVisitor(getPrincipal(request), request.query.vid)),
  );

  app.get(
    '/api/customer/notes',
    {
      onRequest: can('get'),
      schema: {
        tags,
        summary: "A customer's notes, newest first",
        description: access,
        querystring: customerCidQuerySchema,
        response: { 200: envelopeSchema(z.array(customerNoteSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.notes.list(getPrincipal(request), request.query.cid)),
  );

  app.post(
    '/api/customer/note/create',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Add a note to a customer',
        description: access,
        body: customerNoteCreateBodySchema,
        response: { 200: envelopeSchema(customerNoteSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.notes.add(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/note/delete',
    {
      onRequest: can('delete'),
      schema: {
        tags,
        summary: 'Delete a note',
        description: access,
        body: customerNoteDeleteBodySchema,
        response: { 200: okEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await crm.notes.remove(getPrincipal(request), request.body.nid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/customer/timeline',
    {
      onRequest: can('get'),
      schema: {
        tags,
        summary: "A customer's conversations (of its visitors), notes, feedback and tickets, newest first",
        description: `At most 200 entries. ${access}`,
        querystring: customerCidQuerySchema,
        response: {
          200: envelopeSchema(z.array(customerTimelineEntrySchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await crm.timeline(getPrincipal(request), request.query.cid)),
  );

  /* ---- custom fields ---- */

  app.get(
    '/api/customer/field/query',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: "The organisation's custom customer fields",
        description: access,
        response: { 200: envelopeSchema(z.array(crmFieldSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await crm.fields.list(getPrincipal(request))),
  );

  app.post(
    '/api/customer/field/create',
    {
      onRequest: can('add'),
      schema: {
        tags,
        summary: 'Define a custom field (text, number, date, select)',
        description: `\`key\` is unique per organisation (409). A select needs options. ${access}`,
        body: crmFieldCreateBodySchema,
        response: { 200: envelopeSchema(crmFieldSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await crm.fields.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/field/update',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: "Change a custom field's label, options, required flag or order (not its key or type)",
        description: access,
        body: crmFieldUpdateBodySchema,
        response: { 200: envelopeSchema(crmFieldSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await crm.fields.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/field/delete',
    {
      onRequest: can('delete'),
      schema: {
        tags,
        summary: 'Delete a custom field definition (stored values stay)',
        description: access,
        body: z.object({ fid: z.string().trim().min(1).max(64) }),
        response: { 200: okEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await crm.fields.remove(getPrincipal(request), request.body.fid);
      return ok(request, null);
    },
  );

  /* ---- saved views (the caller's own) ---- */

  app.get(
    '/api/customer/view/query',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: "The caller's saved list views",
        response: { 200: envelopeSchema(z.array(customerViewSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await crm.views.list(getPrincipal(request))),
  );

  app.post(
    '/api/customer/view/create',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: 'Save the current filters as a view of the caller',
        body: customerViewCreateBodySchema,
        response: { 200: envelopeSchema(customerViewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await crm.views.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/customer/view/delete',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: "Delete one of the caller's views (another user's is a 404)",
        body: customerViewDeleteBodySchema,
        response: { 200: okEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await crm.views.remove(getPrincipal(request), request.body.viewId);
      return ok(request, null);
    },
  );

  /* ---- signed identities ---- */

  app.get(
    '/api/customer/identity',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Whether the organisation has an identity secret (administrators only)',
        response: { 200: envelopeSchema(crmIdentityStatusSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await crm.identity.status(getPrincipal(request))),
  );

  app.post(
    '/api/customer/identity/secret',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Generate a new identity secret, shown this once (administrators only)',
        description:
          "The site's server signs each user as hex HMAC-SHA256(secret, userId\\nname\\nemail\\nmobile) and hands " +
          'the fields and the signature to the widget (`POST /visitor/api/identify`). A new secret invalidates the old one at ' +
          'once. It is stored encrypted (AES-256-GCM with the server key), never returned again.',
        response: { 200: envelopeSchema(crmIdentitySecretSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await crm.identity.rotate(getPrincipal(request))),
  );

  app.post(
    '/visitor/api/identify',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "The widget tells who the visitor is on the site, signed by the site's server",
        description:
          '`signature` = hex HMAC-SHA256(organisation secret, userId + "\\n" + name + "\\n" + email + "\\n" + ' +
          'mobile): every identity field is signed, absent ones as empty strings, each trimmed and exactly as ' +
          'sent (email not lower-cased); a line break inside a field is a 400. A missing secret or a wrong ' +
          'signature (including a changed name, email or mobile) is 403 and links nothing. A valid one finds ' +
          'the customer by userId (creates it when new), updates the given name, email and mobile and links ' +
          'this visitor. 20 attempts per visitor and minute, then 429.',
        body: visitorIdentifyBodySchema,
        response: { 200: customerEnvelope, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request) => {
      const visitor = getVisitorPrincipal(request);
      const state = await app.services.limiter.hit(
        `crm:identify:${visitor.visitorId}`,
        identifyRule.windowSeconds,
      );
      if (state.count > identifyRule.limit) throw AppError.rateLimited(state.retryAfter);
      return ok(request, await crm.identify(visitor, request.body));
    },
  );

  /* ---- import and export ---- */

  app.post(
    '/api/customer/import',
    {
      onRequest: can('import'),
      schema: {
        tags,
        summary: 'Import customers from .xlsx or .csv (multipart: file, mapping, preview)',
        description:
          '`mapping` (form field, JSON): which header feeds which field, e.g. {"name":"Full name","email":"E-mail"}; ' +
          'without it the headers Name/Email/Mobile/Company/Description/Tags (or 姓名/邮箱/手机/公司/描述/标签) ' +
          'are read. `preview=true` reports what would happen and writes nothing. A row with an error is ' +
          `reported (row, field, message) and not written; the good rows are written in transactions of ${importChunkSize}. An ` +
          `email or mobile matching an existing customer updates it. Custom fields are read from the header the ` +
          "mapping's `customFields` names (key → header), else from the field's label or key. " +
          `At most ${crmImportRowLimit} rows. ${access}`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(customerImportResultSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const file = await receiveSpreadsheet(request);
      return ok(request, await transfer.importSheet(getPrincipal(request), file, languageOf(request)));
    },
  );

  app.post(
    '/api/customer/import/start',
    {
      onRequest: can('import'),
      schema: {
        tags,
        summary: 'Start an import in the background (multipart: file, mapping, preview); poll its progress',
        description:
          'The same file, mapping and preview as `/api/customer/import`, but the answer is the job at once ' +
          '(`state: running`); `GET /api/customer/import/status?jobId=` then reports the phase (reading, ' +
          `checking or writing), \`processed\` of \`total\` rows (written in transactions of ${importChunkSize}) ` +
          'and, when `done`, the same result as the plain import. A bad mapping or file is a 400 of this ' +
          `request. ${access}`,
        consumes: ['multipart/form-data'],
        response: { 200: envelopeSchema(customerImportJobSchema), ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const file = await receiveSpreadsheet(request);
      return ok(request, await transfer.startImport(getPrincipal(request), file, languageOf(request)));
    },
  );

  app.get(
    '/api/customer/import/status',
    {
      onRequest: can('import'),
      schema: {
        tags,
        summary: 'The progress (and at the end the result) of an import the caller started',
        description:
          "Jobs are kept an hour after their last change. Another user's or organisation's jobId is a 404. " +
          access,
        querystring: customerImportJobQuerySchema,
        response: { 200: envelopeSchema(customerImportJobSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await transfer.job(getPrincipal(request), request.query.jobId)),
  );

  app.get(
    '/api/customer/export',
    {
      onRequest: can('export'),
      schema: {
        tags,
        summary: "The organisation's customers as .xlsx",
        description: `At most ${crmExportLimit} rows; headers in the request's language, then one column per custom field under its label; \`channel\` keeps one source (\`lead\`: the robot's leads). ${access}`,
        querystring: z.object({ channel: z.string().trim().max(32).optional() }),
        response: { 200: xlsxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const file = await transfer.exportSheet(
        getPrincipal(request),
        languageOf(request),
        request.query.channel,
      );
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(file.rows))
        .send(file.content);
    },
  );
};
