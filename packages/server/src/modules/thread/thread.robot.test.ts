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

  it('says its not-found tip with the recommended FAQs (not the welcome ones) when nothing matches', async () => {
    const { token, tid } = await startChat();
    await visitorSays(token, tid, 'zebra crossing regulations');
    expect(repliesOf(await waitForReplies(tid, token, 2))[1]).toEqual({
      kind: 'none',
      question: 'zebra crossing regulations',
      text: 'Sorry, I do not know that yet.',
      faqs: [{ aid: org.invoice.aid, question: 'How do I get an invoice?' }],
    });
    // A disabled recommended FAQ is not offered; without showRobotFaqNotFound none is.
    expect(
      (await post('/api/faq/enable', org.owner.token, { aid: org.invoice.aid, enabled: false })).statusCode,
    ).toBe(200);
    await visitorSays(token, tid, 'penguin migration');
    expect(repliesOf(await waitForReplies(tid, token, 3))[2]).toMatchObject({ kind: 'none', faqs: [] });
    expect(
      (await post('/api/faq/enable', org.owner.token, { aid: org.invoice.aid, enabled: true })).statusCode,
    ).toBe(200);
    await setGroup(org.wid, { show_robot_faq_not_found: 0 });
    await visitorSays(token, tid, 'volcano eruptions');
    expect(repliesOf(await waitForReplies(tid, token, 4))[3]).toMatchObject({ kind: 'none', faqs: [] });
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

  /** A work-hours setting that is closed now (one hour a day, twelve hours away). */
  const closedNow = () => {
    const window =
      new Date().getUTCHours() < 12 ? { start: '13:00', end: '14:00' } : { start: '01:00', end: '02:00' };
    return JSON.stringify({
      timezone: 'UTC',
      entries: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ...window })),
    });
  };

  /** A fresh organisation (so no earlier test's conversations count against its agent's capacity). */
  const makeFreshOrg = async (group: Record<string, number | string | null>, maxThreads = 5) => {
    const fresh = await makeRobotChatOrg(ctx);
    await setGroup(fresh.wid, group);
    const agent = fresh.agents[0];
    if (!agent) throw new Error('no agent');
    await ctx.database.db
      .updateTable('user')
      .set({ max_thread_count: maxThreads })
      .where('id', '=', agent.userId)
      .execute();
    return { fresh, agent };
  };

  const statusOf = async (tid: string) =>
    await ctx.database.db
      .selectFrom('thread')
      .select(['status', 'type', 'close_type'])
      .where('tid', '=', tid)
      .executeTakeFirstOrThrow();

  it('offline robot: outside work hours it takes the chat, and a hand-over ends in the leave-message answer (203)', async () => {
    const { fresh, agent } = await makeFreshOrg({
      default_robot: 0,
      offline_robot: 1,
      work_times: closedNow(),
    });
    // Someone is online, but the group is closed: the robot answers instead of the leave-message form.
    await bringOnline(ctx, presence, agent);
    const chat = await startChat(fresh);
    expect(chat.result).toMatchObject({ code: 206, thread: { status: 'robot', type: 'robot' } });
    await visitorSays(chat.token, chat.tid, 'how do i get a refund');
    expect(repliesOf(await waitForReplies(chat.tid, chat.token, 2))[1]).toMatchObject({
      kind: 'answer',
      aid: fresh.refund.aid,
    });
    const handed = await post('/visitor/api/robot/transfer', chat.token, { tid: chat.tid });
    expect(handed.statusCode).toBe(200);
    expect(handed.json<Envelope<ThreadRequestResult>>().data).toMatchObject({
      code: 203,
      tip: 'Outside working hours',
      thread: { status: 'offline', type: 'robot_to_agent', closeType: 'non_working_time' },
    });
    expect(await statusOf(chat.tid)).toEqual({
      status: 'offline',
      type: 'robot_to_agent',
      close_type: 'non_working_time',
    });
    // Without the offline robot the same group answers 203 at once.
    await setGroup(fresh.wid, { offline_robot: 0 });
    expect((await startChat(fresh)).result.code).toBe(203);
  });

  it('robot first: a hand-over outside work hours by keyword leaves the visitor at the leave-message form', async () => {
    const { fresh } = await makeFreshOrg({ default_robot: 1, work_times: closedNow() });
    const chat = await startChat(fresh);
    expect(chat.result.code).toBe(206);
    await visitorSays(chat.token, chat.tid, '我要人工');
    let row = await statusOf(chat.tid);
    // Through queuing (the hand-over routes it like a request) to offline.
    for (let attempt = 0; attempt < 100 && row.status !== 'offline'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      row = await statusOf(chat.tid);
    }
    expect(row).toEqual({ status: 'offline', type: 'robot_to_agent', close_type: 'non_working_time' });
    expect(repliesOf(await visitorHistory(chat.tid, chat.token))).toHaveLength(1);
  });

  it('offline robot: takes the chat when the queue is full, and a hand-over then ends in the queue-full tip', async () => {
    const { fresh, agent } = await makeFreshOrg(
      {
        default_robot: 0,
        offline_robot: 1,
        max_queue_count: 1,
        max_queue_count_exceed_tip: 'The queue is full',
      },
      1,
    );
    await bringOnline(ctx, presence, agent);
    const served = await startChat(fresh);
    expect(served.result.code).toBe(200);
    const waiting = await startChat(fresh);
    expect(waiting.result).toMatchObject({ code: 202, thread: { queuePosition: 1 } });
    // The queue holds one: the third visitor talks to the robot rather than leaving a message.
    const third = await startChat(fresh);
    expect(third.result).toMatchObject({ code: 206, thread: { status: 'robot', type: 'robot' } });
    const preview = await ctx.app.inject({
      method: 'GET',
      url: `/visitor/api/preview?org=${fresh.subDomain}&wid=${fresh.wid}`,
    });
    expect(preview.json<Envelope<WidgetPreview>>().data.code).toBe(206);
    const handed = await post('/visitor/api/robot/transfer', third.token, { tid: third.tid });
    expect(handed.json<Envelope<ThreadRequestResult>>().data).toMatchObject({
      code: 204,
      tip: 'The queue is full',
      thread: { status: 'offline', type: 'robot_to_agent' },
    });
    // With room in the queue again the robot stays out of it.
    await setGroup(fresh.wid, { max_queue_count: 0 });
    expect((await startChat(fresh)).result.code).toBe(202);
  });

  it('hands over to the queue (202) when every agent is busy; the agent gets it once a chat closes', async () => {
    const { fresh, agent } = await makeFreshOrg({ default_robot: 1 }, 1);
    await bringOnline(ctx, presence, agent);
    const robotChat = await startChat(fresh);
    expect(robotChat.result.code).toBe(206);
    // The agent's one place is taken by a chat that reached the agent another way (robot off).
    await setGroup(fresh.wid, { default_robot: 0 });
    const busy = await startChat(fresh);
    expect(busy.result.code).toBe(200);
    await setGroup(fresh.wid, { default_robot: 1 });

    await visitorSays(robotChat.token, robotChat.tid, 'how do i get a refund');
    await waitForReplies(robotChat.tid, robotChat.token, 2);
    const handed = await post('/visitor/api/robot/transfer', robotChat.token, { tid: robotChat.tid });
    expect(handed.statusCode).toBe(200);
    expect(handed.json<Envelope<ThreadRequestResult>>().data).toMatchObject({
      code: 202,
      thread: { status: 'queuing', type: 'robot_to_agent', queuePosition: 1 },
    });
    // While it waits, the robot no longer answers.
    await visitorSays(robotChat.token, robotChat.tid, 'how do i get a refund');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(repliesOf(await visitorHistory(robotChat.tid, robotChat.token))).toHaveLength(2);

    expect((await post('/api/thread/close', agent.token, { tid: busy.tid })).statusCode).toBe(200);
    let thread: Thread | undefined;
    for (let attempt = 0; attempt < 100 && thread?.status !== 'chatting'; attempt += 1) {
      thread = (await get(`/api/thread/get?tid=${robotChat.tid}`, agent.token)).json<Envelope<Thread>>().data;
      if (thread.status !== 'chatting') await new Promise((resolve) => setTimeout(resolve, 30));
    }
    expect(thread).toMatchObject({ status: 'chatting', type: 'robot_to_agent', agent: { uid: agent.uid } });
    const seen = (await get(`/api/message/history?tid=${robotChat.tid}`, agent.token)).json<
      Envelope<MessageHistory>
    >().data.messages;
    expect(seen.map((message) => message.type)).toEqual(
      expect.arrayContaining(['robot', 'text', 'notification_queue_accept']),
    );
  });

  it('applies sensitive words and the blacklist in a robot conversation, and masks what the robot says', async () => {
    const { fresh } = await makeFreshOrg({ default_robot: 1 });
    const owner = fresh.owner.token;
    expect(
      (await post('/api/taboo/create', owner, { standard: 'CompetitorX', synonyms: ['笨蛋'] })).statusCode,
    ).toBe(200);
    const shipping = await post('/api/faq/create', owner, {
      question: 'How fast is shipping?',
      similarQuestions: ['发货要多久'],
      answer:
        '<p>Faster than <strong>CompetitorX</strong>: two days &amp; free. <a href="https://example.com/competitorx">Compare</a></p>',
    });
    expect(shipping.statusCode).toBe(200);
    const visitor = await initVisitor(ctx, fresh.subDomain);
    const started = await requestThread(ctx, visitor.token, { wid: fresh.wid });
    const tid = started.thread?.tid ?? '';

    // Mask mode (the default): the visitor's words are masked before the robot reads them, and the
    // robot's answer from the FAQ is masked in its visible text only.
    const said = await visitorSays(visitor.token, tid, 'how fast is shipping? CompetitorX is quicker');
    expect(said.content).toBe('how fast is shipping? *********** is quicker');
    const answer = repliesOf(await waitForReplies(tid, visitor.token, 2))[1];
    expect(answer).toMatchObject({
      kind: 'answer',
      question: 'how fast is shipping? *********** is quicker',
    });
    // Tags, attributes and entities are left as written.
    expect(answer?.kind === 'answer' ? answer.answer : '').toMatch(
      /^<p>Faster than <strong>\*{11}<\/strong>: two days &amp; free\. <a href="https:\/\/example\.com\/competitorx"[^>]*>Compare<\/a><\/p>$/,
    );
    const hits = await ctx.database.db
      .selectFrom('taboo_hit')
      .innerJoin('thread', 'thread.id', 'taboo_hit.thread_id')
      .select(['taboo_hit.sender_kind', 'taboo_hit.sender_user_id', 'taboo_hit.action'])
      .where('thread.tid', '=', tid)
      .orderBy('taboo_hit.id')
      .execute();
    expect(hits).toEqual([
      { sender_kind: 'visitor', sender_user_id: null, action: 'mask' },
      { sender_kind: 'agent', sender_user_id: fresh.robotId, action: 'mask' },
    ]);

    // Block mode: the visitor's message is refused (nothing stored, no answer); the robot's own
    // words cannot be refused, so they are still masked.
    expect((await post('/api/taboo/mode', owner, { mode: 'block' })).statusCode).toBe(200);
    await expect(visitorSays(visitor.token, tid, '你这个笨蛋')).rejects.toMatchObject({ statusCode: 400 });
    await visitorSays(visitor.token, tid, '发货要多久');
    const third = repliesOf(await waitForReplies(tid, visitor.token, 3))[2];
    expect(third).toMatchObject({ kind: 'answer', aid: shipping.json<Envelope<Faq>>().data.aid });
    expect(JSON.stringify(third)).not.toContain('CompetitorX');
    const history = await visitorHistory(tid, visitor.token);
    expect(history.map((message) => message.content)).not.toContain('你这个笨蛋');
    expect(repliesOf(history)).toHaveLength(3);

    // The blacklist: a visitor blocked mid-conversation may not write to the robot, and a new
    // request answers -3.
    const blocked = await post('/api/block/create', owner, { type: 'visitor', vid: visitor.visitor.vid });
    expect(blocked.statusCode).toBe(200);
    await expect(visitorSays(visitor.token, tid, 'how fast is shipping?')).rejects.toMatchObject({
      statusCode: 403,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(repliesOf(await visitorHistory(tid, visitor.token))).toHaveLength(3);
    expect((await post('/visitor/api/thread/close', visitor.token, { tid })).statusCode).toBe(200);
    expect((await requestThread(ctx, visitor.token, { wid: fresh.wid })).code).toBe(-3);
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
