import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
  setupUser,
} from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { makeRobot, makeSettings, sampleWorkgroups } from '../shared/testing';
import { RobotListPage } from './RobotListPage';

const xiaoke = makeRobot();
const helper = makeRobot({
  uid: 'r-2',
  nickname: 'Helper',
  description: '',
  welcomeTip: '',
  robotType: 'zhipuai_private',
  workGroups: [],
});

let seen: Recorded[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/user/robot': () => page([xiaoke, helper]),
  'GET /api/robot/settings': (request) =>
    request.params.get('uid') === 'r-2'
      ? makeSettings({
          uid: 'r-2',
          nickname: 'Helper',
          notFoundTip: '',
          threshold: 0.6,
          suggestThreshold: 0.3,
        })
      : makeSettings(),
  'GET /api/workgroup/all': () => sampleWorkgroups(),
  'POST /api/user/create/robot': (request) => makeRobot({ ...(request.body as object), uid: 'r-new' }),
  'POST /api/user/update/robot': (request) => makeRobot({ ...(request.body as object) }),
  'POST /api/user/robot/delete': () => null,
  'POST /api/robot/settings/update': (request) => makeSettings({ ...(request.body as object) }),
  'POST /api/faq/test': () => ({
    result: { kind: 'none', notFoundTip: 'Sorry, I do not know that yet.' },
    normalized: 'weather',
    candidates: [],
  }),
  ...extra,
});

const FULL = {
  'kefu.account': ['query', 'add', 'edit', 'delete'],
  'robot.list': ['query', 'get', 'edit'],
  'robot.faq': ['query'],
  'kefu.group': ['query'],
} as const;

const toolbar = () => document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;

const renderPage = async () => {
  renderWithProviders(<RobotListPage />);
  await screen.findByText('Xiaoke');
};

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(
    adminWithPermissions(
      Object.fromEntries(Object.entries(FULL).map(([key, actions]) => [key, [...actions]])) as never,
    ),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('RobotListPage', { timeout: 60_000 }, () => {
  it('lists the robots with type, welcome, not-found tip, thresholds and skill groups', async () => {
    await renderPage();
    expect(queriesTo(seen, '/api/user/robot')).toEqual(['page=0&size=20']);
    const row = rowOf('Xiaoke');
    expect(within(row).getByText('Pre-sales')).toBeInTheDocument();
    expect(within(row).getByText('Hi, I am Xiaoke. Ask me anything.')).toBeInTheDocument();
    expect(await within(row).findByText('Sorry, I do not know that yet.')).toBeInTheDocument();
    expect(within(row).getByText('Answer ≥ 45% · suggest ≥ 25%')).toBeInTheDocument();
    expect(within(row).getByText('Sales')).toBeInTheDocument();

    const other = rowOf('Helper');
    expect(within(other).getByText('Large model (private)')).toBeInTheDocument();
    expect(await within(other).findByText('The skill group’s tip')).toBeInTheDocument();
    expect(within(other).getByText('Answer ≥ 60% · suggest ≥ 30%')).toBeInTheDocument();
    expect(within(other).getByText('No skill group')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/robot/settings').sort()).toEqual(['uid=r-1', 'uid=r-2']);
  });

  it('adds a robot after naming what is missing', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(button(toolbar(), 'New robot'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the robot’s name')).toBeInTheDocument();
    expect(posts('/api/user/create/robot')).toEqual([]);

    await fill(user, within(dialog).getByLabelText('Name'), 'Aftercare');
    await pickOption(user, dialog, 'Type', 'After-sales');
    await pickOption(user, dialog, 'Skill groups', 'Support');
    await fill(user, within(dialog).getByLabelText('Welcome'), 'Hello again');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/user/create/robot')).toEqual([
        {
          nickname: 'Aftercare',
          avatar: '',
          robotType: 'after',
          welcomeTip: 'Hello again',
          description: '',
          workGroups: ['w-support'],
        },
      ]),
    );
    expect(await screen.findByText('“Aftercare” added')).toBeInTheDocument();
  });

  it('edits a robot, shows the server’s field error, and deletes one after confirming', async () => {
    seen = stubFetch(
      routes({
        'POST /api/user/update/robot': () =>
          errorResponse(400, 'Bad request', [{ field: 'workGroups', message: 'Unknown skill group' }]),
        'POST /api/user/robot/delete': () => errorResponse(409, 'The robot still has open conversations'),
      }),
    );
    const user = setupUser();
    await renderPage();
    await user.click(within(rowOf('Xiaoke')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByDisplayValue('Xiaoke')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/user/update/robot')).toEqual([
        {
          uid: 'r-1',
          nickname: 'Xiaoke',
          avatar: '',
          robotType: 'before',
          welcomeTip: 'Hi, I am Xiaoke. Ask me anything.',
          description: 'Answers pre-sales questions',
          workGroups: ['w-sales'],
        },
      ]),
    );
    expect(await within(dialog).findByText('Unknown skill group')).toBeInTheDocument();
    await user.click(button(dialog, 'Cancel'));

    await user.click(within(rowOf('Helper')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete the robot “Helper”?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(posts('/api/user/robot/delete')).toEqual([{ id: 'r-2' }]));
    expect(await screen.findByText('The robot still has open conversations')).toBeInTheDocument();
  });

  it('changes the answering settings and tests them beside the form', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(within(rowOf('Xiaoke')).getByText('Settings & test'));
    const drawer = await findDialog();
    expect(within(drawer).getByText('“Xiaoke”: settings and test')).toBeInTheDocument();
    const tip = await within(drawer).findByLabelText('Not-found tip');
    expect(tip).toHaveValue('Sorry, I do not know that yet.');
    const suggest = within(drawer).getByLabelText('Suggest threshold');
    await user.clear(suggest);
    await user.type(suggest, '0.5');
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Must be lower than the answer threshold')).toBeInTheDocument();
    expect(posts('/api/robot/settings/update')).toEqual([]);

    await user.clear(suggest);
    await user.type(suggest, '0.2');
    await user.clear(tip);
    await user.type(tip, 'Ask an agent, please');
    await user.click(button(drawer, 'Save'));
    await waitFor(() =>
      expect(posts('/api/robot/settings/update')).toEqual([
        { uid: 'r-1', notFoundTip: 'Ask an agent, please', threshold: 0.45, suggestThreshold: 0.2 },
      ]),
    );
    expect(await screen.findByText('Settings of “Xiaoke” saved')).toBeInTheDocument();

    const box = within(drawer).getByRole('region', { name: 'Test the robot' });
    await fill(user, within(box).getByLabelText('Visitor’s text'), 'what is the weather');
    await user.click(button(box, 'Test'));
    await waitFor(() =>
      expect(posts('/api/faq/test')).toEqual([{ text: 'what is the weather', robotUid: 'r-1' }]),
    );
    expect(await within(box).findByText('Nothing matches')).toBeInTheDocument();
    expect(within(box).getByText('The robot says: Sorry, I do not know that yet.')).toBeInTheDocument();
    expect(within(box).getByText('No FAQ or article comes close')).toBeInTheDocument();
  });

  it('hides what the role may not do', async () => {
    setProfile(adminWithPermissions({ 'kefu.account': ['query'] }));
    await renderPage();
    expect(within(toolbar()).queryByText('New robot')).toBeNull();
    const row = rowOf('Xiaoke');
    expect(within(row).queryByText('Edit')).toBeNull();
    expect(within(row).queryByText('Delete')).toBeNull();
    expect(within(row).queryByText('Settings & test')).toBeNull();
    expect(screen.queryByText('Thresholds')).toBeNull();
    expect(queriesTo(seen, '/api/robot/settings')).toEqual([]);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    await renderPage();
    expect(screen.getAllByText('机器人').length).toBeGreaterThan(0);
    expect(within(rowOf('Xiaoke')).getByText('售前')).toBeInTheDocument();
    expect(within(rowOf('Xiaoke')).getByText('设置与测试')).toBeInTheDocument();
    expect(await within(rowOf('Xiaoke')).findByText('回答 ≥ 45% · 推荐 ≥ 25%')).toBeInTheDocument();
    expect(button(toolbar(), '新建机器人')).toBeInTheDocument();
  });
});
