import {
  envelopeSchema,
  pageSchema,
  qualityAddBodySchema,
  qualityAppealBodySchema,
  qualityCommentBodySchema,
  qualityDecideBodySchema,
  qualityDetailSchema,
  qualityInspectionSchema,
  qualityOptionsSchema,
  qualityQidSchema,
  qualityQridSchema,
  qualityQsidSchema,
  qualityQuerySchema,
  qualityRuleBodySchema,
  qualityRuleSchema,
  qualitySampleBodySchema,
  qualitySampleResultSchema,
  qualitySchemeBodySchema,
  qualitySchemeSchema,
  qualityScoreBodySchema,
  qualityStatisticQuerySchema,
  qualityStatisticSchema,
  type PermissionAction,
  type QualityStatistic,
} from '@openkefu/contract';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuth, requireAuthority, requirePermission } from '../../http/guards.js';
import { translate } from '../../http/i18n.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, writeWorkbook, xlsxMediaType } from '../../lib/excel/excel.js';
import type { QualityActor } from './quality.service.js';

const tags = ['quality'];
const detailEnvelope = envelopeSchema(qualityDetailSchema);
const tenancy = "Another organisation's ids are a 404.";
const xlsxResponse = z.any().describe(`The .xlsx file (${xlsxMediaType})`);

/*
 * Issue 16: quality inspection (authority `quality`). Permissions are the menu items:
 * `quality.list` (the scoring queue: query/get, add = by hand or "sample now", edit = score and
 * comment), `quality.setting` (schemes and sampling rules; checkers only read them, edit and delete
 * are for administrators),
 * `quality.result` (edit = decide appeals), `quality.statistic` (query, export). Results, one
 * inspection and the appeal are open to every signed-in colleague: without the `quality`
 * authority (agents) they show only the caller's own scored conversations.
 */
const guard = (permissionId: string, action: PermissionAction): onRequestAsyncHookHandler[] => [
  requireAuthority('quality'),
  requirePermission(permissionId, action),
];

const actorOf = (request: FastifyRequest): QualityActor => {
  const principal = getPrincipal(request);
  return { orgId: principal.orgId, userId: principal.userId, seesAll: principal.authorities.has('quality') };
};

export const qualityRoutes: FastifyPluginAsyncZod = async (app) => {
  const quality = app.services.quality;

  app.get(
    '/api/quality/options',
    {
      onRequest: [requireAuthority('quality')],
      schema: {
        tags,
        summary:
          "The organisation's agents and skill groups, for the section's filters and the scheme editor",
        response: { 200: envelopeSchema(qualityOptionsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await quality.options(getPrincipal(request).orgId)),
  );

  /* ---- schemes and rules (setting) ---- */

  app.get(
    '/api/quality/scheme/query',
    {
      onRequest: guard('quality.setting', 'query'),
      schema: {
        tags,
        summary: "The organisation's schemes, default first (the default is created on first use)",
        description:
          'Default: service attitude 30 %, professional skill 40 %, communication 20 %, process 10 %.',
        response: { 200: envelopeSchema(z.array(qualitySchemeSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await quality.schemes(getPrincipal(request).orgId, languageOf(request))),
  );

  app.post(
    '/api/quality/scheme/save',
    {
      onRequest: guard('quality.setting', 'edit'),
      schema: {
        tags,
        summary: 'Create (without qsid) or update a scheme',
        description:
          'Weights must sum to 100 (400 naming `criteria`); item keys are unique in the scheme; `isDefault` makes it ' +
          'the default (there is always exactly one); `workgroups` (wids) use this scheme instead of the default. ' +
          'Conversations already scored keep the scheme they were scored with (a snapshot). Administrators ' +
          'only: checkers get a 403. ' +
          tenancy,
        body: qualitySchemeBodySchema,
        response: { 200: envelopeSchema(qualitySchemeSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await quality.saveScheme(getPrincipal(request).orgId, request.body, languageOf(request))),
  );

  app.post(
    '/api/quality/scheme/delete',
    {
      onRequest: guard('quality.setting', 'delete'),
      schema: {
        tags,
        summary: 'Delete a scheme no conversation was scored with (not the default: 409)',
        body: qualityQsidSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await quality.deleteScheme(getPrincipal(request).orgId, request.body.qsid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/quality/rule/query',
    {
      onRequest: guard('quality.setting', 'query'),
      schema: {
        tags,
        summary: 'Sampling rules that fill the scoring queue when a conversation closes',
        response: { 200: envelopeSchema(z.array(qualityRuleSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await quality.rules(getPrincipal(request).orgId)),
  );

  app.post(
    '/api/quality/rule/save',
    {
      onRequest: guard('quality.setting', 'edit'),
      schema: {
        tags,
        summary: 'Create (without qrid) or update a sampling rule; one per kind (409)',
        description:
          'percent: N % (1–100) of each agent’s closed conversations per UTC day; lowRating: every conversation ' +
          'rated N stars or fewer; sensitiveWord: every conversation with a sensitive-word hit by the visitor or ' +
          'the agent; slowFirstResponse: every first response slower than N minutes. Checkers read rules; only ' +
          'administrators change them (403).',
        body: qualityRuleBodySchema,
        response: { 200: envelopeSchema(qualityRuleSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await quality.saveRule(getPrincipal(request).orgId, request.body)),
  );

  app.post(
    '/api/quality/rule/delete',
    {
      onRequest: guard('quality.setting', 'delete'),
      schema: {
        tags,
        summary: 'Delete a sampling rule',
        body: qualityQridSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await quality.deleteRule(getPrincipal(request).orgId, request.body.qrid);
      return ok(request, null);
    },
  );

  /* ---- the scoring queue (list) ---- */

  app.get(
    '/api/quality/query',
    {
      onRequest: guard('quality.list', 'query'),
      schema: {
        tags,
        summary: 'Inspections, newest conversation first, by agent, group, close date, source and status',
        querystring: qualityQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(qualityInspectionSchema)),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(request, await quality.page(actorOf(request), request.query)),
  );

  app.post(
    '/api/quality/add',
    {
      onRequest: guard('quality.list', 'add'),
      schema: {
        tags,
        summary: 'Add a closed conversation to the scoring queue by hand',
        description: `409 when it is not closed or already queued. ${tenancy}`,
        body: qualityAddBodySchema,
        response: {
          200: envelopeSchema(qualityInspectionSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ok(request, await quality.add(actorOf(request), request.body.tid)),
  );

  app.post(
    '/api/quality/sample',
    {
      onRequest: guard('quality.list', 'add'),
      schema: {
        tags,
        summary: 'Sample now: run the enabled rules over conversations closed in [from, to]',
        description: 'At most 5,000 conversations (oldest first) and 366 days; queued ones are skipped.',
        body: qualitySampleBodySchema,
        response: { 200: envelopeSchema(qualitySampleResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await quality.sample(getPrincipal(request).orgId, request.body, languageOf(request))),
  );

  app.post(
    '/api/quality/score',
    {
      onRequest: guard('quality.list', 'edit'),
      schema: {
        tags,
        summary: 'Score (or rescore, until appealed) an inspection',
        description:
          'Items not given keep full points; earned above the item’s points is a 400 naming `items.<n>.earned`. ' +
          `A fatal item hit makes the score 0. 409 once appealed or when changed meanwhile. ${tenancy}`,
        body: qualityScoreBodySchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await quality.score(actorOf(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/quality/comment',
    {
      onRequest: guard('quality.list', 'edit'),
      schema: {
        tags,
        summary: 'Comment on the conversation, optionally anchored to one of its messages (mid)',
        body: qualityCommentBodySchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await quality.comment(actorOf(request), request.body, languageOf(request))),
  );

  /* ---- results and appeals ---- */

  app.get(
    '/api/quality/get',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary:
          'One inspection: transcript, scheme, scores with the checks’ evidence, comments, appeal, log',
        description:
          'Checkers and admins read any; an agent only their own scored ones (others are a 404). A pending ' +
          `inspection comes pre-filled by the automatic checks. ${tenancy}`,
        querystring: qualityQidSchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(request, await quality.get(actorOf(request), request.query.qid, languageOf(request))),
  );

  app.get(
    '/api/quality/result/query',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Scored conversations: all for checkers and admins, only their own for agents',
        querystring: qualityQuerySchema,
        response: { 200: envelopeSchema(pageSchema(qualityInspectionSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(request, await quality.page(actorOf(request), { ...request.query, isScored: true })),
  );

  app.post(
    '/api/quality/appeal',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'The agent appeals their own scored result, once, with a reason',
        description: `403 for someone else's result; 409 when already appealed. ${tenancy}`,
        body: qualityAppealBodySchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await quality.appeal(actorOf(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/quality/decide',
    {
      onRequest: guard('quality.result', 'edit'),
      schema: {
        tags,
        summary: 'Accept (optionally rescoring with `items`) or reject an appeal',
        description: `409 unless the inspection is appealed. ${tenancy}`,
        body: qualityDecideBodySchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await quality.decide(actorOf(request), request.body, languageOf(request))),
  );

  /* ---- statistics ---- */

  app.get(
    '/api/quality/statistic',
    {
      onRequest: guard('quality.statistic', 'query'),
      schema: {
        tags,
        summary:
          'Average score by agent, group, criterion and week; pass and appeal rates; most-missed items',
        description: 'Over scored conversations closed in [from, to] (at most 366 days).',
        querystring: qualityStatisticQuerySchema,
        response: { 200: envelopeSchema(qualityStatisticSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await quality.statistics(getPrincipal(request).orgId, request.query, languageOf(request))),
  );

  app.get(
    '/api/quality/statistic/export',
    {
      onRequest: guard('quality.statistic', 'export'),
      schema: {
        tags,
        summary: 'The statistics as .xlsx (one row per dimension and name)',
        querystring: qualityStatisticQuerySchema,
        response: { 200: xlsxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const language = languageOf(request);
      const data = await quality.statistics(getPrincipal(request).orgId, request.query, language);
      const rows = statisticRows(data, language);
      const content = await writeWorkbook({
        sheetName: translate('quality.sheet', language),
        columns: [
          { header: translate('quality.column.dimension', language), value: (row: Row) => row[0], width: 16 },
          { header: translate('quality.column.name', language), value: (row: Row) => row[1], width: 28 },
          { header: translate('quality.column.count', language), value: (row: Row) => row[2], width: 12 },
          { header: translate('quality.column.average', language), value: (row: Row) => row[3], width: 14 },
        ],
        rows,
      });
      return reply
        .header('Content-Type', xlsxMediaType)
        .header(
          'Content-Disposition',
          attachmentDisposition(`${translate('quality.exportName', language)}.xlsx`),
        )
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(rows.length))
        .send(content);
    },
  );
};

type Row = [string, string, number, number | string];

const statisticRows = (data: QualityStatistic, language: Parameters<typeof translate>[1]): Row[] => {
  const dimension = (key: Parameters<typeof translate>[0]) => translate(key, language);
  const percent = (share: number | null) => (share === null ? '' : `${Math.round(share * 1000) / 10}%`);
  const rows: Row[] = [
    [dimension('quality.dimension.total'), '', data.scored, data.average ?? ''],
    [
      dimension('quality.dimension.total'),
      dimension('quality.passRate'),
      data.scored,
      percent(data.passRate),
    ],
    [
      dimension('quality.dimension.total'),
      dimension('quality.appealRate'),
      data.scored,
      percent(data.appealRate),
    ],
  ];
  const push = (key: Parameters<typeof translate>[0], list: QualityStatistic['byAgent']) => {
    for (const entry of list) rows.push([dimension(key), entry.label, entry.count, entry.average ?? '']);
  };
  push('quality.dimension.agent', data.byAgent);
  push('quality.dimension.group', data.byGroup);
  push('quality.dimension.criterion', data.byCriterion);
  push('quality.dimension.week', data.byWeek);
  for (const item of data.missedItems)
    rows.push([dimension('quality.dimension.missed'), item.label, item.count, '']);
  return rows;
};
