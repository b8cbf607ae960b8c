import {
  caidBodySchema,
  channelAccountSchema,
  channelCreateBodySchema,
  channelOverviewQuerySchema,
  channelOverviewSchema,
  channelPlatformAppsSchema,
  channelQuerySchema,
  channelTestResultSchema,
  channelUpdateBodySchema,
  envelopeSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['channel'];
const accountEnvelope = envelopeSchema(channelAccountSchema);
/** The channel section is the admins' (menu authority `admin`): every call is guarded by it. */
const guard = requireAuthority('admin');

/** Issue 19: the console's channel pages — connect, test, route to a skill group, disconnect, overview. */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  const { channels, config } = app.services;
  const originOf = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  app.get(
    '/api/channel/query',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: "A page of the organisation's channel accounts, newest first; `type` narrows to one channel",
        querystring: channelQuerySchema,
        response: { 200: envelopeSchema(pageSchema(channelAccountSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await channels.page(getPrincipal(request), request.query, originOf(request))),
  );

  app.post(
    '/api/channel/create',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'Connect an account of a channel',
        description:
          "`config` holds the channel's connection fields (contract `channelFields`): secrets are sealed at rest and " +
          'never returned (`secretsSet` says which are set). Answers the account with its webhook address (give it ' +
          'to the platform) or, for SDK channels, its app key. 400 names each bad field as `config.<key>`; an ' +
          'unknown skill group is 400 `wid`.',
        body: channelCreateBodySchema,
        response: { 200: accountEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await channels.create(getPrincipal(request), request.body, originOf(request))),
  );

  app.post(
    '/api/channel/update',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: "Rename an account, change its skill group ('' for the default) or its settings",
        description:
          'A secret left out or empty keeps its stored value. New settings drop the tokens fetched with the old ones.',
        body: channelUpdateBodySchema,
        response: { 200: accountEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await channels.update(getPrincipal(request), request.body, originOf(request))),
  );

  for (const [path, isEnabled] of [
    ['/api/channel/enable', true],
    ['/api/channel/disable', false],
  ] as const)
    app.post(
      path,
      {
        onRequest: [guard],
        schema: {
          tags,
          summary: isEnabled
            ? 'Take messages in again'
            : 'Stop taking messages in (handshakes still answered) and stop delivering replies',
          body: caidBodySchema,
          response: { 200: accountEnvelope, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) =>
        ok(
          request,
          await channels.setEnabled(getPrincipal(request), request.body.caid, isEnabled, originOf(request)),
        ),
    );

  app.post(
    '/api/channel/test',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'Call the platform with the stored credentials (fetch a token, read the account name)',
        description:
          '`ok` false carries the platform’s words in `detail`; the account keeps them as its last error.',
        body: caidBodySchema,
        response: { 200: envelopeSchema(channelTestResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await channels.test(getPrincipal(request), request.body.caid, originOf(request))),
  );

  app.post(
    '/api/channel/authorize',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'Shopee, Lazada: the platform page where the shop grants us access',
        description:
          'The platform sends the browser back to /antv/<type>/redirect, whose page completes the grant.',
        body: caidBodySchema,
        response: {
          200: envelopeSchema(z.object({ url: z.string() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) =>
      ok(request, await channels.authorizeUrl(getPrincipal(request), request.body.caid, originOf(request))),
  );

  app.post(
    '/api/channel/authorize/complete',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'Complete a grant with what the platform appended to the redirect (code, shop_id, state)',
        description: '400 `params.state` for a link not issued here, expired or for another organisation.',
        body: z.object({ params: z.record(z.string().max(64), z.string().max(2000)) }),
        response: { 200: accountEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await channels.completeAuthorization(getPrincipal(request), request.body.params, originOf(request)),
      ),
  );

  app.get(
    '/api/channel/overview',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary:
          'Per channel: accounts, those connected, messages in and out, failed deliveries, conversations',
        querystring: channelOverviewQuerySchema,
        response: { 200: envelopeSchema(channelOverviewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await channels.overview(getPrincipal(request), request.query.days)),
  );

  app.get(
    '/api/channel/platform-apps',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'The channels whose platform app (set up by platform staff) accounts can connect through',
        description:
          "An account with `config.appSource` 'platform' signs and calls with the platform's partner app; the shop " +
          "then grants access to it, and its pushes arrive at the platform app's one address.",
        response: { 200: envelopeSchema(channelPlatformAppsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await channels.platformApps()),
  );

  app.delete(
    '/api/channel/delete',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'Disconnect: the account and its tokens go; its conversations stay in the records',
        querystring: caidBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await channels.remove(getPrincipal(request), request.query.caid);
      return ok(request, null);
    },
  );
};
