import type { Message, Thread } from '@openkefu/contract';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDatabase } from '../../db/seed.js';
import { connectRedis } from '../../lib/redis.js';
import { clientAuth, createTestConfig, type TestContext } from '../../test/app.js';
import { sqliteTarget } from '../../test/databases.js';
import { startRedisProxy } from '../../test/redis-proxy.js';
import { connectTestRedis, describeWithRedis, testRedisUrl, type TestRedis } from '../../test/redis.js';
import { initVisitor, makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';
import { connectSocket, emitAck, listen, nextEvent } from './socket.fixture.js';

const until = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
};

await describeWithRedis('a node that loses Redis mid-chat', () => {
  let testRedis: TestRedis;
  let proxy: Awaited<ReturnType<typeof startRedisProxy>>;
  let redis: Redis;
  const ctx = {} as TestContext;
  let org: ChatOrg;
  let agent: Socket;
  let visitor: Socket;
  let tid: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    testRedis = await connectTestRedis();
    proxy = await startRedisProxy(testRedisUrl);
    redis = await connectRedis(proxy.url, 3_000);
    ctx.database = await sqliteTarget.open();
    ctx.config = createTestConfig({ REDIS_PREFIX: testRedis.prefix });
    ctx.sent = [];
    ctx.lastCodeFor = () => undefined;
    await migrateToLatest(ctx.database);
    await seedDatabase(ctx.database, ctx.config);
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      redis,
      logger: false,
      sweepIntervalMs: 0,
    });
    const url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 1 });
    const agentAccount = org.agents[0] as ChatOrg['agents'][0];
    agent = await connectSocket(url, { kind: 'agent', token: agentAccount.token });
    sockets.push(agent);
    await emitAck(agent, 'agent:status', { status: 'online' });
    const identity = await initVisitor(ctx, org.subDomain);
    visitor = await connectSocket(url, { kind: 'visitor', token: identity.token });
    sockets.push(visitor);
    const assigned = nextEvent<Thread>(agent, 'thread:update');
    const result = await requestThread(ctx, identity.token, { wid: org.wid });
    tid = result.thread?.tid ?? '';
    expect((await assigned).tid).toBe(tid);
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx.app?.close();
    redis?.disconnect();
    await proxy?.cut();
    await testRedis?.dispose();
    await ctx.database?.dispose();
  });

  it('keeps its keys and channels under REDIS_PREFIX', async () => {
    const channels = (await testRedis.redis.pubsub('CHANNELS', `${testRedis.prefix}socket.io*`)) as string[];
    expect(channels.length).toBeGreaterThan(0);
    const presenceKeys = await testRedis.redis.keys(`${testRedis.prefix}presence:*`);
    expect(presenceKeys).toContain(`${testRedis.prefix}presence:${org.agents[0]?.userId}`);
    expect(await testRedis.redis.keys('openkefu:presence:*')).not.toContain(
      `openkefu:presence:${org.agents[0]?.userId}`,
    );
  });

  it('says not ready while Redis is gone, keeps chatting on this node, and recovers', async () => {
    const ready = () => ctx.app.inject({ method: 'GET', url: '/ready' });
    expect((await ready()).statusCode).toBe(200);

    await proxy.cut();
    const notReady = await ready();
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'redis unreachable' });
    expect((await ctx.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    // Both sockets are on this node: the adapter delivers locally even though it cannot publish.
    const atAgent = nextEvent<Message>(agent, 'message', (message) => message.content === 'during outage');
    const sent = await emitAck<Message>(visitor, 'message:send', {
      tid,
      localId: 'outage-1',
      type: 'text',
      content: 'during outage',
    });
    expect(sent).toMatchObject({ ok: true, data: { content: 'during outage' } });
    expect((await atAgent).sender.kind).toBe('visitor');
    const atVisitor = nextEvent<Message>(visitor, 'message', (message) => message.content === 'still here');
    expect(
      await emitAck(agent, 'message:send', { tid, localId: 'outage-2', type: 'text', content: 'still here' }),
    ).toMatchObject({ ok: true });
    expect((await atVisitor).sender.kind).toBe('agent');

    // Sign-in limits count on this node meanwhile: the owner can still sign in.
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: clientAuth },
      payload: { grant_type: 'password', username: org.owner.username, password: org.owner.password },
    });
    expect(signIn.statusCode).toBe(200);

    // Routing answers from this node's own presence: a new visitor still reaches the agent.
    const second = await initVisitor(ctx, org.subDomain);
    const routed = await requestThread(ctx, second.token, { wid: org.wid });
    expect(routed.thread?.agent?.uid).toBe(org.agents[0]?.uid);

    await proxy.restore();
    expect(await until(async () => (await ready()).statusCode === 200, 8_000)).toBe(true);
    expect(await redis.ping()).toBe('PONG');
  }, 30_000);
});
