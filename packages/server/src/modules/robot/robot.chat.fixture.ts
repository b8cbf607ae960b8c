import { parseRobotReply, type Faq, type Message, type MessageHistory } from '@openkefu/contract';
import { bearer, createAccount, type TestContext } from '../../test/app.js';
import { resolveVisitor } from '../visitor/visitor.guard.js';
import { visitorActorOf } from '../thread/chat-actor.js';
import {
  initVisitor,
  makeChatOrg,
  requestThread,
  type ChatOrg,
  type Envelope,
} from '../thread/chat.fixture.js';

/*
 * Test fixture of the robot in live chat: an organisation whose skill group puts its robot first,
 * a FAQ the robot answers from, the transfer keyword 人工, and visitors who talk to it.
 */

/** `refund` is a welcome FAQ; `invoice` a recommended one (offered when nothing matched). */
export type RobotChatOrg = ChatOrg & { robotId: number; refund: Faq; invoice: Faq };

export const postAs = (ctx: TestContext, url: string, token: string, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload: payload as object });

export const getAs = (ctx: TestContext, url: string, token: string) =>
  ctx.app.inject({ method: 'GET', url, headers: bearer(token) });

export const makeRobotChatOrg = async (ctx: TestContext): Promise<RobotChatOrg> => {
  const org = await makeChatOrg(ctx, { agents: 1 });
  const robot = await createAccount(ctx.database, { roles: ['ROLE_ROBOT'], orgId: org.owner.orgId });
  await ctx.database.db
    .updateTable('user')
    .set({ is_robot: 1, nickname: 'Robo', welcome_tip: 'Hi, I am Robo. Ask me anything.' })
    .where('id', '=', robot.userId)
    .execute();
  const created = await postAs(ctx, '/api/faq/create', org.owner.token, {
    question: 'How do I get a refund?',
    similarQuestions: ['退款怎么申请'],
    answer: '<p>Refunds reach your card within <strong>7 days</strong>.</p>',
    welcome: true,
  });
  if (created.statusCode !== 200) throw new Error(`faq create failed: ${created.body}`);
  const recommended = await postAs(ctx, '/api/faq/create', org.owner.token, {
    question: 'How do I get an invoice?',
    answer: '<p>Ask for it on the order page.</p>',
    recommend: true,
  });
  if (recommended.statusCode !== 200) throw new Error(`faq create failed: ${recommended.body}`);
  const keyword = await postAs(ctx, '/api/robot/transfer/create', org.owner.token, { word: '人工' });
  if (keyword.statusCode !== 200) throw new Error(`transfer keyword failed: ${keyword.body}`);
  await ctx.database.db
    .updateTable('workgroup')
    .set({ robot_id: robot.userId, default_robot: 1, show_robot_faq: 1, show_robot_faq_not_found: 1 })
    .where('wid', '=', org.wid)
    .execute();
  return {
    ...org,
    robotId: robot.userId,
    refund: created.json<Envelope<Faq>>().data,
    invoice: recommended.json<Envelope<Faq>>().data,
  };
};

export const visitorHistory = async (ctx: TestContext, tid: string, token: string): Promise<Message[]> =>
  (await getAs(ctx, `/visitor/api/message/history?tid=${tid}&size=200`, token)).json<
    Envelope<MessageHistory>
  >().data.messages;

export const robotRepliesOf = (messages: Message[]) =>
  messages.filter((message) => message.type === 'robot').map((message) => parseRobotReply(message.content));

/** The robot answers after the visitor's acknowledgement: waits until `count` robot messages are stored. */
export const waitForRobotReplies = async (ctx: TestContext, tid: string, token: string, count: number) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const messages = await visitorHistory(ctx, tid, token);
    if (robotRepliesOf(messages).length >= count) return messages;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }
  throw new Error(`no robot reply number ${count}`);
};

/** Sends as the visitor (as the widget's socket does). */
export const visitorSays = async (ctx: TestContext, token: string, tid: string, content: string) => {
  const actor = await visitorActorOf(ctx.database.db, await resolveVisitor(ctx.database.db, token));
  return ctx.app.services.messages.send(actor, {
    tid,
    localId: `l-${content.slice(0, 16)}-${Math.random()}`,
    type: 'text',
    content,
  });
};

/** A new visitor asks the organisation's skill group for a chat. */
export const startChat = async (ctx: TestContext, org: ChatOrg) => {
  const visitor = await initVisitor(ctx, org.subDomain);
  const result = await requestThread(ctx, visitor.token, { wid: org.wid });
  return { token: visitor.token, result, tid: result.thread?.tid ?? '' };
};

/** Asks and waits for the robot's answer to it (the `count`-th robot message of the thread). */
export const askRobot = async (ctx: TestContext, chat: { token: string; tid: string }, text: string) => {
  const before = robotRepliesOf(await visitorHistory(ctx, chat.tid, chat.token)).length;
  await visitorSays(ctx, chat.token, chat.tid, text);
  const messages = await waitForRobotReplies(ctx, chat.tid, chat.token, before + 1);
  return messages.filter((message) => message.type === 'robot').at(-1) as Message;
};
