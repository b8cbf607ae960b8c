import type { LeaveMessage, Thread, WidgetPreview } from '@openkefu/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from './chat.fixture.js';

await describeEachDatabase('widget preview and leave-message marks', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });

  const preview = (query: string, remoteAddress = '127.0.0.1') =>
    ctx.app.inject({ method: 'GET', url: `/visitor/api/preview?${query}`, remoteAddress });
  const previewOf = async (query: string) => {
    const response = await preview(query);
    expect(response.statusCode).toBe(200);
    return response.json<Envelope<WidgetPreview>>().data;
  };

  /** Row counts of every table in the database: what a read-only call must leave as it found it. */
  const countAllRows = async (): Promise<Record<string, number>> => {
    const tables = await ctx.database.db.introspection.getTables();
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const row = await sql<{ count: number | string }>`select count(*) as count from ${sql.table(
        table.schema ? `${table.schema}.${table.name}` : table.name,
      )}`.execute(ctx.database.db);
      counts[table.name] = Number(row.rows[0]?.count ?? 0);
    }
    return counts;
  };

  describe('GET /visitor/api/preview', () => {
    let org: ChatOrg;
    let other: ChatOrg;
    beforeAll(async () => {
      org = await makeChatOrg(ctx, { agents: 1, maxThreadCount: 1 });
      other = await makeChatOrg(ctx, { agents: 1 });
    });

    it('answers what a request would, writing nothing anywhere, and follows the agent going online', async () => {
      const agent = org.agents[0] as ChatOrg['agents'][0];
      const before = await countAllRows();
      const offline = await previewOf(`org=${org.subDomain}&wid=${org.wid}`);
      expect(offline).toMatchObject({
        code: 204,
        tip: 'We are offline, leave a message',
        settings: { wid: org.wid, welcomeTip: 'Welcome!' },
      });
      expect((await previewOf(`org=${org.subDomain}&aid=${agent.uid}`)).code).toBe(204);
      await bringOnline(ctx, presence, agent);
      expect(await previewOf(`org=${org.subDomain}&wid=${org.wid}`)).toMatchObject({
        code: 200,
        tip: 'Welcome!',
      });
      expect((await previewOf(`org=${org.subDomain}&aid=${agent.uid}`)).code).toBe(200);
      // Previews of every kind later: still not one row more (no visitor, thread, message, event).
      expect(await countAllRows()).toEqual(before);

      // The agent's only place taken: a request would queue, and so says the preview.
      const visitor = await initVisitor(ctx, org.subDomain);
      expect((await requestThread(ctx, visitor.token, { wid: org.wid })).code).toBe(200);
      const busy = await countAllRows();
      // The count sees what a real request writes.
      for (const table of ['visitor', 'thread', 'message', 'thread_event'])
        expect(busy[table]).toBeGreaterThan(before[table] ?? 0);
      expect(await previewOf(`org=${org.subDomain}&wid=${org.wid}`)).toMatchObject({ code: 202 });
      expect((await previewOf(`org=${org.subDomain}&aid=${agent.uid}`)).code).toBe(202);
      expect(await countAllRows()).toEqual(busy);
    });

    it('answers 203 outside work hours', async () => {
      const hour = new Date().getUTCHours();
      const window = hour < 12 ? { start: '13:00', end: '14:00' } : { start: '01:00', end: '02:00' };
      const workTimes = JSON.stringify({
        timezone: 'UTC',
        entries: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...window })),
      });
      const closed = await makeChatOrg(ctx, { agents: 1, group: { workTimes } });
      await bringOnline(ctx, presence, closed.agents[0] as ChatOrg['agents'][0]);
      expect(await previewOf(`org=${closed.subDomain}&wid=${closed.wid}`)).toMatchObject({
        code: 203,
        tip: 'Outside working hours',
      });
    });

    it("answers -2 for another organisation's skill group or agent, 404 for an unknown organisation", async () => {
      expect(await previewOf(`org=${org.subDomain}&wid=${other.wid}`)).toEqual({
        code: -2,
        tip: '',
        settings: null,
      });
      expect((await previewOf(`org=${org.subDomain}&aid=${other.agents[0]?.uid}`)).code).toBe(-2);
      expect((await previewOf(`org=${org.subDomain}&wid=nope`)).code).toBe(-2);
      expect((await preview(`org=no-such-org&wid=${org.wid}`)).statusCode).toBe(404);
    });

    it('answers 400 naming the field without org, or without wid and aid', async () => {
      const noOrg = await preview(`wid=${org.wid}`);
      expect(noOrg.statusCode).toBe(400);
      expect(noOrg.json<Envelope<null>>().fields?.map((field) => field.field)).toContain('org');
      const neither = await preview(`org=${org.subDomain}`);
      expect(neither.statusCode).toBe(400);
      expect(neither.json<Envelope<null>>().fields?.[0]?.field).toBe('wid');
    });

    it('limits calls per address (429), without touching other addresses', async () => {
      const query = `org=${org.subDomain}&wid=${org.wid}`;
      const answers = [];
      for (let index = 0; index < 61; index += 1) answers.push((await preview(query, '10.9.9.9')).statusCode);
      expect(answers.slice(0, 60).every((status) => status === 200)).toBe(true);
      expect(answers[60]).toBe(429);
      expect((await preview(query, '10.9.9.10')).statusCode).toBe(200);
    });
  });

  describe('leftMessage', () => {
    it('marks an offline thread only once the visitor left a message in this care cycle', async () => {
      const org = await makeChatOrg(ctx, { agents: 1 });
      const agent = org.agents[0] as ChatOrg['agents'][0];
      const visitor = await initVisitor(ctx, org.subDomain);
      const silent = await initVisitor(ctx, org.subDomain);
      const result = await requestThread(ctx, visitor.token, { wid: org.wid });
      const unanswered = await requestThread(ctx, silent.token, { wid: org.wid });
      expect(result).toMatchObject({ code: 204, thread: { status: 'offline', leftMessage: false } });
      const tid = result.thread?.tid ?? '';
      const getThread = async (id: string) =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: `/api/thread/get?tid=${id}`,
            headers: bearer(org.owner.token),
          })
        ).json<Envelope<Thread>>().data;
      expect((await getThread(tid)).leftMessage).toBe(false);

      const left = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/leavemsg',
        headers: bearer(visitor.token),
        payload: { wid: org.wid, content: 'Please call me back', mobile: '+1 555 0100' },
      });
      expect(left.json<Envelope<LeaveMessage>>().status_code).toBe(200);
      expect((await getThread(tid)).leftMessage).toBe(true);
      // The records list computes it in its own query, row by row.
      const records = (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/thread/query?wid=${org.wid}`,
          headers: bearer(org.owner.token),
        })
      ).json<Envelope<{ content: Thread[] }>>().data.content;
      expect(records.find((thread) => thread.tid === tid)?.leftMessage).toBe(true);
      expect(records.find((thread) => thread.tid === unanswered.thread?.tid)?.leftMessage).toBe(false);

      // A new care cycle starts unmarked.
      await bringOnline(ctx, presence, agent);
      const again = await requestThread(ctx, visitor.token, { wid: org.wid });
      expect(again).toMatchObject({ code: 200, thread: { tid, cycle: 2, leftMessage: false } });
    });
  });
});
