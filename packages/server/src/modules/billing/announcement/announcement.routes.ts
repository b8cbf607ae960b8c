import {
  announcementIdBodySchema,
  announcementSaveBodySchema,
  announcementSchema,
  envelopeSchema,
  pageQuerySchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['marketing'];
const listEnvelope = envelopeSchema(z.array(announcementSchema));

/** Issue 20: the platform's announcements, managed by staff and shown in consoles and on the sign-in page. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { announcements } = app.services;

  app.get(
    '/api/platform/marketing/announcement/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: a page of announcements, latest start first',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(announcementSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await announcements.page(request.query)),
  );

  app.post(
    '/api/platform/marketing/announcement/save',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: create (no `anid`) or change an announcement; its HTML is sanitised',
        body: announcementSaveBodySchema,
        response: { 200: envelopeSchema(announcementSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await announcements.save(request.body)),
  );

  app.post(
    '/api/platform/marketing/announcement/delete',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: delete an announcement',
        body: announcementIdBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await announcements.remove(request.body.anid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/announcement/active',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "The announcements running now, for the console's banner",
        response: { 200: listEnvelope, ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await announcements.active()),
  );

  app.get(
    '/announcement/login',
    {
      schema: {
        tags,
        summary: 'The running announcements marked for the sign-in page (no sign-in needed)',
        response: { 200: listEnvelope },
      },
    },
    async (request) => ok(request, await announcements.onLoginPage()),
  );
};
