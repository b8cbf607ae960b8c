import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoleDetail } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  ALL_ACTIONS,
  makeRole,
  menuTree,
  platformStaff,
  stubFetch,
  type RecordedRequest,
} from '../shared/testFixtures';
import { RolePage } from './RolePage';

const roleList: RoleDetail[] = [
  makeRole({
    rid: 'r-super',
    value: 'ROLE_SUPER',
    name: 'Platform super admin',
    description: 'Platform staff',
    authorities: ['home', 'chat', 'internal'],
    userCount: 1,
  }),
  makeRole({
    rid: 'r-admin',
    value: 'ROLE_ADMIN',
    name: 'Administrator',
    description: 'Owner of an organisation',
    authorities: ['home', 'chat'],
    permissions: [
      { permissionId: 'dashboard', actionList: ['query'] },
      { permissionId: 'kefu', actionList: ['query'] },
      { permissionId: 'kb.blog', actionList: ['add'] },
    ],
    userCount: 7,
  }),
];

let requests: RecordedRequest[];
let updateStatus = 200;

beforeEach(() => {
  updateStatus = 200;
  ({ requests } = stubFetch({
    'GET /api/v1/role/all': () => roleList,
    'GET /api/v1/menu/list': () => menuTree,
    'POST /api/v1/role/update': () =>
      updateStatus === 200
        ? roleList[1]
        : new Response(
            JSON.stringify({
              message: 'ROLE_SUPER must keep the internal authority',
              status_code: 400,
              data: null,
              code: 'BAD_REQUEST',
              fields: [{ field: 'authorities', message: 'ROLE_SUPER must keep internal' }],
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
  }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const updates = () => requests.filter((request) => request.path === '/api/v1/role/update');

describe('RolePage', { timeout: 60_000 }, () => {
  it('lists roles with their authorities and account counts', async () => {
    setProfile(platformStaff({ 'platform.role': ALL_ACTIONS }));
    renderWithProviders(<RolePage />);
    expect(await screen.findByText('ROLE_ADMIN')).toBeInTheDocument();
    const admin = rowOf('ROLE_ADMIN');
    expect(within(admin).getByText('Administrator')).toBeInTheDocument();
    // Named and described by role key (the server stores its own English text).
    expect(
      within(admin).getByText('Owner of an organisation: everything in the console.'),
    ).toBeInTheDocument();
    expect(within(admin).getByText('7')).toBeInTheDocument();
    expect(within(admin).getByText('Home')).toBeInTheDocument();
    expect(within(admin).getByText('Chat')).toBeInTheDocument();
    expect(within(rowOf('ROLE_SUPER')).getByText('Internal platform')).toBeInTheDocument();
    expect(screen.getAllByText('Edit')).toHaveLength(2);
  });

  it('edits a role: name, authorities and the permissions of the sections they open', async () => {
    setProfile(platformStaff({ 'platform.role': ALL_ACTIONS }));
    const user = userEvent.setup();
    renderWithProviders(<RolePage />);
    await screen.findByText('ROLE_ADMIN');
    await user.click(within(rowOf('ROLE_ADMIN')).getByText('Edit'));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Edit role ROLE_ADMIN')).toBeInTheDocument();
    const name = within(drawer).getByLabelText('Name');
    expect(name).toHaveValue('Administrator');
    // Home and chat are held: their sections are listed, the platform's is not.
    expect(await within(drawer).findByText('Skill groups')).toBeInTheDocument();
    expect(within(drawer).getByText('Workplace')).toBeInTheDocument();
    expect(within(drawer).queryByText('Menus')).toBeNull();
    expect(within(drawer).getByLabelText('Customer service: Query')).toBeChecked();
    for (const header of ['Add', 'Delete', 'Edit', 'Query', 'View details', 'Import', 'Export'])
      expect(within(drawer).getAllByText(header).length).toBeGreaterThan(0);

    await user.clear(name);
    await user.type(name, 'Organisation owner');
    await user.click(within(drawer).getByLabelText(/^Home/));
    await waitFor(() => expect(within(drawer).queryByText('Workplace')).toBeNull());
    await user.click(within(drawer).getByLabelText(/^Internal platform/));
    expect(await within(drawer).findByText('Menus')).toBeInTheDocument();
    await user.click(within(drawer).getByLabelText('Customer service: Add'));
    await user.click(within(drawer).getByLabelText('All actions on Agents'));
    await user.click(within(drawer).getByLabelText('Menus: Edit'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(updates()[0].body).toEqual({
      rid: 'r-admin',
      name: 'Organisation owner',
      description: 'Owner of an organisation',
      authorities: ['chat', 'internal'],
      permissions: [
        { permissionId: 'kefu', actionList: ['add', 'query'] },
        { permissionId: 'kefu.account', actionList: ALL_ACTIONS },
        { permissionId: 'platform.menu', actionList: ['edit'] },
        // Not in this menu tree: kept as it was.
        { permissionId: 'kb.blog', actionList: ['add'] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is fetched again after the save.
    await waitFor(() =>
      expect(requests.filter((request) => request.path === '/api/v1/role/all').length).toBeGreaterThan(1),
    );
  });

  it('warns that ROLE_SUPER keeps the platform authority and shows the server’s refusal', async () => {
    setProfile(platformStaff({ 'platform.role': ALL_ACTIONS }));
    updateStatus = 400;
    const user = userEvent.setup();
    renderWithProviders(<RolePage />);
    await screen.findByText('ROLE_SUPER');
    await user.click(within(rowOf('ROLE_SUPER')).getByText('Edit'));
    const drawer = await screen.findByRole('dialog');
    expect(
      within(drawer).getByText(/ROLE_SUPER must keep the Internal platform authority/),
    ).toBeInTheDocument();
    const internal = within(drawer).getByLabelText(/^Internal platform/);
    expect(internal).toBeChecked();
    expect(internal).toBeDisabled();

    await within(drawer).findByText('Menus');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect((updates()[0].body as { authorities: string[] }).authorities).toContain('internal');
    expect(await within(drawer).findByText('ROLE_SUPER must keep internal')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('hides the edit action without platform.role.edit', async () => {
    setProfile(platformStaff({ 'platform.role': ['query'] }));
    renderWithProviders(<RolePage />);
    await screen.findByText('ROLE_ADMIN');
    expect(screen.queryByText('Edit')).toBeNull();
  });

  it('shows the error when the roles cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(null, 500)),
    );
    setProfile(platformStaff({ 'platform.role': ALL_ACTIONS }));
    renderWithProviders(<RolePage />);
    expect(await screen.findByText(/Could not load the data/)).toBeInTheDocument();
  });

  it('speaks Chinese, menu titles included', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.role': ALL_ACTIONS }));
    const user = userEvent.setup();
    renderWithProviders(<RolePage />);
    await screen.findByText('ROLE_ADMIN');
    expect(within(rowOf('ROLE_ADMIN')).getByText('首页')).toBeInTheDocument();
    expect(within(rowOf('ROLE_ADMIN')).getByText('会话')).toBeInTheDocument();
    expect(within(rowOf('ROLE_SUPER')).getByText('内部平台')).toBeInTheDocument();
    expect(within(rowOf('ROLE_ADMIN')).getByText('管理员')).toBeInTheDocument();
    expect(within(rowOf('ROLE_ADMIN')).getByText('组织所有者：可使用控制台的全部功能。')).toBeInTheDocument();
    expect(within(rowOf('ROLE_SUPER')).getByText('平台超级管理员')).toBeInTheDocument();
    expect(screen.queryByText('Owner of an organisation')).toBeNull();
    await user.click(within(rowOf('ROLE_ADMIN')).getByText('编辑'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('客服账号')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('客服: 新增')).toBeInTheDocument();
    expect(within(drawer).getAllByText('导出').length).toBeGreaterThan(0);
    expect(within(drawer).getByRole('button', { name: /保\s*存/ })).toBeInTheDocument();
  });
});
