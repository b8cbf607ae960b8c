import {
  readQuestionnaireContent,
  type ChatSurveyAnswer,
  type Message,
  type MessageHistory,
  type Page,
  type Survey,
  type SurveyResponse,
  type VisitorInitResult,
  type VisitorSurvey,
} from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import {
  createRecordsOrg,
  getJson,
  insertThread,
  insertWorkgroup,
  postJson,
  type Envelope,
  type RecordsOrg,
} from '../records/records.fixture.js';

await describeEachDatabase('after-chat surveys', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  let a: RecordsOrg;
  let fid = '';
  let group = { id: 0, wid: '' };
  let plainGroup = { id: 0, wid: '' };
  let visitor: { token: string; visitorId: number };

  const visitorCall = async <T>(method: 'GET' | 'POST', url: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${visitor.token}`, 'accept-language': 'en-US' },
    });
    return { status: response.statusCode, body: response.json<Envelope<T>>() };
  };
  const surveysOf = (messages: Message[]) =>
    messages.filter(
      (message) =>
        message.type === 'questionnaire' &&
        readQuestionnaireContent(message.content)?.purpose === 'afterchat' &&
        !readQuestionnaireContent(message.content)?.rid,
    );
  const chatting = (workgroupId: number) =>
    insertThread(ctx, {
      orgId: a.orgId,
      visitorId: visitor.visitorId,
      agentId: a.agent.userId,
      workgroupId,
      status: 'chatting',
    });

  beforeAll(async () => {
    a = await createRecordsOrg(ctx);
    group = await insertWorkgroup(ctx, a.orgId, { nickname: 'Support' });
    plainGroup = await insertWorkgroup(ctx, a.orgId, { nickname: 'No survey' });
    const saved = await postJson<Survey>(ctx, '/api/form/survey/save', a.admin.token, {
      title: 'How did we do?',
      items: [
        { key: 'nps', label: 'Recommend us?', type: 'nps', required: true },
        { key: 'why', label: 'Why?', type: 'textarea', required: false },
      ],
    });
    fid = saved.body.data.fid;
    await postJson(ctx, '/api/form/survey/publish', a.admin.token, { fid });
    const set = await postJson(ctx, '/api/workgroup/update', a.admin.token, {
      wid: group.wid,
      afterChatForm: fid,
    });
    expect(set.status).toBe(200);
    const init = await ctx.app.inject({
      method: 'POST',
      url: '/visitor/api/init',
      payload: { org: a.admin.subDomain, nickname: 'Guest' },
    });
    const data = init.json<Envelope<VisitorInitResult>>().data;
    const row = await ctx.database.db
      .selectFrom('visitor')
      .select('id')
      .where('vid', '=', data.visitor.vid)
      .executeTakeFirstOrThrow();
    visitor = { token: data.token, visitorId: Number(row.id) };
  });

  it("sends the group's after-chat form when the chat closes, once per care cycle", async () => {
    const thread = await chatting(group.id);
    const closed = await postJson(ctx, '/api/thread/close', a.agent.token, { tid: thread.tid });
    expect(closed.status).toBe(200);
    const history = await visitorCall<MessageHistory>(
      'GET',
      `/visitor/api/message/history?tid=${thread.tid}`,
    );
    const cards = surveysOf(history.body.data.messages);
    expect(cards).toHaveLength(1);
    expect(cards[0]?.sender.kind).toBe('system');
    expect(readQuestionnaireContent(cards[0]?.content ?? '')).toEqual({
      fid,
      version: 1,
      title: 'How did we do?',
      purpose: 'afterchat',
    });
    // The close notice comes first: the survey follows the end of the chat.
    const closeNotice = history.body.data.messages.find((message) =>
      message.type.startsWith('notification_'),
    );
    expect(closeNotice?.seq ?? Infinity).toBeLessThan(cards[0]?.seq ?? 0);

    // A rating after the close runs the close hook again: still one card.
    const rated = await visitorCall('POST', '/visitor/api/rate', { tid: thread.tid, score: 4, note: '' });
    expect(rated.status).toBe(200);
    const again = await visitorCall<MessageHistory>('GET', `/visitor/api/message/history?tid=${thread.tid}`);
    expect(surveysOf(again.body.data.messages)).toHaveLength(1);
  });

  it('stores the answer with the thread as an after-chat answer; the agent reads it', async () => {
    const thread = await chatting(group.id);
    await postJson(ctx, '/api/thread/close', a.agent.token, { tid: thread.tid });
    const history = await visitorCall<MessageHistory>(
      'GET',
      `/visitor/api/message/history?tid=${thread.tid}`,
    );
    const card = surveysOf(history.body.data.messages)[0] as Message;
    const form = await visitorCall<VisitorSurvey>(
      'GET',
      `/visitor/api/form/${fid}?tid=${thread.tid}&mid=${card.mid}`,
    );
    expect(form.body.data).toMatchObject({ fid, answered: false });

    const invalid = await visitorCall('POST', '/visitor/api/form/answer', {
      fid,
      tid: thread.tid,
      mid: card.mid,
      version: 1,
      answers: { nps: '11' },
    });
    expect(invalid.status).toBe(400);
    const answered = await visitorCall<{ rid: string }>('POST', '/visitor/api/form/answer', {
      fid,
      tid: thread.tid,
      mid: card.mid,
      version: 1,
      answers: { nps: '9', why: 'Quick help' },
    });
    expect(answered.status).toBe(200);
    const { rid } = answered.body.data;

    const responses = await getJson<Page<SurveyResponse>>(
      ctx,
      `/api/form/survey/responses?fid=${fid}&page=0&size=10`,
      a.admin.token,
    );
    expect(responses.body.data.content.find((response) => response.rid === rid)).toMatchObject({
      tid: thread.tid,
      source: 'afterchat',
      answers: { nps: '9', why: 'Quick help' },
    });
    const seen = await getJson<ChatSurveyAnswer>(
      ctx,
      `/api/form/survey/chat-answer?tid=${thread.tid}&rid=${rid}`,
      a.agent.token,
    );
    expect(seen.status).toBe(200);
    expect(seen.body.data.answers).toEqual({ nps: '9', why: 'Quick help' });
    const agentHistory = await getJson<MessageHistory>(
      ctx,
      `/api/message/history?tid=${thread.tid}`,
      a.agent.token,
    );
    expect(readQuestionnaireContent(agentHistory.body.data.messages.at(-1)?.content ?? '')).toMatchObject({
      rid,
      replyTo: card.mid,
    });
  });

  it('sends nothing for a group without an after-chat form, or once the form is unset', async () => {
    const plain = await chatting(plainGroup.id);
    await postJson(ctx, '/api/thread/close', a.agent.token, { tid: plain.tid });
    const history = await visitorCall<MessageHistory>('GET', `/visitor/api/message/history?tid=${plain.tid}`);
    expect(history.body.data.messages.filter((message) => message.type === 'questionnaire')).toHaveLength(0);

    await postJson(ctx, '/api/workgroup/update', a.admin.token, { wid: group.wid, afterChatForm: null });
    const unset = await chatting(group.id);
    await postJson(ctx, '/api/thread/close', a.agent.token, { tid: unset.tid });
    const after = await visitorCall<MessageHistory>('GET', `/visitor/api/message/history?tid=${unset.tid}`);
    expect(surveysOf(after.body.data.messages)).toHaveLength(0);
  });
});
