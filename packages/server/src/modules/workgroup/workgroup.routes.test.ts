import type { Page, Workgroup, WorkgroupOfOrganization } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

type Fixture = {
  owner: TestAccount;
  token: string;
  agents: TestAccount[];
  robot: TestAccount;
  deletedAgent: TestAccount;
};

await describeEachDatabase('workgroup routes', (target) => {
  const ctx = useTestApp(target);
  let staff: string;
  let a: Fixture;
  let b: Fixture;
  let agentToken: string;

  /** An organisation with an admin, three agents, a robot and a deleted agent, written through the repositories. */
  const makeOrganization = async (): Promise<Fixture> => {
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    const agents: TestAccount[] = [];
    for (let index = 0; index < 3; index += 1)
      agents.push(
        await createAccount(ctx.database, {
          roles: ['ROLE_WORKGROUP_AGENT'],
          orgId: owner.orgId,
          username: `agent${index}-${createPublicId(6)}`,
        }),
      );
    const robot = await createAccount(ctx.database, { roles: ['ROLE_ROBOT'], orgId: owner.orgId });
    await ctx.database.db.updateTable('user').set({ is_robot: 1 }).where('id', '=', robot.userId).execute();
    const deletedAgent = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: owner.orgId,
    });
    await ctx.database.db
      .updateTable('user')
      .set({ deleted_at: Date.now() })
      .where('id', '=', deletedAgent.userId)
      .execute();
    return {
      owner,
      token: await signIn(ctx.app, owner.username, owner.password),
      agents,
      robot,
      deletedAgent,
    };
  };

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    a = await makeOrganization();
    b = await makeOrganization();
    agentToken = await signIn(ctx.app, a.agents[0].username, a.agents[0].password);
  });

  const call = async <T>(
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string | null,
    payload?: object,
  ) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };
  const create = (payload: object, token = a.token) =>
    call<Workgroup>('POST', '/api/workgroup/create', token, payload);
  const update = (payload: object, token = a.token) =>
    call<Workgroup>('POST', '/api/workgroup/update', token, payload);
  const all = (token = a.token) => call<Workgroup[]>('GET', '/api/workgroup/all', token);
  const remove = (wid: string, token = a.token) =>
    call<null>('DELETE', `/api/workgroup/delete?wid=${encodeURIComponent(wid)}`, token);

  const uniqueName = (prefix: string) => `${prefix}-${createPublicId(6)}`;
  const createOk = async (payload: object, token = a.token): Promise<Workgroup> => {
    const { status, body } = await create(payload, token);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const countGroups = async () => {
    const row = await ctx.database.db
      .selectFrom('workgroup')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  };
  const rowOf = (wid: string) =>
    ctx.database.db.selectFrom('workgroup').selectAll().where('wid', '=', wid).executeTakeFirstOrThrow();
  const insertThread = async (orgId: number, workgroupWid: string, status: string) => {
    const group = await rowOf(workgroupWid);
    const now = Date.now();
    const tid = createPublicId();
    await ctx.database.db
      .insertInto('thread')
      .values({
        tid,
        org_id: orgId,
        type: 'workgroup',
        status,
        workgroup_id: group.id,
        agent_id: null,
        closed_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return tid;
  };

  const workTimes = JSON.stringify({
    timezone: 'Asia/Shanghai',
    entries: [
      { weekday: 1, start: '09:00', end: '18:00' },
      { weekday: 6, start: '10:00', end: '12:30' },
    ],
  });

  describe('POST /api/workgroup/create', () => {
    it('creates a group with the console defaults', async () => {
      const nickname = uniqueName('Sales');
      const group = await createOk({ nickname });
      expect(group).toMatchObject({
        nickname,
        routeType: 'robin',
        leaveMessageType: 'default',
        defaultRobot: false,
        offlineRobot: false,
        robotUid: null,
        showRightColumn: true,
        autoCloseMinutes: 30,
        maxQueueCount: 100,
        maxQueueSeconds: 600,
        workTimes: '',
        users: [],
        admin: null,
        onDutyWorkGroupWid: null,
        webhook: '',
      });
      expect(group.wid).toMatch(/^[0-9a-z]{20}$/);
      expect((await rowOf(group.wid)).org_id).toBe(a.owner.orgId);
    });

    it('stores members, admin, robot, on-duty group, work times and tips', async () => {
      const onDuty = await createOk({ nickname: uniqueName('Night') });
      const nickname = uniqueName('Support');
      const group = await createOk({
        nickname,
        routeType: 'least',
        leaveMessageType: 'email',
        users: [a.agents[1].uid, a.agents[0].uid, a.agents[0].uid],
        admin: a.agents[1].uid,
        robotUid: a.robot.uid,
        defaultRobot: true,
        offlineRobot: true,
        onDutyWorkGroupWid: onDuty.wid,
        workTimes,
        welcomeTip: '  Welcome!  ',
        webhook: 'https://example.com/hook',
        maxQueueCount: '5',
      });
      expect(group).toMatchObject({
        nickname,
        routeType: 'least',
        leaveMessageType: 'email',
        robotUid: a.robot.uid,
        defaultRobot: true,
        offlineRobot: true,
        onDutyWorkGroupWid: onDuty.wid,
        welcomeTip: 'Welcome!',
        webhook: 'https://example.com/hook',
        maxQueueCount: 5,
        admin: { uid: a.agents[1].uid, username: a.agents[1].username, robot: false, enabled: true },
      });
      expect(JSON.parse(group.workTimes)).toEqual(JSON.parse(workTimes));
      expect(group.users.map((user) => user.uid).sort()).toEqual([a.agents[0].uid, a.agents[1].uid].sort());
      expect(group.users[0]).toMatchObject({ robot: false, status: 'offline' });
      const memberRows = await ctx.database.db
        .selectFrom('workgroup_member')
        .select('user_id')
        .where('workgroup_id', '=', (await rowOf(group.wid)).id)
        .execute();
      expect(memberRows.map((row) => row.user_id).sort()).toEqual(
        [a.agents[0].userId, a.agents[1].userId].sort(),
      );
    });

    it('answers 400 naming each invalid field and writes nothing', async () => {
      const before = await countGroups();
      const cases: [object, string][] = [
        [{ routeType: 'random' }, 'routeType'],
        [{ leaveMessageType: 'fax' }, 'leaveMessageType'],
        [{ workTimes: '{not json' }, 'workTimes'],
        [{ workTimes: JSON.stringify({ timezone: 'Mars/Olympus', entries: [] }) }, 'workTimes'],
        [
          {
            workTimes: JSON.stringify({
              timezone: 'UTC',
              entries: [{ weekday: 1, start: '18:00', end: '09:00' }],
            }),
          },
          'workTimes',
        ],
        [
          {
            workTimes: JSON.stringify({
              timezone: 'UTC',
              entries: [{ weekday: 2, start: '09:00', end: '09:00' }],
            }),
          },
          'workTimes',
        ],
        [
          {
            workTimes: JSON.stringify({
              timezone: 'UTC',
              entries: [{ weekday: 8, start: '09:00', end: '10:00' }],
            }),
          },
          'workTimes',
        ],
        [{ welcomeTip: 'x'.repeat(501) }, 'welcomeTip'],
        [{ slogan: 'x'.repeat(101) }, 'slogan'],
        [{ webhook: 'ftp://example.com/hook' }, 'webhook'],
        [{ webhookLeaveMessage: 'not a url' }, 'webhookLeaveMessage'],
        [{ autoCloseMinutes: 0 }, 'autoCloseMinutes'],
        [{ defaultRobot: 'yes' }, 'defaultRobot'],
        [{ users: 'abc' }, 'users'],
      ];
      for (const [extra, field] of cases) {
        const { status, body } = await create({ nickname: uniqueName('Bad'), ...extra });
        expect(status, `${field}: ${JSON.stringify(body)}`).toBe(400);
        expect(body.code).toBe('BAD_REQUEST');
        // A value can break several rules of one field (not a URL, not http): each is listed.
        expect([...new Set(body.fields?.map((entry) => entry.field))]).toEqual([field]);
      }
      const missing = await create({});
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((entry) => entry.field)).toEqual(['nickname']);
      const blank = await create({ nickname: '   ' });
      expect(blank.body.fields?.map((entry) => entry.field)).toEqual(['nickname']);
      expect(await countGroups()).toBe(before);
    });

    it('explains the work-time rule that failed', async () => {
      const timezone = await create({
        nickname: uniqueName('Bad'),
        workTimes: JSON.stringify({ timezone: 'Mars/Olympus', entries: [] }),
      });
      expect(timezone.body.fields?.[0].message).toMatch(/IANA time zone/);
      const order = await create({
        nickname: uniqueName('Bad'),
        workTimes: JSON.stringify({
          timezone: 'UTC',
          entries: [{ weekday: 1, start: '18:00', end: '09:00' }],
        }),
      });
      expect(order.body.fields?.[0].message).toMatch(/start must be before end/);
      const notJson = await create({ nickname: uniqueName('Bad'), workTimes: '[' });
      expect(notJson.body.fields?.[0].message).toMatch(/JSON/);
    });

    it('refuses members that are not live agents of the organisation, listing them', async () => {
      const before = await countGroups();
      const cases: [string, string][] = [
        [b.agents[0].uid, 'agent of another organisation'],
        [a.robot.uid, 'robot'],
        [a.deletedAgent.uid, 'deleted agent'],
        ['no-such-uid', 'unknown uid'],
      ];
      for (const [uid, what] of cases) {
        const { status, body } = await create({ nickname: uniqueName('Bad'), users: [a.agents[0].uid, uid] });
        expect(status, what).toBe(400);
        expect(
          body.fields?.map((entry) => entry.field),
          what,
        ).toEqual(['users']);
        expect(body.fields?.[0].message, what).toContain(uid);
        expect(body.fields?.[0].message, what).not.toContain(a.agents[0].uid);
        expect(body.message, what).toContain(uid);
      }
      const both = await create({ nickname: uniqueName('Bad'), users: [b.agents[0].uid, a.robot.uid] });
      expect(both.body.fields?.[0].message).toContain(b.agents[0].uid);
      expect(both.body.fields?.[0].message).toContain(a.robot.uid);
      expect(await countGroups()).toBe(before);
    });

    it('refuses a robotUid that is not a robot of the organisation', async () => {
      for (const uid of [a.agents[0].uid, b.robot.uid, 'no-such-uid']) {
        const { status, body } = await create({ nickname: uniqueName('Bad'), robotUid: uid });
        expect(status).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual(['robotUid']);
      }
    });

    it('refuses an admin that is not an agent of the organisation', async () => {
      for (const uid of [a.robot.uid, b.agents[0].uid, a.deletedAgent.uid]) {
        const { status, body } = await create({
          nickname: uniqueName('Bad'),
          users: [a.agents[0].uid],
          admin: uid,
        });
        expect(status).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual(['admin']);
      }
    });

    it('refuses an on-duty group that is unknown, deleted or of another organisation', async () => {
      const foreign = await createOk({ nickname: uniqueName('Foreign') }, b.token);
      const deleted = await createOk({ nickname: uniqueName('Gone') });
      expect((await remove(deleted.wid)).status).toBe(200);
      for (const wid of [foreign.wid, deleted.wid, 'no-such-wid']) {
        const { status, body } = await create({ nickname: uniqueName('Bad'), onDutyWorkGroupWid: wid });
        expect(status).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual(['onDutyWorkGroupWid']);
      }
    });

    it('requires a robot before the robot can answer', async () => {
      for (const flag of ['defaultRobot', 'offlineRobot']) {
        const { status, body } = await create({ nickname: uniqueName('Bad'), [flag]: true });
        expect(status).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([flag]);
        expect(body.message).toMatch(/robot/i);
      }
    });

    it('answers 409 for a nickname used in the organisation, in any case; other organisations may reuse it', async () => {
      const nickname = uniqueName('Dup');
      await createOk({ nickname });
      const { status, body } = await create({ nickname: nickname.toUpperCase() });
      expect(status).toBe(409);
      expect(body.code).toBe('CONFLICT');
      expect(body.fields?.map((entry) => entry.field)).toEqual(['nickname']);
      expect(body.message).toContain(nickname.toUpperCase());
      await createOk({ nickname }, b.token);
    });

    it('answers in Chinese for a zh-CN request', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/workgroup/create',
        headers: { ...bearer(a.token), 'accept-language': 'zh-CN' },
        payload: { nickname: uniqueName('Bad'), robotUid: a.agents[0].uid },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Body<null>>().message).toContain('不是本企业的机器人');
    });

    it('answers 401 without a token and 403 to an agent', async () => {
      expect((await create({ nickname: uniqueName('X') }, '')).status).toBe(401);
      const { status, body } = await create({ nickname: uniqueName('X') }, agentToken);
      expect(status).toBe(403);
      expect(body.code).toBe('FORBIDDEN');
    });
  });

  describe('POST /api/workgroup/update', () => {
    it('changes only the given fields and replaces the member set', async () => {
      const group = await createOk({
        nickname: uniqueName('Edit'),
        users: [a.agents[0].uid, a.agents[1].uid],
        welcomeTip: 'hello',
        robotUid: a.robot.uid,
      });
      const nickname = uniqueName('Edited');
      const { status, body } = await update({
        wid: group.wid,
        nickname,
        users: [a.agents[2].uid],
        routeType: 'pubsub',
        workTimes,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({
        wid: group.wid,
        nickname,
        routeType: 'pubsub',
        welcomeTip: 'hello',
        robotUid: a.robot.uid,
      });
      expect(body.data.users.map((user) => user.uid)).toEqual([a.agents[2].uid]);
      expect(body.data.updatedAt).toBeGreaterThanOrEqual(group.updatedAt);

      const cleared = await update({ wid: group.wid, users: [], robotUid: '', workTimes: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body.data).toMatchObject({ users: [], robotUid: null, workTimes: '', nickname });
    });

    it('keeps its own nickname in another case and refuses one of another group (409)', async () => {
      const first = await createOk({ nickname: uniqueName('First') });
      const second = await createOk({ nickname: uniqueName('Second') });
      expect((await update({ wid: first.wid, nickname: first.nickname.toUpperCase() })).status).toBe(200);
      const { status, body } = await update({ wid: second.wid, nickname: first.nickname });
      expect(status).toBe(409);
      expect(body.fields?.map((entry) => entry.field)).toEqual(['nickname']);
      expect((await rowOf(second.wid)).nickname).toBe(second.nickname);
    });

    it('refuses the group as its own on-duty group and accepts another one', async () => {
      const group = await createOk({ nickname: uniqueName('Self') });
      const other = await createOk({ nickname: uniqueName('Other') });
      const self = await update({ wid: group.wid, onDutyWorkGroupWid: group.wid });
      expect(self.status).toBe(400);
      expect(self.body.fields?.map((entry) => entry.field)).toEqual(['onDutyWorkGroupWid']);
      const ok = await update({ wid: group.wid, onDutyWorkGroupWid: other.wid });
      expect(ok.body.data.onDutyWorkGroupWid).toBe(other.wid);
      const none = await update({ wid: group.wid, onDutyWorkGroupWid: null });
      expect(none.body.data.onDutyWorkGroupWid).toBeNull();
    });

    it('writes nothing when one field is refused', async () => {
      const group = await createOk({ nickname: uniqueName('Atomic'), users: [a.agents[0].uid] });
      for (const payload of [
        { nickname: uniqueName('Changed'), users: [a.agents[1].uid, b.agents[0].uid] },
        { nickname: uniqueName('Changed'), users: [a.agents[1].uid, a.robot.uid] },
        { nickname: uniqueName('Changed'), users: [a.agents[1].uid], robotUid: b.robot.uid },
        { nickname: uniqueName('Changed'), users: [a.agents[1].uid], admin: a.robot.uid },
      ]) {
        const { status } = await update({ wid: group.wid, ...payload });
        expect(status).toBe(400);
        const current = (await all()).body.data.find((entry) => entry.wid === group.wid);
        expect(current?.nickname).toBe(group.nickname);
        expect(current?.users.map((user) => user.uid)).toEqual([a.agents[0].uid]);
      }
    });

    it('refuses clearing the robot while the robot answers', async () => {
      const group = await createOk({
        nickname: uniqueName('Robot'),
        robotUid: a.robot.uid,
        defaultRobot: true,
      });
      const { status, body } = await update({ wid: group.wid, robotUid: '' });
      expect(status).toBe(400);
      expect(body.fields?.map((entry) => entry.field)).toEqual(['robotUid']);
      const off = await update({ wid: group.wid, robotUid: '', defaultRobot: false });
      expect(off.status).toBe(200);
      expect(off.body.data).toMatchObject({ robotUid: null, defaultRobot: false });
    });

    it('answers 400 for invalid fields and a missing wid', async () => {
      const group = await createOk({ nickname: uniqueName('Valid') });
      const cases: [object, string][] = [
        [{ wid: group.wid, routeType: 'fastest' }, 'routeType'],
        [{ wid: group.wid, workTimes: 'nope' }, 'workTimes'],
        [{ wid: group.wid, nickname: '' }, 'nickname'],
        [{ nickname: 'x' }, 'wid'],
      ];
      for (const [payload, field] of cases) {
        const { status, body } = await update(payload);
        expect(status).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
    });

    it("answers 404 for an unknown wid and for another organisation's, leaving it unchanged", async () => {
      expect((await update({ wid: 'no-such-wid', nickname: 'x' })).status).toBe(404);
      const foreign = await createOk({ nickname: uniqueName('Theirs'), users: [b.agents[0].uid] }, b.token);
      const { status, body } = await update({
        wid: foreign.wid,
        nickname: 'hijacked',
        users: [a.agents[0].uid],
      });
      expect(status).toBe(404);
      expect(body.code).toBe('NOT_FOUND');
      const row = await rowOf(foreign.wid);
      expect(row.nickname).toBe(foreign.nickname);
      expect(row.updated_at).toBe(foreign.updatedAt);
      const members = await ctx.database.db
        .selectFrom('workgroup_member')
        .select('user_id')
        .where('workgroup_id', '=', row.id)
        .execute();
      expect(members.map((member) => member.user_id)).toEqual([b.agents[0].userId]);
    });

    it('answers 403 to an agent, who may only read groups', async () => {
      const group = await createOk({ nickname: uniqueName('ReadOnly') });
      expect((await update({ wid: group.wid, nickname: 'x' }, agentToken)).status).toBe(403);
      expect((await rowOf(group.wid)).nickname).toBe(group.nickname);
    });
  });

  describe('POST /api/workgroup/toggle/robot and /toggle/robot/collectMobile', () => {
    const toggleRobot = (payload: object, token = a.token) =>
      call<Workgroup>('POST', '/api/workgroup/toggle/robot', token, payload);
    const toggleCollect = (payload: object, token = a.token) =>
      call<Workgroup>('POST', '/api/workgroup/toggle/robot/collectMobile', token, payload);

    it('turns the robot on only when a robot is chosen', async () => {
      const group = await createOk({ nickname: uniqueName('NoRobot') });
      const refused = await toggleRobot({ wid: group.wid, defaultRobot: true });
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.map((entry) => entry.field)).toEqual(['defaultRobot']);
      expect(refused.body.message).toMatch(/choose a robot/i);
      expect((await rowOf(group.wid)).default_robot).toBe(0);

      await update({ wid: group.wid, robotUid: a.robot.uid });
      const on = await toggleRobot({ wid: group.wid, defaultRobot: true });
      expect(on.status).toBe(200);
      expect(on.body.data.defaultRobot).toBe(true);
      const off = await toggleRobot({ wid: group.wid, defaultRobot: 'false' });
      expect(off.body.data.defaultRobot).toBe(false);
    });

    it('accepts a form-encoded body', async () => {
      const group = await createOk({ nickname: uniqueName('Form'), robotUid: a.robot.uid });
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/workgroup/toggle/robot',
        headers: { ...bearer(a.token), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ wid: group.wid, defaultRobot: 'true' }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Body<Workgroup>>().data.defaultRobot).toBe(true);
    });

    it('switches mobile collection', async () => {
      const group = await createOk({ nickname: uniqueName('Collect') });
      const on = await toggleCollect({ wid: group.wid, robotCollectMobile: true });
      expect(on.status).toBe(200);
      expect(on.body.data.robotCollectMobile).toBe(true);
      expect((await rowOf(group.wid)).robot_collect_mobile).toBe(1);
      const off = await toggleCollect({ wid: group.wid, robotCollectMobile: '0' });
      expect(off.body.data.robotCollectMobile).toBe(false);
    });

    it('answers 400 for missing or bad fields', async () => {
      const group = await createOk({ nickname: uniqueName('Bad') });
      expect((await toggleRobot({ defaultRobot: true })).body.fields?.map((entry) => entry.field)).toEqual([
        'wid',
      ]);
      expect(
        (await toggleRobot({ wid: group.wid, defaultRobot: 'maybe' })).body.fields?.map(
          (entry) => entry.field,
        ),
      ).toEqual(['defaultRobot']);
      expect((await toggleCollect({ wid: group.wid })).body.fields?.map((entry) => entry.field)).toEqual([
        'robotCollectMobile',
      ]);
    });

    it("answers 404 for another organisation's group and leaves it unchanged", async () => {
      const foreign = await createOk({ nickname: uniqueName('Theirs'), robotUid: b.robot.uid }, b.token);
      expect((await toggleRobot({ wid: foreign.wid, defaultRobot: true })).status).toBe(404);
      expect((await toggleCollect({ wid: foreign.wid, robotCollectMobile: true })).status).toBe(404);
      const row = await rowOf(foreign.wid);
      expect(row.default_robot).toBe(0);
      expect(row.robot_collect_mobile).toBe(0);
    });

    it('answers 401 and 403 (agent)', async () => {
      const group = await createOk({ nickname: uniqueName('Guard') });
      expect((await toggleCollect({ wid: group.wid, robotCollectMobile: true }, '')).status).toBe(401);
      expect((await toggleCollect({ wid: group.wid, robotCollectMobile: true }, agentToken)).status).toBe(
        403,
      );
      expect((await toggleRobot({ wid: group.wid, defaultRobot: false }, agentToken)).status).toBe(403);
    });
  });

  describe('GET /api/workgroup/query, /all, /filter and /query/force', () => {
    let own: Fixture;
    let foreignWid: string;
    const names = ['Alpha desk', 'Beta desk', 'Gamma 100%'];

    beforeAll(async () => {
      // A fresh organisation, so the lists hold exactly what this block creates.
      own = await makeOrganization();
      for (const nickname of names) await createOk({ nickname, users: [own.agents[0].uid] }, own.token);
      const gone = await createOk({ nickname: 'Deleted desk' }, own.token);
      expect((await remove(gone.wid, own.token)).status).toBe(200);
      foreignWid = (await createOk({ nickname: 'Alpha desk' }, b.token)).wid;
    });

    it('pages the organisation’s live groups, newest first', async () => {
      const first = await call<Page<Workgroup>>(
        'GET',
        '/api/workgroup/query?page=0&size=2&client=web',
        own.token,
      );
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        totalElements: 3,
        totalPages: 2,
        number: 0,
        size: 2,
        first: true,
        last: false,
        empty: false,
      });
      expect(first.body.data.content.map((group) => group.nickname)).toEqual(['Gamma 100%', 'Beta desk']);
      expect(first.body.data.content[0].users.map((user) => user.uid)).toEqual([own.agents[0].uid]);
      const second = await call<Page<Workgroup>>('GET', '/api/workgroup/query?page=1&size=2', own.token);
      expect(second.body.data.content.map((group) => group.nickname)).toEqual(['Alpha desk']);
      expect(second.body.data.last).toBe(true);
    });

    it('lists every live group for pickers', async () => {
      const { status, body } = await all(own.token);
      expect(status).toBe(200);
      expect(body.data.map((group) => group.nickname)).toEqual([...names].reverse());
      expect(body.data.map((group) => group.wid)).not.toContain(foreignWid);
    });

    it('filters by nickname, case-insensitively and literally; silent is accepted', async () => {
      const filter = (query: string) =>
        call<Page<Workgroup>>('GET', `/api/workgroup/filter?page=0&size=20&${query}`, own.token);
      const desk = await filter('nickname=DESK&silent=true&client=web');
      expect(desk.status).toBe(200);
      expect(desk.body.data.content.map((group) => group.nickname)).toEqual(['Beta desk', 'Alpha desk']);
      const percent = await filter(`nickname=${encodeURIComponent('0%')}`);
      expect(percent.body.data.content.map((group) => group.nickname)).toEqual(['Gamma 100%']);
      const underscore = await filter(`nickname=${encodeURIComponent('_')}`);
      expect(underscore.body.data.empty).toBe(true);
      const none = await filter('nickname=zzz');
      expect(none.body.data).toMatchObject({ content: [], totalElements: 0, empty: true });
      const defaults = await call<Page<Workgroup>>('GET', '/api/workgroup/filter', own.token);
      expect(defaults.body.data).toMatchObject({ number: 0, size: 20, totalElements: 3 });
      expect((await filter('silent=perhaps')).status).toBe(400);
      expect((await filter('size=1000')).body.fields?.map((entry) => entry.field)).toEqual(['size']);
    });

    it('returns an empty page to an organisation without groups', async () => {
      const empty = await makeOrganization();
      const { body } = await call<Page<Workgroup>>('GET', '/api/workgroup/query', empty.token);
      expect(body.data).toMatchObject({ content: [], totalElements: 0, totalPages: 0, empty: true });
      expect((await all(empty.token)).body.data).toEqual([]);
    });

    it('lets an agent read the groups', async () => {
      const { status, body } = await call<Page<Workgroup>>('GET', '/api/workgroup/query', agentToken);
      expect(status).toBe(200);
      expect(body.data.content.every((group) => group.wid !== foreignWid)).toBe(true);
      expect((await call('GET', '/api/workgroup/all', agentToken)).status).toBe(200);
      expect((await call('GET', '/api/workgroup/filter?nickname=a', agentToken)).status).toBe(200);
    });

    it('shows platform staff every organisation’s groups with their organisation', async () => {
      const { status, body } = await call<Page<WorkgroupOfOrganization>>(
        'GET',
        '/api/workgroup/query/force?page=0&size=100',
        staff,
      );
      expect(status).toBe(200);
      const ours = body.data.content.filter((group) => group.organization.subDomain === own.owner.subDomain);
      expect(ours.map((group) => group.nickname)).toEqual([...names].reverse());
      expect(body.data.content.find((group) => group.wid === foreignWid)?.organization.subDomain).toBe(
        b.owner.subDomain,
      );
      expect(body.data.content.some((group) => group.nickname === 'Deleted desk')).toBe(false);
    });

    it('keeps /query/force from tenant admins and agents', async () => {
      for (const token of [own.token, agentToken]) {
        const { status, body } = await call('GET', '/api/workgroup/query/force', token);
        expect(status).toBe(403);
        expect(body.message).toBe('Only platform staff may do this');
      }
      expect((await call('GET', '/api/workgroup/query/force', null)).status).toBe(401);
    });

    it('answers 401 without a token', async () => {
      for (const url of ['/api/workgroup/query', '/api/workgroup/all', '/api/workgroup/filter'])
        expect((await call('GET', url, null)).status).toBe(401);
    });
  });

  describe('DELETE /api/workgroup/delete', () => {
    it('soft-deletes the group; it leaves every list and its nickname is free again', async () => {
      const group = await createOk({ nickname: uniqueName('Bye'), users: [a.agents[0].uid] });
      const { status, body } = await remove(group.wid);
      expect(status).toBe(200);
      expect(body).toMatchObject({ status_code: 200, data: null });
      const row = await rowOf(group.wid);
      expect(row.deleted_at).not.toBeNull();
      expect((await all()).body.data.map((entry) => entry.wid)).not.toContain(group.wid);
      expect((await remove(group.wid)).status).toBe(404);
      expect((await update({ wid: group.wid, nickname: 'x' })).status).toBe(404);
      await createOk({ nickname: group.nickname });
    });

    it('accepts the wid in a JSON body', async () => {
      const group = await createOk({ nickname: uniqueName('Body') });
      const response = await call<null>('DELETE', '/api/workgroup/delete', a.token, { wid: group.wid });
      expect(response.status).toBe(200);
    });

    it('is refused while the group has open conversations', async () => {
      const group = await createOk({ nickname: uniqueName('Busy') });
      await insertThread(a.owner.orgId, group.wid, 'closed');
      await insertThread(a.owner.orgId, group.wid, 'offline');
      const tid = await insertThread(a.owner.orgId, group.wid, 'chatting');
      const { status, body } = await remove(group.wid);
      expect(status).toBe(409);
      expect(body.code).toBe('CONFLICT');
      expect(body.message).toContain(group.nickname);
      expect(body.message).toContain('1 open conversation');
      expect((await rowOf(group.wid)).deleted_at).toBeNull();
      await ctx.database.db.updateTable('thread').set({ status: 'closed' }).where('tid', '=', tid).execute();
      expect((await remove(group.wid)).status).toBe(200);
    });

    it('is refused while another group hands over to it, naming that group', async () => {
      const night = await createOk({ nickname: uniqueName('Night') });
      const day = await createOk({ nickname: uniqueName('Day'), onDutyWorkGroupWid: night.wid });
      const { status, body } = await remove(night.wid);
      expect(status).toBe(409);
      expect(body.message).toContain(day.nickname);
      expect((await rowOf(night.wid)).deleted_at).toBeNull();
      await update({ wid: day.wid, onDutyWorkGroupWid: '' });
      expect((await remove(night.wid)).status).toBe(200);
    });

    it("answers 404 for another organisation's group and leaves it in place", async () => {
      const foreign = await createOk({ nickname: uniqueName('Theirs') }, b.token);
      expect((await remove(foreign.wid)).status).toBe(404);
      expect((await rowOf(foreign.wid)).deleted_at).toBeNull();
      expect((await all(b.token)).body.data.map((entry) => entry.wid)).toContain(foreign.wid);
    });

    it('answers 400 without a wid, 401 without a token and 403 to an agent', async () => {
      const missing = await call<null>('DELETE', '/api/workgroup/delete', a.token);
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((entry) => entry.field)).toEqual(['wid']);
      const group = await createOk({ nickname: uniqueName('Kept') });
      expect((await remove(group.wid, '')).status).toBe(401);
      expect((await remove(group.wid, agentToken)).status).toBe(403);
      expect((await rowOf(group.wid)).deleted_at).toBeNull();
    });
  });
});
