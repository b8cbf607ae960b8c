import type { StatisticOnline, Thread } from '@openkefu/contract';
import { expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { agentActorOf, visitorActorOf } from '../thread/chat-actor.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type Envelope,
} from '../thread/chat.fixture.js';
import { rebuildRollups } from './statistic.repository.js';

/*
 * Live chat through the real API feeds the rollup through the one hook: assign, queue, first
 * response, close, drain from the queue, a visitor's close and a rating — and a rebuild from the
 * raw events gives the same rows.
 */

await describeEachDatabase('statistic from live chat', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });

  const post = (url: string, token: string, payload: object) =>
    ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('counts a day of conversations as they happen', async () => {
    const org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 1 });
    const agent = org.agents[0];
    if (!agent) throw new Error('no agent');
    await bringOnline(ctx, presence, agent);

    const v1 = await initVisitor(ctx, org.subDomain);
    const r1 = await requestThread(ctx, v1.token, { wid: org.wid });
    const v2 = await initVisitor(ctx, org.subDomain);
    const r2 = await requestThread(ctx, v2.token, { wid: org.wid });
    expect([r1.code, r2.code]).toEqual([200, 202]);
    const tid1 = r1.thread?.tid ?? '';
    const tid2 = r2.thread?.tid ?? '';

    const visitor1 = await visitorActorOf(ctx.database.db, await resolveVisitor(ctx.database.db, v1.token));
    await ctx.app.services.messages.send(visitor1, {
      tid: tid1,
      localId: 'v-1',
      type: 'text',
      content: 'Hello',
    });
    const actor = await agentActorOf(
      ctx.database.db,
      await ctx.app.services.auth.authenticate(`Bearer ${agent.token}`),
    );
    await ctx.app.services.messages.send(actor, { tid: tid1, localId: 'a-1', type: 'text', content: 'Hi!' });
    await ctx.app.services.messages.send(actor, {
      tid: tid1,
      localId: 'a-2',
      type: 'text',
      content: 'How can I help?',
    });

    const closed = await post('/api/thread/close', agent.token, { tid: tid1 });
    expect(closed.json<Envelope<Thread>>().data.status).toBe('closed');
    expect((await post('/visitor/api/rate', v1.token, { tid: tid1, score: 4 })).statusCode).toBe(200);
    // The queued visitor got the agent when the first conversation closed; now the visitor leaves.
    expect((await post('/visitor/api/thread/close', v2.token, { tid: tid2 })).statusCode).toBe(200);

    // Yesterday too, so a run across midnight (UTC) still sees everything.
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/statistic/online?from=${yesterday}&to=${today}&tz=UTC&groupBy=agent`,
      headers: bearer(org.owner.token),
    });
    expect(response.statusCode).toBe(200);
    const report = response.json<Envelope<StatisticOnline>>().data;
    expect(report.totals).toMatchObject({
      conversationsNew: 2,
      conversationsAccepted: 2,
      conversationsQueued: 1,
      conversationsAbandoned: 0,
      conversationsClosed: 2,
      closedByAgent: 1,
      closedByVisitor: 1,
      messagesVisitor: 1,
      messagesAgent: 2,
      responseUnder1m: 1,
      ratings: 1,
      satisfactionAvg: 4,
    });
    expect(report.series.find((point) => point.key === agent.uid)?.values).toMatchObject({
      conversationsAccepted: 2,
      closedByAgent: 1,
    });

    const snapshot = async () =>
      (await ctx.database.db.selectFrom('statistic_hourly').selectAll().orderBy('dims').execute()).map(
        (row) => JSON.stringify(Object.values(row).map(String)),
      );
    const live = (await snapshot()).sort();
    await rebuildRollups(ctx.database.db);
    expect((await snapshot()).sort()).toEqual(live);
  });
});
