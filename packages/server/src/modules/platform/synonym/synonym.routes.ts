import {
  envelopeSchema,
  pageSchema,
  platformSynonymCreateBodySchema,
  platformSynonymQuerySchema,
  platformSynonymSchema,
  platformSynonymUpdateBodySchema,
  psidBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['platform'];
const synonymEnvelope = envelopeSchema(platformSynonymSchema);

/** Platform → synonym: the library every organisation's robot reads under its own synonyms. */
export const platformSynonymRoutes: FastifyPluginAsyncZod = async (app) => {
  const { synonyms } = app.services.platform;

  app.get(
    '/api/platform/synonym/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "A page of the platform's synonyms, newest change first",
        description: '`keyword` matches the standard word or a synonym (case-insensitive).',
        querystring: platformSynonymQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(platformSynonymSchema)),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(request, await synonyms.page(request.query)),
  );

  app.post(
    '/api/platform/synonym/create',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Add a standard word with the words visitors use for it',
        description:
          "Every organisation's robot reads these synonyms as the standard word, unless the organisation has " +
          'its own entry for that standard word. The same standard word twice → 409.',
        body: platformSynonymCreateBodySchema,
        response: { 200: synonymEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await synonyms.save(request.body)),
  );

  app.post(
    '/api/platform/synonym/update',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Change a standard word and its synonyms',
        body: platformSynonymUpdateBodySchema,
        response: { 200: synonymEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await synonyms.save(request.body)),
  );

  app.post(
    '/api/platform/synonym/delete',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Delete an entry of the platform library',
        body: psidBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await synonyms.remove(request.body.psid);
      return ok(request, null);
    },
  );
};
