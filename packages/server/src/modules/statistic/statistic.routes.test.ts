import type { Page, StatisticDrillRow, StatisticMetric, StatisticOnline } from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { beforeAll, expect, it } from 'vitest';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertMessage,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  type RecordsOrg,
  type SignedIn,
} from '../records/records.fixture.js';
import { insertThreadEvent } from '../thread/thread.repository.js';
import { rebuildRollups } from './statistic.repository.js';

/*
 * Events written through the thread module's one writer (so the live rollup hook runs), then read
 * back through the routes: figures, groupings, time zones, the previous period, rebuild = live,
 * validation, roles and tenancy.
 */

const minute = 60_000;
const hour = 60 * minute;
// Monday 2025-01-06 10:00 in Shanghai.
const t0 = Date.UTC(2025, 0, 6, 2, 0);
const shanghaiHours = JSON.stringify({
  timezone: 'Asia/Shanghai',
  entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
});

const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

await describeEachDatabase('statistic routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  let agent2: SignedIn;
  const ids = { sales: '', salesId: 0, support: '', t1: '', t2: '' };

  type Event = Parameters<typeof insertThreadEvent>[1];
  const event = (values: Event) => insertThreadEvent(ctx.database.db, values);

  const online = (query: string, token: string) =>
    getJson<StatisticOnline>(ctx, `/api/statistic/online?${query}`, token);

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const account = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: a.orgId });
    agent2 = { ...account, token: await signIn(ctx.app, account.username, account.password) };
    const sales = await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' });
    await ctx.database.db
      .updateTable('workgroup')
      .set({ work_times: shanghaiHours })
      .where('id', '=', sales.id)
      .execute();
    const support = await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' });
    const groupB = await insertWorkgroup(ctx, b.orgId, { nickname: 'B' });
    Object.assign(ids, { sales: sales.wid, salesId: sales.id, support: support.wid });
    const alice = await insertVisitor(ctx, a.orgId, { nickname: 'Alice' });
    const bob = await insertVisitor(ctx, a.orgId, { nickname: 'Bob', client: 'wap' });
    const carol = await insertVisitor(ctx, b.orgId, { nickname: 'Carol' });
    const orgId = a.orgId;
    const agentId = a.agent.userId;

    // T1, cycle 1 (Monday): queued 90 s, answered after 2 min, closed by the agent, rated 5.
    const t1 = await insertThread(ctx, { orgId, visitorId: alice.id, workgroupId: sales.id, createdAt: t0 });
    ids.t1 = t1.tid;
    const base = { orgId, threadId: t1.id, workgroupId: sales.id };
    await event({ ...base, cycle: 1, kind: 'created', at: t0 });
    await event({ ...base, cycle: 1, kind: 'queued', at: t0 });
    await event({ ...base, cycle: 1, kind: 'assigned', agentId, at: t0 + 90_000 });
    for (const offset of [10_000, 50_000, 100_000])
      await insertMessage(ctx, {
        orgId,
        threadId: t1.id,
        sender: { kind: 'visitor', visitorId: alice.id },
        createdAt: t0 + offset,
      });
    for (const offset of [120_000, 130_000])
      await insertMessage(ctx, {
        orgId,
        threadId: t1.id,
        sender: { kind: 'agent', userId: agentId },
        createdAt: t0 + offset,
      });
    await event({ ...base, cycle: 1, kind: 'first_response', agentId, at: t0 + 120_000 });
    await ctx.database.db.transaction().execute(async (trx) => {
      await insertThreadEvent(trx, {
        ...base,
        cycle: 1,
        kind: 'closed',
        agentId,
        data: { closeType: 'agent', by: agentId },
        at: t0 + 20 * minute,
      });
    });
    await event({ ...base, cycle: 1, kind: 'rated', agentId, data: { score: 5 }, at: t0 + 21 * minute });

    // T2 (Monday, wap): queued, abandoned by the visitor after 5 minutes.
    const t2 = await insertThread(ctx, {
      orgId,
      visitorId: bob.id,
      workgroupId: support.id,
      client: 'wap',
      createdAt: t0 + hour,
    });
    ids.t2 = t2.tid;
    const base2 = { orgId, threadId: t2.id, workgroupId: support.id, cycle: 1 };
    await event({ ...base2, kind: 'created', at: t0 + hour });
    await event({ ...base2, kind: 'queued', at: t0 + hour });
    await event({ ...base2, kind: 'closed', data: { closeType: 'visitor' }, at: t0 + hour + 5 * minute });

    // T1, cycle 2 (Tuesday): reopened, taken by the second agent at once, answered after 4 minutes.
    const t1b = t0 + 24 * hour;
    await event({ ...base, cycle: 2, kind: 'reopened', at: t1b });
    await event({ ...base, cycle: 2, kind: 'assigned', agentId: agent2.userId, at: t1b + 1000 });
    await event({ ...base, cycle: 2, kind: 'first_response', agentId: agent2.userId, at: t1b + 4 * minute });
    await event({
      ...base,
      cycle: 2,
      kind: 'closed',
      agentId: agent2.userId,
      data: { closeType: 'agent' },
      at: t1b + 30 * minute,
    });

    // Bob also left a message on Monday afternoon (Shanghai).
    await ctx.database.db
      .insertInto('leave_message')
      .values({
        lid: `l-${t2.tid}`,
        org_id: orgId,
        visitor_id: bob.id,
        workgroup_id: support.id,
        agent_id: null,
        content: 'Call me back',
        replied_at: null,
        replied_by: null,
        created_at: t0 + 5 * hour,
        updated_at: t0 + 5 * hour,
      })
      .execute();

    // The Sunday before (previous period): one conversation.
    const t3 = await insertThread(ctx, {
      orgId,
      visitorId: bob.id,
      workgroupId: support.id,
      createdAt: t0 - 24 * hour,
    });
    await event({
      orgId,
      threadId: t3.id,
      workgroupId: support.id,
      cycle: 1,
      kind: 'created',
      at: t0 - 24 * hour,
    });

    // Organisation B, same Monday.
    const tB = await insertThread(ctx, {
      orgId: b.orgId,
      visitorId: carol.id,
      workgroupId: groupB.id,
      createdAt: t0,
    });
    await event({
      orgId: b.orgId,
      threadId: tB.id,
      workgroupId: groupB.id,
      cycle: 1,
      kind: 'created',
      at: t0,
    });
  });

  const monday = 'from=2025-01-06&to=2025-01-07&tz=Asia/Shanghai';

  it('totals, the previous period and its change', async () => {
    const { status, body } = await online(`${monday}&groupBy=day`, a.admin.token);
    expect(status).toBe(200);
    expect(body.data.totals).toMatchObject({
      conversationsNew: 3,
      conversationsReopened: 1,
      conversationsQueued: 2,
      conversationsAccepted: 2,
      conversationsAbandoned: 1,
      abandonmentRate: 0.5,
      conversationsMissed: 1,
      conversationsClosed: 3,
      closedByAgent: 2,
      closedByVisitor: 1,
      messagesVisitor: 3,
      messagesAgent: 2,
      queueTimeAvg: 90,
      firstResponseAvg: 180,
      response1to3m: 1,
      response3to5m: 1,
      ratings: 1,
      satisfactionAvg: 5,
      satisfaction5: 1,
    });
    expect(body.data.series.map((point) => [point.key, point.values.conversationsNew])).toEqual([
      ['2025-01-06', 2],
      ['2025-01-07', 1],
    ]);
    expect(body.data.previous).toMatchObject({
      from: '2025-01-04',
      to: '2025-01-05',
      totals: { conversationsNew: 1 },
      change: { conversationsNew: 2, satisfactionAvg: null },
    });
    expect(body.data.isExact).toBe(true);
    // Distinct visitors come from the raw events: only when asked for.
    expect(body.data.metrics).not.toContain('visitors');
    const visitors = await online(`${monday}&groupBy=day&metrics=visitors`, a.admin.token);
    expect(visitors.body.data.totals).toEqual({ visitors: 2 });
    expect(visitors.body.data.series.map((point) => point.values.visitors)).toEqual([2, 1]);
    const left = await online(`${monday}&groupBy=channel&metrics=leaveMessages`, a.admin.token);
    expect(left.body.data.totals).toEqual({ leaveMessages: 1 });
    expect(
      Object.fromEntries(left.body.data.series.map((point) => [point.key, point.values.leaveMessages])),
    ).toEqual({
      wap: 1,
      web: 0,
    });
    expect(left.body.data.previous?.totals).toEqual({ leaveMessages: 0 });
  });

  it('groups by agent, skill group, channel, hour and weekday × hour', async () => {
    const byAgent = await online(
      `${monday}&groupBy=agent&metrics=conversationsAccepted,closedByAgent`,
      a.admin.token,
    );
    expect(byAgent.status).toBe(200);
    expect(byAgent.body.data.metrics).toEqual(['conversationsAccepted', 'closedByAgent']);
    const agents = Object.fromEntries(byAgent.body.data.series.map((point) => [point.key, point]));
    expect(agents[a.agent.uid]).toMatchObject({
      label: 'Agent Smith',
      values: { conversationsAccepted: 1, closedByAgent: 1 },
    });
    expect(agents[agent2.uid]?.values).toEqual({ conversationsAccepted: 1, closedByAgent: 1 });

    const byGroup = await online(`${monday}&groupBy=workgroup&metrics=conversationsNew`, a.admin.token);
    expect(
      Object.fromEntries(
        byGroup.body.data.series.map((point) => [point.label, point.values.conversationsNew]),
      ),
    ).toEqual({ Sales: 2, Support: 1 });

    const byChannel = await online(
      `${monday}&groupBy=channel&metrics=conversationsNew,visitors`,
      a.admin.token,
    );
    expect(Object.fromEntries(byChannel.body.data.series.map((point) => [point.key, point.values]))).toEqual({
      web: { conversationsNew: 2, visitors: 1 },
      wap: { conversationsNew: 1, visitors: 1 },
    });

    const heat = await online(`${monday}&groupBy=weekdayHour&metrics=conversationsNew`, a.admin.token);
    expect(heat.body.data.series).toHaveLength(168);
    const cells = Object.fromEntries(
      heat.body.data.series.map((point) => [point.key, point.values.conversationsNew]),
    );
    expect([cells['1-10'], cells['1-11'], cells['2-10'], cells['3-10']]).toEqual([1, 1, 1, 0]);

    const hours = await online(
      'from=2025-01-06&to=2025-01-06&tz=UTC&groupBy=hour&metrics=conversationsNew',
      a.admin.token,
    );
    expect(hours.body.data.series).toHaveLength(24);
    expect(hours.body.data.series[2]).toMatchObject({
      key: '2025-01-06 02:00',
      values: { conversationsNew: 1 },
    });
  });

  it('filters by skill group and channel', async () => {
    const sales = await online(
      `${monday}&wid=${ids.sales}&metrics=conversationsNew,visitors,firstResponseBusinessAvg`,
      a.admin.token,
    );
    expect(sales.body.data.totals).toEqual({
      conversationsNew: 2,
      visitors: 1,
      firstResponseBusinessAvg: 180,
    });
    const wap = await online(
      `${monday}&channel=wap&metrics=conversationsAbandoned&compare=false`,
      a.admin.token,
    );
    expect(wap.body.data.totals).toEqual({ conversationsAbandoned: 1 });
    expect(wap.body.data.previous).toBeNull();
    const both = await online(
      `${monday}&channel=web&wid=${ids.sales}&groupBy=agent&metrics=closedByAgent`,
      a.admin.token,
    );
    // Activity before anyone took the conversation (created, queued) is "none" (key '').
    expect(
      Object.fromEntries(both.body.data.series.map((point) => [point.key, point.values.closedByAgent])),
    ).toEqual({
      [a.agent.uid]: 1,
      [agent2.uid]: 1,
      '': 0,
    });
  });

  it('the rollup the hook wrote equals a rebuild from the raw events', async () => {
    const snapshot = async () =>
      (await ctx.database.db.selectFrom('statistic_hourly').selectAll().execute())
        .map((row) =>
          JSON.stringify(
            Object.entries(row).map(([key, value]) => [
              key,
              Number.isNaN(Number(value)) ? value : Number(value),
            ]),
          ),
        )
        .sort();
    const live = await snapshot();
    expect(live.length).toBeGreaterThan(0);
    const result = await rebuildRollups(ctx.database.db, { threadsPerSlice: 2 });
    expect(result.rows).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(live);
  });

  it('counts local days across a DST change', async () => {
    const orgId = b.orgId;
    const group = await insertWorkgroup(ctx, orgId, { nickname: 'DST' });
    const times = [
      Date.UTC(2025, 2, 9, 4, 30), // Sat 23:30 EST
      Date.UTC(2025, 2, 9, 5, 30), // Sun 00:30 EST
      Date.UTC(2025, 2, 10, 3, 30), // Sun 23:30 EDT
      Date.UTC(2025, 2, 10, 4, 30), // Mon 00:30 EDT
    ];
    for (const at of times) {
      const visitor = await insertVisitor(ctx, orgId);
      const thread = await insertThread(ctx, {
        orgId,
        visitorId: visitor.id,
        workgroupId: group.id,
        createdAt: at,
      });
      await event({ orgId, threadId: thread.id, workgroupId: group.id, cycle: 1, kind: 'created', at });
    }
    const { body } = await online(
      `from=2025-03-08&to=2025-03-10&tz=America/New_York&groupBy=day&wid=${group.wid}&metrics=conversationsNew,visitors`,
      b.admin.token,
    );
    expect(
      body.data.series.map((point) => [point.key, point.values.conversationsNew, point.values.visitors]),
    ).toEqual([
      ['2025-03-08', 1, 1],
      ['2025-03-09', 2, 2],
      ['2025-03-10', 1, 1],
    ]);
  });

  it('drills into the conversations behind a figure', async () => {
    const abandoned = await getJson<Page<StatisticDrillRow>>(
      ctx,
      `/api/statistic/drill?${monday}&metric=conversationsAbandoned`,
      a.admin.token,
    );
    expect(abandoned.status).toBe(200);
    expect(abandoned.body.data.content.map((row) => [row.tid, row.channel])).toEqual([[ids.t2, 'wap']]);
    const closed = await getJson<Page<StatisticDrillRow>>(
      ctx,
      `/api/statistic/drill?${monday}&metric=closedByAgent&size=1`,
      a.admin.token,
    );
    expect(closed.body.data).toMatchObject({ totalElements: 2, totalPages: 2, first: true, last: false });
    expect(closed.body.data.content[0]).toMatchObject({ tid: ids.t1, cycle: 2, agent: { uid: agent2.uid } });
    const rated = await getJson<Page<StatisticDrillRow>>(
      ctx,
      `/api/statistic/drill?${monday}&metric=satisfaction5`,
      a.admin.token,
    );
    expect(rated.body.data.content.map((row) => row.tid)).toEqual([ids.t1]);
  });

  it('exports the report as a workbook in the request language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/statistic/export?${monday}&metrics=conversationsNew,firstResponseAvg`,
      headers: { ...bearer(a.admin.token), 'accept-language': 'zh-CN' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const rows = (sheet?.getSheetValues() ?? []).filter(Boolean).map((row) => (row as unknown[]).slice(1));
    expect(rows[0]).toEqual(['时间 / 名称', '新会话', '平均首次响应时长 (s)']);
    expect(rows[rows.length - 1]).toEqual(['合计', 3, 180]);
  });

  it('describes the metrics in the request language', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/statistic/metrics',
      headers: { ...bearer(a.admin.token), 'accept-language': 'zh-CN' },
    });
    const metrics = response.json<{ data: StatisticMetric[] }>().data;
    expect(metrics.find((metric) => metric.key === 'firstResponseP90')).toMatchObject({
      unit: 'seconds',
      label: '首次响应时长（90 分位）',
      canDrill: true,
      higherIsBetter: false,
      source: 'rollup',
    });
    expect(metrics.find((metric) => metric.key === 'visitors')?.source).toBe('events');
  });

  it('answers 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['from=2025-01-06&to=2025-01-07&tz=Mars/Base', 'tz'],
      ['from=2025-02-01&to=2025-01-01', 'to'],
      ['from=2024-01-01&to=2025-12-31', 'to'],
      [`${monday}&metrics=conversationsNew,bogus`, 'metrics'],
      [`${monday}&groupBy=year`, 'groupBy'],
      ['to=2025-01-07', 'from'],
      ['from=2025-13-45&to=2025-01-07', 'from'],
    ];
    for (const [query, field] of cases) {
      const { status, body } = await online(query, a.admin.token);
      expect([query, status]).toEqual([query, 400]);
      expect(fieldsOf(body)).toContain(field);
    }
    const drill = await getJson(ctx, `/api/statistic/drill?${monday}&metric=nope`, a.admin.token);
    expect(fieldsOf(drill.body)).toEqual(['metric']);
  });

  it('needs the statistic authority', async () => {
    expect((await getJson(ctx, `/api/statistic/online?${monday}`)).status).toBe(401);
    expect((await online(monday, a.agent.token)).status).toBe(403);
    expect((await getJson(ctx, '/api/statistic/metrics', a.agent.token)).status).toBe(403);
    // A checker oversees: every agent's figures.
    const checker = await online(`${monday}&metrics=conversationsAccepted`, a.checker.token);
    expect(checker.body.data.totals).toEqual({ conversationsAccepted: 2 });
  });

  it("keeps organisations apart: B sees only its own, A's ids answer 404", async () => {
    const own = await online(`${monday}&metrics=conversationsNew`, b.admin.token);
    expect(own.body.data.totals).toEqual({ conversationsNew: 1 });
    expect((await online(`${monday}&wid=${ids.sales}`, b.admin.token)).status).toBe(404);
    expect((await online(`${monday}&uid=${a.agent.uid}`, b.admin.token)).status).toBe(404);
    const drill = await getJson<Page<StatisticDrillRow>>(
      ctx,
      `/api/statistic/drill?${monday}&metric=conversationsAbandoned`,
      b.admin.token,
    );
    expect(drill.body.data.totalElements).toBe(0);
  });

  it('an agent given the authority sees only its own figures', async () => {
    const role = await ctx.database.db
      .selectFrom('role')
      .select('id')
      .where('value', '=', 'ROLE_WORKGROUP_AGENT')
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .insertInto('role_authority')
      .values({ role_id: role.id, authority: 'statistic' })
      .execute();
    // Written past the role service, which would forget the cached sign-ins itself.
    ctx.app.services.auth.principals.forgetAll();
    const own = await online(
      `${monday}&metrics=conversationsAccepted,closedByAgent&groupBy=agent`,
      a.agent.token,
    );
    expect(own.status).toBe(200);
    expect(own.body.data.totals).toEqual({ conversationsAccepted: 1, closedByAgent: 1 });
    expect(own.body.data.series.map((point) => point.key)).toEqual([a.agent.uid]);
    expect((await online(`${monday}&uid=${agent2.uid}`, a.agent.token)).status).toBe(404);
  });
});

await describeEachDatabase(
  'statistic routes: transfer, reopen and abandonment across a DST change',
  (target) => {
    const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

    type Event = Parameters<typeof insertThreadEvent>[1];
    const event = (values: Event) => insertThreadEvent(ctx.database.db, values);
    const online = (query: string, token: string) =>
      getJson<StatisticOnline>(ctx, `/api/statistic/online?${query}`, token);

    let c: RecordsOrg;
    let other: RecordsOrg;
    let agentB: SignedIn;
    const tids = { t1: '', t2: '' };
    // Sunday 2025-11-02 in New York: 01:00–02:00 happens twice (EDT, then EST from 06:00 UTC).
    const at = (hours: number, minutes = 0, seconds = 0) => Date.UTC(2025, 10, 2, hours, minutes, seconds);
    const monday = (hours: number, minutes = 0, seconds = 0) =>
      Date.UTC(2025, 10, 3, hours, minutes, seconds);
    const sunday = 'from=2025-11-02&to=2025-11-02&tz=America/New_York';
    const twoDays = 'from=2025-11-02&to=2025-11-03&tz=America/New_York';

    beforeAll(async () => {
      c = await createRecordsOrg(ctx);
      other = await createRecordsOrg(ctx);
      const account = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: c.orgId });
      agentB = { ...account, token: await signIn(ctx.app, account.username, account.password) };
      const group = await insertWorkgroup(ctx, c.orgId, { nickname: 'New York' });
      await ctx.database.db
        .updateTable('workgroup')
        .set({
          work_times: JSON.stringify({
            timezone: 'America/New_York',
            entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '17:00' })),
          }),
        })
        .where('id', '=', group.id)
        .execute();
      const dana = await insertVisitor(ctx, c.orgId, { nickname: 'Dana' });
      const eve = await insertVisitor(ctx, c.orgId, { nickname: 'Eve', client: 'wap' });
      const orgId = c.orgId;
      const a = c.agent.userId;
      const b = agentB.userId;

      // T1 at 01:30 EDT: queued a minute, answered by A after 3 minutes, transferred to B at 01:10 EST,
      // closed by B, rated 4 (the rating names no agent: it goes to B, who serves the cycle).
      const t1 = await insertThread(ctx, {
        orgId,
        visitorId: dana.id,
        workgroupId: group.id,
        createdAt: at(5, 30),
      });
      tids.t1 = t1.tid;
      const one = { orgId, threadId: t1.id, workgroupId: group.id, cycle: 1 };
      await event({ ...one, kind: 'created', at: at(5, 30) });
      await event({ ...one, kind: 'queued', at: at(5, 30) });
      await event({ ...one, kind: 'assigned', agentId: a, at: at(5, 31) });
      await insertMessage(ctx, {
        orgId,
        threadId: t1.id,
        sender: { kind: 'visitor', visitorId: dana.id },
        createdAt: at(5, 32),
      });
      await insertMessage(ctx, {
        orgId,
        threadId: t1.id,
        sender: { kind: 'agent', userId: a },
        createdAt: at(5, 33),
      });
      await event({ ...one, kind: 'first_response', agentId: a, at: at(5, 33) });
      await event({ ...one, kind: 'transferred', agentId: b, data: { from: c.agent.uid }, at: at(6, 10) });
      await insertMessage(ctx, {
        orgId,
        threadId: t1.id,
        sender: { kind: 'agent', userId: b },
        createdAt: at(6, 20),
      });
      await event({ ...one, kind: 'closed', agentId: b, data: { closeType: 'agent', by: b }, at: at(6, 40) });
      await event({ ...one, kind: 'rated', data: { score: 4 }, at: at(6, 45) });

      // T2 at 01:30 EST (wap): queued, given up after 5 minutes; reopened on Monday at 09:00 and served by A.
      const t2 = await insertThread(ctx, {
        orgId,
        visitorId: eve.id,
        workgroupId: group.id,
        client: 'wap',
        createdAt: at(6, 30),
      });
      tids.t2 = t2.tid;
      const two = { orgId, threadId: t2.id, workgroupId: group.id };
      await event({ ...two, cycle: 1, kind: 'created', at: at(6, 30) });
      await event({ ...two, cycle: 1, kind: 'queued', at: at(6, 30) });
      await event({ ...two, cycle: 1, kind: 'closed', data: { closeType: 'visitor' }, at: at(6, 35) });
      await event({ ...two, cycle: 2, kind: 'reopened', at: monday(14) });
      await event({ ...two, cycle: 2, kind: 'assigned', agentId: a, at: monday(14, 0, 30) });
      await event({ ...two, cycle: 2, kind: 'first_response', agentId: a, at: monday(14, 5) });
      await event({
        ...two,
        cycle: 2,
        kind: 'closed',
        agentId: a,
        data: { closeType: 'agent' },
        at: monday(14, 20),
      });

      // Another organisation, same hours: never in C's figures, untouched by C's rebuild.
      const groupOther = await insertWorkgroup(ctx, other.orgId, { nickname: 'Elsewhere' });
      const visitorOther = await insertVisitor(ctx, other.orgId, { nickname: 'Zed' });
      const tOther = await insertThread(ctx, {
        orgId: other.orgId,
        visitorId: visitorOther.id,
        workgroupId: groupOther.id,
        createdAt: at(5, 40),
      });
      await event({
        orgId: other.orgId,
        threadId: tOther.id,
        workgroupId: groupOther.id,
        cycle: 1,
        kind: 'created',
        at: at(5, 40),
      });
    });

    it('the repeated hour: both 01:30s land in local 01:00, two UTC hours apart', async () => {
      const metrics = 'metrics=conversationsNew,conversationsTransferred,conversationsAbandoned';
      const local = await online(`${sunday}&groupBy=hour&${metrics}`, c.admin.token);
      expect(local.status).toBe(200);
      expect(local.body.data.series).toHaveLength(24);
      const busy = local.body.data.series.filter((point) =>
        Object.values(point.values).some((value) => (value ?? 0) > 0),
      );
      expect(busy.map((point) => [point.key, point.values])).toEqual([
        ['2025-11-02 01:00', { conversationsNew: 2, conversationsTransferred: 1, conversationsAbandoned: 1 }],
      ]);
      const utc = await online(`from=2025-11-02&to=2025-11-02&tz=UTC&groupBy=hour&${metrics}`, c.admin.token);
      expect(
        utc.body.data.series
          .filter((point) => (point.values.conversationsNew ?? 0) > 0)
          .map((point) => point.key),
      ).toEqual(['2025-11-02 05:00', '2025-11-02 06:00']);
      // The local day is 25 hours long and holds both conversations.
      expect(local.body.data.totals.conversationsNew).toBe(2);
    });

    it('days, weekday × hour and the totals in New York time', async () => {
      const days = await online(
        `${twoDays}&groupBy=day&metrics=conversationsNew,conversationsReopened`,
        c.admin.token,
      );
      expect(days.body.data.series.map((point) => [point.key, point.values])).toEqual([
        ['2025-11-02', { conversationsNew: 2, conversationsReopened: 0 }],
        ['2025-11-03', { conversationsNew: 1, conversationsReopened: 1 }],
      ]);
      const heat = await online(`${twoDays}&groupBy=weekdayHour&metrics=conversationsNew`, c.admin.token);
      const cells = heat.body.data.series.filter((point) => (point.values.conversationsNew ?? 0) > 0);
      expect(cells.map((point) => [point.key, point.values.conversationsNew])).toEqual([
        ['1-09', 1],
        ['7-01', 2],
      ]);
      const { body } = await online(twoDays, c.admin.token);
      expect(body.data.totals).toMatchObject({
        conversationsNew: 3,
        conversationsReopened: 1,
        conversationsQueued: 2,
        conversationsAbandoned: 1,
        abandonmentRate: 0.5,
        conversationsMissed: 1,
        conversationsAccepted: 2,
        conversationsTransferred: 1,
        conversationsClosed: 3,
        closedByAgent: 2,
        closedByVisitor: 1,
        messagesVisitor: 1,
        messagesAgent: 2,
        queueTimeAvg: 60,
        // T1: 3 min; T2's second cycle: 5 min from the reopening.
        firstResponseAvg: (180 + 300) / 2,
        // T1 was on a Sunday (0 open seconds); T2's second cycle was inside Monday's hours.
        firstResponseBusinessAvg: (0 + 300) / 2,
        resolutionTimeBusinessAvg: (0 + 20 * 60) / 2,
        ratings: 1,
        satisfactionAvg: 4,
      });
    });

    it('the transfer counts for the agent who took over, with the rating and the close', async () => {
      const { body } = await online(
        `${twoDays}&groupBy=agent&metrics=conversationsAccepted,conversationsTransferred,closedByAgent,ratings,firstResponseAvg`,
        c.admin.token,
      );
      const byAgent = Object.fromEntries(body.data.series.map((point) => [point.key, point.values]));
      expect(byAgent[c.agent.uid]).toEqual({
        conversationsAccepted: 2,
        conversationsTransferred: 0,
        closedByAgent: 1,
        ratings: 0,
        firstResponseAvg: 240,
      });
      expect(byAgent[agentB.uid]).toEqual({
        conversationsAccepted: 0,
        conversationsTransferred: 1,
        closedByAgent: 1,
        ratings: 1,
        firstResponseAvg: null,
      });
      const drill = await getJson<Page<StatisticDrillRow>>(
        ctx,
        `/api/statistic/drill?${twoDays}&metric=conversationsTransferred`,
        c.admin.token,
      );
      expect(drill.body.data.content.map((row) => [row.tid, row.agent?.uid])).toEqual([
        [tids.t1, agentB.uid],
      ]);
      const abandoned = await getJson<Page<StatisticDrillRow>>(
        ctx,
        `/api/statistic/drill?${twoDays}&metric=conversationsAbandoned`,
        c.admin.token,
      );
      expect(abandoned.body.data.content.map((row) => [row.tid, row.cycle, row.visitor?.nickname])).toEqual([
        [tids.t2, 1, 'Eve'],
      ]);
      // The other organisation sees none of it, and C's agent ids are not its own.
      const theirs = await online(`${twoDays}&metrics=conversationsNew`, other.admin.token);
      expect(theirs.body.data.totals).toEqual({ conversationsNew: 1 });
      expect((await online(`${twoDays}&uid=${agentB.uid}`, other.admin.token)).status).toBe(404);
    });

    it("rebuilding one organisation's rollups from its raw events gives the rows the hook wrote", async () => {
      const snapshot = async (orgId: number, isOwn: boolean) =>
        (
          await ctx.database.db
            .selectFrom('statistic_hourly')
            .selectAll()
            .where('org_id', isOwn ? '=' : '<>', orgId)
            .execute()
        )
          .map((row) => JSON.stringify(Object.values(row).map(String)))
          .sort();
      const live = await snapshot(c.orgId, true);
      const others = await snapshot(c.orgId, false);
      expect(live.length).toBeGreaterThan(0);
      expect(others.length).toBeGreaterThan(0);
      // Wipe C's rows first, so the rebuild cannot pass by leaving them in place.
      await ctx.database.db.deleteFrom('statistic_hourly').where('org_id', '=', c.orgId).execute();
      const result = await rebuildRollups(ctx.database.db, { orgId: c.orgId, threadsPerSlice: 1 });
      // T1's seven events and T2's seven (two cycles).
      expect(result).toMatchObject({ threads: 2, events: 14 });
      expect(await snapshot(c.orgId, true)).toEqual(live);
      expect(await snapshot(c.orgId, false)).toEqual(others);
    });
  },
);
