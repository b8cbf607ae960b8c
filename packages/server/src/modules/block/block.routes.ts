import {
  bidBodySchema,
  blockCreateBodySchema,
  blockQuerySchema,
  blockSchema,
  blockStatusSchema,
  blockVisitorQuerySchema,
  envelopeSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['block'];
/** The console's blacklist page is the `kefu.block` menu item: its permission guards every call. */
const permissionId = 'kefu.block';
const blockEnvelope = envelopeSchema(blockSchema);

/**
 * Issue 5 "Blacklist": agents block a visitor from the workbench, admins block addresses and
 * lift blocks. A blocked visitor's thread request answers -3 and its messages are refused.
 */
export const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  const { blocks } = app.services;

  app.get(
    '/api/block/query',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's blocks, newest first",
        description:
          '`type` (visitor, ip), `active` (in force now or not) and `keyword` (address, visitor nickname or ' +
          'vid, note) narrow it.',
        querystring: blockQuerySchema,
        response: { 200: envelopeSchema(pageSchema(blockSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await blocks.page(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/block/create',
    {
      onRequest: [requirePermission(permissionId, 'add')],
      schema: {
        tags,
        summary: 'Block a visitor (vid) or an IP address until endAt (null: until unblocked)',
        description:
          'The signed-in user is the operator. An unknown or other organisation’s vid → 404; a target ' +
          'already blocked → 409; endAt in the past → 400. Takes effect at once: the visitor’s next ' +
          'thread request answers -3 and its messages are refused.',
        body: blockCreateBodySchema,
        response: { 200: blockEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await blocks.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/block/unblock',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Lift a block (lifting an ended one changes nothing)',
        body: bidBodySchema,
        response: { 200: blockEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await blocks.unblock(getPrincipal(request), request.body.bid)),
  );

  app.get(
    '/api/block/visitor',
    {
      onRequest: [requirePermission(permissionId, 'get')],
      schema: {
        tags,
        summary: 'Whether a visitor is blocked now (by its id or its last address), for the workbench',
        querystring: blockVisitorQuerySchema,
        response: { 200: envelopeSchema(blockStatusSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await blocks.statusOfVisitor(getPrincipal(request), request.query.vid)),
  );
};
