import {
  accountBindingSchema,
  bindEmailBodySchema,
  bindMobileBodySchema,
  envelopeSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { createBindingService } from './binding.service.js';

const tags = ['user'];

/**
 * Account settings → binding: the signed-in user binds an email or mobile. The code comes from
 * `POST /email/code` or `GET /sms/api/send/{provider}` with purpose=register, which refuses (409)
 * an address another account already uses.
 */
export const bindingRoutes: FastifyPluginAsyncZod = async (app) => {
  const binding = createBindingService({ db: app.services.db, verification: app.services.verification });

  app.post(
    '/api/user/bind/email',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Bind an email address to the signed-in account with the code sent to it (purpose=register)',
        body: bindEmailBodySchema,
        response: { 200: envelopeSchema(accountBindingSchema), ...errorResponses(400, 401, 409) },
      },
    },
    async (request) =>
      ok(
        request,
        await binding.bind(getPrincipal(request), {
          channel: 'email',
          address: request.body.email,
          code: request.body.code,
        }),
      ),
  );

  app.post(
    '/api/user/bind/mobile',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Bind a mobile number to the signed-in account with the code sent to it (purpose=register)',
        body: bindMobileBodySchema,
        response: { 200: envelopeSchema(accountBindingSchema), ...errorResponses(400, 401, 409) },
      },
    },
    async (request) =>
      ok(
        request,
        await binding.bind(getPrincipal(request), {
          channel: 'mobile',
          address: request.body.mobile,
          code: request.body.code,
        }),
      ),
  );
};
