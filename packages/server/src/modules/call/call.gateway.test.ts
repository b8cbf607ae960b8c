import type { Call, CallEnd, CallSignalPush, Message, Thread, UserBrief } from '@openkefu/contract';
import { createHmac } from 'node:crypto';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { connectSocket, emitAck, listen, nextEvent, type AckAnswer } from '../realtime/socket.fixture.js';
import { initVisitor, makeChatOrg, requestThread, type ChatOrg } from '../thread/chat.fixture.js';

/* Calls' signalling over real sockets (issue 21): ring, accept, relay, reject, hang-up, busy, timeout. */

await describeEachDatabase('calls', (target) => {
  const ctx = useTestApp(target, {
    build: { sweepIntervalMs: 0 },
    env: {
      CALL_RING_SECONDS: '0.6',
      CALL_RECONNECT_SECONDS: '0.4',
      CALL_STUN_URLS: 'stun:stun.example.com:3478',
      CALL_TURN_URLS: 'turn:turn.example.com:3478',
      CALL_TURN_SECRET: 'coturn-secret',
    },
  });
  let url: string;
  let org: ChatOrg;
  let agent: Socket;
  const sockets: Socket[] = [];
  const open = async (auth: { kind: 'agent' | 'visitor'; token: string }) => {
    const socket = await connectSocket(url, auth);
    sockets.push(socket);
    return socket;
  };

  /** A visitor with a conversation the agent serves. */
  const chattingVisitor = async () => {
    const identity = await initVisitor(ctx, org.subDomain);
    const visitor = await open({ kind: 'visitor', token: identity.token });
    const assigned = nextEvent<Thread>(agent, 'thread:update', (thread) => thread.status === 'chatting');
    const result = await requestThread(ctx, identity.token, { wid: org.wid });
    const tid = result.thread?.tid ?? '';
    await assigned;
    return { visitor, tid, token: identity.token };
  };

  const ok = <T>(answer: AckAnswer<T>): T => {
    if (!answer.ok) throw new Error(`ack failed: ${answer.status} ${answer.message}`);
    return answer.data;
  };

  const noticesOf = async (tid: string) =>
    (
      await ctx.database.db
        .selectFrom('message')
        .innerJoin('thread', 'thread.id', 'message.thread_id')
        .select('message.content')
        .where('thread.tid', '=', tid)
        .where('message.type', '=', 'notification_webrtc')
        .orderBy('message.seq')
        .execute()
    ).map((row) => JSON.parse(row.content) as Record<string, unknown>);

  /** The thread as the workbench gets it. */
  const agentViewOf = async (tid: string, token: string) =>
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/thread/get?tid=${tid}`,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json<{ data: { allowCall?: boolean } }>().data;

  beforeAll(async () => {
    url = await listen(ctx.app);
    org = await makeChatOrg(ctx, { agents: 2, maxThreadCount: 20, group: { allowCall: true } });
    agent = await open({ kind: 'agent', token: (org.agents[0] as ChatOrg['agents'][0]).token });
    ok(await emitAck<UserBrief>(agent, 'agent:status', { status: 'online' }));
  });
  afterAll(() => {
    for (const socket of sockets) socket.close();
  });

  it('rings the agent, relays offer, answer and candidates both ways, and records the call', async () => {
    const { visitor, tid } = await chattingVisitor();
    expect((await agentViewOf(tid, (org.agents[0] as ChatOrg['agents'][0]).token)).allowCall).toBe(true);
    const ring = nextEvent<Call>(agent, 'call:ring');
    const started = ok(await emitAck<Call>(visitor, 'call:start', { tid, media: 'video' }));
    expect(started).toMatchObject({ tid, media: 'video', state: 'ringing', caller: 'visitor', ringMs: 600 });
    const rung = await ring;
    expect(rung).toMatchObject({ callId: started.callId, tid, media: 'video', caller: 'visitor' });

    // TURN credentials in coturn's REST-API form, per party.
    const turn = rung.iceServers.find((server) => server.urls[0]?.startsWith('turn:'));
    expect(rung.iceServers[0]).toEqual({ urls: ['stun:stun.example.com:3478'] });
    const [expiry, user] = (turn?.username ?? '').split(':');
    expect(Number(expiry)).toBeGreaterThan(Date.now() / 1000);
    expect(user).toBe(`${started.callId}-agent`);
    expect(turn?.credential).toBe(
      createHmac('sha1', 'coturn-secret')
        .update(turn?.username ?? '')
        .digest('base64'),
    );

    // No relay before the call is answered.
    const early = await emitAck(visitor, 'call:signal', {
      callId: started.callId,
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(early).toMatchObject({ ok: false, status: 409 });

    const accepted = nextEvent<Call>(visitor, 'call:accepted');
    expect(ok(await emitAck<Call>(agent, 'call:accept', { callId: started.callId }))).toMatchObject({
      state: 'active',
    });
    expect((await accepted).state).toBe('active');

    const offer = nextEvent<CallSignalPush>(agent, 'call:signal');
    ok(
      await emitAck(visitor, 'call:signal', {
        callId: started.callId,
        description: { type: 'offer', sdp: 'v=0 offer' },
      }),
    );
    expect(await offer).toEqual({
      callId: started.callId,
      description: { type: 'offer', sdp: 'v=0 offer' },
      by: 'visitor',
    });
    const answer = nextEvent<CallSignalPush>(visitor, 'call:signal');
    ok(
      await emitAck(agent, 'call:signal', {
        callId: started.callId,
        description: { type: 'answer', sdp: 'v=0 answer' },
      }),
    );
    expect((await answer).description).toEqual({ type: 'answer', sdp: 'v=0 answer' });
    const candidate = nextEvent<CallSignalPush>(visitor, 'call:signal');
    const ice = {
      candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
    };
    ok(await emitAck(agent, 'call:signal', { callId: started.callId, candidate: ice }));
    expect((await candidate).candidate).toEqual(ice);

    // A signal with neither, or an oversized one, is refused naming the field.
    const empty = await emitAck(visitor, 'call:signal', { callId: started.callId });
    expect(empty).toMatchObject({ ok: false, status: 400, fields: [{ field: 'description' }] });
    const huge = await emitAck(visitor, 'call:signal', {
      callId: started.callId,
      description: { type: 'offer', sdp: 'x'.repeat(40_000) },
    });
    expect(huge).toMatchObject({ ok: false, status: 400 });

    const endAtVisitor = nextEvent<CallEnd>(visitor, 'call:end');
    const endAtAgent = nextEvent<CallEnd>(agent, 'call:end');
    const notice = nextEvent<Message>(
      visitor,
      'message',
      (message) => message.type === 'notification_webrtc',
    );
    ok(await emitAck(agent, 'call:hangup', { callId: started.callId }));
    const end = await endAtVisitor;
    expect(end).toMatchObject({ callId: started.callId, tid, reason: 'hangup', by: 'agent' });
    expect(end.durationMs).toBeGreaterThanOrEqual(0);
    expect((await endAtAgent).reason).toBe('hangup');
    expect(JSON.parse((await notice).content)).toMatchObject({
      event: 'ended',
      reason: 'hangup',
      by: 'agent',
    });
    expect(await noticesOf(tid)).toMatchObject([
      { callId: started.callId, event: 'started', media: 'video', caller: 'visitor' },
      { callId: started.callId, event: 'ended', reason: 'hangup', by: 'agent' },
    ]);

    // Hanging up again is harmless; signalling an ended call is not.
    ok(await emitAck(visitor, 'call:hangup', { callId: started.callId }));
    const late = await emitAck(visitor, 'call:signal', { callId: started.callId, candidate: ice });
    expect(late).toMatchObject({ ok: false, status: 409 });
  });

  it('lets the agent call the visitor, who rejects; the visitor can hang up a call too', async () => {
    const { visitor, tid } = await chattingVisitor();
    const ring = nextEvent<Call>(visitor, 'call:ring');
    const call = ok(await emitAck<Call>(agent, 'call:start', { tid, media: 'audio' }));
    expect((await ring).callerName).toBe('Agent 0');
    const rejected = nextEvent<CallEnd>(agent, 'call:end');
    ok(await emitAck(visitor, 'call:reject', { callId: call.callId }));
    expect(await rejected).toMatchObject({ reason: 'rejected', by: 'visitor', durationMs: 0 });

    const second = ok(await emitAck<Call>(agent, 'call:start', { tid, media: 'audio' }));
    ok(await emitAck(visitor, 'call:accept', { callId: second.callId }));
    const ended = nextEvent<CallEnd>(agent, 'call:end');
    ok(await emitAck(visitor, 'call:hangup', { callId: second.callId }));
    expect(await ended).toMatchObject({ reason: 'hangup', by: 'visitor' });

    // The caller withdrawing a ringing call is a cancel.
    const third = ok(await emitAck<Call>(agent, 'call:start', { tid, media: 'video' }));
    const cancelled = nextEvent<CallEnd>(visitor, 'call:end');
    ok(await emitAck(agent, 'call:hangup', { callId: third.callId }));
    expect(await cancelled).toMatchObject({ reason: 'cancelled', by: 'agent' });
    // Answering what no longer rings fails.
    expect(await emitAck(visitor, 'call:accept', { callId: third.callId })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  it('answers busy when the agent is in another call, and refuses a second call of one caller', async () => {
    const first = await chattingVisitor();
    const second = await chattingVisitor();
    const call = ok(await emitAck<Call>(first.visitor, 'call:start', { tid: first.tid, media: 'audio' }));
    expect(await emitAck(first.visitor, 'call:start', { tid: first.tid, media: 'audio' })).toMatchObject({
      ok: false,
      status: 409,
    });
    const busyEnd = nextEvent<CallEnd>(second.visitor, 'call:end');
    const busy = ok(await emitAck<Call>(second.visitor, 'call:start', { tid: second.tid, media: 'video' }));
    expect(busy.state).toBe('ended');
    expect(await busyEnd).toMatchObject({ callId: busy.callId, reason: 'busy', by: 'system' });
    ok(await emitAck(first.visitor, 'call:hangup', { callId: call.callId }));
    // Free again.
    const next = ok(await emitAck<Call>(second.visitor, 'call:start', { tid: second.tid, media: 'video' }));
    expect(next.state).toBe('ringing');
    ok(await emitAck(second.visitor, 'call:hangup', { callId: next.callId }));
  });

  it('ends a call nobody answers as timeout', async () => {
    const { visitor, tid } = await chattingVisitor();
    const call = ok(await emitAck<Call>(visitor, 'call:start', { tid, media: 'audio' }));
    const atAgent = nextEvent<CallEnd>(agent, 'call:end');
    expect(await nextEvent<CallEnd>(visitor, 'call:end')).toMatchObject({
      callId: call.callId,
      reason: 'timeout',
      by: 'system',
    });
    expect((await atAgent).reason).toBe('timeout');
    expect(await emitAck(agent, 'call:accept', { callId: call.callId })).toMatchObject({
      ok: false,
      status: 409,
    });
  });

  const stateOf = async (callId: string) =>
    (
      await ctx.database.db
        .selectFrom('call')
        .select(['state', 'end_reason'])
        .where('cid', '=', callId)
        .executeTakeFirstOrThrow()
    ).state;

  it('ends a call when a party leaves with no socket left and does not come back in time', async () => {
    const { visitor, tid } = await chattingVisitor();
    const call = ok(await emitAck<Call>(visitor, 'call:start', { tid, media: 'video' }));
    ok(await emitAck(agent, 'call:accept', { callId: call.callId }));
    const ended = nextEvent<CallEnd>(agent, 'call:end');
    const left = Date.now();
    visitor.close();
    expect(await ended).toMatchObject({ callId: call.callId, reason: 'failed', by: 'system' });
    // Not at once: the party had CALL_RECONNECT_SECONDS to come back.
    expect(Date.now() - left).toBeGreaterThanOrEqual(350);
  });

  it('keeps the call of a party whose connection drops and comes back in time', async () => {
    const { visitor, tid, token } = await chattingVisitor();
    const call = ok(await emitAck<Call>(visitor, 'call:start', { tid, media: 'audio' }));
    ok(await emitAck(agent, 'call:accept', { callId: call.callId }));
    visitor.close();
    const back = await open({ kind: 'visitor', token });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await stateOf(call.callId)).toBe('active');
    // Signalling reaches the new connection (an ICE restart after a network change goes this way).
    const relayed = nextEvent<CallSignalPush>(back, 'call:signal');
    ok(await emitAck(agent, 'call:signal', { callId: call.callId, candidate: { candidate: 'candidate:1' } }));
    expect((await relayed).callId).toBe(call.callId);
    const ended = nextEvent<CallEnd>(agent, 'call:end');
    ok(await emitAck(back, 'call:hangup', { callId: call.callId }));
    expect(await ended).toMatchObject({ reason: 'hangup', by: 'visitor' });
  });

  it('ends a call stranded by a node that died while it waited, when a party calls again', async () => {
    const { visitor, tid } = await chattingVisitor();
    const call = ok(await emitAck<Call>(visitor, 'call:start', { tid, media: 'audio' }));
    ok(await emitAck(agent, 'call:accept', { callId: call.callId }));
    visitor.close();
    // The node that was waiting is gone (its timers with it).
    await new Promise((resolve) => setTimeout(resolve, 50));
    ctx.app.services.calls.dispose();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await stateOf(call.callId)).toBe('active');
    // The agent calls another visitor: not busy, the stranded call ends as failed.
    const next = await chattingVisitor();
    const ringing = nextEvent<Call>(next.visitor, 'call:ring');
    ok(await emitAck<Call>(agent, 'call:start', { tid: next.tid, media: 'audio' }));
    expect((await ringing).tid).toBe(next.tid);
    expect(await stateOf(call.callId)).toBe('ended');
    const ended = nextEvent<CallEnd>(agent, 'call:end', (end) => end.tid === next.tid);
    ok(await emitAck(agent, 'call:hangup', { callId: (await ringing).callId }));
    await ended;
  });

  it('refuses calls in a skill group that does not allow them (the default)', async () => {
    const plain = await makeChatOrg(ctx, { agents: 1 });
    const plainAgent = await open({ kind: 'agent', token: (plain.agents[0] as ChatOrg['agents'][0]).token });
    ok(await emitAck(plainAgent, 'agent:status', { status: 'online' }));
    const identity = await initVisitor(ctx, plain.subDomain);
    const visitor = await open({ kind: 'visitor', token: identity.token });
    const result = await requestThread(ctx, identity.token, { wid: plain.wid });
    expect(result.thread?.agent).toBeTruthy();
    const tid = result.thread?.tid ?? '';
    expect(await emitAck(visitor, 'call:start', { tid, media: 'audio' })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await emitAck(plainAgent, 'call:start', { tid, media: 'audio' })).toMatchObject({
      ok: false,
      status: 403,
    });
    // The workbench offers no call button there: the agent's view of the thread says so.
    expect((await agentViewOf(tid, (plain.agents[0] as ChatOrg['agents'][0]).token)).allowCall).toBe(false);
  });

  it('refuses strangers: another visitor, an agent not serving the thread, another organisation', async () => {
    const { visitor, tid } = await chattingVisitor();
    const call = ok(await emitAck<Call>(visitor, 'call:start', { tid, media: 'audio' }));

    const stranger = await open({ kind: 'visitor', token: (await initVisitor(ctx, org.subDomain)).token });
    expect(await emitAck(stranger, 'call:start', { tid, media: 'audio' })).toMatchObject({
      ok: false,
      status: 404,
    });
    for (const event of ['call:accept', 'call:reject', 'call:hangup'])
      expect(await emitAck(stranger, event, { callId: call.callId })).toMatchObject({
        ok: false,
        status: 404,
      });

    const colleague = await open({ kind: 'agent', token: (org.agents[1] as ChatOrg['agents'][0]).token });
    expect(await emitAck(colleague, 'call:start', { tid, media: 'audio' })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await emitAck(colleague, 'call:accept', { callId: call.callId })).toMatchObject({
      ok: false,
      status: 404,
    });

    const other = await makeChatOrg(ctx, { agents: 1 });
    const outsider = await open({ kind: 'agent', token: other.owner.token });
    expect(await emitAck(outsider, 'call:start', { tid, media: 'audio' })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await emitAck(outsider, 'call:hangup', { callId: call.callId })).toMatchObject({
      ok: false,
      status: 404,
    });
    expect(await emitAck(visitor, 'call:start', { tid, media: 'hologram' })).toMatchObject({
      ok: false,
      status: 400,
      fields: [{ field: 'media' }],
    });
    ok(await emitAck(visitor, 'call:hangup', { callId: call.callId }));
  });
});
