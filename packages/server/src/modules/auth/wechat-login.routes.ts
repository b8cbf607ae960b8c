import { envelopeSchema } from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import type { LoginProvider } from './wechat-login.service.js';

const tags = ['auth'];
const providerSchema = z.enum(['wechat', 'wechatWork']);
const pathOf: Record<LoginProvider, string> = { wechat: 'wechat', wechatWork: 'wechat-work' };

/**
 * The browser's side of WeChat / Work WeChat scan sign-in: the login page's button leads to
 * /oauth/<provider>/authorize, the platform back to /oauth/<provider>/callback; a signed-in user
 * binds or unbinds an identity from Account settings → Binding.
 */
export const wechatLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wechatLogin, config } = app.services;
  const originOf = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  for (const provider of ['wechat', 'wechatWork'] as const) {
    const segment = pathOf[provider];
    app.get(
      `/oauth/${segment}/authorize`,
      {
        schema: {
          tags,
          summary: `Start a ${provider === 'wechat' ? 'WeChat' : 'Work WeChat'} scan sign-in: redirects to the platform's QR page`,
          querystring: z.object({ redirect: z.string().max(2000).default('/dashboard') }),
          response: { 302: z.null(), ...errorResponses(400) },
        },
      },
      async (request, reply) =>
        reply.redirect(
          wechatLogin.authorizeUrl(
            provider,
            { kind: 'login', redirect: request.query.redirect },
            originOf(request),
          ),
        ),
    );

    app.get(
      `/oauth/${segment}/callback`,
      {
        schema: {
          tags,
          summary: `Where ${provider === 'wechat' ? 'WeChat' : 'Work WeChat'} returns the browser (code, state)`,
          description:
            `A sign-in continues on /antv/user/bind-${provider === 'wechat' ? 'wechat' : 'wechat-work'} with a ` +
            'sealed five-minute ticket for the token endpoint; a binding returns to Account settings → Binding.',
          querystring: z.object({
            code: z.string().max(512).optional(),
            state: z.string().max(4000).optional(),
          }),
          response: { 302: z.null() },
        },
      },
      async (request, reply) => reply.redirect(await wechatLogin.completeCallback(provider, request.query)),
    );
  }

  app.post(
    '/api/user/bind/wechat/start',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['user'],
        summary: "Bind the signed-in account to a WeChat or Work WeChat identity: the platform's QR page",
        description:
          'Open `url` in the browser; the platform returns to our callback, which binds and comes back to Account settings.',
        body: z.object({ provider: providerSchema }),
        response: { 200: envelopeSchema(z.object({ url: z.string() })), ...errorResponses(400, 401) },
      },
    },
    async (request) =>
      ok(request, {
        url: wechatLogin.authorizeUrl(
          request.body.provider,
          { kind: 'bind', userId: getPrincipal(request).userId },
          originOf(request),
        ),
      }),
  );

  app.get(
    '/api/user/bind/wechat',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['user'],
        summary: 'Which scan sign-ins the signed-in account has bound, and which this server offers',
        response: {
          200: envelopeSchema(
            z.object({
              available: z.array(providerSchema),
              bound: z.array(z.object({ provider: providerSchema, boundAt: z.number() })),
            }),
          ),
          ...errorResponses(401),
        },
      },
    },
    async (request) =>
      ok(request, {
        available: providerSchema.options.filter((provider) => wechatLogin.isConfigured(provider)),
        bound: await wechatLogin.bindings(getPrincipal(request).userId),
      }),
  );

  app.delete(
    '/api/user/bind/wechat',
    {
      onRequest: [requireAuth],
      schema: {
        tags: ['user'],
        summary: 'Unbind a scan sign-in from the signed-in account',
        querystring: z.object({ provider: providerSchema }),
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      await wechatLogin.unbind(getPrincipal(request).userId, request.query.provider);
      return ok(request, null);
    },
  );
};
