import type { Message, MessageHistory, Thread, UserBrief } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from '../thread/chat.fixture.js';
import { connectSocket, emitAck, listen, nextEvent } from './socket.fixture.js';

await describeEachDatabase('realtime gateway', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let url: string;
  let org: ChatOrg;
  const sockets: Socket[] = [];
  const open = async (auth: { kind: 'agent' | 'visitor'; token: string }) => {
    const socket = await connectSocket(url, auth);
    sockets.push(socket);
    return socket;
  };

  beforeAll(async () => {
    url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 1 });
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('refuses a handshake without a valid token, or from a role without the chat authority', async () => {
    await expect(connectSocket(url, { kind: 'visitor', token: 'forged' })).rejects.toThrow(/visitor token/);
    await expect(connectSocket(url, { kind: 'agent', token: 'forged' })).rejects.toThrow(/Not signed in/);
    const checker = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_CHECKER'],
      orgId: org.owner.orgId,
    });
    const token = await signIn(ctx.app, checker.username, checker.password);
    await expect(connectSocket(url, { kind: 'agent', token })).rejects.toThrow(/chat/);
  });

  describe('a conversation over sockets', () => {
    let agent: Socket;
    let visitor: Socket;
    let visitorToken: string;
    let tid: string;

    beforeAll(async () => {
      const agentAccount = org.agents[0] as ChatOrg['agents'][0];
      agent = await open({ kind: 'agent', token: agentAccount.token });
      // Going online through the workbench status is what makes the agent routable.
      const status = await emitAck<UserBrief>(agent, 'agent:status', { status: 'online' });
      expect(status).toMatchObject({ ok: true, data: { status: 'online' } });
      const identity = await initVisitor(ctx, org.subDomain);
      visitorToken = identity.token;
      visitor = await open({ kind: 'visitor', token: visitorToken });
      const assigned = nextEvent<Thread>(agent, 'thread:update');
      const result = await requestThread(ctx, visitorToken, { wid: org.wid });
      expect(result.code).toBe(200);
      tid = result.thread?.tid ?? '';
      expect((await assigned).tid).toBe(tid);
    });

    it('stores a visitor message before acknowledging it and pushes it to the agent', async () => {
      const received = nextEvent<Message>(
        agent,
        'message',
        (message) => message.content === 'Hello <b>there</b>',
      );
      const ack = await emitAck<Message>(visitor, 'message:send', {
        tid,
        localId: 'v-1',
        type: 'text',
        content: 'Hello <b>there</b>',
      });
      expect(ack).toMatchObject({
        ok: true,
        data: { status: 'stored', localId: 'v-1', sender: { kind: 'visitor' } },
      });
      const pushed = await received;
      expect(pushed.seq).toBe(ack.ok ? ack.data.seq : -1);
      // Stored as sent: text stays text, the clients never render it as HTML.
      expect(pushed.content).toBe('Hello <b>there</b>');
    });

    it('answers a resend with the same localId with the stored message, not a copy', async () => {
      const first = await emitAck<Message>(visitor, 'message:send', {
        tid,
        localId: 'v-dup',
        type: 'text',
        content: 'once',
      });
      const again = await emitAck<Message>(visitor, 'message:send', {
        tid,
        localId: 'v-dup',
        type: 'text',
        content: 'once',
      });
      expect(first.ok && again.ok && first.data.mid === again.data.mid).toBe(true);
      const history = await emitAck<MessageHistory>(visitor, 'message:sync', { tid, afterSeq: 0 });
      expect(
        history.ok && history.data.messages.filter((message) => message.localId === 'v-dup'),
      ).toHaveLength(1);
    });

    it('delivers agent replies, receipts and typing both ways', async () => {
      const reply = nextEvent<Message>(visitor, 'message', (message) => message.sender.kind === 'agent');
      const sent = await emitAck<Message>(agent, 'message:send', {
        tid,
        localId: 'a-1',
        type: 'text',
        content: 'How can I help?',
      });
      expect(sent.ok).toBe(true);
      expect((await reply).content).toBe('How can I help?');

      const receipt = nextEvent<{ status: string; by: string; seq: number }>(agent, 'receipt');
      await emitAck(visitor, 'message:receipt', { tid, seq: sent.ok ? sent.data.seq : 0, status: 'read' });
      expect(await receipt).toMatchObject({ status: 'read', by: 'visitor' });

      const typing = nextEvent<{ preview: string; by: string }>(agent, 'typing');
      await emitAck(visitor, 'typing', { tid, preview: 'I would like' });
      expect(await typing).toEqual({ tid, preview: 'I would like', by: 'visitor' });
    });

    it('resyncs everything after a seq, as a reconnecting client does', async () => {
      const all = await emitAck<MessageHistory>(agent, 'message:sync', { tid, afterSeq: 0 });
      expect(all.ok).toBe(true);
      if (!all.ok) return;
      const seqs = all.data.messages.map((message) => message.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(new Set(seqs).size).toBe(seqs.length);
      const tail = await emitAck<MessageHistory>(agent, 'message:sync', { tid, afterSeq: seqs.at(-2) ?? 0 });
      expect(tail.ok && tail.data.messages.map((message) => message.seq)).toEqual(seqs.slice(-1));
    });

    it('recalls an own message within two minutes', async () => {
      const sent = await emitAck<Message>(visitor, 'message:send', {
        tid,
        localId: 'v-oops',
        type: 'text',
        content: 'oops',
      });
      const recalledPush = nextEvent<Message>(agent, 'message', (message) => message.status === 'recall');
      const recalled = await emitAck<Message>(visitor, 'message:recall', {
        tid,
        mid: sent.ok ? sent.data.mid : '',
      });
      expect(recalled).toMatchObject({ ok: true, data: { status: 'recall', content: '' } });
      expect((await recalledPush).mid).toBe(sent.ok ? sent.data.mid : '');
    });

    it('answers bad payloads with 400 naming the field, and others’ threads with 404', async () => {
      const empty = await emitAck(visitor, 'message:send', {
        tid,
        localId: 'v-empty',
        type: 'text',
        content: '   ',
      });
      expect(empty).toMatchObject({ ok: false, status: 400 });
      expect(!empty.ok && empty.fields?.[0]?.field).toBe('content');
      const other = await makeChatOrg(ctx, { agents: 1 });
      const stranger = await open({
        kind: 'visitor',
        token: (await initVisitor(ctx, other.subDomain)).token,
      });
      const foreign = await emitAck(stranger, 'message:send', {
        tid,
        localId: 's-1',
        type: 'text',
        content: 'hi',
      });
      expect(foreign).toMatchObject({ ok: false, status: 404 });
      const foreignSync = await emitAck(stranger, 'message:sync', { tid, afterSeq: 0 });
      expect(foreignSync).toMatchObject({ ok: false, status: 404 });
    });

    it('lets an admin watch a live thread read-only; agents without monitor may not', async () => {
      const admin = await open({ kind: 'agent', token: org.owner.token });
      const watched = await emitAck<MessageHistory>(admin, 'thread:watch', { tid });
      expect(watched.ok && watched.data.messages.length).toBeGreaterThan(0);
      const live = nextEvent<Message>(admin, 'message', (message) => message.content === 'watched?');
      await emitAck(visitor, 'message:send', { tid, localId: 'v-watch', type: 'text', content: 'watched?' });
      expect((await live).tid).toBe(tid);
      // Watching is read-only: the admin is not a participant.
      const write = await emitAck(admin, 'message:send', {
        tid,
        localId: 'adm-1',
        type: 'text',
        content: 'hi',
      });
      expect(write).toMatchObject({ ok: false, status: 404 });
      const plain = await open({ kind: 'agent', token: (org.agents[0] as ChatOrg['agents'][0]).token });
      expect(await emitAck(plain, 'thread:watch', { tid })).toMatchObject({ ok: false, status: 403 });
    });

    it('tells the visitor when the agent closes the conversation', async () => {
      const update = nextEvent<Thread>(visitor, 'thread:update', (thread) => thread.status === 'closed');
      const notice = nextEvent<Message>(
        visitor,
        'message',
        (message) => message.type === 'notification_agent_close',
      );
      const closed = await ctx.app.inject({
        method: 'POST',
        url: '/api/thread/close',
        headers: bearer((org.agents[0] as ChatOrg['agents'][0]).token),
        payload: { tid },
      });
      expect(closed.json<Envelope<Thread>>().data.status).toBe('closed');
      expect((await update).closeType).toBe('agent');
      expect((await notice).content).toBe('Thanks for chatting');
      const late = await emitAck(visitor, 'message:send', {
        tid,
        localId: 'v-late',
        type: 'text',
        content: 'still there?',
      });
      expect(late).toMatchObject({ ok: false, status: 409 });
    });

    it('limits the event rate per connection', async () => {
      const answers = await Promise.all(
        Array.from({ length: 80 }, (_, index) => emitAck(visitor, 'typing', { tid, preview: String(index) })),
      );
      expect(answers.filter((answer) => !answer.ok && answer.status === 429).length).toBeGreaterThan(0);
    });
  });

  it('routes a queued visitor to an agent the moment it goes online', async () => {
    const fresh = await makeChatOrg(ctx, { agents: 1 });
    const identity = await initVisitor(ctx, fresh.subDomain);
    const visitor = await open({ kind: 'visitor', token: identity.token });
    const agentAccount = fresh.agents[0] as ChatOrg['agents'][0];
    const agent = await open({ kind: 'agent', token: agentAccount.token });
    await emitAck(agent, 'agent:status', { status: 'busy' });
    const queued = await requestThread(ctx, identity.token, { wid: fresh.wid });
    // Busy agents take no new conversations: nobody can answer.
    expect(queued.code).toBe(204);
    await emitAck(agent, 'agent:status', { status: 'online' });
    const again = await requestThread(ctx, identity.token, { wid: fresh.wid });
    expect(again).toMatchObject({ code: 200, thread: { agent: { uid: agentAccount.uid } } });
    const notice = await emitAck<MessageHistory>(visitor, 'message:sync', {
      tid: again.thread?.tid,
      afterSeq: 0,
    });
    expect(
      notice.ok && notice.data.messages.some((message) => message.type === 'notification_queue_accept'),
    ).toBe(false);
    // It never queued (the request was answered at once): the plain accepted notice, not "from the queue".
    expect(notice.ok && notice.data.messages.some((message) => message.type === 'notification_accept')).toBe(
      true,
    );
  });
});
