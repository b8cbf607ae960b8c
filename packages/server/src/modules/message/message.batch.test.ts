import type { Message, ServerEventName } from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import type { RealtimeHub } from '../realtime/hub.js';
import { agentRoom } from '../realtime/rooms.js';
import { createMessageIndexer, matchingMessageIds } from '../search/message-search.js';
import { agentActorOf, visitorActorOf, type AgentActor, type VisitorActor } from '../thread/chat-actor.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
} from '../thread/chat.fixture.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { createMessageService, type MessageService } from './message.service.js';

await describeEachDatabase('group commit of chat messages', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let org: ChatOrg;
  let messages: MessageService;
  /** Every 'message' push of the service under test, in the order it was made. */
  const pushes: { rooms: string[]; message: Message }[] = [];
  let agent: AgentActor;

  const recordingHub: RealtimeHub = {
    attach: () => undefined,
    emit: (rooms, event: ServerEventName, payload) => {
      if (event === 'message') pushes.push({ rooms, message: payload as Message });
    },
    endSessions: () => undefined,
    join: () => undefined,
    onAttach: () => undefined,
  };

  /** A visitor with a thread assigned to the org's first agent. */
  const openThread = async (): Promise<{ visitor: VisitorActor; tid: string; threadId: number }> => {
    const identity = await initVisitor(ctx, org.subDomain);
    const tid = (await requestThread(ctx, identity.token, { wid: org.wid })).thread?.tid ?? '';
    const visitor = (await visitorActorOf(
      ctx.database.db,
      await resolveVisitor(ctx.database.db, identity.token),
    )) as VisitorActor;
    const row = await ctx.database.db
      .selectFrom('thread')
      .select(['id', 'status'])
      .where('tid', '=', tid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('chatting');
    return { visitor, tid, threadId: Number(row.id) };
  };

  const storedRows = (threadId: number) =>
    ctx.database.db
      .selectFrom('message')
      .select(['mid', 'seq', 'local_id'])
      .where('thread_id', '=', threadId)
      .orderBy('seq')
      .execute();

  const text = (tid: string, localId: string) => ({ tid, localId, type: 'text' as const, content: localId });

  beforeAll(async () => {
    org = await makeChatOrg(ctx, { agents: 2, maxThreadCount: 50 });
    for (const account of org.agents) await bringOnline(ctx, ctx.app.services.presence, account);
    const first = org.agents[0] as ChatOrg['agents'][0];
    agent = await agentActorOf(
      ctx.database.db,
      await ctx.app.services.auth.authenticate(`Bearer ${first.token}`),
    );
    messages = createMessageService({
      db: ctx.database.db,
      hub: recordingHub,
      storage: ctx.app.services.storage,
      indexer: createMessageIndexer(ctx.app.services.dialect),
    });
  });

  it('gives concurrent sends to one thread consecutive seqs in arrival order, no gap, no duplicate', async () => {
    const { visitor, tid, threadId } = await openThread();
    // Warm the node's caches so that every send below reaches the batch in the order it was made.
    await messages.send(visitor, text(tid, 'warm-up'));
    const before = (await storedRows(threadId)).length;
    pushes.length = 0;
    const localIds = Array.from({ length: 40 }, (_, index) => `burst-${index}`);
    const agentLocalIds = ['agent-0', 'agent-1', 'agent-2'];
    const [sent, agentSent] = await Promise.all([
      Promise.all(localIds.map((localId) => messages.send(visitor, text(tid, localId)))),
      Promise.all(agentLocalIds.map((localId) => messages.send(agent, text(tid, localId)))),
    ]);
    const rows = await storedRows(threadId);
    expect(rows.length).toBe(before + localIds.length + agentLocalIds.length);
    // Gap-free from the thread's first message (its welcome notice) on.
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, index) => index + 1));
    // One sender's messages keep the order they were sent in.
    const added = rows.slice(before).map((row) => row.local_id);
    expect(added.filter((localId) => localId.startsWith('burst-'))).toEqual(localIds);
    expect(added.filter((localId) => localId.startsWith('agent-'))).toEqual(agentLocalIds);
    expect(sent.map((message) => message.localId)).toEqual(localIds);
    const seqOf = new Map(rows.map((row) => [row.local_id, Number(row.seq)]));
    expect([...sent, ...agentSent].every((message) => seqOf.get(message.localId) === message.seq)).toBe(true);
    // Fanned out once each, in seq order, to the thread's agent.
    expect(pushes.map((push) => push.message.seq)).toEqual(rows.slice(before).map((row) => Number(row.seq)));
    expect(pushes.every((push) => push.rooms.includes(agentRoom(agent.userId)))).toBe(true);
    const thread = await ctx.database.db
      .selectFrom('thread')
      .select(['seq', 'visitor_read_seq', 'agent_read_seq'])
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    expect(Number(thread.seq)).toBe(rows.length);
  });

  it('keeps a sender’s order when an earlier message takes longer to check than a later one', async () => {
    const { visitor, tid, threadId } = await openThread();
    // A sensitive-word guard (or any read before the batch) that is slow for the first message only.
    const slowFirst = createMessageService({
      db: ctx.database.db,
      hub: recordingHub,
      storage: ctx.app.services.storage,
      guard: {
        check: async (_actor, _thread, message) => {
          if (message.content === 'slow') await new Promise((resolve) => setTimeout(resolve, 50));
          return { content: message.content, afterStore: null };
        },
      },
    });
    const sent = await Promise.all(
      ['slow', 'quick-1', 'quick-2'].map((localId) => slowFirst.send(visitor, text(tid, localId))),
    );
    // Whichever agent routing gave this conversation to.
    const assigned = await ctx.database.db
      .selectFrom('thread')
      .select('agent_id')
      .where('id', '=', threadId)
      .executeTakeFirstOrThrow();
    const account = org.agents.find((candidate) => candidate.userId === Number(assigned.agent_id));
    const serving = await agentActorOf(
      ctx.database.db,
      await ctx.app.services.auth.authenticate(`Bearer ${account?.token ?? ''}`),
    );
    const agentSent = await Promise.all(
      ['slow', 'quick'].map((localId) => slowFirst.send(serving, text(tid, `agent-${localId}`))),
    );
    expect(sent.map((message) => message.seq)).toEqual([0, 1, 2].map((step) => (sent[0]?.seq ?? 0) + step));
    const stored = (await storedRows(threadId))
      .map((row) => row.local_id)
      .filter((localId) => localId !== '');
    expect(stored).toEqual(['slow', 'quick-1', 'quick-2', 'agent-slow', 'agent-quick']);
    expect(agentSent[1]?.seq).toBe((agentSent[0]?.seq ?? 0) + 1);
  });

  it('answers a duplicate localId inside a batch with the stored copy, and stores its batch-mates', async () => {
    const { visitor, tid, threadId } = await openThread();
    const first = await messages.send(visitor, text(tid, 'dup-1'));
    const [a, resend, b, twiceA, twiceB] = await Promise.all([
      messages.send(visitor, text(tid, 'mate-a')),
      messages.send(visitor, text(tid, 'dup-1')),
      messages.send(visitor, text(tid, 'mate-b')),
      messages.send(visitor, text(tid, 'dup-2')),
      messages.send(visitor, text(tid, 'dup-2')),
    ]);
    expect(resend.mid).toBe(first.mid);
    expect(resend.seq).toBe(first.seq);
    expect(twiceA.mid).toBe(twiceB.mid);
    const rows = (await storedRows(threadId)).filter((row) => row.local_id !== '');
    expect(rows.map((row) => row.local_id)).toEqual(['dup-1', 'mate-a', 'mate-b', 'dup-2']);
    expect(rows.map((row) => Number(row.seq))).toEqual([0, 1, 2, 3].map((step) => first.seq + step));
    expect([a.seq, b.seq]).toEqual([first.seq + 1, first.seq + 2]);
  });

  it('refuses a message to a thread closed a moment ago without failing its batch-mates', async () => {
    const open = await openThread();
    const closing = await openThread();
    // The node has seen (and cached) both threads while they were open.
    const before = await messages.send(open.visitor, text(open.tid, 'before-1'));
    const stored = await messages.send(closing.visitor, text(closing.tid, 'before-2'));
    // Closed behind the node's back (as another node would).
    await ctx.database.db
      .updateTable('thread')
      .set({ status: 'closed' })
      .where('id', '=', closing.threadId)
      .execute();
    const [kept, refused] = await Promise.allSettled([
      messages.send(open.visitor, text(open.tid, 'after-1')),
      messages.send(closing.visitor, text(closing.tid, 'after-2')),
    ]);
    expect(kept).toMatchObject({ status: 'fulfilled', value: { localId: 'after-1', seq: before.seq + 1 } });
    expect(refused).toMatchObject({ status: 'rejected', reason: { statusCode: 409 } });
    expect((await storedRows(closing.threadId)).map((row) => row.local_id)).not.toContain('after-2');
    // A resend of a message stored before the close still gets its stored copy.
    expect(await messages.send(closing.visitor, text(closing.tid, 'before-2'))).toMatchObject({
      mid: stored.mid,
      seq: stored.seq,
    });
  });

  it('fans out to the agent a thread was moved to at once, even on another node', async () => {
    const { visitor, tid, threadId } = await openThread();
    await messages.send(visitor, text(tid, 'to-first'));
    const second = org.agents[1] as ChatOrg['agents'][0];
    await ctx.database.db
      .updateTable('thread')
      .set({ agent_id: second.userId })
      .where('id', '=', threadId)
      .execute();
    pushes.length = 0;
    await messages.send(visitor, text(tid, 'to-second'));
    expect(pushes[0]?.rooms).toContain(agentRoom(second.userId));
    expect(pushes[0]?.rooms).not.toContain(agentRoom(agent.userId));
    // The first agent no longer serves it: its sends are refused.
    await expect(messages.send(agent, text(tid, 'late'))).rejects.toMatchObject({ statusCode: 404 });
  });

  it('acknowledges only what is committed: another connection reads each message at its ack', async () => {
    const { visitor, tid } = await openThread();
    const other = ctx.database.openAnother();
    try {
      const seen = await Promise.all(
        ['ack-1', 'ack-2', 'ack-3'].map(async (localId) => {
          const message = await messages.send(visitor, text(tid, localId));
          const row = await other.db
            .selectFrom('message')
            .select('mid')
            .where('mid', '=', message.mid)
            .executeTakeFirst();
          return row?.mid === message.mid;
        }),
      );
      expect(seen).toEqual([true, true, true]);
    } finally {
      await other.close();
    }
  });

  it('indexes every text message of a batch for search', async () => {
    const { visitor, tid } = await openThread();
    await Promise.all(
      ['zebra alpha', 'zebra beta', 'other words'].map((content, index) =>
        messages.send(visitor, { tid, localId: `search-${index}`, type: 'text', content }),
      ),
    );
    const found = await ctx.database.db
      .selectFrom('message')
      .select('content')
      .where('id', 'in', matchingMessageIds(ctx.app.services.dialect, visitor.orgId, ['zebra']))
      .orderBy('seq')
      .execute();
    expect(found.map((row) => row.content)).toEqual(['zebra alpha', 'zebra beta']);
  });
});
