import {
  envelopeSchema,
  pageSchema,
  tabooCreateBodySchema,
  tabooHitQuerySchema,
  tabooHitSchema,
  tabooQuerySchema,
  tabooSchema,
  tabooSettingsSchema,
  tabooUpdateBodySchema,
  tbidBodySchema,
  type RoleValue,
} from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission, requirePlatformStaff } from '../../http/guards.js';
import { AppError } from '../../http/errors.js';
import { errorResponses, ok } from '../../http/reply.js';
import { registerTabooExcelRoutes } from './taboo.excel.routes.js';
import type { TabooScope } from './taboo.repository.js';

const tags = ['taboo'];
/** The console's sensitive-word page is the `kefu.taboo` menu item: its permission guards every call. */
export const tabooPermissionId = 'kefu.taboo';
const tabooEnvelope = envelopeSchema(tabooSchema);

/** Roles that run an organisation (or part of it): they choose how sensitive words are handled. */
const adminRoles: readonly RoleValue[] = [
  'ROLE_SUPER',
  'ROLE_ADMIN',
  'ROLE_VIP',
  'ROLE_TRY',
  'ROLE_PROXY',
  'ROLE_FREE',
  'ROLE_WORKGROUP_ADMIN',
];

/**
 * Issue 5 "Sensitive words": the organisation's list (kefu → taboo), the platform's list every
 * organisation inherits (platform → taboo, platform staff only), the mask/block mode and the hits.
 */
export const tabooRoutes: FastifyPluginAsyncZod = async (app) => {
  const { taboos } = app.services;

  /** The same CRUD for an organisation's words and the platform's; `scopeOf` picks whose. */
  const registerCrud = (
    prefix: string,
    guard: (action: 'query' | 'add' | 'edit' | 'delete' | 'export') => ReturnType<typeof requirePermission>,
    scopeOf: (request: FastifyRequest) => TabooScope,
    whose: string,
  ) => {
    app.get(
      `${prefix}/query`,
      {
        onRequest: [guard('query')],
        schema: {
          tags,
          summary: `A page of ${whose} sensitive words`,
          description:
            '`keyword` matches the word or a synonym (case-insensitive). The organisation list also shows the ' +
            "platform's words (`platform: true`, read-only) after its own unless `withPlatform=false`.",
          querystring: tabooQuerySchema,
          response: { 200: envelopeSchema(pageSchema(tabooSchema)), ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => ok(request, await taboos.page(scopeOf(request), request.query)),
    );

    app.post(
      `${prefix}/create`,
      {
        onRequest: [guard('add')],
        schema: {
          tags,
          summary: `Add a word to ${whose} list`,
          description:
            'Synonyms are trimmed; repeats and the word itself are dropped. The same word twice (case-insensitive) → 409.',
          body: tabooCreateBodySchema,
          response: { 200: tabooEnvelope, ...errorResponses(400, 401, 403, 409) },
        },
      },
      async (request) =>
        ok(request, await taboos.create(scopeOf(request), getPrincipal(request).userId, request.body)),
    );

    app.post(
      `${prefix}/update`,
      {
        onRequest: [guard('edit')],
        schema: {
          tags,
          summary: `Change a word of ${whose} list and its synonyms`,
          body: tabooUpdateBodySchema,
          response: { 200: tabooEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => ok(request, await taboos.update(scopeOf(request), request.body)),
    );

    app.post(
      `${prefix}/delete`,
      {
        onRequest: [guard('delete')],
        schema: {
          tags,
          summary: `Delete a word of ${whose} list (its recorded hits stay)`,
          body: tbidBodySchema,
          response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await taboos.remove(scopeOf(request), request.body.tbid);
        return ok(request, null);
      },
    );

    registerTabooExcelRoutes(app, { prefix, guard, scopeOf, whose });
  };

  registerCrud(
    '/api/taboo',
    (action) => requirePermission(tabooPermissionId, action),
    (request) => getPrincipal(request).orgId,
    "the organisation's",
  );
  registerCrud(
    '/api/taboo/platform',
    () => requirePlatformStaff,
    () => null,
    "the platform's",
  );

  app.get(
    '/api/taboo/mode',
    {
      onRequest: [requirePermission(tabooPermissionId, 'query')],
      schema: {
        tags,
        summary: 'How the organisation handles sensitive words: mask (default) or block',
        response: { 200: envelopeSchema(tabooSettingsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, { mode: await taboos.getMode(getPrincipal(request).orgId) }),
  );

  app.post(
    '/api/taboo/mode',
    {
      onRequest: [requirePermission(tabooPermissionId, 'edit')],
      schema: {
        tags,
        summary: 'Choose mask (each character of a hit becomes *) or block (the message is refused)',
        description: 'Administrators only (403 for agents). Applies to visitors and agents alike.',
        body: tabooSettingsSchema,
        response: { 200: envelopeSchema(tabooSettingsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      if (!principal.roles.some((role) => adminRoles.includes(role)))
        throw AppError.forbidden('taboo.modeAdminOnly');
      return ok(request, { mode: await taboos.setMode(principal, request.body.mode) });
    },
  );

  app.get(
    '/api/taboo/hits',
    {
      onRequest: [requirePermission(tabooPermissionId, 'query')],
      schema: {
        tags,
        summary: 'Sensitive words caught in messages, newest first: who, in which conversation, which word',
        description: '`tid`, `senderKind`, `action` and `from`/`to` (epoch ms) narrow it.',
        querystring: tabooHitQuerySchema,
        response: { 200: envelopeSchema(pageSchema(tabooHitSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await taboos.hits(getPrincipal(request), request.query)),
  );
};
