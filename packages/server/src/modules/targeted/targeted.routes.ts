import {
  envelopeSchema,
  pageSchema,
  targetedCreateBodySchema,
  targetedMatchQuerySchema,
  targetedMatchResultSchema,
  targetedQuerySchema,
  targetedSchema,
  targetedUpdateBodySchema,
  tgidBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { createTargetedService } from './targeted.service.js';

const tags = ['targeted'];
/** The console's page is the `kefu.targeted` menu item: its permission guards every call. */
const permissionId = 'kefu.targeted';
const targetedEnvelope = envelopeSchema(targetedSchema);
const ruleDescription =
  'matchType contains / prefix / regex (a JavaScript regular expression; a repeated group that itself ' +
  'repeats is refused) against the page address; minSeconds on the page and minVisits (the visitor’s ' +
  'visit count) must both be reached; wid is the skill group the invitation opens a chat with.';

/** Issue 5 "Proactive invitations": rules that invite a visitor on a matching page to chat. */
export const targetedRoutes: FastifyPluginAsyncZod = async (app) => {
  const rules = createTargetedService({ db: app.services.db });

  app.get(
    '/api/targeted/query',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's invitation rules with their counts, newest first",
        description: '`name` (contains) and `enabled` narrow it.',
        querystring: targetedQuerySchema,
        response: { 200: envelopeSchema(pageSchema(targetedSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await rules.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/targeted/get',
    {
      onRequest: [requirePermission(permissionId, 'get')],
      schema: {
        tags,
        summary: 'One invitation rule',
        querystring: z.object({
          tgid: z.string().trim().min(1).max(64),
          client: z.string().max(32).optional(),
        }),
        response: { 200: targetedEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await rules.get(getPrincipal(request), request.query.tgid)),
  );

  app.post(
    '/api/targeted/create',
    {
      onRequest: [requirePermission(permissionId, 'add')],
      schema: {
        tags,
        summary: 'Create an invitation rule',
        description: `${ruleDescription} Unknown or another organisation's wid → 404.`,
        body: targetedCreateBodySchema,
        response: { 200: targetedEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await rules.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/targeted/update',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Replace an invitation rule (its counts stay)',
        description: ruleDescription,
        body: targetedUpdateBodySchema,
        response: { 200: targetedEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await rules.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/targeted/delete',
    {
      onRequest: [requirePermission(permissionId, 'delete')],
      schema: {
        tags,
        summary: 'Delete an invitation rule',
        body: tgidBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await rules.remove(getPrincipal(request), request.body.tgid);
      return ok(request, null);
    },
  );

  app.get(
    '/visitor/api/targeted/match',
    {
      onRequest: [requireVisitor],
      schema: {
        tags: ['visitor'],
        summary: 'The invitation for this page, if a rule matches (showing it counts)',
        description:
          'The embed loader reports the page address, the seconds spent on it and the visit count. The ' +
          'oldest enabled rule that holds wins. With none, `retryAtSeconds` says when a rule could hold. ' +
          'Open to other origins (the loader runs on customers’ pages).',
        querystring: targetedMatchQuerySchema,
        response: { 200: envelopeSchema(targetedMatchResultSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await rules.match(getVisitorPrincipal(request), request.query)),
  );

  for (const action of ['accept', 'decline'] as const)
    app.post(
      `/visitor/api/targeted/${action}`,
      {
        onRequest: [requireVisitor],
        schema: {
          tags: ['visitor'],
          summary: `The visitor ${action === 'accept' ? 'accepted' : 'declined'} an invitation (counted)`,
          body: tgidBodySchema,
          response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        await rules.respond(getVisitorPrincipal(request), request.body.tgid, action === 'accept');
        return ok(request, null);
      },
    );
};
