import {
  attachmentSchema,
  envelopeSchema,
  visitorInitBodySchema,
  visitorInitResultSchema,
  visitorNoteBodySchema,
  visitorProfileBodySchema,
  visitorSchema,
  widgetSettingsSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { receiveUpload } from '../upload/upload.form.js';
import { getVisitorPrincipal, requireVisitor } from './visitor.guard.js';

const tags = ['visitor'];
const visitorUploadKinds = ['image', 'file'] as const;

/** The widget's identity, settings and uploads (issue 4), and agents' notes about visitors. */
export const visitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { visitors, threads, uploads } = app.services;

  app.post(
    '/visitor/api/init',
    {
      schema: {
        tags,
        summary: 'Identify (or create) the anonymous visitor of an organisation and hand out its token',
        description:
          'Public. `org` is the organisation subDomain from the embed snippet. A browser that sends the ' +
          'token it kept stays the same visitor (visit count +1, page and referrer updated); no token or ' +
          'an unknown one creates a new visitor. Keep the returned token: it authenticates /visitor/api/* ' +
          '(Bearer) and the Socket.IO handshake.',
        body: visitorInitBodySchema,
        response: { 200: envelopeSchema(visitorInitResultSchema), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) =>
      ok(
        request,
        await visitors.init(request.body, {
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
        }),
      ),
  );

  app.get(
    '/visitor/api/settings',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary:
          'What the widget shows for a skill group (wid) or an appointed agent (aid): tips and options',
        querystring: z.object({
          wid: z.string().trim().max(64).optional(),
          aid: z.string().trim().max(64).optional(),
        }),
        response: { 200: envelopeSchema(widgetSettingsSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) =>
      ok(request, await threads.widgetSettings(getVisitorPrincipal(request).orgId, request.query)),
  );

  app.get(
    '/visitor/api/profile',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The visitor itself',
        response: { 200: envelopeSchema(visitorSchema), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await visitors.get(getVisitorPrincipal(request))),
  );

  app.post(
    '/visitor/api/profile',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The visitor tells its name, email or mobile (pre-chat form, leave-message form)',
        body: visitorProfileBodySchema,
        response: { 200: envelopeSchema(visitorSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await visitors.updateProfile(getVisitorPrincipal(request), request.body)),
  );

  app.post(
    '/visitor/api/upload',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'Upload an image or file to send in the chat',
        description:
          'multipart/form-data with `file` and optional `kind` (image, the default for images, or file). ' +
          'Content is checked against its real type; limits as for agents (413 past them).',
        consumes: ['multipart/form-data'],
        querystring: z.object({ kind: z.enum(visitorUploadKinds).default('file') }),
        response: { 200: envelopeSchema(attachmentSchema), ...errorResponses(400, 401, 413) },
      },
    },
    async (request) => {
      const visitor = getVisitorPrincipal(request);
      const kind = request.query.kind;
      const staged = await receiveUpload(request, {
        stagingDir: uploads.stagingDir,
        kind,
        limitMb: uploads.limitMb(kind),
      });
      try {
        return ok(
          request,
          await uploads.create({ orgId: visitor.orgId, userId: null, username: visitor.vid }, kind, staged),
        );
      } finally {
        await staged.discard();
      }
    },
  );

  app.post(
    '/api/visitor/note',
    {
      onRequest: [requireAuthority('chat')],
      schema: {
        tags,
        summary: "An agent's note about a visitor of the organisation",
        body: visitorNoteBodySchema,
        response: { 200: envelopeSchema(visitorSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await visitors.setNote(getPrincipal(request).orgId, request.body.vid, request.body.note)),
  );
};
