import {
  envelopeSchema,
  llmPidBodySchema,
  llmProviderCreateBodySchema,
  llmProviderSchema,
  llmProviderTestResultSchema,
  llmProviderUpdateBodySchema,
  llmRobotBodySchema,
  llmSettingsBodySchema,
  llmSettingsSchema,
} from '@openkefu/contract';
import type { PermissionAction } from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['llm'];
const guard = (action: PermissionAction) => [requirePermission('robot.zhipuai', action)];
const adminOnly = "The robot section's zhipuai item (admin account only: 403 for anyone else).";

/** Issue 14: large-model providers for the robots of type zhipuai_*. */
export const llmRoutes: FastifyPluginAsyncZod = async (app) => {
  const { llm } = app.services;
  const providerEnvelope = envelopeSchema(llmProviderSchema);

  app.get(
    '/api/llm/provider/query',
    {
      onRequest: guard('query'),
      schema: {
        tags,
        summary:
          "The organisation's large-model providers (API keys never included, only their last four characters)",
        description: adminOnly,
        response: { 200: envelopeSchema(z.array(llmProviderSchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await llm.list(getPrincipal(request))),
  );

  app.post(
    '/api/llm/provider/create',
    {
      onRequest: guard('add'),
      schema: {
        tags,
        summary: 'Add a provider speaking the OpenAI-compatible chat-completions protocol',
        description: `\`baseUrl\` is the API root (\`/chat/completions\` is appended); the key is stored encrypted. ${adminOnly}`,
        body: llmProviderCreateBodySchema,
        response: { 200: providerEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await llm.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/llm/provider/update',
    {
      onRequest: guard('edit'),
      schema: {
        tags,
        summary: 'Change a provider (an empty or absent apiKey keeps the stored key)',
        description: adminOnly,
        body: llmProviderUpdateBodySchema,
        response: { 200: providerEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await llm.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/llm/provider/delete',
    {
      onRequest: guard('delete'),
      schema: {
        tags,
        summary: 'Remove a provider; its robots answer from their FAQs again',
        description: adminOnly,
        body: llmPidBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await llm.remove(getPrincipal(request), request.body.pid);
      return ok(request, null);
    },
  );

  app.post(
    '/api/llm/provider/test',
    {
      onRequest: guard('query'),
      schema: {
        tags,
        summary: 'Ask the provider one short question: whether its address, model and key work, and how fast',
        description: adminOnly,
        body: llmPidBodySchema,
        response: { 200: envelopeSchema(llmProviderTestResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await llm.test(getPrincipal(request), request.body.pid)),
  );

  app.post(
    '/api/llm/robot',
    {
      onRequest: guard('edit'),
      schema: {
        tags,
        summary: 'Which provider a robot of type zhipuai_* answers with (pid null: none)',
        description:
          'The robot answers with retrieval over its FAQs and help-centre articles, streamed; when the ' +
          "provider fails or the day's tokens are spent it answers from its FAQs, then hands over. " +
          `400 for a robot of another type. ${adminOnly}`,
        body: llmRobotBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await llm.assign(getPrincipal(request), request.body);
      return ok(request, null);
    },
  );

  app.get(
    '/api/llm/settings',
    {
      onRequest: guard('query'),
      schema: {
        tags,
        summary: "The organisation's daily token limit and today's use",
        description: adminOnly,
        response: { 200: envelopeSchema(llmSettingsSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await llm.settings(getPrincipal(request))),
  );

  app.post(
    '/api/llm/settings',
    {
      onRequest: guard('edit'),
      schema: {
        tags,
        summary: 'Set the daily token limit (UTC days; 0 turns large-model answers off)',
        description: adminOnly,
        body: llmSettingsBodySchema,
        response: { 200: envelopeSchema(llmSettingsSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await llm.saveSettings(getPrincipal(request), request.body)),
  );
};
