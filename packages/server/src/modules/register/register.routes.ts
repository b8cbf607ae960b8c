import {
  envelopeSchema,
  forgetPasswordBodySchema,
  registerBodySchema,
  registerResultSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, languageOf, ok } from '../../http/reply.js';

const tags = ['register'];

/** Public account calls: register (username, email or mobile) and forget-password. */
export const registerRoutes: FastifyPluginAsyncZod = async (app) => {
  const registration = app.services.registration;

  app.post(
    '/api/v1/register',
    {
      schema: {
        tags,
        summary: 'Register an organisation and its admin account',
        description:
          'The organisation starts with a default skill group ("Default group" / "默认技能组", after ' +
          'Accept-Language) whose member and admin is the new account, so the embed code has a target.',
        body: registerBodySchema,
        response: { 200: envelopeSchema(registerResultSchema), ...errorResponses(400, 409, 429) },
      },
    },
    async (request) =>
      ok(request, await registration.register(request.body, request.ip, languageOf(request))),
  );

  app.post(
    '/api/v1/password/forget',
    {
      schema: {
        tags,
        summary: 'Set a new password with a code sent for purpose=reset; signs the account out everywhere',
        body: forgetPasswordBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      await registration.resetPassword(request.body);
      return ok(request, null);
    },
  );
};
