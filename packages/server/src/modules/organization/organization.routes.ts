import { embedSitesBodySchema, embedSitesSchema, envelopeSchema } from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuth, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['organization'];

/**
 * Organisation settings (issue 12). The embed-sites list is read by everyone who can open the
 * embed-code drawer; changing it needs `admin` (the channel section's authority), which only the
 * organisation's own admin roles and platform staff hold: not workgroup admins, not agents.
 */
export const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { embedSites } = app.services;

  app.get(
    '/api/org/embed-sites',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'The sites allowed to embed this organisation’s chat page (empty: any site)',
        response: { 200: envelopeSchema(embedSitesSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, { sites: await embedSites.get(getPrincipal(request).orgId) }),
  );

  app.post(
    '/api/org/embed-sites',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'Replace the sites allowed to embed the chat page',
        description:
          'Each site is an origin (`https://shop.example.com`, `http://localhost:3000`, `https://*.example.com`), ' +
          'no path. The chat page answers with `frame-ancestors` listing them; an empty list lets any site embed it. ' +
          'Organisation admins only (`admin` authority).',
        body: embedSitesBodySchema,
        response: { 200: envelopeSchema(embedSitesSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, { sites: await embedSites.set(getPrincipal(request).orgId, request.body.sites) }),
  );
};
