import { envelopeSchema, visitorTicketCreateBodySchema, visitorTicketSchema } from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import {
  createVisitorTicketService,
  visitorTicketIpRule,
  visitorTicketRateRule,
} from './ticket.visitor.service.js';

const tags = ['ticket'];
const limits =
  `At most ${visitorTicketRateRule.limit} per visitor every ${visitorTicketRateRule.windowSeconds} s and ` +
  `${visitorTicketIpRule.limit} per address every ${visitorTicketIpRule.windowSeconds} s (429 with retryAfter).`;

/** Issue 15: "Leave a ticket" and "My tickets" in the widget. */
export const ticketVisitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = createVisitorTicketService({
    db: app.services.db,
    limiter: app.services.limiter,
    tickets: app.services.tickets,
  });

  app.post(
    '/visitor/api/ticket/create',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The visitor leaves a ticket from the widget',
        description:
          'An external ticket (source widget) in the skill group `wid`, with the visitor as contact and the ' +
          'identified customer linked; replies are mailed to `email`. The group must have `widgetTicket` on ' +
          "(403); an unknown group, or another organisation's, is a 404. `attachments`: aids of the " +
          "visitor's uploads (`POST /visitor/api/upload`); anything else is a 400 naming `attachments.<n>` " +
          `and nothing is written. ${limits}`,
        body: visitorTicketCreateBodySchema,
        response: {
          200: envelopeSchema(visitorTicketSchema),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request) =>
      ok(
        request,
        await tickets.create(getVisitorPrincipal(request), request.body, request.ip, languageOf(request)),
      ),
  );

  app.get(
    '/visitor/api/ticket/mine',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "The visitor's own tickets with status and public replies, newest first (at most 50)",
        description: 'Internal notes are never listed.',
        response: { 200: envelopeSchema(z.array(visitorTicketSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await tickets.mine(getVisitorPrincipal(request))),
  );
};
