import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACCOUNT_ACTIONS, adminWith, describeRequest, errorResponse } from '../shared/testFixtures';
import { button, fill, findDialog, findPopconfirm, pickOption, rowOf, setupUser } from '../shared/testUtils';
import { AccountPage } from './AccountPage';
import { installTestServer } from './testServer';

const server = installTestServer();

const openRobots = async (actions = ALL_ACCOUNT_ACTIONS) => {
  setProfile(adminWith(actions));
  const user = setupUser();
  renderWithProviders(<AccountPage />);
  await screen.findByText('alice');
  await user.click(within(document.querySelector('.ant-tabs-nav') as HTMLElement).getByText('Robots'));
  await screen.findByText('Helper bot');
  return user;
};

describe('AccountPage — robots', { timeout: 30_000 }, () => {
  it('lists robots with their translated type and groups', async () => {
    await openRobots();
    expect(server.requests.map(describeRequest)).toContain('GET /api/user/robot?page=0&size=20&client=web');
    const row = rowOf('Helper bot');
    expect(within(row).getByText('Pre-sales')).toBeInTheDocument();
    expect(within(row).getByText('Support')).toBeInTheDocument();
    expect(within(row).getByText('Answers FAQs')).toBeInTheDocument();
  });

  it('opens on the robots tab from ?tab=robots', async () => {
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    renderWithProviders(<AccountPage />, { path: '/?tab=robots' });
    expect(await screen.findByText('Helper bot')).toBeInTheDocument();
    expect(server.requests.some((r) => r.path === '/api/user/query')).toBe(false);
  });

  it('creates a robot with a chosen type and validates its name', async () => {
    const user = await openRobots();
    await user.click(button(document.body, 'New robot'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'OK'));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Name'), 'Night bot');
    await pickOption(user, dialog, 'Robot type', 'After-sales');
    await pickOption(user, dialog, 'Skill groups', 'Sales');
    await fill(user, within(dialog).getByLabelText('Welcome message'), 'Hi there');
    await user.click(button(dialog, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/create/robot')).toHaveLength(1));
    expect(server.posts('/api/user/create/robot')[0]?.body).toEqual({
      nickname: 'Night bot',
      avatar: '',
      robotType: 'after',
      welcomeTip: 'Hi there',
      description: '',
      workGroups: ['w-sales'],
    });
    expect(await screen.findByText('Robot created')).toBeInTheDocument();
  });

  it('shows a field error from the server on the robot form', async () => {
    server.answer = (request) =>
      request.path === '/api/user/create/robot'
        ? errorResponse(400, 'Invalid request: workGroups', [
            { field: 'workGroups.0', message: 'Unknown skill group' },
          ])
        : undefined;
    const user = await openRobots();
    await user.click(button(document.body, 'New robot'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Name'), 'Night bot');
    await user.click(button(dialog, 'OK'));
    expect(await within(dialog).findByText('Unknown skill group')).toBeInTheDocument();
  });

  it('edits and deletes a robot', async () => {
    const user = await openRobots();
    await user.click(within(rowOf('Helper bot')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Helper bot');
    await user.click(button(dialog, 'OK'));
    await waitFor(() => expect(server.posts('/api/user/update/robot')).toHaveLength(1));
    expect(server.posts('/api/user/update/robot')[0]?.body).toMatchObject({
      uid: 'u-robot',
      nickname: 'Helper bot',
      robotType: 'before',
      description: 'Answers FAQs',
      workGroups: ['w-support'],
    });
    expect(await screen.findByText('Robot updated')).toBeInTheDocument();

    await user.click(within(rowOf('Helper bot')).getByText('Delete'));
    await user.click(button(await findPopconfirm(/Delete robot Helper bot\?/), 'OK'));
    await waitFor(() => expect(server.posts('/api/user/robot/delete')).toHaveLength(1));
    expect(server.posts('/api/user/robot/delete')[0]?.body).toEqual({ id: 'u-robot' });
  });

  it('removes robot actions without permission', async () => {
    await openRobots(['query']);
    expect(screen.queryByText('New robot')).toBeNull();
    expect(within(rowOf('Helper bot')).queryByText('Edit')).toBeNull();
    expect(within(rowOf('Helper bot')).queryByText('Delete')).toBeNull();
  });

  it('translates robot types in zh-CN', async () => {
    await changeLanguage('zh-CN');
    setProfile(adminWith(ALL_ACCOUNT_ACTIONS));
    renderWithProviders(<AccountPage />, { path: '/?tab=robots' });
    await screen.findByText('Helper bot');
    expect(within(rowOf('Helper bot')).getByText('售前')).toBeInTheDocument();
    expect(button(document.body, '新建机器人')).toBeInTheDocument();
  });
});
