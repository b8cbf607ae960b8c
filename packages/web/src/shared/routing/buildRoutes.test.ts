import { describe, expect, it } from 'vitest';
import type { PublicConfig } from '@openkefu/contract';
import { buildRouteTable, findSectionOfPath, listMenuSections, titleOf } from './buildRoutes';
import { disabledMenuNames } from './features';
import { makeMenu, sampleMenu } from './menuFixture';
import { resolvePath } from './resolvePath';
import { createSession } from './session';

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

  it('shows debug-only items in production when the operator turns on showDebugMenus', () => {
    const shown = buildRouteTable(sampleMenu(), { isProduction: true, showDebugMenus: true });
    expect(paths(shown.sections[1].menuPages)).toContain('/stable/kefu/monitor');
    expect(shown.pages.has('/stable/dashboard/guide')).toBe(true);
    expect(resolvePath(shown, '/stable/kefu/monitor')).toMatchObject({ kind: 'page' });

    const off = buildRouteTable(sampleMenu(), { isProduction: true, showDebugMenus: false });
    expect(off.pages.has('/stable/kefu/monitor')).toBe(false);
  });

  it('takes showDebugMenus from the public config when the session is built', () => {
    const config = (showDebugMenus: boolean): PublicConfig => ({
      productName: 'OpenKefu',
      version: '1.0.0',
      privateServer: false,
      features: {
        onlineVisitor: true,
        historyMessage: true,
        monitor: true,
        qualityCheck: true,
        statistic: true,
        support: true,
        feedback: true,
        wechatScanLogin: false,
        im: false,
      },
      links: { support: '', help: '', agreement: '' },
      uploadBaseUrl: '',
      showDebugMenus,
      loginMethods: ['password'],
    });
    expect(createSession(sampleMenu(), config(true), true).table.pages.has('/stable/kefu/monitor')).toBe(
      true,
    );
    expect(createSession(sampleMenu(), config(false), true).table.pages.has('/stable/kefu/monitor')).toBe(
      false,
    );
    // Before the config has loaded, a production build keeps them hidden.
    expect(createSession(sampleMenu(), null, true).table.pages.has('/stable/kefu/monitor')).toBe(false);
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
    // Past any fixture order (the fixture numbers nodes with a counter shared by all tests).
    tree[0].order = Number.MAX_SAFE_INTEGER;
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

  it('sends a section to a page this user has when its default item is not in their tree', () => {
    // An agent's quality section: the server sends only the results item, the default is scoring.
    const table = buildRouteTable(
      makeMenu([{ key: 'quality', defaultItem: 'list', items: [{ key: 'result', debugOnly: true }] }]),
      { isProduction: false },
    );
    expect(table.sections[0].redirect).toBe('/stable/quality/result');
    expect(resolvePath(table, '/stable/quality')).toEqual({ kind: 'redirect', to: '/stable/quality/result' });
  });

  it('drops a section whose every item the build hides', () => {
    const tree = makeMenu([
      { key: 'dashboard', defaultItem: 'workplace', items: [{ key: 'workplace' }] },
      { key: 'quality', defaultItem: 'list', items: [{ key: 'result', debugOnly: true }] },
    ]);
    const table = buildRouteTable(tree, { isProduction: true });
    expect(table.sections.map((s) => s.name)).toEqual(['dashboard']);
    expect(listMenuSections(table).map((s) => s.name)).toEqual(['dashboard']);
    expect(resolvePath(table, '/stable/quality')).toEqual({ kind: 'notFound' });
    const debugShown = buildRouteTable(tree, { isProduction: true, showDebugMenus: true });
    expect(debugShown.sections.map((s) => s.name)).toEqual(['dashboard', 'quality']);
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
