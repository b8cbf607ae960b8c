import {
  parseRobotReply,
  type Faq,
  type Message,
  type MessageHistory,
  type RobotReply,
  type Thread,
  type ThreadRequestResult,
  type WidgetPreview,
} from '@openkefu/contract';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import {
  getAs,
  makeRobotChatOrg,
  postAs,
  robotRepliesOf,
  startChat as startChatIn,
  visitorHistory as historyIn,
  visitorSays as saysIn,
  waitForRobotReplies,
  type RobotChatOrg,
} from '../robot/robot.chat.fixture.js';
import {
  bringOnline,
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from './chat.fixture.js';

await describeEachDatabase('the robot in live chat', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });
  let org: RobotChatOrg;
  let other: ChatOrg;
  let refund: Faq;
  let robotId: number;

  const post = (url: string, token: string, payload: unknown) => postAs(ctx, url, token, payload);
  const get = (url: string, token: string) => getAs(ctx, url, token);
  const visitorHistory = (tid: string, token: string) => historyIn(ctx, tid, token);
  const repliesOf = robotRepliesOf;
  const waitForReplies = (tid: string, token: string, count: number) =>
    waitForRobotReplies(ctx, tid, token, count);
  const visitorSays = (token: string, tid: string, content: string) => saysIn(ctx, token, tid, content);
  const setGroup = (wid: string, values: Record<string, number | string | null>) =>
    ctx.database.db.updateTable('workgroup').set(values).where('wid', '=', wid).execute();
  const startChat = (chat: ChatOrg = org) => startChatIn(ctx, chat);

  beforeAll(async () => {
    org = await makeRobotChatOrg(ctx);
    other = await makeChatOrg(ctx, { agents: 1 });
    robotId = org.robotId;
    refund = org.refund;
    const button = await post('/api/robot/quickbutton/create', org.owner.token, {
      wid: org.wid,
      label: 'Talk to a person',
      action: 'transfer',
    });
    expect(button.statusCode).toBe(200);
  });

  beforeEach(async () => {
    await setGroup(org.wid, {
      robot_id: robotId,
      default_robot: 1,
      offline_robot: 0,
      show_robot_faq: 1,
      show_robot_faq_not_found: 1,
      robot_answer_not_found_tip: 'Sorry, I do not know that yet.',
    });
    for (const agent of org.agents) {
      await ctx.database.db
        .updateTable('user')
        .set({ status: 'offline' })
        .where('id', '=', agent.userId)
        .execute();
      await presence.disconnect(agent.userId);
    }
  });

  it('takes the request when the group puts the robot first: 206 and a welcome with FAQs and quick buttons', async () => {
    const { result, token, tid } = await startChat();
    expect(result.code).toBe(206);
    expect(result.tip).toBe('Hi, I am Robo. Ask me anything.');
    expect(result.thread).toMatchObject({ status: 'robot', type: 'robot' });
    const [welcome] = repliesOf(await visitorHistory(tid, token));
    expect(welcome).toEqual({
      kind: 'welcome',
      text: 'Hi, I am Robo. Ask me anything.',
      faqs: [{ aid: refund.aid, question: 'How do I get a refund?' }],
      quickButtons: [expect.objectContaining({ label: 'Talk to a person', action: 'transfer', content: '' })],
    });
    const messages = await visitorHistory(tid, token);
    expect(messages[0]?.sender).toMatchObject({ kind: 'robot', nickname: 'Robo' });
    // Asking again while it is open continues it.
    expect((await requestThread(ctx, token, { wid: org.wid })).code).toBe(201);
    // The embed-code preview says the robot would answer, and writes nothing.
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/visitor/api/preview?org=${org.subDomain}&wid=${org.wid}`,
    });
    expect(preview.json<Envelope<WidgetPreview>>().data.code).toBe(206);
  });

  it('answers a FAQ in English and Chinese, and takes one rating per answer', async () => {
    const { token, tid } = await startChat();
    await visitorSays(token, tid, 'how do i get a refund');
    const messages = await waitForReplies(tid, token, 2);
    const answer = repliesOf(messages)[1] as Extract<RobotReply, { kind: 'answer' }>;
    expect(answer).toMatchObject({
      kind: 'answer',
      question: 'how do i get a refund',
      source: 'faq',
      aid: refund.aid,
      title: 'How do I get a refund?',
      rating: null,
    });
    expect(answer.answer).toContain('<strong>7 days</strong>');
    await visitorSays(token, tid, '请问退款怎么申请');
    expect(repliesOf(await waitForReplies(tid, token, 3))[2]).toMatchObject({
      kind: 'answer',
      aid: refund.aid,
    });

    const mid = messages.find((message) => message.type === 'robot' && message.seq > 1)?.mid ?? '';
    const rated = await post('/visitor/api/robot/rate', token, { tid, mid, helpful: true });
    expect(rated.statusCode).toBe(200);
    expect(parseRobotReply(rated.json<Envelope<Message>>().data.content)).toMatchObject({
      rating: 'helpful',
    });
    expect((await post('/visitor/api/robot/rate', token, { tid, mid, helpful: false })).statusCode).toBe(409);
    const faq = (await get(`/api/faq/get?aid=${refund.aid}`, org.owner.token)).json<Envelope<Faq>>().data;
    expect(faq.rateHelpful).toBe(1);
    expect(faq.queryCount).toBeGreaterThanOrEqual(2);
    // The welcome is not an answer to rate; another visitor's thread is nobody's business.
    const welcomeMid = messages[0]?.mid ?? '';
    expect(
      (await post('/visitor/api/robot/rate', token, { tid, mid: welcomeMid, helpful: true })).statusCode,
    ).toBe(404);
    const stranger = await initVisitor(ctx, org.subDomain);
    expect(
      (await post('/visitor/api/robot/rate', stranger.token, { tid, mid, helpful: true })).statusCode,
    ).toBe(404);
    expect((await post('/visitor/api/robot/transfer', stranger.token, { tid })).statusCode).toBe(404);
  });

  it('says its not-found tip with FAQs to try when nothing matches', async () => {
    const { token, tid } = await startChat();
    await visitorSays(token, tid, 'zebra crossing regulations');
    expect(repliesOf(await waitForReplies(tid, token, 2))[1]).toEqual({
      kind: 'none',
      question: 'zebra crossing regulations',
      text: 'Sorry, I do not know that yet.',
      faqs: [{ aid: refund.aid, question: 'How do I get a refund?' }],
    });
  });

  it('hands over on a transfer keyword: the agent takes it and reads the robot part', async () => {
    const agent = org.agents[0];
    if (!agent) throw new Error('no agent');
    await bringOnline(ctx, presence, agent);
    const { token, tid } = await startChat();
    await visitorSays(token, tid, 'how do i get a refund');
    await waitForReplies(tid, token, 2);
    await visitorSays(token, tid, '转人工');
    let thread: Thread | undefined;
    for (let attempt = 0; attempt < 100 && thread?.status !== 'chatting'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      thread = (await get(`/api/thread/get?tid=${tid}`, agent.token)).json<Envelope<Thread>>().data;
    }
    expect(thread).toMatchObject({ status: 'chatting', type: 'robot_to_agent', agent: { uid: agent.uid } });
    const seen = (await get(`/api/message/history?tid=${tid}`, agent.token)).json<Envelope<MessageHistory>>()
      .data.messages;
    expect(seen.map((message) => message.type)).toEqual(
      expect.arrayContaining(['robot', 'text', 'notification_accept']),
    );
    expect(seen.filter((message) => message.type === 'robot')).toHaveLength(2);
    // The agent now answers; the robot stays quiet.
    await visitorSays(token, tid, 'how do i get a refund');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(repliesOf(await visitorHistory(tid, token))).toHaveLength(2);
  });

  it('hands over by the button; with nobody online the visitor leaves a message', async () => {
    const { token, tid } = await startChat();
    const handed = await post('/visitor/api/robot/transfer', token, { tid });
    expect(handed.statusCode).toBe(200);
    const result = handed.json<Envelope<ThreadRequestResult>>().data;
    expect(result).toMatchObject({ code: 204, tip: 'We are offline, leave a message' });
    expect(result.thread).toMatchObject({ status: 'offline', type: 'robot_to_agent' });
    expect((await post('/visitor/api/robot/transfer', token, { tid })).statusCode).toBe(409);
  });

  it('answers only when no agent could with offlineRobot, and never for another organisation', async () => {
    await setGroup(org.wid, { default_robot: 0, offline_robot: 1 });
    const nobody = await startChat();
    expect(nobody.result.code).toBe(206);
    const agent = org.agents[0];
    if (!agent) throw new Error('no agent');
    await bringOnline(ctx, presence, agent);
    const someone = await startChat();
    expect(someone.result.code).toBe(200);
    // The other organisation's group cannot use this organisation's robot.
    await setGroup(other.wid, { robot_id: robotId, default_robot: 1 });
    expect((await startChat(other)).result.code).toBe(204);
  });

  it('asks for a name and mobile when the group collects leads, and makes the visitor a CRM lead', async () => {
    await setGroup(org.wid, { robot_collect_mobile: 1 });
    const { token, tid } = await startChat();
    const messages = await visitorHistory(tid, token);
    const asked = messages.find((message) => parseRobotReply(message.content)?.kind === 'lead');
    expect(parseRobotReply(asked?.content ?? '')).toEqual({
      kind: 'lead',
      text: '',
      done: false,
      name: '',
      mobile: '',
    });
    const mid = asked?.mid ?? '';
    const bad = await post('/visitor/api/robot/lead', token, { tid, mid, name: ' ', mobile: 'call me' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<Envelope<null>>()
        .fields?.map((field) => field.field)
        .sort(),
    ).toEqual(['mobile', 'name']);
    const answered = await post('/visitor/api/robot/lead', token, {
      tid,
      mid,
      name: 'Lin Wei',
      mobile: '138 0013 8000',
    });
    expect(answered.statusCode).toBe(200);
    expect(parseRobotReply(answered.json<Envelope<Message>>().data.content)).toEqual({
      kind: 'lead',
      text: '',
      done: true,
      name: 'Lin Wei',
      mobile: '138****8000',
    });
    expect(
      (await post('/visitor/api/robot/lead', token, { tid, mid, name: 'Again', mobile: '13800138001' }))
        .statusCode,
    ).toBe(409);
    const leads = (await get('/api/customer/query?channel=lead&page=0&size=10', org.owner.token)).json<
      Envelope<{ content: { name: string; mobile: string }[] }>
    >().data.content;
    expect(leads).toEqual([expect.objectContaining({ name: 'Lin Wei', mobile: '13800138000' })]);
    const exported = await get('/api/customer/export?channel=lead', org.owner.token);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-export-rows']).toBe('1');
    // Asked once: in the next conversation the visitor has a number on file and is not asked again.
    expect((await post('/visitor/api/thread/close', token, { tid })).statusCode).toBe(200);
    const next = await requestThread(ctx, token, { wid: org.wid });
    expect(next.code).toBe(206);
    const kinds = repliesOf(await visitorHistory(tid, token)).map((reply) => reply?.kind);
    expect(kinds.filter((kind) => kind === 'welcome')).toHaveLength(2);
    expect(kinds.filter((kind) => kind === 'lead')).toHaveLength(1);
    await setGroup(org.wid, { robot_collect_mobile: 0 });
  });
});
