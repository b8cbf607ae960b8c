import type { Message, Thread, UserBrief } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createRealtimeHub } from '../realtime/hub.js';
import { connectSocket, emitAck, listen, nextEvent } from '../realtime/socket.fixture.js';
import { agentActorOf, visitorActorOf } from '../thread/chat-actor.js';
import { initVisitor, makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { createMessageService } from './message.service.js';

await describeEachDatabase('a resend publishes a stored message again', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  const sockets: Socket[] = [];
  let agentSocket: Socket;
  let visitorSocket: Socket;
  let org: ChatOrg;
  let visitorToken: string;
  let tid: string;

  /** A node that stores messages but dies before its fan-out: its hub reaches no socket. */
  const deadNode = () =>
    createMessageService({
      db: ctx.database.db,
      hub: createRealtimeHub(),
      storage: ctx.app.services.storage,
    });

  beforeAll(async () => {
    const url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 1 });
    const agent = org.agents[0] as ChatOrg['agents'][0];
    agentSocket = await connectSocket(url, { kind: 'agent', token: agent.token });
    sockets.push(agentSocket);
    expect(await emitAck<UserBrief>(agentSocket, 'agent:status', { status: 'online' })).toMatchObject({
      ok: true,
    });
    const identity = await initVisitor(ctx, org.subDomain);
    visitorToken = identity.token;
    visitorSocket = await connectSocket(url, { kind: 'visitor', token: visitorToken });
    sockets.push(visitorSocket);
    const assigned = nextEvent<Thread>(agentSocket, 'thread:update');
    tid = (await requestThread(ctx, visitorToken, { wid: org.wid })).thread?.tid ?? '';
    await assigned;
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it("delivers a visitor's message that was stored but never fanned out once the visitor resends it", async () => {
    const actor = await visitorActorOf(ctx.database.db, await resolveVisitor(ctx.database.db, visitorToken));
    const stored = await deadNode().send(actor, { tid, localId: 'lost-1', type: 'text', content: 'anyone?' });
    const delivered = nextEvent<Message>(agentSocket, 'message', (message) => message.mid === stored.mid);
    const ack = await emitAck<Message>(visitorSocket, 'message:send', {
      tid,
      localId: 'lost-1',
      type: 'text',
      content: 'anyone?',
    });
    expect(ack).toMatchObject({ ok: true, data: { mid: stored.mid, seq: stored.seq } });
    expect(await delivered).toMatchObject({ mid: stored.mid, seq: stored.seq, content: 'anyone?' });
  });

  it("does the same for an agent's resend, and stores nothing twice", async () => {
    const agent = org.agents[0] as ChatOrg['agents'][0];
    const actor = await agentActorOf(
      ctx.database.db,
      await ctx.app.services.auth.authenticate(`Bearer ${agent.token}`),
    );
    const stored = await deadNode().send(actor, { tid, localId: 'lost-2', type: 'text', content: 'here' });
    const delivered = nextEvent<Message>(visitorSocket, 'message', (message) => message.mid === stored.mid);
    const ack = await emitAck<Message>(agentSocket, 'message:send', {
      tid,
      localId: 'lost-2',
      type: 'text',
      content: 'here',
    });
    expect(ack).toMatchObject({ ok: true, data: { mid: stored.mid } });
    expect((await delivered).seq).toBe(stored.seq);
    const copies = await ctx.database.db
      .selectFrom('message')
      .select('id')
      .where('local_id', 'in', ['lost-1', 'lost-2'])
      .execute();
    expect(copies).toHaveLength(2);
  });

  describe('after the conversation closed', () => {
    it('still publishes the stored copy of a resend', async () => {
      const actor = await visitorActorOf(
        ctx.database.db,
        await resolveVisitor(ctx.database.db, visitorToken),
      );
      const stored = await deadNode().send(actor, { tid, localId: 'lost-3', type: 'text', content: 'bye' });
      const agent = org.agents[0] as ChatOrg['agents'][0];
      const agentActor = await agentActorOf(
        ctx.database.db,
        await ctx.app.services.auth.authenticate(`Bearer ${agent.token}`),
      );
      await ctx.app.services.threads.closeByAgent(agentActor, { tid });
      const delivered = nextEvent<Message>(agentSocket, 'message', (message) => message.mid === stored.mid);
      const ack = await emitAck<Message>(visitorSocket, 'message:send', {
        tid,
        localId: 'lost-3',
        type: 'text',
        content: 'bye',
      });
      expect(ack).toMatchObject({ ok: true, data: { mid: stored.mid } });
      expect((await delivered).mid).toBe(stored.mid);
    });
  });
});
