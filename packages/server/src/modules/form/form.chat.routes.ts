import {
  chatSurveyAnswerQuerySchema,
  chatSurveyAnswerSchema,
  envelopeSchema,
  messageSchema,
  publishedSurveyLimit,
  publishedSurveySchema,
  surveySendBodySchema,
  visitorSurveyQuerySchema,
  visitorSurveySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { agentActorOf } from '../thread/chat-actor.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { createChatFormService } from './form.chat.js';
import { listPublishedSurveys } from './form.chat.repository.js';
import { createSurveyService } from './form.survey.service.js';

/** Issue 16: published forms sent and answered inside a conversation. */
export const chatFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, messages } = app.services;
  const surveys = createSurveyService({ db, storage });
  const chatForms = createChatFormService({ db, messages, findLive: surveys.findLive });

  app.get(
    '/api/form/survey/published',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags: ['form'],
        summary: "The organisation's published forms an agent may send into a conversation (live versions)",
        description: `Newest publish first, at most ${publishedSurveyLimit}. Drafts are not listed.`,
        querystring: z.object({ client: z.string().max(32).optional() }),
        response: {
          200: envelopeSchema(z.array(publishedSurveySchema)),
          ...errorResponses(401, 403),
        },
      },
    },
    async (request) => {
      const rows = await listPublishedSurveys(db, getPrincipal(request).orgId, publishedSurveyLimit);
      return ok(
        request,
        rows.map((row) => ({ fid: row.fid, version: Number(row.version), title: row.title })),
      );
    },
  );

  app.post(
    '/api/form/survey/send',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags: ['form'],
        summary: 'Send a published form into a conversation the agent serves (a `questionnaire` message)',
        description:
          'The message content is JSON `{ fid, version, title }` (never the form). The conversation must be ' +
          "chatting (409) and served by the agent or one they were invited to (else 404); a draft, deleted or another organisation's form → 404. " +
          'A resend with the same localId returns the stored message. Pushed like any message.',
        body: surveySendBodySchema,
        response: { 200: envelopeSchema(messageSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await chatForms.send(await agentActorOf(db, getPrincipal(request)), request.body)),
  );

  app.get(
    '/api/form/survey/chat-answer',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags: ['form'],
        summary: 'An answer a visitor gave inside a conversation the agent may read, with its form version',
        description: "Unknown rid, another conversation's or another organisation's answer → 404.",
        querystring: chatSurveyAnswerQuerySchema,
        response: { 200: envelopeSchema(chatSurveyAnswerSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const actor = await agentActorOf(db, getPrincipal(request));
      // The history's read rule decides who may see the conversation (404 otherwise).
      await messages.history(actor, { tid: request.query.tid, size: 1 });
      const thread = await chatForms.threadOf(actor.orgId, request.query.tid);
      return ok(request, await chatForms.answerOf(actor.orgId, thread, request.query.rid));
    },
  );

  app.get(
    '/visitor/api/form/:fid',
    {
      onRequest: [requireVisitor],
      schema: {
        tags: ['visitor'],
        summary:
          "The live version of a published form of the visitor's organisation (the widget's form card)",
        description:
          "Drafts, deleted forms and other organisations' fids → 404. With `tid` (the visitor's own " +
          'conversation, else 404), `answered` says whether the form was answered there since the card `mid`.',
        params: z.object({ fid: z.string().max(80) }),
        querystring: visitorSurveyQuerySchema,
        response: { 200: envelopeSchema(visitorSurveySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(
        request,
        await chatForms.forVisitor(getVisitorPrincipal(request), request.params.fid, request.query),
      ),
  );
};
