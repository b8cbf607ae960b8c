import type { StatisticOnline } from '@openkefu/contract';
import { afterAll, expect, it, vi } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createCallService } from '../call/call.service.js';
import { createMemoryPresence } from '../realtime/presence.js';
import { agentActorOf, visitorActorOf } from '../thread/chat-actor.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from '../thread/chat.fixture.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { rebuildRollups } from './statistic.repository.js';

/*
 * Calls in the statistics (issue 21): calls made through the call service are counted when they end
 * (answered with their talk time, or not answered by reason), per agent and skill group, only for
 * their organisation, and a rebuild from the `call` rows gives the same rollup.
 */

const callMetrics = [
  'callsStarted',
  'callsAudio',
  'callsVideo',
  'callsAnswered',
  'callsNotAnswered',
  'callsTimeout',
  'callsRejected',
  'callsBusy',
  'callsCancelled',
  'callAnswerRate',
  'callTalkTimeTotal',
  'callTalkTimeAvg',
].join(',');

await describeEachDatabase('statistic of calls', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });
  let clock = 0;
  const services: ReturnType<typeof createCallService>[] = [];
  /** A call service on the test's clock; `ringMs` decides when an unanswered ring times out. */
  const callService = (ringMs: number) => {
    const service = createCallService({
      db: ctx.database.db,
      hub: ctx.app.services.hub,
      messages: ctx.app.services.messages,
      config: { ...ctx.app.services.config.calls, ringMs },
      now: () => clock,
    });
    services.push(service);
    return service;
  };
  afterAll(() => {
    for (const service of services) service.dispose();
  });

  const chattingVisitor = async (org: ChatOrg) => {
    const identity = await initVisitor(ctx, org.subDomain);
    const result = await requestThread(ctx, identity.token, { wid: org.wid });
    expect(result.code).toBe(200);
    const actor = await visitorActorOf(
      ctx.database.db,
      await resolveVisitor(ctx.database.db, identity.token),
    );
    return { tid: result.thread?.tid ?? '', actor };
  };
  const agentActor = async (org: ChatOrg) => {
    const agent = org.agents[0];
    if (!agent) throw new Error('no agent');
    await bringOnline(ctx, presence, agent);
    return agentActorOf(ctx.database.db, await ctx.app.services.auth.authenticate(`Bearer ${agent.token}`));
  };
  const report = async (org: ChatOrg, groupBy: string) => {
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/statistic/online?from=${yesterday}&to=${today}&tz=UTC&groupBy=${groupBy}&metrics=${callMetrics}`,
      headers: bearer(org.owner.token),
    });
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<StatisticOnline>>().data;
  };
  const snapshot = async () =>
    (await ctx.database.db.selectFrom('statistic_hourly').selectAll().execute())
      .map((row) => JSON.stringify(Object.values(row).map(String)))
      .sort();

  it('counts answered, busy, rejected and timed-out calls, per agent and skill group, and rebuilds them', async () => {
    const org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 5, group: { allowCall: true } });
    const other = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 5, group: { allowCall: true } });
    const agent = await agentActor(org);
    const otherAgent = await agentActor(other);
    const [v1, v2, v3] = [await chattingVisitor(org), await chattingVisitor(org), await chattingVisitor(org)];
    const stranger = await chattingVisitor(other);
    const calls = callService(60_000);
    const quickRing = callService(40);
    clock = Date.now() + 1000;

    // A video call answered after 2 s and hung up after 95 s of talk.
    const answered = await calls.start(v1.actor, { tid: v1.tid, media: 'video' });
    clock += 2000;
    await calls.accept(agent, answered.callId);
    // Meanwhile another visitor rings the agent, who is in that call: busy.
    const busy = await calls.start(v2.actor, { tid: v2.tid, media: 'audio' });
    expect(busy.state).toBe('ended');
    clock += 95_000;
    await calls.hangup(v1.actor, answered.callId);
    // A voice call the agent declines.
    const declined = await calls.start(v2.actor, { tid: v2.tid, media: 'audio' });
    await calls.reject(agent, declined.callId);
    // The agent rings a visitor who does not answer in time.
    const unanswered = await quickRing.start(agent, { tid: v3.tid, media: 'audio' });
    await vi.waitFor(
      async () => {
        const row = await ctx.database.db
          .selectFrom('call')
          .select(['state', 'end_reason'])
          .where('cid', '=', unanswered.callId)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ state: 'ended', end_reason: 'timeout' });
      },
      { timeout: 5000, interval: 20 },
    );
    // Another organisation's call, withdrawn by its caller.
    const withdrawn = await calls.start(stranger.actor, { tid: stranger.tid, media: 'video' });
    await calls.reject(stranger.actor, withdrawn.callId);
    expect(otherAgent.orgId).not.toBe(agent.orgId);

    const expected = {
      callsStarted: 4,
      callsAudio: 3,
      callsVideo: 1,
      callsAnswered: 1,
      callsNotAnswered: 3,
      callsTimeout: 1,
      callsRejected: 1,
      callsBusy: 1,
      callsCancelled: 0,
      callAnswerRate: 0.25,
      callTalkTimeTotal: 95,
      callTalkTimeAvg: 95,
    };
    expect((await report(org, 'day')).totals).toEqual(expected);
    const byAgent = await report(org, 'agent');
    expect(byAgent.series.find((point) => point.key === org.agents[0]?.uid)?.values).toEqual(expected);
    const byGroup = await report(org, 'workgroup');
    expect(byGroup.series.find((point) => point.key === org.wid)?.values).toEqual(expected);
    expect((await report(other, 'day')).totals).toMatchObject({
      callsStarted: 1,
      callsVideo: 1,
      callsAnswered: 0,
      callsNotAnswered: 1,
      callsCancelled: 1,
      callAnswerRate: 0,
      callTalkTimeAvg: null,
    });

    // The rebuild reproduces every row from the stored calls and events: one organisation, then all.
    const live = await snapshot();
    await ctx.database.db.deleteFrom('statistic_hourly').where('org_id', '=', org.owner.orgId).execute();
    const scoped = await rebuildRollups(ctx.database.db, { orgId: org.owner.orgId, threadsPerSlice: 2 });
    expect(scoped.calls).toBe(4);
    expect(await snapshot()).toEqual(live);
    await ctx.database.db.deleteFrom('statistic_hourly').execute();
    const all = await rebuildRollups(ctx.database.db);
    expect(all.calls).toBe(5);
    expect(await snapshot()).toEqual(live);
    expect((await report(org, 'day')).totals).toEqual(expected);
  });
});
