import {
  attachmentDetailSchema,
  attachmentGetQuerySchema,
  attachmentDeleteQuerySchema,
  attachmentQuerySchema,
  attachmentSchema,
  envelopeSchema,
  pageSchema,
  uploadKindValues,
  type UploadKind,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { parseByteRange } from './byte-range.js';
import { receiveUpload } from './upload.form.js';
import { uploadKindRules } from './upload.kinds.js';

const tags = ['upload'];

/** Spec §7 "Uploads" and the attachment picker; `/uploads/<key>` serves the stored files. */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const uploads = app.services.uploads;

  const registerUpload = (kind: UploadKind) => {
    const rule = uploadKindRules[kind];
    app.post(
      `/api/upload/${kind}`,
      {
        onRequest: [requireAuth],
        schema: {
          tags,
          summary: `Upload a file of kind "${kind}"`,
          description: `multipart/form-data with \`file\` (required; content must be one of: ${rule.allowed.join(', ')}), \`file_name\` (display name, e.g. \`20261122093000-report.pdf\`) and \`username\` (ignored: the uploader is the signed-in user).`,
          consumes: ['multipart/form-data'],
          response: { 200: envelopeSchema(attachmentSchema), ...errorResponses(400, 401, 413) },
        },
      },
      async (request) => {
        const staged = await receiveUpload(request, {
          stagingDir: uploads.stagingDir,
          kind,
          limitMb: uploads.limitMb(kind),
        });
        try {
          return ok(request, await uploads.create(getPrincipal(request), kind, staged));
        } finally {
          await staged.discard();
        }
      },
    );
  };
  for (const kind of uploadKindValues) registerUpload(kind);

  app.get(
    '/api/attachment/query',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: "A page of the organisation's attachments, newest first",
        querystring: attachmentQuerySchema,
        response: { 200: envelopeSchema(pageSchema(attachmentSchema)), ...errorResponses(400, 401) },
      },
    },
    async (request) => ok(request, await uploads.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/attachment/get',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'One attachment and the articles whose content uses it',
        description: "Another organisation's aid is a 404.",
        querystring: attachmentGetQuerySchema,
        response: { 200: envelopeSchema(attachmentDetailSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ok(request, await uploads.get(getPrincipal(request), request.query.aid)),
  );

  app.delete(
    '/api/attachment/delete',
    {
      onRequest: [requireAuth],
      schema: {
        tags,
        summary: 'Delete an attachment and its stored files',
        description: 'While articles use it (an image or link in their content), 409 naming them.',
        querystring: attachmentDeleteQuerySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      await uploads.remove(getPrincipal(request), request.query.aid);
      return ok(request, null);
    },
  );

  app.get('/uploads/*', { schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const rangeHeader = request.headers.range;
    let file;
    try {
      file = await uploads.openStored(key, (size) => parseByteRange(rangeHeader, size));
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 416) {
        reply.header('Content-Range', `bytes */${error.params.size}`);
      }
      throw error;
    }
    void reply
      .header('Content-Type', file.mediaType)
      .header('Content-Disposition', file.disposition)
      // Never let a browser guess a type from the bytes, and render nothing active even if it did.
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      // Keys are random and never reused, so a stored file never changes.
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .header('Accept-Ranges', 'bytes');
    if (file.range) {
      void reply
        .code(206)
        .header('Content-Range', `bytes ${file.range.start}-${file.range.end}/${file.size}`)
        .header('Content-Length', String(file.range.end - file.range.start + 1));
    } else {
      void reply.header('Content-Length', String(file.size));
    }
    return reply.send(file.stream);
  });
};
