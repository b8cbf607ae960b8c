import type { Message, MessageHistory, Page, TabooHit, Thread, UserBrief } from '@openkefu/contract';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { connectSocket, emitAck, listen, nextEvent, type AckAnswer } from '../realtime/socket.fixture.js';
import { getJson, postJson } from '../records/records.fixture.js';
import { initVisitor, makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';

/* Sensitive words and the blacklist enforced in the real chat: Socket.IO clients against the gateway. */
await describeEachDatabase('taboo and block enforcement', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let url: string;
  let org: ChatOrg;
  let agent: Socket;
  let visitor: Socket;
  let visitorVid: string;
  let tid: string;
  const sockets: Socket[] = [];
  let localId = 0;

  const open = async (auth: { kind: 'agent' | 'visitor'; token: string }) => {
    const socket = await connectSocket(url, auth);
    sockets.push(socket);
    return socket;
  };

  const send = (socket: Socket, content: string): Promise<AckAnswer<Message>> =>
    emitAck<Message>(socket, 'message:send', { tid, localId: `l-${(localId += 1)}`, type: 'text', content });

  const history = async (): Promise<Message[]> => {
    const answer = await emitAck<MessageHistory>(agent, 'message:sync', { tid, afterSeq: 0 });
    return answer.ok ? answer.data.messages : [];
  };

  const setMode = async (mode: 'mask' | 'block') =>
    expect((await postJson(ctx, '/api/taboo/mode', org.owner.token, { mode })).status).toBe(200);

  beforeAll(async () => {
    url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 1 });
    const agentAccount = org.agents[0] as ChatOrg['agents'][0];
    agent = await open({ kind: 'agent', token: agentAccount.token });
    expect(await emitAck<UserBrief>(agent, 'agent:status', { status: 'online' })).toMatchObject({ ok: true });
    const identity = await initVisitor(ctx, org.subDomain);
    visitorVid = identity.visitor.vid;
    visitor = await open({ kind: 'visitor', token: identity.token });
    const assigned = nextEvent<Thread>(agent, 'thread:update');
    const result = await requestThread(ctx, identity.token, { wid: org.wid });
    expect(result.code).toBe(200);
    tid = result.thread?.tid ?? '';
    await assigned;
    for (const word of [
      { standard: '傻瓜', synonyms: ['笨蛋'] },
      { standard: 'Idiot', synonyms: ['moron'] },
    ])
      expect((await postJson(ctx, '/api/taboo/create', org.owner.token, word)).status).toBe(200);
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  describe('mask mode (the default)', () => {
    it("masks a visitor's sensitive words, stores and pushes only the masked text", async () => {
      const pushed = nextEvent<Message>(agent, 'message', (message) => message.sender.kind === 'visitor');
      const ack = await send(visitor, '你这个笨蛋, you IDIOT!');
      expect(ack).toMatchObject({ ok: true, data: { content: '你这个**, you *****!' } });
      expect((await pushed).content).toBe('你这个**, you *****!');
      const stored = await history();
      expect(stored.map((message) => message.content)).not.toContain('你这个笨蛋, you IDIOT!');
    });

    it("masks an agent's sensitive words too", async () => {
      const pushed = nextEvent<Message>(visitor, 'message', (message) => message.sender.kind === 'agent');
      const ack = await send(agent, 'Please, no moron talk');
      expect(ack).toMatchObject({ ok: true, data: { content: 'Please, no ***** talk' } });
      expect((await pushed).content).toBe('Please, no ***** talk');
    });

    it('leaves clean text alone and applies a new word at once', async () => {
      expect(await send(visitor, 'here is my order number')).toMatchObject({
        ok: true,
        data: { content: 'here is my order number' },
      });
      await postJson(ctx, '/api/taboo/create', org.owner.token, { standard: 'order number' });
      expect(await send(visitor, 'my ORDER NUMBER again')).toMatchObject({
        ok: true,
        data: { content: 'my ************ again' },
      });
    });

    it("applies the platform's words to every organisation", async () => {
      const staff = await createAccount(ctx.database, { roles: ['ROLE_SUPER'] });
      const staffToken = await signIn(ctx.app, staff.username, staff.password);
      expect(
        (await postJson(ctx, '/api/taboo/platform/create', staffToken, { standard: '赌博' })).status,
      ).toBe(200);
      expect(await send(visitor, '有赌博吗')).toMatchObject({ ok: true, data: { content: '有**吗' } });
    });

    it('records every hit: who, which conversation, which word', async () => {
      const hits = await getJson<Page<TabooHit>>(ctx, `/api/taboo/hits?tid=${tid}&size=100`, org.owner.token);
      expect(hits.status).toBe(200);
      const summary = hits.body.data.content.map((hit) => [
        hit.sender.kind,
        hit.standard,
        hit.word,
        hit.action,
      ]);
      expect(summary).toEqual(
        expect.arrayContaining([
          ['visitor', '傻瓜', '笨蛋', 'mask'],
          ['visitor', 'Idiot', 'Idiot', 'mask'],
          ['agent', 'Idiot', 'moron', 'mask'],
          ['visitor', 'order number', 'order number', 'mask'],
          ['visitor', '赌博', '赌博', 'mask'],
        ]),
      );
      expect(summary).toHaveLength(5);
      const byVisitor = hits.body.data.content.find((hit) => hit.sender.kind === 'visitor');
      expect(byVisitor).toMatchObject({ tid, sender: { id: visitorVid } });
      const agentsOnly = await getJson<Page<TabooHit>>(
        ctx,
        '/api/taboo/hits?senderKind=agent',
        org.owner.token,
      );
      expect(agentsOnly.body.data.content.map((hit) => hit.sender.id)).toEqual([org.agents[0]?.uid]);
    });
  });

  describe('block mode', () => {
    beforeAll(() => setMode('block'));
    afterAll(() => setMode('mask'));

    it('refuses the message on either side with a clear error; nothing is stored or pushed', async () => {
      const before = await history();
      const pushedToAgent: string[] = [];
      const onAgentMessage = (message: Message) => pushedToAgent.push(message.content);
      agent.on('message', onAgentMessage);
      const fromVisitor = await send(visitor, 'you are a 傻瓜');
      expect(fromVisitor).toEqual({
        ok: false,
        status: 400,
        message: 'Your message contains a sensitive word and was not sent',
        fields: [{ field: 'content', message: 'contains a sensitive word' }],
      });
      const fromAgent = await send(agent, 'IDIOT');
      expect(fromAgent).toMatchObject({ ok: false, status: 400 });
      // A clean message after them goes through, so nothing refused was merely delayed.
      const sorry = nextEvent<Message>(agent, 'message', (message) => message.content === 'sorry');
      expect(await send(visitor, 'sorry')).toMatchObject({ ok: true });
      await sorry;
      agent.off('message', onAgentMessage);
      const after = await history();
      expect(after.slice(before.length).map((message) => message.content)).toEqual(['sorry']);
      expect(pushedToAgent).toEqual(['sorry']);
      const blocked = await getJson<Page<TabooHit>>(
        ctx,
        `/api/taboo/hits?action=block&tid=${tid}`,
        org.owner.token,
      );
      expect(blocked.body.data.content.map((hit) => [hit.sender.kind, hit.word])).toEqual([
        ['agent', 'Idiot'],
        ['visitor', '傻瓜'],
      ]);
    });
  });

  describe('the blacklist', () => {
    it('refuses the messages of a visitor blocked mid-chat, and lets them through once unblocked', async () => {
      const blocked = await postJson<{ bid: string }>(ctx, '/api/block/create', org.agents[0]?.token, {
        type: 'visitor',
        vid: visitorVid,
        note: 'abuse',
      });
      expect(blocked.status).toBe(200);
      const refused = await send(visitor, 'hello?');
      expect(refused).toEqual({ ok: false, status: 403, message: 'You have been blocked from this chat' });
      // Agents still write to the thread (e.g. to say goodbye).
      expect(await send(agent, 'Goodbye')).toMatchObject({ ok: true });
      expect(
        (await postJson(ctx, '/api/block/unblock', org.owner.token, { bid: blocked.body.data.bid })).status,
      ).toBe(200);
      expect(await send(visitor, 'hello again')).toMatchObject({ ok: true });
    });
  });
});
