import {
  parseRobotReply,
  type Faq,
  type LlmProvider,
  type LlmProviderTestResult,
  type LlmSettings,
  type User,
  type Workgroup,
} from '@openkefu/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { startLlmProvider, type LlmProviderStub } from '../../test/llm-provider.js';
import { createMemoryPresence } from '../realtime/presence.js';
import {
  askRobot,
  getAs,
  postAs,
  robotRepliesOf,
  startChat,
  visitorHistory,
  visitorSays,
} from '../robot/robot.chat.fixture.js';
import type { ChatOrg, Envelope } from '../thread/chat.fixture.js';

await describeEachDatabase('large-model providers and answers', (target) => {
  const presence = createMemoryPresence();
  const ctx = useTestApp(target, { build: { presence, sweepIntervalMs: 0 } });
  let provider: LlmProviderStub;
  let staff: string;
  let owner: string;
  let chat: ChatOrg;
  let robot: User;
  let refund: Faq;

  const post = <T>(url: string, token: string, payload: unknown) =>
    postAs(ctx, url, token, payload).then((response) => ({
      status: response.statusCode,
      body: response.json<Envelope<T>>(),
    }));

  beforeAll(async () => {
    provider = await startLlmProvider({ apiKey: 'sk-test-1234' });
    staff = await signIn(ctx.app, 'admin', 'admin');
    const account = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    owner = await signIn(ctx.app, account.username, account.password);
    // The admin account's own organisation: a skill group with a large-model robot first.
    const group = (
      await post<Workgroup>('/api/workgroup/create', staff, {
        nickname: 'LLM desk',
        offlineTip: 'We are offline, leave a message',
      })
    ).body.data;
    robot = (
      await post<User>('/api/user/create/robot', staff, {
        nickname: 'GLM',
        robotType: 'zhipuai_platform',
        welcomeTip: 'Ask me anything',
      })
    ).body.data;
    const robotRow = await ctx.database.db
      .selectFrom('user')
      .select(['id', 'org_id'])
      .where('uid', '=', robot.uid)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('workgroup')
      .set({ robot_id: robotRow.id, default_robot: 1 })
      .where('wid', '=', group.wid)
      .execute();
    refund = (
      await post<Faq>('/api/faq/create', staff, {
        question: 'How long does a refund take?',
        answer: '<p>Refunds reach the card within seven days.</p>',
      })
    ).body.data;
    const organization = await ctx.database.db
      .selectFrom('organization')
      .select('sub_domain')
      .where('id', '=', Number(robotRow.org_id))
      .executeTakeFirstOrThrow();
    chat = {
      owner: { token: staff } as ChatOrg['owner'],
      agents: [],
      wid: group.wid,
      subDomain: organization.sub_domain,
    };
  });
  afterAll(() => provider.close());

  const providerNamed = async () => {
    const [first] = (await getAs(ctx, '/api/llm/provider/query', staff)).json<Envelope<LlmProvider[]>>().data;
    if (!first) throw new Error('no provider');
    return first;
  };

  /** The data of the thread's robot_answered events, oldest first. */
  const answeredEventsOf = async (tid: string) =>
    (
      await ctx.database.db
        .selectFrom('thread_event')
        .innerJoin('thread', 'thread.id', 'thread_event.thread_id')
        .select('thread_event.data')
        .where('thread.tid', '=', tid)
        .where('thread_event.kind', '=', 'robot_answered')
        .orderBy('thread_event.id')
        .execute()
    ).map((row) => JSON.parse(row.data) as Record<string, unknown>);

  it('keeps the key to itself: stored sealed, shown by its last four characters only', async () => {
    const created = await post<LlmProvider>('/api/llm/provider/create', staff, {
      name: 'Zhipu',
      baseUrl: `${provider.url}/`,
      model: 'glm-4-flash',
      apiKey: 'sk-test-1234',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ name: 'Zhipu', baseUrl: provider.url, apiKeyHint: '…1234' });
    expect(JSON.stringify(created.body)).not.toContain('sk-test');
    const stored = await ctx.database.db
      .selectFrom('llm_provider')
      .select('api_key_sealed')
      .executeTakeFirstOrThrow();
    expect(stored.api_key_sealed).not.toContain('sk-test');

    const tested = await post<LlmProviderTestResult>('/api/llm/provider/test', staff, {
      pid: created.body.data.pid,
    });
    expect(tested.body.data).toMatchObject({ ok: true });
    // An update without a key keeps it; a wrong key shows what the provider said.
    const renamed = await post<LlmProvider>('/api/llm/provider/update', staff, {
      pid: created.body.data.pid,
      name: 'Zhipu GLM',
      baseUrl: provider.url,
      model: 'glm-4-flash',
    });
    expect(renamed.body.data).toMatchObject({ name: 'Zhipu GLM', apiKeyHint: '…1234' });
    const wrong = await post<LlmProvider>('/api/llm/provider/create', staff, {
      name: 'Wrong key',
      baseUrl: provider.url,
      model: 'glm-4-flash',
      apiKey: 'sk-nope',
    });
    const refused = await post<LlmProviderTestResult>('/api/llm/provider/test', staff, {
      pid: wrong.body.data.pid,
    });
    expect(refused.body.data).toMatchObject({ ok: false, message: 'Incorrect API key provided' });
    expect((await post('/api/llm/provider/delete', staff, { pid: wrong.body.data.pid })).status).toBe(200);

    const bad = await post('/api/llm/provider/create', staff, {
      name: '',
      baseUrl: 'ftp://x',
      model: 'm',
      apiKey: 'k',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.map((field) => field.field).sort()).toEqual(['baseUrl', 'name']);
    // Only the admin account manages providers; unknown ids are 404.
    expect((await getAs(ctx, '/api/llm/provider/query', owner)).statusCode).toBe(403);
    expect((await post('/api/llm/provider/test', staff, { pid: 'nope' })).status).toBe(404);
  });

  it('answers with the provider from the FAQ passages, streamed, and counts the tokens', async () => {
    const [zhipu] = (await getAs(ctx, '/api/llm/provider/query', staff)).json<Envelope<LlmProvider[]>>().data;
    if (!zhipu) throw new Error('no provider');
    const robots = await ctx.database.db
      .selectFrom('user')
      .select('uid')
      .where('robot_type', '=', 'before')
      .limit(1)
      .execute();
    if (robots[0])
      expect((await post('/api/llm/robot', staff, { uid: robots[0].uid, pid: zhipu.pid })).status).toBe(400);
    expect((await post('/api/llm/robot', staff, { uid: robot.uid, pid: zhipu.pid })).status).toBe(200);
    provider.reply = 'A refund takes up to seven days [1].';

    const visitor = await startChat(ctx, chat);
    expect(visitor.result.code).toBe(206);
    const { hub } = ctx.app.services;
    const emit = hub.emit;
    const streamed: { streamId: string; index: number; delta: string }[] = [];
    hub.emit = (rooms, event, payload) => {
      if (event === 'robot:stream') streamed.push(payload as (typeof streamed)[number]);
      emit(rooms, event, payload);
    };
    const message = await askRobot(ctx, visitor, 'how long is a refund?').finally(() => {
      hub.emit = emit;
    });
    // Streamed word by word before the stored answer names the same stream.
    expect(streamed.map((event) => event.delta).join('')).toBe('A refund takes up to seven days [1].');
    expect(streamed.map((event) => event.index)).toEqual(streamed.map((_, index) => index));
    expect(parseRobotReply(message.content)).toMatchObject({ streamId: streamed[0]?.streamId });
    expect(parseRobotReply(message.content)).toMatchObject({
      kind: 'generated',
      question: 'how long is a refund?',
      answer: '<p>A refund takes up to seven days [1].</p>\n',
      sources: [{ source: 'faq', aid: refund.aid, title: 'How long does a refund take?', url: '' }],
      rating: null,
    });
    const sent = provider.requests.at(-1);
    expect(sent?.model).toBe('glm-4-flash');
    expect(sent?.messages[0]?.content).toContain('Refunds reach the card within seven days.');
    expect(sent?.messages[1]).toEqual({ role: 'user', content: 'how long is a refund?' });
    const rated = await postAs(ctx, '/visitor/api/robot/rate', visitor.token, {
      tid: visitor.tid,
      mid: message.mid,
      helpful: true,
    });
    expect(rated.statusCode).toBe(200);
    expect(parseRobotReply(rated.json<Envelope<{ content: string }>>().data.content)).toMatchObject({
      kind: 'generated',
      rating: 'helpful',
    });
    const settings = (await getAs(ctx, '/api/llm/settings', staff)).json<Envelope<LlmSettings>>().data;
    expect(settings).toMatchObject({ dailyTokenLimit: 100_000, usedToday: 46, answersToday: 1 });
    // The answer's own tokens, as the provider counted them, on its event.
    expect(await answeredEventsOf(visitor.tid)).toEqual([
      {
        question: 'how long is a refund?',
        source: 'llm',
        aid: '',
        title: '',
        promptTokens: 40,
        completionTokens: 6,
        totalTokens: 46,
        isTokensEstimated: false,
      },
    ]);
  });

  it('falls back to the best FAQ when the provider fails, and to a person when no FAQ fits', async () => {
    const [zhipu] = (await getAs(ctx, '/api/llm/provider/query', staff)).json<Envelope<LlmProvider[]>>().data;
    if (!zhipu) throw new Error('no provider');
    await post('/api/llm/provider/update', staff, {
      pid: zhipu.pid,
      name: 'Down',
      baseUrl: provider.url,
      model: 'fail',
    });
    const visitor = await startChat(ctx, chat);
    const fallback = await askRobot(ctx, visitor, 'How long does a refund take?');
    expect(parseRobotReply(fallback.content)).toMatchObject({ kind: 'answer', aid: refund.aid });
    await visitorSays(ctx, visitor.token, visitor.tid, 'zebra crossing regulations');
    let status = '';
    for (let attempt = 0; attempt < 100 && status !== 'offline'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      const row = await ctx.database.db
        .selectFrom('thread')
        .select('status')
        .where('tid', '=', visitor.tid)
        .executeTakeFirstOrThrow();
      status = row.status;
    }
    expect(status).toBe('offline');
    expect(robotRepliesOf(await visitorHistory(ctx, visitor.tid, visitor.token))).toHaveLength(2);
  });

  it('counts the tokens a failed call spent, but not those of a refused one', async () => {
    const zhipu = await providerNamed();
    const setModel = (model: string) =>
      post('/api/llm/provider/update', staff, { pid: zhipu.pid, name: model, baseUrl: provider.url, model });
    const usage = async () =>
      (await getAs(ctx, '/api/llm/settings', staff)).json<Envelope<LlmSettings>>().data;
    // Refused outright (HTTP 500): the provider did no work, nothing is counted.
    await setModel('fail');
    const before = await usage();
    const refused = await startChat(ctx, chat);
    expect(
      parseRobotReply((await askRobot(ctx, refused, 'How long does a refund take?')).content),
    ).toMatchObject({
      kind: 'answer',
    });
    expect(await usage()).toMatchObject({ usedToday: before.usedToday, answersToday: before.answersToday });
    // Cut mid-stream: the prompt it read and what it wrote count; it is not an answer.
    await setModel('cut');
    provider.reply = 'Refunds take seven';
    const cut = await startChat(ctx, chat);
    const fallback = await askRobot(ctx, cut, 'How long does a refund take?');
    expect(parseRobotReply(fallback.content)).toMatchObject({ kind: 'answer', aid: refund.aid });
    const [system, user] = provider.requests.at(-1)?.messages ?? [];
    const spent =
      Math.ceil((system?.content.length ?? 0) / 2) +
      Math.ceil((user?.content.length ?? 0) / 2) +
      Math.ceil('Refunds take seven'.length / 2);
    expect(spent).toBeGreaterThan(10);
    expect(await usage()).toMatchObject({
      usedToday: before.usedToday + spent,
      answersToday: before.answersToday,
    });
    // The fallback answer is the FAQ's: its event carries no tokens.
    expect(await answeredEventsOf(cut.tid)).toEqual([
      expect.not.objectContaining({ totalTokens: expect.anything() as unknown }),
    ]);
    await setModel('glm');
  });

  it('masks sensitive words in the streamed and the stored answer, recorded as the robot’s', async () => {
    expect((await post('/api/taboo/create', staff, { standard: 'CompetitorX', synonyms: [] })).status).toBe(
      200,
    );
    provider.reply = 'We ship faster than CompetitorX does, within seven days.';
    const visitor = await startChat(ctx, chat);
    const { hub } = ctx.app.services;
    const emit = hub.emit;
    const streamed: string[] = [];
    hub.emit = (rooms, event, payload) => {
      if (event === 'robot:stream') streamed.push((payload as { delta: string }).delta);
      emit(rooms, event, payload);
    };
    const message = await askRobot(ctx, visitor, 'how long is a refund?').finally(() => {
      hub.emit = emit;
    });
    expect(streamed.join('')).toBe('We ship faster than *********** does, within seven days.');
    expect(streamed.some((delta) => /Comp|etitor/.test(delta))).toBe(false);
    expect(parseRobotReply(message.content)).toMatchObject({
      kind: 'generated',
      answer: '<p>We ship faster than *********** does, within seven days.</p>\n',
    });
    const hits = await ctx.database.db
      .selectFrom('taboo_hit')
      .innerJoin('thread', 'thread.id', 'taboo_hit.thread_id')
      .innerJoin('user', 'user.id', 'taboo_hit.sender_user_id')
      .select(['taboo_hit.word', 'taboo_hit.action', 'user.uid'])
      .where('thread.tid', '=', visitor.tid)
      .execute();
    expect(hits).toEqual([{ word: 'CompetitorX', action: 'mask', uid: robot.uid }]);
  });

  it('reads the article’s own text around the question and links the article under the answer', async () => {
    const filler = (sentence: string) => Array.from({ length: 40 }, () => sentence).join(' ');
    const key = 'To pair the bluetooth speaker, hold the round button for five seconds until it blinks blue.';
    // Beyond what a search snippet (about 160 characters around the match) would carry.
    const rest =
      'Then open the Bluetooth settings of your phone and choose OK-Speaker from the list of devices. ' +
      'If the phone asks for a pairing code, enter 0000 and confirm.';
    const created = await post<{ aid: string }>('/api/article/create', staff, {
      type: 'support',
      title: 'Pairing the bluetooth speaker',
      content: `<p>${filler('Our warranty covers manufacturing defects for two years.')}</p><p>${key} ${rest}</p><p>${filler('Returns are accepted within thirty days.')}</p>`,
      status: 'published',
    });
    expect(created.status).toBe(200);
    provider.reply = 'Hold the round button for five seconds.';
    const visitor = await startChat(ctx, chat);
    const message = await askRobot(ctx, visitor, 'how do I pair my bluetooth speaker?');
    const system = provider.requests.at(-1)?.messages[0]?.content ?? '';
    // The sentence that answers lies far beyond the search snippet; the passage stays bounded.
    expect(system).toContain(key);
    expect(system).toContain('enter 0000 and confirm');
    expect(system.length).toBeLessThan(4000);
    const reply = parseRobotReply(message.content);
    expect(reply).toMatchObject({ kind: 'generated' });
    expect(reply?.kind === 'generated' ? reply.sources : []).toContainEqual({
      source: 'article',
      aid: created.body.data.aid,
      title: 'Pairing the bluetooth speaker',
      url: `/help/${chat.subDomain}/article/${created.body.data.aid}`,
    });
  });

  it("stops asking the provider once the day's tokens are spent", async () => {
    const [zhipu] = (await getAs(ctx, '/api/llm/provider/query', staff)).json<Envelope<LlmProvider[]>>().data;
    if (!zhipu) throw new Error('no provider');
    await post('/api/llm/provider/update', staff, {
      pid: zhipu.pid,
      name: 'Up',
      baseUrl: provider.url,
      model: 'glm',
    });
    const saved = await post<LlmSettings>('/api/llm/settings', staff, { dailyTokenLimit: 10 });
    expect(saved.body.data.dailyTokenLimit).toBe(10);
    const asked = provider.requests.length;
    const visitor = await startChat(ctx, chat);
    const message = await askRobot(ctx, visitor, 'How long does a refund take?');
    expect(parseRobotReply(message.content)).toMatchObject({ kind: 'answer', aid: refund.aid });
    expect(provider.requests.length).toBe(asked);
    expect((await post('/api/llm/settings', staff, { dailyTokenLimit: -1 })).status).toBe(400);
  });
});
