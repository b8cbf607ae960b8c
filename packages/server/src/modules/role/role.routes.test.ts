import {
  authorityKeys,
  roleValues,
  type AuthorityDetail,
  type MenuNode,
  type Profile,
  type RoleDetail,
} from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createPublicId } from '../../lib/ids.js';
import { bearer, createAccount, signIn, useTestApp, type TestAccount } from '../../test/app.js';
import { describeEachDatabase } from '../../test/databases.js';
import { menuSeed } from '../menu/menu.seed.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

await describeEachDatabase('role routes', (target) => {
  const ctx = useTestApp(target);
  let staff: string;
  let tenantAdmin: string;
  let owner: TestAccount;
  let agent: TestAccount;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    tenantAdmin = await signIn(ctx.app, owner.username, owner.password);
    agent = await createAccount(ctx.database, { roles: ['ROLE_WORKGROUP_AGENT'], orgId: owner.orgId });
  });

  const call = async <T>(method: 'GET' | 'POST', url: string, token: string | null, payload?: object) => {
    const response = await ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Body<T>>() };
  };
  const listRoles = async () => {
    const { status, body } = await call<RoleDetail[]>('GET', '/api/v1/role/all?client=web', staff);
    expect(status).toBe(200);
    return body.data;
  };
  const roleOf = async (value: string) => {
    const role = (await listRoles()).find((candidate) => candidate.value === value);
    if (!role) throw new Error(`no role ${value}`);
    return role;
  };
  const updateRole = (payload: object, token = staff) =>
    call<RoleDetail>('POST', '/api/v1/role/update', token, payload);

  describe('GET /api/v1/role/all', () => {
    it('lists the twelve roles with their grants', async () => {
      const roles = await listRoles();
      expect(roles.map((role) => role.value).sort()).toEqual([...roleValues].sort());
      const superRole = roles.find((role) => role.value === 'ROLE_SUPER');
      expect(superRole?.authorities).toContain('internal');
      expect(superRole?.rid).toMatch(/^[0-9a-z]{20}$/);
      const agentRole = roles.find((role) => role.value === 'ROLE_WORKGROUP_AGENT');
      expect(agentRole?.authorities).not.toContain('internal');
      expect(agentRole?.permissions.find((permission) => permission.permissionId === 'kefu.group')).toEqual({
        permissionId: 'kefu.group',
        actionList: ['query', 'get'],
      });
      expect(roles.find((role) => role.value === 'ROLE_MEMBER')?.permissions).toEqual([]);
    });

    it('counts the live accounts holding each role', async () => {
      const before = (await roleOf('ROLE_WORKGROUP_CHECKER')).userCount;
      const kept = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_CHECKER'],
        orgId: owner.orgId,
      });
      const gone = await createAccount(ctx.database, {
        roles: ['ROLE_WORKGROUP_CHECKER'],
        orgId: owner.orgId,
      });
      await ctx.database.db
        .updateTable('user')
        .set({ deleted_at: Date.now() })
        .where('id', '=', gone.userId)
        .execute();
      expect(kept.uid).not.toBe(gone.uid);
      expect((await roleOf('ROLE_WORKGROUP_CHECKER')).userCount).toBe(before + 1);
      // The bootstrap admin holds ROLE_SUPER.
      expect((await roleOf('ROLE_SUPER')).userCount).toBeGreaterThanOrEqual(1);
    });

    it('is for platform staff only', async () => {
      const { status, body } = await call('GET', '/api/v1/role/all', tenantAdmin);
      expect(status).toBe(403);
      expect(body.message).toBe('Only platform staff may do this');
      expect((await call('GET', '/api/v1/role/all', null)).status).toBe(401);
    });
  });

  describe('POST /api/v1/role/update', () => {
    it('replaces name, description, authorities and permissions; holders feel it on their next request', async () => {
      const agentToken = await signIn(ctx.app, agent.username, agent.password);
      const createGroup = () =>
        call('POST', '/api/workgroup/create', agentToken, { nickname: `Group ${createPublicId(8)}` });
      expect((await createGroup()).status).toBe(403);

      const role = await roleOf('ROLE_WORKGROUP_AGENT');
      const { status, body } = await updateRole({
        rid: role.rid,
        name: '  Senior agent ',
        description: 'Agents who also run skill groups',
        authorities: ['home', 'chat', 'chat', 'setting'],
        permissions: [
          { permissionId: 'kefu', actionList: ['query', 'get'] },
          { permissionId: 'kefu.group', actionList: ['query', 'get', 'add', 'add'] },
        ],
      });
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({
        rid: role.rid,
        value: 'ROLE_WORKGROUP_AGENT',
        name: 'Senior agent',
        description: 'Agents who also run skill groups',
        userCount: role.userCount,
      });
      expect(body.data.authorities).toEqual(['home', 'chat', 'setting']);
      expect(body.data.permissions).toEqual([
        { permissionId: 'kefu', actionList: ['query', 'get'] },
        { permissionId: 'kefu.group', actionList: ['query', 'get', 'add'] },
      ]);
      expect(await roleOf('ROLE_WORKGROUP_AGENT')).toEqual(body.data);

      // Same token, next request: the new grants apply.
      expect((await createGroup()).status).toBe(200);
      const menu = await call<MenuNode[]>('GET', '/api/v1/menu/list?platform=kefu', agentToken);
      // `chat` also opens the quality section's results page (an agent's own results, issue 16).
      expect(menu.body.data.map((node) => node.name)).toEqual(['dashboard', 'kefu', 'settings', 'quality']);
      const profile = await call<Profile>('GET', '/api/user/profile', agentToken);
      expect(profile.body.data.roles[0]).toMatchObject({ name: 'Senior agent' });
      expect(profile.body.data.authorities).not.toContain('crm');
    });

    it('changes only what is given', async () => {
      const role = await roleOf('ROLE_FREE');
      const { status, body } = await updateRole({ rid: role.rid, description: 'Free plan' });
      expect(status).toBe(200);
      expect(body.data).toEqual({ ...role, description: 'Free plan' });
      const emptied = await updateRole({ rid: role.rid, permissions: [], authorities: [] });
      expect(emptied.body.data).toMatchObject({ name: role.name, authorities: [], permissions: [] });
    });

    it('keeps internal on ROLE_SUPER and off every other role', async () => {
      const superRole = await roleOf('ROLE_SUPER');
      const drop = await updateRole({
        rid: superRole.rid,
        name: 'Renamed',
        authorities: superRole.authorities.filter((key) => key !== 'internal'),
      });
      expect(drop.status).toBe(400);
      expect(drop.body.fields?.map((field) => field.field)).toEqual(['authorities']);
      expect(drop.body.message).toMatch(/ROLE_SUPER must keep the "internal" authority/);
      expect(await roleOf('ROLE_SUPER')).toEqual(superRole);

      const admin = await roleOf('ROLE_ADMIN');
      const grant = await updateRole({ rid: admin.rid, authorities: [...admin.authorities, 'internal'] });
      expect(grant.status).toBe(400);
      expect(grant.body.fields?.map((field) => field.field)).toEqual(['authorities']);
      expect(await roleOf('ROLE_ADMIN')).toEqual(admin);
      // The platform section stays closed to tenant admins.
      expect((await call('GET', '/api/v1/role/all', tenantAdmin)).status).toBe(403);
    });

    it('refuses permissions that are not menu items, naming them, and writes nothing', async () => {
      const role = await roleOf('ROLE_VIP');
      const { status, body } = await updateRole({
        rid: role.rid,
        name: 'Changed',
        permissions: [
          { permissionId: 'kefu.group', actionList: ['query'] },
          { permissionId: 'kefu.nope', actionList: ['query'] },
          { permissionId: 'made.up', actionList: ['add'] },
        ],
      });
      expect(status).toBe(400);
      expect(body.fields?.map((field) => field.field)).toEqual(['permissions']);
      expect(body.message).toContain('kefu.nope, made.up');
      expect(body.message).not.toContain('kefu.group');
      expect(await roleOf('ROLE_VIP')).toEqual(role);

      const duplicate = await updateRole({
        rid: role.rid,
        permissions: [
          { permissionId: 'kefu.group', actionList: ['query'] },
          { permissionId: 'kefu.group', actionList: ['add'] },
        ],
      });
      expect(duplicate.status).toBe(400);
      expect(duplicate.body.message).toContain('kefu.group');
      expect(await roleOf('ROLE_VIP')).toEqual(role);
    });

    it('answers 400 for malformed fields', async () => {
      const role = await roleOf('ROLE_TRY');
      const cases: [object, string][] = [
        [{ rid: role.rid, authorities: ['everything'] }, 'authorities.0'],
        [
          { rid: role.rid, permissions: [{ permissionId: 'kefu', actionList: ['fly'] }] },
          'permissions.0.actionList.0',
        ],
        [{ rid: role.rid, name: '' }, 'name'],
        [{ rid: role.rid, description: 'x'.repeat(501) }, 'description'],
        [{ name: 'x' }, 'rid'],
      ];
      for (const [payload, field] of cases) {
        const { status, body } = await updateRole(payload);
        expect(status, field).toBe(400);
        expect(body.fields?.map((entry) => entry.field)).toEqual([field]);
      }
      expect(await roleOf('ROLE_TRY')).toEqual(role);
    });

    it('answers 404 for an unknown rid', async () => {
      const { status, body } = await updateRole({ rid: 'no-such-role', name: 'x' });
      expect(status).toBe(404);
      expect(body.message).toContain('no-such-role');
    });

    it('is for platform staff only', async () => {
      const admin = await roleOf('ROLE_ADMIN');
      const { status } = await updateRole(
        { rid: admin.rid, authorities: [...admin.authorities, 'internal'] },
        tenantAdmin,
      );
      expect(status).toBe(403);
      expect((await updateRole({ rid: admin.rid, name: 'x' }, '')).status).toBe(401);
      expect(await roleOf('ROLE_ADMIN')).toEqual(admin);
    });
  });

  describe('GET /api/v1/authority/all', () => {
    const authorities = async () => {
      const { status, body } = await call<AuthorityDetail[]>('GET', '/api/v1/authority/all', staff);
      expect(status).toBe(200);
      return body.data;
    };

    it('describes every authority key with its menu sections and roles', async () => {
      const list = await authorities();
      expect(list.map((entry) => entry.key)).toEqual([...authorityKeys]);
      expect(list.find((entry) => entry.key === 'internal')).toEqual({
        key: 'internal',
        menus: [{ name: 'platform', title: '平台', titleEn: 'Platform' }],
        roles: ['ROLE_SUPER'],
      });
      const support = list.find((entry) => entry.key === 'support');
      expect(support?.menus.map((menu) => menu.name)).toEqual(
        menuSeed.filter((section) => section.authorities.includes('support')).map((section) => section.key),
      );
      expect(support?.roles).toContain('ROLE_ADMIN');
      expect(support?.roles).not.toContain('ROLE_MEMBER');
      // Keys no seeded section requires still appear, with no menus.
      expect(list.find((entry) => entry.key === 'callcenter')?.menus).toEqual([]);
    });

    it('follows role updates', async () => {
      const checker = await roleOf('ROLE_WORKGROUP_CHECKER');
      await updateRole({ rid: checker.rid, authorities: [...checker.authorities, 'feedback'] });
      const feedback = (await authorities()).find((entry) => entry.key === 'feedback');
      expect(feedback?.roles).toContain('ROLE_WORKGROUP_CHECKER');
    });

    it('is for platform staff only', async () => {
      expect((await call('GET', '/api/v1/authority/all', tenantAdmin)).status).toBe(403);
      expect((await call('GET', '/api/v1/authority/all', null)).status).toBe(401);
    });
  });
});
