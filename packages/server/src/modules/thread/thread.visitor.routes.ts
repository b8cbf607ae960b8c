import {
  envelopeSchema,
  rateSchema,
  rateSubmitBodySchema,
  threadRequestBodySchema,
  threadRequestResultSchema,
  threadSchema,
  tidBodySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ok } from '../../http/reply.js';
import { createFormService } from '../form/form.service.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { visitorActorOf } from './chat-actor.js';

const tags = ['visitor'];

/** The visitor's side of a conversation: ask for one, see it, end it, rate it. */
export const threadVisitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { threads, db } = app.services;
  const actorOf = (request: Parameters<typeof getVisitorPrincipal>[0]) =>
    visitorActorOf(db, getVisitorPrincipal(request));
  const forms = createFormService({ db });

  app.post(
    '/visitor/api/thread/request',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'Ask for a conversation with a skill group (wid) or an appointed agent (aid)',
        description:
          "`data.code` tells the widget what to show (the original product's codes): 200 new chat with an " +
          'agent · 201 continuing an open chat (load history) · 202 queued (`thread.queuePosition`) · 203 ' +
          'outside work hours (leave-message form) · 204 no agent online or queue full (leave-message form) · ' +
          '-2 unknown skill group or agent · -3 the visitor or its address is blocked. A visitor has one ' +
          'thread per skill group or agent; asking again after it closed reopens it as a new care cycle. ' +
          'When the skill group has showForm on and no chat is open, `form` must carry the pre-chat form ' +
          'answers (GET /visitor/api/form): 400 naming each missing or malformed answer as `form.<key>`.',
        body: threadRequestBodySchema,
        response: { 200: envelopeSchema(threadRequestResultSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const visitor = getVisitorPrincipal(request);
      // A blocked visitor (by id or address) gets -3 before anything else, and no thread.
      if (await app.services.blocks.findVisitorBlock(visitor.orgId, visitor.visitorId, request.ip))
        return ok(request, { code: -3 as const, tip: '', thread: null, settings: null });
      // The pre-chat form is checked before a thread exists, so a refused request leaves nothing behind.
      const answers = await forms.answersForThreadRequest(visitor, request.body);
      // Name, mobile and email first: the agent's new conversation row already shows the name.
      if (answers) await forms.saveContact(visitor, answers);
      const actor = await actorOf(request);
      const result = await threads.request(actor, request.body, actor.client);
      if (answers && result.thread) await forms.saveAnswers(visitor, result.thread.tid, answers);
      return ok(request, result);
    },
  );

  app.get(
    '/visitor/api/thread/current',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "The visitor's open conversation (queuing or chatting), or null",
        response: { 200: envelopeSchema(threadSchema.nullable()), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await threads.currentOfVisitor(await actorOf(request))),
  );

  app.post(
    '/visitor/api/thread/close',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The visitor ends its conversation',
        body: tidBodySchema,
        response: { 200: envelopeSchema(threadSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.closeByVisitor(await actorOf(request), request.body.tid)),
  );

  app.post(
    '/visitor/api/rate',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'Rate the conversation: score 1 (very dissatisfied) to 5 (very satisfied) and a note',
        description:
          'One rating per care cycle (409 after that); only once an agent has served (409 before).',
        body: rateSubmitBodySchema,
        response: { 200: envelopeSchema(rateSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.rate(await actorOf(request), request.body)),
  );
};
