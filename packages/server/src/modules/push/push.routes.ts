import {
  envelopeSchema,
  pushPublicKeySchema,
  pushSubscribeSchema,
  pushSubscriptionStateSchema,
  pushUnsubscribeSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['push'];
/** Push notices are the workbench's: the same `chat` authority opens them. */
const workbench = [requireAuthority('chat')];

/** Issue 21: Web Push subscriptions of the signed-in agent's browsers. */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const push = app.services.push;

  app.get(
    '/api/push/key',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "The server's VAPID public key",
        description: 'The `applicationServerKey` for PushManager.subscribe.',
        response: { 200: envelopeSchema(pushPublicKeySchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await push.publicKey()),
  );

  app.get(
    '/api/push/subscriptions',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "The signed-in user's push subscriptions",
        response: { 200: envelopeSchema(z.array(pushSubscriptionStateSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await push.list(getPrincipal(request))),
  );

  app.post(
    '/api/push/subscribe',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "Subscribe this browser to the signed-in user's notices",
        description:
          "The browser's PushSubscription (endpoint and keys). An endpoint already subscribed moves to this user.",
        body: pushSubscribeSchema,
        response: { 200: envelopeSchema(pushSubscriptionStateSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(
        request,
        await push.subscribe(getPrincipal(request), request.body, request.headers['user-agent'] ?? ''),
      ),
  );

  app.delete(
    '/api/push/subscribe',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: 'Unsubscribe this browser',
        body: pushUnsubscribeSchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await push.unsubscribe(getPrincipal(request), request.body.endpoint);
      return ok(request, null);
    },
  );
};
