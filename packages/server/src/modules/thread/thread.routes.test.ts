import type { Message, MessageHistory, Offer, Rate, Thread, Transfer, Visitor } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import { visitorActorOf, agentActorOf } from './chat-actor.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  mine,
  requestThread,
  type ChatOrg,
  type Envelope,
} from './chat.fixture.js';

await describeEachDatabase('live chat routes', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });

  const post = (url: string, token: string, payload: unknown) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });
  const get = (url: string, token?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });

  const historyOf = async (tid: string, token: string): Promise<Message[]> =>
    (await get(`/api/message/history?tid=${tid}`, token)).json<Envelope<MessageHistory>>().data.messages;

  const visitorSays = async (visitorToken: string, tid: string, content: string) => {
    const principal = (await import('../visitor/visitor.guard.js')).resolveVisitor;
    const actor = await visitorActorOf(ctx.database.db, await principal(ctx.database.db, visitorToken));
    return ctx.app.services.messages.send(actor, { tid, localId: `l-${content}`, type: 'text', content });
  };

  describe('visitor identity', () => {
    let org: ChatOrg;
    beforeAll(async () => {
      org = await makeChatOrg(ctx, { agents: 1 });
    });

    it('creates a visitor, then recognises the returning browser by its token', async () => {
      const first = await initVisitor(ctx, org.subDomain);
      expect(first.visitor).toMatchObject({
        visitCount: 1,
        page: 'https://shop.example/pricing',
        userAgent: 'vitest',
      });
      const again = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { org: org.subDomain, token: first.token, page: 'https://shop.example/cart' },
      });
      expect(again.json<Envelope<{ visitor: Visitor }>>().data.visitor).toMatchObject({
        vid: first.visitor.vid,
        visitCount: 2,
        page: 'https://shop.example/cart',
      });
    });

    it('refuses an unknown organisation (404) and a missing org (400 naming it)', async () => {
      const unknown = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { org: 'no-such-org' },
      });
      expect(unknown.statusCode).toBe(404);
      const missing = await ctx.app.inject({ method: 'POST', url: '/visitor/api/init', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(missing.json<Envelope<null>>().fields?.map((field) => field.field)).toContain('org');
    });

    it('answers 401 to visitor calls without a valid token', async () => {
      expect((await get('/visitor/api/thread/current')).statusCode).toBe(401);
      expect((await get('/visitor/api/thread/current', 'forged-token')).statusCode).toBe(401);
    });

    it('lets the visitor give its contact details, validated', async () => {
      const visitor = await initVisitor(ctx, org.subDomain);
      const saved = await post('/visitor/api/profile', visitor.token, {
        nickname: 'Ann',
        email: 'ann@example.com',
      });
      expect(saved.json<Envelope<Visitor>>().data).toMatchObject({
        nickname: 'Ann',
        email: 'ann@example.com',
      });
      const bad = await post('/visitor/api/profile', visitor.token, { email: 'not-an-email' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<Envelope<null>>().fields?.[0]?.field).toBe('email');
    });
  });

  describe('thread requests and routing', () => {
    let org: ChatOrg;
    beforeAll(async () => {
      org = await makeChatOrg(ctx, { agents: 2, maxThreadCount: 1 });
    });

    it('answers -2 for an unknown skill group or agent and 400 without either', async () => {
      const visitor = await initVisitor(ctx, org.subDomain);
      expect((await requestThread(ctx, visitor.token, { wid: 'nope' })).code).toBe(-2);
      expect((await requestThread(ctx, visitor.token, { aid: 'nope' })).code).toBe(-2);
      const neither = await post('/visitor/api/thread/request', visitor.token, {});
      expect(neither.statusCode).toBe(400);
      expect(neither.json<Envelope<null>>().fields?.[0]?.field).toBe('wid');
    });

    it('answers 204 with the offline tip when nobody is online, leaving an offline thread', async () => {
      const visitor = await initVisitor(ctx, org.subDomain);
      const result = await requestThread(ctx, visitor.token, { wid: org.wid });
      expect(result).toMatchObject({ code: 204, tip: 'We are offline, leave a message' });
      expect(result.thread).toMatchObject({ status: 'offline', closeType: 'offline' });
      expect(result.settings).toMatchObject({ wid: org.wid, offlineTip: 'We are offline, leave a message' });
    });

    it('assigns (200), continues (201), queues at capacity (202) and fills the queue when capacity frees', async () => {
      const [first, second] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0]];
      await bringOnline(ctx, presence, first);
      await bringOnline(ctx, presence, second);

      const v1 = await initVisitor(ctx, org.subDomain);
      const r1 = await requestThread(ctx, v1.token, { wid: org.wid });
      expect(r1.code).toBe(200);
      expect(r1.tip).toBe('Welcome!');
      expect(r1.thread?.status).toBe('chatting');
      const again = await requestThread(ctx, v1.token, { wid: org.wid });
      expect(again).toMatchObject({ code: 201, thread: { tid: r1.thread?.tid } });

      const v2 = await initVisitor(ctx, org.subDomain);
      const r2 = await requestThread(ctx, v2.token, { wid: org.wid });
      expect(r2.code).toBe(200);
      // Robin: the two visitors went to different agents.
      expect(r2.thread?.agent?.uid).not.toBe(r1.thread?.agent?.uid);

      const v3 = await initVisitor(ctx, org.subDomain);
      const v4 = await initVisitor(ctx, org.subDomain);
      const r3 = await requestThread(ctx, v3.token, { wid: org.wid });
      const r4 = await requestThread(ctx, v4.token, { wid: org.wid });
      expect([r3.code, r3.thread?.queuePosition]).toEqual([202, 1]);
      expect([r4.code, r4.thread?.queuePosition]).toEqual([202, 2]);
      const servingR1 = org.agents.find((agent) => agent.uid === r1.thread?.agent?.uid);
      expect((await mine(ctx, servingR1?.token ?? '', 'queue')).map((thread) => thread.tid)).toEqual([
        r3.thread?.tid,
        r4.thread?.tid,
      ]);

      // Closing frees a place: the first in the queue gets the agent, the second moves up.
      const closed = await post('/api/thread/close', servingR1?.token ?? '', {
        tid: r1.thread?.tid,
        summary: 'Asked about pricing',
        category: 'sales',
      });
      expect(closed.json<Envelope<Thread>>().data).toMatchObject({ status: 'closed', closeType: 'agent' });
      const current3 = (await get('/visitor/api/thread/current', v3.token)).json<Envelope<Thread>>().data;
      expect(current3).toMatchObject({ status: 'chatting', agent: { uid: servingR1?.uid } });
      const current4 = (await get('/visitor/api/thread/current', v4.token)).json<Envelope<Thread>>().data;
      expect(current4).toMatchObject({ status: 'queuing', queuePosition: 1 });

      const types = (await historyOf(current3.tid, servingR1?.token ?? '')).map((message) => message.type);
      expect(types).toContain('notification_queue_accept');
      const summaries = await ctx.database.db
        .selectFrom('thread_summary')
        .selectAll()
        .where('org_id', '=', org.owner.orgId)
        .execute();
      expect(summaries).toMatchObject([{ content: 'Asked about pricing', category: 'sales' }]);

      // A reopened thread starts a new care cycle.
      const reopened = await requestThread(ctx, v1.token, { wid: org.wid });
      expect(reopened.thread).toMatchObject({ tid: r1.thread?.tid, cycle: 2 });
    });

    it('answers 203 outside work hours', async () => {
      const hour = new Date().getUTCHours();
      const window = hour < 12 ? { start: '13:00', end: '14:00' } : { start: '01:00', end: '02:00' };
      const workTimes = JSON.stringify({
        timezone: 'UTC',
        entries: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...window })),
      });
      const closedOrg = await makeChatOrg(ctx, { agents: 1, group: { workTimes } });
      await bringOnline(ctx, presence, closedOrg.agents[0] as ChatOrg['agents'][0]);
      const visitor = await initVisitor(ctx, closedOrg.subDomain);
      const result = await requestThread(ctx, visitor.token, { wid: closedOrg.wid });
      expect(result).toMatchObject({
        code: 203,
        tip: 'Outside working hours',
        thread: { closeType: 'non_working_time' },
      });
    });

    it('routes an appointed agent, and queues for that agent alone', async () => {
      const solo = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 1 });
      const agent = solo.agents[0] as ChatOrg['agents'][0];
      const visitor = await initVisitor(ctx, solo.subDomain);
      expect((await requestThread(ctx, visitor.token, { aid: agent.uid })).code).toBe(204);
      await bringOnline(ctx, presence, agent);
      const other = await initVisitor(ctx, solo.subDomain);
      const served = await requestThread(ctx, other.token, { aid: agent.uid });
      expect(served).toMatchObject({ code: 200, thread: { type: 'appointed', agent: { uid: agent.uid } } });
      const waiting = await requestThread(ctx, visitor.token, { aid: agent.uid });
      expect(waiting).toMatchObject({ code: 202, thread: { queuePosition: 1 } });
    });
  });

  describe('pubsub accept, transfer, invite, rating', () => {
    let org: ChatOrg;
    let tid: string;
    let visitorToken: string;
    beforeAll(async () => {
      org = await makeChatOrg(ctx, { agents: 3, group: { routeType: 'pubsub' } });
      for (const agent of org.agents) await bringOnline(ctx, presence, agent);
      const visitor = await initVisitor(ctx, org.subDomain);
      visitorToken = visitor.token;
      const result = await requestThread(ctx, visitor.token, { wid: org.wid });
      expect(result.code).toBe(202);
      tid = result.thread?.tid ?? '';
    });

    it('offers a pubsub conversation to all; the first to accept takes it, the next gets 409', async () => {
      const [a, b] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0]];
      expect((await mine(ctx, b.token, 'queue')).map((thread) => thread.tid)).toContain(tid);
      const taken = await post('/api/thread/accept', a.token, { tid });
      expect(taken.json<Envelope<Thread>>().data).toMatchObject({
        status: 'chatting',
        agent: { uid: a.uid },
      });
      const late = await post('/api/thread/accept', b.token, { tid });
      expect(late.statusCode).toBe(409);
      expect((await mine(ctx, a.token, 'current')).map((thread) => thread.tid)).toContain(tid);
    });

    it('rates once per cycle, validates the score and records the invitation', async () => {
      const [a] = org.agents as [ChatOrg['agents'][0]];
      const invited = await post('/api/thread/rate/invite', a.token, { tid });
      expect(invited.json<Envelope<Message>>().data.type).toBe('notification_invite_rate');
      const badScore = await post('/visitor/api/rate', visitorToken, { tid, score: 9 });
      expect(badScore.statusCode).toBe(400);
      expect(badScore.json<Envelope<null>>().fields?.[0]?.field).toBe('score');
      const rated = await post('/visitor/api/rate', visitorToken, { tid, score: 5, note: 'Great help' });
      expect(rated.json<Envelope<Rate>>().data).toMatchObject({
        score: 5,
        invite: true,
        agent: { uid: a.uid },
      });
      expect((await post('/visitor/api/rate', visitorToken, { tid, score: 4 })).statusCode).toBe(409);
    });

    it('transfers to a colleague who may reject or accept', async () => {
      const [a, b, c] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0], ChatOrg['agents'][0]];
      expect((await post('/api/thread/transfer', b.token, { tid, uid: c.uid })).statusCode).toBe(403);
      const toSelf = await post('/api/thread/transfer', a.token, { tid, uid: a.uid });
      expect(toSelf.statusCode).toBe(400);
      const first = (await post('/api/thread/transfer', a.token, { tid, uid: b.uid, note: 'billing' })).json<
        Envelope<Transfer>
      >().data;
      expect(first).toMatchObject({ status: 'pending', note: 'billing', toAgent: { uid: b.uid } });
      const offers = (await get('/api/thread/offers', b.token)).json<Envelope<Offer[]>>().data;
      expect(offers.map((offer) => offer.transfer.id)).toContain(first.id);
      // Only the addressee may answer.
      expect(
        (await post('/api/thread/transfer/respond', c.token, { id: first.id, accept: true })).statusCode,
      ).toBe(404);
      const rejected = await post('/api/thread/transfer/respond', b.token, { id: first.id, accept: false });
      expect(rejected.json<Envelope<null>>().data).toBeNull();
      expect(
        (await post('/api/thread/transfer/respond', b.token, { id: first.id, accept: true })).statusCode,
      ).toBe(409);

      await visitorSays(visitorToken, tid, 'Where is my invoice?');
      const second = (await post('/api/thread/transfer', a.token, { tid, uid: b.uid })).json<
        Envelope<Transfer>
      >().data;
      const accepted = await post('/api/thread/transfer/respond', b.token, { id: second.id, accept: true });
      expect(accepted.json<Envelope<Thread>>().data.agent?.uid).toBe(b.uid);
      const history = await historyOf(tid, b.token);
      expect(history.map((message) => message.type)).toContain('notification_transfer');
      // The list's preview stays the last real message: a notice's content is only its parameter.
      expect(history.at(-1)?.type).toMatch(/^notification_/);
      expect(accepted.json<Envelope<Thread>>().data.content).toBe('Where is my invoice?');
    });

    it('invites a colleague into the conversation', async () => {
      const [a, b] = org.agents as [ChatOrg['agents'][0], ChatOrg['agents'][0]];
      const offer = (await post('/api/thread/invite', b.token, { tid, uid: a.uid })).json<
        Envelope<Transfer>
      >().data;
      await post('/api/thread/invite/respond', a.token, { id: offer.id, accept: true });
      expect((await mine(ctx, a.token, 'current')).map((thread) => thread.tid)).toContain(tid);
      const actor = await agentActorOf(
        ctx.database.db,
        await ctx.app.services.auth.authenticate(`Bearer ${a.token}`),
      );
      const sent = await ctx.app.services.messages.send(actor, {
        tid,
        localId: 'invited-1',
        type: 'text',
        content: 'Joining in',
      });
      expect(sent.sender).toMatchObject({ kind: 'agent', id: a.uid });
    });

    it('lets the visitor end the conversation', async () => {
      const closed = await post('/visitor/api/thread/close', visitorToken, { tid });
      expect(closed.json<Envelope<Thread>>().data).toMatchObject({ status: 'closed', closeType: 'visitor' });
      expect((await post('/visitor/api/thread/close', visitorToken, { tid })).statusCode).toBe(409);
    });
  });

  describe('auto-close and history', () => {
    it('closes an idle conversation with the auto-close notice', async () => {
      const org = await makeChatOrg(ctx, {
        agents: 1,
        group: { autoCloseMinutes: 1, autoCloseTip: 'Closed after a quiet minute' },
      });
      await bringOnline(ctx, presence, org.agents[0] as ChatOrg['agents'][0]);
      const visitor = await initVisitor(ctx, org.subDomain);
      const result = await requestThread(ctx, visitor.token, { wid: org.wid });
      await visitorSays(visitor.token, result.thread?.tid ?? '', 'hello?');
      expect(await ctx.app.services.threads.closeIdleThreads()).toBe(0);
      await ctx.database.db
        .updateTable('thread')
        .set({ last_message_at: Date.now() - 120_000 })
        .where('tid', '=', result.thread?.tid ?? '')
        .execute();
      expect(await ctx.app.services.threads.closeIdleThreads()).toBeGreaterThanOrEqual(1);
      const history = (
        await get(`/visitor/api/message/history?tid=${result.thread?.tid}`, visitor.token)
      ).json<Envelope<MessageHistory>>().data;
      expect(history.messages.at(-1)).toMatchObject({
        type: 'notification_auto_close',
        content: 'Closed after a quiet minute',
      });
      const thread = (await get(`/api/thread/get?tid=${result.thread?.tid}`, org.agents[0]?.token)).json<
        Envelope<Thread>
      >().data;
      expect(thread).toMatchObject({ status: 'closed', closeType: 'timeout' });
    });

    it('pages history backwards and resyncs forwards by seq', async () => {
      const org = await makeChatOrg(ctx, { agents: 1 });
      await bringOnline(ctx, presence, org.agents[0] as ChatOrg['agents'][0]);
      const visitor = await initVisitor(ctx, org.subDomain);
      const tid = (await requestThread(ctx, visitor.token, { wid: org.wid })).thread?.tid ?? '';
      for (let index = 1; index <= 5; index += 1) await visitorSays(visitor.token, tid, `m${index}`);
      const token = org.agents[0]?.token ?? '';
      const latest = (await get(`/api/message/history?tid=${tid}&size=2`, token)).json<
        Envelope<MessageHistory>
      >().data;
      expect(latest.messages.map((message) => message.content)).toEqual(['m4', 'm5']);
      expect(latest.hasMore).toBe(true);
      const before = (
        await get(`/api/message/history?tid=${tid}&size=2&beforeSeq=${latest.messages[0]?.seq}`, token)
      ).json<Envelope<MessageHistory>>().data;
      expect(before.messages.map((message) => message.content)).toEqual(['m2', 'm3']);
      const after = (
        await get(`/api/message/history?tid=${tid}&afterSeq=${before.messages[1]?.seq}`, token)
      ).json<Envelope<MessageHistory>>().data;
      expect(after).toMatchObject({ hasMore: false });
      expect(after.messages.map((message) => message.content)).toEqual(['m4', 'm5']);
      // A resend with the same localId is not stored twice.
      await visitorSays(visitor.token, tid, 'm5');
      expect((await historyOf(tid, token)).filter((message) => message.content === 'm5')).toHaveLength(1);
    });
  });

  describe('authorisation and tenancy', () => {
    let a: ChatOrg;
    let b: ChatOrg;
    let tid: string;
    let visitorOfB: string;
    beforeAll(async () => {
      a = await makeChatOrg(ctx, { agents: 1 });
      b = await makeChatOrg(ctx, { agents: 1 });
      await bringOnline(ctx, presence, a.agents[0] as ChatOrg['agents'][0]);
      const visitor = await initVisitor(ctx, a.subDomain);
      tid = (await requestThread(ctx, visitor.token, { wid: a.wid })).thread?.tid ?? '';
      visitorOfB = (await initVisitor(ctx, b.subDomain)).token;
    });

    it('answers 401 without a token and 403 to roles without the chat authority', async () => {
      expect((await get('/api/thread/mine')).statusCode).toBe(401);
      const checker = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_CHECKER'],
        orgId: a.owner.orgId,
      });
      const checkerToken = await signIn(ctx.app, checker.username, checker.password);
      expect((await get('/api/thread/mine', checkerToken)).statusCode).toBe(403);
    });

    it('answers 400 naming the field for a bad list kind or a missing tid', async () => {
      const badKind = await get('/api/thread/mine?kind=everything', a.owner.token);
      expect(badKind.statusCode).toBe(400);
      expect(badKind.json<Envelope<null>>().fields?.[0]?.field).toBe('kind');
      const noTid = await post('/api/thread/close', a.owner.token, {});
      expect(noTid.json<Envelope<null>>().fields?.[0]?.field).toBe('tid');
    });

    it("never shows or changes another organisation's conversations", async () => {
      const outsider = b.agents[0]?.token ?? '';
      expect((await get(`/api/thread/get?tid=${tid}`, outsider)).statusCode).toBe(404);
      expect((await get(`/api/message/history?tid=${tid}`, outsider)).statusCode).toBe(404);
      expect((await post('/api/thread/accept', outsider, { tid })).statusCode).toBe(404);
      expect((await post('/api/thread/close', b.owner.token, { tid })).statusCode).toBe(404);
      expect((await post('/api/thread/rate/invite', outsider, { tid })).statusCode).toBe(404);
      expect((await post('/visitor/api/thread/close', visitorOfB, { tid })).statusCode).toBe(404);
      expect((await post('/visitor/api/rate', visitorOfB, { tid, score: 1 })).statusCode).toBe(404);
      expect((await get(`/visitor/api/message/history?tid=${tid}`, visitorOfB)).statusCode).toBe(404);
      expect((await requestThread(ctx, visitorOfB, { wid: a.wid })).code).toBe(-2);
      expect((await requestThread(ctx, visitorOfB, { aid: a.agents[0]?.uid })).code).toBe(-2);
      const threadOfA = (await get(`/api/thread/get?tid=${tid}`, a.owner.token)).json<Envelope<Thread>>()
        .data;
      expect((await get(`/api/thread/visitor?vid=${threadOfA.visitor.vid}`, outsider)).statusCode).toBe(404);
      expect(
        (await post('/api/visitor/note', outsider, { vid: threadOfA.visitor.vid, note: 'x' })).statusCode,
      ).toBe(404);
      expect(
        (await get(`/api/thread/mine?kind=groups`, b.owner.token)).json<Envelope<{ content: Thread[] }>>()
          .data.content,
      ).toEqual([]);
    });

    it("shows an agent the visitor's profile and keeps notes", async () => {
      const threadOfA = (await get(`/api/thread/get?tid=${tid}`, a.owner.token)).json<Envelope<Thread>>()
        .data;
      const noted = await post('/api/visitor/note', a.agents[0]?.token ?? '', {
        vid: threadOfA.visitor.vid,
        note: 'VIP customer',
      });
      expect(noted.json<Envelope<Visitor>>().data.note).toBe('VIP customer');
      const profile = (
        await get(`/api/thread/visitor?vid=${threadOfA.visitor.vid}`, a.agents[0]?.token)
      ).json<Envelope<{ visitor: Visitor; threads: Thread[] }>>().data;
      expect(profile.visitor).toMatchObject({ note: 'VIP customer', page: 'https://shop.example/pricing' });
      expect(profile.threads.map((thread) => thread.tid)).toContain(tid);
    });
  });
});
