import { createHash } from 'node:crypto';
import {
  canUsePlatformApp,
  channelClientOf,
  messageMaxTextLength,
  platformAppTypeOf,
  usesPlatformApp,
  type ChannelType,
  type Thread,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/errors.js';
import {
  componentContextOf,
  keepVerifyTicket,
  openComponentEvent,
} from '../../lib/channels/wechat/component.js';
import { createPublicId } from '../../lib/ids.js';
import { createOpaqueToken, hashToken } from '../../lib/secrets.js';
import { insertLeaveMessage } from '../leavemsg/leavemsg.repository.js';
import type { MessageService } from '../message/message.service.js';
import type { VisitorActor } from '../thread/chat-actor.js';
import type { ThreadService } from '../thread/thread.service.js';
import { stageBuffer } from '../upload/upload.form.js';
import type { UploadService } from '../upload/upload.service.js';
import { findVisitorById, insertVisitor } from '../visitor/visitor.repository.js';
import {
  ChannelSignatureError,
  type ChannelAdapter,
  type InboundMessage,
  type WebhookOutcome,
  type WebhookRequest,
} from './channel.adapter.js';
import { createAdapterContext, createPlatformAppContext, type ContextDeps } from './channel.context.js';
import { describeFailure } from './channel.service.js';
import type { ChannelOutbound } from './channel.outbound.js';
import { adapterOf } from './channel.registry.js';
import {
  deleteTokens,
  findAccountByPlatformTenant,
  recordAccountOutcome,
  updateAccount,
  findAccountByWebhookKey,
  findChannelUser,
  findFallbackWorkgroupWid,
  findLiveWorkgroupWidById,
  hasInbound,
  insertChannelUser,
  insertInbound,
  pruneInbound,
  recordAccountInbound,
  setThreadReplyUntil,
  touchChannelUser,
  type ChannelAccountRow,
} from './channel.repository.js';

/*
 * A platform calls the account's webhook: the adapter checks and parses the call, and each message
 * becomes what the website widget would have made — a visitor (one per platform user), a thread
 * routed to the account's skill group, a visitor message — so routing, the robot, the workbench,
 * records and statistics need nothing channel-specific. Messages are stored before the platform
 * gets its answer: if we fail, it redelivers, and redeliveries are dropped by their message id.
 */

export type InboundDeps = ContextDeps & {
  threads: ThreadService;
  messages: MessageService;
  uploads: UploadService;
  outbound: ChannelOutbound;
  logger: FastifyBaseLogger;
};

export type WebhookAnswer = { status: number; contentType?: string; body: string };

/** A platform user's notices (queue, out of hours) are sent at most this often. */
const noticeIntervalMs = 30 * 60_000;

/** Message ids can be long (WhatsApp's are ~60 characters): the localId is a fixed-length digest. */
const localIdOf = (externalId: string) => `ch:${createHash('sha1').update(externalId).digest('hex')}`;

const uploadKindOf = (kind: InboundMessage['kind']) => (kind === 'image' ? 'image' : 'file');

export const createChannelInbound = (deps: InboundDeps) => {
  const { db, threads, messages, uploads, outbound, logger, now } = deps;

  /** The visitor behind a platform user, created on its first message. */
  const ensureVisitor = async (account: ChannelAccountRow, message: InboundMessage) => {
    const accountId = Number(account.id);
    const orgId = Number(account.org_id);
    const at = now();
    const existing = await findChannelUser(db, accountId, message.externalUserId);
    const context = {
      ...(existing ? (JSON.parse(existing.context) as Record<string, string>) : {}),
      ...message.context,
    };
    if (existing) {
      await touchChannelUser(db, Number(existing.id), {
        context: JSON.stringify(context),
        lastInboundAt: at,
      });
      return { channelUserId: Number(existing.id), visitorId: Number(existing.visitor_id), context };
    }
    const vid = createPublicId();
    const visitorId = await insertVisitor(db, {
      vid,
      orgId,
      // Channel visitors never hold a token: they speak through the platform.
      tokenHash: hashToken(createOpaqueToken()),
      nickname: (message.nickname ?? '').trim().slice(0, 64) || `${account.name} ${vid.slice(0, 6)}`,
      client: channelClientOf[account.type as ChannelType],
      ip: '',
      userAgent: '',
      page: '',
      referrer: '',
      now: at,
    });
    if (message.avatar)
      await db
        .updateTable('visitor')
        .set({ avatar: message.avatar.slice(0, 500) })
        .where('id', '=', visitorId)
        .execute();
    try {
      const channelUserId = await insertChannelUser(db, {
        orgId,
        accountId,
        externalId: message.externalUserId,
        visitorId,
        context: JSON.stringify(context),
        now: at,
      });
      return { channelUserId, visitorId, context };
    } catch (error) {
      // Two deliveries of a first message at once: the other one made the user; use it.
      await db.deleteFrom('visitor').where('id', '=', visitorId).execute();
      const again = await findChannelUser(db, accountId, message.externalUserId);
      if (!again) throw error;
      return { channelUserId: Number(again.id), visitorId: Number(again.visitor_id), context };
    }
  };

  const actorOf = async (orgId: number, visitorId: number): Promise<VisitorActor> => {
    const row = await findVisitorById(db, orgId, visitorId);
    if (!row) throw new Error(`channel visitor ${visitorId} vanished`);
    return {
      kind: 'visitor',
      orgId,
      visitorId,
      vid: row.vid,
      nickname: row.nickname,
      avatar: row.avatar,
      client: row.client,
    };
  };

  /** Tells the platform user something once in a while (the queue, out-of-hours), not on every message. */
  const notify = async (
    account: ChannelAccountRow,
    user: { channelUserId: number; context: Record<string, string> },
    text: string,
  ) => {
    if (!text) return;
    const last = Number(user.context.noticeAt ?? 0);
    if (now() - last < noticeIntervalMs) return;
    user.context.noticeAt = String(now());
    await touchChannelUser(db, user.channelUserId, {
      context: JSON.stringify(user.context),
      lastInboundAt: now(),
    });
    await outbound.enqueueNotice(Number(account.org_id), Number(account.id), user.channelUserId, text);
  };

  /**
   * The visitor's open conversation, or a new one with the account's skill group. Null when nobody
   * can take it (out of hours, nobody online, queue full: the message becomes a leave message) or
   * the visitor is blocked.
   */
  const openThread = async (
    account: ChannelAccountRow,
    actor: VisitorActor,
    user: { channelUserId: number; context: Record<string, string> },
  ): Promise<{ thread: Thread | null; isBlocked: boolean }> => {
    const current = await threads.currentOfVisitor(actor);
    if (current) return { thread: current, isBlocked: false };
    const orgId = Number(account.org_id);
    const wid =
      (account.workgroup_id !== null
        ? await findLiveWorkgroupWidById(db, orgId, Number(account.workgroup_id))
        : undefined) ?? (await findFallbackWorkgroupWid(db, orgId));
    if (!wid) throw AppError.badRequest('channel.noWorkgroup');
    const result = await threads.request(actor, { wid }, { client: actor.client, ip: '' });
    if (result.code === -3) return { thread: null, isBlocked: true };
    if (result.code === 203 || result.code === 204 || !result.thread) {
      await notify(account, user, result.tip);
      return { thread: null, isBlocked: false };
    }
    // The robot's welcome is a stored message and goes out by itself; a person's welcome is only a tip.
    if (result.code !== 206) await notify(account, user, result.tip);
    return { thread: result.thread, isBlocked: false };
  };

  const storeMedia = async (
    adapter: ChannelAdapter,
    account: ChannelAccountRow,
    actor: VisitorActor,
    message: InboundMessage,
  ): Promise<{ aid: string; type: 'image' | 'file' } | null> => {
    if (!message.mediaRef) return null;
    const ctx = await createAdapterContext(deps, account);
    const media = await adapter.fetchMedia(ctx, message.mediaRef);
    const staged = await stageBuffer(uploads.stagingDir, media.data, message.fileName ?? media.fileName);
    const kind = uploadKindOf(message.kind);
    try {
      const attachment = await uploads.create(
        { orgId: actor.orgId, userId: null, username: actor.vid },
        kind,
        staged,
      );
      return { aid: attachment.aid, type: kind };
    } catch (error) {
      // A voice note in a format we do not keep (WeChat's AMR): its text stands in for it.
      if (error instanceof AppError && error.statusCode === 400) return null;
      throw error;
    } finally {
      await staged.discard();
    }
  };

  const textOf = (message: InboundMessage): string => {
    if (message.kind === 'event') return message.text || message.event?.key || '';
    if (message.text) return message.text;
    return `[${message.kind}]`;
  };

  /** Takes one platform message in; false when it was a redelivery. */
  const ingest = async (adapter: ChannelAdapter, account: ChannelAccountRow, message: InboundMessage) => {
    const accountId = Number(account.id);
    if (await hasInbound(db, accountId, message.externalId)) return false;
    const user = await ensureVisitor(account, message);
    const actor = await actorOf(Number(account.org_id), user.visitorId);
    // Only a menu click says something; following, unfollowing or opening a chat window says nothing to store.
    const isSaid = message.kind !== 'event' || message.event?.name === 'menu_click';
    const isGreeting =
      message.kind === 'event' && ['enter_session', 'subscribe'].includes(message.event?.name ?? '');
    if (isSaid || isGreeting) {
      const { thread, isBlocked } = await openThread(account, actor, user);
      if (thread && isSaid) {
        const media = message.kind === 'event' ? null : await storeMedia(adapter, account, actor, message);
        const text = textOf(message).slice(0, messageMaxTextLength);
        try {
          await messages.send(
            actor,
            media
              ? {
                  tid: thread.tid,
                  type: media.type,
                  content: message.text.slice(0, messageMaxTextLength),
                  aid: media.aid,
                  localId: localIdOf(message.externalId),
                }
              : { tid: thread.tid, type: 'text', content: text, localId: localIdOf(message.externalId) },
            actor.client,
          );
        } catch (error) {
          // Refused for what it says (a blocked visitor, a sensitive word): nothing to redeliver for.
          if (!(error instanceof AppError)) throw error;
          logger.info({ err: error, caid: account.caid }, 'channel message refused');
        }
      }
      if (thread && adapter.replyWindowMs !== null) {
        const row = await db
          .selectFrom('thread')
          .select(['id', 'reply_until'])
          .where('org_id', '=', actor.orgId)
          .where('tid', '=', thread.tid)
          .executeTakeFirst();
        const until = now() + adapter.replyWindowMs;
        if (row) {
          await setThreadReplyUntil(db, Number(row.id), until);
          // The workbench learns of a reopened or renewed window; a window renewed minutes ago needs no push.
          const previous = row.reply_until === null ? 0 : Number(row.reply_until);
          if (until - previous > 15 * 60_000) await threads.announce(actor.orgId, thread.tid);
        }
      }
      if (!thread && !isBlocked && isSaid) {
        await insertLeaveMessage(db, {
          lid: createPublicId(),
          orgId: actor.orgId,
          visitorId: actor.visitorId,
          workgroupId: account.workgroup_id === null ? null : Number(account.workgroup_id),
          agentId: null,
          content: textOf(message).slice(0, 2000),
          mobile: '',
          email: '',
          now: now(),
        });
      }
    }
    await insertInbound(db, accountId, message.externalId, now());
    return true;
  };

  /** Verifies one call with the account's credentials, then stores what it carries. */
  const receive = async (
    adapter: ChannelAdapter,
    account: ChannelAccountRow,
    request: WebhookRequest,
  ): Promise<WebhookAnswer> => {
    const ctx = await createAdapterContext(deps, account);
    let outcome: WebhookOutcome;
    try {
      outcome = await adapter.handleWebhook(ctx, request);
    } catch (error) {
      if (error instanceof ChannelSignatureError) {
        logger.warn({ caid: account.caid, reason: error.message }, 'channel webhook refused');
        throw AppError.unauthorized('channel.badSignature');
      }
      throw error;
    }
    // A disabled account still answers the platform's handshakes but takes nothing in.
    if (Number(account.enabled) !== 1) return outcome.answer;
    const received = [...outcome.messages];
    if (outcome.pullToken && adapter.pull) received.push(...(await adapter.pull(ctx, outcome.pullToken)));
    let stored = 0;
    for (const message of received) if (await ingest(adapter, account, message)) stored += 1;
    if (stored > 0) await recordAccountInbound(db, Number(account.id), now());
    return outcome.answer;
  };

  /**
   * POST or GET /channel/webhook/:key. Throws AppError 404 (no such account) or 401 (signature);
   * otherwise answers what the platform expects once every message is stored.
   */
  const handleWebhook = async (key: string, request: WebhookRequest): Promise<WebhookAnswer> => {
    const account = await findAccountByWebhookKey(db, key);
    const adapter = account ? adapterOf(account.type) : undefined;
    if (!account || !adapter) throw AppError.notFound('channel.unknownWebhook');
    return receive(adapter, account, request);
  };

  /**
   * WeChat's third-party platform's authorisation events: the verify ticket every 10 minutes (kept
   * for every node: the component's token needs the newest), and an official account taking its
   * grant back (its account stops taking pushes and says why).
   */
  const handleComponentEvent = async (
    app: Record<string, string>,
    request: WebhookRequest,
  ): Promise<WebhookAnswer> => {
    const ctx = createPlatformAppContext(deps, app);
    const component = componentContextOf({ ...ctx, platformTokens: deps.platformApps.tokens });
    let event: ReturnType<typeof openComponentEvent>;
    try {
      event = openComponentEvent(component.settings, request);
    } catch (error) {
      logger.warn({ reason: describeFailure(error) }, 'component event refused');
      throw AppError.unauthorized('channel.badSignature');
    }
    if (event.infoType === 'component_verify_ticket') await keepVerifyTicket(component, event.ticket);
    if (event.infoType === 'unauthorized') {
      const account = await findAccountByPlatformTenant(db, 'mp', event.authorizerAppId);
      if (account) {
        await updateAccount(db, Number(account.org_id), Number(account.id), {
          platform_tenant: null,
          updated_at: now(),
        });
        await deleteTokens(db, Number(account.id));
        await recordAccountOutcome(db, Number(account.id), {
          at: now(),
          error: 'the official account took its authorisation back in WeChat: run "Authorise" again',
          isOutbound: false,
        });
      }
    }
    return { status: 200, contentType: 'text/plain', body: 'success' };
  };

  /**
   * POST or GET /channel/webhook/platform/:type[/:tenant]: the platform's own app's push address,
   * shared by every shop or official account granted to it. The push (or the address, for WeChat)
   * names its shop; the account whose grant named that shop takes it, checked with the platform
   * app's credentials. A push for no account (a shop granted and since disconnected, the platform's
   * console verifying the address) is only verified.
   */
  const handlePlatformWebhook = async (
    type: string,
    request: WebhookRequest,
    pathTenant?: string,
  ): Promise<WebhookAnswer> => {
    if (type === 'wechat_open') {
      const app = await deps.platformApps.credentials(type);
      if (!app) throw AppError.notFound('channel.unknownWebhook');
      return handleComponentEvent(app, request);
    }
    const adapter = adapterOf(type);
    const app =
      adapter?.platformApp && canUsePlatformApp(type)
        ? await deps.platformApps.credentials(platformAppTypeOf[type])
        : null;
    if (!adapter?.platformApp || !app) throw AppError.notFound('channel.unknownWebhook');
    const tenant = adapter.platformApp.tenantOf(request, pathTenant);
    const account = tenant ? await findAccountByPlatformTenant(db, type, tenant) : undefined;
    if (account && usesPlatformApp(type, JSON.parse(account.settings) as Record<string, string>))
      return receive(adapter, account, request);
    try {
      const outcome = await adapter.handleWebhook(createPlatformAppContext(deps, app), request);
      return outcome.answer;
    } catch (error) {
      if (error instanceof ChannelSignatureError) throw AppError.unauthorized('channel.badSignature');
      throw error;
    }
  };

  /** Platforms redeliver for minutes; a week of message ids is plenty to recognise a redelivery. */
  const prune = () => pruneInbound(db, now() - 7 * 24 * 3600_000);

  return { handleWebhook, handlePlatformWebhook, prune };
};

export type ChannelInbound = ReturnType<typeof createChannelInbound>;
