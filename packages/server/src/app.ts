import fastifyFormbody from '@fastify/formbody';
import type { LinkPreviewer } from './modules/message/link-preview/link-preview.js';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppDatabase } from './db/database.js';
import { registerApiDocs } from './http/docs.js';
import { handleError } from './http/error-handler.js';
import { AppError } from './http/errors.js';
import { registerConsoleHosting, registerWidgetHosting } from './http/static.js';
import type { App } from './http/types.js';
import type { RateLimiter } from './lib/limiter.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { wechatLoginRoutes } from './modules/auth/wechat-login.routes.js';
import type { CodeDelivery } from './modules/auth/code-delivery.js';
import { menuRoutes } from './modules/menu/menu.routes.js';
import { registerRoutes } from './modules/register/register.routes.js';
import { roleRoutes } from './modules/role/role.routes.js';
import { systemRoutes } from './modules/system/system.routes.js';
import { uploadRoutes } from './modules/upload/upload.routes.js';
import { accountRoutes } from './modules/user/account.routes.js';
import { agentRoutes } from './modules/user/agent.routes.js';
import { bindingRoutes } from './modules/user/binding.routes.js';
import { robotRoutes } from './modules/user/robot.routes.js';
import { settingsRoutes } from './modules/user/settings.routes.js';
import { userRoutes } from './modules/user/user.routes.js';
import { workgroupRoutes } from './modules/workgroup/workgroup.routes.js';
import './messages.js';
import { createServices } from './services.js';
import type { Presence } from './modules/realtime/presence.js';
import { messageRoutes } from './modules/message/message.routes.js';
import { attachRealtime } from './modules/realtime/gateway.js';
import { startChatSweeper } from './modules/thread/thread.sweeper.js';
import { threadRoutes } from './modules/thread/thread.routes.js';
import { threadVisitorRoutes } from './modules/thread/thread.visitor.routes.js';
import { visitorRoutes } from './modules/visitor/visitor.routes.js';
import { recordsRoutes } from './modules/records/records.routes.js';
import { leavemsgRoutes } from './modules/leavemsg/leavemsg.routes.js';
import { categoryRoutes } from './modules/category/category.routes.js';
import { cuwRoutes } from './modules/cuw/cuw.routes.js';
import { tagRoutes } from './modules/tag/tag.routes.js';
import { tabooRoutes } from './modules/taboo/taboo.routes.js';
import { blockRoutes } from './modules/block/block.routes.js';
import { formRoutes } from './modules/form/form.routes.js';
import { targetedRoutes } from './modules/targeted/targeted.routes.js';
import { registerVisitorCors } from './http/visitor-cors.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { organizationRoutes } from './modules/organization/organization.routes.js';
import { articleRoutes } from './modules/article/article.routes.js';
import { articleTransferRoutes } from './modules/article/article.transfer.routes.js';
import { kbRoutes } from './modules/kb/kb.routes.js';
import { helpRoutes } from './modules/help/help.routes.js';
import { robotKbRoutes } from './modules/robot/robot.routes.js';
import { robotInsightRoutes } from './modules/robot/robot.insight.routes.js';
import { crmRoutes } from './modules/crm/crm.routes.js';
import { feedbackRoutes } from './modules/feedback/feedback.routes.js';
import { renderFeedbackReplyMail } from './lib/mail/feedback-templates.js';
import { ticketRoutes } from './modules/ticket/ticket.routes.js';
import { ticketVisitorRoutes } from './modules/ticket/ticket.visitor.routes.js';
import { llmRoutes } from './modules/llm/llm.routes.js';
import { qualityRoutes } from './modules/quality/quality.routes.js';
import { statisticRoutes } from './modules/statistic/statistic.routes.js';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.js';
import { channelRoutes } from './modules/channel/channel.routes.js';
import { channelWebhookRoutes } from './modules/channel/channel.webhook.routes.js';
import { ledgerRoutes } from './modules/billing/ledger/ledger.routes.js';
import { rechargeNotifyRoutes, rechargeRoutes } from './modules/billing/recharge/recharge.routes.js';
import { promotionRoutes } from './modules/billing/promotion/promotion.routes.js';
import { announcementRoutes } from './modules/billing/announcement/announcement.routes.js';
import type { PaymentGateways } from './modules/billing/recharge/recharge.service.js';
import { platformAdminRoutes } from './modules/platform/platform.routes.js';
import { setupBilling, startBillingSchedule } from './modules/billing/bill/billing.setup.js';
import { paymentProviders } from '@openkefu/contract';
import { billRoutes } from './modules/billing/bill/bill.routes.js';
import { planRoutes } from './modules/billing/plan/plan.routes.js';
import { invoiceRoutes } from './modules/billing/invoice/invoice.routes.js';
import { pushRoutes } from './modules/push/push.routes.js';
import type { PushServiceOptions } from './modules/push/push.service.js';

export type BuildAppOptions = {
  config: Config;
  /** Opened and migrated by the caller, which also closes it. */
  database: AppDatabase;
  redis?: Redis | null;
  limiter?: RateLimiter;
  delivery?: CodeDelivery;
  /** Defaults to Redis presence with REDIS_URL, in-process otherwise. */
  presence?: Presence;
  /** Redis channel prefix of the Socket.IO adapter (one per deployment; tests isolate themselves). */
  realtimeKey?: string;
  /** Auto-close and queue-drain period; 0 turns the sweeper off (tests drive it by hand). */
  sweepIntervalMs?: number;
  /** How often the background job runner looks for due jobs; 0 turns it off (tests run jobs by hand). */
  jobIntervalMs?: number;
  /** How often console sockets' sign-ins are checked again (default a minute). */
  consoleRecheckMs?: number;
  /** Defaults to pino at LOG_LEVEL. */
  logger?: FastifyServerOptions['logger'];
  /** The payment providers' clients; defaults to the ones set up by config. */
  paymentGateways?: PaymentGateways;
  /** Link cards' fetcher (public addresses only); null fetches none. Tests give one that reaches them. */
  linkPreview?: LinkPreviewer | null;
  /** Web Push's test-only switches (a local push service over http); never from configuration. */
  push?: PushServiceOptions;
};

/** The HTTP application: used by main.ts to listen and by every test through app.inject. */
export const buildApp = async (options: BuildAppOptions): Promise<App> => {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Request ids in logs; a load balancer's id is kept when present.
    requestIdHeader: 'x-request-id',
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate(
    'services',
    createServices({
      config,
      db: database.db,
      dialect: database.dialect,
      logger: app.log,
      redis: options.redis,
      limiter: options.limiter,
      delivery: options.delivery,
      presence: options.presence,
      paymentGateways: options.paymentGateways,
      linkPreview: options.linkPreview,
      push: options.push,
    }),
  );
  app.decorateRequest('principal', null);
  app.decorateRequest('visitorPrincipal', null);
  app.setErrorHandler(handleError);
  // Plans, bills and invoices as app.billing, and expired organisations' read-only check (a hook
  // every route must get: before any route is registered).
  setupBilling(app, {
    // Payment methods the overview offers: the gateways given (tests), else those configured.
    configuredProviders: options.paymentGateways
      ? () => paymentProviders.filter((provider) => options.paymentGateways?.[provider])
      : undefined,
  });
  // Before every route and static file, so each answer carries its security headers.
  await registerSecurityHeaders(app, config);

  await app.register(fastifyFormbody);
  // Upload routes pass their own per-kind limits to request.parts(); these are the defaults.
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 8, parts: 10 } });
  await registerApiDocs(app);

  registerVisitorCors(app);
  await app.register(systemRoutes);
  await app.register(authRoutes);
  await app.register(wechatLoginRoutes);
  await app.register(userRoutes);
  await app.register(agentRoutes);
  await app.register(robotRoutes);
  await app.register(accountRoutes);
  await app.register(settingsRoutes);
  await app.register(bindingRoutes);
  await app.register(registerRoutes);
  await app.register(menuRoutes);
  await app.register(workgroupRoutes);
  await app.register(uploadRoutes);
  await app.register(roleRoutes);
  await app.register(visitorRoutes);
  await app.register(threadVisitorRoutes);
  await app.register(threadRoutes);
  await app.register(messageRoutes);
  await app.register(recordsRoutes);
  await app.register(leavemsgRoutes);
  await app.register(categoryRoutes);
  await app.register(cuwRoutes);
  await app.register(tagRoutes);
  await app.register(tabooRoutes);
  await app.register(blockRoutes);
  await app.register(formRoutes);
  await app.register(targetedRoutes);
  await app.register(organizationRoutes);
  await app.register(articleRoutes);
  await app.register(articleTransferRoutes);
  await app.register(kbRoutes);
  await app.register(helpRoutes);
  await app.register(robotKbRoutes);
  await app.register(robotInsightRoutes);
  await app.register(crmRoutes);
  await app.register(feedbackRoutes, {
    // Converting feedback opens a ticket; its images are linked in the description.
    ticketSink: async (input, language) => {
      const images = input.imagePaths.map((path) => `<p><img src="${path.replace(/"/g, '&quot;')}"></p>`);
      const ticket = await app.services.tickets.createFromFeedback(
        {
          orgId: input.orgId,
          actorUserId: input.actorUserId,
          feedbackId: input.fid,
          title: input.title,
          description: [input.description, ...images].join(''),
          email: input.email,
          phone: input.phone,
          customerId: input.customerId,
        },
        language,
      );
      return { ticketId: ticket.tkid };
    },
    replyMailer: async (input) => {
      const organization = await app.services.db
        .selectFrom('organization')
        .select('name')
        .where('id', '=', input.orgId)
        .executeTakeFirst();
      const rendered = renderFeedbackReplyMail(input.language, {
        organization: organization?.name ?? '',
        content: input.content,
        reply: input.reply,
      });
      await app.services.mail.send({ to: input.to, ...rendered });
    },
  });
  await app.register(ticketRoutes);
  await app.register(ticketVisitorRoutes);
  await app.register(llmRoutes);
  await app.register(qualityRoutes);
  await app.register(statisticRoutes);
  await app.register(dashboardRoutes);
  await app.register(channelRoutes);
  await app.register(channelWebhookRoutes);
  await app.register(ledgerRoutes);
  await app.register(rechargeRoutes);
  await app.register(rechargeNotifyRoutes);
  await app.register(promotionRoutes);
  await app.register(announcementRoutes);
  await app.register(platformAdminRoutes);
  await app.register(planRoutes);
  await app.register(billRoutes);
  await app.register(invoiceRoutes);
  await app.register(pushRoutes);
  // VAPID keys are made at first start (stored for every node), not when the first browser asks.
  app.addHook('onReady', async () => {
    await app.services.push
      .ensureKeys()
      .catch((error: unknown) => app.log.error({ err: error }, 'VAPID keys could not be made'));
  });
  attachRealtime(app, {
    redis: options.redis ?? null,
    adapterKey: options.realtimeKey,
    consoleRecheckMs: options.consoleRecheckMs,
  });
  app.addHook('onClose', async () => app.services.presence.close());
  app.addHook('onClose', async () => app.services.calls.dispose());
  app.addHook('onClose', async () => app.services.auth.close());
  if (options.sweepIntervalMs !== 0) startChatSweeper(app, options.sweepIntervalMs ?? 10_000);
  if (options.jobIntervalMs !== 0) {
    app.services.jobs.start(options.jobIntervalMs ?? 2000);
    // Hourly billing run: usage, last month's bills on the 1st, expiry and balance warnings.
    startBillingSchedule(app);
    // Hourly housekeeping of what only needs keeping for a while: failed jobs, platform message ids.
    const housekeeping = setInterval(() => {
      void app.services.jobs
        .prune()
        .catch((error: unknown) => app.log.error({ err: error }, 'job prune failed'));
      void app.services.channelInbound
        .prune()
        .catch((error: unknown) => app.log.error({ err: error }, 'channel prune failed'));
      void app.services.recharges
        .sweepExpired()
        .catch((error: unknown) => app.log.error({ err: error }, 'recharge expiry sweep failed'));
    }, 3600_000);
    housekeeping.unref();
    app.addHook('onClose', async () => clearInterval(housekeeping));
  }
  app.addHook('onClose', async () => app.services.jobs.stop());

  const hosting = await registerConsoleHosting(app, config.webDistDir);
  await registerWidgetHosting(app, config.widgetDistDir);
  app.setNotFoundHandler((request, reply) => {
    if (hosting.serveSpaFallback(request, reply)) return;
    handleError(
      AppError.notFound('error.routeNotFound', {
        method: request.method,
        url: (request.url.split('?')[0] ?? '').slice(0, 200),
      }),
      request,
      reply,
    );
  });

  return app;
};
