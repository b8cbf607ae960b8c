import type { FastifyBaseLogger } from 'fastify';
import { createLinkPreviewer, type LinkPreviewer } from './modules/message/link-preview/link-preview.js';
import type { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { DialectName, Executor } from './db/database.js';
import {
  createFailSafeLimiter,
  createMemoryLimiter,
  createRedisLimiter,
  type RateLimiter,
} from './lib/limiter.js';
import { createThrottledWarning, isRedisDown, watchRedisClient } from './lib/redis.js';
import { createLocalDiskStorage } from './lib/storage/local-disk.js';
import type { Storage } from './lib/storage/storage.js';
import {
  createAuthService,
  principalCacheMs,
  type AuthService,
  type Principal,
} from './modules/auth/auth.service.js';
import {
  createPrincipalCache,
  createRedisRevocationBus,
  type PrincipalCache,
} from './modules/auth/principal-cache.js';
import { createCodeDelivery, type CodeDelivery } from './modules/auth/code-delivery.js';
import { createMailer } from './modules/auth/mailer.js';
import { createVerificationService, type VerificationService } from './modules/auth/verification.service.js';
import { createMenuService, type MenuService } from './modules/menu/menu.service.js';
import { createRegistrationService, type RegistrationService } from './modules/register/register.service.js';
import { createRoleService, type RoleService } from './modules/role/role.service.js';
import { createUploadService, type UploadService } from './modules/upload/upload.service.js';
import { createAccountService, type AccountService } from './modules/user/account.service.js';
import { createAgentService, type AgentService } from './modules/user/agent.service.js';
import { createRobotService, type RobotService } from './modules/user/robot.service.js';
import { createUserService, type UserService } from './modules/user/user.service.js';
import { createWorkgroupService, type WorkgroupService } from './modules/workgroup/workgroup.service.js';
import {
  createMessageService,
  type MessageIndexer,
  type MessageService,
} from './modules/message/message.service.js';
import { createRealtimeHub, type RealtimeHub } from './modules/realtime/hub.js';
import { createMemoryPresence, createRedisPresence, type Presence } from './modules/realtime/presence.js';
import { createThreadService, type ThreadService } from './modules/thread/thread.service.js';
import { createVisitorService, type VisitorService } from './modules/visitor/visitor.service.js';
import { createPublicId } from './lib/ids.js';
import { createMessageIndexer } from './modules/search/message-search.js';
import { createBlockService, type BlockService } from './modules/block/block.service.js';
import { createMessageGuard } from './modules/taboo/message-guard.js';
import { createTabooService, type TabooService } from './modules/taboo/taboo.service.js';
import { createEmbedSiteService, type EmbedSiteService } from './modules/organization/embed-sites.service.js';
import { createKbService, type KbService } from './modules/kb/kb.service.js';
import { createRobotKbService, type RobotKbService } from './modules/robot/robot.service.js';
import { createMailTransport, type MailTransport } from './lib/mail/transport.js';
import { createTicketService, type TicketService } from './modules/ticket/ticket.service.js';
import { createLlmService, type LlmService } from './modules/llm/llm.service.js';
import { createSealer, loadSecretKey } from './lib/sealed.js';
import { createCrmService, type CrmService } from './modules/crm/crm.service.js';
import { createQualityService, type QualityService } from './modules/quality/quality.service.js';
import { createAfterChatSurveys } from './modules/form/form.uses.js';
import { createJobRunner, type JobRunner } from './modules/job/job.runner.js';
import { createChannelService, type ChannelService } from './modules/channel/channel.service.js';
import { createChannelInbound, type ChannelInbound } from './modules/channel/channel.inbound.js';
import { createChannelOutbound } from './modules/channel/channel.outbound.js';
import { createChannelRedelivery } from './modules/channel/channel.redeliver.js';
import { createVisitorNotices, type VisitorNotices } from './modules/channel/channel.notices.js';
import { createWechatLoginService, type WechatLoginService } from './modules/auth/wechat-login.service.js';
import { createLedgerService, type LedgerService } from './modules/billing/ledger/ledger.service.js';
import {
  createPromotionService,
  type PromotionService,
} from './modules/billing/promotion/promotion.service.js';
import {
  createRechargeService,
  type PaymentGateways,
  type RechargeService,
} from './modules/billing/recharge/recharge.service.js';
import { createPaymentGateways } from './lib/payments/payment.providers.js';
import {
  createAnnouncementService,
  type AnnouncementService,
} from './modules/billing/announcement/announcement.service.js';
import { createPlatformChannelAppService } from './modules/platform/channel-app/channel-app.service.js';
import { createPlatformServices, type PlatformServices } from './modules/platform/platform.services.js';
import { createPlatformSynonymSource } from './modules/platform/synonym/synonym.source.js';
import { createPushService, type PushService, type PushServiceOptions } from './modules/push/push.service.js';
import { createRoutedPush, withMessagePush } from './modules/push/push.relay.js';
import { createCallService, type CallService } from './modules/call/call.service.js';

/** Everything routes need, built once per app and reachable as `app.services`. */
export type Services = {
  config: Config;
  db: Executor;
  dialect: DialectName;
  redis: Redis | null;
  limiter: RateLimiter;
  delivery: CodeDelivery;
  auth: AuthService;
  verification: VerificationService;
  users: UserService;
  agents: AgentService;
  robots: RobotService;
  /** Platform staff: accounts of every organisation. */
  accounts: AccountService;
  registration: RegistrationService;
  menu: MenuService;
  workgroups: WorkgroupService;
  roles: RoleService;
  /** Where uploaded files live (local disk under UPLOAD_DIR). */
  storage: Storage;
  uploads: UploadService;
  /** Pushes to Socket.IO rooms (on every node with Redis). */
  hub: RealtimeHub;
  /** Which agents have a workbench connected. */
  presence: Presence;
  visitors: VisitorService;
  messages: MessageService;
  threads: ThreadService;
  /** Sensitive words: the organisation's and the platform's, with a cached matcher per organisation. */
  taboos: TabooService;
  /** The blacklist of visitors and addresses. */
  blocks: BlockService;
  /** Sites allowed to embed each organisation's chat page, cached for the page's CSP. */
  embedSites: EmbedSiteService;
  /** Help-centre settings and statistics, and the public help centre's view, vote and search. */
  kb: KbService;
  /** The robot's FAQs, word lists, quick buttons and settings, and `answer` for live chat (cached matcher per organisation). */
  robotKb: RobotKbService;
  /** Tickets: `createFromFeedback` for the feedback module, the rest behind /api/ticket/*. */
  tickets: TicketService;
  /** Outgoing mail (tickets, feedback replies) through EMAIL_PROVIDER. */
  mail: MailTransport;
  /** Large-model providers (keys sealed) and the robots' streamed answers. */
  llm: LlmService;
  /** CRM customers; `captureLead` is the robot's lead capture, `identify` the widget's signed identity. */
  crm: CrmService;
  /** Quality inspection; sampling runs on every closed conversation through the thread service's close hook. */
  quality: QualityService;
  /** Background jobs with retries (channel delivery); app.ts starts the runner. */
  jobs: JobRunner;
  /** Channel accounts: the console's side. */
  channels: ChannelService;
  /** Channel webhooks: platforms' messages in. */
  channelInbound: ChannelInbound;
  /** WeChat / Work WeChat scan sign-in and binding. */
  wechatLogin: WechatLoginService;
  /** Words for a channel visitor outside a conversation (a leave message's reply). */
  visitorNotices: VisitorNotices;
  /** An agent's retry of a failed channel delivery. */
  redeliver: ReturnType<typeof createChannelRedelivery>;
  /** Billing (issue 20): the balance ledger's lists and the platform's credit/debit. */
  ledger: LedgerService;
  /** Recharge orders with WeChat Pay / Alipay: create, notifications, expiry, refunds. */
  recharges: RechargeService;
  /** Promotion codes taken with recharges. */
  promotions: PromotionService;
  /** The platform's announcements (cached for the consoles' banner). */
  announcements: AnnouncementService;
  /** Platform administration (issue 20): synonyms, greetings, online users, notices, statistics, channel apps. */
  platform: PlatformServices;
  /** Web Push to agents' browsers (issue 21): VAPID keys, subscriptions, conversation notices. */
  push: PushService;
  /** Voice and video calls' state and signalling (issue 21). */
  calls: CallService;
};

export type ServiceOptions = {
  config: Config;
  db: Executor;
  dialect: DialectName;
  logger: FastifyBaseLogger;
  redis?: Redis | null;
  /** Defaults to Redis when a client is given (nodes count together), in-process otherwise. */
  limiter?: RateLimiter;
  /** Defaults to the providers chosen by SMS_PROVIDER / EMAIL_PROVIDER. */
  delivery?: CodeDelivery;
  /** Fed every stored text message (the message search index). */
  indexer?: MessageIndexer;
  /** Defaults to Redis presence when a client is given, in-process otherwise. */
  presence?: Presence;
  /** The payment providers' clients; defaults to the ones set up by config. */
  paymentGateways?: PaymentGateways;
  /** Link cards' fetcher; defaults to one that reaches public addresses only, null fetches none. */
  linkPreview?: LinkPreviewer | null;
  /** Web Push's test-only switches (a local push service over http). */
  push?: PushServiceOptions;
};

/**
 * Resolved tokens of this node. With Redis, revocations reach every node over pub/sub and the cache
 * is bypassed while that subscription is down.
 */
const createPrincipals = (config: Config, redis: Redis | null, logger: FastifyBaseLogger) => {
  const bus = redis
    ? createRedisRevocationBus({
        redis,
        channel: `${config.redisPrefix}auth:revoked`,
        log: logger,
        // Called on later Redis messages only, once `cache` below exists.
        onMessage: (revocation) => cache.applyRemote(revocation),
        onResync: () => cache.reset(),
      })
    : null;
  const cache: PrincipalCache<Principal> = createPrincipalCache<Principal>({
    ttlMs: principalCacheMs,
    capacity: 10_000,
    bus,
  });
  return cache;
};

export const createServices = (options: ServiceOptions): Services => {
  const { config, db, dialect, logger } = options;
  const redis = options.redis ?? null;
  if (redis) watchRedisClient(redis, 'main', logger);
  const limiter =
    options.limiter ??
    (redis
      ? createFailSafeLimiter(
          createRedisLimiter(redis, `${config.redisPrefix}limit:`),
          createMemoryLimiter(),
          createThrottledWarning(logger, 'redis unreachable: rate limits count on this node only'),
          () => !isRedisDown(redis),
        )
      : createMemoryLimiter());
  const delivery = options.delivery ?? createCodeDelivery(config, logger);
  const verification = createVerificationService({ db, limiter, delivery, logger });
  const storage = createLocalDiskStorage({ root: config.uploadDir, publicBaseUrl: config.publicUrl });
  // One key for every secret kept sealed (large-model API keys, the CRM's identity secret, VAPID).
  const sealer = createSealer(loadSecretKey(config));
  const push = createPushService({
    db,
    sealer,
    logger,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    ...options.push,
  });
  // Visitor messages fanned out to agents also go to their subscribed browsers.
  const hub = withMessagePush(createRealtimeHub(), push);
  const presence =
    options.presence ??
    (redis
      ? createRedisPresence(
          redis,
          createPublicId(12),
          `${config.redisPrefix}presence:`,
          createThrottledWarning(logger, 'redis unreachable: presence answers from this node only'),
        )
      : createMemoryPresence());
  const taboos = createTabooService({ db });
  const principals = createPrincipals(config, redis, logger);
  const auth = createAuthService({
    principals,
    db,
    config,
    limiter,
    verification,
    mailer: createMailer(config, logger),
    logger,
  });
  const blocks = createBlockService({ db });
  // The platform's synonyms, read by every organisation's robot under its own.
  const platformSynonymSource = createPlatformSynonymSource({ db });
  const robotKb = createRobotKbService({ db, dialect, taboos, platformSynonyms: platformSynonymSource });
  const mail = createMailTransport(config, logger);
  const llm = createLlmService({ db, sealer });
  const crm = createCrmService({ db, dialect, sealer });
  const quality = createQualityService({ db, logger });
  const messages = createMessageService({
    db,
    hub,
    storage,
    indexer: options.indexer ?? createMessageIndexer(dialect),
    guard: createMessageGuard({ taboos, blocks }),
    linkPreview:
      options.linkPreview === undefined ? createLinkPreviewer() : (options.linkPreview ?? undefined),
    logger,
  });
  const afterChatSurveys = createAfterChatSurveys({ db, messages });
  const uploads = createUploadService({ db, config, storage, logger });
  const jobs = createJobRunner({ db, dialect, logger });
  // The platform's own channel apps (platform → channel), which accounts may connect through.
  const platformChannelApps = createPlatformChannelAppService({
    db,
    sealer,
    apiBases: config.channelApiBases,
    publicUrl: config.publicUrl,
  });
  const channelDeps = {
    db,
    sealer,
    apiBases: config.channelApiBases,
    publicUrl: config.publicUrl,
    now: Date.now,
    platformApps: platformChannelApps,
  };
  const channelOutbound = createChannelOutbound({ ...channelDeps, jobs, messages, storage, logger });
  messages.onOutgoing(channelOutbound.onOutgoing);
  const promotions = createPromotionService({ db });
  const recharges = createRechargeService({
    db,
    hub,
    jobs,
    promotions,
    gateways: options.paymentGateways ?? createPaymentGateways(config),
    publicUrl: config.publicUrl,
    logger,
  });
  const threads = createThreadService({
    db,
    dialect,
    hub,
    presence,
    messages,
    blocks,
    robot: robotKb,
    llm,
    leads: crm,
    onRouted: createRoutedPush(db, push),
    // Each hook on its own: a failing one never keeps the other from running.
    onClosed: async (row) => {
      await quality.onThreadClosed(row).catch(() => undefined);
      await afterChatSurveys.onThreadClosed(row);
    },
  });
  return {
    config,
    db,
    dialect,
    redis,
    limiter,
    delivery,
    verification,
    auth,
    users: createUserService({ db, sessions: principals }),
    agents: createAgentService({ db, sessions: principals }),
    robots: createRobotService({ db }),
    accounts: createAccountService({ db, sessions: principals }),
    registration: createRegistrationService({ db, limiter, verification, sessions: principals }),
    menu: createMenuService({ db }),
    workgroups: createWorkgroupService({ db }),
    roles: createRoleService({ db, sessions: principals }),
    storage,
    uploads,
    hub,
    presence,
    visitors: createVisitorService({ db }),
    messages,
    threads,
    taboos,
    blocks,
    embedSites: createEmbedSiteService({ db }),
    kb: createKbService({ db, dialect, auth }),
    robotKb,
    mail,
    tickets: createTicketService({ db, config, hub, mail, logger }),
    llm,
    crm,
    quality,
    jobs,
    channels: createChannelService(channelDeps),
    wechatLogin: createWechatLoginService({ db, config, sealer }),
    visitorNotices: createVisitorNotices({ db, outbound: channelOutbound }),
    redeliver: createChannelRedelivery({ db, jobs, messages, onOutgoing: channelOutbound.onOutgoing }),
    ledger: createLedgerService({ db }),
    recharges,
    promotions,
    announcements: createAnnouncementService({ db }),
    push,
    calls: createCallService({ db, hub, messages, config: config.calls, logger }),
    platform: createPlatformServices({
      db,
      synonymSource: platformSynonymSource,
      hub,
      sessions: principals,
      jobs,
      mail,
      channelApps: platformChannelApps,
    }),
    channelInbound: createChannelInbound({
      ...channelDeps,
      threads,
      messages,
      uploads,
      outbound: channelOutbound,
      logger,
    }),
  };
};
