import { vi } from 'vitest';
import type { MenuNode, Page, PermissionAction, Profile, RoleDetail, User } from '@openkefu/contract';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';

/** Test fixtures of the platform pages: accounts, roles, a small menu tree and a recording fetch. */

export const page = <T>(content: T[], total = content.length, number = 0, size = 20): Page<T> => ({
  content,
  totalElements: total,
  totalPages: Math.max(1, Math.ceil(total / size)),
  number,
  size,
  first: number === 0,
  last: (number + 1) * size >= total,
  empty: content.length === 0,
});

export const makeUser = (overrides: Partial<User> = {}): User => ({
  uid: 'u1',
  username: 'alice',
  nickname: 'Alice',
  realName: '',
  avatar: '',
  robot: false,
  enabled: true,
  status: 'offline',
  email: 'alice@example.com',
  mobile: null,
  description: '',
  welcomeTip: '',
  offlineTip: '',
  autoPop: false,
  showTopTip: false,
  topTip: '',
  showForm: false,
  showCollectMobile: false,
  robotCollectMobile: false,
  hideLogo: false,
  maxThreadCount: 10,
  autoCloseMinutes: 30,
  webhook: '',
  webhookLeaveMessage: '',
  robotType: null,
  autoReplyType: 'none',
  autoReplyContent: '',
  validateUntilDate: null,
  balance: 0,
  roles: [{ rid: 'r-admin', value: 'ROLE_ADMIN', name: 'Administrator' }],
  workGroups: [],
  subDomain: 'acme',
  organization: { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' },
  lastLoginAt: null,
  createdAt: Date.UTC(2024, 0, 2, 3, 4),
  updatedAt: Date.UTC(2024, 0, 2, 3, 4),
  ...overrides,
});

export const makeRole = (overrides: Partial<RoleDetail> = {}): RoleDetail => ({
  rid: 'r-admin',
  value: 'ROLE_ADMIN',
  name: 'Administrator',
  description: 'Owner of an organisation',
  authorities: ['home', 'chat'],
  permissions: [],
  userCount: 3,
  ...overrides,
});

export const roles: RoleDetail[] = [
  makeRole({
    rid: 'r-super',
    value: 'ROLE_SUPER',
    name: 'Platform super admin',
    description: 'Platform staff',
    authorities: ['home', 'chat', 'internal'],
    userCount: 1,
  }),
  makeRole({}),
  makeRole({ rid: 'r-vip', value: 'ROLE_VIP', name: 'VIP administrator', userCount: 0 }),
];

const node = (overrides: Partial<MenuNode>): MenuNode => ({
  mid: overrides.name ?? 'm',
  name: 'x',
  key: 'x',
  parentId: null,
  title: '',
  titleEn: '',
  icon: '',
  order: 0,
  path: '/',
  show: true,
  hideChildren: false,
  component: '',
  redirect: '',
  type: 'item',
  authorities: [],
  debugOnly: false,
  adminOnly: false,
  platform: 'kefu',
  children: [],
  ...overrides,
});

/** Dashboard (home), customer service (chat) and platform (internal), two items each at most. */
export const menuTree: MenuNode[] = [
  node({
    name: 'dashboard',
    title: '首页',
    titleEn: 'Dashboard',
    type: 'section',
    order: 1,
    authorities: ['home'],
    children: [
      node({ name: 'dashboard.workplace', title: '工作台', titleEn: 'Workplace', authorities: ['home'] }),
    ],
  }),
  node({
    name: 'kefu',
    title: '客服',
    titleEn: 'Customer service',
    type: 'section',
    order: 2,
    authorities: ['chat'],
    children: [
      node({ name: 'kefu.account', title: '客服账号', titleEn: 'Agents', order: 1, authorities: ['chat'] }),
      node({ name: 'kefu.group', title: '技能组', titleEn: 'Skill groups', order: 2, authorities: ['chat'] }),
    ],
  }),
  node({
    name: 'platform',
    title: '平台',
    titleEn: 'Platform',
    type: 'section',
    order: 3,
    authorities: ['internal'],
    children: [node({ name: 'platform.menu', title: '菜单', titleEn: 'Menus', authorities: ['internal'] })],
  }),
];

export const platformStaff = (grants: Record<string, PermissionAction[]>): Profile => ({
  uid: 'staff',
  username: 'admin',
  nickname: 'Admin',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'openkefu',
  balance: 0,
  validateUntilDate: null,
  roles: [
    {
      rid: 'r-super',
      value: 'ROLE_SUPER',
      name: 'Platform super admin',
      description: '',
      authorities: ['internal'],
      permissions: Object.entries(grants).map(([permissionId, actionList]) => ({
        permissionId,
        actionList,
      })),
    },
  ],
  authorities: ['internal'],
  organization: { oid: 'o0', name: 'OpenKefu', subDomain: 'openkefu' },
  isPlatformStaff: true,
  isAdminAccount: true,
});

export const ALL_ACTIONS: PermissionAction[] = [
  'add',
  'delete',
  'edit',
  'query',
  'get',
  'enable',
  'disable',
  'import',
  'export',
];

export type RecordedRequest = { method: string; path: string; search: string; body: unknown };

/**
 * Stubs `fetch`: `routes` maps "METHOD /path" to a handler returning the envelope's data (or a
 * Response). Every request is recorded with its parsed JSON body; unknown routes answer 404.
 */
export const stubFetch = (
  routes: Record<string, (url: URL, body: unknown) => unknown>,
): { requests: RecordedRequest[] } => {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requests.push({ method, path: url.pathname, search: url.search, body });
      const handler = routes[`${method} ${url.pathname}`];
      if (!handler) return jsonResponse(null, 404);
      const result = handler(url, body);
      return result instanceof Response ? result : jsonResponse(result);
    }),
  );
  return { requests };
};
