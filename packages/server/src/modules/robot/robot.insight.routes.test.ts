import {
  parseRobotReply,
  type Faq,
  type Page,
  type RobotHistoryRow,
  type RobotStatistic,
  type RobotTrainingGroup,
} from '@openkefu/contract';
import { beforeAll, expect, it } from 'vitest';
import { createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { createMemoryPresence } from '../realtime/presence.js';
import type { Envelope } from '../thread/chat.fixture.js';
import {
  askRobot,
  getAs,
  makeRobotChatOrg,
  postAs,
  startChat,
  visitorSays,
  type RobotChatOrg,
} from './robot.chat.fixture.js';

await describeEachDatabase('robot history, training and statistics', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });
  let org: RobotChatOrg;
  let other: RobotChatOrg;
  let answeredTid = '';
  let missedTid = '';
  let handedTid = '';
  let handedToken = '';

  const history = async (token: string, query = '') =>
    (await getAs(ctx, `/api/robot/history?page=0&size=20${query}`, token)).json<
      Envelope<Page<RobotHistoryRow>>
    >();

  beforeAll(async () => {
    org = await makeRobotChatOrg(ctx);
    other = await makeRobotChatOrg(ctx);
    // An answered chat whose answer is marked not helpful.
    const answered = await startChat(ctx, org);
    answeredTid = answered.tid;
    const answer = await askRobot(ctx, answered, 'how do i get a refund');
    const rated = await postAs(ctx, '/visitor/api/robot/rate', answered.token, {
      tid: answered.tid,
      mid: answer.mid,
      helpful: false,
    });
    expect(rated.statusCode).toBe(200);
    // A chat with two phrasings of the same missed question.
    const missed = await startChat(ctx, org);
    missedTid = missed.tid;
    expect(
      parseRobotReply((await askRobot(ctx, missed, 'where is my parcel tracking number')).content)?.kind,
    ).toBe('none');
    await askRobot(ctx, missed, 'parcel tracking number please');
    // A chat handed to a person (nobody online: it goes to the leave-message form).
    const handed = await startChat(ctx, org);
    handedTid = handed.tid;
    handedToken = handed.token;
    await visitorSays(ctx, handed.token, handed.tid, '人工');
    // The hand-over is written first and the routing that ends in the leave-message form after it:
    // wait for both, or the thread may still read `queuing`.
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const events = await ctx.database.db
        .selectFrom('thread_event')
        .select('kind')
        .where('kind', '=', 'robot_to_agent')
        .where('org_id', '=', org.owner.orgId)
        .execute();
      const thread = await ctx.database.db
        .selectFrom('thread')
        .select('status')
        .where('tid', '=', handedTid)
        .executeTakeFirst();
      if (events.length > 0 && thread?.status === 'offline') break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
  });

  it('lists the robot conversations with what happened in each, filtered by outcome', async () => {
    const all = await history(org.owner.token);
    expect(all.data.totalElements).toBe(3);
    const byTid = new Map(all.data.content.map((row) => [row.tid, row]));
    expect(byTid.get(answeredTid)).toMatchObject({
      questions: 1,
      answered: 1,
      useless: 1,
      transferred: false,
      robot: { nickname: 'Robo' },
      workGroup: { wid: org.wid },
    });
    expect(byTid.get(missedTid)).toMatchObject({ questions: 2, answered: 0, unanswered: 2 });
    expect(byTid.get(handedTid)).toMatchObject({ questions: 0, transferred: true, status: 'offline' });
    const tidsOf = async (outcome: string) =>
      (await history(org.owner.token, `&outcome=${outcome}`)).data.content.map((row) => row.tid);
    expect(await tidsOf('answered')).toEqual([answeredTid]);
    expect(await tidsOf('unanswered')).toEqual([missedTid]);
    expect(await tidsOf('transferred')).toEqual([handedTid]);
    expect(await tidsOf('unhelpful')).toEqual([answeredTid]);
    // Another organisation sees its own (none here) and gets 404 for this one's group.
    expect((await history(other.owner.token)).data.totalElements).toBe(0);
    expect((await getAs(ctx, `/api/robot/history?wid=${org.wid}`, other.owner.token)).statusCode).toBe(404);
  });

  it('says whether a conversation handed to nobody left a message, as the records do', async () => {
    const handedRow = async () =>
      (await history(org.owner.token)).data.content.find((row) => row.tid === handedTid);
    expect(await handedRow()).toMatchObject({ status: 'offline', leftMessage: false });
    expect((await history(org.owner.token)).data.content.every((row) => !row.leftMessage)).toBe(true);
    const left = await postAs(ctx, '/visitor/api/leavemsg', handedToken, {
      wid: org.wid,
      content: 'Please call me back about my order',
      mobile: '13800000000',
    });
    expect(left.statusCode, left.body).toBe(200);
    expect(await handedRow()).toMatchObject({ status: 'offline', leftMessage: true });
    const records = (await getAs(ctx, `/api/thread/transcript?tid=${handedTid}`, org.owner.token)).json<
      Envelope<{ thread: { leftMessage: boolean } }>
    >();
    expect(records.data.thread.leftMessage).toBe(true);
  });

  it('groups missed and unhelpful questions for training, and resolving one teaches the robot', async () => {
    const queue = (await getAs(ctx, '/api/robot/training', org.owner.token)).json<
      Envelope<RobotTrainingGroup[]>
    >().data;
    const parcel = queue.find((group) => group.questions.includes('where is my parcel tracking number'));
    expect(parcel).toMatchObject({ missed: 2, unhelpful: 0 });
    expect(parcel?.questions).toHaveLength(2);
    const refundGroup = queue.find((group) => group.question === 'how do i get a refund');
    expect(refundGroup).toMatchObject({ missed: 0, unhelpful: 1, suggestion: { aid: org.refund.aid } });

    const tracking = await postAs(ctx, '/api/faq/create', org.owner.token, {
      question: 'How can I track my order?',
      answer: '<p>Open My orders and press Track.</p>',
    });
    const faq = tracking.json<Envelope<Faq>>().data;
    // Another organisation's FAQ is nobody's to add to.
    expect(
      (
        await postAs(ctx, '/api/robot/training/resolve', other.owner.token, {
          keys: parcel?.keys,
          action: 'similar',
          faqAid: faq.aid,
          questions: parcel?.questions,
        })
      ).statusCode,
    ).toBe(404);
    const missingFaq = await postAs(ctx, '/api/robot/training/resolve', org.owner.token, {
      keys: parcel?.keys,
      action: 'similar',
    });
    expect(missingFaq.statusCode).toBe(400);
    expect(missingFaq.json<Envelope<null>>().fields?.map((field) => field.field)).toContain('faqAid');

    const resolved = await postAs(ctx, '/api/robot/training/resolve', org.owner.token, {
      keys: parcel?.keys,
      action: 'similar',
      faqAid: faq.aid,
      questions: parcel?.questions,
    });
    expect(resolved.json<Envelope<{ resolved: number }>>().data.resolved).toBe(2);
    const updated = (await getAs(ctx, `/api/faq/get?aid=${faq.aid}`, org.owner.token)).json<Envelope<Faq>>()
      .data;
    expect(updated.similarQuestions).toEqual(
      expect.arrayContaining(['where is my parcel tracking number', 'parcel tracking number please']),
    );
    const after = (await getAs(ctx, '/api/robot/training', org.owner.token)).json<
      Envelope<RobotTrainingGroup[]>
    >().data;
    expect(after.some((group) => group.questions.includes('where is my parcel tracking number'))).toBe(false);
    await postAs(ctx, '/api/robot/training/resolve', org.owner.token, {
      keys: refundGroup?.keys,
      action: 'ignore',
    });
    expect(
      (await getAs(ctx, '/api/robot/training', org.owner.token)).json<Envelope<RobotTrainingGroup[]>>().data,
    ).toEqual([]);

    // Next time the robot answers it.
    const chat = await startChat(ctx, org);
    const answer = parseRobotReply((await askRobot(ctx, chat, 'where is my parcel tracking number')).content);
    expect(answer).toMatchObject({ kind: 'answer', aid: faq.aid });
  });

  it('counts questions, answers, hand-overs and ratings by day and group', async () => {
    const response = await getAs(ctx, '/api/robot/statistic', org.owner.token);
    expect(response.statusCode).toBe(200);
    const statistic = response.json<Envelope<RobotStatistic>>().data;
    expect(statistic.totals).toMatchObject({ handOvers: 1, useless: 1, helpful: 0, helpfulRate: 0 });
    expect(statistic.totals.conversations).toBeGreaterThanOrEqual(3);
    expect(statistic.totals.questions).toBe(statistic.totals.answered + 2);
    expect(statistic.byDay).toHaveLength(30);
    expect(statistic.byDay.at(-1)?.questions).toBe(statistic.totals.questions);
    expect(statistic.byGroup).toEqual([expect.objectContaining({ wid: org.wid, handOvers: 1 })]);
    expect(statistic.topQuestions).toContainEqual(
      expect.objectContaining({ source: 'faq', aid: org.refund.aid, count: 1 }),
    );
    expect(statistic.topMisses[0]).toMatchObject({ count: 1 });

    const backwards = await getAs(ctx, '/api/robot/statistic?from=2000&to=1000', org.owner.token);
    expect(backwards.statusCode).toBe(400);
    expect((await getAs(ctx, `/api/robot/statistic?wid=${other.wid}`, org.owner.token)).statusCode).toBe(404);
    // Agents have no business in the robot's figures.
    const agent = org.agents[0];
    if (!agent) throw new Error('no agent');
    expect((await getAs(ctx, '/api/robot/statistic', agent.token)).statusCode).toBe(403);
    const checker = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_CHECKER'],
      orgId: org.owner.orgId,
    });
    const checkerToken = await signIn(ctx.app, checker.username, checker.password);
    expect((await getAs(ctx, '/api/robot/training', checkerToken)).statusCode).toBe(403);
  });
});
