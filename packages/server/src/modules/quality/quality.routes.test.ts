import type {
  Page,
  QualityDetail,
  QualityInspection,
  QualityRule,
  QualityScheme,
  QualityStatistic,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertMessage,
  insertRate,
  insertThread,
  insertVisitor,
  insertWorkgroup,
  postJson,
  type RecordsOrg,
  type SignedIn,
} from '../records/records.fixture.js';
import { computeFacts, weekOf } from './quality.service.js';

await describeEachDatabase('quality routes', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });
  let a: RecordsOrg;
  let b: RecordsOrg;
  let otherAgent: SignedIn;

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    const account = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: a.orgId });
    otherAgent = { ...account, token: await signIn(ctx.app, account.username, account.password) };
  });

  const fieldsOf = (body: { fields?: { field: string }[] }) => body.fields?.map((field) => field.field) ?? [];

  /** A closed conversation of org's agent (10 minutes long, first response after 15 s). */
  const closedThread = async (org: RecordsOrg, options: { agentId?: number; workgroupId?: number } = {}) => {
    const visitor = await insertVisitor(ctx, org.orgId, { nickname: 'Vera' });
    const thread = await insertThread(ctx, {
      orgId: org.orgId,
      visitorId: visitor.id,
      agentId: options.agentId ?? org.agent.userId,
      workgroupId: options.workgroupId ?? null,
      createdAt: Date.now() - 3_600_000,
    });
    return { ...thread, visitorId: visitor.id };
  };

  describe('schemes', () => {
    it('seeds the default scheme (30/40/20/10) on first use, in the caller’s language', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/quality/scheme/query',
        headers: { ...bearer(a.checker.token), 'accept-language': 'zh-CN' },
      });
      expect(response.statusCode).toBe(200);
      const schemes = response.json<{ data: QualityScheme[] }>().data;
      expect(schemes).toHaveLength(1);
      expect(schemes[0]).toMatchObject({ isDefault: true, passMark: 60, name: '默认方案' });
      expect(schemes[0]?.criteria.map((criterion) => criterion.weight)).toEqual([30, 40, 20, 10]);
      const again = await getJson<QualityScheme[]>(ctx, '/api/quality/scheme/query', a.admin.token);
      expect(again.body.data).toHaveLength(1);
    });

    it('offers the organisation’s agents and groups to checkers only', async () => {
      const group = await insertWorkgroup(ctx, a.orgId, { nickname: 'Options group' });
      const options = await getJson<{ agents: { uid: string }[]; workgroups: { wid: string }[] }>(
        ctx,
        '/api/quality/options',
        a.checker.token,
      );
      expect(options.body.data.agents.map((agent) => agent.uid)).toContain(a.agent.uid);
      expect(options.body.data.agents.map((agent) => agent.uid)).not.toContain(b.agent.uid);
      expect(options.body.data.workgroups.map((entry) => entry.wid)).toContain(group.wid);
      expect((await getJson(ctx, '/api/quality/options', a.agent.token)).status).toBe(403);
    });

    it('answers 401 without a token and 403 to an agent', async () => {
      expect((await getJson(ctx, '/api/quality/scheme/query')).status).toBe(401);
      expect((await getJson(ctx, '/api/quality/scheme/query', a.agent.token)).status).toBe(403);
      expect((await postJson(ctx, '/api/quality/scheme/save', a.agent.token, {})).status).toBe(403);
    });

    const criteria = (attitude: number) => [
      {
        key: 'attitude',
        name: 'Attitude',
        weight: attitude,
        items: [{ key: 'polite', name: 'Polite', points: 10 }],
      },
      {
        key: 'skill',
        name: 'Skill',
        weight: 60,
        items: [
          { key: 'accurate', name: 'Accurate', points: 10 },
          { key: 'abuse', name: 'Abuse', points: 0, fatal: true, check: 'sensitiveWord', threshold: 0 },
          { key: 'fast', name: 'Fast', points: 5, check: 'firstResponse', threshold: 10 },
        ],
      },
    ];

    it('refuses weights that do not sum to 100 with a clear message, and other organisations’ groups', async () => {
      const bad = await ctx.app.inject({
        method: 'POST',
        url: '/api/quality/scheme/save',
        headers: bearer(a.admin.token),
        payload: { name: 'Bad', criteria: criteria(30) },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ message: string }>().message).toBe(
        'The criteria weights must sum to 100 % (now 90 %)',
      );
      expect(fieldsOf(bad.json())).toEqual(['criteria']);
      const foreign = await insertWorkgroup(ctx, b.orgId);
      const refused = await postJson(ctx, '/api/quality/scheme/save', a.admin.token, {
        name: 'X',
        criteria: criteria(40),
        workgroups: [foreign.wid],
      });
      expect(refused.status).toBe(400);
      expect(fieldsOf(refused.body)).toEqual(['workgroups.0']);
      const missing = await postJson(ctx, '/api/quality/scheme/save', a.admin.token, {
        criteria: criteria(40),
      });
      expect(missing.status).toBe(400);
      expect(fieldsOf(missing.body)).toContain('name');
    });

    it('creates a group override, keeps one default and deletes only unused non-default schemes', async () => {
      const group = await insertWorkgroup(ctx, a.orgId, { nickname: 'VIP' });
      const saved = await postJson<QualityScheme>(ctx, '/api/quality/scheme/save', a.admin.token, {
        name: 'VIP scheme',
        passMark: 80,
        criteria: criteria(40),
        workgroups: [group.wid],
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({
        isDefault: false,
        passMark: 80,
        workgroups: [{ wid: group.wid, nickname: 'VIP' }],
      });
      const qsid = saved.body.data.qsid;
      // Checkers hold no delete on the settings.
      expect((await postJson(ctx, '/api/quality/scheme/delete', a.checker.token, { qsid })).status).toBe(403);
      expect((await postJson(ctx, '/api/quality/scheme/delete', b.admin.token, { qsid })).status).toBe(404);
      expect(
        (
          await postJson(ctx, '/api/quality/scheme/save', b.admin.token, {
            qsid,
            name: 'x',
            criteria: criteria(40),
          })
        ).status,
      ).toBe(404);

      const list = await getJson<QualityScheme[]>(ctx, '/api/quality/scheme/query', a.admin.token);
      const defaultScheme = list.body.data.find((scheme) => scheme.isDefault);
      expect(
        (await postJson(ctx, '/api/quality/scheme/delete', a.admin.token, { qsid: defaultScheme?.qsid }))
          .status,
      ).toBe(409);

      // Making it the default takes the flag from the other; unsetting the default keeps it.
      const promoted = await postJson<QualityScheme>(ctx, '/api/quality/scheme/save', a.admin.token, {
        qsid,
        name: 'VIP scheme',
        passMark: 80,
        criteria: criteria(40),
        isDefault: true,
      });
      expect(promoted.body.data).toMatchObject({ isDefault: true, workgroups: [] });
      const after = await getJson<QualityScheme[]>(ctx, '/api/quality/scheme/query', a.admin.token);
      expect(after.body.data.filter((scheme) => scheme.isDefault).map((scheme) => scheme.qsid)).toEqual([
        qsid,
      ]);
      const kept = await postJson<QualityScheme>(ctx, '/api/quality/scheme/save', a.admin.token, {
        qsid,
        name: 'VIP scheme',
        passMark: 80,
        criteria: criteria(40),
        isDefault: false,
      });
      expect(kept.body.data.isDefault).toBe(true);
      // Back to the seeded default, then the unused scheme can go.
      await postJson(ctx, '/api/quality/scheme/save', a.admin.token, {
        ...defaultScheme,
        workgroups: [],
        isDefault: true,
      });
      expect((await postJson(ctx, '/api/quality/scheme/delete', a.admin.token, { qsid })).status).toBe(200);
    });
  });

  describe('sampling rules', () => {
    it('saves one rule per kind, checks thresholds and is tenant-scoped', async () => {
      expect(
        (await postJson(ctx, '/api/quality/rule/save', b.admin.token, { kind: 'percent', threshold: 0 }))
          .status,
      ).toBe(400);
      const saved = await postJson<QualityRule>(ctx, '/api/quality/rule/save', b.admin.token, {
        kind: 'lowRating',
        threshold: 2,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({ kind: 'lowRating', threshold: 2, enabled: true });
      expect(
        (await postJson(ctx, '/api/quality/rule/save', b.admin.token, { kind: 'lowRating', threshold: 1 }))
          .status,
      ).toBe(409);
      const qrid = saved.body.data.qrid;
      expect(
        (
          await postJson(ctx, '/api/quality/rule/save', a.admin.token, {
            qrid,
            kind: 'lowRating',
            threshold: 1,
          })
        ).status,
      ).toBe(404);
      expect((await postJson(ctx, '/api/quality/rule/delete', a.admin.token, { qrid })).status).toBe(404);
      const list = await getJson<QualityRule[]>(ctx, '/api/quality/rule/query', b.checker.token);
      expect(list.body.data.map((rule) => rule.qrid)).toEqual([qrid]);
      expect((await getJson(ctx, '/api/quality/rule/query', b.agent.token)).status).toBe(403);
      expect((await postJson(ctx, '/api/quality/rule/delete', b.admin.token, { qrid })).status).toBe(200);
      expect((await getJson<QualityRule[]>(ctx, '/api/quality/rule/query', b.admin.token)).body.data).toEqual(
        [],
      );
    });
  });

  describe('the queue', () => {
    it('samples a conversation when the agent closes it, with the automatic checks’ facts', async () => {
      expect(
        (await postJson(ctx, '/api/quality/rule/save', a.admin.token, { kind: 'sensitiveWord' })).status,
      ).toBe(200);
      const visitor = await insertVisitor(ctx, a.orgId, { nickname: 'Sam' });
      const start = Date.now() - 120_000;
      const thread = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.id,
        agentId: a.agent.userId,
        status: 'chatting',
        createdAt: start,
      });
      await insertMessage(ctx, {
        orgId: a.orgId,
        threadId: thread.id,
        content: 'hello?',
        sender: { kind: 'visitor', visitorId: visitor.id },
        createdAt: start + 6_000,
      });
      const answer = await insertMessage(ctx, {
        orgId: a.orgId,
        threadId: thread.id,
        content: 'you ***',
        sender: { kind: 'agent', userId: a.agent.userId },
        createdAt: start + 20_000,
      });
      await ctx.database.db
        .insertInto('taboo_hit')
        .values({
          hid: createPublicId(),
          org_id: a.orgId,
          thread_id: thread.id,
          word: 'idiot',
          standard: '',
          action: 'mask',
          sender_kind: 'agent',
          sender_user_id: a.agent.userId,
          created_at: start + 20_000,
        })
        .execute();
      const closed = await postJson(ctx, '/api/thread/close', a.agent.token, { tid: thread.tid });
      expect(closed.status).toBe(200);

      const queue = await getJson<Page<QualityInspection>>(
        ctx,
        '/api/quality/query?source=sensitiveWord',
        a.checker.token,
      );
      expect(queue.body.data.content.map((entry) => entry.tid)).toEqual([thread.tid]);
      const [entry] = queue.body.data.content;
      expect(entry).toMatchObject({
        status: 'pending',
        source: 'sensitiveWord',
        visitorNickname: 'Sam',
        score: null,
      });
      expect(entry?.agent?.uid).toBe(a.agent.uid);

      const detail = await getJson<QualityDetail>(ctx, `/api/quality/get?qid=${entry?.qid}`, a.checker.token);
      expect(detail.status).toBe(200);
      expect(detail.body.data.facts).toMatchObject({
        sensitiveWords: ['idiot'],
        firstResponseMs: 15_000,
        closeType: 'agent',
        longestSilenceMs: 14_000,
      });
      expect(detail.body.data.transcript.map((message) => message.content)).toContain('you ***');
      expect(detail.body.data.transcript.find((message) => message.mid === answer.mid)?.senderName).toBe(
        'Agent Smith',
      );
      // Pre-filled by the default scheme's checks: the sensitive word is a fatal hit.
      const fatal = detail.body.data.items.find((item) => item.key === 'noSensitive');
      expect(fatal).toMatchObject({ hit: true, isAutomatic: true, evidence: 'Sensitive words: idiot' });
      expect(detail.body.data.log.map((log) => log.action)).toEqual(['created']);
      await postJson(ctx, '/api/quality/rule/save', a.admin.token, {
        qrid: (await getJson<QualityRule[]>(ctx, '/api/quality/rule/query', a.admin.token)).body.data[0]
          ?.qrid,
        kind: 'sensitiveWord',
        enabled: false,
      });
    });

    it('samples a conversation rated low after it closed', async () => {
      await postJson(ctx, '/api/quality/rule/save', a.admin.token, { kind: 'lowRating', threshold: 2 });
      const init = await ctx.app.inject({
        method: 'POST',
        url: '/visitor/api/init',
        payload: { org: a.admin.subDomain, nickname: 'Rita' },
      });
      const { token, visitor } = init.json<{ data: { token: string; visitor: { vid: string } } }>().data;
      const row = await ctx.database.db
        .selectFrom('visitor')
        .select('id')
        .where('vid', '=', visitor.vid)
        .executeTakeFirstOrThrow();
      const thread = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: Number(row.id),
        agentId: a.agent.userId,
        createdAt: Date.now() - 3_600_000,
      });
      const rated = await postJson(ctx, '/visitor/api/rate', token, { tid: thread.tid, score: 1 });
      expect(rated.status).toBe(200);
      const queue = await getJson<Page<QualityInspection>>(
        ctx,
        '/api/quality/query?source=lowRating',
        a.checker.token,
      );
      expect(queue.body.data.content.map((entry) => entry.tid)).toContain(thread.tid);
      const detail = await getJson<QualityDetail>(
        ctx,
        `/api/quality/get?qid=${queue.body.data.content[0]?.qid}`,
        a.checker.token,
      );
      expect(detail.body.data.facts.rating).toBe(1);
      await postJson(ctx, '/api/quality/rule/save', a.admin.token, {
        qrid: (await getJson<QualityRule[]>(ctx, '/api/quality/rule/query', a.admin.token)).body.data.find(
          (rule) => rule.kind === 'lowRating',
        )?.qrid,
        kind: 'lowRating',
        threshold: 2,
        enabled: false,
      });
    });

    it('adds a closed conversation by hand once; open ones and other organisations’ are refused', async () => {
      const thread = await closedThread(a);
      const added = await postJson<QualityInspection>(ctx, '/api/quality/add', a.checker.token, {
        tid: thread.tid,
      });
      expect(added.status).toBe(200);
      expect(added.body.data).toMatchObject({ source: 'manual', status: 'pending', tid: thread.tid });
      expect((await postJson(ctx, '/api/quality/add', a.checker.token, { tid: thread.tid })).status).toBe(
        409,
      );
      expect((await postJson(ctx, '/api/quality/add', b.checker.token, { tid: thread.tid })).status).toBe(
        404,
      );
      expect((await postJson(ctx, '/api/quality/add', a.agent.token, { tid: thread.tid })).status).toBe(403);
      const visitor = await insertVisitor(ctx, a.orgId);
      const open = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.id,
        agentId: a.agent.userId,
        status: 'chatting',
      });
      expect((await postJson(ctx, '/api/quality/add', a.checker.token, { tid: open.tid })).status).toBe(409);
      expect((await postJson(ctx, '/api/quality/add', a.checker.token, {})).status).toBe(400);
    });

    it('samples now over a period: low ratings, and N % of each agent’s conversations per day', async () => {
      const low = await closedThread(b);
      await insertRate(ctx, {
        orgId: b.orgId,
        threadId: low.id,
        visitorId: low.visitorId,
        agentId: b.agent.userId,
        score: 1,
      });
      const fine = await closedThread(b);
      await insertRate(ctx, {
        orgId: b.orgId,
        threadId: fine.id,
        visitorId: fine.visitorId,
        agentId: b.agent.userId,
        score: 5,
      });
      await postJson(ctx, '/api/quality/rule/save', b.admin.token, { kind: 'lowRating', threshold: 2 });
      const from = Date.now() - 86_400_000;
      const to = Date.now();
      const first = await postJson<{ added: number; examined: number }>(
        ctx,
        '/api/quality/sample',
        b.checker.token,
        { from, to },
      );
      expect(first.body.data).toEqual({ added: 1, examined: 2 });
      const listed = await getJson<Page<QualityInspection>>(
        ctx,
        '/api/quality/query?source=lowRating',
        b.checker.token,
      );
      expect(listed.body.data.content.map((entry) => entry.tid)).toEqual([low.tid]);
      // 100 %: the rest of the day's conversations; nothing is queued twice.
      await postJson(ctx, '/api/quality/rule/save', b.admin.token, { kind: 'percent', threshold: 100 });
      const second = await postJson<{ added: number }>(ctx, '/api/quality/sample', b.checker.token, {
        from,
        to,
      });
      expect(second.body.data.added).toBe(1);
      expect(
        (await postJson<{ added: number }>(ctx, '/api/quality/sample', b.checker.token, { from, to })).body
          .data.added,
      ).toBe(0);
      expect(
        (await postJson(ctx, '/api/quality/sample', b.checker.token, { from: to, to: from })).status,
      ).toBe(400);
      const byAgent = await getJson<Page<QualityInspection>>(
        ctx,
        `/api/quality/query?agent=${b.agent.uid}&status=pending`,
        b.checker.token,
      );
      expect(byAgent.body.data.totalElements).toBe(2);
      const old = await getJson<Page<QualityInspection>>(
        ctx,
        `/api/quality/query?from=0&to=${from - 86_400_000}`,
        b.checker.token,
      );
      expect(old.body.data.totalElements).toBe(0);
      const noGroup = await getJson<Page<QualityInspection>>(
        ctx,
        `/api/quality/query?workgroup=${(await insertWorkgroup(ctx, b.orgId)).wid}`,
        b.checker.token,
      );
      expect(noGroup.body.data.totalElements).toBe(0);
      const none = await getJson<Page<QualityInspection>>(
        ctx,
        `/api/quality/query?agent=${a.agent.uid}`,
        b.checker.token,
      );
      expect(none.body.data.totalElements).toBe(0);
    });
  });

  describe('scoring, results and appeals', () => {
    let qid: string;
    let otherQid: string;

    beforeAll(async () => {
      const mine = await closedThread(a);
      await insertMessage(ctx, {
        orgId: a.orgId,
        threadId: mine.id,
        content: 'hi',
        sender: { kind: 'visitor', visitorId: mine.visitorId },
        createdAt: Date.now() - 3_500_000,
      });
      qid = (await postJson<QualityInspection>(ctx, '/api/quality/add', a.checker.token, { tid: mine.tid }))
        .body.data.qid;
      const theirs = await closedThread(a, { agentId: otherAgent.userId });
      otherQid = (
        await postJson<QualityInspection>(ctx, '/api/quality/add', a.admin.token, { tid: theirs.tid })
      ).body.data.qid;
    });

    it('scores with the scheme’s arithmetic and refuses points above an item', async () => {
      const tooMany = await postJson(ctx, '/api/quality/score', a.checker.token, {
        qid,
        items: [{ key: 'polite', earned: 9 }],
      });
      expect(tooMany.status).toBe(400);
      expect(fieldsOf(tooMany.body)).toEqual(['items.0.earned']);
      expect(
        (
          await postJson(ctx, '/api/quality/score', a.checker.token, {
            qid,
            items: [{ key: 'nope', earned: 1 }],
          })
        ).status,
      ).toBe(400);
      expect((await postJson(ctx, '/api/quality/score', b.checker.token, { qid, items: [] })).status).toBe(
        404,
      );
      expect((await postJson(ctx, '/api/quality/score', a.agent.token, { qid, items: [] })).status).toBe(403);
      // Attitude loses half (30 × 5/10 = 15 of 30); the rest full: 85.
      const scored = await postJson<QualityDetail>(ctx, '/api/quality/score', a.checker.token, {
        qid,
        items: [
          { key: 'polite', earned: 0 },
          { key: 'patient', earned: 5 },
          { key: 'firstResponse', earned: 3 },
          { key: 'rating', earned: 2 },
        ],
      });
      expect(scored.status).toBe(200);
      expect(scored.body.data).toMatchObject({ status: 'scored', score: 85, isPassed: true, isFatal: false });
      expect(scored.body.data.checker?.uid).toBe(a.checker.uid);
      const fatal = await postJson<QualityDetail>(ctx, '/api/quality/score', a.checker.token, {
        qid,
        items: [{ key: 'noSensitive', earned: 0, hit: true }],
      });
      expect(fatal.body.data).toMatchObject({ score: 0, isFatal: true, isPassed: false });
      const rescored = await postJson<QualityDetail>(ctx, '/api/quality/score', a.checker.token, {
        qid,
        items: [{ key: 'polite', earned: 0 }],
      });
      expect(rescored.body.data.score).toBe(85);
      expect(rescored.body.data.log.map((log) => [log.action, log.detail])).toEqual([
        ['created', 'manual'],
        ['scored', '85'],
        ['rescored', '85 → 0'],
        ['rescored', '0 → 85'],
      ]);
    });

    it('anchors comments to messages of the conversation', async () => {
      const detail = await getJson<QualityDetail>(ctx, `/api/quality/get?qid=${qid}`, a.checker.token);
      const mid = detail.body.data.transcript[0]?.mid;
      expect(mid).toBeDefined();
      const commented = await postJson<QualityDetail>(ctx, '/api/quality/comment', a.checker.token, {
        qid,
        mid,
        content: 'Greet first',
      });
      expect(commented.status).toBe(200);
      expect(commented.body.data.comments).toMatchObject([
        { mid, content: 'Greet first', author: { uid: a.checker.uid } },
      ]);
      const foreign = await postJson(ctx, '/api/quality/comment', a.checker.token, {
        qid,
        mid: 'not-a-message',
        content: 'x',
      });
      expect(foreign.status).toBe(400);
      expect(fieldsOf(foreign.body)).toEqual(['mid']);
      expect(
        (await postJson(ctx, '/api/quality/comment', a.checker.token, { qid, content: ' ' })).status,
      ).toBe(400);
    });

    it('shows agents only their own scored results', async () => {
      const mine = await getJson<Page<QualityInspection>>(ctx, '/api/quality/result/query', a.agent.token);
      expect(mine.body.data.content.map((entry) => entry.qid)).toEqual([qid]);
      // The other agent's is still pending: not a result, and not theirs to read either way.
      expect((await getJson(ctx, `/api/quality/get?qid=${otherQid}`, a.agent.token)).status).toBe(404);
      expect((await getJson(ctx, `/api/quality/get?qid=${otherQid}`, otherAgent.token)).status).toBe(404);
      expect(
        (await getJson<Page<QualityInspection>>(ctx, '/api/quality/result/query', otherAgent.token)).body.data
          .totalElements,
      ).toBe(0);
      const all = await getJson<Page<QualityInspection>>(ctx, '/api/quality/result/query', a.admin.token);
      expect(all.body.data.content.every((entry) => entry.status !== 'pending')).toBe(true);
      expect(all.body.data.content.map((entry) => entry.qid)).toContain(qid);
      expect((await getJson(ctx, `/api/quality/get?qid=${qid}`, b.admin.token)).status).toBe(404);
      expect((await getJson(ctx, '/api/quality/result/query')).status).toBe(401);
      const read = await getJson<QualityDetail>(ctx, `/api/quality/get?qid=${qid}`, a.agent.token);
      expect(read.body.data.comments[0]?.content).toBe('Greet first');
    });

    it('takes one appeal from the agent, decided by a checker with a rescore', async () => {
      await postJson(ctx, '/api/quality/score', a.admin.token, { qid: otherQid, items: [] });
      // Someone else's result is not the agent's to see, let alone appeal.
      expect(
        (await postJson(ctx, '/api/quality/appeal', a.agent.token, { qid: otherQid, reason: 'x' })).status,
      ).toBe(404);
      expect((await postJson(ctx, '/api/quality/appeal', a.agent.token, { qid, reason: ' ' })).status).toBe(
        400,
      );
      expect((await postJson(ctx, '/api/quality/appeal', b.agent.token, { qid, reason: 'x' })).status).toBe(
        404,
      );
      expect(
        (await postJson(ctx, '/api/quality/decide', a.checker.token, { qid, decision: 'accept' })).status,
      ).toBe(409);
      const appealed = await postJson<QualityDetail>(ctx, '/api/quality/appeal', a.agent.token, {
        qid,
        reason: 'I did greet',
      });
      expect(appealed.status).toBe(200);
      expect(appealed.body.data).toMatchObject({
        status: 'appealed',
        appeal: { reason: 'I did greet', decidedAt: null },
      });
      expect(
        (await postJson(ctx, '/api/quality/appeal', a.agent.token, { qid, reason: 'again' })).status,
      ).toBe(409);
      expect((await postJson(ctx, '/api/quality/score', a.checker.token, { qid, items: [] })).status).toBe(
        409,
      );
      expect(
        (await postJson(ctx, '/api/quality/decide', a.agent.token, { qid, decision: 'accept' })).status,
      ).toBe(403);
      expect(
        (await postJson(ctx, '/api/quality/decide', b.checker.token, { qid, decision: 'accept' })).status,
      ).toBe(404);
      const accepted = await postJson<QualityDetail>(ctx, '/api/quality/decide', a.checker.token, {
        qid,
        decision: 'accept',
        reply: 'Right, sorry',
        items: [],
      });
      expect(accepted.body.data).toMatchObject({
        status: 'accepted',
        score: 100,
        appeal: { reply: 'Right, sorry' },
      });
      expect(accepted.body.data.log.map((log) => log.action).slice(-2)).toEqual(['appealed', 'accepted']);
      expect(
        (await postJson(ctx, '/api/quality/appeal', a.agent.token, { qid, reason: 'more' })).status,
      ).toBe(409);

      await postJson(ctx, '/api/quality/appeal', otherAgent.token, { qid: otherQid, reason: 'Unfair' });
      const rejected = await postJson<QualityDetail>(ctx, '/api/quality/decide', a.admin.token, {
        qid: otherQid,
        decision: 'reject',
        reply: 'No',
      });
      expect(rejected.body.data).toMatchObject({ status: 'rejected', score: 100 });
    });

    it('counts averages, pass and appeal rates, and exports them as .xlsx', async () => {
      const from = Date.now() - 7 * 86_400_000;
      const to = Date.now();
      const stats = await getJson<QualityStatistic>(
        ctx,
        `/api/quality/statistic?from=${from}&to=${to}`,
        a.checker.token,
      );
      expect(stats.status).toBe(200);
      expect(stats.body.data).toMatchObject({ scored: 2, average: 100, passRate: 1, appealRate: 1 });
      expect(stats.body.data.byAgent.map((row) => row.label).sort()).toEqual(
        ['Agent Smith', otherAgent.username].sort(),
      );
      expect(stats.body.data.byCriterion.map((row) => row.average)).toEqual([100, 100, 100, 100]);
      expect(stats.body.data.byWeek).toHaveLength(1);
      expect(
        (await getJson(ctx, `/api/quality/statistic?from=${to}&to=${from}`, a.checker.token)).status,
      ).toBe(400);
      expect((await getJson(ctx, `/api/quality/statistic?from=${from}&to=${to}`, a.agent.token)).status).toBe(
        403,
      );
      const bStats = await getJson<QualityStatistic>(
        ctx,
        `/api/quality/statistic?from=${from}&to=${to}`,
        b.admin.token,
      );
      expect(bStats.body.data.scored).toBe(0);
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/quality/statistic/export?from=${from}&to=${to}`,
        headers: bearer(a.admin.token),
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('spreadsheetml');
      expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
      expect(Number(file.headers['x-export-rows'])).toBeGreaterThan(3);
    });
  });

  describe('roles: admins manage, checkers score, agents read their own', () => {
    const scheme = {
      name: 'Roles scheme',
      criteria: [{ key: 'c', name: 'C', weight: 100, items: [{ key: 'i', name: 'I', points: 10 }] }],
    };

    it('lets checkers read schemes and sampling rules but not change them (403)', async () => {
      const org = await createRecordsOrg(ctx);
      const saved = await postJson<QualityScheme>(ctx, '/api/quality/scheme/save', org.admin.token, scheme);
      expect(saved.status).toBe(200);
      const rule = await postJson<QualityRule>(ctx, '/api/quality/rule/save', org.admin.token, {
        kind: 'lowRating',
        threshold: 2,
      });
      expect(rule.status).toBe(200);
      const { qsid } = saved.body.data;
      const { qrid } = rule.body.data;

      const schemes = await getJson<QualityScheme[]>(ctx, '/api/quality/scheme/query', org.checker.token);
      expect(schemes.status).toBe(200);
      expect(schemes.body.data.map((entry) => entry.qsid)).toContain(qsid);
      const rules = await getJson<QualityRule[]>(ctx, '/api/quality/rule/query', org.checker.token);
      expect(rules.body.data.map((entry) => entry.qrid)).toEqual([qrid]);

      const refused = [
        await postJson(ctx, '/api/quality/scheme/save', org.checker.token, scheme),
        await postJson(ctx, '/api/quality/scheme/save', org.checker.token, { ...scheme, qsid }),
        await postJson(ctx, '/api/quality/scheme/delete', org.checker.token, { qsid }),
        await postJson(ctx, '/api/quality/rule/save', org.checker.token, { kind: 'percent', threshold: 5 }),
        await postJson(ctx, '/api/quality/rule/save', org.checker.token, {
          qrid,
          kind: 'lowRating',
          threshold: 1,
        }),
        await postJson(ctx, '/api/quality/rule/delete', org.checker.token, { qrid }),
      ];
      expect(refused.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
      expect(refused[0]?.body).toMatchObject({ code: 'FORBIDDEN' });
      // Nothing changed.
      expect(
        (await getJson<QualityRule[]>(ctx, '/api/quality/rule/query', org.admin.token)).body.data,
      ).toMatchObject([{ qrid, kind: 'lowRating', threshold: 2 }]);
      expect(
        (await getJson<QualityScheme[]>(ctx, '/api/quality/scheme/query', org.admin.token)).body.data.map(
          (entry) => entry.name,
        ),
      ).toContain('Roles scheme');
      // The checker still scores.
      const thread = await closedThread(org);
      const added = await postJson<QualityInspection>(ctx, '/api/quality/add', org.checker.token, {
        tid: thread.tid,
      });
      expect(added.status).toBe(200);
      expect(
        (
          await postJson(ctx, '/api/quality/score', org.checker.token, {
            qid: added.body.data.qid,
            items: [],
          })
        ).status,
      ).toBe(200);
    });

    it('shows an agent only the results page of the section, and opens nothing else to them', async () => {
      const org = await createRecordsOrg(ctx);
      type Node = { name: string; children: Node[] };
      const qualityItems = async (token: string) => {
        const menu = await getJson<Node[]>(ctx, '/api/v1/menu/list?platform=kefu', token);
        return menu.body.data.find((node) => node.name === 'quality')?.children.map((node) => node.name);
      };
      expect(await qualityItems(org.agent.token)).toEqual(['quality.result']);
      expect(await qualityItems(org.checker.token)).toEqual([
        'quality.list',
        'quality.setting',
        'quality.result',
        'quality.statistic',
      ]);
      expect(await qualityItems(org.admin.token)).toEqual([
        'quality.list',
        'quality.setting',
        'quality.result',
        'quality.statistic',
      ]);

      type Profile = { roles: { permissions: { permissionId: string; actionList: string[] }[] }[] };
      const grants = async (token: string) =>
        Object.fromEntries(
          (await getJson<Profile>(ctx, '/api/user/profile', token)).body.data.roles
            .flatMap((role) => role.permissions)
            .filter((permission) => permission.permissionId.startsWith('quality'))
            .map((permission) => [permission.permissionId, permission.actionList]),
        );
      expect(await grants(org.agent.token)).toEqual({
        quality: ['query', 'get'],
        'quality.result': ['query', 'get'],
      });
      expect((await grants(org.checker.token))['quality.setting']).toEqual(['query', 'get']);
      expect((await grants(org.checker.token))['quality.result']).toContain('edit');

      const from = Date.now() - 86_400_000;
      const forbidden = [
        await getJson(ctx, '/api/quality/query', org.agent.token),
        await getJson(ctx, '/api/quality/options', org.agent.token),
        await getJson(ctx, '/api/quality/scheme/query', org.agent.token),
        await getJson(ctx, '/api/quality/rule/query', org.agent.token),
        await getJson(ctx, `/api/quality/statistic?from=${from}&to=${Date.now()}`, org.agent.token),
        await postJson(ctx, '/api/quality/sample', org.agent.token, { from, to: Date.now() }),
      ];
      expect(forbidden.map((response) => response.status)).toEqual([403, 403, 403, 403, 403, 403]);
      expect((await getJson(ctx, '/api/quality/result/query', org.agent.token)).status).toBe(200);
    });
  });

  describe('sampling rules at work', () => {
    const dayMs = 86_400_000;
    const enable = (org: RecordsOrg, kind: string, threshold = 0) =>
      postJson(ctx, '/api/quality/rule/save', org.admin.token, { kind, threshold });
    const sampleAll = (org: RecordsOrg, from: number, to: number) =>
      postJson<{ added: number; examined: number }>(ctx, '/api/quality/sample', org.checker.token, {
        from,
        to,
      });
    const queued = async (org: RecordsOrg) =>
      (await getJson<Page<QualityInspection>>(ctx, '/api/quality/query?page=0&size=100', org.checker.token))
        .body.data.content;

    it('samples a first response slower than N minutes, not a faster or exactly N one', async () => {
      const org = await createRecordsOrg(ctx);
      expect((await enable(org, 'slowFirstResponse', 2)).status).toBe(200);
      const withFirstResponse = async (afterMs: number) => {
        const thread = await closedThread(org);
        const row = await ctx.database.db
          .selectFrom('thread')
          .select('started_at')
          .where('id', '=', thread.id)
          .executeTakeFirstOrThrow();
        await ctx.database.db
          .updateTable('thread')
          .set({ first_response_at: Number(row.started_at) + afterMs })
          .where('id', '=', thread.id)
          .execute();
        return thread;
      };
      const slow = await withFirstResponse(2 * 60_000 + 1_000);
      await withFirstResponse(2 * 60_000);
      await withFirstResponse(15_000);
      const sampled = await sampleAll(org, Date.now() - dayMs, Date.now());
      expect(sampled.body.data).toEqual({ added: 1, examined: 3 });
      const [entry, ...rest] = await queued(org);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ tid: slow.tid, source: 'slowFirstResponse', status: 'pending' });
      const detail = await getJson<QualityDetail>(
        ctx,
        `/api/quality/get?qid=${entry?.qid}`,
        org.checker.token,
      );
      expect(detail.body.data.facts.firstResponseMs).toBe(121_000);
    });

    it('samples a conversation where the visitor (not only the agent) hit a sensitive word', async () => {
      const org = await createRecordsOrg(ctx);
      expect((await enable(org, 'sensitiveWord')).status).toBe(200);
      const chatting = async (word: string | null) => {
        const visitor = await insertVisitor(ctx, org.orgId, { nickname: 'Val' });
        const start = Date.now() - 60_000;
        const thread = await insertThread(ctx, {
          orgId: org.orgId,
          visitorId: visitor.id,
          agentId: org.agent.userId,
          status: 'chatting',
          createdAt: start,
        });
        await insertMessage(ctx, {
          orgId: org.orgId,
          threadId: thread.id,
          content: word === null ? 'hello' : 'this is a ***',
          sender: { kind: 'visitor', visitorId: visitor.id },
          createdAt: start + 6_000,
        });
        if (word !== null)
          await ctx.database.db
            .insertInto('taboo_hit')
            .values({
              hid: createPublicId(),
              org_id: org.orgId,
              thread_id: thread.id,
              word,
              standard: '',
              action: 'mask',
              sender_kind: 'visitor',
              sender_visitor_id: visitor.id,
              created_at: start + 6_000,
            })
            .execute();
        expect((await postJson(ctx, '/api/thread/close', org.agent.token, { tid: thread.tid })).status).toBe(
          200,
        );
        return thread;
      };
      const rude = await chatting('scam');
      await chatting(null);
      const [entry, ...rest] = await queued(org);
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ tid: rude.tid, source: 'sensitiveWord' });
      const detail = await getJson<QualityDetail>(
        ctx,
        `/api/quality/get?qid=${entry?.qid}`,
        org.checker.token,
      );
      expect(detail.body.data.facts).toMatchObject({ sensitiveWords: [], visitorSensitiveWords: ['scam'] });
      // The check items judge the agent: the visitor's word is no fatal hit.
      expect(detail.body.data.items.find((item) => item.key === 'noSensitive')).toMatchObject({
        hit: false,
        isAutomatic: true,
      });
    });

    it('takes 5 % of each agent’s conversations per UTC day: the 1st, 21st and 41st of 41', async () => {
      const org = await createRecordsOrg(ctx);
      const second = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: org.orgId });
      expect((await enable(org, 'percent', 5)).status).toBe(200);
      const day = Date.UTC(2026, 2, 2);
      const visitor = await insertVisitor(ctx, org.orgId);
      // Closed 10 minutes after creation (the fixture), one a minute from 01:00 UTC on.
      const closeAt = async (agentId: number, at: number) =>
        (
          await insertThread(ctx, {
            orgId: org.orgId,
            visitorId: visitor.id,
            agentId,
            createdAt: at - 600_000,
          })
        ).tid;
      const first: string[] = [];
      for (let index = 0; index < 41; index += 1)
        first.push(await closeAt(org.agent.userId, day + 3_600_000 + index * 60_000));
      // The same agent the next day (counting starts again) and another agent the first day.
      const nextDay = [
        await closeAt(org.agent.userId, day + dayMs + 3_600_000),
        await closeAt(org.agent.userId, day + dayMs + 3_660_000),
      ];
      const other = [
        await closeAt(second.userId, day + 7_200_000),
        await closeAt(second.userId, day + 7_260_000),
        await closeAt(second.userId, day + 7_320_000),
      ];
      // A conversation closed just before the day began belongs to the day before.
      const dayBefore = await closeAt(org.agent.userId, day - 1);

      const sampled = await sampleAll(org, day - dayMs, day + 2 * dayMs - 1);
      expect(sampled.body.data).toEqual({ added: 6, examined: 47 });
      const tids = new Set((await queued(org)).map((entry) => entry.tid));
      // ceil(k × 5 %) after the k-th close: 1 at k = 1, 2 at k = 21, 3 at k = 41.
      expect(first.filter((tid) => tids.has(tid))).toEqual([first[0], first[20], first[40]]);
      expect(nextDay.filter((tid) => tids.has(tid))).toEqual([nextDay[0]]);
      expect(other.filter((tid) => tids.has(tid))).toEqual([other[0]]);
      expect(tids.has(dayBefore)).toBe(true);
      expect((await queued(org)).every((entry) => entry.source === 'percent')).toBe(true);
      // Running it again adds nothing.
      expect((await sampleAll(org, day - dayMs, day + 2 * dayMs - 1)).body.data.added).toBe(0);
    });
  });

  describe('scheme snapshot', () => {
    const criteria = [
      {
        key: 'attitude',
        name: 'Attitude',
        weight: 60,
        items: [
          { key: 'greet', name: 'Greets', points: 10 },
          { key: 'polite', name: 'Polite', points: 10 },
        ],
      },
      {
        key: 'solution',
        name: 'Solution',
        weight: 40,
        items: [{ key: 'solve', name: 'Solves', points: 10 }],
      },
    ];

    it('keeps a scored inspection’s scheme, score, detail and statistics when the scheme is edited', async () => {
      const org = await createRecordsOrg(ctx);
      const saved = await postJson<QualityScheme>(ctx, '/api/quality/scheme/save', org.admin.token, {
        name: 'Desk v1',
        passMark: 70,
        isDefault: true,
        criteria,
      });
      expect(saved.status).toBe(200);
      const add = async () => {
        const thread = await closedThread(org);
        return (
          await postJson<QualityInspection>(ctx, '/api/quality/add', org.checker.token, { tid: thread.tid })
        ).body.data.qid;
      };
      const qid = await add();
      // 60 × 15/20 + 40 × 4/10 = 45 + 16 = 61, under the pass mark 70.
      const scored = await postJson<QualityDetail>(ctx, '/api/quality/score', org.checker.token, {
        qid,
        items: [
          { key: 'greet', earned: 5 },
          { key: 'solve', earned: 4 },
        ],
      });
      expect(scored.body.data).toMatchObject({ score: 61, isPassed: false });
      const range = `from=${Date.now() - 7 * 86_400_000}&to=${Date.now()}`;
      const read = async () => ({
        detail: (await getJson<QualityDetail>(ctx, `/api/quality/get?qid=${qid}`, org.checker.token)).body
          .data,
        statistic: (
          await getJson<QualityStatistic>(ctx, `/api/quality/statistic?${range}`, org.checker.token)
        ).body.data,
      });
      const before = await read();
      expect(before.statistic.byCriterion).toEqual([
        { key: 'Attitude', label: 'Attitude', count: 1, average: 75 },
        { key: 'Solution', label: 'Solution', count: 1, average: 40 },
      ]);
      expect(before.statistic.missedItems.map((item) => item.label).sort()).toEqual(['Greets', 'Solves']);

      // The scheme changes: other weights, an item gone, another renamed, a new pass mark and name.
      const edited = await postJson<QualityScheme>(ctx, '/api/quality/scheme/save', org.admin.token, {
        qsid: saved.body.data.qsid,
        name: 'Desk v2',
        passMark: 50,
        isDefault: true,
        criteria: [
          {
            key: 'attitude',
            name: 'Manners',
            weight: 20,
            items: [{ key: 'greet', name: 'Says hello', points: 4 }],
          },
          {
            key: 'solution',
            name: 'Fix',
            weight: 80,
            items: [{ key: 'solve', name: 'Fixes it', points: 10 }],
          },
        ],
      });
      expect(edited.status).toBe(200);

      const after = await read();
      expect(after.detail).toEqual(before.detail);
      expect(after.detail.scheme).toMatchObject({ name: 'Desk v1', passMark: 70 });
      expect(after.detail.schemeDetail).toMatchObject({ name: 'Desk v1', passMark: 70, criteria });
      expect(after.statistic).toEqual(before.statistic);
      const listed = await getJson<Page<QualityInspection>>(
        ctx,
        '/api/quality/result/query',
        org.checker.token,
      );
      expect(listed.body.data.content.find((entry) => entry.qid === qid)?.scheme).toMatchObject({
        name: 'Desk v1',
        passMark: 70,
      });

      // Rescoring keeps the scheme it was scored with: `polite` is gone from the live scheme.
      const rescored = await postJson<QualityDetail>(ctx, '/api/quality/score', org.checker.token, {
        qid,
        items: [{ key: 'polite', earned: 0 }],
      });
      expect(rescored.status).toBe(200);
      // 60 × 10/20 + 40 = 70: passes the snapshot's mark of 70.
      expect(rescored.body.data).toMatchObject({ score: 70, isPassed: true });

      // A conversation scored now uses the edited scheme.
      const fresh = await add();
      expect(
        (
          await postJson(ctx, '/api/quality/score', org.checker.token, {
            qid: fresh,
            items: [{ key: 'polite', earned: 0 }],
          })
        ).status,
      ).toBe(400);
      const now = await postJson<QualityDetail>(ctx, '/api/quality/score', org.checker.token, {
        qid: fresh,
        items: [{ key: 'greet', earned: 1 }],
      });
      // 20 × 1/4 + 80 = 85.
      expect(now.body.data).toMatchObject({ score: 85, isPassed: true, scheme: { name: 'Desk v2' } });
      // Another organisation cannot read either.
      const stranger = await createRecordsOrg(ctx);
      expect((await getJson(ctx, `/api/quality/get?qid=${qid}`, stranger.checker.token)).status).toBe(404);
    });
  });
});

describe('quality facts', () => {
  it('measures first response, the longest wait for the agent and transfers', () => {
    const facts = computeFacts({
      startedAt: 1_000,
      firstResponseAt: 4_000,
      closedAt: 100_000,
      closeType: 'timeout',
      rating: null,
      messages: [
        { senderKind: 'visitor', at: 2_000 },
        { senderKind: 'visitor', at: 3_000 },
        { senderKind: 'agent', at: 4_000 },
        { senderKind: 'visitor', at: 10_000 },
        { senderKind: 'system', at: 20_000 },
        { senderKind: 'agent', at: 40_000 },
        { senderKind: 'visitor', at: 90_000 },
      ],
      eventKinds: ['created', 'transferred', 'assigned', 'transferred', 'closed'],
      sensitiveWords: ['a', 'a', 'b'],
      visitorSensitiveWords: ['c', 'c'],
    });
    expect(facts).toEqual({
      firstResponseMs: 3_000,
      longestSilenceMs: 30_000,
      sensitiveWords: ['a', 'b'],
      visitorSensitiveWords: ['c'],
      closeType: 'timeout',
      rating: null,
      transferCount: 2,
    });
  });

  it('names weeks by their Monday (UTC)', () => {
    expect(weekOf(Date.UTC(2026, 10, 25, 23))).toBe('2026-11-23');
    expect(weekOf(Date.UTC(2026, 10, 23, 0))).toBe('2026-11-23');
    expect(weekOf(Date.UTC(2026, 10, 22, 12))).toBe('2026-11-16');
  });
});
