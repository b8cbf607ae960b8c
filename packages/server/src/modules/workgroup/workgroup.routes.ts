import {
  envelopeSchema,
  pageQuerySchema,
  pageSchema,
  workgroupCreateBodySchema,
  workgroupDeleteQuerySchema,
  workgroupFilterQuerySchema,
  workgroupOfOrganizationSchema,
  workgroupSchema,
  workgroupToggleCollectMobileBodySchema,
  workgroupToggleRobotBodySchema,
  workgroupUpdateBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requirePermission, requirePlatformStaff } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';

const tags = ['workgroup'];
/** Skill groups are the `kefu.group` menu item: its permission guards every call. */
const permissionId = 'kefu.group';
const workgroupEnvelope = envelopeSchema(workgroupSchema);
const workgroupPageEnvelope = envelopeSchema(pageSchema(workgroupSchema));
const pageQuery = pageQuerySchema.extend({ client: z.string().max(32).optional() });
const deleteParamsSchema = workgroupDeleteQuerySchema.partial();

/** Spec §7 "Workgroup": an organisation's skill groups, scoped to the caller's organisation. */
export const workgroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const workgroups = app.services.workgroups;

  app.get(
    '/api/workgroup/query',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's skill groups, newest first",
        querystring: pageQuery,
        response: { 200: workgroupPageEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await workgroups.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/workgroup/query/force',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Platform staff only: every organisation's skill groups, newest first, for support",
        description:
          "Cross-tenant on purpose: lets platform staff (ROLE_SUPER) find a customer's skill group when " +
          'helping them. Each group carries the organisation that owns it. Tenant accounts get 403.',
        querystring: pageQuery,
        response: {
          200: envelopeSchema(pageSchema(workgroupOfOrganizationSchema)),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(request, await workgroups.pageAllOrganizations(request.query)),
  );

  app.get(
    '/api/workgroup/all',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: 'Every skill group of the organisation (for pickers), newest first',
        querystring: z.object({ client: z.string().max(32).optional() }),
        response: { 200: envelopeSchema(z.array(workgroupSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await workgroups.listAll(getPrincipal(request))),
  );

  app.get(
    '/api/workgroup/filter',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: 'Skill groups whose nickname contains `nickname` (case-insensitive); `silent` is ignored',
        querystring: workgroupFilterQuerySchema,
        response: { 200: workgroupPageEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await workgroups.page(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/workgroup/create',
    {
      onRequest: [requirePermission(permissionId, 'add')],
      schema: {
        tags,
        summary: 'Create a skill group with its members',
        description:
          "A tip left empty takes the platform's default (platform → greetings) in the request's language.",
        body: workgroupCreateBodySchema,
        response: { 200: workgroupEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) =>
      ok(request, await workgroups.create(getPrincipal(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/workgroup/update',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Change the given fields of a skill group; `users` replaces the member set',
        body: workgroupUpdateBodySchema,
        response: { 200: workgroupEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await workgroups.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/workgroup/toggle/robot',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Turn the robot reception on or off (needs a robot chosen first)',
        body: workgroupToggleRobotBodySchema,
        response: { 200: workgroupEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await workgroups.toggleRobot(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/workgroup/toggle/robot/collectMobile',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: "Turn the robot's mobile-number collection on or off",
        body: workgroupToggleCollectMobileBodySchema,
        response: { 200: workgroupEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await workgroups.toggleCollectMobile(getPrincipal(request), request.body)),
  );

  app.delete(
    '/api/workgroup/delete',
    {
      onRequest: [requirePermission(permissionId, 'delete')],
      schema: {
        tags,
        summary:
          'Delete a skill group (wid in the query or the body); refused while it has open conversations',
        querystring: deleteParamsSchema,
        body: deleteParamsSchema.nullish(),
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const wid = request.query.wid ?? request.body?.wid;
      if (!wid) throw AppError.validation([{ field: 'wid', message: 'Required' }]);
      await workgroups.remove(getPrincipal(request), wid);
      return ok(request, null);
    },
  );
};
