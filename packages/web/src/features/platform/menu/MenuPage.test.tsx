import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MenuItem, Profile } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { MenuPage } from './MenuPage';

const item = (overrides: Partial<MenuItem>): MenuItem => ({
  mid: 'm1',
  name: 'kefu',
  key: 'kefu',
  parentId: null,
  title: '客服',
  titleEn: 'Customer service',
  icon: 'CustomerServiceOutlined',
  order: 1,
  path: '/stable/kefu',
  show: true,
  hideChildren: false,
  component: 'BasicLayout',
  redirect: '/stable/kefu/account',
  type: 'section',
  authorities: ['chat'],
  debugOnly: false,
  adminOnly: false,
  platform: 'kefu',
  ...overrides,
});

const rows: MenuItem[] = [
  item({}),
  item({
    mid: 'm2',
    name: 'kefu.account',
    key: 'account',
    parentId: 'm1',
    title: '客服账号',
    titleEn: 'Agents',
    path: '/stable/kefu/account',
    component: 'kefu/account',
    type: 'item',
    redirect: '',
  }),
  item({
    mid: 'm3',
    name: 'kefu.monitor',
    key: 'monitor',
    parentId: 'm1',
    title: '实时监控',
    titleEn: 'Live monitor',
    path: '/stable/kefu/monitor',
    component: 'kefu/monitor',
    type: 'item',
    redirect: '',
    debugOnly: true,
  }),
];

const page = (content: MenuItem[], total = content.length) => ({
  content,
  totalElements: total,
  totalPages: 1,
  number: 0,
  size: 20,
  first: true,
  last: true,
  empty: content.length === 0,
});

const platformStaff = (actions: string[]): Profile => ({
  uid: 'u1',
  username: 'admin',
  nickname: 'Admin',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'o',
  balance: 0,
  validateUntilDate: null,
  roles: [
    {
      rid: 'r1',
      value: 'ROLE_SUPER',
      name: 'Platform super admin',
      description: '',
      authorities: ['internal'],
      permissions: [
        {
          permissionId: 'platform.menu',
          actionList: actions as Profile['roles'][number]['permissions'][number]['actionList'],
        },
      ],
    },
  ],
  authorities: ['internal'],
  organization: { oid: 'o1', name: 'OpenKefu', subDomain: 'o' },
  isPlatformStaff: true,
  isAdminAccount: true,
});

let requests: string[] = [];

beforeEach(() => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/menu/query') return jsonResponse(page(rows, 42));
      if (url.pathname === '/api/v1/menu/filter')
        return jsonResponse(
          page(rows.filter((row) => row.name.includes(url.searchParams.get('content') ?? ''))),
        );
      if (url.pathname === '/api/v1/menu/list') return jsonResponse([{ ...rows[0], children: [] }]);
      return jsonResponse(null, 404);
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('MenuPage', () => {
  it('lists the rows of the first page, asking the server for page 0 of 20', async () => {
    setProfile(platformStaff(['add', 'edit', 'delete', 'query']));
    renderWithProviders(<MenuPage />);
    expect(await screen.findByText('kefu.account')).toBeInTheDocument();
    expect(screen.getByText('Live monitor')).toBeInTheDocument();
    expect(screen.getByText('/stable/kefu/monitor')).toBeInTheDocument();
    expect(requests).toContain('GET /api/v1/menu/query?page=0&size=20&platform=kefu&client=web');
    expect(screen.getAllByText('Edit')).toHaveLength(3);
    expect(screen.getAllByText('Delete')).toHaveLength(3);
  });

  it('shows the create form’s validation messages', async () => {
    setProfile(platformStaff(['add', 'edit', 'delete', 'query']));
    const user = userEvent.setup();
    renderWithProviders(<MenuPage />);
    await screen.findByText('kefu.account');
    await user.click(screen.getByRole('button', { name: /new menu item/i }));
    const dialog = await screen.findByRole('dialog');
    const path = within(dialog).getByLabelText('Path');
    await user.clear(path);
    await user.type(path, 'stable/x');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter a title')).toBeInTheDocument();
    expect(await within(dialog).findByText('The path must start with / or http')).toBeInTheDocument();
    expect(requests.some((line) => line.startsWith('POST'))).toBe(false);
  });

  it('removes the action buttons the user may not use', async () => {
    setProfile(platformStaff(['query']));
    renderWithProviders(<MenuPage />);
    await screen.findByText('kefu.account');
    expect(screen.queryByRole('button', { name: /new menu item/i })).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });

  it('searches through the filter call', async () => {
    setProfile(platformStaff(['query']));
    const user = userEvent.setup();
    renderWithProviders(<MenuPage />);
    await screen.findByText('kefu.account');
    await user.type(screen.getByPlaceholderText('Name, title or path'), 'monitor');
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    await waitFor(() =>
      expect(requests).toContain(
        'GET /api/v1/menu/filter?page=0&size=20&content=monitor&platform=kefu&client=web',
      ),
    );
    await waitFor(() => expect(screen.queryByText('kefu.account')).toBeNull());
  });
});
