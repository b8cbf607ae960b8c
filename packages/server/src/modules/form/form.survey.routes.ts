import {
  envelopeSchema,
  pageSchema,
  surveyExportQuerySchema,
  surveyFidQuerySchema,
  surveyQuerySchema,
  surveyResponseDetailSchema,
  surveyResponseSchema,
  surveyResponsesQuerySchema,
  surveySaveBodySchema,
  surveySchema,
  surveyStatisticQuerySchema,
  surveyStatisticSchema,
  surveyVersionSchema,
} from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachmentDisposition, xlsxMediaType } from '../../lib/excel/excel.js';
import { createSurveyService, surveyReadLimit } from './form.survey.service.js';

const tags = ['form'];
const fidBody = z.object({ fid: z.string().trim().min(1).max(64) });
const xlsxResponse = z.any().describe(`The .xlsx file (${xlsxMediaType})`);
const access =
  'Forms and questionnaires (authority wenjuan): the list, editing and publishing need `form.list`, ' +
  'answers and their export `form.result`, statistics `form.statistic`. Another organisation’s fid → 404.';

/** Issue 16: the console's form builder, answers and statistics under /api/form/survey/*. */
export const surveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app.services;
  const surveys = createSurveyService({ db, storage });
  const originOf = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  app.get(
    '/api/form/survey/query',
    {
      onRequest: [requirePermission('form.list', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's forms and questionnaires, last changed first",
        description: `\`q\` matches the title; \`status\` draft, published or changed. ${access}`,
        querystring: surveyQuerySchema,
        response: { 200: envelopeSchema(pageSchema(surveySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await surveys.page(getPrincipal(request), request.query, originOf(request))),
  );

  app.get(
    '/api/form/survey/get',
    {
      onRequest: [requirePermission('form.list', 'get')],
      schema: {
        tags,
        summary: 'One form with its working copy (what the builder edits)',
        description: access,
        querystring: surveyFidQuerySchema,
        response: { 200: envelopeSchema(surveySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await surveys.get(getPrincipal(request), request.query.fid, originOf(request))),
  );

  app.post(
    '/api/form/survey/save',
    {
      onRequest: [requirePermission('form.list', 'edit')],
      schema: {
        tags,
        summary: 'Create a form (no fid) or save its working copy',
        description:
          'Saving a published form makes it `changed`: the public page keeps serving the live version until ' +
          `the form is published again. Items: keys unique, choices with options, conditions on earlier items. ${access}`,
        body: surveySaveBodySchema,
        response: { 200: envelopeSchema(surveySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await surveys.save(getPrincipal(request), request.body, originOf(request))),
  );

  app.post(
    '/api/form/survey/publish',
    {
      onRequest: [requirePermission('form.list', 'edit')],
      schema: {
        tags,
        summary: 'Publish the working copy as the next version',
        description: `Answers keep the version they answered. A form without questions → 400. ${access}`,
        body: fidBody,
        response: { 200: envelopeSchema(surveySchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await surveys.publish(getPrincipal(request), request.body.fid, originOf(request))),
  );

  app.post(
    '/api/form/survey/delete',
    {
      onRequest: [requirePermission('form.list', 'delete')],
      schema: {
        tags,
        summary: 'Delete a form with its versions and answers',
        description: access,
        body: fidBody,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await surveys.remove(getPrincipal(request), request.body.fid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/form/survey/versions',
    {
      onRequest: [requirePermission('form.list', 'get')],
      schema: {
        tags,
        summary: 'The published versions of a form, newest first',
        description: access,
        querystring: surveyFidQuerySchema,
        response: {
          200: envelopeSchema(z.array(surveyVersionSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await surveys.versions(getPrincipal(request), request.query.fid)),
  );

  app.get(
    '/api/form/survey/responses',
    {
      onRequest: [requirePermission('form.result', 'query')],
      schema: {
        tags,
        summary: "A page of a form's answers, newest first",
        description: `Filters: \`version\`, \`from\`/\`to\` (epoch ms, end exclusive). ${access}`,
        querystring: surveyResponsesQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(surveyResponseSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await surveys.responses(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/form/survey/response',
    {
      onRequest: [requirePermission('form.result', 'get')],
      schema: {
        tags,
        summary: 'One answer with the items of the version it answered',
        description: access,
        querystring: z.object({
          rid: z.string().trim().min(1).max(64),
          client: z.string().max(32).optional(),
        }),
        response: { 200: envelopeSchema(surveyResponseDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await surveys.response(getPrincipal(request), request.query.rid)),
  );

  app.get(
    '/api/form/survey/export',
    {
      onRequest: [requirePermission('form.result', 'export')],
      schema: {
        tags,
        summary: "A form's answers as .xlsx, one column per item",
        description:
          `Items of every version (the newest version's order first); files as their addresses; at most ` +
          `${surveyReadLimit} answers, newest first. Headers in the request's language. ${access}`,
        querystring: surveyExportQuerySchema,
        response: { 200: xlsxResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await surveys.exportSheet(getPrincipal(request), request.query, languageOf(request));
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(file.rows))
        .send(file.content);
    },
  );

  app.get(
    '/api/form/survey/statistic',
    {
      onRequest: [requirePermission('form.statistic', 'query')],
      schema: {
        tags,
        summary:
          'Per item: choice counts and shares, rating averages and NPS, text answers; completion and drop-off',
        description:
          'Items of `version` (default: the live version). Views, starts and drop-off come from the public ' +
          `page's sessions (one per visitor and version); completion = answers / starts. ${access}`,
        querystring: surveyStatisticQuerySchema,
        response: { 200: envelopeSchema(surveyStatisticSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await surveys.statistic(getPrincipal(request), request.query)),
  );
};
