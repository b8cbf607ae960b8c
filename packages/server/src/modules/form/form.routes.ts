import {
  envelopeSchema,
  formGetQuerySchema,
  formSaveBodySchema,
  formSchema,
  prechatDefaultBodySchema,
  prechatDefaultSchema,
  threadFormAnswersSchema,
  visitorFormSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority, requirePermission } from '../../http/guards.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { chatFormRoutes } from './form.chat.routes.js';
import { publicFormRoutes } from './form.public.routes.js';
import { createFormService } from './form.service.js';
import { surveyRoutes } from './form.survey.routes.js';

const tags = ['form'];
/** The console's pre-chat form page is the hidden `kefu.form` menu item: its permission guards every edit. */
const permissionId = 'kefu.form';
const scopeDescription =
  'A pre-chat form is a published builder form (/api/form/survey/*) chosen by a skill group ' +
  "(preChatForm) or as the organisation's default. A skill group with showForm on asks its own form, " +
  "else the organisation's, else the built-in one (name required, mobile and email optional).";

/** Issue 5 "Pre-chat form" (a use of the form builder since issue 16): what a skill group with showForm asks before the chat. */
export const formRoutes: FastifyPluginAsyncZod = async (app) => {
  const forms = createFormService({ db: app.services.db });
  // Issue 16: the builder's forms are the same module's second use (console API and public page).
  await app.register(surveyRoutes);
  await app.register(publicFormRoutes);
  await app.register(chatFormRoutes);

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
        summary: 'Write and publish the pre-chat form of the organisation (no wid) or of a skill group',
        description:
          `${scopeDescription} Kept for API clients of issue 5: the fields are builder items (the ` +
          "builder's rules; built-in keys name, mobile, email, age, job may leave the label empty and get " +
          "the caller's language's word). The scope's own builder form is saved and published as its next " +
          'version; a scope without one gets a new form, chosen for it.',
        body: formSaveBodySchema,
        response: { 200: envelopeSchema(formSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await forms.save(getPrincipal(request), request.body, languageOf(request))),
  );

  app.get(
    '/api/form/prechat/default',
    {
      onRequest: [requirePermission(permissionId, 'get')],
      schema: {
        tags,
        summary: "The organisation's default pre-chat form (a builder form), or fid null",
        description: scopeDescription,
        querystring: z.object({ client: z.string().max(32).optional() }),
        response: { 200: envelopeSchema(prechatDefaultSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ok(request, await forms.getDefault(getPrincipal(request))),
  );

  app.post(
    '/api/form/prechat/default',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: "Choose the organisation's default pre-chat form (null or '': the built-in form)",
        description:
          `${scopeDescription} The form must be published (400 naming fid); an unknown or another ` +
          "organisation's fid → 404.",
        body: prechatDefaultBodySchema,
        response: { 200: envelopeSchema(prechatDefaultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await forms.setDefault(getPrincipal(request), request.body.fid || null)),
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
          'open chat with it; the answers then go as `form` in POST /visitor/api/thread/request. A select or ' +
          "radio option with a route puts the conversation through to that skill group (the original's 205 flow).",
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
