import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AuthorityDetail } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { platformStaff, stubFetch, type RecordedRequest } from '../shared/testFixtures';
import { AuthorityPage } from './AuthorityPage';

const authorities: AuthorityDetail[] = [
  {
    key: 'chat',
    menus: [{ name: 'kefu', title: '客服', titleEn: 'Customer service' }],
    roles: ['ROLE_SUPER', 'ROLE_ADMIN', 'ROLE_WORKGROUP_AGENT'],
  },
  {
    key: 'admin',
    menus: [
      { name: 'channel', title: '渠道', titleEn: 'Channels' },
      { name: 'settings', title: '设置', titleEn: '' },
    ],
    roles: ['ROLE_SUPER', 'ROLE_ADMIN'],
  },
  { key: 'callcenter', menus: [], roles: [] },
  {
    key: 'internal',
    menus: [{ name: 'platform', title: '平台', titleEn: 'Platform' }],
    roles: ['ROLE_SUPER'],
  },
];

let requests: RecordedRequest[];

beforeEach(() => {
  ({ requests } = stubFetch({ 'GET /api/v1/authority/all': () => authorities }));
  setProfile(platformStaff({ 'platform.authority': ['query'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const rowOf = (key: string) => {
  const row = screen.getByText(key, { selector: 'code' }).closest('tr');
  if (!row) throw new Error(`no row for ${key}`);
  return row;
};

describe('AuthorityPage', { timeout: 30_000 }, () => {
  it('shows each authority with its label, the menu sections it opens and the roles holding it', async () => {
    renderWithProviders(<AuthorityPage />);
    expect(await screen.findByText('chat', { selector: 'code' })).toBeInTheDocument();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /api/v1/authority/all',
    ]);
    expect(
      screen.getByText(/Roles grant authorities, and authorities open menu sections/),
    ).toBeInTheDocument();

    const chat = rowOf('chat');
    expect(within(chat).getByText('Chat')).toBeInTheDocument();
    expect(within(chat).getByText('Customer service')).toBeInTheDocument();
    // Roles by name, their key on hover.
    expect(within(chat).getByText('Agent')).toHaveAttribute('title', 'ROLE_WORKGROUP_AGENT');
    expect(within(chat).getByText('Platform super admin')).toHaveAttribute('title', 'ROLE_SUPER');

    const admin = rowOf('admin');
    expect(within(admin).getByText('Channels and administration')).toBeInTheDocument();
    expect(within(admin).getByText('Channels')).toBeInTheDocument();
    // No English title: the Chinese one stands in.
    expect(within(admin).getByText('设置')).toBeInTheDocument();

    const callcenter = rowOf('callcenter');
    expect(within(callcenter).getByText('No menu section')).toBeInTheDocument();
    expect(within(callcenter).getByText('No role')).toBeInTheDocument();
    expect(within(rowOf('internal')).getByText('Internal platform')).toBeInTheDocument();
  });

  it('speaks Chinese: authority labels and menu titles', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<AuthorityPage />);
    await screen.findByText('chat', { selector: 'code' });
    expect(within(rowOf('chat')).getByText('会话')).toBeInTheDocument();
    // The section "客服" and the role ROLE_WORKGROUP_AGENT "客服".
    expect(within(rowOf('chat')).getAllByText('客服')).toHaveLength(2);
    expect(within(rowOf('chat')).getByText('管理员')).toHaveAttribute('title', 'ROLE_ADMIN');
    expect(within(rowOf('internal')).getByText('内部平台')).toBeInTheDocument();
    expect(within(rowOf('internal')).getByText('平台')).toBeInTheDocument();
    expect(within(rowOf('callcenter')).getByText('无菜单分区')).toBeInTheDocument();
    expect(screen.getByText(/角色授予权限，权限打开菜单分区/)).toBeInTheDocument();
  });
});
