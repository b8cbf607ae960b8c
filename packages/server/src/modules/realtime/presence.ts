import type { Redis } from 'ioredis';
import { isRedisDown } from '../../lib/redis.js';

/**
 * Which agents have a workbench socket open. Routing only hands conversations to agents who are
 * both "online" by status and connected. With Redis, each node keeps its own connected agents in
 * a sorted set scored by an expiry it refreshes, so a crashed node's agents drop out by themselves.
 */
export type Presence = {
  connect: (userId: number) => Promise<void>;
  /** True when this was the agent's last socket on this node. */
  disconnect: (userId: number) => Promise<boolean>;
  /** The subset of `userIds` connected on any node. */
  connectedAmong: (userIds: number[]) => Promise<Set<number>>;
  close: () => void;
};

export const createMemoryPresence = (): Presence => {
  const counts = new Map<number, number>();
  return {
    connect: async (userId) => {
      counts.set(userId, (counts.get(userId) ?? 0) + 1);
    },
    disconnect: async (userId) => {
      const count = (counts.get(userId) ?? 1) - 1;
      if (count > 0) {
        counts.set(userId, count);
        return false;
      }
      counts.delete(userId);
      return true;
    },
    connectedAmong: async (userIds) => new Set(userIds.filter((id) => counts.has(id))),
    close: () => counts.clear(),
  };
};

const ttlMs = 45_000;
const refreshMs = 15_000;

/**
 * `prefix` starts every key (REDIS_PREFIX + `presence:`). While Redis is unreachable, this node
 * answers from its own sockets (routing keeps working for agents connected here) and writes its
 * agents back as soon as the client is ready again.
 */
export const createRedisPresence = (
  redis: Redis,
  nodeId: string,
  prefix: string,
  onError: (error: unknown) => void = () => undefined,
): Presence => {
  const local = createMemoryPresence();
  const localIds = new Set<number>();
  const key = (userId: number) => `${prefix}${userId}`;
  const refresh = async (userId: number) => {
    await redis.zadd(key(userId), Date.now() + ttlMs, nodeId);
    await redis.pexpire(key(userId), ttlMs);
  };
  const timer = setInterval(() => {
    for (const userId of localIds) void refresh(userId).catch(onError);
  }, refreshMs);
  timer.unref();
  // Back after an outage: write this node's agents again now rather than at the next refresh.
  const onReady = () => {
    for (const userId of localIds) void refresh(userId).catch(onError);
  };
  redis.on('ready', onReady);
  return {
    connect: async (userId) => {
      await local.connect(userId);
      localIds.add(userId);
      await refresh(userId).catch(onError);
    },
    disconnect: async (userId) => {
      const isLast = await local.disconnect(userId);
      if (isLast) {
        localIds.delete(userId);
        // Left behind when Redis is gone: its score expires within ttlMs.
        if (!isRedisDown(redis)) await redis.zrem(key(userId), nodeId).catch(onError);
      }
      return isLast;
    },
    connectedAmong: async (userIds) => {
      if (userIds.length === 0) return new Set();
      // While the client is reconnecting, answer locally at once rather than after a timeout.
      if (isRedisDown(redis)) return local.connectedAmong(userIds);
      const now = Date.now();
      const pipeline = redis.pipeline();
      for (const userId of userIds) pipeline.zcount(key(userId), now, '+inf');
      try {
        const results = (await pipeline.exec()) ?? [];
        const failed = results.find(([error]) => error);
        if (failed?.[0]) throw failed[0];
        return new Set(userIds.filter((_, index) => Number(results[index]?.[1] ?? 0) > 0));
      } catch (error) {
        onError(error);
        return local.connectedAmong(userIds);
      }
    },
    close: () => {
      clearInterval(timer);
      redis.off('ready', onReady);
    },
  };
};
