import {
  envelopeSchema,
  pageQuerySchema,
  pageSchema,
  promotionIdBodySchema,
  promotionSaveBodySchema,
  promotionSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['marketing'];

/** Issue 20: platform staff manage promotion codes (organisations check them with /api/billing/promotion/check). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { promotions } = app.services;

  app.get(
    '/api/platform/marketing/promotion/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: a page of promotion codes, newest first, with their uses',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(promotionSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await promotions.page(request.query)),
  );

  app.post(
    '/api/platform/marketing/promotion/save',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: create (no `prid`) or change a promotion code',
        description:
          'Codes are stored upper-case and unique (409 naming `code`). `percent` takes 1–100 % off, `amount` that ' +
          'many cents; never the whole amount. One use per organisation; `usageLimit` caps all uses.',
        body: promotionSaveBodySchema,
        response: { 200: envelopeSchema(promotionSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await promotions.save(request.body)),
  );

  app.post(
    '/api/platform/marketing/promotion/delete',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: delete a promotion code (orders that used it keep their discount)',
        body: promotionIdBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await promotions.remove(request.body.prid);
      return ok(request, null);
    },
  );
};
