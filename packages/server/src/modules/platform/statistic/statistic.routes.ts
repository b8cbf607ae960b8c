import { envelopeSchema, platformStatisticQuerySchema, platformStatisticSchema } from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../../http/reply.js';

/** Platform → statistic: the platform's figures per day over a chosen range. */
export const platformStatisticRoutes: FastifyPluginAsyncZod = async (app) => {
  const { statistics } = app.services.platform;

  app.get(
    '/api/platform/statistic',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: ['platform'],
        summary:
          'Organisations, active agents, conversations, messages and revenue per UTC day, and per plan',
        description:
          '`from` and `to` are UTC dates (inclusive, at most 366 days). Revenue is the money received for paid ' +
          'recharge orders (`pay_cents`), in cents. Organisations per plan are counted at the end of the range.',
        querystring: platformStatisticQuerySchema,
        response: { 200: envelopeSchema(platformStatisticSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await statistics.compute(request.query, languageOf(request))),
  );
};
