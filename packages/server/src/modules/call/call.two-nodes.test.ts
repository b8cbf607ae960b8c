import type { Call, CallEnd, CallSignalPush, Thread } from '@openkefu/contract';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AppDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDatabase } from '../../db/seed.js';
import type { App } from '../../http/types.js';
import { createTestConfig, type TestContext } from '../../test/app.js';
import { listDatabaseTargets, type TestDatabase } from '../../test/databases.js';
import { connectTestRedis, describeWithRedis, type TestRedis } from '../../test/redis.js';
import { createRedisPresence } from '../realtime/presence.js';
import { connectSocket, emitAck, listen, nextEvent } from '../realtime/socket.fixture.js';
import { initVisitor, makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';

/* A call between a visitor on one node and an agent on another (Redis adapter, one PostgreSQL). */
const postgres = (await listDatabaseTargets()).find((target) => target.name === 'postgres');
const env = { CALL_RING_SECONDS: '0.6', CALL_RECONNECT_SECONDS: '0.5' };

await describeWithRedis('calls across two nodes [postgres]', () => {
  let database: TestDatabase;
  let second: AppDatabase;
  let testRedis: TestRedis;
  let redisB: Redis;
  let nodeA: App;
  let nodeB: App;
  let urlA: string;
  let urlB: string;
  let org: ChatOrg;
  let agent: Socket;
  const sockets: Socket[] = [];

  const buildNode = async (db: AppDatabase, redis: Redis, name: string) =>
    buildApp({
      config: createTestConfig(env),
      database: db,
      redis,
      logger: false,
      presence: createRedisPresence(redis, name, `${testRedis.prefix}presence:`),
      realtimeKey: `${testRedis.prefix}socket.io`,
      sweepIntervalMs: 0,
    });
  const ctxA = (): TestContext =>
    ({
      app: nodeA,
      database,
      config: createTestConfig(env),
      sent: [],
      lastCodeFor: () => undefined,
    }) as TestContext;

  /** A visitor on node A whose conversation the agent on node B serves. */
  const chattingVisitor = async () => {
    const identity = await initVisitor(ctxA(), org.subDomain);
    const visitor = await connectSocket(urlA, { kind: 'visitor', token: identity.token });
    sockets.push(visitor);
    const assigned = nextEvent<Thread>(agent, 'thread:update', (thread) => thread.status === 'chatting');
    const result = await requestThread(ctxA(), identity.token, { wid: org.wid });
    await assigned;
    return { visitor, tid: result.thread?.tid ?? '', token: identity.token };
  };

  beforeAll(async () => {
    if (!postgres?.isAvailable) throw new Error(postgres?.reason ?? 'PostgreSQL target missing');
    database = await postgres.open();
    await migrateToLatest(database);
    await seedDatabase(database, createTestConfig(env));
    second = database.openAnother();
    testRedis = await connectTestRedis();
    redisB = testRedis.redis.duplicate();
    nodeA = await buildNode(database, testRedis.redis, 'node-a');
    nodeB = await buildNode(second, redisB, 'node-b');
    urlA = await listen(nodeA);
    urlB = await listen(nodeB);
    org = await makeChatOrg(ctxA(), { agents: 1, maxThreadCount: 10, group: { allowCall: true } });
    agent = await connectSocket(urlB, {
      kind: 'agent',
      token: (org.agents[0] as ChatOrg['agents'][0]).token,
    });
    sockets.push(agent);
    await emitAck(agent, 'agent:status', { status: 'online' });
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await nodeA?.close();
    await nodeB?.close();
    redisB?.disconnect();
    await testRedis?.dispose();
    await second?.close();
    await database?.dispose();
  });

  it('rings, connects, relays and hangs up across nodes', async () => {
    const { visitor, tid } = await chattingVisitor();
    const ring = nextEvent<Call>(agent, 'call:ring');
    const started = await emitAck<Call>(visitor, 'call:start', { tid, media: 'video' });
    const callId = started.ok ? started.data.callId : '';
    expect((await ring).callId).toBe(callId);
    const accepted = nextEvent<Call>(visitor, 'call:accepted');
    expect(await emitAck(agent, 'call:accept', { callId })).toMatchObject({ ok: true });
    await accepted;
    const offer = nextEvent<CallSignalPush>(agent, 'call:signal');
    await emitAck(visitor, 'call:signal', { callId, description: { type: 'offer', sdp: 'v=0' } });
    expect((await offer).by).toBe('visitor');
    const answer = nextEvent<CallSignalPush>(visitor, 'call:signal');
    await emitAck(agent, 'call:signal', { callId, description: { type: 'answer', sdp: 'v=0' } });
    expect((await answer).by).toBe('agent');
    const ended = nextEvent<CallEnd>(visitor, 'call:end');
    await emitAck(agent, 'call:hangup', { callId });
    expect(await ended).toMatchObject({ reason: 'hangup', by: 'agent' });
  });

  it('times out a ring started on one node at the agent on the other, and is busy across nodes', async () => {
    const first = await chattingVisitor();
    const other = await chattingVisitor();
    const started = await emitAck<Call>(first.visitor, 'call:start', { tid: first.tid, media: 'audio' });
    const callId = started.ok ? started.data.callId : '';
    // The agent's node sees the call in the database: a second caller hears busy.
    const busy = nextEvent<CallEnd>(other.visitor, 'call:end');
    await emitAck(other.visitor, 'call:start', { tid: other.tid, media: 'audio' });
    expect((await busy).reason).toBe('busy');
    expect(await nextEvent<CallEnd>(agent, 'call:end', (end) => end.callId === callId)).toMatchObject({
      reason: 'timeout',
    });
  });

  it('keeps a call going when the visitor comes back on the other node (a restart, a new network)', async () => {
    const { visitor, tid, token } = await chattingVisitor();
    const started = await emitAck<Call>(visitor, 'call:start', { tid, media: 'audio' });
    const callId = started.ok ? started.data.callId : '';
    expect(await emitAck(agent, 'call:accept', { callId })).toMatchObject({ ok: true });
    visitor.close();
    const back = await connectSocket(urlB, { kind: 'visitor', token });
    sockets.push(back);
    // Past the wait for the visitor: node A asks every node and finds the new connection on B.
    await new Promise((resolve) => setTimeout(resolve, 900));
    const relayed = nextEvent<CallSignalPush>(back, 'call:signal');
    expect(
      await emitAck(agent, 'call:signal', { callId, description: { type: 'offer', sdp: 'v=0' } }),
    ).toMatchObject({ ok: true });
    expect((await relayed).callId).toBe(callId);
    const ended = nextEvent<CallEnd>(agent, 'call:end', (end) => end.callId === callId);
    await emitAck(back, 'call:hangup', { callId });
    expect(await ended).toMatchObject({ reason: 'hangup', by: 'visitor' });
  });
});
