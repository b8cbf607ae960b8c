import type { Message, Thread } from '@openkefu/contract';
import type { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import type { AppDatabase } from '../../db/database.js';
import { migrateToLatest } from '../../db/migrate.js';
import { seedDatabase } from '../../db/seed.js';
import type { App } from '../../http/types.js';
import { createPublicId } from '../../lib/ids.js';
import { createTestConfig, type TestContext } from '../../test/app.js';
import { listDatabaseTargets, type TestDatabase } from '../../test/databases.js';
import { connectTestRedis, describeWithRedis, type TestRedis } from '../../test/redis.js';
import { initVisitor, makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';
import { insertThread } from '../thread/thread.repository.js';
import { createRedisPresence } from './presence.js';
import { connectSocket, emitAck, listen, nextEvent } from './socket.fixture.js';

/*
 * Two server nodes on one PostgreSQL database and one Redis, as behind a load balancer
 * (DESIGN §2): fan-out crosses nodes through the Socket.IO Redis adapter, presence through Redis,
 * and routing on both nodes at once never hands a conversation out twice.
 */
const postgres = (await listDatabaseTargets()).find((target) => target.name === 'postgres');

await describeWithRedis('two server nodes with Redis [postgres]', () => {
  let database: TestDatabase;
  let second: AppDatabase;
  let testRedis: TestRedis;
  let redisB: Redis;
  let nodeA: App;
  let nodeB: App;
  let urlA: string;
  let urlB: string;
  const sockets: Socket[] = [];

  const buildNode = async (db: AppDatabase, redis: Redis, name: string) =>
    buildApp({
      config: createTestConfig(),
      database: db,
      redis,
      logger: false,
      presence: createRedisPresence(redis, name, `${testRedis.prefix}presence:`),
      realtimeKey: `${testRedis.prefix}socket.io`,
      sweepIntervalMs: 0,
    });

  beforeAll(async () => {
    if (!postgres?.isAvailable) throw new Error(postgres?.reason ?? 'PostgreSQL target missing');
    database = await postgres.open();
    await migrateToLatest(database);
    const config = createTestConfig();
    await seedDatabase(database, config);
    second = database.openAnother();
    testRedis = await connectTestRedis();
    redisB = testRedis.redis.duplicate();
    nodeA = await buildNode(database, testRedis.redis, 'node-a');
    nodeB = await buildNode(second, redisB, 'node-b');
    urlA = await listen(nodeA);
    urlB = await listen(nodeB);
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

  const contextOf = (app: App): TestContext =>
    ({ app, database, config: createTestConfig(), sent: [], lastCodeFor: () => undefined }) as TestContext;

  it('carries messages both ways between a visitor on one node and an agent on the other', async () => {
    const ctxA = contextOf(nodeA);
    const org = await makeChatOrg(ctxA, { agents: 1 });
    const agentAccount = org.agents[0] as ChatOrg['agents'][0];
    const agent = await connectSocket(urlB, { kind: 'agent', token: agentAccount.token });
    sockets.push(agent);
    await emitAck(agent, 'agent:status', { status: 'online' });

    const identity = await initVisitor(ctxA, org.subDomain);
    const visitor = await connectSocket(urlA, { kind: 'visitor', token: identity.token });
    sockets.push(visitor);
    // Node A routes: it must see, through Redis, that the agent is connected to node B.
    const assigned = nextEvent<Thread>(agent, 'thread:update');
    const result = await requestThread(ctxA, identity.token, { wid: org.wid });
    expect(result).toMatchObject({ code: 200, thread: { agent: { uid: agentAccount.uid } } });
    const tid = result.thread?.tid ?? '';
    expect((await assigned).tid).toBe(tid);

    const atAgent = nextEvent<Message>(agent, 'message', (message) => message.content === 'from node A');
    await emitAck(visitor, 'message:send', { tid, localId: 'a-1', type: 'text', content: 'from node A' });
    expect((await atAgent).sender.kind).toBe('visitor');

    const atVisitor = nextEvent<Message>(visitor, 'message', (message) => message.content === 'from node B');
    await emitAck(agent, 'message:send', { tid, localId: 'b-1', type: 'text', content: 'from node B' });
    expect((await atVisitor).sender.kind).toBe('agent');
  });

  it('never assigns a conversation twice when both nodes route the same queue at once', async () => {
    const ctxA = contextOf(nodeA);
    const org = await makeChatOrg(ctxA, { agents: 3, maxThreadCount: 2 });
    const group = await database.db
      .selectFrom('workgroup')
      .select('id')
      .where('wid', '=', org.wid)
      .executeTakeFirstOrThrow();
    const now = Date.now();
    for (let index = 0; index < 20; index += 1) {
      const identity = await initVisitor(ctxA, org.subDomain);
      const visitorRow = await database.db
        .selectFrom('visitor')
        .select('id')
        .where('vid', '=', identity.visitor.vid)
        .executeTakeFirstOrThrow();
      await insertThread(database.db, {
        tid: createPublicId(),
        orgId: org.owner.orgId,
        type: 'workgroup',
        visitorId: visitorRow.id,
        workgroupId: group.id,
        appointedAgentId: null,
        client: 'web',
        now: now + index,
      });
    }
    for (const agent of org.agents) {
      await database.db
        .updateTable('user')
        .set({ status: 'online' })
        .where('id', '=', agent.userId)
        .execute();
      await nodeA.services.presence.connect(agent.userId);
    }

    // Many routing passes at once on both nodes, as sweepers and agents coming online would cause.
    const passes = Array.from({ length: 8 }, (_, index) => {
      const node = index % 2 === 0 ? nodeA : nodeB;
      const agent = org.agents[index % org.agents.length] as ChatOrg['agents'][0];
      return [
        node.services.threads.drainWorkgroup(org.owner.orgId, group.id),
        node.services.threads.drainForAgent(org.owner.orgId, agent.userId),
      ];
    });
    await Promise.all(passes.flat());

    const chatting = await database.db
      .selectFrom('thread')
      .select(['id', 'agent_id'])
      .where('workgroup_id', '=', group.id)
      .where('status', '=', 'chatting')
      .execute();
    expect(chatting).toHaveLength(6);
    const perAgent = new Map<number, number>();
    for (const thread of chatting)
      perAgent.set(Number(thread.agent_id), (perAgent.get(Number(thread.agent_id)) ?? 0) + 1);
    expect([...perAgent.values()]).toEqual([2, 2, 2]);
    const assignments = await database.db
      .selectFrom('thread_event')
      .select(['thread_id'])
      .where('workgroup_id', '=', group.id)
      .where('kind', '=', 'assigned')
      .execute();
    expect(assignments).toHaveLength(6);
    expect(new Set(assignments.map((event) => event.thread_id)).size).toBe(6);
    const notices = await database.db
      .selectFrom('message')
      .select('thread_id')
      .where('type', '=', 'notification_queue_accept')
      .where(
        'thread_id',
        'in',
        chatting.map((thread) => thread.id),
      )
      .execute();
    expect(notices).toHaveLength(6);
  });
});
