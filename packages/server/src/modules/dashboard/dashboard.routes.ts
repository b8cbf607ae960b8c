import {
  dashboardGuideSchema,
  dashboardMonitorSchema,
  dashboardTzQuerySchema,
  dashboardWorkplaceSchema,
  envelopeSchema,
  monitorNamespace,
  monitorPushMs,
  monitorSnapshotEvent,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { attachMonitorFeed, type MonitorFeed } from './dashboard.feed.js';
import { createDashboardService } from './dashboard.service.js';

const tags = ['dashboard'];

/**
 * Issue 17: the dashboard's own figures (workplace, wallboard, setup checklist); the analysis page
 * reads `/api/statistic/online`. Everything is the caller's organisation's.
 */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  const dashboard = createDashboardService({ db: services.db, presence: services.presence });

  let feed: MonitorFeed | null = null;
  services.hub.onAttach((io) => {
    feed = attachMonitorFeed(io, {
      authenticate: (token) => services.auth.authenticate(`Bearer ${token}`),
      snapshot: dashboard.monitor,
      log: app.log,
    });
  });
  app.addHook('preClose', async () => feed?.close());

  app.get(
    '/api/dashboard/guide',
    {
      onRequest: [requireAuthority('home')],
      schema: {
        tags,
        summary: 'The setup checklist, each step ticked from what the organisation has done',
        description:
          'Steps: a skill group, an agent besides the owner, an agent online, the embed code loaded on a site ' +
          '(a visitor arrived from a page outside the chat and the console), a first conversation, an enabled ' +
          'robot FAQ, a live help-centre article, a quick reply. Needs authority `home`.',
        response: { 200: envelopeSchema(dashboardGuideSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await dashboard.guide(getPrincipal(request))),
  );

  app.get(
    '/api/dashboard/workplace',
    {
      onRequest: [requireAuthority('home')],
      schema: {
        tags,
        summary: "The signed-in user's figures today (and yesterday's), and the team's live status",
        description:
          'My conversations accepted and closed, first-response average, rating average and count today in `tz` ' +
          '(and for the whole of yesterday), my open conversations now, my open tickets (null without authority ' +
          '`workorder`); the team: enabled agents online / busy / away (with a workbench open) / offline, and the ' +
          'conversations waiting. Needs authority `home`.',
        querystring: dashboardTzQuerySchema,
        response: { 200: envelopeSchema(dashboardWorkplaceSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await dashboard.workplace(getPrincipal(request), request.query.tz, languageOf(request))),
  );

  app.get(
    '/api/dashboard/monitor',
    {
      onRequest: [requireAuthority('monitor')],
      schema: {
        tags,
        summary: "The wallboard's snapshot: queues, agents, live conversations and today's figures",
        description:
          `The same snapshot is pushed over Socket.IO namespace \`${monitorNamespace}\` (handshake auth ` +
          `\`{ token, tz }\`) as \`${monitorSnapshotEvent}\` on connect and every ${monitorPushMs / 1000} s. ` +
          '`today` is null without authority `statistic`. Needs authority `monitor`.',
        querystring: dashboardTzQuerySchema,
        response: { 200: envelopeSchema(dashboardMonitorSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await dashboard.monitor(getPrincipal(request), request.query.tz, languageOf(request))),
  );
};
