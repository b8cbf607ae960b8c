import type { AgentStatus, Page, User, UserBrief } from '@openkefu/contract';
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

await describeEachDatabase('agent routes', (target) => {
  const ctx = useTestApp(target);
  let staff: string;
  let ownerA: TestAccount;
  let adminA: string;
  let agentAccount: TestAccount;
  let agentA: string;
  let groupAdminAccount: TestAccount;
  let groupAdminA: string;
  let memberA: string;
  let ownerB: TestAccount;
  let agentB: TestAccount;
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

  const insertThread = async (orgId: number, agentId: number, status: string) => {
    const now = Date.now();
    await ctx.database.db
      .insertInto('thread')
      .values({
        tid: createPublicId(),
        org_id: orgId,
        type: 'workgroup',
        status,
        agent_id: agentId,
        created_at: now,
        updated_at: now,
      })
      .execute();
  };

  const userRow = (uid: string) =>
    ctx.database.db.selectFrom('user').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

  const setStatus = async (uid: string, status: string) => {
    await ctx.database.db.updateTable('user').set({ status }).where('uid', '=', uid).execute();
  };

  /** Creates an agent of organisation A through the API (one argon2 hash per call). */
  const createAgent = async (payload: Record<string, unknown> = {}) => {
    const username = `agent-${createPublicId(8)}`;
    const { status, body } = await call<User>('POST', '/api/user/create', adminA, {
      username,
      password: 'agent-pass-1',
      nickname: username,
      ...payload,
    });
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
    groupAdminAccount = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_ADMIN'],
      orgId: ownerA.orgId,
    });
    groupAdminA = await signIn(ctx.app, groupAdminAccount.username, groupAdminAccount.password);
    const member = await createAccount(ctx.database, { roles: ['ROLE_MEMBER'], orgId: ownerA.orgId });
    memberA = await signIn(ctx.app, member.username, member.password);
    ownerB = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    agentB = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: ownerB.orgId,
      email: `b-${createPublicId(6)}@example.org`,
    });
    widA1 = await insertWorkgroup(ownerA.orgId, 'Pre-sales');
    widA2 = await insertWorkgroup(ownerA.orgId, 'After-sales');
    widB = await insertWorkgroup(ownerB.orgId, 'Other org group');
  });

  describe('POST /api/user/create', () => {
    it('adds an agent with default role, skill groups and no password in the answer', async () => {
      const user = await createAgent({
        realName: 'Li Lei',
        email: 'Li.Lei@Example.org',
        mobile: '+8613800000001',
        maxThreadCount: 5,
        welcomeTip: 'Hello',
        autoPop: true,
        workGroups: [widA1, widA2],
      });
      expect(user).toMatchObject({
        realName: 'Li Lei',
        email: 'li.lei@example.org',
        mobile: '+8613800000001',
        maxThreadCount: 5,
        welcomeTip: 'Hello',
        autoPop: true,
        robot: false,
        enabled: true,
        status: 'offline',
        robotType: null,
        subDomain: ownerA.subDomain,
      });
      expect(user.roles.map((role) => role.value)).toEqual(['ROLE_WORKGROUP_AGENT']);
      expect(user.workGroups.map((group) => group.wid).sort()).toEqual([widA1, widA2].sort());
      expect(JSON.stringify(user)).not.toMatch(/password|argon/i);
      const row = await userRow(user.uid);
      expect(row.org_id).toBe(ownerA.orgId);
      // The new agent signs in with the password it was given.
      expect(await signIn(ctx.app, user.username, 'agent-pass-1')).toBeTruthy();
    });

    it('gives the agent roles it was sent', async () => {
      const user = await createAgent({ roles: ['ROLE_WORKGROUP_ADMIN', 'ROLE_WORKGROUP_CHECKER'] });
      expect(user.roles.map((role) => role.value)).toEqual([
        'ROLE_WORKGROUP_ADMIN',
        'ROLE_WORKGROUP_CHECKER',
      ]);
    });

    it("answers 400 naming workGroups for another organisation's skill group, creating nothing", async () => {
      const username = `agent-${createPublicId(8)}`;
      const { status, body } = await call('POST', '/api/user/create', adminA, {
        username,
        password: 'agent-pass-1',
        nickname: 'x',
        workGroups: [widA1, widB],
      });
      expect(status).toBe(400);
      expect(body.fields?.map((field) => field.field)).toEqual(['workGroups']);
      expect(body.message).toContain(widB);
      const row = await ctx.database.db
        .selectFrom('user')
        .select('id')
        .where('username', '=', username)
        .executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('answers 400 naming each invalid field', async () => {
      const valid = { username: `agent-${createPublicId(8)}`, password: 'agent-pass-1', nickname: 'ok' };
      const cases: [string, unknown][] = [
        ['username', 'ab'],
        ['username', 'bad name!'],
        ['password', '123'],
        ['nickname', ''],
        ['nickname', 'n'.repeat(33)],
        ['email', 'not-an-email'],
        ['mobile', 'abc'],
        ['maxThreadCount', 0],
        ['maxThreadCount', 101],
        ['autoCloseMinutes', 0],
        ['webhook', 'ftp://example.org/hook'],
        ['webhookLeaveMessage', 'not a url'],
        ['roles', ['ROLE_ADMIN']],
        ['roles', []],
        ['workGroups', 'not-a-list'],
        ['autoPop', 'yes'],
        ['description', 'd'.repeat(501)],
        ['avatar', 'a'.repeat(513)],
      ];
      for (const [field, value] of cases) {
        const { status, body } = await call('POST', '/api/user/create', adminA, { ...valid, [field]: value });
        expect(status, `${field}=${JSON.stringify(value)}`).toBe(400);
        expect(
          body.fields?.some((entry) => entry.field === field || entry.field.startsWith(`${field}.`)),
          `${field}: ${JSON.stringify(body.fields)}`,
        ).toBe(true);
      }
      for (const field of ['username', 'password', 'nickname']) {
        const payload: Record<string, unknown> = { ...valid };
        delete payload[field];
        const { status, body } = await call('POST', '/api/user/create', adminA, payload);
        expect(status).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
    });

    it('answers 409 naming username, email or mobile when another account (any organisation) uses it', async () => {
      const existing = await createAgent({
        email: `dup-${createPublicId(6)}@example.org`,
        mobile: '13900000009',
      });
      const cases: [string, Record<string, unknown>][] = [
        ['username', { username: existing.username }],
        ['username', { username: ownerB.username }],
        ['email', { email: existing.email?.toUpperCase() }],
        ['email', { email: (await userRow(agentB.uid)).email }],
        ['mobile', { mobile: '13900000009' }],
      ];
      for (const [field, override] of cases) {
        const { status, body } = await call('POST', '/api/user/create', adminA, {
          username: `agent-${createPublicId(8)}`,
          password: 'agent-pass-1',
          nickname: 'dup',
          ...override,
        });
        expect(status, field).toBe(409);
        expect(body.code).toBe('CONFLICT');
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
    });

    it('answers 401 without a token and 403 for an agent without kefu.account add', async () => {
      const payload = { username: `agent-${createPublicId(8)}`, password: 'agent-pass-1', nickname: 'x' };
      expect((await call('POST', '/api/user/create', undefined, payload)).status).toBe(401);
      const forbidden = await call('POST', '/api/user/create', agentA, payload);
      expect(forbidden.status).toBe(403);
      expect(forbidden.body.code).toBe('FORBIDDEN');
    });
  });

  describe('GET lists of agents', () => {
    let newer: User;
    let robotUid: string;

    beforeAll(async () => {
      newer = await createAgent({ nickname: 'Zed Newest', realName: 'Zhang San', mobile: '13700000077' });
      const robot = await call<User>('POST', '/api/user/create/robot', adminA, { nickname: 'Bot in A' });
      robotUid = robot.body.data.uid;
    });

    it("pages the organisation's people newest first, without robots or other organisations", async () => {
      const { status, body } = await call<Page<User>>(
        'GET',
        '/api/user/query?page=0&size=100&client=web',
        adminA,
      );
      expect(status).toBe(200);
      const uids = body.data.content.map((user) => user.uid);
      expect(uids[0]).toBe(newer.uid);
      expect(uids).toContain(ownerA.uid);
      expect(uids).toContain(agentAccount.uid);
      expect(uids).not.toContain(robotUid);
      expect(uids).not.toContain(agentB.uid);
      expect(uids).not.toContain(ownerB.uid);
      expect(body.data.content.every((user) => user.subDomain === ownerA.subDomain && !user.robot)).toBe(
        true,
      );
      expect(body.data.totalElements).toBe(uids.length);
      const created = body.data.content.map((user) => user.createdAt);
      expect(created).toEqual([...created].sort((a, b) => b - a));

      const all = await call<Page<User>>('GET', '/api/user/all?page=0&size=100', agentA);
      expect(all.status).toBe(200);
      expect(all.body.data.content.map((user) => user.uid)).toEqual(uids);
    });

    it('pages with page and size', async () => {
      const first = await call<Page<User>>('GET', '/api/user/all?page=0&size=2', adminA);
      const second = await call<Page<User>>('GET', '/api/user/all?page=1&size=2', adminA);
      expect(first.body.data).toMatchObject({ number: 0, size: 2, first: true, empty: false });
      expect(first.body.data.content).toHaveLength(2);
      expect(second.body.data).toMatchObject({ number: 1, first: false });
      expect(second.body.data.content[0]?.uid).not.toBe(first.body.data.content[0]?.uid);
      expect(first.body.data.totalPages).toBe(Math.ceil(first.body.data.totalElements / 2));
    });

    it('filters /query by each field, all of them together', async () => {
      const query = async (params: string) =>
        (await call<Page<User>>('GET', `/api/user/query?${params}`, adminA)).body.data.content.map(
          (user) => user.uid,
        );
      expect(await query('nickname=zed%20NEW')).toEqual([newer.uid]);
      expect(await query('realName=zhang')).toEqual([newer.uid]);
      expect(await query(`username=${newer.username}`)).toEqual([newer.uid]);
      expect(await query('mobile=0000077')).toEqual([newer.uid]);
      expect(await query('nickname=zed&realName=nobody')).toEqual([]);
      expect(await query('nickname=%25')).toEqual([]);
      // Another organisation's agent is not found by its exact username.
      expect(await query(`username=${agentB.username}`)).toEqual([]);
    });

    it('lists online agents only on /all/online', async () => {
      await setStatus(agentAccount.uid, 'busy');
      await setStatus(newer.uid, 'online');
      await setStatus(agentB.uid, 'online');
      const { status, body } = await call<Page<User>>('GET', '/api/user/all/online?page=0&size=50', adminA);
      expect(status).toBe(200);
      expect(body.data.content.map((user) => user.uid).sort()).toEqual([agentAccount.uid, newer.uid].sort());
    });

    it('lists online agents of a subDomain: own for tenants (others 404), any for platform staff', async () => {
      const own = await call<Page<User>>(
        'GET',
        `/api/user/all/online/sub?page=0&size=20&subDomain=${ownerA.subDomain}`,
        agentA,
      );
      expect(own.status).toBe(200);
      expect(own.body.data.content.map((user) => user.uid).sort()).toEqual(
        [agentAccount.uid, newer.uid].sort(),
      );
      const other = await call('GET', `/api/user/all/online/sub?subDomain=${ownerB.subDomain}`, adminA);
      expect(other.status).toBe(404);
      expect(JSON.stringify(other.body)).not.toContain(agentB.uid);
      const byStaff = await call<Page<User>>(
        'GET',
        `/api/user/all/online/sub?subDomain=${ownerB.subDomain}`,
        staff,
      );
      expect(byStaff.status).toBe(200);
      expect(byStaff.body.data.content.map((user) => user.uid)).toEqual([agentB.uid]);
      expect((await call('GET', '/api/user/all/online/sub?subDomain=no-such-org', staff)).status).toBe(404);
      const missing = await call('GET', '/api/user/all/online/sub?page=0&size=20', adminA);
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((field) => field.field)).toEqual(['subDomain']);
    });

    it('returns every agent as briefs on /get/all', async () => {
      const { status, body } = await call<UserBrief[]>('GET', '/api/user/get/all?client=web', agentA);
      expect(status).toBe(200);
      const uids = body.data.map((user) => user.uid);
      expect(uids).toContain(newer.uid);
      expect(uids).toContain(ownerA.uid);
      expect(uids).not.toContain(robotUid);
      expect(uids).not.toContain(agentB.uid);
      expect(Object.keys(body.data[0] ?? {}).sort()).toEqual(
        ['avatar', 'enabled', 'nickname', 'realName', 'robot', 'status', 'uid', 'username'].sort(),
      );
    });

    it('searches names on /filter and contacts on /filter2 (either field may match)', async () => {
      const filter = async (path: string) =>
        (await call<Page<User>>('GET', path, adminA)).body.data.content.map((user) => user.uid);
      expect(await filter('/api/user/filter?page=0&size=20&realName=zhang')).toEqual([newer.uid]);
      // realName also matches the nickname (the console's one search box).
      expect(await filter('/api/user/filter?realName=zed%20newest')).toEqual([newer.uid]);
      expect(await filter(`/api/user/filter?realName=${agentB.username}`)).toEqual([]);
      expect(await filter('/api/user/filter2?page=0&size=20&email=nomatch&mobile=0000077')).toEqual([
        newer.uid,
      ]);
      const byEmail = await filter('/api/user/filter2?email=li.lei@example');
      expect(byEmail).toHaveLength(1);
      expect(await filter(`/api/user/filter2?email=${(await userRow(agentB.uid)).email ?? ''}`)).toEqual([]);
    });

    it('gets one agent or robot of the organisation; other organisations and unknown uids are 404', async () => {
      const agent = await call<User>('GET', `/api/user/get?uid=${newer.uid}&client=web`, agentA);
      expect(agent.status).toBe(200);
      expect(agent.body.data).toMatchObject({ uid: newer.uid, realName: 'Zhang San', robot: false });
      expect(JSON.stringify(agent.body)).not.toMatch(/password/i);
      const robot = await call<User>('GET', `/api/user/get?uid=${robotUid}`, adminA);
      expect(robot.body.data).toMatchObject({ uid: robotUid, robot: true });
      const other = await call('GET', `/api/user/get?uid=${agentB.uid}`, adminA);
      expect(other.status).toBe(404);
      expect(JSON.stringify(other.body)).not.toContain(agentB.username);
      expect((await call('GET', '/api/user/get?uid=nobody', adminA)).status).toBe(404);
      // Platform staff use /get/force for other organisations; /get stays within their own.
      expect((await call('GET', `/api/user/get?uid=${agentB.uid}`, staff)).status).toBe(404);
      const missing = await call('GET', '/api/user/get', adminA);
      expect(missing.status).toBe(400);
      expect(missing.body.fields?.map((field) => field.field)).toEqual(['uid']);
    });

    it('answers 400 for bad paging on every list, naming the field', async () => {
      for (const path of [
        '/api/user/query',
        '/api/user/all',
        '/api/user/all/online',
        '/api/user/filter',
        '/api/user/filter2',
        '/api/user/status',
        '/api/user/contacts',
      ]) {
        for (const [query, field] of [
          ['page=-1', 'page'],
          ['size=0', 'size'],
          ['size=101', 'size'],
          ['page=x', 'page'],
        ]) {
          const { status, body } = await call('GET', `${path}?${query}`, adminA);
          expect(status, `${path}?${query}`).toBe(400);
          expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
        }
      }
      const longName = await call('GET', `/api/user/query?nickname=${'n'.repeat(65)}`, adminA);
      expect(longName.body.fields?.map((entry) => entry.field)).toEqual(['nickname']);
    });

    it('answers 401 without a token and 403 without kefu.account query on every list', async () => {
      for (const path of [
        '/api/user/query',
        '/api/user/all',
        '/api/user/all/online',
        `/api/user/all/online/sub?subDomain=${ownerA.subDomain}`,
        `/api/user/get?uid=${newer.uid}`,
        '/api/user/get/all',
        '/api/user/filter',
        '/api/user/filter2',
        '/api/user/status',
      ]) {
        expect((await call('GET', path)).status, path).toBe(401);
        expect((await call('GET', path, memberA)).status, path).toBe(403);
      }
    });
  });

  describe('GET /api/user/status', () => {
    let busy: User;
    let idle: User;

    beforeAll(async () => {
      busy = await createAgent({ nickname: 'Status Busy', workGroups: [widA1], maxThreadCount: 3 });
      idle = await createAgent({ nickname: 'Status Idle', workGroups: [widA2] });
      await setStatus(busy.uid, 'online');
      const busyId = (await userRow(busy.uid)).id;
      await insertThread(ownerA.orgId, busyId, 'chatting');
      await insertThread(ownerA.orgId, busyId, 'queuing');
      await insertThread(ownerA.orgId, busyId, 'closed');
      await insertThread(ownerA.orgId, busyId, 'offline');
    });

    it('shows each agent with open conversations, capacity and skill groups', async () => {
      const { status, body } = await call<Page<AgentStatus>>(
        'GET',
        '/api/user/status?page=0&size=100&nickname=status',
        agentA,
      );
      expect(status).toBe(200);
      const byUid = new Map(body.data.content.map((entry) => [entry.uid, entry]));
      expect(byUid.get(busy.uid)).toMatchObject({
        status: 'online',
        openThreadCount: 2,
        maxThreadCount: 3,
        workGroups: [{ wid: widA1, nickname: 'Pre-sales' }],
        autoReplyType: 'none',
      });
      expect(byUid.get(idle.uid)).toMatchObject({ status: 'offline', openThreadCount: 0 });
      expect(body.data.totalElements).toBe(2);
    });

    it('filters by online/offline and by skill group', async () => {
      const uids = async (query: string) =>
        (
          await call<Page<AgentStatus>>('GET', `/api/user/status?${query}&nickname=status`, adminA)
        ).body.data.content.map((entry) => entry.uid);
      expect(await uids('status=online')).toEqual([busy.uid]);
      expect(await uids('status=offline')).toEqual([idle.uid]);
      expect(await uids(`wid=${widA2}`)).toEqual([idle.uid]);
      // Another organisation's skill group matches nobody here.
      expect(await uids(`wid=${widB}`)).toEqual([]);
      const bad = await call('GET', '/api/user/status?status=sleeping', adminA);
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['status']);
    });
  });

  describe('POST /api/user/update', () => {
    it('changes the fields sent and leaves the others, replacing skill groups and roles', async () => {
      const agent = await createAgent({ realName: 'Before', welcomeTip: 'Hi', workGroups: [widA1] });
      const { status, body } = await call<User>('POST', '/api/user/update', groupAdminA, {
        uid: agent.uid,
        nickname: 'After',
        maxThreadCount: 8,
        hideLogo: true,
        workGroups: [widA2],
        roles: ['ROLE_WORKGROUP_CHECKER'],
        email: '',
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({
        nickname: 'After',
        realName: 'Before',
        welcomeTip: 'Hi',
        maxThreadCount: 8,
        hideLogo: true,
        email: null,
        workGroups: [{ wid: widA2, nickname: 'After-sales' }],
      });
      expect(body.data.roles.map((role) => role.value)).toEqual(['ROLE_WORKGROUP_CHECKER']);
      expect(body.data.updatedAt).toBeGreaterThanOrEqual(agent.updatedAt);
    });

    it('answers 400 naming each invalid field and changes nothing', async () => {
      const agent = await createAgent();
      const cases: [string, unknown][] = [
        ['nickname', ''],
        ['email', 'nope'],
        ['maxThreadCount', 'many'],
        ['roles', ['ROLE_SUPER']],
        ['webhook', 'javascript:alert(1)'],
      ];
      for (const [field, value] of cases) {
        const { status, body } = await call('POST', '/api/user/update', adminA, {
          uid: agent.uid,
          [field]: value,
        });
        expect(status, field).toBe(400);
        // A list item is named with its index (roles.0).
        expect(body.fields?.map((entry) => entry.field.split('.')[0])).toEqual([field]);
      }
      const missing = await call('POST', '/api/user/update', adminA, { nickname: 'x' });
      expect(missing.body.fields?.map((entry) => entry.field)).toEqual(['uid']);
      const foreignGroup = await call('POST', '/api/user/update', adminA, {
        uid: agent.uid,
        workGroups: [widB],
      });
      expect(foreignGroup.status).toBe(400);
      expect(foreignGroup.body.fields?.map((entry) => entry.field)).toEqual(['workGroups']);
      expect((await userRow(agent.uid)).nickname).toBe(agent.nickname);
    });

    it("answers 404 for another organisation's agent and leaves it unchanged", async () => {
      const before = await userRow(agentB.uid);
      const { status, body } = await call('POST', '/api/user/update', adminA, {
        uid: agentB.uid,
        nickname: 'Hijacked',
      });
      expect(status).toBe(404);
      expect(JSON.stringify(body)).not.toContain(agentB.username);
      expect(await userRow(agentB.uid)).toEqual(before);
      expect((await call('POST', '/api/user/update', adminA, { uid: 'nobody', nickname: 'x' })).status).toBe(
        404,
      );
    });

    it('answers 404 for a robot uid', async () => {
      const robot = await call<User>('POST', '/api/user/create/robot', adminA, { nickname: 'Robo' });
      const { status } = await call('POST', '/api/user/update', adminA, {
        uid: robot.body.data.uid,
        nickname: 'x',
      });
      expect(status).toBe(404);
    });

    it("refuses to change the organisation's admin account, or an admin's own roles", async () => {
      const owner = await call('POST', '/api/user/update', groupAdminA, {
        uid: ownerA.uid,
        nickname: 'Taken over',
      });
      expect(owner.status).toBe(403);
      expect(owner.body.message).toContain(ownerA.username);
      expect((await userRow(ownerA.uid)).nickname).toBe(ownerA.username);
      const ownRoles = await call('POST', '/api/user/update', adminA, {
        uid: ownerA.uid,
        roles: ['ROLE_WORKGROUP_AGENT'],
      });
      expect(ownRoles.status).toBe(403);
      // The admin may still edit its own agent fields.
      const ownFields = await call<User>('POST', '/api/user/update', adminA, {
        uid: ownerA.uid,
        maxThreadCount: 20,
      });
      expect(ownFields.status).toBe(200);
      expect(ownFields.body.data.maxThreadCount).toBe(20);
      const selfDisable = await call('POST', '/api/user/update', groupAdminA, {
        uid: groupAdminAccount.uid,
        enabled: false,
      });
      expect(selfDisable.status).toBe(409);
    });

    it('answers 409 naming email or mobile used by another account', async () => {
      const agent = await createAgent();
      const email = (await userRow(agentB.uid)).email;
      const { status, body } = await call('POST', '/api/user/update', adminA, { uid: agent.uid, email });
      expect(status).toBe(409);
      expect(body.fields?.map((entry) => entry.field)).toEqual(['email']);
      // Keeping one's own address is not a conflict.
      const withMobile = await createAgent({ mobile: '13600000066' });
      const same = await call('POST', '/api/user/update', adminA, {
        uid: withMobile.uid,
        mobile: '13600000066',
      });
      expect(same.status).toBe(200);
    });

    it('answers 401 without a token and 403 for an agent without kefu.account edit', async () => {
      expect((await call('POST', '/api/user/update', undefined, { uid: agentAccount.uid })).status).toBe(401);
      expect(
        (await call('POST', '/api/user/update', agentA, { uid: agentAccount.uid, nickname: 'x' })).status,
      ).toBe(403);
    });
  });

  describe('POST /api/user/update/disable and /update/enable', () => {
    it('signs a disabled agent out at once and lets it back in after enabling', async () => {
      const agent = await createAgent();
      const token = await signIn(ctx.app, agent.username, 'agent-pass-1');
      expect((await call('GET', '/api/user/profile', token)).status).toBe(200);

      const disabled = await call<User>('POST', '/api/user/update/disable', adminA, { uid: agent.uid });
      expect(disabled.status).toBe(200);
      expect(disabled.body.data.enabled).toBe(false);
      expect((await call('GET', '/api/user/profile', token)).status).toBe(401);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { authorization: clientAuth },
        payload: { grant_type: 'password', username: agent.username, password: 'agent-pass-1' },
      });
      expect(login.statusCode).toBe(400);

      const enabled = await call<User>('POST', '/api/user/update/enable', adminA, { uid: agent.uid });
      expect(enabled.body.data.enabled).toBe(true);
      // Old sessions stay revoked; a new sign-in works.
      expect((await call('GET', '/api/user/profile', token)).status).toBe(401);
      expect(await signIn(ctx.app, agent.username, 'agent-pass-1')).toBeTruthy();
    });

    it('refuses your own account (409) and the admin account (403)', async () => {
      const self = await call('POST', '/api/user/update/disable', adminA, { uid: ownerA.uid });
      expect(self.status).toBe(409);
      expect(self.body.message).toMatch(/own account/);
      const owner = await call('POST', '/api/user/update/disable', groupAdminA, { uid: ownerA.uid });
      expect(owner.status).toBe(403);
      expect((await userRow(ownerA.uid)).enabled).toBe(1);
    });

    it("answers 404 for another organisation's account (unchanged); platform staff may change it", async () => {
      const { status } = await call('POST', '/api/user/update/disable', adminA, { uid: agentB.uid });
      expect(status).toBe(404);
      expect((await userRow(agentB.uid)).enabled).toBe(1);
      const byStaff = await call<User>('POST', '/api/user/update/disable', staff, { uid: agentB.uid });
      expect(byStaff.status).toBe(200);
      expect(byStaff.body.data.enabled).toBe(false);
      expect(
        (await call<User>('POST', '/api/user/update/enable', staff, { uid: agentB.uid })).body.data.enabled,
      ).toBe(true);
      expect((await call('POST', '/api/user/update/enable', adminA, { uid: 'nobody' })).status).toBe(404);
    });

    it('answers 400 without uid, 401 without a token, 403 without the permission', async () => {
      for (const path of ['/api/user/update/disable', '/api/user/update/enable']) {
        const bad = await call('POST', path, adminA, {});
        expect(bad.status).toBe(400);
        expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['uid']);
        expect((await call('POST', path, undefined, { uid: agentAccount.uid })).status).toBe(401);
        expect((await call('POST', path, agentA, { uid: agentAccount.uid })).status).toBe(403);
      }
    });
  });

  describe('POST /api/user/delete', () => {
    it('is refused while the agent has an open conversation, then removes it everywhere', async () => {
      const agent = await createAgent({ workGroups: [widA1] });
      const agentId = (await userRow(agent.uid)).id;
      const token = await signIn(ctx.app, agent.username, 'agent-pass-1');
      await insertThread(ownerA.orgId, agentId, 'chatting');

      const refused = await call('POST', '/api/user/delete', adminA, { id: agent.uid });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/1 open conversation/);
      expect((await userRow(agent.uid)).deleted_at).toBeNull();

      await ctx.database.db
        .updateTable('thread')
        .set({ status: 'closed' })
        .where('agent_id', '=', agentId)
        .execute();
      const deleted = await call('POST', '/api/user/delete', adminA, { id: agent.uid, client: 'web' });
      expect(deleted.status).toBe(200);
      expect(deleted.body.data).toBeNull();

      const row = await userRow(agent.uid);
      expect(row.deleted_at).not.toBeNull();
      const memberships = await ctx.database.db
        .selectFrom('workgroup_member')
        .select('workgroup_id')
        .where('user_id', '=', agentId)
        .execute();
      expect(memberships).toEqual([]);
      expect((await call('GET', '/api/user/profile', token)).status).toBe(401);
      expect((await call('GET', `/api/user/get?uid=${agent.uid}`, adminA)).status).toBe(404);
      const list = await call<Page<User>>('GET', '/api/user/all?size=100', adminA);
      expect(list.body.data.content.map((user) => user.uid)).not.toContain(agent.uid);
      // The username stays reserved.
      const reuse = await call('POST', '/api/user/create', adminA, {
        username: agent.username,
        password: 'agent-pass-1',
        nickname: 'again',
      });
      expect(reuse.status).toBe(409);
      expect((await call('POST', '/api/user/delete', adminA, { id: agent.uid })).status).toBe(404);
    });

    it('refuses yourself (409), the admin account (403) and robots (404)', async () => {
      expect(
        (await call('POST', '/api/user/delete', groupAdminA, { id: groupAdminAccount.uid })).status,
      ).toBe(409);
      expect((await call('POST', '/api/user/delete', groupAdminA, { id: ownerA.uid })).status).toBe(403);
      const robot = await call<User>('POST', '/api/user/create/robot', adminA, { nickname: 'Keep me' });
      expect((await call('POST', '/api/user/delete', adminA, { id: robot.body.data.uid })).status).toBe(404);
      expect((await userRow(robot.body.data.uid)).deleted_at).toBeNull();
    });

    it("answers 404 for another organisation's agent (kept); platform staff may delete it but not an owner", async () => {
      const victim = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_AGENT'],
        orgId: ownerB.orgId,
      });
      expect((await call('POST', '/api/user/delete', adminA, { id: victim.uid })).status).toBe(404);
      expect((await userRow(victim.uid)).deleted_at).toBeNull();
      expect((await call('POST', '/api/user/delete', staff, { id: victim.uid })).status).toBe(200);
      expect((await userRow(victim.uid)).deleted_at).not.toBeNull();
      const owner = await call('POST', '/api/user/delete', staff, { id: ownerB.uid });
      expect(owner.status).toBe(409);
      expect(owner.body.message).toContain(ownerB.username);
    });

    it('answers 400 without id, 401 without a token, 403 without kefu.account delete', async () => {
      const bad = await call('POST', '/api/user/delete', adminA, { uid: agentAccount.uid });
      expect(bad.status).toBe(400);
      expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['id']);
      expect((await call('POST', '/api/user/delete', undefined, { id: agentAccount.uid })).status).toBe(401);
      expect((await call('POST', '/api/user/delete', agentA, { id: agentAccount.uid })).status).toBe(403);
      expect((await userRow(agentAccount.uid)).deleted_at).toBeNull();
    });
  });
});
