import {
  envelopeSchema,
  messageSchema,
  rateSchema,
  robotLeadBodySchema,
  robotRateBodySchema,
  robotTransferBodySchema,
  rateSubmitBodySchema,
  threadRequestBodySchema,
  threadRequestResultSchema,
  threadSchema,
  threadCommodityBodySchema,
  tidBodySchema,
  widgetPreviewQuerySchema,
  widgetPreviewSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, ok } from '../../http/reply.js';
import { AppError } from '../../http/errors.js';
import type { LimitRule } from '../../lib/limiter.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { visitorActorOf } from './chat-actor.js';

const tags = ['visitor'];

/** The public preview is cheap but unauthenticated: a budget per address, counted on every node alike. */
export const previewRule: LimitRule = { limit: 60, windowSeconds: 60 };

/** The visitor's side of a conversation: ask for one, see it, end it, rate it. */
export const threadVisitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { threads, db } = app.services;
  const actorOf = (request: Parameters<typeof getVisitorPrincipal>[0]) =>
    visitorActorOf(db, getVisitorPrincipal(request));

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
          "206 the skill group's robot answers (its welcome, FAQs and quick buttons are the thread's first " +
          'message, type robot) · -2 unknown skill group or agent · -3 the visitor or its address is blocked. A visitor has one ' +
          'thread per skill group or agent; asking again after it closed reopens it as a new care cycle. ' +
          'When the skill group has showForm on and no chat is open, `form` must carry the pre-chat form ' +
          'answers (GET /visitor/api/form): 400 naming each missing or malformed answer as `form.<key>`. ' +
          'Control characters are removed from the answers.',
        body: threadRequestBodySchema,
        response: { 200: envelopeSchema(threadRequestResultSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const actor = await actorOf(request);
      return ok(
        request,
        await threads.request(actor, request.body, { client: actor.client, ip: request.ip }),
      );
    },
  );

  app.get(
    '/visitor/api/preview',
    {
      schema: {
        tags,
        summary: 'What the widget would show for a skill group (wid) or agent (aid) right now — read-only',
        description:
          "Public (no visitor token): the console's embed-code preview calls it. Answers with the code a " +
          'thread request would get at this moment — 200 an agent can take the chat · 202 it would queue · ' +
          '203 outside work hours · 204 nobody online or the queue is full · -2 unknown skill group or ' +
          'agent — with its tip and the widget settings. Creates no visitor, conversation, message or ' +
          `statistics event. 404 for an unknown organisation (as /visitor/api/init); at most ${previewRule.limit} ` +
          `calls per address every ${previewRule.windowSeconds} s (429).`,
        querystring: widgetPreviewQuerySchema,
        response: { 200: envelopeSchema(widgetPreviewSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const perIp = await app.services.limiter.hit(
        `visitor:preview:ip:${request.ip}`,
        previewRule.windowSeconds,
      );
      if (perIp.count > previewRule.limit) throw AppError.rateLimited(perIp.retryAfter);
      return ok(request, await threads.preview(request.query));
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
    '/visitor/api/thread/commodity',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The product the visitor is looking at, pinned above the conversation for its agents',
        description:
          'The widget calls it with the product its page gives (embed snippet, window.openkefu, the ' +
          "chat address's commodity parameter) and the SDK with the app's. Kept on the conversation " +
          "until another product replaces it; the agents' view of the thread carries it as `commodity`. " +
          '400 names a malformed field (`commodity.url` must be http(s), `commodity.image` https).',
        body: threadCommodityBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await threads.showCommodity(await actorOf(request), request.body);
      return ok(request, null);
    },
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

  app.post(
    '/visitor/api/robot/transfer',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'Ask the robot for a person (the transfer button or a quick button)',
        description:
          'The robot conversation goes to the skill group as robot_to_agent and is routed like a request: ' +
          '`code` 200 an agent took it · 202 queued · 203/204 nobody can (leave-message form). The agent ' +
          'reads the robot part in the same conversation. 409 when the conversation is not with the robot; ' +
          "another visitor's or organisation's tid is a 404.",
        body: robotTransferBodySchema,
        response: { 200: envelopeSchema(threadRequestResultSchema), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.robotTransfer(await actorOf(request), request.body.tid)),
  );

  app.post(
    '/visitor/api/robot/rate',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: '"Did this help?" on one of the robot\'s answers',
        description:
          'Once per answer (409 after that); a FAQ answer counts toward its helpful / not helpful figures ' +
          'and an unhelpful one feeds the robot training queue. Answers with the message as everyone now sees it.',
        body: robotRateBodySchema,
        response: { 200: envelopeSchema(messageSchema.nullable()), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.robotRate(await actorOf(request), request.body)),
  );

  app.post(
    '/visitor/api/robot/lead',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "Answer the robot's lead-capture question with a name and mobile number",
        description:
          'Stored on the visitor and as a CRM lead (customer by that mobile, linked to the visitor). Once per ' +
          'question (409 after that); the answered message comes back with the number masked.',
        body: robotLeadBodySchema,
        response: { 200: envelopeSchema(messageSchema.nullable()), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ok(request, await threads.robotLead(await actorOf(request), request.body)),
  );
};
