import {
  codeSentSchema,
  emailGrantSchema,
  emailSendBodySchema,
  envelopeSchema,
  mobileGrantSchema,
  oauthErrorSchema,
  passwordGrantSchema,
  refreshGrantSchema,
  smsProviderSchema,
  smsSendQuerySchema,
  tokenResponseSchema,
} from '@openkefu/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { parseOrThrow } from '../../http/validation.js';

const tags = ['auth'];

/** Checked before the body is parsed, so a wrong client gets 401 invalid_client whatever it sent. */
const requireClient: onRequestAsyncHookHandler = async (request) => {
  request.server.services.auth.verifyClient(request.headers.authorization);
};

const oauthErrors = { 400: oauthErrorSchema, 401: oauthErrorSchema, 429: oauthErrorSchema };

const tokenBodySchema = z
  .looseObject({ grant_type: z.string().trim().min(1).max(32) })
  .describe(
    'grant_type=password (username, password, scope) or grant_type=refresh_token (refresh_token, scope)',
  );

const wechatBodySchema = z.looseObject({ grant_type: z.string().max(32).optional() });

/** OAuth 2 token endpoints (DESIGN §3) and the sign-in code calls of spec §7. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const auth = app.services.auth;
  const verification = app.services.verification;
  const tokenRoute = { config: { errorStyle: 'oauth' as const }, onRequest: [requireClient] };

  app.post(
    '/oauth/token',
    {
      ...tokenRoute,
      schema: {
        tags,
        summary: 'Password and refresh-token grants (Basic client auth; form or JSON)',
        body: tokenBodySchema,
        response: { 200: tokenResponseSchema, ...oauthErrors },
      },
    },
    async (request) => {
      const clientId = auth.verifyClient(request.headers.authorization);
      switch (request.body.grant_type) {
        case 'password': {
          const body = parseOrThrow(passwordGrantSchema, request.body);
          return auth.passwordGrant({
            username: body.username,
            password: body.password,
            scope: body.scope,
            ip: request.ip,
            clientId,
            language: request.headers['accept-language'] ? languageOf(request) : undefined,
          });
        }
        case 'refresh_token': {
          const body = parseOrThrow(refreshGrantSchema, request.body);
          return auth.refreshGrant({ refreshToken: body.refresh_token, scope: body.scope, clientId });
        }
        default:
          throw AppError.badRequest('auth.unsupportedGrant', {
            params: { grantType: request.body.grant_type },
            fields: [{ field: 'grant_type', message: 'must be password or refresh_token' }],
            oauthError: 'unsupported_grant_type',
          });
      }
    },
  );

  app.post(
    '/mobile/token',
    {
      ...tokenRoute,
      schema: {
        tags,
        summary: 'Sign in with a mobile number and the code sent to it',
        body: mobileGrantSchema,
        response: { 200: tokenResponseSchema, ...oauthErrors },
      },
    },
    async (request) =>
      auth.codeGrant({
        channel: 'mobile',
        address: request.body.mobile,
        code: request.body.code,
        scope: request.body.scope,
        ip: request.ip,
        clientId: auth.verifyClient(request.headers.authorization),
      }),
  );

  app.post(
    '/email/token',
    {
      ...tokenRoute,
      schema: {
        tags,
        summary: 'Sign in with an email address and the code sent to it',
        body: emailGrantSchema,
        response: { 200: tokenResponseSchema, ...oauthErrors },
      },
    },
    async (request) =>
      auth.codeGrant({
        channel: 'email',
        address: request.body.email,
        code: request.body.code,
        scope: request.body.scope,
        ip: request.ip,
        clientId: auth.verifyClient(request.headers.authorization),
      }),
  );

  for (const [url, provider, field] of [
    ['/wechat/token', 'wechat', 'unionid'],
    ['/wechat/work/token', 'wechatWork', 'userid'],
  ] as const) {
    app.post(
      url,
      {
        ...tokenRoute,
        schema: {
          tags,
          summary:
            provider === 'wechat'
              ? 'WeChat scan sign-in: trade the ticket our callback gave the bind-wechat page (`unionid`) for a token'
              : 'Work WeChat scan sign-in: trade the ticket our callback gave the bind-wechat-work page (`userid`) for a token',
          description:
            '`' +
            field +
            '` is the sealed, five-minute ticket from /oauth/' +
            (provider === 'wechat' ? 'wechat' : 'wechat-work') +
            '/callback, never a raw platform id. 400 invalid_grant when it expired, was not issued here or no ' +
            'account is bound to that identity; unsupported_grant_type when scan sign-in is not configured.',
          body: wechatBodySchema.optional(),
          response: { 200: tokenResponseSchema, ...oauthErrors },
        },
      },
      async (request) => {
        const clientId = auth.verifyClient(request.headers.authorization);
        const ticket = String((request.body as Record<string, unknown> | undefined)?.[field] ?? '');
        if (!ticket)
          throw AppError.badRequest('error.validation', {
            params: { fields: field },
            fields: [{ field, message: 'is required' }],
            oauthError: 'invalid_request',
          });
        const userId = await app.services.wechatLogin.userOfTicket(provider, ticket);
        const scope = (request.body as Record<string, unknown> | undefined)?.scope;
        return auth.externalGrant({ userId, clientId, scope: typeof scope === 'string' ? scope : undefined });
      },
    );
  }

  app.get(
    '/sms/api/send/:provider',
    {
      schema: {
        tags,
        summary: 'Send a six-digit code by SMS (the server’s configured provider delivers it)',
        params: z.object({ provider: smsProviderSchema }),
        querystring: smsSendQuerySchema,
        response: { 200: envelopeSchema(codeSentSchema), ...errorResponses(400, 409, 429) },
      },
    },
    async (request) =>
      ok(
        request,
        await verification.sendCode({
          channel: 'mobile',
          address: request.query.mobile,
          purpose: request.query.purpose,
          language: languageOf(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/email/code',
    {
      schema: {
        tags,
        summary: 'Send a six-digit code by email',
        body: emailSendBodySchema,
        response: { 200: envelopeSchema(codeSentSchema), ...errorResponses(400, 409, 429) },
      },
    },
    async (request) =>
      ok(
        request,
        await verification.sendCode({
          channel: 'email',
          address: request.body.email,
          purpose: request.body.purpose,
          language: languageOf(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/api/user/logout',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Revoke the token this request was made with',
        response: { 200: envelopeSchema(z.null()), ...errorResponses(401) },
      },
    },
    async (request) => {
      await auth.logout(getPrincipal(request));
      return ok(request, null);
    },
  );
};
