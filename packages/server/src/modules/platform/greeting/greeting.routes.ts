import {
  envelopeSchema,
  greetingTipsSchema,
  platformGreetingDefaultQuerySchema,
  platformGreetingSchema,
  platformGreetingUpdateBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuth, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../../http/reply.js';

const tags = ['platform'];

/**
 * Platform → greeting: the default skill-group tips per language. A new skill group starts with
 * them where its creator leaves a tip empty (modules/workgroup create); the organisation's group
 * form reads them for its "use the platform's defaults".
 */
export const platformGreetingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { greetings } = app.services.platform;

  app.get(
    '/api/platform/greeting',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "The platform's default skill-group tips, one entry per console language",
        response: { 200: envelopeSchema(z.array(platformGreetingSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await greetings.list()),
  );

  app.post(
    '/api/platform/greeting/update',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Save one language's default tips",
        description: 'Every tip field is saved; an omitted one is saved empty (no default for it).',
        body: platformGreetingUpdateBodySchema,
        response: { 200: envelopeSchema(platformGreetingSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        request,
        await greetings.save(getPrincipal(request).userId, request.body.language, request.body.tips),
      ),
  );

  app.get(
    '/api/platform/greeting/default',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "The platform's default tips of one language, for any signed-in console user",
        description: '`language` defaults to the request language. Tips without a default are empty.',
        querystring: platformGreetingDefaultQuerySchema,
        response: { 200: envelopeSchema(greetingTipsSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await greetings.defaults(request.query.language ?? languageOf(request))),
  );
};
