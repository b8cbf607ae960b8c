import {
  authorityDetailSchema,
  envelopeSchema,
  roleDetailSchema,
  roleUpdateBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlatformStaff } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const clientQuery = z.object({ client: z.string().max(32).optional() });

/** Platform → roles and authorities: platform-wide definitions, so platform staff only. */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const roles = app.services.roles;

  app.get(
    '/api/v1/role/all',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: ['role'],
        summary: 'Every role with its authorities, permissions and number of (live) accounts holding it',
        querystring: clientQuery,
        response: { 200: envelopeSchema(z.array(roleDetailSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await roles.listAll()),
  );

  app.post(
    '/api/v1/role/update',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: ['role'],
        summary: 'Change a role; authorities and permissions, when given, replace the current sets',
        body: roleUpdateBodySchema,
        response: { 200: envelopeSchema(roleDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await roles.update(request.body)),
  );

  app.get(
    '/api/v1/authority/all',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: ['role'],
        summary: 'Every authority key with the menu sections it opens and the roles holding it',
        querystring: clientQuery,
        response: { 200: envelopeSchema(z.array(authorityDetailSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await roles.listAuthorities()),
  );
};
