import {
  envelopeSchema,
  fidBodySchema,
  formGetQuerySchema,
  formQuerySchema,
  formSaveBodySchema,
  formSchema,
  pageSchema,
  threadFormAnswersSchema,
  visitorFormSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { chatFormRoutes } from './form.chat.routes.js';
import { publicFormRoutes } from './form.public.routes.js';
import { createFormService } from './form.service.js';
import { surveyRoutes } from './form.survey.routes.js';

const tags = ['form'];
/** The console's pre-chat form page is the hidden `kefu.form` menu item: its permission guards every edit. */
const permissionId = 'kefu.form';
const scopeDescription =
  'Forms are kept per organisation (no wid: its default) and per skill group (wid), which overrides ' +
  "the default. A skill group with showForm on asks its own form, else the organisation's, else the " +
  'built-in one (name required, mobile and email optional).';

/** Issue 5 "Pre-chat form": what a skill group with showForm asks before the chat. */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const forms = createFormService({ db: app.services.db });
  // Issue 16: the builder's forms are the same module's second use (console API and public page).
  await app.register(surveyRoutes);
  await app.register(publicFormRoutes);
  await app.register(chatFormRoutes);

  app.get(
    '/api/form/query',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's saved forms (its default first)",
        description: scopeDescription,
        querystring: formQuerySchema,
        response: { 200: envelopeSchema(pageSchema(formSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await forms.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/form/get',
    {
      onRequest: [requirePermission(permissionId, 'get')],
      schema: {
        tags,
        summary: 'The form of the organisation (no wid) or of a skill group, as the console edits it',
        description:
          `${scopeDescription} When nothing is saved for the scope, the answer is the form that applies ` +
          "(fid '', createdAt null). Unknown or another organisation's wid → 404.",
        querystring: formGetQuerySchema,
        response: { 200: envelopeSchema(formSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await forms.get(getPrincipal(request), request.query.wid)),
  );

  app.post(
    '/api/form/save',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Create or replace the form of the organisation (no wid) or of a skill group',
        description:
          `${scopeDescription} Built-in keys (name, mobile, email, age, job) keep their type; custom ` +
          'fields are text, number or select (with options) and need a label; keys are unique.',
        body: formSaveBodySchema,
        response: { 200: envelopeSchema(formSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await forms.save(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/form/delete',
    {
      onRequest: [requirePermission(permissionId, 'delete')],
      schema: {
        tags,
        summary: "Delete a saved form: the organisation's default (or the built-in form) applies again",
        body: fidBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await forms.remove(getPrincipal(request), request.body.fid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/form/answers',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags,
        summary: "The visitor's pre-chat form answers for a conversation (latest care cycle), or null",
        querystring: z.object({
          tid: z.string().trim().min(1).max(64),
          client: z.string().max(32).optional(),
        }),
        response: {
          200: envelopeSchema(threadFormAnswersSchema.nullable()),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await forms.answersOfThread(getPrincipal(request), request.query.tid)),
  );

  app.get(
    '/visitor/api/form',
    {
      onRequest: [requireVisitor],
      schema: {
        tags: ['visitor'],
        summary: 'The pre-chat form of a skill group and whether it must be filled before asking for a chat',
        description:
          `${scopeDescription} \`required\` is true when the group has showForm on and the visitor has no ` +
          'open chat with it; the answers then go as `form` in POST /visitor/api/thread/request.',
        querystring: z.object({
          wid: z.string().trim().min(1).max(64),
          client: z.string().max(32).optional(),
        }),
        response: { 200: envelopeSchema(visitorFormSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await forms.visitorForm(getVisitorPrincipal(request), request.query.wid)),
  );
};
