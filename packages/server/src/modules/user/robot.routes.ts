import {
  clientParamSchema,
  envelopeSchema,
  idBodySchema,
  pageQuerySchema,
  pageSchema,
  robotCreateBodySchema,
  robotUpdateBodySchema,
  userBriefSchema,
  userSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['user'];

/** Spec §7 "User" → robot accounts of the organisation, under the kefu.account permission. */
export const robotRoutes: FastifyPluginAsyncZod = async (app) => {
  const robots = app.services.robots;
  const agents = app.services.agents;

  app.get(
    '/api/user/robot',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's robots",
        description: 'Robot accounts only, newest first, with the skill groups each answers for.',
        querystring: pageQuerySchema.extend(clientParamSchema.shape),
        response: { 200: envelopeSchema(pageSchema(userSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await robots.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/user/robot/all',
    {
      onRequest: [requirePermission('kefu.account', 'query')],
      schema: {
        tags,
        summary: 'Every robot of the organisation, for pickers',
        description: 'All robots by nickname, without paging, in the short form.',
        querystring: clientParamSchema,
        response: { 200: envelopeSchema(z.array(userBriefSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await robots.listBriefs(getPrincipal(request))),
  );

  app.post(
    '/api/user/create/robot',
    {
      onRequest: [requirePermission('kefu.account', 'add')],
      schema: {
        tags,
        summary: 'Add a robot to the organisation',
        description:
          'A robot account (ROLE_ROBOT) that never signs in. `workGroups`: wids of the organisation’s ' +
          'skill groups it becomes the robot of (400 naming workGroups for any other).',
        body: robotCreateBodySchema,
        response: { 200: envelopeSchema(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await robots.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/update/robot',
    {
      onRequest: [requirePermission('kefu.account', 'edit')],
      schema: {
        tags,
        summary: 'Edit a robot of the organisation',
        description:
          'Omitted fields stay as they are; `workGroups` replaces the skill groups it answers for. ' +
          "An agent's uid or another organisation's is a 404.",
        body: robotUpdateBodySchema,
        response: { 200: envelopeSchema(userSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await robots.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/robot/delete',
    {
      onRequest: [requirePermission('kefu.account', 'delete')],
      schema: {
        tags,
        summary: 'Delete a robot (body `id` = uid)',
        description:
          'Soft delete: the robot leaves the lists and stops answering for its skill groups; history ' +
          "stays. Refused (409) while it has open conversations. An agent's uid is a 404.",
        body: idBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await agents.remove(getPrincipal(request), request.body.id, 'robot');
      return ok(request, null);
    },
  );
};
