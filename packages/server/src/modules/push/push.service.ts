import { isIP } from 'node:net';
import type {
  Language,
  Message,
  PushKind,
  PushPayload,
  PushPublicKey,
  PushSubscribeInput,
  PushSubscriptionState,
} from '@openkefu/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { resolveLanguage, translate } from '../../http/i18n.js';
import { lazyRequire } from '../../lib/lazy-require.js';
import { callOutside, OutsideError } from '../../lib/outside/http.js';
import type { Sealer } from '../../lib/sealed.js';
import { previewOf } from '../message/message.mapper.js';
import {
  deleteSubscriptionById,
  deleteSubscriptionOfUser,
  findVapidKeys,
  insertVapidKeysOnce,
  listRecipients,
  listRecipientsOfThread,
  listSubscribedUserIds,
  listSubscriptionsOfUser,
  upsertSubscription,
  type SubscriptionRow,
} from './push.repository.js';
import './push.messages.js';

type WebPush = typeof import('web-push');
// VAPID signing and aes128gcm encryption (RFC 8292, 8291); loaded at the first push, not at start-up.
const webPush = lazyRequire<WebPush>('web-push');

export type PushServiceOptions = {
  /**
   * Tests only: accept http:// and loopback endpoints (a push service the test runs). Deliberately
   * not configuration, so a deployment cannot be talked into posting to its own network.
   */
  allowInsecureEndpoints?: boolean;
  /** Defaults to global fetch. */
  fetch?: typeof fetch;
};

type Deps = {
  db: Executor;
  sealer: Sealer;
  logger: FastifyBaseLogger;
  /** Where the console lives (notification clicks open it) and the VAPID subject when it is https. */
  publicUrl: string;
  mailFrom: string;
  now?: () => number;
} & PushServiceOptions;

type Actor = { orgId: number; userId: number };

type Recipient = SubscriptionRow & { language: string | null };

/** How long a push service may keep an undelivered notice: a conversation notice is stale after a day. */
const ttlSeconds = 24 * 3600;
const subscribedCacheMs = 30_000;
const bodyLimit = 120;

const isPrivateHost = (hostname: string): boolean => {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || isIP(host) !== 0;
};

/** The VAPID `sub`: the console's https origin, else the sender address of mail. */
export const vapidSubjectOf = (publicUrl: string, mailFrom: string): string => {
  try {
    const url = new URL(publicUrl);
    if (url.protocol === 'https:' && !isPrivateHost(url.hostname)) return url.origin;
  } catch {
    // An unparsable PUBLIC_URL is config's problem; fall back to the mail address.
  }
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${/^[^@\s]+@[^@\s]+$/.test(address) ? address : 'no-reply@openkefu.invalid'}`;
};

const truncate = (text: string): string =>
  text.length > bodyLimit ? `${text.slice(0, bodyLimit - 1)}…` : text;

/**
 * Web Push to agents' browsers (issue 21): the installation's VAPID keys (made at first start,
 * the private key sealed), each user's subscriptions, and notices of a conversation assigned to
 * the agent, one queued in their skill groups, and a visitor's message in their conversation. A
 * push goes to every subscribed device; the service worker shows nothing while a workbench window
 * has the focus (the page alerts then). Sending never holds up the chat: it runs after the event
 * and only logs failures; a subscription the push service calls gone (404, 410) is deleted.
 */
export const createPushService = (deps: Deps) => {
  const { db, sealer, logger } = deps;
  const now = deps.now ?? Date.now;
  const doFetch = deps.fetch ?? fetch;
  const subject = vapidSubjectOf(deps.publicUrl, deps.mailFrom);
  const consoleBase = `${deps.publicUrl.replace(/\/+$/, '')}/admin`;

  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const loadKeys = async () => {
    let row = await findVapidKeys(db);
    if (!row) {
      const pair = webPush().generateVAPIDKeys();
      await insertVapidKeysOnce(db, {
        publicKey: pair.publicKey,
        privateKeySealed: sealer.seal(pair.privateKey),
        now: now(),
      });
      row = await findVapidKeys(db);
      if (!row) throw new Error('the VAPID keys were not stored');
    }
    return { publicKey: row.public_key, privateKey: sealer.open(row.private_key_sealed) };
  };
  /** The key pair, made and stored on first use (app start calls it). A failed read is retried next time. */
  const vapidKeys = () => {
    keys ??= loadKeys().catch((error: unknown) => {
      keys = null;
      throw error;
    });
    return keys;
  };

  const checkEndpoint = (endpoint: string) => {
    if (deps.allowInsecureEndpoints) return;
    const url = new URL(endpoint);
    // Push services are public https hosts; anything else would make the server post into its own network.
    if (url.protocol !== 'https:' || isPrivateHost(url.hostname))
      throw AppError.validation([
        { field: 'endpoint', message: 'must be the https address of a public push service' },
      ]);
  };

  const sendTo = async (recipient: Recipient, payload: PushPayload): Promise<void> => {
    const { publicKey, privateKey } = await vapidKeys();
    const details = webPush().generateRequestDetails(
      { endpoint: recipient.endpoint, keys: { p256dh: recipient.p256dh, auth: recipient.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey, privateKey },
        contentEncoding: 'aes128gcm',
        TTL: ttlSeconds,
        urgency: payload.kind === 'message' ? 'normal' : 'high',
        // Folds repeated notices of one conversation at the push service while the device is offline.
        topic: payload.tid.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
      },
    );
    try {
      await callOutside(
        {
          method: 'POST',
          url: details.endpoint,
          // fetch sets Content-Length itself from the body; the rest go as text.
          headers: Object.fromEntries(
            Object.entries(details.headers)
              .filter(([name]) => name.toLowerCase() !== 'content-length')
              .map(([name, value]) => [name, String(value)]),
          ),
          body: details.body ?? undefined,
          timeoutMs: 10_000,
        },
        doFetch,
      );
    } catch (error) {
      if (error instanceof OutsideError && (error.status === 404 || error.status === 410)) {
        await deleteSubscriptionById(db, recipient.id);
        forgetSubscribed();
        return;
      }
      throw error;
    }
  };

  const sendAll = (recipients: Recipient[], build: (language: Language) => PushPayload): Promise<void> =>
    Promise.all(
      recipients.map((recipient) =>
        sendTo(recipient, build(resolveLanguage(recipient.language ?? undefined))).catch((error: unknown) =>
          logger.warn({ err: error, subscription: recipient.id }, 'web push failed'),
        ),
      ),
    ).then(() => undefined);

  const urlOf = (tid: string) => `${consoleBase}/agent/${encodeURIComponent(tid)}`;

  /*
   * Who has a subscription at all, kept per node for 30 s: most messages and conversations have no
   * subscribed agent, and then pushing costs no query. Changes on this node apply at once; other
   * nodes see a new subscription within 30 s.
   */
  let subscribed: { ids: Promise<Set<number>>; loadedAt: number } | undefined;
  const subscribedUsers = (): Promise<Set<number>> => {
    const at = now();
    if (!subscribed || at - subscribed.loadedAt >= subscribedCacheMs) {
      const ids = listSubscribedUserIds(db).then((list) => new Set(list));
      const entry = { ids, loadedAt: at };
      subscribed = entry;
      ids.catch(() => {
        if (subscribed === entry) subscribed = undefined;
      });
    }
    return subscribed.ids;
  };
  const forgetSubscribed = () => {
    subscribed = undefined;
  };
  /** These users, less those without a subscription. */
  const subscribedOf = async (userIds: number[]): Promise<number[]> => {
    const known = await subscribedUsers();
    return userIds.filter((id) => known.has(id));
  };

  /** Pending sends, so tests (and a graceful close) can wait for them. */
  const pending = new Set<Promise<void>>();
  const track = (work: Promise<void>) => {
    const tracked = work
      .catch((error: unknown) => logger.warn({ err: error }, 'web push failed'))
      .finally(() => pending.delete(tracked));
    pending.add(tracked);
  };

  const threadNotice = (
    kind: Exclude<PushKind, 'message'>,
    thread: { orgId: number; tid: string; visitorNickname: string; groupNickname: string },
    userIds: number[] | (() => Promise<number[]>),
  ) =>
    track(
      (async () => {
        if ((await subscribedUsers()).size === 0) return;
        const ids = await subscribedOf(typeof userIds === 'function' ? await userIds() : userIds);
        if (ids.length === 0) return;
        const recipients = await listRecipients(db, thread.orgId, ids);
        return sendAll(
          // The "notice when a visitor connects" setting (spec §3) silences new-conversation alerts.
          recipients.filter((recipient) => recipient.connected !== 0),
          (language) => ({
            kind,
            title: translate(`push.${kind}.title`, language),
            body: truncate(
              translate(`push.${kind}.body`, language, {
                visitor: thread.visitorNickname,
                group: thread.groupNickname,
              }),
            ),
            tid: thread.tid,
            url: urlOf(thread.tid),
          }),
        );
      })(),
    );

  return {
    publicKey: async (): Promise<PushPublicKey> => ({ publicKey: (await vapidKeys()).publicKey }),
    /** Makes the key pair now (at start), so the first browser does not wait for it. */
    ensureKeys: async (): Promise<void> => {
      await vapidKeys();
    },

    subscribe: async (
      actor: Actor,
      input: PushSubscribeInput,
      userAgent: string,
    ): Promise<PushSubscriptionState> => {
      checkEndpoint(input.endpoint);
      await upsertSubscription(db, {
        orgId: actor.orgId,
        userId: actor.userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent.slice(0, 300),
        now: now(),
      });
      forgetSubscribed();
      const row = (await listSubscriptionsOfUser(db, actor.orgId, actor.userId)).find(
        (subscription) => subscription.endpoint === input.endpoint,
      );
      return { endpoint: input.endpoint, createdAt: Number(row?.created_at ?? now()) };
    },

    unsubscribe: async (actor: Actor, endpoint: string): Promise<void> => {
      if (!(await deleteSubscriptionOfUser(db, actor.orgId, actor.userId, endpoint)))
        throw AppError.notFound('push.subscriptionNotFound');
      forgetSubscribed();
    },

    list: async (actor: Actor): Promise<PushSubscriptionState[]> =>
      (await listSubscriptionsOfUser(db, actor.orgId, actor.userId)).map((row) => ({
        endpoint: row.endpoint,
        createdAt: Number(row.created_at),
      })),

    /** A conversation was given to this agent by routing. */
    onAssigned: (
      thread: { orgId: number; tid: string; visitorNickname: string; groupNickname: string },
      agentId: number,
    ) => threadNotice('assigned', thread, [agentId]),

    /** A conversation waits in a queue these agents serve. */
    onQueued: (
      thread: { orgId: number; tid: string; visitorNickname: string; groupNickname: string },
      agentIds: number[] | (() => Promise<number[]>),
    ) => threadNotice('queued', thread, agentIds),

    /** A visitor's message reached these agents (the participants of its conversation). */
    onVisitorMessage: (message: Message, agentIds: number[]) => {
      if (message.sender.kind !== 'visitor' || agentIds.length === 0) return;
      const preview = previewOf(message.type, message.content, message.fileName);
      if (preview === null) return;
      track(
        subscribedOf(agentIds).then(async (ids) => {
          const recipients = await listRecipientsOfThread(db, message.tid, ids);
          return sendAll(recipients, (language) => ({
            kind: 'message',
            title: truncate(translate('push.message.title', language, { visitor: message.sender.nickname })),
            body: truncate(preview),
            tid: message.tid,
            url: urlOf(message.tid),
          }));
        }),
      );
    },

    /** Resolves once every push started so far has been sent or has failed. */
    idle: async (): Promise<void> => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
};

export type PushService = ReturnType<typeof createPushService>;
