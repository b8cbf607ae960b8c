import type { FastifyReply } from 'fastify';
import {
  envelopeSchema,
  invoiceIssueBodySchema,
  invoicePdfQuerySchema,
  invoiceQuerySchema,
  invoiceRejectBodySchema,
  invoiceRequestBodySchema,
  invoiceSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuthority, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';
import { parseOrThrow } from '../../../http/validation.js';
import { contentDisposition } from '../../upload/file-name.js';

const tags = ['billing'];
const platformTags = ['billing', 'platform'];

/** Invoices for paid bills (issue 20): the organisation asks, platform staff issue or reject. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { invoices } = app.billing;

  app.post(
    '/api/billing/invoice/request',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'Ask for an invoice over paid bills',
        description:
          "Only the organisation's own paid bills (404 for an unknown one), none already in a pending or issued " +
          'invoice (409). The requester is emailed when it is issued or rejected.',
        body: invoiceRequestBodySchema,
        response: { 200: envelopeSchema(invoiceSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await invoices.request(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/billing/invoice/query',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: "A page of the organisation's invoices, newest first",
        querystring: invoiceQuerySchema,
        response: { 200: envelopeSchema(pageSchema(invoiceSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await invoices.queryOwn(getPrincipal(request), request.query)),
  );

  const sendPdf = (reply: FastifyReply, pdf: Awaited<ReturnType<typeof invoices.openPdf>>) =>
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', contentDisposition('attachment', `invoice-${pdf.ivid}.pdf`))
      .header('Content-Length', String(pdf.size))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(pdf.stream);

  app.get(
    '/api/billing/invoice/pdf',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'The PDF of an issued invoice',
        description: 'application/pdf. 404 for another organisation’s invoice, 409 while it is not issued.',
        querystring: invoicePdfQuerySchema,
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.openPdf(getPrincipal(request).orgId, request.query.ivid)),
  );

  app.get(
    '/api/platform/billing/invoice/pdf',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: "The PDF of any organisation's issued invoice",
        description: 'application/pdf. 409 while it is not issued.',
        querystring: invoicePdfQuerySchema,
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.openPdf(null, request.query.ivid)),
  );

  app.get(
    '/api/platform/billing/invoice/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: "A page of every organisation's invoices, newest first",
        querystring: invoiceQuerySchema,
        response: { 200: envelopeSchema(pageSchema(invoiceSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await invoices.queryAll(request.query)),
  );

  app.post(
    '/api/platform/billing/invoice/issue',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: 'Issue a requested invoice: upload its PDF, or generate one',
        description:
          'multipart/form-data with `file` (a PDF by its content, at most 10 MB) and the field `ivid`; or JSON ' +
          '{ ivid } to generate a simple PDF (seller, buyer title and tax id, a line per bill, total; Latin text, ' +
          'the title as given in the document properties). 409 unless the invoice is requested.',
        response: { 200: envelopeSchema(invoiceSchema), ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => {
      const principal = getPrincipal(request);
      if (request.isMultipart()) return ok(request, await invoices.issueUploaded(principal, request));
      const body = parseOrThrow(invoiceIssueBodySchema, request.body ?? {});
      return ok(request, await invoices.issueGenerated(principal, body.ivid));
    },
  );

  app.post(
    '/api/platform/billing/invoice/reject',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: 'Reject a requested invoice with a reason',
        description: 'Its bills may be asked for again. 409 unless the invoice is requested.',
        body: invoiceRejectBodySchema,
        response: { 200: envelopeSchema(invoiceSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await invoices.reject(getPrincipal(request), request.body)),
  );
};
