import {
  envelopeSchema,
  messageQuerySchema,
  messageSchema,
  pageSchema,
  rateQuerySchema,
  rateSchema,
  rateSummaryQuerySchema,
  rateSummarySchema,
  summaryCategoriesSchema,
  summaryQuerySchema,
  threadExportQuerySchema,
  threadExportRowLimit,
  threadMonitorQuerySchema,
  threadQuerySchema,
  threadRecordSchema,
  threadSchema,
  threadSummarySchema,
  threadTranscriptQuerySchema,
  threadTranscriptSchema,
  type PermissionAction,
} from '@openkefu/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { createRecordsService, transcriptMessageLimit } from './records.service.js';

/** Any one of the permissions will do (the transcript opens from the records and from the monitor). */
const requireAnyPermission =
  (permissions: [string, PermissionAction][]): onRequestAsyncHookHandler =>
  async (request) => {
    const services = request.server.services;
    request.principal ??= await services.auth.authenticate(request.headers.authorization);
    for (const [permissionId, action] of permissions)
      if (await services.auth.hasPermission(request.principal, permissionId, action)) return;
    const [permissionId, action] = permissions[0] ?? ['', 'query'];
    throw AppError.forbidden('error.forbiddenPermission', { permissionId, action });
  };

const clientParam = { client: z.string().max(32).optional() };

/**
 * Issue 4 "Conversation records": the console's read side of live chat. Each list is the menu item
 * of the same name (kefu.thread, kefu.message, kefu.rate, kefu.summary, kefu.monitor) and is
 * guarded by its permission; every query is scoped to the caller's organisation.
 */
export const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  const records = createRecordsService({ db: app.services.db, dialect: app.services.dialect });

  app.get(
    '/api/thread/query',
    {
      onRequest: [requirePermission('kefu.thread', 'query')],
      schema: {
        tags: ['thread'],
        summary: "A page of the organisation's conversations, newest first",
        description:
          '`from`/`to`: epoch ms on the creation time. `visitor`: a visitor whose nickname contains it ' +
          '(case-insensitive) or whose vid equals it. `uid`: the agent; `wid`: the skill group; ' +
          '`threadClient`: the channel the visitor came from; `tag`: a tgid the conversation or its visitor carries ' +
          '(each row lists both in `tags`). `client` is the console marker and filters nothing.',
        querystring: threadQuerySchema,
        response: { 200: envelopeSchema(pageSchema(threadRecordSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.threadPage(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/thread/transcript',
    {
      onRequest: [
        requireAnyPermission([
          ['kefu.thread', 'query'],
          ['kefu.monitor', 'query'],
        ]),
      ],
      schema: {
        tags: ['thread'],
        summary: 'A whole conversation: the thread and its messages in ascending seq',
        description:
          `For the records' transcript drawer and the monitor's watch drawer (kefu.thread or kefu.monitor). ` +
          `At most ${transcriptMessageLimit} messages, the first ones.`,
        querystring: threadTranscriptQuerySchema,
        response: { 200: envelopeSchema(threadTranscriptSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await records.transcript(getPrincipal(request), request.query.tid)),
  );

  app.get(
    '/api/thread/export',
    {
      onRequest: [requirePermission('kefu.thread', 'export')],
      schema: {
        tags: ['thread'],
        summary: 'The filtered conversations as an Excel (.xlsx) file',
        description:
          `The filters of /api/thread/query. At most the newest ${threadExportRowLimit} conversations: when ` +
          'the filter matched more, the sheet ends with a note and the headers `X-Export-Rows` (rows in ' +
          'the file) and `X-Total-Count` (matched) differ. Times are written in `timezone` (IANA, default ' +
          "UTC), headings in the request's language. Needs the `export` action of kefu.thread.",
        querystring: threadExportQuerySchema,
        response: {
          // Sent as a Buffer, which Fastify never runs through the serializer.
          200: z
            .any()
            .describe('The .xlsx file (application/vnd.openxmlformats-officedocument.spreadsheetml.sheet)'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const file = await records.exportThreads(getPrincipal(request), request.query, languageOf(request));
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header(
          'Content-Disposition',
          `attachment; filename="${file.asciiFileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(file.rows))
        .header('X-Total-Count', String(file.total))
        .send(file.content);
    },
  );

  app.get(
    '/api/thread/monitor',
    {
      onRequest: [requirePermission('kefu.monitor', 'query')],
      schema: {
        tags: ['thread'],
        summary:
          "The organisation's ongoing conversations (robot, queuing, chatting), the longest-running first",
        description:
          'Queuing threads carry their queue position. The console polls it; the watch drawer reads ' +
          '/api/thread/transcript.',
        querystring: threadMonitorQuerySchema,
        response: { 200: envelopeSchema(pageSchema(threadSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.monitor(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/message/query',
    {
      onRequest: [requirePermission('kefu.message', 'query')],
      schema: {
        tags: ['message'],
        summary: "Search the organisation's messages, newest first",
        description:
          '`keyword`: full-text search of text messages — whole words for spaced languages (case-insensitive), ' +
          'any run of characters for Chinese, Japanese and Korean; every word or character of the keyword ' +
          'must occur. `type`, `from`/`to` (epoch ms) and `tid` narrow further.',
        querystring: messageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(messageSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.messagePage(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/rate/query',
    {
      onRequest: [requirePermission('kefu.rate', 'query')],
      schema: {
        tags: ['rate'],
        summary: "A page of the organisation's satisfaction ratings, newest first",
        description: 'The average and the score distribution of the same filter come from /api/rate/summary.',
        querystring: rateQuerySchema,
        response: { 200: envelopeSchema(pageSchema(rateSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.ratePage(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/rate/summary',
    {
      onRequest: [requirePermission('kefu.rate', 'query')],
      schema: {
        tags: ['rate'],
        summary: 'Average score, count and the count of each score over every rating the filter matches',
        description: '`average` is rounded to two decimals and null when nothing matched.',
        querystring: rateSummaryQuerySchema,
        response: { 200: envelopeSchema(rateSummarySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.rateSummary(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/summary/query',
    {
      onRequest: [requirePermission('kefu.summary', 'query')],
      schema: {
        tags: ['summary'],
        summary: 'A page of the summaries agents wrote when closing conversations, newest first',
        description:
          '`category`: exact category; `keyword`: the summary contains it (case-insensitive); `uid`: the agent.',
        querystring: summaryQuerySchema,
        response: { 200: envelopeSchema(pageSchema(threadSummarySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.summaryPage(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/summary/categories',
    {
      onRequest: [requirePermission('kefu.summary', 'query')],
      schema: {
        tags: ['summary'],
        summary: 'The distinct summary categories of the organisation, sorted (for the filter)',
        querystring: z.object(clientParam),
        response: { 200: envelopeSchema(summaryCategoriesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await records.summaryCategories(getPrincipal(request))),
  );
};
