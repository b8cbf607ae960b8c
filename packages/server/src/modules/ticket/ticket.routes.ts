import {
  envelopeSchema,
  inboundMailBodySchema,
  inboundMailResultSchema,
  pageQuerySchema,
  pageSchema,
  ticketAssignBodySchema,
  ticketBulkBodySchema,
  ticketBulkResultSchema,
  ticketCommentBodySchema,
  ticketCreateBodySchema,
  ticketDetailSchema,
  ticketFromThreadBodySchema,
  ticketInboundInfoSchema,
  ticketInboundSecretSchema,
  ticketNoticeReadBodySchema,
  ticketNoticeSchema,
  ticketQuerySchema,
  ticketSchema,
  ticketSlaPolicyBodySchema,
  ticketSlaPolicySchema,
  ticketStatisticQuerySchema,
  ticketStatisticSchema,
  ticketTemplateBodySchema,
  ticketTemplateSchema,
  ticketTkidQuerySchema,
  ticketTransitionBodySchema,
  ticketTtidQuerySchema,
  ticketUpdateBodySchema,
  ticketWatchBodySchema,
  type PermissionAction,
} from '@openkefu/contract';
import type { onRequestAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { attachmentDisposition, xlsxMediaType } from '../../lib/excel/excel.js';
import { getPrincipal, requireAuthority, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';

const tags = ['ticket'];
const ticketEnvelope = envelopeSchema(ticketSchema);
const detailEnvelope = envelopeSchema(ticketDetailSchema);
const tenancy = "Another organisation's tkid is a 404.";
const xlsxResponse = z.any().describe(`The .xlsx file (${xlsxMediaType})`);

/*
 * Issue 15: the ticket section (authority `workorder`). Permissions are the menu items:
 * `ticket.list` (manage: query/get/add/edit; SLA policies and the inbound secret need delete, which
 * agents do not hold), `ticket.my` (the mine/reported/watching views), `ticket.template`,
 * `ticket.statistic`.
 */
const guard = (permissionId: string, action: PermissionAction): onRequestAsyncHookHandler[] => [
  requireAuthority('workorder'),
  requirePermission(permissionId, action),
];

export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tickets = app.services.tickets;

  app.get(
    '/api/ticket/query',
    {
      onRequest: [requireAuthority('workorder')],
      schema: {
        tags,
        summary: 'A page of tickets by view, with filters',
        description:
          'Views: all, unassigned, open, pending, overdue (a running SLA target or due date passed) need ticket.list ' +
          'query; mine (assigned to me), reported (by me), watching need ticket.my query. `sort`: newest, updated, ' +
          'priority, dueSoon (nearest running target first). `source=feedback` lists tickets made from feedback. ' +
          "`category` must be one of the organisation's ticket categories (else 400 naming it).",
        querystring: ticketQuerySchema,
        response: { 200: envelopeSchema(pageSchema(ticketSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      const permissionId = ['mine', 'reported', 'watching'].includes(request.query.view)
        ? 'ticket.my'
        : 'ticket.list';
      if (!(await app.services.auth.hasPermission(principal, permissionId, 'query')))
        throw AppError.forbidden('error.forbiddenPermission', { permissionId, action: 'query' });
      return ok(request, await tickets.page(principal, request.query));
    },
  );

  app.get(
    '/api/ticket/get',
    {
      onRequest: guard('ticket.list', 'get'),
      schema: {
        tags,
        summary: 'One ticket with its comments and activity log',
        description: tenancy,
        querystring: ticketTkidQuerySchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await tickets.get(getPrincipal(request), request.query.tkid)),
  );

  app.post(
    '/api/ticket/create',
    {
      onRequest: guard('ticket.list', 'add'),
      schema: {
        tags,
        summary: 'Create a ticket (numbered T-000001… per organisation)',
        description:
          'Description is sanitised HTML. With `assignee` the ticket starts assigned and the colleague is notified. ' +
          "SLA targets come from the priority's policy in the skill group's business hours. An external ticket with " +
          'an email is confirmed to the contact by mail. `template` fills what the body leaves out and checks its ' +
          'custom fields (400 naming customFields.<key>). `customerId` must be a CRM customer (cid) of the organisation ' +
          '(else 400 naming it).',
        body: ticketCreateBodySchema,
        response: { 200: ticketEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await tickets.create(getPrincipal(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/ticket/create/thread',
    {
      onRequest: guard('ticket.list', 'add'),
      schema: {
        tags,
        summary: 'Create a ticket from a conversation',
        description:
          "Contact, skill group and customer default to the conversation's visitor, group and the visitor's CRM customer; the transcript becomes the first " +
          'internal note; the thread is linked to the ticket and the ticket names the thread (`threadUid`). ' +
          "Another organisation's tid is a 404.",
        body: ticketFromThreadBodySchema,
        response: { 200: ticketEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await tickets.createFromThread(getPrincipal(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/ticket/update',
    {
      onRequest: guard('ticket.list', 'edit'),
      schema: {
        tags,
        summary: 'Change fields; each change is written to the activity log',
        description: `The status moves only through /api/ticket/transition. A new priority or group re-targets the SLA from the ticket's creation. \`customFields\` is checked against the ticket's template; \`customerId\` must be a customer of the organisation (400 naming the field). ${tenancy}`,
        body: ticketUpdateBodySchema,
        response: { 200: ticketEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await tickets.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/ticket/transition',
    {
      onRequest: guard('ticket.list', 'edit'),
      schema: {
        tags,
        summary: 'Move the status: assign, start, wait, resume, resolve, close, reopen',
        description: `An action the state machine does not allow from the current status, or a working action without an assignee, is a 409. Resolving mails the contact. ${tenancy}`,
        body: ticketTransitionBodySchema,
        response: { 200: ticketEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(
        request,
        await tickets.transition(
          getPrincipal(request),
          request.body.tkid,
          request.body.action,
          languageOf(request),
        ),
      ),
  );

  app.post(
    '/api/ticket/assign',
    {
      onRequest: guard('ticket.list', 'edit'),
      schema: {
        tags,
        summary: 'Assign to a colleague (null: unassign); a new ticket becomes assigned',
        description: tenancy,
        body: ticketAssignBodySchema,
        response: { 200: ticketEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await tickets.assign(getPrincipal(request), request.body.tkid, request.body.assignee)),
  );

  app.post(
    '/api/ticket/bulk',
    {
      onRequest: guard('ticket.list', 'edit'),
      schema: {
        tags,
        summary: 'Bulk assign, status action or priority',
        description:
          'Exactly one of assignee, action, priority. Each ticket is changed on its own; those the change does not ' +
          'apply to (or of another organisation) are listed in `failed` with the reason.',
        body: ticketBulkBodySchema,
        response: { 200: envelopeSchema(ticketBulkResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await tickets.bulk(getPrincipal(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/ticket/watch',
    {
      onRequest: guard('ticket.list', 'get'),
      schema: {
        tags,
        summary: 'Watch or stop watching a ticket',
        description: tenancy,
        body: ticketWatchBodySchema,
        response: { 200: ticketEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await tickets.watch(getPrincipal(request), request.body.tkid, request.body.watching)),
  );

  app.post(
    '/api/ticket/comment',
    {
      onRequest: guard('ticket.list', 'edit'),
      schema: {
        tags,
        summary: 'Add a public reply (mailed to the contact) or an internal note',
        description:
          'Content is sanitised HTML. `mentions` (colleague uids) are notified and start watching. The first public ' +
          `reply stops the first-response clock. ${tenancy}`,
        body: ticketCommentBodySchema,
        response: { 200: detailEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await tickets.comment(getPrincipal(request), request.body, languageOf(request))),
  );

  app.get(
    '/api/ticket/sla',
    {
      onRequest: guard('ticket.list', 'query'),
      schema: {
        tags,
        summary: 'SLA policies per priority (defaults until saved)',
        response: { 200: envelopeSchema(z.array(ticketSlaPolicySchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await tickets.slaPolicies(getPrincipal(request))),
  );

  app.post(
    '/api/ticket/sla',
    {
      onRequest: guard('ticket.list', 'delete'),
      schema: {
        tags,
        summary: 'Save SLA policies (administrators)',
        description: 'Targets in business minutes of the skill group; 0 = no target. Applies to new tickets.',
        body: ticketSlaPolicyBodySchema,
        response: { 200: envelopeSchema(z.array(ticketSlaPolicySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      ok(request, await tickets.saveSlaPolicies(getPrincipal(request), request.body.policies)),
  );

  app.get(
    '/api/ticket/template/query',
    {
      onRequest: guard('ticket.template', 'query'),
      schema: {
        tags,
        summary: 'Ticket templates of the organisation',
        response: { 200: envelopeSchema(z.array(ticketTemplateSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await tickets.templates(getPrincipal(request))),
  );

  app.post(
    '/api/ticket/template/save',
    {
      onRequest: guard('ticket.template', 'edit'),
      schema: {
        tags,
        summary: 'Create (without ttid) or update a template',
        description: "Names are unique per organisation (409). Another organisation's ttid is a 404.",
        body: ticketTemplateBodySchema,
        response: { 200: envelopeSchema(ticketTemplateSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await tickets.saveTemplate(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/ticket/template/delete',
    {
      onRequest: guard('ticket.template', 'delete'),
      schema: {
        tags,
        summary: 'Delete a template (tickets made from it keep their values)',
        body: ticketTtidQuerySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await tickets.deleteTemplate(getPrincipal(request), request.body.ttid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/ticket/statistic',
    {
      onRequest: guard('ticket.statistic', 'query'),
      schema: {
        tags,
        summary:
          'Created / resolved / backlog by UTC day; counts by status, priority, assignee, group; medians; SLA breach rate',
        querystring: ticketStatisticQuerySchema,
        response: { 200: envelopeSchema(ticketStatisticSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await tickets.statistics(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/ticket/statistic/export',
    {
      onRequest: guard('ticket.statistic', 'export'),
      schema: {
        tags,
        summary: 'The statistics as .xlsx: summary, created / resolved / backlog by day, counts by dimension',
        description: 'Same range and source as /api/ticket/statistic; the row count is in `X-Export-Rows`.',
        querystring: ticketStatisticQuerySchema,
        response: { 200: xlsxResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const file = await tickets.statisticsExport(getPrincipal(request), request.query, languageOf(request));
      return reply
        .header('Content-Type', xlsxMediaType)
        .header('Content-Disposition', attachmentDisposition(file.fileName))
        .header('Cache-Control', 'no-store')
        .header('X-Export-Rows', String(file.rows))
        .send(file.content);
    },
  );

  app.get(
    '/api/ticket/notice/query',
    {
      onRequest: [requireAuthority('workorder')],
      schema: {
        tags,
        summary: "The signed-in user's ticket notices (assigned, mentioned, replied), newest first",
        description: 'Also pushed live as the `ticket:notice` Socket.IO event.',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(pageSchema(ticketNoticeSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await tickets.notices(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/ticket/notice/read',
    {
      onRequest: [requireAuthority('workorder')],
      schema: {
        tags,
        summary: 'Mark notices read (an empty list: all of them)',
        body: ticketNoticeReadBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      await tickets.readNotices(getPrincipal(request), request.body.nids);
      return ok(request, null);
    },
  );

  app.get(
    '/api/ticket/inbound/secret',
    {
      onRequest: guard('ticket.list', 'delete'),
      schema: {
        tags,
        summary: 'The inbound-mail set-up (administrators): webhook, reply-address format, secret made when',
        description: 'Never the secret: it is shown once, when made. `secretCreatedAt` null: no secret yet.',
        response: { 200: envelopeSchema(ticketInboundInfoSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      ok(request, await tickets.inboundInfo(getPrincipal(request), `${request.protocol}://${request.host}`)),
  );

  app.post(
    '/api/ticket/inbound/secret',
    {
      onRequest: guard('ticket.list', 'delete'),
      schema: {
        tags,
        summary: 'Create or rotate the inbound-mail secret (administrators); shown once',
        description: 'Only its hash is stored; the previous secret stops working at once.',
        response: { 200: envelopeSchema(ticketInboundSecretSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) =>
      ok(
        request,
        await tickets.rotateInboundSecret(getPrincipal(request), `${request.protocol}://${request.host}`),
      ),
  );

  app.post(
    '/api/ticket/inbound/:org',
    {
      schema: {
        tags,
        summary:
          'Inbound mail webhook ("inbound parse" JSON): replies thread into their ticket, new mail opens one',
        description:
          "Called by the mail provider. `org` is the organisation's subDomain; the secret comes in the " +
          '`x-inbound-secret` header or the `secret` query parameter (401 when wrong). The ticket is found by the ' +
          "token in a recipient's reply address (`…+tk-<token>@…`); quoted history is dropped. A mail without a " +
          'token opens a new ticket (source email) for its sender, confirmed by mail.',
        params: z.object({ org: z.string().trim().min(1).max(64) }),
        querystring: z.object({ secret: z.string().max(200).optional() }),
        body: inboundMailBodySchema,
        response: { 200: envelopeSchema(inboundMailResultSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const header = request.headers['x-inbound-secret'];
      const secret = (Array.isArray(header) ? header[0] : header) ?? request.query.secret ?? '';
      return ok(request, await tickets.receiveMail(request.params.org, secret, request.body));
    },
  );
};
