import {
  envelopeSchema,
  feedbackCategorySchema,
  feedbackConvertResultSchema,
  feedbackCreateBodySchema,
  feedbackFidQuerySchema,
  feedbackQuerySchema,
  feedbackReplyBodySchema,
  feedbackSchema,
  feedbackStatisticQuerySchema,
  feedbackStatisticSchema,
  helpFeedbackBodySchema,
  pageSchema,
  visitorFeedbackSchema,
} from '@openkefu/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { getPrincipal, requirePermission } from '../../http/guards.js';
import { translate } from '../../http/i18n.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import { receiveUpload } from '../upload/upload.form.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import {
  createFeedbackService,
  feedbackImageRule,
  feedbackIpRule,
  feedbackRateRule,
  type FeedbackReplyMailer,
  type FeedbackTicketSink,
} from './feedback.service.js';

const tags = ['feedback'];
/** What the help centre's image upload answers: the aid to send with the feedback, and where it is shown. */
const helpFeedbackImageSchema = z.object({
  aid: z.string(),
  path: z.string(),
  thumbPath: z.string().nullable(),
});
const feedbackEnvelope = envelopeSchema(feedbackSchema);
const access =
  "Guarded by the feedback.list permission with the call's action (query/get to read, edit to reply, close " +
  "and convert); the statistics by feedback.statistic query. Another organisation's fid is a 404.";
const limits =
  `At most ${feedbackRateRule.limit} per visitor (or help-centre address) every ${feedbackRateRule.windowSeconds} s ` +
  `and ${feedbackIpRule.limit} per address every ${feedbackIpRule.windowSeconds} s (429 with retryAfter).`;

export type FeedbackRoutesOptions = {
  /** The ticket module's conversion (see FeedbackTicketSink); without it convert answers 409. */
  ticketSink?: FeedbackTicketSink;
  /** Mails a reply to a visitor who left an email address (see FeedbackReplyMailer). */
  replyMailer?: FeedbackReplyMailer;
};

/** Issue 15: visitors' feedback from the widget and the help centre, and the console's list. */
export const feedbackRoutes: FastifyPluginAsyncZod<FeedbackRoutesOptions> = async (app, options) => {
  const feedback = createFeedbackService({
    db: app.services.db,
    storage: app.services.storage,
    limiter: app.services.limiter,
    ticketSink: options.ticketSink,
    replyMailer: options.replyMailer,
    onMailError: (error) => app.log.warn({ err: error }, 'feedback reply mail failed'),
  });
  const can = (action: 'query' | 'get' | 'edit') => [requirePermission('feedback.list', action)];

  app.post(
    '/visitor/api/feedback/create',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: 'The visitor sends feedback from the widget',
        description:
          "`images`: up to 4 aids of the visitor's image uploads (`POST /visitor/api/upload?kind=image` checks " +
          'their real type and size); another kind or an unknown aid is a 400 naming `images.<n>`. `url` is the ' +
          `page and \`browser\` the user agent. ${limits}`,
        body: feedbackCreateBodySchema,
        response: { 200: envelopeSchema(visitorFeedbackSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) =>
      ok(request, await feedback.createFromVisitor(getVisitorPrincipal(request), request.body, request.ip)),
  );

  app.get(
    '/visitor/api/feedback/categories',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "The categories the widget's feedback form offers, named in the request's language",
        description:
          'The same list for every organisation (feedbackCategorySchema); `value` is what create takes.',
        response: {
          200: envelopeSchema(z.array(z.object({ value: feedbackCategorySchema, name: z.string() }))),
          ...errorResponses(401),
        },
      },
    },
    async (request) =>
      ok(
        request,
        feedbackCategorySchema.options.map((value) => ({
          value,
          name: translate(`feedback.category.${value}`, languageOf(request)),
        })),
      ),
  );

  app.get(
    '/visitor/api/feedback/mine',
    {
      onRequest: [requireVisitor],
      schema: {
        tags,
        summary: "The visitor's own feedback with the replies, newest first (at most 50)",
        response: { 200: envelopeSchema(z.array(visitorFeedbackSchema)), ...errorResponses(401) },
      },
    },
    async (request) => ok(request, await feedback.listOfVisitor(getVisitorPrincipal(request))),
  );

  /** The published help centre of a slug, or the 404 every help-centre call gives. */
  const helpSiteOf = async (org: string) => {
    const site = await app.services.kb.settingsBySlug(org);
    if (!site) throw AppError.notFound('feedback.helpNotFound', { org });
    return site;
  };

  app.post(
    '/help/:org/api/feedback/image',
    {
      schema: {
        tags,
        summary: "An image for the help centre's feedback form (no sign-in)",
        description:
          'multipart/form-data with one `file`: checked against its real type (png, jpeg, gif, webp) and the ' +
          'image size limit (400 naming `file`, 413 past the limit), stored like a visitor upload. Send the ' +
          '`aid` in `images` of `POST /help/:org/api/feedback` (up to 4). ' +
          `At most ${feedbackImageRule.limit} images per address every ${feedbackImageRule.windowSeconds} s ` +
          '(429 with retryAfter). 404 for an unknown or unpublished help centre.',
        consumes: ['multipart/form-data'],
        params: z.object({ org: z.string().min(1).max(64) }),
        response: {
          200: envelopeSchema(helpFeedbackImageSchema),
          ...errorResponses(400, 404, 413, 429),
        },
      },
    },
    async (request) => {
      const site = await helpSiteOf(request.params.org);
      await feedback.limitHelpImage(request.ip);
      const { uploads } = app.services;
      const staged = await receiveUpload(request, {
        stagingDir: uploads.stagingDir,
        kind: 'image',
        limitMb: uploads.limitMb('image'),
      });
      try {
        const image = await uploads.create(
          { orgId: site.orgId, userId: null, username: 'help' },
          'image',
          staged,
        );
        return ok(request, { aid: image.aid, path: image.path, thumbPath: image.thumbPath });
      } finally {
        await staged.discard();
      }
    },
  );

  app.post(
    '/help/:org/api/feedback',
    {
      schema: {
        tags,
        summary: 'Feedback from the public help centre (no sign-in)',
        description:
          '`images`: up to 4 aids from `POST /help/:org/api/feedback/image`; anything else is a 400 naming ' +
          `\`images.<n>\`. 404 for an unknown or unpublished help centre. ${limits}`,
        params: z.object({ org: z.string().min(1).max(64) }),
        body: helpFeedbackBodySchema,
        response: { 200: envelopeSchema(z.object({ fid: z.string() })), ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const site = await helpSiteOf(request.params.org);
      return ok(request, await feedback.createFromHelp(site.orgId, request.body, request.ip));
    },
  );

  app.get(
    '/api/feedback/query',
    {
      onRequest: can('query'),
      schema: {
        tags,
        summary: 'A page of feedback, newest first',
        description: `Filters: \`category\`, \`status\`, created \`from\`/\`to\` (ms, inclusive). ${access}`,
        querystring: feedbackQuerySchema,
        response: { 200: envelopeSchema(pageSchema(feedbackSchema)), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await feedback.page(getPrincipal(request), request.query)),
  );

  app.get(
    '/api/feedback/get',
    {
      onRequest: can('get'),
      schema: {
        tags,
        summary: 'One feedback with its images',
        description: access,
        querystring: feedbackFidQuerySchema,
        response: { 200: feedbackEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await feedback.get(getPrincipal(request), request.query.fid)),
  );

  app.post(
    '/api/feedback/reply',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Reply to feedback (the visitor sees it in the widget; mailed when they left an address)',
        description: `A closed feedback is a 409. A new reply replaces the previous one. ${access}`,
        body: feedbackReplyBodySchema,
        response: { 200: feedbackEnvelope, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      ok(request, await feedback.reply(getPrincipal(request), request.body, languageOf(request))),
  );

  app.post(
    '/api/feedback/close',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Close feedback',
        description: access,
        body: feedbackFidQuerySchema,
        response: { 200: feedbackEnvelope, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ok(request, await feedback.close(getPrincipal(request), request.body.fid)),
  );

  app.post(
    '/api/feedback/convert',
    {
      onRequest: can('edit'),
      schema: {
        tags,
        summary: 'Turn feedback into a ticket',
        description:
          'The ticket module creates the ticket (source feedback); the feedback records its id. Already ' +
          `converted, or no ticket module wired on this server: 409. ${access}`,
        body: feedbackFidQuerySchema,
        response: {
          200: envelopeSchema(feedbackConvertResultSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) =>
      ok(request, await feedback.convert(getPrincipal(request), request.body.fid, languageOf(request))),
  );

  app.get(
    '/api/feedback/statistic',
    {
      onRequest: [requirePermission('feedback.statistic', 'query')],
      schema: {
        tags,
        summary:
          'Feedback created in a period: by category and UTC day, time to first reply, share converted',
        description: `\`from\`/\`to\` in ms, at most 366 days apart. ${access}`,
        querystring: feedbackStatisticQuerySchema,
        response: { 200: envelopeSchema(feedbackStatisticSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ok(request, await feedback.statistic(getPrincipal(request), request.query)),
  );
};
