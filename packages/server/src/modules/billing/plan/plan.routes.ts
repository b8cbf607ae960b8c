import {
  envelopeSchema,
  planAssignBodySchema,
  planIdBodySchema,
  planSaveBodySchema,
  planSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requirePlatformStaff } from '../../../http/guards.js';
import { errorResponses, ok } from '../../../http/reply.js';

const tags = ['billing', 'platform'];

/** Platform section → billing → plans (issue 20). Platform staff only. */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const plans = app.billing.plans;

  app.get(
    '/api/platform/billing/plan/query',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Every plan, cheapest first, with how many organisations are on each',
        description: 'The default plan counts the organisations put on no plan of their own.',
        response: { 200: envelopeSchema(z.array(planSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await plans.query()),
  );

  app.post(
    '/api/platform/billing/plan/save',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Create a plan (no pid) or change one',
        description:
          'Prices are whole cents. Making a plan the default takes the mark from the others. A disabled plan is ' +
          'offered to nobody new but keeps billing the organisations on it.',
        body: planSaveBodySchema,
        response: { 200: envelopeSchema(planSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await plans.save(request.body)),
  );

  app.post(
    '/api/platform/billing/plan/delete',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Delete a plan nobody is on',
        description: '409 while organisations are on it, and for the default plan.',
        body: planIdBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      await plans.remove(request.body.pid);
      return ok(request, null);
    },
  );

  app.post(
    '/api/platform/billing/plan/assign',
    {
      onRequest: [requirePlatformStaff],
      schema: {
        tags,
        summary: 'Put an organisation on a plan',
        description:
          'From its next bill on. Add-ons the new plan does not offer are switched off. 409 for a disabled plan.',
        body: planAssignBodySchema,
        response: { 200: envelopeSchema(planSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await plans.assign(request.body)),
  );
};
