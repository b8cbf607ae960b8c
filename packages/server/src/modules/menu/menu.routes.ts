import {
  envelopeSchema,
  menuCreateBodySchema,
  menuDeleteSchema,
  menuFilterQuerySchema,
  menuItemSchema,
  menuListQuerySchema,
  menuNodeSchema,
  menuQuerySchema,
  menuUpdateBodySchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requireAuth, requirePlatformStaff } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['menu'];
const menuPageSchema = envelopeSchema(pageSchema(menuItemSchema));
const deleteParamsSchema = menuDeleteSchema.partial();

/** Spec §7 "Menu". Reading the tree is for every signed-in user; managing it is for platform staff. */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const menus = app.services.menu;

  app.get(
    '/api/v1/menu/list',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'The menu tree the signed-in user may see',
        querystring: menuListQuerySchema,
        response: { 200: envelopeSchema(z.array(menuNodeSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(request, await menus.listVisibleTree(getPrincipal(request), request.query.platform)),
  );

  app.get(
    '/api/v1/menu/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'A flat page of menu items',
        querystring: menuQuerySchema,
        response: { 200: menuPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await menus.page(request.query)),
  );

  app.get(
    '/api/v1/menu/filter',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Menu items whose name, title, English title or path contains `content`',
        querystring: menuFilterQuerySchema,
        response: { 200: menuPageSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await menus.page(request.query)),
  );

  app.post(
    '/api/v1/menu/create',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Create a menu item',
        body: menuCreateBodySchema,
        response: { 200: envelopeSchema(menuItemSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await menus.create(request.body)),
  );

  app.put(
    '/api/v1/menu/update',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Update a menu item',
        body: menuUpdateBodySchema,
        response: { 200: envelopeSchema(menuItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await menus.update(request.body)),
  );

  app.delete(
    '/api/v1/menu/delete',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Delete a menu item without children (mid in the query or the body)',
        querystring: deleteParamsSchema,
        body: deleteParamsSchema.nullish(),
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const mid = request.query.mid ?? request.body?.mid;
      if (!mid) throw AppError.validation([{ field: 'mid', message: 'Required' }]);
      await menus.remove(mid);
      return ok(request, null);
    },
  );
};
