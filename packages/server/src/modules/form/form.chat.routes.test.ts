import {
  readQuestionnaireContent,
  type ChatSurveyAnswer,
  type Message,
  type MessageHistory,
  type PublishedSurvey,
  type Survey,
  type SurveySaveBody,
  type VisitorInitResult,
  type VisitorSurvey,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

await describeEachDatabase('forms inside a conversation', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let b: RecordsOrg;
  let ip = 0;
  const nextIp = () => `10.8.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`;

  const survey: SurveySaveBody = {
    title: 'After-sales check',
    items: [
      { key: 'buyer', label: 'Did you buy?', type: 'radio', required: true, options: ['yes', 'no'] },
      {
        key: 'why',
        label: 'Why not?',
        type: 'text',
        required: true,
        showIf: { key: 'buyer', values: ['no'] },
      },
    ],
  };

  const create = async (org: RecordsOrg, isPublished = true) => {
    const saved = await postJson<Survey>(ctx, '/api/form/survey/save', org.admin.token, survey);
    expect(saved.status).toBe(200);
    if (isPublished)
      expect(
        (await postJson(ctx, '/api/form/survey/publish', org.admin.token, { fid: saved.body.data.fid }))
          .status,
      ).toBe(200);
    return saved.body.data;
  };

  const initVisitor = async (org: RecordsOrg) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: org.admin.subDomain, nickname: 'Guest' },
    });
    const init = response.json<Envelope<VisitorInitResult>>().data;
    const row = await ctx.database.db
      .selectFrom('visitor')
      .select('id')
      .where('vid', '=', init.visitor.vid)
      .executeTakeFirstOrThrow();
    return { token: init.token, visitorId: Number(row.id) };
  };

  const visitorGet = <T>(token: string, url: string) =>
    ctx.app
      .inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } })
      .then((response) => ({ status: response.statusCode, body: response.json<Envelope<T>>() }));

  const answer = (token: string, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/form/answer',
      payload: body,
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en-US' },
      remoteAddress: nextIp(),
    });

  let fid = '';
  let draftFid = '';
  let otherFid = '';
  let visitor: { token: string; visitorId: number };
  let tid = '';

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    b = await createRecordsOrg(ctx);
    fid = (await create(a)).fid;
    draftFid = (await create(a, false)).fid;
    otherFid = (await create(b)).fid;
    visitor = await initVisitor(a);
    tid = (
      await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.visitorId,
        agentId: a.agent.userId,
        status: 'chatting',
      })
    ).tid;
  });

  describe('GET /api/form/survey/published', () => {
    it("lists the organisation's published forms only", async () => {
      const list = await getJson<PublishedSurvey[]>(ctx, '/api/form/survey/published', a.agent.token);
      expect(list.status).toBe(200);
      expect(list.body.data.map((entry) => entry.fid)).toEqual([fid]);
      expect(list.body.data[0]).toEqual({ fid, version: 1, title: 'After-sales check' });
      expect((await getJson(ctx, '/api/form/survey/published')).status).toBe(401);
    });
  });

  describe('without the chat authority', () => {
    it('answers 403 on every agent call (a quality checker serves no conversations)', async () => {
      expect((await getJson(ctx, '/api/form/survey/published', a.checker.token)).status).toBe(403);
      expect(
        (await postJson(ctx, '/api/form/survey/send', a.checker.token, { tid, fid, localId: 'c1' })).status,
      ).toBe(403);
      expect(
        (await getJson(ctx, `/api/form/survey/chat-answer?tid=${tid}&rid=whatever1`, a.checker.token)).status,
      ).toBe(403);
      // Refused before the body is read: nothing was stored.
      const history = await visitorGet<MessageHistory>(
        visitor.token,
        `/visitor/api/message/history?tid=${tid}`,
      );
      expect(history.body.data.messages.filter((message) => message.localId === 'c1')).toHaveLength(0);
    });
  });

  describe('POST /api/form/survey/send', () => {
    it('stores a questionnaire message naming the form, its version and title; a resend returns it', async () => {
      expect(
        (await postJson(ctx, '/api/form/survey/send', undefined, { tid, fid, localId: 'x1' })).status,
      ).toBe(401);
      const sent = await postJson<Message>(ctx, '/api/form/survey/send', a.agent.token, {
        tid,
        fid,
        localId: 'q1',
      });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toMatchObject({ type: 'questionnaire', tid, sender: { kind: 'agent' } });
      expect(readQuestionnaireContent(sent.body.data.content)).toEqual({
        fid,
        version: 1,
        title: 'After-sales check',
      });
      const again = await postJson<Message>(ctx, '/api/form/survey/send', a.agent.token, {
        tid,
        fid,
        localId: 'q1',
      });
      expect(again.body.data.mid).toBe(sent.body.data.mid);
      const history = await visitorGet<MessageHistory>(
        visitor.token,
        `/visitor/api/message/history?tid=${tid}`,
      );
      expect(history.body.data.messages.filter((message) => message.type === 'questionnaire')).toHaveLength(
        1,
      );
    });

    it("refuses drafts, other organisations' forms and threads, and conversations the agent does not serve", async () => {
      const send = (token: string, body: object) =>
        postJson(ctx, '/api/form/survey/send', token, { tid, fid, localId: `l${ip++}`, ...body });
      expect((await send(a.agent.token, { fid: draftFid })).status).toBe(404);
      expect((await send(a.agent.token, { fid: otherFid })).status).toBe(404);
      expect((await send(a.agent.token, { fid: 'nosuchform1' })).status).toBe(404);
      expect((await send(b.agent.token, { fid: otherFid })).status).toBe(404);
      expect((await send(a.admin.token, {})).status).toBe(404);
      expect((await send(a.agent.token, { fid: '' })).status).toBe(400);
      const closed = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.visitorId,
        agentId: a.agent.userId,
        status: 'closed',
      });
      expect((await send(a.agent.token, { tid: closed.tid })).status).toBe(409);
    });
  });

  describe('GET /visitor/api/form/:fid', () => {
    it('serves the live version of a published form of the organisation', async () => {
      const got = await visitorGet<VisitorSurvey>(visitor.token, `/visitor/api/form/${fid}`);
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({ fid, version: 1, title: 'After-sales check', answered: false });
      expect(got.body.data.items.map((item) => item.key)).toEqual(['buyer', 'why']);
      expect((await visitorGet(visitor.token, `/visitor/api/form/${draftFid}`)).status).toBe(404);
      expect((await visitorGet(visitor.token, `/visitor/api/form/${otherFid}`)).status).toBe(404);
      const stranger = await initVisitor(b);
      expect((await visitorGet(stranger.token, `/visitor/api/form/${fid}`)).status).toBe(404);
      expect((await visitorGet(stranger.token, `/visitor/api/form/${otherFid}?tid=${tid}`)).status).toBe(404);
      const unauthenticated = await ctx.app.inject({ method: 'GET', url: `/visitor/api/form/${fid}` });
      expect(unauthenticated.statusCode).toBe(401);
    });
  });

  describe('answering the card', () => {
    it('checks answers on the server, links them to the thread, notices both sides and reports answered', async () => {
      const card = await postJson<Message>(ctx, '/api/form/survey/send', a.agent.token, {
        tid,
        fid,
        localId: 'q2',
      });
      const state = () =>
        visitorGet<VisitorSurvey>(
          visitor.token,
          `/visitor/api/form/${fid}?tid=${tid}&mid=${card.body.data.mid}`,
        );
      expect((await state()).body.data.answered).toBe(false);

      const invalid = await answer(visitor.token, { fid, tid, version: 1, answers: { buyer: 'no' } });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json<{ fields: { field: string }[] }>().fields.map((field) => field.field)).toEqual([
        'answers.why',
      ]);
      const stored = await answer(visitor.token, {
        fid,
        tid,
        mid: card.body.data.mid,
        version: 1,
        answers: { buyer: 'no', why: 'Too dear' },
      });
      expect(stored.statusCode).toBe(200);
      const { rid } = stored.json<Envelope<{ rid: string }>>().data;
      expect((await state()).body.data.answered).toBe(true);

      const history = await getJson<MessageHistory>(ctx, `/api/message/history?tid=${tid}`, a.agent.token);
      const notice = history.body.data.messages.at(-1);
      expect(notice).toMatchObject({ type: 'questionnaire', sender: { kind: 'system' } });
      expect(readQuestionnaireContent(notice?.content ?? '')).toEqual({
        fid,
        version: 1,
        title: 'After-sales check',
        rid,
        replyTo: card.body.data.mid,
      });

      const detail = await getJson<ChatSurveyAnswer>(
        ctx,
        `/api/form/survey/chat-answer?tid=${tid}&rid=${rid}`,
        a.agent.token,
      );
      expect(detail.status).toBe(200);
      expect(detail.body.data).toMatchObject({ rid, fid, answers: { buyer: 'no', why: 'Too dear' } });
      expect(detail.body.data.items).toHaveLength(2);
      expect(
        (await getJson(ctx, `/api/form/survey/chat-answer?tid=${tid}&rid=${rid}`, b.agent.token)).status,
      ).toBe(404);
      const elsewhere = await insertThread(ctx, {
        orgId: a.orgId,
        visitorId: visitor.visitorId,
        agentId: a.agent.userId,
        status: 'chatting',
      });
      expect(
        (await getJson(ctx, `/api/form/survey/chat-answer?tid=${elsewhere.tid}&rid=${rid}`, a.agent.token))
          .status,
      ).toBe(404);
      expect(
        (await getJson(ctx, `/api/form/survey/chat-answer?tid=${tid}&rid=nosuchanswer`, a.agent.token))
          .status,
      ).toBe(404);

      // Another visitor cannot answer into this thread.
      const stranger = await initVisitor(a);
      expect(
        (await answer(stranger.token, { fid, tid, version: 1, answers: { buyer: 'yes' } })).statusCode,
      ).toBe(404);
    });
  });
});
