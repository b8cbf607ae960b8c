import type { Page, RobotWord, ThreadRequestResult, User } from '@openkefu/contract';
import { expect, it } from 'vitest';
import { signIn, useTestApp } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { initVisitor, requestThread, type Envelope } from '../thread/chat.fixture.js';
import { defaultTransferKeywords } from './robot.defaults.js';
import { getAs, postAs, visitorSays } from './robot.chat.fixture.js';

/* The robot's defaults of a new organisation: asking it for a person works before any setting. */
await describeEachDatabase('robot defaults of an organisation', (target) => {
  const ctx = useTestApp(target, { build: { sweepIntervalMs: 0 } });

  const transferWords = async (token: string) =>
    (await getAs(ctx, '/api/robot/transfer/query?page=0&size=50', token))
      .json<Envelope<Page<RobotWord>>>()
      .data.content.map((word) => word.word)
      .sort();

  const register = async (username: string) => {
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/register',
      remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: {
        method: 'username',
        username,
        password: 'secret-123',
        nickname: username,
        organization: `${username} Ltd`,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    return signIn(ctx.app, username, 'secret-123');
  };

  it('gives the seeded and every registered organisation the default transfer keywords, each its own', async () => {
    const expected = [...defaultTransferKeywords].sort();
    expect(await transferWords(await signIn(ctx.app, 'admin', 'admin'))).toEqual(expected);
    const first = await register('defaults-one');
    const second = await register('defaults-two');
    expect(await transferWords(first)).toEqual(expected);
    // They are ordinary rows: deleting one in one organisation leaves the other's list whole.
    const [human] = (await getAs(ctx, '/api/robot/transfer/query?keyword=human&page=0&size=5', first)).json<
      Envelope<Page<RobotWord>>
    >().data.content;
    expect((await postAs(ctx, '/api/robot/transfer/delete', second, { rwid: human?.rwid })).statusCode).toBe(
      404,
    );
    expect((await postAs(ctx, '/api/robot/transfer/delete', first, { rwid: human?.rwid })).statusCode).toBe(
      200,
    );
    expect(await transferWords(first)).toEqual(expected.filter((word) => word !== 'human'));
    expect(await transferWords(second)).toEqual(expected);
  });

  it('hands a new organisation’s robot conversation to a person on "human" and "转人工" with no setup', async () => {
    const token = await register('defaults-handover');
    const robot = (
      await postAs(ctx, '/api/user/create/robot', token, { nickname: 'Robo', welcomeTip: 'Hi there' })
    ).json<Envelope<User>>().data;
    const robotRow = await ctx.database.db
      .selectFrom('user')
      .select(['id', 'org_id'])
      .where('uid', '=', robot.uid)
      .executeTakeFirstOrThrow();
    const group = await ctx.database.db
      .selectFrom('workgroup')
      .select('wid')
      .where('org_id', '=', robotRow.org_id)
      .executeTakeFirstOrThrow();
    await ctx.database.db
      .updateTable('workgroup')
      .set({ robot_id: robotRow.id, default_robot: 1 })
      .where('wid', '=', group.wid)
      .execute();
    const organization = await ctx.database.db
      .selectFrom('organization')
      .select('sub_domain')
      .where('id', '=', robotRow.org_id)
      .executeTakeFirstOrThrow();

    for (const words of ['Can I talk to a human please?', '帮我转人工']) {
      const visitor = await initVisitor(ctx, organization.sub_domain);
      const started: ThreadRequestResult = await requestThread(ctx, visitor.token, { wid: group.wid });
      expect(started.code).toBe(206);
      const tid = started.thread?.tid ?? '';
      await visitorSays(ctx, visitor.token, tid, words);
      let row = { status: 'robot', type: 'robot' };
      // Through queuing (the hand-over routes it like a request) to offline.
      for (let attempt = 0; attempt < 100 && row.status !== 'offline'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 30));
        row = await ctx.database.db
          .selectFrom('thread')
          .select(['status', 'type'])
          .where('tid', '=', tid)
          .executeTakeFirstOrThrow();
      }
      // Nobody is online in the new organisation: the visitor is asked to leave a message.
      expect(row, words).toEqual({ status: 'offline', type: 'robot_to_agent' });
    }
  });
});
