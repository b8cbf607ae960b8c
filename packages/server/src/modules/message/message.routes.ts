import { envelopeSchema, messageHistoryQuerySchema, messageHistorySchema } from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { agentActorOf, visitorActorOf } from '../thread/chat-actor.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';

const tags = ['message'];
const description =
  'Messages in ascending seq. With `afterSeq`: everything after it (resync after a reconnect). ' +
  'Otherwise the newest `size` messages, before `beforeSeq` when given (scrolling up). `hasMore` ' +
  'says whether another page exists in that direction.';

/** History of one conversation, for the agent and for the visitor. Sending goes through Socket.IO. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { messages, db } = app.services;

  app.get(
    '/api/message/history',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags,
        summary: 'A page of a conversation the agent may see',
        description,
        querystring: messageHistoryQuerySchema,
        response: { 200: envelopeSchema(messageHistorySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await messages.history(await agentActorOf(db, getPrincipal(request)), request.query)),
  );

  app.get(
    '/visitor/api/message/history',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "A page of the visitor's own conversation",
        description,
        querystring: messageHistoryQuerySchema,
        response: { 200: envelopeSchema(messageHistorySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await messages.history(await visitorActorOf(db, getVisitorPrincipal(request)), request.query),
      ),
  );
};
