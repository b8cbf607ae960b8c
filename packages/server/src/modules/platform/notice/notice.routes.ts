import {
  envelopeSchema,
  nidBodySchema,
  noticeQuerySchema,
  noticeSchema,
  noticeUnreadSchema,
  pageSchema,
  platformNoticeCreateBodySchema,
  platformNoticeQuerySchema,
  platformNoticeSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuth, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['platform'];
const noticeEnvelope = envelopeSchema(platformNoticeSchema);
const unreadEnvelope = envelopeSchema(noticeUnreadSchema);

/**
 * Platform → push (staff: send, list with read counts, withdraw) and the notification centre every
 * signed-in console user reads (`/api/notice/*`: their own organisation's notices only).
 */
export const platformNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { notices } = app.services.platform;

  app.post(
    '/api/platform/notice/create',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Send a notice to every organisation (`all`) or the named ones (`orgs`, by subDomain)',
        description:
          'The content is sanitised HTML. Console users of the audience see it in their bell at once (real-time ' +
          '`notice:new`); with `sendEmail` each organisation’s administrators are emailed by a background job.',
        body: platformNoticeCreateBodySchema,
        response: { 200: noticeEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await notices.create(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/platform/notice/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'A page of sent notices, newest first, with readers and recipients',
        description: '`keyword` matches the title; `state` is active or withdrawn.',
        querystring: platformNoticeQuerySchema,
        response: { 200: envelopeSchema(pageSchema(platformNoticeSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await notices.page(request.query)),
  );

  app.post(
    '/api/platform/notice/withdraw',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Withdraw a notice: it leaves every bell, and mails not sent yet are not sent',
        body: nidBodySchema,
        response: { 200: noticeEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await notices.withdraw(request.body.nid)),
  );

  app.get(
    '/api/notice/query',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['notice'],
        summary: "A page of the signed-in user's platform notices, newest first",
        querystring: noticeQuerySchema,
        response: { 200: envelopeSchema(pageSchema(noticeSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await notices.inbox(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/notice/unread',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['notice'],
        summary: 'How many platform notices the signed-in user has not read',
        response: { 200: unreadEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await notices.unread(getPrincipal(request))),
  );

  app.post(
    '/api/notice/read',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['notice'],
        summary: 'Mark one notice read; answers the unread count',
        body: nidBodySchema,
        response: { 200: unreadEnvelope, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await notices.markRead(getPrincipal(request), request.body.nid)),
  );

  app.post(
    '/api/notice/read/all',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['notice'],
        summary: 'Mark every notice read; answers the unread count (0)',
        response: { 200: unreadEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await notices.markAllRead(getPrincipal(request))),
  );
};
