import { describe, expect, it } from 'vitest';
import { buildRouteTable, findSectionOfPath, listMenuSections, titleOf } from './buildRoutes';
import { disabledMenuNames } from './features';
import { makeMenu, sampleMenu } from './menuFixture';
import { resolvePath } from './resolvePath';

const paths = (pages: { path: string }[]) => pages.map((page) => page.path);

describe('building routes from the menu tree', () => {
  it('makes one section per top-level node with its layout, redirect and pages', () => {
    const table = buildRouteTable(sampleMenu(), { isProduction: false });
    expect(table.sections.map((s) => [s.name, s.path, s.layout, s.redirect])).toEqual([
      ['dashboard', '/stable/dashboard', 'DashboardLayout', '/stable/dashboard/workplace'],
      ['kefu', '/stable/kefu', 'BasicLayout', '/stable/kefu/account'],
      ['platform', '/stable/platform', 'PlatformLayout', '/stable/platform/menu'],
    ]);
    expect(table.pages.get('/stable/kefu/account')).toMatchObject({
      name: 'kefu.account',
      component: 'kefu/account',
      sectionName: 'kefu',
      isInMenu: true,
    });
  });

  it('hides debug-only items in production builds and keeps them elsewhere', () => {
    const dev = buildRouteTable(sampleMenu(), { isProduction: false });
    expect(paths(dev.sections[1].menuPages)).toContain('/stable/kefu/monitor');
    expect(dev.pages.has('/stable/dashboard/guide')).toBe(true);

    const prod = buildRouteTable(sampleMenu(), { isProduction: true });
    expect(paths(prod.sections[1].menuPages)).not.toContain('/stable/kefu/monitor');
    expect(prod.pages.has('/stable/kefu/monitor')).toBe(false);
    expect(resolvePath(prod, '/stable/kefu/monitor')).toEqual({ kind: 'notFound' });
  });

  it('marks http paths external: listed in the menu, never routed', () => {
    const table = buildRouteTable(sampleMenu(), { isProduction: false });
    const docs = table.sections[1].menuPages.find((page) => page.key === 'docs');
    expect(docs).toMatchObject({ isExternal: true, path: 'https://docs.example.com/kefu' });
    expect([...table.pages.keys()].some((path) => path.startsWith('http'))).toBe(false);
  });

  it('keeps show:false items routable but out of the side menu', () => {
    const table = buildRouteTable(sampleMenu(), { isProduction: false });
    expect(table.pages.get('/stable/kefu/form')).toMatchObject({ isInMenu: false });
    expect(paths(table.sections[1].menuPages)).not.toContain('/stable/kefu/form');
    expect(resolvePath(table, '/stable/kefu/form')).toMatchObject({
      kind: 'page',
      page: { name: 'kefu.form' },
    });
  });

  it('orders sections and items by their order field', () => {
    const tree = sampleMenu();
    tree[0].order = 99;
    tree[1].children.reverse().forEach((child, index) => (child.order = index));
    const table = buildRouteTable(tree, { isProduction: false });
    expect(table.sections.map((s) => s.name)).toEqual(['kefu', 'platform', 'dashboard']);
    expect(table.sections[0].pages[0].key).toBe('docs');
  });

  it('falls back to the first listed page when the section has no redirect or its default is hidden', () => {
    const table = buildRouteTable(
      makeMenu([
        { key: 'robot', items: [{ key: 'list', show: false }, { key: 'faq' }] },
        { key: 'feedback', defaultItem: 'list', items: [{ key: 'list', debugOnly: true }, { key: 'mine' }] },
      ]),
      { isProduction: true },
    );
    expect(table.sections[0].redirect).toBe('/stable/robot/faq');
    expect(table.sections[1].redirect).toBe('/stable/feedback/mine');
  });

  it('removes what the feature switches turn off', () => {
    const tree = makeMenu([
      { key: 'statictic', defaultItem: 'analysis', items: [{ key: 'analysis' }] },
      { key: 'kefu', defaultItem: 'account', items: [{ key: 'account' }, { key: 'monitor' }] },
    ]);
    const features = {
      onlineVisitor: true,
      historyMessage: true,
      monitor: false,
      qualityCheck: true,
      statistic: false,
      support: true,
      feedback: true,
      wechatScanLogin: false,
      im: false,
    };
    const table = buildRouteTable(tree, { isProduction: false, disabledNames: disabledMenuNames(features) });
    expect(table.sections.map((s) => s.name)).toEqual(['kefu']);
    expect(resolvePath(table, '/stable/statictic/analysis')).toEqual({ kind: 'notFound' });
    expect(paths(table.sections[0].menuPages)).toEqual(['/stable/kefu/account']);
  });

  it('labels by language and finds the section of a path', () => {
    const table = buildRouteTable(sampleMenu(), { isProduction: false });
    expect(titleOf(table.sections[1], 'zh-CN')).toBe('客服');
    expect(titleOf(table.sections[1], 'en-US')).toBe('Customer service');
    expect(findSectionOfPath(table, '/stable/kefu/form/')?.name).toBe('kefu');
    expect(listMenuSections(table)).toHaveLength(3);
  });
});

describe('resolving a path against the routes', () => {
  const table = buildRouteTable(sampleMenu(), { isProduction: false });

  it('sends / to /dashboard and /dashboard to the dashboard default', () => {
    expect(resolvePath(table, '/')).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(resolvePath(table, '/dashboard')).toEqual({ kind: 'redirect', to: '/stable/dashboard/workplace' });
  });

  it('sends a section path to its default item', () => {
    expect(resolvePath(table, '/stable/kefu')).toEqual({ kind: 'redirect', to: '/stable/kefu/account' });
    expect(resolvePath(table, '/stable/platform/')).toEqual({
      kind: 'redirect',
      to: '/stable/platform/menu',
    });
  });

  it('gives 403 for a product page outside the user’s menu and 404 for unknown paths', () => {
    expect(resolvePath(table, '/stable/crm/list')).toEqual({ kind: 'forbidden' });
    expect(resolvePath(table, '/stable/kb')).toEqual({ kind: 'forbidden' });
    expect(resolvePath(table, '/no/such/page')).toEqual({ kind: 'notFound' });
    expect(resolvePath(table, '/stable/kefu/nothing')).toEqual({ kind: 'notFound' });
  });
});
