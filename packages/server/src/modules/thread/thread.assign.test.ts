import type { Message, MessageHistory } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { visitorActorOf } from './chat-actor.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from './chat.fixture.js';

await describeEachDatabase('assignment: the recent flag and notices in order', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });

  const post = (url: string, token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });
  const historyOf = async (tid: string, token: string): Promise<Message[]> =>
    (
      await ctx.app.inject({ method: 'GET', url: `/api/message/history?tid=${tid}`, headers: bearer(token) })
    ).json<Envelope<MessageHistory>>().data.messages;

  describe('the skill group recent flag', () => {
    /** The visitor's first chat goes to agent 0 (the other is offline); both online after that. */
    const firstChatThenBothOnline = async (recent: boolean) => {
      const org = await makeChatOrg(ctx, { agents: 2, group: { routeType: 'robin', recent } });
      const [first, second] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0]];
      await bringOnline(ctx, presence, first);
      const visitor = await initVisitor(ctx, org.subDomain);
      const chat = await requestThread(ctx, visitor.token, { wid: org.wid });
      expect(chat.thread?.agent?.uid).toBe(first.uid);
      await post('/api/thread/close', first.token, { tid: chat.thread?.tid ?? '' });
      await bringOnline(ctx, presence, second);
      return { org, first, second, visitor };
    };

    it('without it, robin sends the returning visitor to whoever waited longest', async () => {
      const { org, second, visitor } = await firstChatThenBothOnline(false);
      expect((await requestThread(ctx, visitor.token, { wid: org.wid })).thread?.agent?.uid).toBe(second.uid);
    });

    it('with it, the returning visitor gets the last agent when that agent can take the chat', async () => {
      const { org, first, second, visitor } = await firstChatThenBothOnline(true);
      const again = await requestThread(ctx, visitor.token, { wid: org.wid });
      expect(again.thread?.agent?.uid).toBe(first.uid);
      await post('/api/thread/close', first.token, { tid: again.thread?.tid ?? '' });
      // The last agent busy: normal routing.
      await ctx.database.db
        .updateTable('user')
        .set({ status: 'busy' })
        .where('id', '=', first.userId)
        .execute();
      expect((await requestThread(ctx, visitor.token, { wid: org.wid })).thread?.agent?.uid).toBe(second.uid);
    });

    it('applies to the least route type too', async () => {
      const org = await makeChatOrg(ctx, { agents: 2, group: { routeType: 'least', recent: true } });
      const [first, second] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0]];
      await bringOnline(ctx, presence, first);
      const visitor = await initVisitor(ctx, org.subDomain);
      const other = await initVisitor(ctx, org.subDomain);
      const chat = await requestThread(ctx, visitor.token, { wid: org.wid });
      await post('/api/thread/close', first.token, { tid: chat.thread?.tid ?? '' });
      // first now serves someone else; second is idle — least would pick second.
      expect((await requestThread(ctx, other.token, { wid: org.wid })).thread?.agent?.uid).toBe(first.uid);
      await bringOnline(ctx, presence, second);
      expect((await requestThread(ctx, visitor.token, { wid: org.wid })).thread?.agent?.uid).toBe(first.uid);
    });
  });

  describe('notices', () => {
    it('says "accepted from the queue" only for a conversation that queued', async () => {
      const org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 1 });
      const agent = org.agents[0] as ChatOrg['agents'][0];
      await bringOnline(ctx, presence, agent);
      const direct = await requestThread(ctx, (await initVisitor(ctx, org.subDomain)).token, {
        wid: org.wid,
      });
      const waiting = await requestThread(ctx, (await initVisitor(ctx, org.subDomain)).token, {
        wid: org.wid,
      });
      expect([direct.code, waiting.code]).toEqual([200, 202]);
      const directTypes = (await historyOf(direct.thread?.tid ?? '', agent.token)).map((m) => m.type);
      expect(directTypes).toContain('notification_accept');
      expect(directTypes).not.toContain('notification_queue_accept');
      await post('/api/thread/close', agent.token, { tid: direct.thread?.tid ?? '' });
      const queuedNotices = (await historyOf(waiting.thread?.tid ?? '', agent.token)).filter((m) =>
        m.type.startsWith('notification_'),
      );
      expect(queuedNotices).toMatchObject([{ type: 'notification_queue_accept', content: 'Agent 0' }]);
    });

    it('stores a rating and a close in the order they happened, seq and time alike', async () => {
      const org = await makeChatOrg(ctx, { agents: 1 });
      const agent = org.agents[0] as ChatOrg['agents'][0];
      await bringOnline(ctx, presence, agent);
      for (const order of ['rate first', 'together'] as const) {
        const visitor = await initVisitor(ctx, org.subDomain);
        const tid = (await requestThread(ctx, visitor.token, { wid: org.wid })).thread?.tid ?? '';
        const rate = () => post('/visitor/api/rate', visitor.token, { tid, score: 5 });
        const close = () => post('/api/thread/close', agent.token, { tid });
        if (order === 'rate first') {
          expect((await rate()).statusCode).toBe(200);
          expect((await close()).statusCode).toBe(200);
        } else await Promise.all([rate(), close()]);
        const history = await historyOf(tid, agent.token);
        const seqOf = (type: string) => history.find((message) => message.type === type)?.seq ?? -1;
        // Time never goes backwards along seq.
        for (const [index, message] of history.entries())
          if (index > 0) expect(message.createdAt).toBeGreaterThanOrEqual(history[index - 1]?.createdAt ?? 0);
        const events = await ctx.database.db
          .selectFrom('thread_event')
          .innerJoin('thread', 'thread.id', 'thread_event.thread_id')
          .select(['thread_event.kind'])
          .where('thread.tid', '=', tid)
          .where('thread_event.kind', 'in', ['rated', 'closed'])
          .orderBy('thread_event.id')
          .execute();
        const rated = seqOf('notification_rate_result');
        const closed = seqOf('notification_agent_close');
        expect(closed).toBeGreaterThan(0);
        if (rated > 0) {
          // The notices' order is the order of the changes they report.
          expect(events.map((event) => event.kind)).toEqual(
            rated < closed ? ['rated', 'closed'] : ['closed', 'rated'],
          );
          if (order === 'rate first') expect(rated).toBeLessThan(closed);
        }
      }
    });

    it('never dates a message before the one stored ahead of it', async () => {
      const org = await makeChatOrg(ctx, { agents: 1 });
      await bringOnline(ctx, presence, org.agents[0] as ChatOrg['agents'][0]);
      const visitor = await initVisitor(ctx, org.subDomain);
      const tid = (await requestThread(ctx, visitor.token, { wid: org.wid })).thread?.tid ?? '';
      // As if another node, its clock a minute ahead, stored the previous message.
      const ahead = Date.now() + 60_000;
      await ctx.database.db
        .updateTable('thread')
        .set({ last_message_at: ahead })
        .where('tid', '=', tid)
        .execute();
      const actor = await visitorActorOf(
        ctx.database.db,
        await resolveVisitor(ctx.database.db, visitor.token),
      );
      const sent = await ctx.app.services.messages.send(actor, {
        tid,
        localId: 'late',
        type: 'text',
        content: 'hi',
      });
      expect(sent.createdAt).toBe(ahead);
      const stored = (await historyOf(tid, org.owner.token)).find((message) => message.mid === sent.mid);
      expect(stored?.createdAt).toBe(ahead);
    });
  });
});
