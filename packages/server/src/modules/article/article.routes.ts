import {
  articleAidQuerySchema,
  articleBatchBodySchema,
  articleBatchResultSchema,
  articleCreateBodySchema,
  articleQuerySchema,
  articleRestoreBodySchema,
  articleSchema,
  articleSearchHitSchema,
  articleSearchQuerySchema,
  articleSummarySchema,
  articleUpdateBodySchema,
  articleVersionDetailSchema,
  articleVersionQuerySchema,
  articleVersionSchema,
  envelopeSchema,
  pageSchema,
  tenderSummaryQuerySchema,
  tenderSummaryRowSchema,
  tikuAttemptBodySchema,
  tikuAttemptResultSchema,
  tikuPracticeQuerySchema,
  tikuPracticeQuestionSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPrincipal, requireAuthority } from '../../http/guards.js';
import { errorResponses, ok } from '../../http/reply.js';
import { createArticleAccess } from './article.access.js';
import { createArticleService } from './article.service.js';

const tags = ['article'];
const articleEnvelope = envelopeSchema(articleSchema);
const access =
  "Each article type is guarded by its menu item's permission with the call's action (query, get, add, edit, " +
  'delete): support kb.list, blog kb.blog, knowledge kb.internal, zhaobiao kb.zhaobiaolist, jinrimeiyu ' +
  'kb.jinrimeiyulist, tiku kb.tikulist, tikuqa kb.tikuqalist. All types but support are for the admin account ' +
  "only (403). Another organisation's aid or category cid is a 404.";
const saving =
  'Content HTML is sanitised (allow-list; no script, event handlers or javascript:/data: URLs); with only ' +
  '`markdown` given, the content is its rendering. `status: published` with a future `publishAt` is stored ' +
  'as scheduled and goes live by itself then. `question` is required for tiku (single: one answer key among ' +
  'the options; multiple: one or more; 2–8 options keyed A, B, C… in order; short: no options) and refused ' +
  'elsewhere; `tender` only for zhaobiao; `categories` must be categories of the article type (400 naming the ' +
  `field). Every save is a new version. ${access}`;

/** Issue 13: the knowledge base's article engine (kb → list, blog, internal, zhaobiao…, tiku…). */
export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  const articles = createArticleService({
    db: app.services.db,
    dialect: app.services.dialect,
    access: createArticleAccess(app.services.auth),
  });
  // The kb section's authority before anything is parsed; the service checks the type's permission.
  const guard = [requireAuthority('support')];

  app.get(
    '/api/article/query',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'A page of articles of one type: pinned first, then the latest change',
        description:
          '`status`: draft, scheduled (not yet live), published (live, including due scheduled ones) or deleted ' +
          '(the trash); without it, everything but the trash. `category`: in it or any category below it. ' +
          '`keyword`: title, summary, keywords and body through the search index (Chinese and English). ' +
          `\`author\`: the author's uid. \`from\`/\`to\`: last change (ms, inclusive). ${access}`,
        querystring: articleQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(articleSummarySchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await articles.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/article/get',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One article with its content',
        description: access,
        querystring: articleAidQuerySchema,
        response: { 200: articleEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await articles.get(getPrincipal(request), request.query.aid)),
  );

  app.post(
    '/api/article/create',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Create an article (version 1)',
        description: saving,
        body: articleCreateBodySchema,
        response: { 200: articleEnvelope, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await articles.create(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/article/update',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Save a change as a new version; 409 when the article changed since `version` was loaded',
        description: saving,
        body: articleUpdateBodySchema,
        response: { 200: articleEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await articles.update(getPrincipal(request), request.body)),
  );

  app.post(
    '/api/article/batch',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Bulk actions: publish, unpublish, move, delete (to the trash), restore, purge',
        description:
          'publish (live now), unpublish (back to draft) and move (replace the categories by `category`, null = ' +
          'none; every article of one type) need edit and skip articles in the trash; delete, restore and purge ' +
          '(for good, only articles already in the trash) need delete. `count` says how many changed. ' +
          access,
        body: articleBatchBodySchema,
        response: { 200: envelopeSchema(articleBatchResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await articles.batch(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/article/versions',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "An article's saved versions, newest first",
        description: access,
        querystring: articleAidQuerySchema,
        response: {
          200: envelopeSchema(z.array(articleVersionSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await articles.versions(getPrincipal(request), request.query.aid)),
  );

  app.get(
    '/api/article/version',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'One saved version in full',
        description: access,
        querystring: articleVersionQuerySchema,
        response: { 200: envelopeSchema(articleVersionDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      ok(request, await articles.version(getPrincipal(request), request.query.aid, request.query.version)),
  );

  app.post(
    '/api/article/restore',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: "Make an old version's text the newest version",
        description: `Needs edit. Status, categories and flags stay as they are. ${access}`,
        body: articleRestoreBodySchema,
        response: { 200: articleEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ok(request, await articles.restoreVersion(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/article/search',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Search articles of one type, best match first (title over body); drafts included',
        description:
          '`titleHtml` and `snippetHtml` (about 160 characters around the first match) are escaped text with ' +
          `the matched words in <mark>. Not in the trash. ${access}`,
        querystring: articleSearchQuerySchema,
        response: {
          200: envelopeSchema(pageSchema(articleSearchHitSchema)),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => ok(request, await articles.search(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/article/tiku/practice',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Published questions of the question bank, at random, without answers',
        description: `\`category\`: in it or below it. Needs query on kb.tikulist (admin account). ${access}`,
        querystring: tikuPracticeQuerySchema,
        response: {
          200: envelopeSchema(z.array(tikuPracticeQuestionSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ok(request, await articles.practice(getPrincipal(request), request.query)),
  );

  app.post(
    '/api/article/tiku/attempt',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Score answers to question-bank items',
        description:
          'A choice answer is right when it names exactly the right keys (any order); short answers are returned ' +
          `beside the model answer and not scored. \`score\` = right / scored × 100. ${access}`,
        body: tikuAttemptBodySchema,
        response: { 200: envelopeSchema(tikuAttemptResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await articles.attempt(getPrincipal(request), request.body)),
  );

  app.get(
    '/api/article/tender/summary',
    {
      onRequest: guard,
      schema: {
        tags,
        summary: 'Published tenders counted by month (UTC) and category, with their known budgets',
        description:
          '`from`/`to`: when they went live (ms, inclusive). A tender in two categories counts in both; ' +
          `uncategorised ones have category null. Needs query on kb.zhaobiaolist (admin account). ${access}`,
        querystring: tenderSummaryQuerySchema,
        response: { 200: envelopeSchema(z.array(tenderSummaryRowSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await articles.tenderSummary(getPrincipal(request), request.query)),
  );
};
