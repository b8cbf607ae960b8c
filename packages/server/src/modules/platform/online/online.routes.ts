import {
  envelopeSchema,
  onlineAgentSchema,
  onlineOrgQuerySchema,
  onlineSignOutBodySchema,
  onlineSummaryQuerySchema,
  onlineSummarySchema,
  onlineVisitorSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['platform'];

/**
 * Platform → online users: organisations with agents or visitors online now, each one's agents
 * and visitors, and signing a user out everywhere. (`/api/user/all/online/sub` stays the
 * organisation-scoped list of online agents; these calls add connections and visitors.)
 */
export const platformOnlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const { online } = app.services.platform;

  app.get(
    '/api/platform/online/summary',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Totals and a page of organisations with someone online, busiest first',
        description:
          '`agentsOnline`: agents in an online status; `agentsConnected` / `visitorsConnected`: distinct users with ' +
          'a socket open now on any node. `keyword` matches the organisation name or subDomain.',
        querystring: onlineSummaryQuerySchema,
        response: { 200: envelopeSchema(onlineSummarySchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await online.summary(request.query)),
  );

  app.get(
    '/api/platform/online/agents',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "A page of an organisation's agents online by status or connected now",
        querystring: onlineOrgQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(onlineAgentSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await online.agents(request.query)),
  );

  app.get(
    '/api/platform/online/visitors',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "A page of an organisation's visitors with a chat socket open now, newest first",
        querystring: onlineOrgQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(onlineVisitorSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await online.visitors(request.query)),
  );

  app.post(
    '/api/platform/online/signout',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Sign a user out everywhere',
        description:
          'Revokes every token of the user, sets them offline and ends their sockets on every node; they sign in ' +
          'again to come back. Your own account → 409.',
        body: onlineSignOutBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await online.signOut(getPrincipal(request), request.body.uid);
      return ok(request, null);
    },
  );
};
