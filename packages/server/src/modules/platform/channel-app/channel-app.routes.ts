import {
  channelAppTypeBodySchema,
  envelopeSchema,
  platformChannelAppSaveBodySchema,
  platformChannelAppSchema,
  platformChannelAppTestSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['platform'];

/** Platform → channel: the platform's own apps on channel platforms (secrets never returned). */
export const platformChannelAppRoutes: FastifyPluginAsyncZod = async (app) => {
  const { channelApps } = app.services.platform;

  app.get(
    '/api/platform/channel-app/all',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Each platform's app: its non-secret values and which secrets are set",
        response: { 200: envelopeSchema(z.array(platformChannelAppSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await channelApps.list()),
  );

  app.post(
    '/api/platform/channel-app/save',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Save a platform's app",
        description:
          'Every field of the type is required; a secret sent empty keeps its stored value. Secrets are sealed ' +
          '(AES-256-GCM) and never returned.',
        body: platformChannelAppSaveBodySchema,
        response: { 200: envelopeSchema(platformChannelAppSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        request,
        await channelApps.save(getPrincipal(request).userId, request.body.type, request.body.values),
      ),
  );

  app.post(
    '/api/platform/channel-app/test',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Ask the platform for a token with the app's credentials (Feishu)",
        description:
          '`ok: false` with what the platform said when it refuses them. 400 for a platform without such a call ' +
          '(WeChat Open Platform needs its pushed ticket; Shopee and Lazada a shop’s authorisation) or an app ' +
          'not configured.',
        body: channelAppTypeBodySchema,
        response: { 200: envelopeSchema(platformChannelAppTestSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await channelApps.test(request.body.type)),
  );
};
