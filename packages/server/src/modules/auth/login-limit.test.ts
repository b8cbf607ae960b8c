import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { Config } from '../../config.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDatabase } from '../../db/seed.js';
import type { App } from '../../http/types.js';
import { createMemoryLimiter, createRedisLimiter, type RateLimiter } from '../../lib/limiter.js';
import { clientAuth, createAccount, createTestConfig, type TestAccount } from '../../test/app.js';
import { sqliteTarget, type TestDatabase } from '../../test/databases.js';
import { connectTestRedis, describeWithRedis, type TestRedis } from '../../test/redis.js';
import { readMailBody, readMailSubject, startSmtpServer } from './mail.fixture.js';
import { loginAttackDelayMs, loginDelayFor, loginPairRule } from './login-guard.js';

type OAuthBody = { error: string; retryAfter?: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let ipCounter = 0;
const freshIp = () => `198.51.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('loginDelayFor', () => {
  it('grows with each failure of an address and is short for everyone during an attack', () => {
    const delays = [0, 1, 2, 3, 4].map((failures) => loginDelayFor(failures, false));
    expect(delays).toEqual([0, 250, 500, 1000, 2000]);
    expect(loginDelayFor(0, true)).toBe(loginAttackDelayMs);
    expect(loginDelayFor(4, true)).toBe(2000);
  });
});

/**
 * Both sides of the sign-in throttle against real apps: `nodes` are one app (in-process limiter)
 * or two apps sharing a Redis limiter, standing for two server processes.
 */
const throttleSuite = (setup: {
  /** Builds the nodes once the SMTP server is listening. */
  start: (config: Config, database: TestDatabase) => Promise<App[]>;
  stop?: () => Promise<void>;
}) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: TestDatabase;
  let nodes: App[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    database = await sqliteTarget.open();
    const config = createTestConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: smtp.url });
    await migrateToLatest(database);
    await seedDatabase(database, config);
    nodes = await setup.start(config, database);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    await setup.stop?.();
    await database?.dispose();
    await smtp?.close();
  });

  /** Alternates between the nodes, as a load balancer would. */
  let turn = 0;
  const attempt = async (
    account: TestAccount,
    password: string,
    ip: string,
    language?: string,
  ): Promise<{ status: number; ms: number; body: OAuthBody; retryAfter?: string }> => {
    const node = nodes[turn++ % nodes.length] as App;
    const started = performance.now();
    const response = await node.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: clientAuth, ...(language ? { 'accept-language': language } : {}) },
      payload: { grant_type: 'password', username: account.username, password },
      remoteAddress: ip,
    });
    return {
      status: response.statusCode,
      ms: performance.now() - started,
      body: response.json<OAuthBody>(),
      retryAfter: response.headers['retry-after'] as string | undefined,
    };
  };

  const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
  const waitForMail = async (address: string) => {
    for (let waited = 0; waited < 5000 && mailsTo(address).length === 0; waited += 50) await sleep(50);
  };

  it('slows an address that keeps failing more each time, then answers 429 even for the right password', async () => {
    const account = await createAccount(database, { roles: ['ROLE_ADMIN'], email: 'owner1@example.com' });
    const attacker = freshIp();
    const timings: number[] = [];
    for (let failure = 0; failure < loginPairRule.limit; failure += 1) {
      const result = await attempt(account, 'wrong', attacker);
      expect(result.status).toBe(400);
      timings.push(result.ms);
    }
    // Each answer waited at least the delay its earlier failures earned (timers never fire early).
    timings.forEach((ms, failures) => expect(ms).toBeGreaterThanOrEqual(loginDelayFor(failures, false) - 2));
    expect(timings[4]).toBeGreaterThan(timings[1] ?? 0);

    const locked = await attempt(account, account.password, attacker);
    expect(locked.status).toBe(429);
    expect(locked.body.error).toBe('too_many_attempts');
    expect(locked.body.retryAfter).toBeGreaterThan(500);
    expect(locked.body.retryAfter).toBeLessThanOrEqual(600);
    expect(locked.retryAfter).toBe(String(locked.body.retryAfter));

    // The owner, from an address that has not been failing, is let in without the attacker's delays.
    const owner = await attempt(account, account.password, freshIp());
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeLessThan(loginDelayFor(4, false));
    // 5 failures are not yet an attack: no mail.
    await sleep(200);
    expect(mailsTo('owner1@example.com')).toHaveLength(0);
  });

  it('tells the owner once, in their language, while the owner still signs in', async () => {
    const account = await createAccount(database, { roles: ['ROLE_ADMIN'], email: 'owner2@example.com' });
    // The owner's last sign-in was in Chinese: the warning is too.
    expect((await attempt(account, account.password, freshIp(), 'zh-CN')).status).toBe(200);

    // Guesses spread over many addresses, two each: each address stays under its own limit.
    for (let address = 0; address < 6; address += 1) {
      const ip = freshIp();
      for (let failure = 0; failure < 2; failure += 1)
        expect((await attempt(account, 'guess', ip)).status).toBe(400);
    }
    await waitForMail('owner2@example.com');
    expect(mailsTo('owner2@example.com')).toHaveLength(1);
    const mail = mailsTo('owner2@example.com')[0]?.data ?? '';
    expect(readMailSubject(mail)).toContain(account.username);
    expect(readMailSubject(mail)).toContain('登录失败');
    expect(readMailBody(mail)).toContain('错误密码');

    // The attack goes on: no second mail.
    for (let address = 0; address < 3; address += 1)
      expect((await attempt(account, 'guess', freshIp())).status).toBe(400);
    await sleep(300);
    expect(mailsTo('owner2@example.com')).toHaveLength(1);

    // The owner signs in meanwhile, with at most the short delay every attempt now gets.
    const owner = await attempt(account, account.password, freshIp());
    expect(owner.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(loginAttackDelayMs - 2);
  });

  it('sends the warning in English when the owner’s language is unknown', async () => {
    const account = await createAccount(database, { roles: ['ROLE_ADMIN'], email: 'owner3@example.com' });
    for (let address = 0; address < 5; address += 1) {
      const ip = freshIp();
      for (let failure = 0; failure < 2; failure += 1) await attempt(account, 'guess', ip);
    }
    await waitForMail('owner3@example.com');
    const mail = mailsTo('owner3@example.com')[0]?.data ?? '';
    expect(readMailSubject(mail)).toBe(`Failed sign-ins to your OpenKefu account ${account.username}`);
    expect(readMailBody(mail)).toContain('You can still sign in as usual');
  });
};

describe('sign-in throttle on one node', () => {
  throttleSuite({
    start: async (config, database) => [
      await buildApp({ config, database, logger: false, limiter: createMemoryLimiter(), sweepIntervalMs: 0 }),
    ],
  });
});

await describeWithRedis('sign-in throttle shared by two nodes through Redis', () => {
  let redis: TestRedis;
  throttleSuite({
    start: async (config, database) => {
      redis = await connectTestRedis();
      const limiter: RateLimiter = createRedisLimiter(redis.redis, redis.prefix);
      return Promise.all(
        [1, 2].map(() => buildApp({ config, database, logger: false, limiter, sweepIntervalMs: 0 })),
      );
    },
    stop: async () => redis?.dispose(),
  });
});
