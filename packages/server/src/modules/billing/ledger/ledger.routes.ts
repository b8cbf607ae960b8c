import {
  balanceAdjustBodySchema,
  envelopeSchema,
  ledgerEntrySchema,
  ledgerQuerySchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuthority, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['billing'];
const pageEnvelope = envelopeSchema(pageSchema(ledgerEntrySchema));

/** Issue 20: the balance ledger (the organisation's admins and platform staff) and manual adjustments. */
export const ledgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ledger } = app.services;

  app.get(
    '/api/billing/ledger/query',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: "A page of the organisation's balance movements, newest first (they sum to the balance)",
        querystring: ledgerQuerySchema,
        response: { 200: pageEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await ledger.pageOwn(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/platform/billing/ledger/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary:
          "Platform staff: every organisation's balance movements, or one organisation's (`subDomain`)",
        querystring: ledgerQuerySchema,
        response: { 200: pageEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await ledger.pageAll(request.query)),
  );

  app.post(
    '/api/platform/billing/balance/adjust',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Platform staff: credit or debit an organisation's balance with a reason",
        description:
          'Written to the ledger as `credit` / `debit` with the operator. A debit larger than the balance is ' +
          'refused (409); an unknown `subDomain` is 404.',
        body: balanceAdjustBodySchema,
        response: {
          200: envelopeSchema(ledgerEntrySchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ok(request, await ledger.adjust(getPrincipal(request), request.body)),
  );
};
