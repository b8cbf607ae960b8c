import {
  clientParamSchema,
  envelopeSchema,
  pageQuerySchema,
  pageSchema,
  passwordUpdateBodySchema,
  profileSchema,
  profileUpdateBodySchema,
  userBriefSchema,
  userSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['user'];

/** The signed-in user's own account (spec §7 "User"): profile, sign-in record, password, colleagues. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;

  app.get(
    '/api/user/profile',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'The signed-in user with roles, permissions and organisation (spec §3)',
        response: { 200: envelopeSchema(profileSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await users.getProfile(getPrincipal(request))),
  );

  app.get(
    '/api/user/login/success',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Record a completed sign-in',
        description:
          'Called by the console after signing in: stores the time and the client (default web) as the ' +
          "account's last sign-in and returns the signed-in user's account.",
        querystring: clientParamSchema,
        response: { 200: envelopeSchema(userSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(request, await users.recordLoginSuccess(getPrincipal(request), request.query.client)),
  );

  app.get(
    '/api/user/me',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "The signed-in user's own account",
        description:
          'A plain read of the fields the profile leaves out (real name, tips, last sign-in) for the ' +
          'account settings pages; unlike login/success it records nothing.',
        querystring: clientParamSchema,
        response: { 200: envelopeSchema(userSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await users.getOwnUser(getPrincipal(request))),
  );

  app.post(
    '/api/user/update/profile',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "Update the signed-in user's own profile",
        description:
          'Nickname, real name, avatar, description, welcome and offline tips and the auto-reply preset. ' +
          'Omitted fields stay as they are. Returns the updated account.',
        body: profileUpdateBodySchema,
        response: { 200: envelopeSchema(userSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await users.updateProfile(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/user/update/password',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Change your password, or reset an agent’s',
        description:
          'Without `uid` (or with your own): `oldPassword` must match the current password (400 naming ' +
          'oldPassword otherwise); your other sessions are signed out. With another `uid`: an admin of the ' +
          'organisation (kefu.account edit) resets one of its agents without the old password, platform ' +
          'staff any account; the account is signed out everywhere. Another organisation’s uid is a 404.',
        body: passwordUpdateBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await users.updatePassword(getPrincipal(request), request.body);
      return ok(request, null);
    },
  );

  app.get(
    '/api/user/contacts',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'A page of colleagues',
        description:
          "The signed-in user's organisation's people (agents and admins, no robots) other than the caller, newest first.",
        querystring: pageQuerySchema.extend(clientParamSchema.shape),
        response: { 200: envelopeSchema(pageSchema(userBriefSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await users.pageContacts(getPrincipal(request), request.query)),
  );
};
