import {
  envelopeSchema,
  userSettingKeys,
  userSettingsSchema,
  userSettingToggleQuerySchema,
  clientParamSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';

const tags = ['user'];

const settingLabels = {
  preview: 'preview of what a visitor is typing',
  connected: 'notice when a visitor connects',
  disconnected: 'notice when a visitor disconnects',
  historymessages: 'history messages in the chat window',
  wechatpay: 'WeChat Pay',
  alipay: 'Alipay',
} as const;

/** Spec §3 "Per-user settings": the signed-in user's own switches. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = app.services.users;

  app.get(
    '/api/user/settings',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "The signed-in user's settings",
        description: 'Defaults (notices and history on, payments off) until a switch is changed.',
        querystring: clientParamSchema,
        response: { 200: envelopeSchema(userSettingsSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await users.getSettings(getPrincipal(request))),
  );

  // Six explicit paths (spec §7) rather than a parameter, so an unknown one is a plain 404.
  for (const key of userSettingKeys) {
    app.get(
      `/api/user/settings/${key}`,
      {
        onRequest: [requireAuth],
        schema: {
          tags,
          summary: `Switch ${settingLabels[key]} on or off`,
          description: `Sets the "${key}" switch of the signed-in user to \`on\` and returns all settings.`,
          querystring: userSettingToggleQuerySchema,
          response: { 200: envelopeSchema(userSettingsSchema), ...errorResponses(400, 401) },
        },
      },
      async (request) => ok(request, await users.setSetting(getPrincipal(request), key, request.query.on)),
    );
  }
};
