import {
  envelopeSchema,
  messageHistoryQuerySchema,
  messageHistorySchema,
  messageSchema,
  redPacketOpenBodySchema,
} from '@openkefu/contract';
import { z } from 'zod';
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

  app.post(
    '/api/message/redeliver',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags,
        summary: "Try again to deliver a reply the visitor's channel did not take (delivery failed)",
        description:
          'The message is queued again as if just sent; its delivery shows pending, then sent or failed. 409 ' +
          'when its delivery has not failed; 404 for a message the agent may not see or a visitor’s own.',
        body: z.object({ tid: z.string().trim().min(1).max(64), mid: z.string().trim().min(1).max(64) }),
        response: { 200: envelopeSchema(messageSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await app.services.redeliver(await agentActorOf(db, getPrincipal(request)), request.body)),
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

  app.post(
    '/visitor/api/message/red-packet/open',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The customer opens a red packet an agent gave in their conversation',
        description:
          'Stamps `card.openedAt` once and pushes the message to everyone in the conversation; opening ' +
          'again answers with the stamped copy. 404 for a message that is not a red packet in the ' +
          "visitor's own conversation.",
        body: redPacketOpenBodySchema,
        response: { 200: envelopeSchema(messageSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await messages.openRedPacket(await visitorActorOf(db, getVisitorPrincipal(request)), request.body),
      ),
  );
};
