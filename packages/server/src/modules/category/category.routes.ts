import {
  categoryAllQuerySchema,
  categoryCidQuerySchema,
  categoryCreateBodySchema,
  categoryQuerySchema,
  categorySchema,
  categoryTreeNodeSchema,
  categoryTreeQuerySchema,
  categoryUpdateBodySchema,
  envelopeSchema,
  pageSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuth } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { createArticleAccess } from '../article/article.access.js';
import { createCuwAccess } from '../cuw/cuw.access.js';
import './category.messages.js';
import { createCategoryService } from './category.service.js';

const tags = ['category'];
const client = { client: z.string().max(32).optional() };
const ownership =
  "Ownership follows the type: cuw_mine — the caller's own; cuw_company — the organisation's (changes need " +
  'the action on kefu.cuw); cuw_platform — read by all, changed by platform staff only (403). Quick-reply ' +
  'types need kefu.cuw query for every call. Article types (support, blog, knowledge, zhaobiao, jinrimeiyu, ' +
  "tiku, tikuqa) are the organisation's trees, guarded by the article type's menu permission (support: " +
  'kb.list, blog: kb.blog, knowledge: kb.internal, zhaobiao: kb.zhaobiaolist, jinrimeiyu: kb.jinrimeiyulist, ' +
  'tiku: kb.tikulist, tikuqa: kb.tikuqalist) with the action of the call; all but support are for the admin ' +
  "account only (403). The ticket type is the organisation's tree too, read with authority workorder and " +
  'ticket.list or ticket.my query, changed with ticket.list delete (administrators). Names are unique per ' +
  "type and owner. Another organisation's cid is a 404.";

/** Generic categories: the quick-reply types (issue 5), the article types' trees (issue 13), tickets' (issue 15). */
export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  const categories = createCategoryService({
    db: app.services.db,
    access: createCuwAccess(app.services.auth),
    articleAccess: createArticleAccess(app.services.auth),
    auth: app.services.auth,
  });
  // The permission depends on the category type (in the body or the stored row): the service checks it.
  const guard = [requireAuth];

  app.get(
    '/api/category/query',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'A page of categories of one type, by order then name',
        description: ownership,
        querystring: categoryQuerySchema.extend(client),
        response: { 200: envelopeSchema(pageSchema(categorySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await categories.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/category/all',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Every category of one type, by order then name (pickers)',
        description: ownership,
        querystring: categoryAllQuerySchema.extend(client),
        response: { 200: envelopeSchema(z.array(categorySchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await categories.all(getPrincipal(request), request.query.type)),
  );

  app.get(
    '/api/category/tree',
    {
      onRequest: guard,
      schema: {
        tags,
        summary:
          "An article or ticket category type's tree, with the not-deleted articles (tickets) directly in each",
        description: `Siblings by order, then name. ${ownership}`,
        querystring: categoryTreeQuerySchema.extend(client),
        response: { 200: envelopeSchema(z.array(categoryTreeNodeSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await categories.tree(getPrincipal(request), request.query.type)),
  );

  app.post(
    '/api/category/create',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Create a category; names are unique per type and owner (409)',
        description: `\`parent\` (a cid of the same type and owner) and \`order\` apply to article types; a parent on a quick-reply type is a 400 on parent. ${ownership}`,
        body: categoryCreateBodySchema,
        response: { 200: envelopeSchema(categorySchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => ok(request, await categories.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/category/update',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Rename a category; article categories also move (parent) and reorder (order)',
        description:
          '`parent`: omitted keeps it, null moves it to the top, a cid moves it below that category; ' +
          `moving it below itself or one of its subcategories is a 400 on parent. \`order\` omitted keeps it. ${ownership}`,
        body: categoryUpdateBodySchema,
        response: { 200: envelopeSchema(categorySchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await categories.update(getPrincipal(request), request.body)),
  );

  app.delete(
    '/api/category/delete',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Delete a category; its quick replies or articles stay, uncategorised',
        description:
          'Article categories: its subcategories are deleted with it (the whole subtree); the articles in any ' +
          `of them stay, without those categories (a confirmation should say so). ${ownership}`,
        querystring: categoryCidQuerySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      await categories.remove(getPrincipal(request), request.query.cid);
      return ok(request, null);
    },
  );
};
