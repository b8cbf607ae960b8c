import type { Page, User, UserBrief } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, clientAuth, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

await describeEachDatabase('robot routes', (target) => {
  const ctx = useTestApp(target);
  let staff: string;
  let ownerA: TestAccount;
  let adminA: string;
  let agentAccount: TestAccount;
  let agentA: string;
  let ownerB: string;
  let widA1: string;
  let widA2: string;
  let widB: string;

  const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };

  const insertWorkgroup = async (orgId: number, nickname: string) => {
    const wid = createPublicId();
    const now = Date.now();
    await ctx.database.db
      .insertInto('workgroup')
      .values({ wid, org_id: orgId, nickname, created_at: now, updated_at: now })
      .execute();
    return wid;
  };

  const robotOfGroup = async (wid: string) =>
    (
      await ctx.database.db
        .selectFrom('workgroup')
        .leftJoin('user', 'user.id', 'workgroup.robot_id')
        .select('user.uid')
        .where('workgroup.wid', '=', wid)
        .executeTakeFirstOrThrow()
    ).uid;

  const userRow = (uid: string) =>
    ctx.database.db.selectFrom('user').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

  const createRobot = async (token: string, payload: Record<string, unknown>) => {
    const { status, body } = await call<User>('POST', '/api/user/create/robot', token, payload);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    ownerA = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    adminA = await signIn(ctx.app, ownerA.username, ownerA.password);
    agentAccount = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: ownerA.orgId,
    });
    agentA = await signIn(ctx.app, agentAccount.username, agentAccount.password);
    const accountB = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    ownerB = await signIn(ctx.app, accountB.username, accountB.password);
    widA1 = await insertWorkgroup(ownerA.orgId, 'Robots first');
    widA2 = await insertWorkgroup(ownerA.orgId, 'Robots second');
    widB = await insertWorkgroup(accountB.orgId, 'B group');
  });

  describe('POST /api/user/create/robot', () => {
    it('adds a robot answering for skill groups, with the robot role and the default type', async () => {
      const robot = await createRobot(adminA, {
        nickname: 'Helper',
        welcomeTip: 'I am a robot',
        description: 'Answers FAQs',
        workGroups: [widA1],
      });
      expect(robot).toMatchObject({
        nickname: 'Helper',
        welcomeTip: 'I am a robot',
        description: 'Answers FAQs',
        robot: true,
        robotType: 'before',
        enabled: true,
        workGroups: [{ wid: widA1, nickname: 'Robots first' }],
        subDomain: ownerA.subDomain,
      });
      expect(robot.roles.map((role) => role.value)).toEqual(['ROLE_ROBOT']);
      expect(await robotOfGroup(widA1)).toBe(robot.uid);
      expect(JSON.stringify(robot)).not.toMatch(/password/i);
    });

    it('never lets a robot sign in', async () => {
      const robot = await createRobot(adminA, { nickname: 'No login', robotType: 'after' });
      expect(robot.robotType).toBe('after');
      for (const password of ['', '!robot', 'password']) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { authorization: clientAuth },
          payload: { grant_type: 'password', username: robot.username, password: password || 'x' },
        });
        expect(response.statusCode).toBe(400);
      }
    });

    it('answers 400 naming each invalid field', async () => {
      const cases: [string, unknown][] = [
        ['nickname', ''],
        ['robotType', 'chatty'],
        ['welcomeTip', 'w'.repeat(501)],
        ['workGroups', [widB]],
      ];
      for (const [field, value] of cases) {
        const { status, body } = await call('POST', '/api/user/create/robot', adminA, {
          nickname: 'ok',
          [field]: value,
        });
        expect(status, field).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
      const missing = await call('POST', '/api/user/create/robot', adminA, {});
      expect(missing.body.fields?.map((entry) => entry.field)).toEqual(['nickname']);
    });

    it('answers 401 without a token and 403 for an agent without kefu.account add', async () => {
      expect((await call('POST', '/api/user/create/robot', undefined, { nickname: 'x' })).status).toBe(401);
      expect((await call('POST', '/api/user/create/robot', agentA, { nickname: 'x' })).status).toBe(403);
    });
  });

  describe('GET /api/user/robot and /robot/all', () => {
    let robotA: User;
    let robotB: User;

    beforeAll(async () => {
      robotA = await createRobot(adminA, { nickname: 'Listed robot' });
      robotB = await createRobot(ownerB, { nickname: 'Other org robot' });
    });

    it("pages the organisation's robots only, newest first; robots never appear in agent lists", async () => {
      const { status, body } = await call<Page<User>>(
        'GET',
        '/api/user/robot?page=0&size=50&client=web',
        agentA,
      );
      expect(status).toBe(200);
      const uids = body.data.content.map((user) => user.uid);
      expect(uids[0]).toBe(robotA.uid);
      expect(body.data.content.every((user) => user.robot)).toBe(true);
      expect(uids).not.toContain(robotB.uid);
      expect(uids).not.toContain(agentAccount.uid);

      const agents = await call<Page<User>>('GET', '/api/user/all?size=100', adminA);
      expect(agents.body.data.content.some((user) => user.robot)).toBe(false);
      const contacts = await call<Page<UserBrief>>('GET', '/api/user/contacts?size=100', adminA);
      expect(contacts.body.data.content.some((user) => user.robot)).toBe(false);
    });

    it('lists every robot of the organisation as briefs', async () => {
      const { status, body } = await call<UserBrief[]>('GET', '/api/user/robot/all', adminA);
      expect(status).toBe(200);
      const uids = body.data.map((user) => user.uid);
      expect(uids).toContain(robotA.uid);
      expect(uids).not.toContain(robotB.uid);
      expect(body.data.every((user) => user.robot)).toBe(true);
    });

    it('answers 400 for bad paging, 401 without a token', async () => {
      const bad = await call('GET', '/api/user/robot?size=0', adminA);
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['size']);
      expect((await call('GET', '/api/user/robot')).status).toBe(401);
      expect((await call('GET', '/api/user/robot/all')).status).toBe(401);
    });
  });

  describe('POST /api/user/update/robot', () => {
    it('changes the fields sent, keeps the type, and moves the skill groups', async () => {
      const robot = await createRobot(adminA, {
        nickname: 'Mover',
        robotType: 'saling',
        workGroups: [widA1],
      });
      const { status, body } = await call<User>('POST', '/api/user/update/robot', adminA, {
        uid: robot.uid,
        nickname: 'Moved',
        workGroups: [widA2],
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({
        nickname: 'Moved',
        robotType: 'saling',
        workGroups: [{ wid: widA2, nickname: 'Robots second' }],
      });
      expect(await robotOfGroup(widA2)).toBe(robot.uid);
      expect(await robotOfGroup(widA1)).not.toBe(robot.uid);
    });

    it("answers 404 for an agent's uid and for another organisation's robot (unchanged)", async () => {
      const agent = await call('POST', '/api/user/update/robot', adminA, {
        uid: agentAccount.uid,
        nickname: 'x',
      });
      expect(agent.status).toBe(404);
      expect((await userRow(agentAccount.uid)).nickname).toBe(agentAccount.username);
      const other = await createRobot(ownerB, { nickname: 'B robot' });
      const foreign = await call('POST', '/api/user/update/robot', adminA, {
        uid: other.uid,
        nickname: 'Stolen',
      });
      expect(foreign.status).toBe(404);
      expect((await userRow(other.uid)).nickname).toBe('B robot');
    });

    it('answers 400 naming invalid fields, 401 and 403', async () => {
      const robot = await createRobot(adminA, { nickname: 'Strict' });
      for (const [field, value] of [
        ['robotType', 'nope'],
        ['nickname', ''],
        ['workGroups', [widB]],
      ] as const) {
        const { status, body } = await call('POST', '/api/user/update/robot', adminA, {
          uid: robot.uid,
          [field]: value,
        });
        expect(status, field).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
      expect(
        (await call('POST', '/api/user/update/robot', adminA, { nickname: 'x' })).body.fields?.[0]?.field,
      ).toBe('uid');
      expect((await call('POST', '/api/user/update/robot', undefined, { uid: robot.uid })).status).toBe(401);
      expect((await call('POST', '/api/user/update/robot', agentA, { uid: robot.uid })).status).toBe(403);
    });
  });

  describe('POST /api/user/robot/delete', () => {
    it('deletes a robot and frees its skill groups; disable and enable work on robots too', async () => {
      const robot = await createRobot(adminA, { nickname: 'Doomed', workGroups: [widA1] });
      const disabled = await call<User>('POST', '/api/user/update/disable', adminA, { uid: robot.uid });
      expect(disabled.body.data.enabled).toBe(false);
      const { status } = await call('POST', '/api/user/robot/delete', adminA, { id: robot.uid });
      expect(status).toBe(200);
      expect((await userRow(robot.uid)).deleted_at).not.toBeNull();
      expect(await robotOfGroup(widA1)).toBeNull();
      const list = await call<Page<User>>('GET', '/api/user/robot?size=100', adminA);
      expect(list.body.data.content.map((user) => user.uid)).not.toContain(robot.uid);
    });

    it('is refused while the robot has an open conversation', async () => {
      const robot = await createRobot(adminA, { nickname: 'Busy bot' });
      const now = Date.now();
      await ctx.database.db
        .insertInto('thread')
        .values({
          tid: createPublicId(),
          org_id: ownerA.orgId,
          type: 'robot',
          status: 'ROBOTING',
          agent_id: (await userRow(robot.uid)).id,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const refused = await call('POST', '/api/user/robot/delete', adminA, { id: robot.uid });
      expect(refused.status).toBe(409);
      expect((await userRow(robot.uid)).deleted_at).toBeNull();
    });

    it("answers 404 for an agent's uid and another organisation's robot; platform staff may delete that one", async () => {
      expect((await call('POST', '/api/user/robot/delete', adminA, { id: agentAccount.uid })).status).toBe(
        404,
      );
      expect((await userRow(agentAccount.uid)).deleted_at).toBeNull();
      const other = await createRobot(ownerB, { nickname: 'B doomed' });
      expect((await call('POST', '/api/user/robot/delete', adminA, { id: other.uid })).status).toBe(404);
      expect((await userRow(other.uid)).deleted_at).toBeNull();
      expect((await call('POST', '/api/user/robot/delete', staff, { id: other.uid })).status).toBe(200);
    });

    it('answers 400 without id, 401 without a token, 403 without kefu.account delete', async () => {
      expect((await call('POST', '/api/user/robot/delete', adminA, {})).body.fields?.[0]?.field).toBe('id');
      expect((await call('POST', '/api/user/robot/delete', undefined, { id: 'x' })).status).toBe(401);
      expect((await call('POST', '/api/user/robot/delete', agentA, { id: 'x' })).status).toBe(403);
    });
  });
});
