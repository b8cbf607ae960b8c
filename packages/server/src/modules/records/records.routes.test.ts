import type {
  Message,
  Page,
  Rate,
  RateSummary,
  Thread,
  ThreadSummary,
  ThreadTranscript,
} from '@openkefu/contract';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertMessage,
  insertRate,
  insertSummary,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  type RecordsOrg,
} from './records.fixture.js';

const day = 24 * 60 * 60 * 1000;
const t0 = Date.UTC(2025, 0, 1, 8, 0, 0);

await describeEachDatabase('conversation records routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  const ids = {
    sales: '',
    support: '',
    groupB: '',
    alice: '',
    bob: '',
    t1: '',
    t2: '',
    t3: '',
    tB: '',
    t3Id: 0,
    aliceId: 0,
  };

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const sales = await insertWorkgroup(ctx, a.orgId, { nickname: 'Sales' });
    const support = await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' });
    const groupB = await insertWorkgroup(ctx, b.orgId, { nickname: 'B team' });
    const alice = await insertVisitor(ctx, a.orgId, { nickname: 'Alice Visitor' });
    const bob = await insertVisitor(ctx, a.orgId, { nickname: 'Bob 访客', client: 'wap' });
    const carol = await insertVisitor(ctx, b.orgId, { nickname: 'Carol' });

    const t1 = await insertThread(ctx, {
      orgId: a.orgId,
      visitorId: alice.id,
      workgroupId: sales.id,
      agentId: a.agent.userId,
      status: 'closed',
      createdAt: t0,
      content: '好的，请稍等',
    });
    const t2 = await insertThread(ctx, {
      orgId: a.orgId,
      visitorId: bob.id,
      workgroupId: support.id,
      status: 'queuing',
      client: 'wap',
      createdAt: t0 + day,
    });
    const t3 = await insertThread(ctx, {
      orgId: a.orgId,
      visitorId: alice.id,
      workgroupId: sales.id,
      agentId: a.agent.userId,
      status: 'chatting',
      createdAt: t0 + 2 * day,
    });
    const tB = await insertThread(ctx, {
      orgId: b.orgId,
      visitorId: carol.id,
      workgroupId: groupB.id,
      agentId: b.agent.userId,
      status: 'chatting',
      createdAt: t0 + day,
    });
    Object.assign(ids, {
      sales: sales.wid,
      support: support.wid,
      groupB: groupB.wid,
      alice: alice.vid,
      bob: bob.vid,
      t1: t1.tid,
      t2: t2.tid,
      t3: t3.tid,
      tB: tB.tid,
      t3Id: t3.id,
      aliceId: alice.id,
    });

    const fromAlice = { kind: 'visitor', visitorId: alice.id } as const;
    const fromAgent = { kind: 'agent', userId: a.agent.userId } as const;
    await insertMessage(ctx, {
      orgId: a.orgId,
      threadId: t1.id,
      sender: fromAlice,
      content: '我想申请退款，订单号 A1024',
      createdAt: t0 + 1000,
    });
    await insertMessage(ctx, {
      orgId: a.orgId,
      threadId: t1.id,
      sender: fromAgent,
      content: '好的，请稍等',
      createdAt: t0 + 2000,
    });
    await insertMessage(ctx, {
      orgId: a.orgId,
      threadId: t1.id,
      sender: fromAlice,
      type: 'image',
      imageUrl: 'https://files.example/receipt.png',
      thumbUrl: 'https://files.example/receipt-thumb.png',
      createdAt: t0 + 3000,
    });
    await insertMessage(ctx, {
      orgId: a.orgId,
      threadId: t1.id,
      sender: { kind: 'system' },
      type: 'notification_invite_rate',
      createdAt: t0 + 4000,
    });
    await insertMessage(ctx, {
      orgId: a.orgId,
      threadId: t3.id,
      sender: fromAlice,
      content: 'Hello, I need a REFUND for my iPhone手机',
      createdAt: t0 + 2 * day + 1000,
    });
    await insertMessage(ctx, {
      orgId: b.orgId,
      threadId: tB.id,
      sender: { kind: 'visitor', visitorId: carol.id },
      content: '我想申请退款 refund',
      createdAt: t0 + day + 1000,
    });

    await insertRate(ctx, {
      orgId: a.orgId,
      threadId: t1.id,
      visitorId: alice.id,
      agentId: a.agent.userId,
      score: 5,
      note: 'Very helpful',
      createdAt: t0 + 700_000,
    });
    await insertRate(ctx, {
      orgId: a.orgId,
      threadId: t3.id,
      visitorId: alice.id,
      agentId: a.agent.userId,
      score: 2,
      createdAt: t0 + 2 * day + 700_000,
    });
    await insertRate(ctx, {
      orgId: b.orgId,
      threadId: tB.id,
      visitorId: carol.id,
      agentId: b.agent.userId,
      score: 1,
      createdAt: t0 + day,
    });

    await insertSummary(ctx, {
      orgId: a.orgId,
      threadId: t1.id,
      agentId: a.agent.userId,
      category: '退款',
      content: 'Refund processed for A1024',
      createdAt: t0 + 600_000,
    });
    await insertSummary(ctx, {
      orgId: a.orgId,
      threadId: t3.id,
      agentId: a.agent.userId,
      category: 'Shipping',
      content: 'Asked about DELIVERY times',
      createdAt: t0 + 2 * day + 600_000,
    });
    await insertSummary(ctx, {
      orgId: b.orgId,
      threadId: tB.id,
      agentId: b.agent.userId,
      category: 'Secret',
      content: 'Other organisation',
      createdAt: t0 + day,
    });
  });

  const tids = (page: Page<Thread>) => page.content.map((thread) => thread.tid);
  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  describe('GET /api/thread/query', () => {
    it('pages the organisation’s conversations newest first with visitor, agent and skill group', async () => {
      const { status, body } = await getJson<Page<Thread>>(
        ctx,
        '/api/thread/query?client=web',
        a.admin.token,
      );
      expect(status).toBe(200);
      expect(tids(body.data)).toEqual([ids.t3, ids.t2, ids.t1]);
      expect(body.data.totalElements).toBe(3);
      const first = body.data.content[2];
      expect(first).toMatchObject({
        tid: ids.t1,
        status: 'closed',
        closeType: 'agent',
        visitor: { vid: ids.alice, nickname: 'Alice Visitor' },
        agent: { uid: a.agent.uid, nickname: 'Agent Smith' },
        workgroup: { wid: ids.sales, nickname: 'Sales' },
        createdAt: t0,
        seq: 4,
      });
      expect(body.data.content[1]).toMatchObject({ tid: ids.t2, agent: null, status: 'queuing' });
    });

    it('filters by status, skill group, agent, visitor, channel and time, and pages', async () => {
      const query = async (params: string) =>
        tids((await getJson<Page<Thread>>(ctx, `/api/thread/query?${params}`, a.admin.token)).body.data);
      expect(await query('status=queuing')).toEqual([ids.t2]);
      expect(await query(`wid=${ids.sales}`)).toEqual([ids.t3, ids.t1]);
      expect(await query(`uid=${a.agent.uid}`)).toEqual([ids.t3, ids.t1]);
      expect(await query('visitor=ALICE')).toEqual([ids.t3, ids.t1]);
      expect(await query(`visitor=${encodeURIComponent('访客')}`)).toEqual([ids.t2]);
      expect(await query(`visitor=${ids.bob}`)).toEqual([ids.t2]);
      expect(await query('threadClient=wap')).toEqual([ids.t2]);
      expect(await query(`from=${t0 + 1}&to=${t0 + day}`)).toEqual([ids.t2]);
      expect(await query('visitor=%25')).toEqual([]);
      const paged = await getJson<Page<Thread>>(ctx, '/api/thread/query?page=1&size=1', a.admin.token);
      expect(tids(paged.body.data)).toEqual([ids.t2]);
      expect(paged.body.data).toMatchObject({ totalPages: 3, number: 1, first: false, last: false });
    });

    it("never shows another organisation's conversations, even by its ids", async () => {
      const query = async (params: string) =>
        tids((await getJson<Page<Thread>>(ctx, `/api/thread/query?${params}`, a.admin.token)).body.data);
      expect(await query(`wid=${ids.groupB}`)).toEqual([]);
      expect(await query(`uid=${b.agent.uid}`)).toEqual([]);
      const ofB = await getJson<Page<Thread>>(ctx, '/api/thread/query', b.admin.token);
      expect(tids(ofB.body.data)).toEqual([ids.tB]);
    });

    it('answers 400 naming the field, 401 without a session and 403 without kefu.thread', async () => {
      const bad = await getJson(ctx, '/api/thread/query?status=lost&size=1000', a.admin.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['status', 'size']));
      expect(
        fieldsOf((await getJson(ctx, '/api/thread/query?threadClient=fax', a.admin.token)).body),
      ).toEqual(['threadClient']);
      expect((await getJson(ctx, '/api/thread/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/thread/query', a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/thread/query', a.agent.token)).status).toBe(200);
    });
  });

  describe('GET /api/thread/transcript', () => {
    it('returns the thread and every message in ascending seq', async () => {
      const { status, body } = await getJson<ThreadTranscript>(
        ctx,
        `/api/thread/transcript?tid=${ids.t1}`,
        a.agent.token,
      );
      expect(status).toBe(200);
      expect(body.data.thread).toMatchObject({ tid: ids.t1, visitor: { vid: ids.alice } });
      expect(body.data.messages.map((message) => [message.seq, message.type])).toEqual([
        [1, 'text'],
        [2, 'text'],
        [3, 'image'],
        [4, 'notification_invite_rate'],
      ]);
      expect(body.data.messages[0]).toMatchObject({
        content: '我想申请退款，订单号 A1024',
        sender: { kind: 'visitor', id: ids.alice, nickname: 'Alice Visitor' },
      });
      expect(body.data.messages[1]?.sender).toMatchObject({ kind: 'agent', id: a.agent.uid });
      expect(body.data.messages[2]).toMatchObject({ thumbUrl: 'https://files.example/receipt-thumb.png' });
    });

    it('gives a queuing thread its queue position', async () => {
      const { body } = await getJson<ThreadTranscript>(
        ctx,
        `/api/thread/transcript?tid=${ids.t2}`,
        a.admin.token,
      );
      expect(body.data).toMatchObject({ thread: { status: 'queuing', queuePosition: 1 }, messages: [] });
    });

    it('answers 404 for an unknown and for another organisation’s tid, 400, 401 and 403', async () => {
      const unknown = await getJson(ctx, '/api/thread/transcript?tid=nope', a.admin.token);
      expect(unknown.status).toBe(404);
      expect((await getJson(ctx, `/api/thread/transcript?tid=${ids.tB}`, a.admin.token)).status).toBe(404);
      const missing = await getJson(ctx, '/api/thread/transcript', a.admin.token);
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing.body)).toEqual(['tid']);
      expect((await getJson(ctx, `/api/thread/transcript?tid=${ids.t1}`)).status).toBe(401);
      expect((await getJson(ctx, `/api/thread/transcript?tid=${ids.t1}`, a.checker.token)).status).toBe(403);
    });
  });

  describe('GET /api/thread/export', () => {
    const download = (params: string, token: string, language = 'en-US') =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/thread/export?${params}`,
        headers: { ...bearer(token), 'accept-language': language },
      });

    const readSheet = async (payload: Buffer) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(payload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const rows: (string | number | null)[][] = [];
      sheet.eachRow((row) => {
        rows.push((row.values as (string | number | null)[]).slice(1));
      });
      return { name: sheet.name, rows };
    };

    it('downloads the filtered conversations as a dated .xlsx in the asked time zone and language', async () => {
      const response = await download('timezone=Asia/Shanghai', a.admin.token, 'zh-CN');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      );
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="conversations-\d{8}-\d{6}\.xlsx"; filename\*=UTF-8''%E4%BC%9A%E8%AF%9D%E8%AE%B0%E5%BD%95-\d{8}-\d{6}\.xlsx$/,
      );
      expect(response.headers['x-export-rows']).toBe('3');
      expect(response.headers['x-total-count']).toBe('3');
      const sheet = await readSheet(response.rawPayload);
      expect(sheet.name).toBe('会话记录');
      expect(sheet.rows[0]?.slice(0, 3)).toEqual(['会话ID', '创建时间', '状态']);
      expect(sheet.rows.slice(1).map((row) => row[0])).toEqual([ids.t3, ids.t2, ids.t1]);
      const t1Row = sheet.rows[3] ?? [];
      // 08:00 UTC is 16:00 in Shanghai.
      expect(t1Row.slice(1, 8)).toEqual([
        '2025-01-01 16:00:00',
        '已结束',
        'Alice Visitor',
        ids.alice,
        '网页',
        'Sales',
        'Agent Smith',
      ]);
      // First response 15 s after acceptance, closed ten minutes after creation, rated 5, summarised.
      expect(t1Row.slice(9, 18)).toEqual([
        15,
        '2025-01-01 16:10:00',
        9.9,
        '客服关闭',
        4,
        5,
        '退款',
        'Refund processed for A1024',
        '好的，请稍等',
      ]);
    });

    it('applies the filters of the list and writes UTC by default', async () => {
      const response = await download('status=queuing', a.admin.token);
      const sheet = await readSheet(response.rawPayload);
      expect(sheet.rows[0]?.[0]).toBe('Conversation ID');
      expect(sheet.rows.slice(1).map((row) => [row[0], row[1], row[2]])).toEqual([
        [ids.t2, '2025-01-02 08:00:00', 'Queuing'],
      ]);
      const ofOther = await readSheet((await download(`wid=${ids.groupB}`, a.admin.token)).rawPayload);
      expect(ofOther.rows).toHaveLength(1);
    });

    it('answers 400 for a bad time zone, 401, and 403 to roles without the export action', async () => {
      const bad = await download('timezone=Mars/Olympus', a.admin.token);
      expect(bad.statusCode).toBe(400);
      expect(fieldsOf(bad.json())).toEqual(['timezone']);
      expect((await ctx.app.inject({ method: 'GET', url: '/api/thread/export' })).statusCode).toBe(401);
      // Agents may list conversations but not export them (no `export` action by default).
      expect((await download('', a.agent.token)).statusCode).toBe(403);
      expect((await download('', a.checker.token)).statusCode).toBe(403);
    });
  });

  describe('GET /api/thread/monitor', () => {
    it('lists the ongoing conversations of the organisation, the longest-running first', async () => {
      const { status, body } = await getJson<Page<Thread>>(ctx, '/api/thread/monitor', a.admin.token);
      expect(status).toBe(200);
      expect(tids(body.data)).toEqual([ids.t2, ids.t3]);
      expect(body.data.content[0]).toMatchObject({ status: 'queuing', queuePosition: 1 });
      expect(body.data.content[1]).toMatchObject({ status: 'chatting', queuePosition: null });
      const chatting = await getJson<Page<Thread>>(ctx, '/api/thread/monitor?status=chatting', a.admin.token);
      expect(tids(chatting.body.data)).toEqual([ids.t3]);
      const bySupport = await getJson<Page<Thread>>(
        ctx,
        `/api/thread/monitor?wid=${ids.support}`,
        a.admin.token,
      );
      expect(tids(bySupport.body.data)).toEqual([ids.t2]);
      const ofB = await getJson<Page<Thread>>(ctx, '/api/thread/monitor', b.admin.token);
      expect(tids(ofB.body.data)).toEqual([ids.tB]);
    });

    it('answers 400 for a finished status, 401 and 403', async () => {
      const bad = await getJson(ctx, '/api/thread/monitor?status=closed', a.admin.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['status']);
      expect((await getJson(ctx, `/api/thread/monitor?wid=${ids.groupB}`, a.admin.token)).body).toMatchObject(
        {
          data: { content: [], totalElements: 0 },
        },
      );
      expect((await getJson(ctx, '/api/thread/monitor')).status).toBe(401);
      expect((await getJson(ctx, '/api/thread/monitor', a.checker.token)).status).toBe(403);
    });
  });

  describe('GET /api/message/query', () => {
    const search = async (params: string, token = a.admin.token) =>
      (await getJson<Page<Message>>(ctx, `/api/message/query?${params}`, token)).body.data;
    const contents = (page: Page<Message>) => page.content.map((message) => message.content);
    const keyword = (value: string) => `keyword=${encodeURIComponent(value)}`;

    it('lists every message of the organisation newest first without a keyword', async () => {
      const page = await search('');
      expect(page.totalElements).toBe(5);
      expect(page.content[0]).toMatchObject({
        tid: ids.t3,
        content: 'Hello, I need a REFUND for my iPhone手机',
      });
      expect(page.content.map((message) => message.tid)).not.toContain(ids.tB);
    });

    it('finds Chinese by two characters, by one, and by a longer phrase — never across organisations', async () => {
      expect(contents(await search(keyword('退款')))).toEqual(['我想申请退款，订单号 A1024']);
      expect(contents(await search(keyword('款')))).toEqual(['我想申请退款，订单号 A1024']);
      expect(contents(await search(keyword('申请退款')))).toEqual(['我想申请退款，订单号 A1024']);
      expect(contents(await search(keyword('稍')))).toEqual(['好的，请稍等']);
      // The pair 退申 does not occur: characters out of order do not match.
      expect(contents(await search(keyword('退申')))).toEqual([]);
      expect(contents(await search(keyword('退款'), b.admin.token))).toEqual(['我想申请退款 refund']);
    });

    it('finds English whole words case-insensitively, and mixed Latin and Chinese', async () => {
      expect(contents(await search(keyword('refund')))).toEqual(['Hello, I need a REFUND for my iPhone手机']);
      expect(contents(await search(keyword('Refund')))).toEqual(['Hello, I need a REFUND for my iPhone手机']);
      expect(contents(await search(keyword('refunds')))).toEqual([]);
      expect(contents(await search(keyword('iphone 手机')))).toEqual([
        'Hello, I need a REFUND for my iPhone手机',
      ]);
      expect(contents(await search(keyword('iPhone手机')))).toEqual([
        'Hello, I need a REFUND for my iPhone手机',
      ]);
      expect(contents(await search(keyword('a1024 退款')))).toEqual(['我想申请退款，订单号 A1024']);
      expect(contents(await search(keyword('refund 退款')))).toEqual([]);
      // Punctuation only: matched as plain text.
      expect(contents(await search(keyword('，')))).toEqual(['好的，请稍等', '我想申请退款，订单号 A1024']);
    });

    it('narrows by type, conversation and time', async () => {
      const images = await search('type=image');
      expect(images.content.map((message) => message.imageUrl)).toEqual([
        'https://files.example/receipt.png',
      ]);
      expect((await search(`type=image&${keyword('退款')}`)).content).toEqual([]);
      expect((await search(`tid=${ids.t3}`)).totalElements).toBe(1);
      expect((await search(`tid=${ids.tB}`)).totalElements).toBe(0);
      expect(contents(await search(`from=${t0 + 1500}&to=${t0 + 2500}`))).toEqual(['好的，请稍等']);
    });

    it('indexes what the message service stores', async () => {
      const alice = await ctx.database.db
        .selectFrom('visitor')
        .select(['id', 'vid', 'nickname', 'avatar', 'client'])
        .where('vid', '=', ids.alice)
        .executeTakeFirstOrThrow();
      await ctx.app.services.messages.send(
        {
          kind: 'visitor',
          orgId: a.orgId,
          visitorId: alice.id,
          vid: alice.vid,
          nickname: alice.nickname,
          avatar: alice.avatar,
          client: alice.client,
        },
        { tid: ids.t3, localId: 'search-1', type: 'text', content: '什么时候发货？Shipping please' },
      );
      expect(contents(await search(keyword('发货')))).toEqual(['什么时候发货？Shipping please']);
      expect(contents(await search(keyword('shipping')))).toEqual(['什么时候发货？Shipping please']);
    });

    it('answers 400 naming the field, 401 and 403', async () => {
      const bad = await getJson(
        ctx,
        `/api/message/query?type=telegram&${keyword('x'.repeat(101))}`,
        a.admin.token,
      );
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(expect.arrayContaining(['type', 'keyword']));
      expect((await getJson(ctx, '/api/message/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/message/query', a.checker.token)).status).toBe(403);
    });

    it('drops index rows with their messages', async () => {
      const visitor = await insertVisitor(ctx, b.orgId);
      const thread = await insertThread(ctx, { orgId: b.orgId, visitorId: visitor.id });
      await insertMessage(ctx, {
        orgId: b.orgId,
        threadId: thread.id,
        sender: { kind: 'visitor', visitorId: visitor.id },
        content: 'ephemeral 短暂',
      });
      const indexed = async () =>
        Number(
          (
            await sql<{
              count: number | string;
            }>`select count(*) as count from message_search where tokens like ${'%ephemeral%'}`.execute(
              ctx.database.db,
            )
          ).rows[0]?.count,
        );
      expect(await indexed()).toBe(1);
      await ctx.database.db.deleteFrom('thread').where('id', '=', thread.id).execute();
      expect(await indexed()).toBe(0);
    });
  });

  describe('GET /api/rate/query and /api/rate/summary', () => {
    it('pages the ratings newest first with thread, visitor and agent', async () => {
      const { status, body } = await getJson<Page<Rate>>(ctx, '/api/rate/query', a.admin.token);
      expect(status).toBe(200);
      expect(body.data.content.map((rate) => [rate.tid, rate.score])).toEqual([
        [ids.t3, 2],
        [ids.t1, 5],
      ]);
      expect(body.data.content[1]).toMatchObject({
        note: 'Very helpful',
        invite: false,
        auto: false,
        visitor: { vid: ids.alice },
        agent: { uid: a.agent.uid, nickname: 'Agent Smith' },
      });
      const fives = await getJson<Page<Rate>>(ctx, '/api/rate/query?score=5', a.admin.token);
      expect(fives.body.data.content.map((rate) => rate.tid)).toEqual([ids.t1]);
      const ofAgent = await getJson<Page<Rate>>(ctx, `/api/rate/query?uid=${b.agent.uid}`, a.admin.token);
      expect(ofAgent.body.data.totalElements).toBe(0);
    });

    it('averages every rating the filter matches, with the count of each score', async () => {
      const { body } = await getJson<RateSummary>(ctx, '/api/rate/summary', a.admin.token);
      expect(body.data).toEqual({
        average: 3.5,
        count: 2,
        distribution: [
          { score: 1, count: 0 },
          { score: 2, count: 1 },
          { score: 3, count: 0 },
          { score: 4, count: 0 },
          { score: 5, count: 1 },
        ],
      });
      const none = await getJson<RateSummary>(ctx, `/api/rate/summary?to=${t0}`, a.admin.token);
      expect(none.body.data).toMatchObject({ average: null, count: 0 });
      const ofB = await getJson<RateSummary>(ctx, '/api/rate/summary', b.admin.token);
      expect(ofB.body.data).toMatchObject({ average: 1, count: 1 });
    });

    it('answers 400 naming the field, 401 and 403', async () => {
      const bad = await getJson(ctx, '/api/rate/query?score=9', a.admin.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['score']);
      expect(fieldsOf((await getJson(ctx, '/api/rate/summary?from=yesterday', a.admin.token)).body)).toEqual([
        'from',
      ]);
      expect((await getJson(ctx, '/api/rate/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/rate/summary')).status).toBe(401);
      expect((await getJson(ctx, '/api/rate/query', a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/rate/summary', a.checker.token)).status).toBe(403);
    });
  });

  describe('GET /api/summary/query and /api/summary/categories', () => {
    it('pages the summaries newest first, filterable by category, keyword and agent', async () => {
      const query = async (params: string) =>
        (await getJson<Page<ThreadSummary>>(ctx, `/api/summary/query?${params}`, a.admin.token)).body.data;
      const all = await query('');
      expect(all.content.map((summary) => [summary.tid, summary.category])).toEqual([
        [ids.t3, 'Shipping'],
        [ids.t1, '退款'],
      ]);
      expect(all.content[1]).toMatchObject({
        content: 'Refund processed for A1024',
        agent: { uid: a.agent.uid },
        visitor: { vid: ids.alice },
      });
      expect((await query(`category=${encodeURIComponent('退款')}`)).content.map((s) => s.tid)).toEqual([
        ids.t1,
      ]);
      expect((await query('keyword=delivery')).content.map((s) => s.tid)).toEqual([ids.t3]);
      expect((await query(`uid=${a.agent.uid}`)).totalElements).toBe(2);
      expect((await query('category=Secret')).totalElements).toBe(0);
    });

    it('lists the distinct categories of the organisation', async () => {
      const { status, body } = await getJson<string[]>(ctx, '/api/summary/categories', a.admin.token);
      expect(status).toBe(200);
      expect(body.data).toEqual(['Shipping', '退款']);
      expect((await getJson<string[]>(ctx, '/api/summary/categories', b.admin.token)).body.data).toEqual([
        'Secret',
      ]);
    });

    it('answers 400 naming the field, 401 and 403', async () => {
      const bad = await getJson(ctx, '/api/summary/query?size=0', a.admin.token);
      expect(bad.status).toBe(400);
      expect(fieldsOf(bad.body)).toEqual(['size']);
      expect((await getJson(ctx, '/api/summary/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/summary/categories')).status).toBe(401);
      expect((await getJson(ctx, '/api/summary/query', a.checker.token)).status).toBe(403);
      expect((await getJson(ctx, '/api/summary/categories', a.checker.token)).status).toBe(403);
    });
  });
});
