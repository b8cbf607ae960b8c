import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { ALL_ACCOUNT_ACTIONS, adminWith, describeRequest, makeUser, page } from '../shared/testFixtures';
import { button, findDialog, findPopconfirm, fill, rowOf, searchForm, setupUser } from '../shared/testUtils';
import { AccountPage } from './AccountPage';
import { bob, installTestServer } from './testServer';

const server = installTestServer();

const renderPage = async (actions = ALL_ACCOUNT_ACTIONS) => {
  setProfile(adminWith(actions));
  const user = setupUser();
  renderWithProviders(<AccountPage />);
  await screen.findByText('alice');
  return user;
};

describe('AccountPage — agents table', { timeout: 30_000 }, () => {
  it('lists agents of page 0 of 20 with their roles, groups, status and actions', async () => {
    await renderPage();
    expect(server.requests.map(describeRequest)).toContain('GET /api/user/query?page=0&size=20&client=web');
    const aliceRow = rowOf('alice');
    expect(within(aliceRow).getByText('Alice')).toBeInTheDocument();
    expect(within(aliceRow).getByText('Alice Liddell')).toBeInTheDocument();
    expect(within(aliceRow).getByText('alice@example.com')).toBeInTheDocument();
    expect(within(aliceRow).getByText('13800000000')).toBeInTheDocument();
    expect(within(aliceRow).getByText('Skill group admin')).toBeInTheDocument();
    expect(within(aliceRow).getByText('Sales')).toBeInTheDocument();
    expect(within(aliceRow).getByText('Online')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('Offline')).toBeInTheDocument();
    expect(screen.getAllByText('Edit')).toHaveLength(2);
    expect(screen.getAllByText('Reset password')).toHaveLength(2);
    expect(screen.getAllByText('Delete')).toHaveLength(2);
    // The pager counts the server's total, not the rows on screen.
    expect(screen.getByText(/42/)).toBeInTheDocument();
  });

  it('sends the search form’s fields as filters', async () => {
    const user = await renderPage();
    const form = searchForm();
    await fill(user, within(form).getByLabelText('Username'), 'bo');
    await fill(user, within(form).getByLabelText('Email'), 'example.com');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(server.requests.map(describeRequest)).toContain(
        'GET /api/user/query?page=0&size=20&username=bo&email=example.com&client=web',
      ),
    );
    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());
    expect(screen.getByText('bob')).toBeInTheDocument();
  });

  it('disables an enabled agent and enables a disabled one after confirming', async () => {
    const user = await renderPage();
    await user.click(within(rowOf('alice')).getByRole('switch'));
    await user.click(button(await findPopconfirm(/Disable Alice\?/), 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update/disable')).toHaveLength(1));
    expect(server.posts('/api/user/update/disable')[0]?.body).toEqual({ uid: 'u-alice' });
    expect(server.posts('/api/user/update/enable')).toHaveLength(0);

    await user.click(within(rowOf('bob')).getByRole('switch'));
    await user.click(button(await findPopconfirm(/Enable Bob\?/), 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update/enable')).toHaveLength(1));
    expect(server.posts('/api/user/update/enable')[0]?.body).toEqual({ uid: 'u-bob' });
  });

  it('changes nothing when the switch’s confirmation is cancelled', async () => {
    const user = await renderPage();
    await user.click(within(rowOf('alice')).getByRole('switch'));
    await user.click(button(await findPopconfirm(/Disable Alice\?/), 'Cancel'));
    expect(server.posts('/api/user/update/disable')).toHaveLength(0);
    expect(within(rowOf('alice')).getByRole('switch')).toBeChecked();
  });

  it('deletes an agent after confirming', async () => {
    const user = await renderPage();
    await user.click(within(rowOf('bob')).getByText('Delete'));
    await user.click(button(await findPopconfirm(/Delete agent Bob\?/), 'OK'));
    await waitFor(() => expect(server.posts('/api/user/delete')).toHaveLength(1));
    expect(server.posts('/api/user/delete')[0]?.body).toEqual({ id: 'u-bob' });
    expect(await screen.findByText('Agent deleted')).toBeInTheDocument();
  });

  it('resets a password after checking the confirmation', async () => {
    const user = await renderPage();
    await user.click(within(rowOf('alice')).getByText('Reset password'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Reset the password of Alice')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('New password'), 'newpass1');
    await fill(user, within(dialog).getByLabelText('Confirm new password'), 'newpass2');
    await user.click(button(dialog, 'OK'));
    expect(await within(dialog).findByText('The two passwords do not match')).toBeInTheDocument();
    expect(server.posts('/api/user/update/password')).toHaveLength(0);
    const confirm = within(dialog).getByLabelText('Confirm new password');
    await user.clear(confirm);
    await fill(user, confirm, 'newpass1');
    await user.click(button(dialog, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update/password')).toHaveLength(1));
    expect(server.posts('/api/user/update/password')[0]?.body).toEqual({
      uid: 'u-alice',
      password: 'newpass1',
    });
    expect(await screen.findByText('Password of Alice reset')).toBeInTheDocument();
  });

  it('removes the buttons the user may not use and shows the enabled state read-only', async () => {
    await renderPage(['query', 'get']);
    expect(screen.queryByText('New agent')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Reset password')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(document.querySelector('[role="switch"]')).toBeNull();
    expect(within(rowOf('alice')).getByText('Enabled')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('Disabled')).toBeInTheDocument();
  });

  it('offers the switch only in the direction the user may toggle', async () => {
    await renderPage(['query', 'enable']);
    expect(within(rowOf('alice')).queryByRole('switch')).toBeNull();
    expect(within(rowOf('bob')).getByRole('switch')).toBeInTheDocument();
  });

  it('offers no changes to administrator accounts and only editing of your own row', async () => {
    const me = makeUser({
      uid: 'u-admin',
      username: 'boss',
      nickname: 'Boss',
      roles: [{ rid: 'r-admin', value: 'ROLE_ADMIN', name: 'Administrator' }],
    });
    const otherAdmin = makeUser({
      uid: 'u-vip',
      username: 'vip',
      nickname: 'Vip',
      roles: [{ rid: 'r-vip', value: 'ROLE_VIP', name: 'VIP administrator' }],
    });
    server.answer = (request) =>
      request.path === '/api/user/query' ? jsonResponse(page([me, otherAdmin, bob])) : undefined;
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    renderWithProviders(<AccountPage />);
    await screen.findByText('boss');

    const mine = rowOf('boss');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    expect(within(mine).getByText('Edit')).toBeInTheDocument();
    expect(within(mine).queryByText('Reset password')).toBeNull();
    expect(within(mine).queryByText('Delete')).toBeNull();
    expect(within(mine).queryByRole('switch')).toBeNull();

    const vip = rowOf('vip');
    expect(within(vip).getByText('VIP administrator')).toBeInTheDocument();
    expect(within(vip).queryByText('Edit')).toBeNull();
    expect(within(vip).queryByText('Delete')).toBeNull();
    expect(within(vip).queryByRole('switch')).toBeNull();
    expect(within(vip).getByText('Enabled')).toBeInTheDocument();

    expect(within(rowOf('bob')).getByText('Delete')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByRole('switch')).toBeInTheDocument();
  });

  it('lets platform staff change administrator accounts', async () => {
    const otherAdmin = makeUser({
      uid: 'u-vip',
      username: 'vip',
      nickname: 'Vip',
      roles: [{ rid: 'r-vip', value: 'ROLE_VIP', name: 'VIP administrator' }],
    });
    server.answer = (request) =>
      request.path === '/api/user/query' ? jsonResponse(page([otherAdmin])) : undefined;
    setProfile({ ...adminWith(ALL_ACCOUNT_ACTIONS), isPlatformStaff: true });
    renderWithProviders(<AccountPage />);
    await screen.findByText('vip');
    const vip = rowOf('vip');
    expect(within(vip).getByText('Edit')).toBeInTheDocument();
    expect(within(vip).getByText('Delete')).toBeInTheDocument();
    expect(within(vip).getByRole('switch')).toBeInTheDocument();
  });

  it('reports a failed list load', async () => {
    server.answer = (request) =>
      request.path === '/api/user/query'
        ? new Response(JSON.stringify({ message: 'Database unavailable', status_code: 500, data: null }), {
            status: 500,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined;
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    renderWithProviders(<AccountPage />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('No agents yet. Add one with “New agent”.')).toBeInTheDocument();
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    await renderPage();
    expect(button(document.body, '新建客服')).toBeInTheDocument();
    const tabs = document.querySelector('.ant-tabs-nav') as HTMLElement;
    expect(within(tabs).getByText('客服')).toBeInTheDocument();
    expect(within(tabs).getByText('机器人')).toBeInTheDocument();
    expect(within(rowOf('alice')).getByText('技能组管理员')).toBeInTheDocument();
    expect(within(rowOf('alice')).getByText('在线')).toBeInTheDocument();
    expect(screen.getAllByText('重置密码')).toHaveLength(2);
    expect(within(searchForm()).getByText('真实姓名')).toBeInTheDocument();
  });
});
