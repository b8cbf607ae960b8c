import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { createPublicId } from '../../lib/ids.js';
import { watchRedisClient, type RedisLog } from '../../lib/redis.js';

/*
 * Resolving a bearer token costs three queries (token and owner, roles, permission actions); every
 * authenticated request needs it. Principals are therefore kept per token hash for a few seconds,
 * never past the token's own expiry, and forgotten at once when something they were built from
 * changes: sign-out, a disabled or deleted account, new roles, a new password, a role's
 * authorities or permissions. With Redis, the forgetting reaches every node over pub/sub; while
 * that subscription is down this node resolves every request from the database instead.
 */

/**
 * What changed: one token, every token of one user, every token of one organisation (its billing
 * validity), or everything (a role's grants).
 */
export type Revocation =
  | { kind: 'token'; tokenId: number }
  | { kind: 'user'; userId: number }
  | { kind: 'org'; orgId: number }
  | { kind: 'all' };

/** What the services that change accounts and roles call after their transaction commits. */
export type SessionRevoker = {
  forgetToken: (tokenId: number) => void;
  forgetUser: (userId: number) => void;
  /** Every token of one organisation's users (its validity changed: billing's read-only check). */
  forgetOrganization: (orgId: number) => void;
  forgetAll: () => void;
};

export const noSessionRevoker: SessionRevoker = {
  forgetToken: () => undefined,
  forgetUser: () => undefined,
  forgetOrganization: () => undefined,
  forgetAll: () => undefined,
};

type Keyed = { tokenId: number; userId: number; orgId?: number };

export type Loaded<T> = { value: T; expiresAt: number };

/** Carries revocations between nodes. */
export type RevocationBus = {
  publish: (revocation: Revocation) => void;
  /** False while revocations from other nodes might be missed: the cache is then bypassed. */
  isLive: () => boolean;
  close: () => Promise<void>;
  /** Resolves once revocations from other nodes are being received. */
  ready?: Promise<void>;
};

export type PrincipalCache<T extends Keyed> = SessionRevoker & {
  /** The cached value of a key, or the loader's (concurrent misses of one key share one load). */
  resolve: (key: string, load: () => Promise<Loaded<T>>) => Promise<T>;
  /** Applies a revocation received from another node. */
  applyRemote: (revocation: Revocation) => void;
  /** Forgets everything without telling other nodes (the subscription was lost and is back). */
  reset: () => void;
  /** Emits `remote` after a revocation from another node was applied (tests wait on it). */
  events: EventEmitter;
  /** Resolves once revocations from other nodes are received (at once without Redis). */
  ready: Promise<void>;
  size: () => number;
  close: () => Promise<void>;
};

export const createPrincipalCache = <T extends Keyed>(options: {
  ttlMs: number;
  capacity: number;
  bus?: RevocationBus | null;
  now?: () => number;
}): PrincipalCache<T> => {
  const { ttlMs, capacity } = options;
  const now = options.now ?? Date.now;
  const bus = options.bus ?? null;
  // Map order is insertion order: re-inserting on each hit keeps the least recently used first.
  const entries = new Map<string, Loaded<T>>();
  const pending = new Map<string, Promise<T>>();
  // Bumped by every revocation: a load that started before one must not store what it read.
  let generation = 0;
  const events = new EventEmitter();

  const isEnabled = () => ttlMs > 0 && (bus === null || bus.isLive());

  const resolve = async (key: string, load: () => Promise<Loaded<T>>): Promise<T> => {
    if (!isEnabled()) return (await load()).value;
    const hit = entries.get(key);
    if (hit) {
      entries.delete(key);
      if (hit.expiresAt > now()) {
        entries.set(key, hit);
        return hit.value;
      }
    }
    const inFlight = pending.get(key);
    if (inFlight) return inFlight;
    const startedAt = generation;
    const loading = load()
      .then((loaded) => {
        if (generation === startedAt) {
          entries.set(key, { value: loaded.value, expiresAt: Math.min(loaded.expiresAt, now() + ttlMs) });
          if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
        }
        return loaded.value;
      })
      .finally(() => {
        if (pending.get(key) === loading) pending.delete(key);
      });
    pending.set(key, loading);
    return loading;
  };

  const apply = (revocation: Revocation) => {
    generation += 1;
    // Requests arriving from now on must not join a load that may have read the old state.
    pending.clear();
    if (revocation.kind === 'all') {
      entries.clear();
      return;
    }
    for (const [key, entry] of entries) {
      const isMatch =
        revocation.kind === 'token'
          ? entry.value.tokenId === revocation.tokenId
          : revocation.kind === 'org'
            ? entry.value.orgId === revocation.orgId
            : entry.value.userId === revocation.userId;
      if (isMatch) entries.delete(key);
    }
  };

  const revoke = (revocation: Revocation) => {
    apply(revocation);
    bus?.publish(revocation);
  };

  return {
    resolve,
    forgetToken: (tokenId) => revoke({ kind: 'token', tokenId }),
    forgetUser: (userId) => revoke({ kind: 'user', userId }),
    forgetOrganization: (orgId) => revoke({ kind: 'org', orgId }),
    forgetAll: () => revoke({ kind: 'all' }),
    applyRemote: (revocation) => {
      apply(revocation);
      events.emit('remote', revocation);
    },
    reset: () => apply({ kind: 'all' }),
    events,
    ready: bus?.ready ?? Promise.resolve(),
    size: () => entries.size,
    close: async () => {
      entries.clear();
      await bus?.close();
    },
  };
};

const isRevocation = (value: unknown): value is Revocation => {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  if (record.kind === 'all') return true;
  if (record.kind === 'token') return Number.isInteger(record.tokenId);
  if (record.kind === 'user') return Number.isInteger(record.userId);
  if (record.kind === 'org') return Number.isInteger(record.orgId);
  return false;
};

/**
 * Revocations over Redis pub/sub on `channel`. The subscriber is its own connection (a subscribed
 * ioredis client runs no other command). Messages carry the sending node's id so a node does not
 * apply its own revocations twice. When the subscription comes back after an outage, `onResync`
 * runs: revocations sent meanwhile were lost, so the caller forgets everything.
 */
export const createRedisRevocationBus = (options: {
  redis: Redis;
  channel: string;
  log: RedisLog & { error?: (details: Record<string, unknown>, message: string) => void };
  onMessage: (revocation: Revocation) => void;
  onResync: () => void;
}): RevocationBus => {
  const { redis, channel, log } = options;
  const nodeId = createPublicId(12);
  // Subscribed by hand on every `ready`, so the node knows when the subscription is really back.
  const subscriber = redis.duplicate({ lazyConnect: true, autoResubscribe: false });
  const unwatch = watchRedisClient(subscriber, 'auth-revocations', log);
  let isSubscribed = false;
  let isClosed = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const parsed = JSON.parse(text) as { node?: unknown; revocation?: unknown };
      if (parsed.node === nodeId || !isRevocation(parsed.revocation)) return;
      options.onMessage(parsed.revocation);
    } catch {
      log.warn({ channel }, 'unreadable session revocation ignored');
    }
  });
  subscriber.on('close', () => {
    isSubscribed = false;
  });
  subscriber.on('ready', () => {
    subscriber.subscribe(channel).then(
      () => {
        if (isClosed) return;
        // Whatever was revoked while unsubscribed is unknown here: start from nothing.
        options.onResync();
        isSubscribed = true;
        markReady();
      },
      (error: unknown) => log.warn({ err: String(error) }, 'session revocations: subscribe failed'),
    );
  });
  subscriber.connect().catch(() => undefined);

  return {
    ready,
    isLive: () => isSubscribed && subscriber.status === 'ready',
    publish: (revocation) => {
      redis.publish(channel, JSON.stringify({ node: nodeId, revocation })).catch((error: unknown) => {
        log.warn({ err: String(error) }, 'session revocation not published');
      });
    },
    close: async () => {
      isClosed = true;
      isSubscribed = false;
      unwatch();
      subscriber.disconnect();
    },
  };
};
