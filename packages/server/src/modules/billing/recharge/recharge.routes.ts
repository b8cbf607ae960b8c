import {
  envelopeSchema,
  errorEnvelopeSchema,
  orderNoBodySchema,
  pageSchema,
  promotionCheckQuerySchema,
  promotionCheckSchema,
  rechargeCreateBodySchema,
  rechargeOrderSchema,
  rechargeQuerySchema,
  refundBodySchema,
} from '@openkefu/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority, requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['billing'];
const orderEnvelope = envelopeSchema(rechargeOrderSchema);
/**
 * Recharging pays for the whole organisation: its admins' (the `admin` authority, which the
 * organisation's own admin roles and platform staff hold; not workgroup admins, not agents).
 */
const guard = requireAuthority('admin');

/** Issue 20: recharge orders (the organisation's and the platform's) and promotion checks. */
export const rechargeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recharges, promotions, config } = app.services;
  const originOf = (request: FastifyRequest) => config.publicUrl || `${request.protocol}://${request.host}`;

  app.post(
    '/api/billing/recharge',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary:
          'Place a recharge order: a WeChat Pay QR code (`codeUrl`) or an Alipay cashier page (`payUrl`)',
        description:
          'The provider must be set up on the server and switched on in your settings (`wechatPay` / `alipay`), ' +
          'else 400 naming `provider`. A promotion code takes its discount off what is paid (400 naming ' +
          '`promotionCode` when it does not apply); the whole amount is credited when paid. The order expires after ' +
          '15 minutes. 422 when the provider refuses.',
        body: rechargeCreateBodySchema,
        response: {
          200: orderEnvelope,
          ...errorResponses(400, 401, 403),
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(request, await recharges.create(getPrincipal(request), request.body, originOf(request))),
  );

  app.get(
    '/api/billing/recharge/query',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: "A page of the organisation's recharge orders, newest first",
        querystring: rechargeQuerySchema,
        response: { 200: envelopeSchema(pageSchema(rechargeOrderSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await recharges.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/billing/recharge/get',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary:
          'One order of the organisation (the payment page polls it; `recharge:update` also pushes it)',
        querystring: orderNoBodySchema,
        response: { 200: orderEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await recharges.get(getPrincipal(request), request.query.orderNo)),
  );

  app.post(
    '/api/billing/recharge/close',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'Give up a pending order: closed with the provider, then here',
        description:
          'The provider is asked first: an order paid meanwhile is credited and answered `paid`. 409 when the ' +
          'order is no longer pending.',
        body: orderNoBodySchema,
        response: {
          200: orderEnvelope,
          ...errorResponses(400, 401, 403, 404, 409),
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) => ok(request, await recharges.close(getPrincipal(request), request.body.orderNo)),
  );

  app.get(
    '/api/billing/promotion/check',
    {
      onRequest: [guard],
      schema: {
        tags,
        summary: 'What a promotion code takes off this amount (400 naming `code` when it does not apply)',
        querystring: promotionCheckQuerySchema,
        response: { 200: envelopeSchema(promotionCheckSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await promotions.check(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/platform/billing/recharge/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: "Platform staff: every organisation's recharge orders, newest first",
        querystring: rechargeQuerySchema,
        response: { 200: envelopeSchema(pageSchema(rechargeOrderSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await recharges.pageAll(request.query)),
  );

  app.post(
    '/api/platform/billing/refund',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Platform staff: refund (part of) a paid order',
        description:
          'At most what was paid less what was refunded (400 naming `amountCents`). The balance gives back what ' +
          'the refunded money credited, refused (409) when it is lower; then the provider refunds the payer. The ' +
          'order turns `refunded` when a refund succeeds.',
        body: refundBodySchema,
        response: {
          200: orderEnvelope,
          ...errorResponses(400, 401, 403, 404, 409),
          422: errorEnvelopeSchema,
        },
      },
    },
    async (request) =>
      ok(request, await recharges.refund(getPrincipal(request), request.body, originOf(request))),
  );
};

/**
 * Where WeChat Pay and Alipay post their notifications: no auth (the signature is the proof), and
 * the body kept as the exact bytes received, since the signature covers them. Its own plugin, so
 * these content-type parsers apply to these routes only.
 */
export const rechargeNotifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { recharges } = app.services;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/api/billing/notify/:provider',
    {
      schema: { hide: true, params: z.object({ provider: z.enum(['wechatpay', 'alipay']) }) },
    },
    async (request, reply) => {
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(request.headers))
        headers[name] = Array.isArray(value) ? value.join(',') : value;
      const rawBody = Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '';
      const answer = await recharges.handleNotification(request.params.provider, { headers, rawBody });
      return reply.code(answer.status).type(answer.contentType).send(answer.body);
    },
  );
};
