import {
  envelopeSchema,
  pageSchema,
  tagAllQuerySchema,
  tagBriefSchema,
  tagCreateBodySchema,
  tagQuerySchema,
  tagSchema,
  tagsPerTargetLimit,
  tagUpdateBodySchema,
  tgidQuerySchema,
  threadTagsBodySchema,
  threadTagsQuerySchema,
  visitorTagsBodySchema,
  visitorTagsQuerySchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority, requirePermission } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { createTagService } from './tag.service.js';

const tags = ['tag'];
/** The console's tag page is the `kefu.tag` menu item: its permission guards the tag list calls. */
const permissionId = 'kefu.tag';
const tagEnvelope = envelopeSchema(tagSchema);
const briefsEnvelope = envelopeSchema(z.array(tagBriefSchema));
/** Tagging happens in the workbench, which needs `chat` (like the visitor note). */
const workbench = [requireAuthority('chat')];

/** Issue 5 "Tags": the organisation's labels, and applying them to conversations and visitors. */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createTagService({ db: app.services.db });

  app.get(
    '/api/tag/query',
    {
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: "A page of the organisation's tags by type, then name",
        description: '`type` (thread or visitor) and `keyword` (name contains it) narrow it.',
        querystring: tagQuerySchema,
        response: { 200: envelopeSchema(pageSchema(tagSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await service.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/tag/all',
    {
      // The workbench's pickers read it too: agents hold kefu.tag query by default.
      onRequest: [requirePermission(permissionId, 'query')],
      schema: {
        tags,
        summary: 'Every tag of the organisation (of one type), by name',
        querystring: tagAllQuerySchema,
        response: { 200: envelopeSchema(z.array(tagSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await service.all(getPrincipal(request), request.query.type)),
  );

  app.post(
    '/api/tag/create',
    {
      onRequest: [requirePermission(permissionId, 'add')],
      schema: {
        tags,
        summary: 'Create a tag; names are unique per type (409)',
        body: tagCreateBodySchema,
        response: { 200: tagEnvelope, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await service.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/tag/update',
    {
      onRequest: [requirePermission(permissionId, 'edit')],
      schema: {
        tags,
        summary: 'Rename or recolour a tag (its type stays)',
        body: tagUpdateBodySchema,
        response: { 200: tagEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await service.update(getPrincipal(request), request.body)),
  );

  app.delete(
    '/api/tag/delete',
    {
      onRequest: [requirePermission(permissionId, 'delete')],
      schema: {
        tags,
        summary: 'Delete a tag; it leaves every conversation and visitor that carried it',
        querystring: tgidQuerySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await service.remove(getPrincipal(request), request.query.tgid);
      return ok(request, null);
    },
  );

  app.get(
    '/api/thread/tags',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "A conversation's tags",
        querystring: threadTagsQuerySchema,
        response: { 200: briefsEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await service.threadTags(getPrincipal(request), request.query.tid)),
  );

  app.post(
    '/api/thread/tags',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "Replace a conversation's tags",
        description:
          `\`tags\`: tgids of the organisation's thread tags (at most ${tagsPerTargetLimit}; [] clears). ` +
          'An unknown tgid is a 404, a visitor tag a 400 on `tags`.',
        body: threadTagsBodySchema,
        response: { 200: briefsEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await service.setThreadTags(getPrincipal(request), request.body.tid, request.body.tags)),
  );

  app.get(
    '/api/visitor/tags',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "A visitor's tags",
        querystring: visitorTagsQuerySchema,
        response: { 200: briefsEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await service.visitorTags(getPrincipal(request), request.query.vid)),
  );

  app.post(
    '/api/visitor/tags',
    {
      onRequest: workbench,
      schema: {
        tags,
        summary: "Replace a visitor's tags",
        description:
          `\`tags\`: tgids of the organisation's visitor tags (at most ${tagsPerTargetLimit}; [] clears). ` +
          'An unknown tgid is a 404, a thread tag a 400 on `tags`.',
        body: visitorTagsBodySchema,
        response: { 200: briefsEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await service.setVisitorTags(getPrincipal(request), request.body.vid, request.body.tags)),
  );
};
