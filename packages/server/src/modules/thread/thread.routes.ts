import {
  envelopeSchema,
  messageSchema,
  offerResponseBodySchema,
  offerSchema,
  pageSchema,
  threadCloseBodySchema,
  threadInviteBodySchema,
  threadMineQuerySchema,
  threadSchema,
  threadTransferBodySchema,
  tidBodySchema,
  transferSchema,
  transferTargetSchema,
  visitorSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { agentActorOf } from './chat-actor.js';

const tags = ['thread'];
/** The workbench needs the `chat` authority (agents and admins hold it by default). */
const guard = [requireAuthority('chat')];

/** The agent workbench's calls (issue 4): lists, accept, close, transfer, invite, rating invitation. */
export const threadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { threads, db } = app.services;
  const actorOf = (request: FastifyRequest) => agentActorOf(db, getPrincipal(request));

  app.get(
    '/api/thread/mine',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Workbench lists: current (mine, open), queue (my groups, oldest first), groups (admins), closed',
        querystring: threadMineQuerySchema.extend({ client: z.string().max(32).optional() }),
        response: { 200: envelopeSchema(pageSchema(threadSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { kind, page, size } = request.query;
      return ok(request, await threads.mine(await actorOf(request), kind, { page, size }));
    },
  );

  app.get(
    '/api/thread/get',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One conversation the agent may see',
        querystring: z.object({ tid: z.string().trim().min(1).max(64) }),
        response: { 200: envelopeSchema(threadSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await threads.get(await actorOf(request), request.query.tid)),
  );

  app.post(
    '/api/thread/accept',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Take a queued conversation (409 when a colleague was faster or you are at your maximum)',
        body: tidBodySchema,
        response: { 200: envelopeSchema(threadSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.accept(await actorOf(request), request.body.tid)),
  );

  app.post(
    '/api/thread/close',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'End a conversation you serve (admins: any), with an optional summary and category',
        body: threadCloseBodySchema,
        response: { 200: envelopeSchema(threadSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.closeByAgent(await actorOf(request), request.body)),
  );

  app.post(
    '/api/thread/transfer',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          'Offer a conversation you serve to a colleague (uid) or a skill group (wid); they accept or reject',
        body: threadTransferBodySchema,
        response: { 200: envelopeSchema(transferSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.transfer(await actorOf(request), request.body)),
  );

  app.get(
    '/api/thread/transfer/targets',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Colleagues a conversation can be transferred to, with their load and limit',
        description:
          'Live, enabled agents of your organisation who hold the chat authority, except you and the agent ' +
          'serving the conversation. `load` counts the conversations each is chatting in now and ' +
          '`maxThreadCount` is their limit (0 = none): an agent at the limit cannot accept a transfer (409).',
        querystring: z.object({ tid: z.string().trim().min(1).max(64) }),
        response: {
          200: envelopeSchema(z.array(transferTargetSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await threads.transferTargets(await actorOf(request), request.query.tid)),
  );

  app.post(
    '/api/thread/transfer/respond',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Accept (the conversation becomes yours) or reject a transfer offered to you or your group',
        description:
          'Accepting while you already chat in `maxThreadCount` conversations answers 409 and leaves the ' +
          'transfer pending.',
        body: offerResponseBodySchema,
        response: {
          200: envelopeSchema(threadSchema.nullable()),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ok(request, await threads.respond(await actorOf(request), 'transfer', request.body)),
  );

  app.post(
    '/api/thread/invite',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Invite a colleague into a conversation you serve',
        body: threadInviteBodySchema,
        response: { 200: envelopeSchema(transferSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.invite(await actorOf(request), request.body)),
  );

  app.post(
    '/api/thread/invite/respond',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Accept (join the conversation) or reject an invitation',
        body: offerResponseBodySchema,
        response: {
          200: envelopeSchema(threadSchema.nullable()),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ok(request, await threads.respond(await actorOf(request), 'invite', request.body)),
  );

  app.get(
    '/api/thread/offers',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Transfers and invitations waiting for your answer',
        response: { 200: envelopeSchema(z.array(offerSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await threads.offers(await actorOf(request))),
  );

  app.post(
    '/api/thread/rate/invite',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Ask the visitor to rate the conversation (a notification_invite_rate message)',
        body: tidBodySchema,
        response: { 200: envelopeSchema(messageSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.inviteRate(await actorOf(request), request.body.tid)),
  );

  app.get(
    '/api/thread/visitor',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "A visitor's profile and its last 20 conversations",
        querystring: z.object({ vid: z.string().trim().min(1).max(64) }),
        response: {
          200: envelopeSchema(z.object({ visitor: visitorSchema, threads: z.array(threadSchema) })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await threads.visitorProfile(await actorOf(request), request.query.vid)),
  );
};
