import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import type { App } from '../http/types.js';
import { migrateToLatest } from '../db/migrate.js';
import { seedDatabase } from '../db/seed.js';
import { clientAuth, createTestConfig } from '../test/app.js';
import { sqliteTarget, type TestDatabase } from '../test/databases.js';
import { connectTestRedis, describeWithRedis, type TestRedis } from '../test/redis.js';
import { createMemoryLimiter, createRedisLimiter, type RateLimiter } from './limiter.js';

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

  it('counts failures on both nodes together', async () => {
    const attempt = (app: App) =>
      app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: clientAuth },
        payload: { grant_type: 'password', username: 'admin', password: 'wrong' },
        remoteAddress: '192.0.2.10',
      });
    const [first, second] = nodes as [App, App];
    for (let index = 0; index < 5; index += 1) {
      expect((await attempt(first)).statusCode).toBe(400);
      expect((await attempt(second)).statusCode).toBe(400);
    }
    expect((await attempt(first)).statusCode).toBe(429);
    expect((await attempt(second)).statusCode).toBe(429);
  });
});
