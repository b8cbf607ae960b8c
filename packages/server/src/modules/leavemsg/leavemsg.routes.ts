import {
  envelopeSchema,
  leaveMessageCreateBodySchema,
  leaveMessageQuerySchema,
  leaveMessageReplyBodySchema,
  leaveMessageSchema,
  lidBodySchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { createMailer } from '../auth/mailer.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { createLeaveMessageService, leaveMessageHourlyLimit } from './leavemsg.service.js';

const tags = ['leavemsg'];
/** The console's leave-message page is the `kefu.leavemsg` menu item: its permission guards every call. */
const permissionId = 'kefu.leavemsg';
const leaveMessageEnvelope = envelopeSchema(leaveMessageSchema);

/** Issue 4 "Leave messages": visitors leave them when nobody can answer; agents read, reply and close. */
export const leavemsgRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, limiter, config } = app.services;
  const leaveMessages = createLeaveMessageService({
    db,
    limiter,
    mailer: createMailer(config, app.log),
    logger: app.log,
    sendToChannel: app.services.visitorNotices.sendToVisitor,
  });

  app.post(
    '/visitor/api/leavemsg',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'Leave a message for a skill group (wid), an agent (aid) or the organisation',
        description:
          "The skill group's leaveMessageType decides the contact required: default — a mobile number or " +
          'an email address; mobile; email (400 naming the missing field). Unknown wid/aid → 404. ' +
          `At most ${leaveMessageHourlyLimit} messages per visitor and hour (429).`,
        body: leaveMessageCreateBodySchema,
        response: { 200: leaveMessageEnvelope, ...errorResponses(400, 401, 404, 429) },
      },
    },
    async (request) => ok(request, await leaveMessages.create(getVisitorPrincipal(request), request.body)),
  );

  app.get(
    '/visitor/api/leavemsg',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "The visitor's own leave messages with their replies, newest first (at most 50)",
        querystring: z.object({ client: z.string().max(32).optional() }),
        response: { 200: envelopeSchema(z.array(leaveMessageSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await leaveMessages.listOfVisitor(getVisitorPrincipal(request))),
  );

  app.get(
    '/api/leavemsg/query',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's leave messages, newest first",
        description:
          '`status`, `wid` (skill group) and `from`/`to` (epoch ms on the creation time) narrow it.',
        querystring: leaveMessageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(leaveMessageSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await leaveMessages.page(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/leavemsg/read',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Mark a leave message read (only an unread one changes)',
        body: lidBodySchema,
        response: { 200: leaveMessageEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await leaveMessages.markRead(getPrincipal(request), request.body.lid)),
  );

  app.post(
    '/api/leavemsg/reply',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Reply to a leave message',
        description:
          'The reply is stored (status replied) and shown in the widget when the visitor returns. When the ' +
          'visitor left an email address it is also mailed through EMAIL_PROVIDER; `emailed` says whether a ' +
          'mail server took it (false with the log provider, with none, or when sending failed). A closed ' +
          'message cannot be answered (409).',
        body: leaveMessageReplyBodySchema,
        response: { 200: leaveMessageEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await leaveMessages.reply(getPrincipal(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/leavemsg/close',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Close a leave message (closing a closed one changes nothing)',
        body: lidBodySchema,
        response: { 200: leaveMessageEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await leaveMessages.close(getPrincipal(request), request.body.lid)),
  );
};
