import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../http/types.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../db/seed.js';
import { clientAuth, createTestConfig } from '../test/app.js';
import { sqliteTarget, type TestDatabase } from '../test/databases.js';
import { connectTestRedis, describeWithRedis, type TestRedis } from '../test/redis.js';
import { Redis } from 'ioredis';
import {
  createFailSafeLimiter,
  createMemoryLimiter,
  createRedisLimiter,
  type RateLimiter,
} from './limiter.js';
import { redisClientOptions } from './redis.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The behaviour both implementations must share. */
const limiterContract = (getLimiter: () => RateLimiter) => {
  it('counts hits in a window and reports the time left', async () => {
    const limiter = getLimiter();
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfter: 0 });
    expect(await limiter.hit('a', 600)).toEqual({ count: 1, retryAfter: 600 });
    const second = await limiter.hit('a', 600);
    expect(second.count).toBe(2);
    expect(second.retryAfter).toBeGreaterThan(598);
    expect((await limiter.peek('a')).count).toBe(2);
    expect((await limiter.peek('b')).count).toBe(0);
  });

  it('forgets a key on reset', async () => {
    const limiter = getLimiter();
    await limiter.hit('r', 600);
    await limiter.reset('r');
    expect(await limiter.peek('r')).toEqual({ count: 0, retryAfter: 0 });
  });

  it('starts a new window after the old one ends', async () => {
    const limiter = getLimiter();
    await limiter.hit('w', 1);
    await limiter.hit('w', 1);
    await sleep(1100);
    expect((await limiter.peek('w')).count).toBe(0);
    expect((await limiter.hit('w', 1)).count).toBe(1);
  });
};

describe('memory limiter', () => {
  let limiter: RateLimiter;
  beforeAll(() => {
    limiter = createMemoryLimiter();
  });
  limiterContract(() => limiter);

  it('uses the clock it is given', async () => {
    let now = 1_000_000;
    const clocked = createMemoryLimiter(() => now);
    await clocked.hit('k', 10);
    now += 9_500;
    expect(await clocked.peek('k')).toEqual({ count: 1, retryAfter: 1 });
    now += 500;
    expect((await clocked.peek('k')).count).toBe(0);
  });
});

await describeWithRedis('redis limiter', () => {
  let redis: TestRedis;
  let limiter: RateLimiter;
  beforeAll(async () => {
    redis = await connectTestRedis();
    limiter = createRedisLimiter(redis.redis, redis.prefix);
  });
  afterAll(async () => redis?.dispose());
  limiterContract(() => limiter);

  it('keeps its keys under the prefix, each with an expiry', async () => {
    await limiter.hit('ttl', 600);
    const ttl = await redis.redis.pttl(`${redis.prefix}ttl`);
    expect(ttl).toBeGreaterThan(590_000);
    const other = createRedisLimiter(redis.redis, `${redis.prefix}other:`);
    expect((await other.peek('ttl')).count).toBe(0);
  });
});

await describeWithRedis('sign-in limits shared by two nodes through Redis', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let nodes: App[] = [];

  beforeAll(async () => {
    redis = await connectTestRedis();
    database = await sqliteTarget.open();
    const config = createTestConfig();
    await migrateToLatest(database);
    await seedDatabase(database, config);
    // Two app instances stand for two server processes behind a load balancer.
    nodes = await Promise.all(
      [1, 2].map(() =>
        buildApp({ config, database, logger: false, limiter: createRedisLimiter(redis.redis, redis.prefix) }),
      ),
    );
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await database?.dispose();
    await redis?.dispose();
  });

  it('counts an address’s failures on both nodes together', async () => {
    // A different username each time: the per-address limit, not the per-account throttle
    // (login-limit.test.ts covers that one across nodes).
    const attempt = (app: App, index: number) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: clientAuth },
        payload: { grant_type: 'password', username: `ghost-${index}`, password: 'wrong' },
        remoteAddress: '192.0.2.10',
      });
    const [first, second] = nodes as [App, App];
    for (let index = 0; index < 10; index += 2) {
      expect((await attempt(first, index)).statusCode).toBe(400);
      expect((await attempt(second, index + 1)).statusCode).toBe(400);
    }
    expect((await attempt(first, 10)).statusCode).toBe(429);
    expect((await attempt(second, 11)).statusCode).toBe(429);
  });
});

await describeWithRedis('deployments sharing one Redis with different REDIS_PREFIX', () => {
  let redis: TestRedis;
  let database: TestDatabase;
  let shopA: App;
  let shopB: App;

  beforeAll(async () => {
    redis = await connectTestRedis();
    database = await sqliteTarget.open();
    await migrateToLatest(database);
    await seedDatabase(database, createTestConfig());
    // The limiter and presence come from the configuration, as in production (no test override).
    const build = (prefix: string) =>
      buildApp({
        config: createTestConfig({ REDIS_PREFIX: `${redis.prefix}${prefix}` }),
        database,
        redis: redis.redis,
        logger: false,
        sweepIntervalMs: 0,
      });
    shopA = await build('shop-a:');
    shopB = await build('shop-b:');
  });
  afterAll(async () => {
    await shopA?.close();
    await shopB?.close();
    await database?.dispose();
    await redis?.dispose();
  });

  it('keeps their sign-in limits and presence apart', async () => {
    const attempt = (app: App, index: number) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: clientAuth },
        payload: { grant_type: 'password', username: `ghost-${index}`, password: 'wrong' },
        remoteAddress: '192.0.2.20',
      });
    for (let index = 0; index < 10; index += 1) expect((await attempt(shopA, index)).statusCode).toBe(400);
    expect((await attempt(shopA, 10)).statusCode).toBe(429);
    // The same address on the other deployment has not failed there.
    expect((await attempt(shopB, 11)).statusCode).toBe(400);
    expect(await redis.redis.keys(`${redis.prefix}shop-a:limit:*`)).not.toHaveLength(0);

    await shopA.services.presence.connect(4242);
    expect(await shopA.services.presence.connectedAmong([4242])).toEqual(new Set([4242]));
    expect(await shopB.services.presence.connectedAmong([4242])).toEqual(new Set());
    expect(await redis.redis.exists(`${redis.prefix}shop-a:presence:4242`)).toBe(1);
    await shopA.services.presence.disconnect(4242);
  });
});

describe('fail-safe limiter', () => {
  it('counts in memory while Redis cannot be reached, and says so', async () => {
    // A real client on a port nothing listens on: every command fails as during an outage.
    const unreachable = new Redis('redis://127.0.0.1:1', { ...redisClientOptions, lazyConnect: true });
    unreachable.on('error', () => undefined);
    const errors: unknown[] = [];
    const limiter = createFailSafeLimiter(
      createRedisLimiter(unreachable, 'x:'),
      createMemoryLimiter(),
      (error) => errors.push(error),
    );
    try {
      expect((await limiter.hit('login', 600)).count).toBe(1);
      expect((await limiter.hit('login', 600)).count).toBe(2);
      expect((await limiter.peek('login')).count).toBe(2);
      await limiter.reset('login');
      expect((await limiter.peek('login')).count).toBe(0);
      expect(errors.length).toBe(5);
      // Told the client is down, it does not wait for Redis at all.
      const quick = createFailSafeLimiter(
        createRedisLimiter(unreachable, 'x:'),
        createMemoryLimiter(),
        (error) => errors.push(error),
        () => false,
      );
      const startedAt = Date.now();
      expect((await quick.hit('login', 600)).count).toBe(1);
      expect(Date.now() - startedAt).toBeLessThan(100);
      expect(errors.length).toBe(5);
    } finally {
      unreachable.disconnect();
    }
  });
});
