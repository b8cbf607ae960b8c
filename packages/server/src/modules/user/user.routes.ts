import { envelopeSchema, profileSchema } from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;

  app.get(
    '/api/user/profile',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['user'],
        summary: 'The signed-in user with roles, permissions and organisation (spec §3)',
        response: { 200: envelopeSchema(profileSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await users.getProfile(getPrincipal(request))),
  );
};
