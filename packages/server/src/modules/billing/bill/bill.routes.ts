import {
  billGetQuerySchema,
  billIdBodySchema,
  billingOverviewSchema,
  billingPaymentSchema,
  billingRenewBodySchema,
  billingSettingsBodySchema,
  billIssueBodySchema,
  billQuerySchema,
  billSchema,
  billVoidBodySchema,
  envelopeSchema,
  pageSchema,
  subDomainQuerySchema,
  usageDaySchema,
  usageQuerySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuth, requireAuthority, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['billing'];
const platformTags = ['billing', 'platform'];

/**
 * Billing (issue 20): the organisation's overview, settings, usage, bills, payment and renewal, and
 * the platform staff's view of every organisation's bills. The overview is every signed-in user's
 * (the console's expiry banner reads it); the rest is the organisation admins' (`admin`).
 */
export const billRoutes: FastifyPluginAsyncZod = async (app) => {
  const { bills, usage } = app.billing;

  app.get(
    '/api/billing/overview',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "The organisation's balance, validity, plan, this month's usage and estimate, unpaid bills",
        description:
          'state: active, expiring (within 7 days of the validity date) or expired (the console is read-only: ' +
          'writes other than sign-out, billing and live chat get 402). providers: payment methods configured on the ' +
          'server and switched on in your settings.',
        response: { 200: envelopeSchema(billingOverviewSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await bills.overview(getPrincipal(request))),
  );

  app.post(
    '/api/billing/settings',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'Auto-pay and add-ons',
        description:
          'autoPay: bills are paid from the balance when issued, if it covers them. addOns: codes of add-ons the ' +
          "organisation's plan offers (400 naming one it does not); billed monthly from the next bill.",
        body: billingSettingsBodySchema,
        response: { 200: envelopeSchema(billingOverviewSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await bills.saveSettings(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/billing/usage',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'Seats and tokens per day, for a chart',
        description:
          'Days (UTC) from `from` to `to` inclusive, at most 366; days without usage are absent. Seats are the ' +
          "day's peak of enabled person accounts (robots excluded); today is counted live.",
        querystring: usageQuerySchema,
        response: { 200: envelopeSchema(z.array(usageDaySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await usage.list(getPrincipal(request).orgId, request.query)),
  );

  app.get(
    '/api/billing/bill/query',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: "A page of the organisation's bills, newest first",
        querystring: billQuerySchema,
        response: { 200: envelopeSchema(pageSchema(billSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await bills.queryOwn(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/billing/bill/get',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'One of the organisation’s bills with its lines',
        querystring: billGetQuerySchema,
        response: { 200: envelopeSchema(billSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await bills.getOwn(getPrincipal(request), request.query.bid)),
  );

  app.post(
    '/api/billing/bill/pay',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: 'Pay an unpaid bill from the balance',
        description:
          'Renews the validity by a month from the later of today and the current validity. 409 ' +
          'billing.insufficientBalance (with the balance and the amount) when the balance is short; 409 for a ' +
          'bill already paid or void.',
        body: billIdBodySchema,
        response: { 200: envelopeSchema(billingPaymentSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await bills.pay(getPrincipal(request), request.body.bid)),
  );

  app.post(
    '/api/billing/renew',
    {
      onRequest: [requireAuthority('admin')],
      schema: {
        tags,
        summary: "Pay months × the plan's base fee ahead of time, extending the validity",
        description:
          'months 1–36, from the later of today and the current validity. 409 when the balance is short, the ' +
          'plan has no fee, or the organisation has no expiry date.',
        body: billingRenewBodySchema,
        response: { 200: envelopeSchema(billingPaymentSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await bills.renew(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/platform/billing/overview',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: "One organisation's billing overview",
        querystring: subDomainQuerySchema,
        response: { 200: envelopeSchema(billingOverviewSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await bills.overviewForStaff(request.query.subDomain)),
  );

  app.get(
    '/api/platform/billing/bill/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: "A page of every organisation's bills, newest first",
        description: 'Narrowed by state, period (YYYY-MM) and organisation (subDomain).',
        querystring: billQuerySchema,
        response: { 200: envelopeSchema(pageSchema(billSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await bills.queryAll(request.query)),
  );

  app.post(
    '/api/platform/billing/bill/void',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: 'Void a bill',
        description:
          "A paid bill's amount goes back to the balance (ledger: credit); the validity it bought stays. 409 for a " +
          'bill already void or with a pending or issued invoice.',
        body: billVoidBodySchema,
        response: { 200: envelopeSchema(billSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await bills.voidBill(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/platform/billing/bill/issue',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags: platformTags,
        summary: "Issue an organisation's bill for a month now",
        description:
          "For tests and corrections: the month's usage at the plan's prices, paid at once with auto-pay and " +
          'enough balance. 409 when the month has a live bill (void it first) or nothing to bill.',
        body: billIssueBodySchema,
        response: { 200: envelopeSchema(billSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await bills.issueNow(request.body)),
  );
};
