import type { MenuItem, MenuNode, Page } from '@openkefu/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/databases.js';
import { bearer, createAccount, signIn, useTestApp } from '../../test/app.js';
import { menuSeed } from './menu.seed.js';

type Body<T> = {
  message: string;
  status_code: number;
  data: T;
  code?: string;
  fields?: { field: string; message: string }[];
};

const flatten = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((node) => [node, ...flatten(node.children)]);
const seededItemCount = menuSeed.reduce((sum, section) => sum + 1 + section.items.length, 0);

await describeEachDatabase('menu routes', (target) => {
  const ctx = useTestApp(target);
  let staff: string;
  let tenantAdmin: string;
  let agent: string;
  let checker: string;
  let member: string;

  beforeAll(async () => {
    staff = await signIn(ctx.app, 'admin', 'admin');
    const owner = await createAccount(ctx.database, { roles: ['ROLE_ADMIN'] });
    tenantAdmin = await signIn(ctx.app, owner.username, owner.password);
    const agentAccount = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_AGENT'],
      orgId: owner.orgId,
    });
    agent = await signIn(ctx.app, agentAccount.username, agentAccount.password);
    const checkerAccount = await createAccount(ctx.database, {
      roles: ['ROLE_WORKGROUP_CHECKER'],
      orgId: owner.orgId,
    });
    checker = await signIn(ctx.app, checkerAccount.username, checkerAccount.password);
    const memberAccount = await createAccount(ctx.database, { roles: ['ROLE_MEMBER'] });
    member = await signIn(ctx.app, memberAccount.username, memberAccount.password);
  });

  const list = async (token: string, query = 'platform=kefu') => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/menu/list?${query}`,
      headers: bearer(token),
    });
    return { status: response.statusCode, body: response.json<Body<MenuNode[]>>() };
  };

  describe('GET /api/v1/menu/list', () => {
    it('gives platform staff on ADMIN_ACCOUNT every section, ordered, with flags and hidden routes', async () => {
      const { status, body } = await list(staff);
      expect(status).toBe(200);
      expect(body.status_code).toBe(200);
      expect(body.data.map((node) => node.name)).toEqual(menuSeed.map((section) => section.key));
      const all = flatten(body.data);
      expect(all).toHaveLength(seededItemCount);

      const kefu = body.data.find((node) => node.name === 'kefu');
      expect(kefu).toMatchObject({
        type: 'section',
        path: '/stable/kefu',
        redirect: '/stable/kefu/account',
        component: 'BasicLayout',
        title: '客服',
        titleEn: 'Customer service',
        authorities: ['chat'],
      });
      const orders = kefu?.children.map((child) => child.order) ?? [];
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      expect(kefu?.children.find((child) => child.name === 'kefu.account')).toMatchObject({
        path: '/stable/kefu/account',
        component: 'kefu/account',
        type: 'item',
        show: true,
        parentId: kefu?.mid,
      });
      expect(kefu?.children.find((child) => child.name === 'kefu.monitor')).toMatchObject({
        debugOnly: true,
        show: true,
      });
      expect(kefu?.children.find((child) => child.name === 'kefu.form')).toMatchObject({
        type: 'route',
        show: false,
      });
      expect(all.find((node) => node.name === 'kb.blog')).toMatchObject({ adminOnly: true });
      expect(all.find((node) => node.name === 'statictic')?.path).toBe('/stable/statictic');
    });

    it('hides the platform section and admin-only items from a tenant admin', async () => {
      const { status, body } = await list(tenantAdmin);
      expect(status).toBe(200);
      const names = flatten(body.data).map((node) => node.name);
      expect(names).not.toContain('platform');
      expect(names.some((name) => name.startsWith('platform.'))).toBe(false);
      expect(names).not.toContain('kb.blog');
      expect(names).not.toContain('robot.zhipuai');
      expect(names).toContain('kb.list');
      expect(names).toContain('channel.app');
      expect(names).toContain('kefu.monitor');
    });

    it('shows an agent only the sections of its authorities', async () => {
      const { body } = await list(agent);
      expect(body.data.map((node) => node.name)).toEqual([
        'dashboard',
        'kefu',
        'crm',
        'settings',
        'ticket',
        'feedback',
        'quality',
      ]);
      // Of quality, only their own results (issue 16).
      const quality = body.data.find((node) => node.name === 'quality');
      expect(quality?.children.map((node) => node.name)).toEqual(['quality.result']);
    });

    it('shows a quality checker its sections', async () => {
      const { body } = await list(checker);
      expect(body.data.map((node) => node.name)).toEqual(['dashboard', 'statictic', 'quality']);
    });

    it('returns an empty tree to a role without console access', async () => {
      const { status, body } = await list(member);
      expect(status).toBe(200);
      expect(body.data).toEqual([]);
    });

    it('defaults the platform to kefu and returns nothing for an unknown platform', async () => {
      expect((await list(staff, '')).body.data).toHaveLength(menuSeed.length);
      expect((await list(staff, 'platform=other')).body.data).toEqual([]);
    });

    it('answers 400 naming platform when it is invalid', async () => {
      const { status, body } = await list(staff, `platform=${'x'.repeat(40)}`);
      expect(status).toBe(400);
      expect(body.code).toBe('BAD_REQUEST');
      expect(body.fields?.map((field) => field.field)).toEqual(['platform']);
    });

    it('answers 401 without a token or with a bad one', async () => {
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/v1/menu/list?platform=kefu' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ status_code: 401, code: 'UNAUTHORIZED', data: null });
      expect((await list('not-a-token')).status).toBe(401);
    });
  });

  describe('GET /api/v1/menu/query and /filter', () => {
    it('pages the flat list for platform staff', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/v1/menu/query?page=1&size=20&platform=kefu&client=web',
        headers: bearer(staff),
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<Body<Page<MenuItem>>>().data;
      expect(page).toMatchObject({
        totalElements: seededItemCount,
        number: 1,
        size: 20,
        first: false,
        last: false,
        empty: false,
      });
      expect(page.totalPages).toBe(Math.ceil(seededItemCount / 20));
      expect(page.content).toHaveLength(20);
      expect(page.content[0]).not.toHaveProperty('children');
    });

    it('filters by name, title, English title or path, case-insensitively', async () => {
      const filter = async (content: string) => {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/menu/filter?page=0&size=20&platform=kefu&client=web&content=${encodeURIComponent(content)}`,
          headers: bearer(staff),
        });
        expect(response.statusCode).toBe(200);
        return response.json<Body<Page<MenuItem>>>().data;
      };
      expect((await filter('kefu.account')).content.map((item) => item.name)).toEqual(['kefu.account']);
      expect((await filter('黑名单')).content.map((item) => item.name)).toEqual(['kefu.block']);
      expect((await filter('BLACKLIST')).content.map((item) => item.name)).toEqual(['kefu.block']);
      expect((await filter('/stable/statictic/ROBOT')).content.map((item) => item.name)).toEqual([
        'statictic.robot',
      ]);
      // LIKE wildcards in the search text are literal characters.
      expect((await filter('%')).totalElements).toBe(0);
      expect((await filter('')).totalElements).toBe(seededItemCount);
    });

    it('answers 400 for bad paging, naming the field', async () => {
      for (const [query, field] of [
        ['page=-1', 'page'],
        ['size=0', 'size'],
        ['size=1000', 'size'],
        ['page=abc', 'page'],
      ]) {
        const response = await ctx.app.inject({
          method: 'GET',
          url: `/api/v1/menu/query?${query}`,
          headers: bearer(staff),
        });
        expect(response.statusCode, query).toBe(400);
        expect(response.json<Body<null>>().fields?.[0]?.field).toBe(field);
      }
      const filter = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/menu/filter?content=${'x'.repeat(65)}`,
        headers: bearer(staff),
      });
      expect(filter.statusCode).toBe(400);
      expect(filter.json<Body<null>>().fields?.[0]?.field).toBe('content');
    });

    it('is for platform staff only', async () => {
      for (const url of ['/api/v1/menu/query', '/api/v1/menu/filter?content=a']) {
        const forbidden = await ctx.app.inject({ method: 'GET', url, headers: bearer(tenantAdmin) });
        expect(forbidden.statusCode).toBe(403);
        expect(forbidden.json()).toMatchObject({
          status_code: 403,
          code: 'FORBIDDEN',
          message: 'Only platform staff may do this',
        });
        expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      }
    });
  });

  describe('POST /api/v1/menu/create', () => {
    const valid = {
      name: 'kefu.extra',
      title: '额外',
      titleEn: 'Extra',
      icon: 'StarOutlined',
      order: 500,
      path: '/stable/kefu/extra',
      component: 'kefu/extra',
      type: 'item',
      authorities: ['chat'],
      platform: 'kefu',
      client: 'web',
    };
    let kefuMid: string;

    beforeAll(async () => {
      kefuMid = (await list(staff)).body.data.find((node) => node.name === 'kefu')?.mid ?? '';
    });

    const create = (payload: object, token = staff) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/menu/create', headers: bearer(token), payload });

    it('creates an item under a section and shows it in the tree', async () => {
      const response = await create({ ...valid, parentId: kefuMid });
      expect(response.statusCode).toBe(200);
      const item = response.json<Body<MenuItem>>().data;
      expect(item).toMatchObject({
        name: 'kefu.extra',
        key: 'kefu.extra',
        parentId: kefuMid,
        show: true,
        debugOnly: false,
        order: 500,
      });
      expect(item.mid).toMatch(/^[0-9a-z]{20}$/);
      const tree = (await list(tenantAdmin)).body.data;
      expect(tree.find((node) => node.name === 'kefu')?.children.at(-1)?.name).toBe('kefu.extra');
    });

    it('accepts a form-encoded body with authorities as a comma list', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/menu/create',
        headers: { ...bearer(staff), 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          name: 'external.docs',
          title: '文档',
          path: 'https://example.com/docs',
          show: 'false',
          order: '7',
          authorities: 'home,chat',
          platform: 'kefu',
        }).toString(),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Body<MenuItem>>().data).toMatchObject({
        parentId: null,
        titleEn: '文档',
        show: false,
        order: 7,
        authorities: ['home', 'chat'],
      });
    });

    it('answers 400 naming each invalid field', async () => {
      const cases: [object, string][] = [
        [{ ...valid, name: '1bad' }, 'name'],
        [{ ...valid, name: undefined }, 'name'],
        [{ ...valid, title: '' }, 'title'],
        [{ ...valid, path: 'no-slash' }, 'path'],
        [{ ...valid, order: -1 }, 'order'],
        [{ ...valid, type: 'folder' }, 'type'],
        [{ ...valid, authorities: ['root'] }, 'authorities'],
        [{ ...valid, authorities: 'home,nope' }, 'authorities'],
        [{ ...valid, show: 'maybe' }, 'show'],
        [{ ...valid, redirect: 'nowhere' }, 'redirect'],
      ];
      for (const [payload, field] of cases) {
        const response = await create(payload);
        expect(response.statusCode, field).toBe(400);
        const body = response.json<Body<null>>();
        expect(body.code).toBe('BAD_REQUEST');
        expect(
          body.fields?.map((entry) => entry.field),
          field,
        ).toContain(field);
      }
    });

    it('answers 400 naming parentId when the parent does not exist', async () => {
      const response = await create({ ...valid, name: 'kefu.orphan', parentId: 'nosuchmid' });
      expect(response.statusCode).toBe(400);
      expect(response.json<Body<null>>().fields).toEqual([
        { field: 'parentId', message: expect.any(String) },
      ]);
    });

    it('answers 409 for a name already used on the platform', async () => {
      const response = await create({ ...valid, name: 'kefu.account' });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', fields: [{ field: 'name' }] });
    });

    it('answers in Chinese when asked', async () => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/menu/create',
        headers: { ...bearer(staff), 'accept-language': 'zh-CN,zh;q=0.9' },
        payload: { ...valid, name: 'kefu.account' },
      });
      expect(response.json<Body<null>>().message).toBe('平台「kefu」已存在名为「kefu.account」的菜单');
    });

    it('is for platform staff only', async () => {
      expect((await create({ ...valid, name: 'kefu.nope' }, tenantAdmin)).statusCode).toBe(403);
      expect((await create({ ...valid, name: 'kefu.nope' }, agent)).statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'POST', url: '/api/v1/menu/create', payload: valid })).statusCode,
      ).toBe(401);
    });
  });

  describe('PUT /api/v1/menu/update and DELETE /api/v1/menu/delete', () => {
    const base = { title: '临时', path: '/stable/kefu/temp', platform: 'kefu' };
    const createItem = async (name: string, parentId?: string) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/menu/create',
        headers: bearer(staff),
        payload: { ...base, name, parentId },
      });
      expect(response.statusCode).toBe(200);
      return response.json<Body<MenuItem>>().data;
    };
    const update = (payload: object, token = staff) =>
      ctx.app.inject({ method: 'PUT', url: '/api/v1/menu/update', headers: bearer(token), payload });

    it('updates every field of an item', async () => {
      const item = await createItem('temp.one');
      const response = await update({
        ...base,
        mid: item.mid,
        name: 'temp.renamed',
        title: '改名',
        titleEn: 'Renamed',
        order: 3,
        hideChildren: true,
        debugOnly: true,
        adminOnly: true,
        authorities: ['crm'],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<Body<MenuItem>>().data).toMatchObject({
        mid: item.mid,
        name: 'temp.renamed',
        title: '改名',
        titleEn: 'Renamed',
        order: 3,
        hideChildren: true,
        debugOnly: true,
        adminOnly: true,
        authorities: ['crm'],
      });
    });

    it('answers 404 for an unknown mid and 400 without one', async () => {
      const missing = await update({ ...base, name: 'temp.x', mid: 'nosuchmid' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Menu item "nosuchmid" does not exist',
      });
      const noMid = await update({ ...base, name: 'temp.x' });
      expect(noMid.statusCode).toBe(400);
      expect(noMid.json<Body<null>>().fields?.map((field) => field.field)).toEqual(['mid']);
    });

    it('refuses to move an item under itself or its descendant, and unknown parents', async () => {
      const parent = await createItem('temp.parent');
      const child = await createItem('temp.child', parent.mid);
      const self = await update({ ...base, mid: parent.mid, name: parent.name, parentId: parent.mid });
      expect(self.statusCode).toBe(400);
      expect(self.json<Body<null>>().fields?.[0]?.field).toBe('parentId');
      const cycle = await update({ ...base, mid: parent.mid, name: parent.name, parentId: child.mid });
      expect(cycle.statusCode).toBe(400);
      const unknown = await update({ ...base, mid: child.mid, name: child.name, parentId: 'nosuchmid' });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<Body<null>>().fields?.[0]?.field).toBe('parentId');
    });

    it('answers 409 when renaming onto an existing name', async () => {
      const item = await createItem('temp.dup');
      const response = await update({ ...base, mid: item.mid, name: 'kefu.account' });
      expect(response.statusCode).toBe(409);
    });

    it('is for platform staff only', async () => {
      const item = await createItem('temp.guarded');
      expect((await update({ ...base, mid: item.mid, name: item.name }, tenantAdmin)).statusCode).toBe(403);
      expect(
        (
          await ctx.app.inject({
            method: 'PUT',
            url: '/api/v1/menu/update',
            payload: { ...base, mid: item.mid, name: item.name },
          })
        ).statusCode,
      ).toBe(401);
      const del = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/menu/delete?mid=${item.mid}`,
        headers: bearer(tenantAdmin),
      });
      expect(del.statusCode).toBe(403);
      expect(
        (await ctx.app.inject({ method: 'DELETE', url: `/api/v1/menu/delete?mid=${item.mid}` })).statusCode,
      ).toBe(401);
    });

    it('deletes by mid in the query or the body', async () => {
      const first = await createItem('temp.del1');
      const second = await createItem('temp.del2');
      const byQuery = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/menu/delete?mid=${first.mid}&platform=kefu&client=web`,
        headers: bearer(staff),
      });
      expect(byQuery.statusCode).toBe(200);
      expect(byQuery.json()).toMatchObject({ status_code: 200, data: null });
      const byBody = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/menu/delete',
        headers: bearer(staff),
        payload: { mid: second.mid },
      });
      expect(byBody.statusCode).toBe(200);
      const again = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/menu/delete?mid=${first.mid}`,
        headers: bearer(staff),
      });
      expect(again.statusCode).toBe(404);
    });

    it('answers 400 without a mid and 409 for an item with children', async () => {
      const noMid = await ctx.app.inject({
        method: 'DELETE',
        url: '/api/v1/menu/delete',
        headers: bearer(staff),
      });
      expect(noMid.statusCode).toBe(400);
      expect(noMid.json<Body<null>>().fields).toEqual([{ field: 'mid', message: 'Required' }]);
      const kefu = (await list(staff)).body.data.find((node) => node.name === 'kefu');
      const withChildren = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/menu/delete?mid=${kefu?.mid}`,
        headers: bearer(staff),
      });
      expect(withChildren.statusCode).toBe(409);
      expect(withChildren.json()).toMatchObject({
        code: 'CONFLICT',
        message: 'Menu item "kefu" has children; delete or move them first',
      });
    });
  });

  describe('permissions of items managed through the API', () => {
    const permissionsOf = async (token: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/profile',
        headers: bearer(token),
      });
      const roles =
        response.json<Body<{ roles: { permissions: { permissionId: string; actionList: string[] }[] }[] }>>()
          .data.roles;
      const actions = new Map<string, Set<string>>();
      for (const role of roles)
        for (const permission of role.permissions) {
          const held = actions.get(permission.permissionId) ?? new Set<string>();
          permission.actionList.forEach((action) => held.add(action));
          actions.set(permission.permissionId, held);
        }
      return actions;
    };

    it('grants a new item to the roles that can see it, follows a rename and goes with a delete', async () => {
      const kefu = (await list(staff)).body.data.find((node) => node.name === 'kefu');
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/menu/create',
        headers: bearer(staff),
        // No authorities of its own: it inherits the section's (chat).
        payload: { name: 'kefu.report', title: '报表', path: '/stable/kefu/report', parentId: kefu?.mid },
      });
      expect(created.statusCode).toBe(200);
      const mid = created.json<Body<MenuItem>>().data.mid;

      expect([...((await permissionsOf(tenantAdmin)).get('kefu.report') ?? [])].sort()).toEqual(
        ['add', 'delete', 'disable', 'edit', 'enable', 'export', 'get', 'import', 'query'].sort(),
      );
      expect([...((await permissionsOf(agent)).get('kefu.report') ?? [])].sort()).toEqual(
        ['add', 'edit', 'get', 'query'].sort(),
      );
      expect((await permissionsOf(checker)).has('kefu.report')).toBe(false);
      expect((await permissionsOf(member)).has('kefu.report')).toBe(false);

      const renamed = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/menu/update',
        headers: bearer(staff),
        payload: {
          mid,
          name: 'kefu.reports',
          title: '报表',
          path: '/stable/kefu/reports',
          parentId: kefu?.mid,
        },
      });
      expect(renamed.statusCode).toBe(200);
      const afterRename = await permissionsOf(tenantAdmin);
      expect(afterRename.has('kefu.report')).toBe(false);
      expect(afterRename.get('kefu.reports')?.has('delete')).toBe(true);

      const deleted = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/v1/menu/delete?mid=${mid}`,
        headers: bearer(staff),
      });
      expect(deleted.statusCode).toBe(200);
      expect((await permissionsOf(tenantAdmin)).has('kefu.reports')).toBe(false);
    });
  });
});
