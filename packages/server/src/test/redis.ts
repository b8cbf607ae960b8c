import { Redis } from 'ioredis';
import { describe, it } from 'vitest';
import { createPublicId } from '../lib/ids.js';
import { isServiceRequired } from './databases.js';

export const testRedisUrl = process.env.TEST_REDIS_URL || process.env.REDIS_URL || 'redis://127.0.0.1:6379';

export type TestRedis = {
  redis: Redis;
  /** Unique per test file, so parallel files never see each other's keys. */
  prefix: string;
  /** Deletes the keys under the prefix and disconnects. */
  dispose: () => Promise<void>;
};

export const connectTestRedis = async (): Promise<TestRedis> => {
  const redis = new Redis(testRedisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectTimeout: 3000 });
  await redis.connect();
  const prefix = `openkefu-test:${createPublicId(12)}:`;
  return {
    redis,
    prefix,
    dispose: async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
};

let probe: Promise<{ isAvailable: boolean; reason: string }> | undefined;

const probeRedis = () =>
  (probe ??= (async () => {
    const redis = new Redis(testRedisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      connectTimeout: 2000,
      retryStrategy: () => null,
    });
    try {
      await redis.connect();
      await redis.ping();
      return { isAvailable: true, reason: '' };
    } catch (error) {
      return { isAvailable: false, reason: `Redis unreachable at ${testRedisUrl}: ${String(error)}` };
    } finally {
      redis.disconnect();
    }
  })());

/** A suite that needs Redis: skipped when unreachable, failing under REQUIRE_SERVICES=1. */
export const describeWithRedis = async (title: string, suite: () => void): Promise<void> => {
  const { isAvailable, reason } = await probeRedis();
  if (isAvailable) describe(title, suite);
  else if (isServiceRequired) {
    describe(title, () => {
      it('has Redis reachable (REQUIRE_SERVICES=1)', () => {
        throw new Error(reason);
      });
    });
  } else describe.skip(`${title} — ${reason}`, suite);
};
