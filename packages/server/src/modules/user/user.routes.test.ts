import { permissionActions, type Profile } from '@openkefu/contract';
import { describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';

type Body<T> = { message: string; status_code: number; data: T };

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
      expect(kefuAccount?.actionList).toEqual(['add', 'edit', 'query', 'get']);
      expect(
        body.data.roles[0]?.permissions.some((permission) => permission.permissionId.startsWith('quality')),
      ).toBe(false);
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
});
