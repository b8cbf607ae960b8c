import {
  categoryAllQuerySchema,
  categoryCidQuerySchema,
  categoryCreateBodySchema,
  categoryQuerySchema,
  categorySchema,
  categoryUpdateBodySchema,
  envelopeSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { createCuwAccess, cuwPermissionId } from '../cuw/cuw.access.js';
import { createCategoryService } from './category.service.js';

const tags = ['category'];
const client = { client: z.string().max(32).optional() };
const ownership =
  "Ownership follows the type: cuw_mine — the caller's own; cuw_company — the organisation's (changes need " +
  'the action on kefu.cuw); cuw_platform — read by all, changed by platform staff only (403).';

/** Issue 5: generic categories; the quick-reply types (cuw_mine, cuw_company, cuw_platform) are served. */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const categories = createCategoryService({
    db: app.services.db,
    access: createCuwAccess(app.services.auth),
  });
  // Reading quick replies is what every category call needs; the service checks the rest per type.
  const guard = [requirePermission(cuwPermissionId, 'query')];

  app.get(
    '/api/category/query',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'A page of categories of one type, by name',
        description: ownership,
        querystring: categoryQuerySchema.extend(client),
        response: { 200: envelopeSchema(pageSchema(categorySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await categories.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/category/all',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Every category of one type, by name (pickers)',
        querystring: categoryAllQuerySchema.extend(client),
        response: { 200: envelopeSchema(z.array(categorySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await categories.all(getPrincipal(request), request.query.type)),
  );

  app.post(
    '/api/category/create',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Create a category; names are unique per type and owner (409)',
        description: ownership,
        body: categoryCreateBodySchema,
        response: { 200: envelopeSchema(categorySchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await categories.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/category/update',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Rename a category',
        description: ownership,
        body: categoryUpdateBodySchema,
        response: { 200: envelopeSchema(categorySchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await categories.update(getPrincipal(request), request.body)),
  );

  app.delete(
    '/api/category/delete',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Delete a category; its quick replies stay, uncategorised',
        description: ownership,
        querystring: categoryCidQuerySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await categories.remove(getPrincipal(request), request.query.cid);
      return ok(request, null);
    },
  );
};
