import { createHash, randomBytes } from 'node:crypto';
import {
  attachmentSchema,
  envelopeSchema,
  publicFormProgressBodySchema,
  publicFormSubmitBodySchema,
  publicFormSubmitResultSchema,
  visitorFormAnswerBodySchema,
  type Language,
} from '@openkefu/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.js';
import { errorResponses, languageOf, ok } from '../../http/reply.js';
import type { LimitRule } from '../../lib/limiter.js';
import { pickHelpLanguage } from '../help/help.i18n.js';
import { receiveUpload } from '../upload/upload.form.js';
import { getVisitorPrincipal, requireVisitor } from '../visitor/visitor.guard.js';
import { findMessageByMid } from '../message/message.repository.js';
import { createChatFormService } from './form.chat.js';
import { findThreadOfOrg } from './form.repository.js';
import { formScript, formStylesheet, type FormAsset } from './form.public.assets.js';
import { formWord, renderFormMessage, renderFormPage, type FormPageContext } from './form.public.views.js';
import { createSurveyService, type LiveSurvey } from './form.survey.service.js';
import { isAfterChatCard } from './form.uses.js';

/*
 * The public form page (issue 16), no sign-in: `/form/<fid>` rendered on the server (the help
 * centre's CSP surface: script and style from 'self' only), its two files, and three JSON calls
 * the page's script makes — progress (for drop-off), upload (file items) and submit. A form that
 * was never published, a deleted one and an unknown fid answer 404 alike.
 */

export const formPageRule: LimitRule = { limit: 60, windowSeconds: 60 };
export const formSubmitRule: LimitRule = { limit: 10, windowSeconds: 60 };
export const formProgressRule: LimitRule = { limit: 120, windowSeconds: 60 };
export const formUploadRule: LimitRule = { limit: 20, windowSeconds: 60 };

const visitorCookie = 'okf_vid';
const cookieMaxAge = 365 * 86_400;
const languages: Language[] = ['en-US', 'zh-CN'];

const cookieOf = (request: FastifyRequest, value: string) =>
  `${visitorCookie}=${value}; Path=/form/; Max-Age=${cookieMaxAge}; HttpOnly; SameSite=Lax${
    request.protocol === 'https' ? '; Secure' : ''
  }`;

const readCookie = (header: string | undefined): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === visitorCookie && value && /^[A-Za-z0-9_-]{20,64}$/.test(value)) return value;
  }
  return undefined;
};

/** The visitor's form cookie (random, HttpOnly), created when missing; only its hash is stored. */
const visitorOf = (request: FastifyRequest, reply: FastifyReply) => {
  let id = readCookie(request.headers.cookie);
  if (!id) {
    id = randomBytes(24).toString('base64url');
    void reply.header('set-cookie', cookieOf(request, id));
  }
  return createHash('sha256').update(id).digest('hex');
};

const ipHashOf = (request: FastifyRequest) =>
  createHash('sha256').update(`form-ip:${request.ip}`).digest('hex');

const sendAsset = (request: FastifyRequest, reply: FastifyReply, asset: FormAsset) => {
  void reply
    .header('content-type', asset.contentType)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding');
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
};

const fidParams = z.object({ fid: z.string().max(80) });
const hidden = { hide: true, tags: ['form'] };

export const publicFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, limiter, uploads } = app.services;
  const surveys = createSurveyService({ db, storage });
  const chatForms = createChatFormService({
    db,
    messages: app.services.messages,
    findLive: surveys.findLive,
  });

  const contextOf = (request: FastifyRequest): FormPageContext => {
    const query = request.query as Record<string, unknown>;
    const language = pickHelpLanguage(languages, {
      query: typeof query.lang === 'string' ? query.lang : null,
      acceptLanguage: request.headers['accept-language'],
    });
    const path = request.url.split('?')[0] ?? '';
    return {
      language,
      languageLinks: languages.map((candidate) => ({
        language: candidate,
        href: `${path}?lang=${candidate}`,
      })),
    };
  };

  const sendHtml = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('vary', 'accept-language, cookie')
      .send(body);

  const notFoundPage = (reply: FastifyReply, ctx: FormPageContext) =>
    sendHtml(
      reply,
      404,
      renderFormMessage(ctx, formWord(ctx.language, 'notFoundTitle'), formWord(ctx.language, 'notFoundText')),
    );

  /** Per-address budget of JSON calls; throws 429 past it. */
  const spend = async (request: FastifyRequest, name: string, rule: LimitRule) => {
    const state = await limiter.hit(`form:${name}:ip:${request.ip}`, rule.windowSeconds);
    if (state.count > rule.limit) throw AppError.rateLimited(state.retryAfter);
  };

  const liveOrThrow = async (fid: string): Promise<LiveSurvey> => {
    const form = await surveys.findLive(fid);
    if (!form) throw AppError.notFound('form.notFound', { fid: fid.slice(0, 64) });
    return form;
  };

  app.get(
    '/form/_assets/:file',
    { schema: { ...hidden, params: z.object({ file: z.string().max(80) }) } },
    async (request, reply) => {
      if (request.params.file === formStylesheet.name) return sendAsset(request, reply, formStylesheet);
      if (request.params.file === formScript.name) return sendAsset(request, reply, formScript);
      return reply.code(404).header('content-type', 'text/plain; charset=utf-8').send('Not found');
    },
  );

  app.get(
    '/form/:fid',
    { schema: { ...hidden, params: fidParams, querystring: z.record(z.string(), z.unknown()) } },
    async (request, reply) => {
      const ctx = contextOf(request);
      const state = await limiter.hit(`form:page:ip:${request.ip}`, formPageRule.windowSeconds);
      if (state.count > formPageRule.limit) {
        void reply.header('retry-after', String(state.retryAfter));
        return sendHtml(
          reply,
          429,
          renderFormMessage(
            ctx,
            formWord(ctx.language, 'tooManyTitle'),
            formWord(ctx.language, 'tooManyText', { seconds: state.retryAfter }),
          ),
        );
      }
      const form = await surveys.findLive(request.params.fid);
      if (!form) return notFoundPage(reply, ctx);
      const visitorHash = visitorOf(request, reply);
      if (
        form.settings.onePerVisitor &&
        (await surveys.wasAnswered(form, { visitorHash, ipHash: ipHashOf(request) }))
      )
        return sendHtml(
          reply,
          200,
          renderFormMessage(
            ctx,
            formWord(ctx.language, 'answeredTitle'),
            formWord(ctx.language, 'answeredText'),
          ),
        );
      await surveys.view(form, visitorHash);
      return sendHtml(reply, 200, renderFormPage(ctx, form));
    },
  );

  app.post(
    '/form/:fid/api/progress',
    {
      schema: {
        tags: ['form'],
        summary: 'The public form page: the furthest item a visitor answered (for drop-off statistics)',
        description: `Public. At most ${formProgressRule.limit} per address every ${formProgressRule.windowSeconds} s.`,
        params: fidParams,
        body: publicFormProgressBodySchema,
        response: { 200: envelopeSchema(z.null()), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      await spend(request, 'progress', formProgressRule);
      const form = await liveOrThrow(request.params.fid);
      await surveys.progress(form, visitorOf(request, reply), request.body.version, request.body.key);
      return ok(request, null);
    },
  );

  app.post(
    '/form/:fid/api/upload',
    {
      schema: {
        tags: ['form'],
        summary: 'The public form page: upload the file of a file item',
        description:
          'Public, multipart/form-data with `file`. Checked by its real content type (the `file` kind: images, ' +
          'office documents, PDF, text, zip, audio, video) and size (413 past the limit). Answer the file item ' +
          `with the returned aid. At most ${formUploadRule.limit} per address every ${formUploadRule.windowSeconds} s.`,
        consumes: ['multipart/form-data'],
        params: fidParams,
        response: { 200: envelopeSchema(attachmentSchema), ...errorResponses(400, 404, 413, 429) },
      },
    },
    async (request) => {
      await spend(request, 'upload', formUploadRule);
      const form = await liveOrThrow(request.params.fid);
      if (!form.items.some((item) => item.type === 'file'))
        throw AppError.notFound('form.notFound', { fid: form.fid });
      const staged = await receiveUpload(request, {
        stagingDir: uploads.stagingDir,
        kind: 'file',
        limitMb: uploads.limitMb('file'),
      });
      try {
        return ok(
          request,
          await uploads.create(
            { orgId: form.orgId, userId: null, username: `form:${form.fid}` },
            'file',
            staged,
          ),
        );
      } finally {
        await staged.discard();
      }
    },
  );

  app.post(
    '/form/:fid/api/submit',
    {
      schema: {
        tags: ['form'],
        summary: 'The public form page: send the answers',
        description:
          'Public. Checked with the contract rules of the version answered (400 naming `answers.<key>` in the ' +
          'request language); hidden items are dropped. With one answer per visitor, a second answer from the ' +
          `same cookie or address → 409. At most ${formSubmitRule.limit} per address every ${formSubmitRule.windowSeconds} s.`,
        params: fidParams,
        body: publicFormSubmitBodySchema,
        response: {
          200: envelopeSchema(publicFormSubmitResultSchema),
          ...errorResponses(400, 404, 409, 429),
        },
      },
    },
    async (request, reply) => {
      await spend(request, 'submit', formSubmitRule);
      const form = await liveOrThrow(request.params.fid);
      const result = await surveys.submit(form, {
        version: request.body.version,
        answers: request.body.answers,
        visitorHash: visitorOf(request, reply),
        ipHash: ipHashOf(request),
        language: languageOf(request),
      });
      return ok(request, result);
    },
  );

  app.post(
    '/visitor/api/form/answer',
    {
      onRequest: [requireVisitor],
      schema: {
        tags: ['visitor'],
        summary: "Answer a published form inside a conversation (the answers carry the visitor's thread)",
        description:
          'The same rules as the public page (400 naming `answers.<key>`); the form must belong to the ' +
          "visitor's organisation and `tid` must be the visitor's conversation (else 404). One answer per " +
          `visitor is keyed by the visitor. A system \`questionnaire\` message with the answer's rid (and \`mid\`, the card answered) tells both sides. At most ${formSubmitRule.limit} per address every ${formSubmitRule.windowSeconds} s.`,
        body: visitorFormAnswerBodySchema,
        response: {
          200: envelopeSchema(publicFormSubmitResultSchema),
          ...errorResponses(400, 401, 404, 409, 429),
        },
      },
    },
    async (request) => {
      await spend(request, 'submit', formSubmitRule);
      const visitor = getVisitorPrincipal(request);
      const form = await surveys.findLive(request.body.fid);
      if (!form || form.orgId !== visitor.orgId)
        throw AppError.notFound('form.notFound', { fid: request.body.fid });
      const thread = await findThreadOfOrg(db, visitor.orgId, request.body.tid);
      if (!thread || Number(thread.visitor_id) !== visitor.visitorId)
        throw AppError.notFound('form.unknownThread', { tid: request.body.tid });
      // The card answered says whether this is the skill group's after-chat survey.
      const card = request.body.mid ? await findMessageByMid(db, thread.id, request.body.mid) : undefined;
      const result = await surveys.submit(form, {
        version: request.body.version,
        answers: request.body.answers,
        visitorHash: createHash('sha256').update(`visitor:${visitor.visitorId}`).digest('hex'),
        ipHash: '',
        threadId: thread.id,
        source: card && isAfterChatCard(card.content) ? 'afterchat' : 'chat',
        language: languageOf(request),
      });
      await chatForms.noticeAnswer(visitor.orgId, thread.tid, {
        form,
        version: request.body.version,
        rid: result.rid,
        replyTo: request.body.mid,
      });
      return ok(request, result);
    },
  );

  app.get('/form/', { schema: hidden }, async (request, reply) => notFoundPage(reply, contextOf(request)));
  app.get(
    '/form/:fid/*',
    { schema: { ...hidden, params: fidParams.extend({ '*': z.string() }) } },
    async (request, reply) => notFoundPage(reply, contextOf(request)),
  );
};
