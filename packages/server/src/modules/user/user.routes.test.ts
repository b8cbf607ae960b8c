import { permissionActions, type Page, type Profile, type User, type UserBrief } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, clientAuth, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

await describeEachDatabase('user routes', (target) => {
  const ctx = useTestApp(target);

  const profile = async (token: string, language?: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/profile',
      headers: { ...bearer(token), ...(language ? { 'accept-language': language } : {}) },
    });
    return { status: response.statusCode, body: response.json<Body<Profile>>() };
  };

  describe('GET /api/user/profile', () => {
    it('describes the bootstrap admin: platform staff, admin account, roles with permissions', async () => {
      const { status, body } = await profile(await signIn(ctx.app, 'admin', 'admin'));
      expect(status).toBe(200);
      expect(body.message).toBe('success');
      const data = body.data;
      expect(data).toMatchObject({
        username: 'admin',
        nickname: 'admin',
        avatar: '',
        email: null,
        mobile: null,
        subDomain: 'openkefu',
        balance: 0,
        validateUntilDate: null,
        isPlatformStaff: true,
        isAdminAccount: true,
        organization: { name: 'OpenKefu', subDomain: 'openkefu' },
      });
      expect(data.roles.map((role) => role.value)).toEqual(['ROLE_SUPER', 'ROLE_ADMIN']);
      expect(data.authorities).toContain('internal');
      const superRole = data.roles[0];
      expect(
        superRole?.permissions.find((permission) => permission.permissionId === 'platform.menu')?.actionList,
      ).toEqual([...permissionActions]);
      const adminRole = data.roles[1];
      expect(adminRole?.authorities).not.toContain('internal');
      expect(
        adminRole?.permissions.some((permission) => permission.permissionId.startsWith('platform')),
      ).toBe(false);
      expect(
        adminRole?.permissions.find((permission) => permission.permissionId === 'kefu.account')?.actionList,
      ).toEqual([...permissionActions]);
    });

    it('describes an agent of another organisation with its own organisation and limited actions', async () => {
      const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      const agent = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_AGENT'],
        orgId: owner.orgId,
        email: 'agent@other.org',
      });
      const { body } = await profile(await signIn(ctx.app, agent.username, agent.password), 'zh-CN');
      expect(body.message).toBe('成功');
      expect(body.data).toMatchObject({
        uid: agent.uid,
        username: agent.username,
        email: 'agent@other.org',
        subDomain: owner.subDomain,
        isPlatformStaff: false,
        isAdminAccount: false,
      });
      expect(body.data.organization.subDomain).toBe(owner.subDomain);
      expect(body.data.roles).toHaveLength(1);
      const kefuAccount = body.data.roles[0]?.permissions.find(
        (permission) => permission.permissionId === 'kefu.account',
      );
      // Agents see their colleagues but only admins change them.
      expect(kefuAccount?.actionList).toEqual(['query', 'get']);
      // Quality inspection: agents read their own results (and appeal), nothing else of the section.
      const quality = body.data.roles[0]?.permissions
        .filter((permission) => permission.permissionId.startsWith('quality'))
        .map((permission) => [permission.permissionId, [...permission.actionList].sort()]);
      expect(quality?.sort()).toEqual([
        ['quality', ['get', 'query']],
        ['quality.result', ['get', 'query']],
      ]);
    });

    it('answers 401 without a valid token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/user/profile' });
      expect(response.statusCode).toBe(401);
      const zh = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(zh.json()).toMatchObject({ message: '未登录或登录已过期', status_code: 401 });
    });
  });

  describe('own account', () => {
    let staff: string;
    let ownerA: TestAccount;
    let adminA: string;
    let agentAccount: TestAccount;
    let agentA: string;
    let colleague: TestAccount;
    let groupAdmin: string;
    let agentB: TestAccount;

    const call = async <T>(method: 'GET' | 'POST', url: string, token?: string, payload?: object) => {
      const response = await ctx.app.inject({
        method,
        url,
        headers: token ? bearer(token) : {},
        ...(payload ? { payload } : {}),
      });
      return { status: response.statusCode, body: response.json<Body<T>>() };
    };

    const userRow = (uid: string) =>
      ctx.database.db.selectFrom('user').selectAll().where('uid', '=', uid).executeTakeFirstOrThrow();

    const canSignIn = async (username: string, password: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/oauth/token',
          headers: { authorization: clientAuth },
          payload: { grant_type: 'password', username, password },
        })
      ).statusCode === 200;

    beforeAll(async () => {
      staff = await signIn(ctx.app, 'admin', 'admin');
      ownerA = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      adminA = await signIn(ctx.app, ownerA.username, ownerA.password);
      agentAccount = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_AGENT'],
        orgId: ownerA.orgId,
      });
      agentA = await signIn(ctx.app, agentAccount.username, agentAccount.password);
      colleague = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: ownerA.orgId });
      const groupAdminAccount = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_ADMIN'],
        orgId: ownerA.orgId,
      });
      groupAdmin = await signIn(ctx.app, groupAdminAccount.username, groupAdminAccount.password);
      const ownerB = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
      agentB = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: ownerB.orgId });
    });

    describe('GET /api/user/login/success', () => {
      it('records the sign-in time and client and returns the caller', async () => {
        const before = Date.now();
        const { status, body } = await call<User>('GET', '/api/user/login/success?client=web_admin', agentA);
        expect(status).toBe(200);
        expect(body.data).toMatchObject({
          uid: agentAccount.uid,
          username: agentAccount.username,
          robot: false,
        });
        expect(body.data.lastLoginAt).toBeGreaterThanOrEqual(before);
        expect(JSON.stringify(body)).not.toMatch(/password/i);
        expect((await userRow(agentAccount.uid)).last_login_client).toBe('web_admin');
        await call('GET', '/api/user/login/success', agentA);
        expect((await userRow(agentAccount.uid)).last_login_client).toBe('web');
      });

      it('answers 400 for an overlong client and 401 without a token', async () => {
        const bad = await call('GET', `/api/user/login/success?client=${'c'.repeat(33)}`, agentA);
        expect(bad.status).toBe(400);
        expect(bad.body.fields?.map((entry) => entry.field)).toEqual(['client']);
        expect((await call('GET', '/api/user/login/success')).status).toBe(401);
      });
    });

    describe('GET /api/user/me', () => {
      it('returns the caller without recording a sign-in', async () => {
        const before = (await userRow(agentAccount.uid)).last_login_at;
        const { status, body } = await call<User>('GET', '/api/user/me', agentA);
        expect(status).toBe(200);
        expect(body.data).toMatchObject({ uid: agentAccount.uid, username: agentAccount.username });
        expect(JSON.stringify(body)).not.toMatch(/password/i);
        expect((await userRow(agentAccount.uid)).last_login_at).toBe(before);
        expect((await call('GET', '/api/user/me')).status).toBe(401);
      });
    });

    describe('POST /api/user/update/profile', () => {
      it("changes only the caller's own fields that were sent", async () => {
        const before = await userRow(agentB.uid);
        const { status, body } = await call<User>('POST', '/api/user/update/profile', agentA, {
          // A uid in the body is not a way to edit someone else: the caller is the target.
          uid: agentB.uid,
          nickname: 'Me again',
          autoReplyType: 'eat',
          autoReplyContent: 'Back in 30 minutes',
          welcomeTip: 'Welcome!',
        });
        expect(status).toBe(200);
        expect(body.data).toMatchObject({
          uid: agentAccount.uid,
          nickname: 'Me again',
          autoReplyType: 'eat',
          autoReplyContent: 'Back in 30 minutes',
          welcomeTip: 'Welcome!',
          realName: '',
        });
        expect(await userRow(agentB.uid)).toEqual(before);
        const again = await call<User>('POST', '/api/user/update/profile', agentA, { realName: 'Real' });
        expect(again.body.data).toMatchObject({ nickname: 'Me again', realName: 'Real' });
      });

      it('answers 400 naming each invalid field and 401 without a token', async () => {
        for (const [field, value] of [
          ['nickname', ''],
          ['autoReplyType', 'sleeping'],
          ['avatar', 'a'.repeat(513)],
          ['offlineTip', 'o'.repeat(501)],
        ] as const) {
          const { status, body } = await call('POST', '/api/user/update/profile', agentA, { [field]: value });
          expect(status, field).toBe(400);
          expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
        }
        expect((await call('POST', '/api/user/update/profile', undefined, { nickname: 'x' })).status).toBe(
          401,
        );
      });
    });

    describe('POST /api/user/update/password', () => {
      it('changes your own password with the current one and signs out your other sessions', async () => {
        const account = await createAccount(ctx.database, {
          roles: ['ROLE_WORKGROUP_AGENT'],
          orgId: ownerA.orgId,
        });
        const current = await signIn(ctx.app, account.username, account.password);
        const other = await signIn(ctx.app, account.username, account.password);

        const missing = await call('POST', '/api/user/update/password', current, { password: 'brand-new-1' });
        expect(missing.status).toBe(400);
        expect(missing.body.fields?.map((entry) => entry.field)).toEqual(['oldPassword']);
        const wrong = await call('POST', '/api/user/update/password', current, {
          oldPassword: 'not-it',
          password: 'brand-new-1',
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.fields?.map((entry) => entry.field)).toEqual(['oldPassword']);
        const short = await call('POST', '/api/user/update/password', current, {
          oldPassword: account.password,
          password: '123',
        });
        expect(short.body.fields?.map((entry) => entry.field)).toEqual(['password']);

        const changed = await call('POST', '/api/user/update/password', current, {
          uid: account.uid,
          oldPassword: account.password,
          password: 'brand-new-1',
        });
        expect(changed.status).toBe(200);
        expect((await call('GET', '/api/user/profile', current)).status).toBe(200);
        expect((await call('GET', '/api/user/profile', other)).status).toBe(401);
        expect(await canSignIn(account.username, account.password)).toBe(false);
        expect(await canSignIn(account.username, 'brand-new-1')).toBe(true);
      });

      it("lets an admin reset an agent's password without the old one, signing the agent out", async () => {
        const account = await createAccount(ctx.database, {
          roles: ['ROLE_WORKGROUP_AGENT'],
          orgId: ownerA.orgId,
        });
        const token = await signIn(ctx.app, account.username, account.password);
        const { status } = await call('POST', '/api/user/update/password', adminA, {
          uid: account.uid,
          password: 'reset-by-admin',
        });
        expect(status).toBe(200);
        expect((await call('GET', '/api/user/profile', token)).status).toBe(401);
        expect(await canSignIn(account.username, 'reset-by-admin')).toBe(true);
      });

      it('refuses agents without kefu.account edit (403), the admin account (403) and other organisations (404)', async () => {
        const colleagueHash = (await userRow(colleague.uid)).password_hash;
        const byAgent = await call('POST', '/api/user/update/password', agentA, {
          uid: colleague.uid,
          password: 'hijacked-1',
        });
        expect(byAgent.status).toBe(403);
        expect((await userRow(colleague.uid)).password_hash).toBe(colleagueHash);

        const ownerHash = (await userRow(ownerA.uid)).password_hash;
        const byGroupAdmin = await call('POST', '/api/user/update/password', groupAdmin, {
          uid: ownerA.uid,
          password: 'hijacked-1',
        });
        expect(byGroupAdmin.status).toBe(403);
        expect((await userRow(ownerA.uid)).password_hash).toBe(ownerHash);

        const foreignHash = (await userRow(agentB.uid)).password_hash;
        const foreign = await call('POST', '/api/user/update/password', adminA, {
          uid: agentB.uid,
          password: 'hijacked-1',
        });
        expect(foreign.status).toBe(404);
        expect(JSON.stringify(foreign.body)).not.toContain(agentB.username);
        expect((await userRow(agentB.uid)).password_hash).toBe(foreignHash);
        expect(
          (await call('POST', '/api/user/update/password', adminA, { uid: 'nobody', password: 'whatever-1' }))
            .status,
        ).toBe(404);
        expect(
          (await call('POST', '/api/user/update/password', undefined, { password: 'whatever-1' })).status,
        ).toBe(401);
      });

      it("lets platform staff reset any organisation's account", async () => {
        const account = await createAccount(ctx.database, {
          roles: ['ROLE_WORKGROUP_AGENT'],
          orgId: agentB.orgId,
        });
        const { status } = await call('POST', '/api/user/update/password', staff, {
          uid: account.uid,
          password: 'reset-by-staff',
        });
        expect(status).toBe(200);
        expect(await canSignIn(account.username, 'reset-by-staff')).toBe(true);
      });
    });

    describe('GET /api/user/contacts', () => {
      it('pages the colleagues of the caller: same organisation, not the caller, no robots', async () => {
        await call('POST', '/api/user/create/robot', adminA, { nickname: 'Not a colleague' });
        const { status, body } = await call<Page<UserBrief>>(
          'GET',
          '/api/user/contacts?page=0&size=50&client=web',
          agentA,
        );
        expect(status).toBe(200);
        const uids = body.data.content.map((user) => user.uid);
        expect(uids).toContain(ownerA.uid);
        expect(uids).toContain(colleague.uid);
        expect(uids).not.toContain(agentAccount.uid);
        expect(uids).not.toContain(agentB.uid);
        expect(body.data.content.some((user) => user.robot)).toBe(false);
        expect(body.data.totalElements).toBe(uids.length);
        expect((await call('GET', '/api/user/contacts')).status).toBe(401);
      });
    });
  });
});
