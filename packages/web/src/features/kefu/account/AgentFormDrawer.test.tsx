import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACCOUNT_ACTIONS, adminWith, errorResponse, makeUser, page } from '../shared/testFixtures';
import { button, fill, findDialog, pickOption, rowOf, type User, setupUser } from '../shared/testUtils';
import { AccountPage } from './AccountPage';
import { installTestServer } from './testServer';

const server = installTestServer();

const renderPage = async () => {
  setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
  const user = setupUser();
  renderWithProviders(<AccountPage />);
  await screen.findByText('alice');
  return user;
};

const openCreateForm = async (user: User) => {
  await user.click(button(document.body, 'New agent'));
  return findDialog();
};

/** The fields a valid new agent needs. */
const fillRequired = async (user: User, drawer: HTMLElement) => {
  await fill(user, within(drawer).getByLabelText('Username'), 'carol');
  await fill(user, within(drawer).getByLabelText('Password'), 'secret12');
  await fill(user, within(drawer).getByLabelText('Confirm password'), 'secret12');
  await fill(user, within(drawer).getByLabelText('Nickname'), ' Carol ');
};

describe('AccountPage — agent form', { timeout: 30_000 }, () => {
  it('shows the create form’s validation messages and sends nothing', async () => {
    const user = await renderPage();
    const drawer = await openCreateForm(user);
    expect(within(drawer).getByText('New agent')).toBeInTheDocument();
    for (const section of ['Basics', 'Service', 'Visitor tips', 'Advanced'])
      expect(within(drawer).getByText(section)).toBeInTheDocument();
    await user.click(button(drawer, 'OK'));
    expect(await within(drawer).findByText('Please enter a username')).toBeInTheDocument();
    expect(await within(drawer).findByText('Please enter a password')).toBeInTheDocument();
    expect(await within(drawer).findByText('Please enter the password again')).toBeInTheDocument();
    expect(await within(drawer).findByText('Please enter a nickname')).toBeInTheDocument();

    await fill(user, within(drawer).getByLabelText('Username'), '-x');
    await fill(user, within(drawer).getByLabelText('Password'), 'secret1');
    await fill(user, within(drawer).getByLabelText('Confirm password'), 'secret2');
    await fill(user, within(drawer).getByLabelText('Email'), 'not-an-email');
    await fill(user, within(drawer).getByLabelText('Mobile'), '12ab');
    await fill(user, within(drawer).getByLabelText('Message webhook'), 'ftp://hook');
    await user.click(within(drawer).getByLabelText('Show a top notice'));
    await user.click(button(drawer, 'OK'));
    expect(await within(drawer).findByText('The username must be 3 to 32 characters')).toBeInTheDocument();
    expect(within(drawer).getByText(/must start with a letter or digit/)).toBeInTheDocument();
    expect(within(drawer).getByText('The two passwords do not match')).toBeInTheDocument();
    expect(await within(drawer).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(drawer).getByText(/6 to 20 digits/)).toBeInTheDocument();
    expect(
      within(drawer).getByText('Please enter an address starting with http:// or https://'),
    ).toBeInTheDocument();
    expect(
      await within(drawer).findByText('Please enter the top notice, or turn it off'),
    ).toBeInTheDocument();
    expect(server.posts('/api/user/create')).toHaveLength(0);
  });

  it('creates an agent with the form’s values', async () => {
    const user = await renderPage();
    const drawer = await openCreateForm(user);
    await fillRequired(user, drawer);
    await fill(user, within(drawer).getByLabelText('Email'), 'carol@example.com');
    const maxChats = within(drawer).getByLabelText('Max concurrent chats');
    await user.clear(maxChats);
    await fill(user, maxChats, '4');
    await pickOption(user, drawer, 'Skill groups', 'Support');
    await pickOption(user, drawer, 'Roles', 'Quality checker');
    await user.click(within(drawer).getByLabelText('Pop up the chat window automatically'));
    await user.click(button(drawer, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/create')).toHaveLength(1));
    expect(server.posts('/api/user/create')[0]?.body).toEqual({
      username: 'carol',
      password: 'secret12',
      nickname: 'Carol',
      realName: '',
      avatar: '',
      email: 'carol@example.com',
      mobile: '',
      description: '',
      maxThreadCount: 4,
      autoCloseMinutes: 30,
      workGroups: ['w-support'],
      roles: ['ROLE_WORKGROUP_AGENT', 'ROLE_WORKGROUP_CHECKER'],
      welcomeTip: '',
      offlineTip: '',
      showTopTip: false,
      topTip: '',
      autoPop: true,
      showForm: false,
      showCollectMobile: false,
      hideLogo: false,
      webhook: '',
      webhookLeaveMessage: '',
    });
    expect(await screen.findByText('Agent created')).toBeInTheDocument();
    // The list is reloaded after the change.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/api/user/query').length).toBeGreaterThanOrEqual(2),
    );
  });

  it('puts a 409’s field error under its field and keeps the form open', async () => {
    server.answer = (request) =>
      request.path === '/api/user/create'
        ? errorResponse(409, 'Username carol is taken', [
            { field: 'username', message: 'This username is already taken' },
          ])
        : undefined;
    const user = await renderPage();
    const drawer = await openCreateForm(user);
    await fillRequired(user, drawer);
    await user.click(button(drawer, 'OK'));
    expect(await within(drawer).findByText('This username is already taken')).toBeInTheDocument();
    const usernameItem = within(drawer).getByLabelText('Username').closest('.ant-form-item');
    expect(usernameItem).toHaveClass('ant-form-item-has-error');
    expect(drawer).toBeVisible();
    expect(screen.queryByText('Agent created')).toBeNull();
  });

  it('shows the message of an error that names no field of the form', async () => {
    server.answer = (request) =>
      request.path === '/api/user/create'
        ? errorResponse(409, 'The agent limit of your plan is reached')
        : undefined;
    const user = await renderPage();
    const drawer = await openCreateForm(user);
    await fillRequired(user, drawer);
    await user.click(button(drawer, 'OK'));
    expect(await screen.findByText('The agent limit of your plan is reached')).toBeInTheDocument();
    expect(drawer).toBeVisible();
  });

  it('edits an agent without username or password fields and sends its uid', async () => {
    const user = await renderPage();
    await user.click(within(rowOf('alice')).getByText('Edit'));
    const drawer = await findDialog();
    expect(within(drawer).getByText('Edit agent Alice')).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('Username')).toBeNull();
    expect(within(drawer).queryByLabelText('Password')).toBeNull();
    const nickname = within(drawer).getByLabelText('Nickname');
    expect(nickname).toHaveValue('Alice');
    await user.clear(nickname);
    await fill(user, nickname, 'Alice L.');
    await user.click(button(drawer, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update')).toHaveLength(1));
    const body = server.posts('/api/user/update')[0]?.body;
    expect(body).toMatchObject({
      uid: 'u-alice',
      nickname: 'Alice L.',
      email: 'alice@example.com',
      mobile: '13800000000',
      workGroups: ['w-sales'],
      roles: ['ROLE_WORKGROUP_ADMIN'],
      maxThreadCount: 10,
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('password');
    expect(await screen.findByText('Agent updated')).toBeInTheDocument();
  });

  it('sends the avatar the avatar field holds', async () => {
    const withAvatar = makeUser({
      uid: 'u-dora',
      username: 'dora',
      nickname: 'Dora',
      avatar: '/uploads/dora.png',
    });
    server.answer = (request) =>
      request.path === '/api/user/query' ? jsonResponse(page([withAvatar])) : undefined;
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    const user = setupUser();
    renderWithProviders(<AccountPage />);
    await screen.findByText('dora');
    await user.click(within(rowOf('dora')).getByText('Edit'));
    const drawer = await findDialog();
    expect(within(drawer).getByAltText('Avatar')).toHaveAttribute('src', '/uploads/dora.png');
    await user.click(button(drawer, 'Remove'));
    await user.click(button(drawer, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update')).toHaveLength(1));
    expect(server.posts('/api/user/update')[0]?.body).toMatchObject({ uid: 'u-dora', avatar: '' });
  });

  it('lets an administrator edit their own row but leaves its roles alone', async () => {
    const owner = makeUser({
      uid: 'u-admin',
      username: 'owner',
      nickname: 'Owner',
      roles: [{ rid: 'r-admin', value: 'ROLE_ADMIN', name: 'Administrator' }],
    });
    server.answer = (request) =>
      request.path === '/api/user/query' ? jsonResponse(page([owner])) : undefined;
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    const user = setupUser();
    renderWithProviders(<AccountPage />);
    await screen.findByText('owner');
    await user.click(within(rowOf('owner')).getByText('Edit'));
    const drawer = await findDialog();
    expect(within(drawer).getByText(/only platform staff change/)).toBeInTheDocument();
    expect(within(drawer).getByText('Administrator')).toBeInTheDocument();
    await user.click(button(drawer, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update')).toHaveLength(1));
    expect(server.posts('/api/user/update')[0]?.body).not.toHaveProperty('roles');
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    const user = setupUser();
    renderWithProviders(<AccountPage />);
    await screen.findByText('alice');
    await user.click(button(document.body, '新建客服'));
    const drawer = await findDialog();
    expect(within(drawer).getByText('接待设置')).toBeInTheDocument();
    expect(within(drawer).getByLabelText('最大同时接待数')).toBeInTheDocument();
    await user.click(button(drawer, /^确\s?定$/));
    expect(await within(drawer).findByText('请输入用户名')).toBeInTheDocument();
  });
});
