import {
  envelopeSchema,
  helpCenterSettingsBodySchema,
  helpCenterSettingsResponseSchema,
  kbStatisticQuerySchema,
  kbStatisticSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['kb'];

/** Issue 13: the help centre's settings (kb → settings) and the knowledge-base statistics (kb → statistic). */
export const kbRoutes: FastifyPluginAsyncZod = async (app) => {
  const { kb, config } = app.services;
  const guard = [requireAuthority('support')];
  // Absolute addresses as the chat link builds them: PUBLIC_URL, else where the request came.
  const baseUrlOf = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  app.get(
    '/api/kb/settings',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "The help centre's settings, slug and public address",
        description:
          "Needs query on kb.settings. Until saved, the defaults: the organisation's name, no logo, #0958D9, " +
          "both languages (the owner's first), published. `url` is PUBLIC_URL (else this server's address) + /help/<slug>/.",
        response: { 200: envelopeSchema(helpCenterSettingsResponseSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await kb.getSettings(getPrincipal(request), baseUrlOf(request))),
  );

  app.post(
    '/api/kb/settings/update',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "Save the help centre's settings",
        description:
          "Needs edit on kb.settings. `footerHtml` is sanitised (the articles' allow-list); `logo` is an " +
          "http(s) address or a path on this site; `homeCategories` must be the organisation's help-centre " +
          '(support) categories (400 naming the field).',
        body: helpCenterSettingsBodySchema,
        response: { 200: envelopeSchema(helpCenterSettingsResponseSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await kb.updateSettings(getPrincipal(request), request.body, baseUrlOf(request))),
  );

  app.get(
    '/api/kb/statistic',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Views, votes and searches of one article type over a period (days in UTC)',
        description:
          'Admin account only, with query on kb.statistic. Default period: the last 30 days; at most 366. ' +
          '`byDay` lists every day of the period, zeros included; `topArticles` by views, `topSearches` by ' +
          'count, `emptySearches`: the most frequent searches that found nothing (10 each).',
        querystring: kbStatisticQuerySchema,
        response: { 200: envelopeSchema(kbStatisticSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await kb.statistic(getPrincipal(request), request.query)),
  );
};
