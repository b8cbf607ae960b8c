import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { PermissionAction, Profile, UserBrief, Workgroup } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { GroupPage } from './GroupPage';

const person = (uid: string, nickname: string, robot = false): UserBrief => ({
  uid,
  username: `${nickname.toLowerCase()}@acme`,
  nickname,
  realName: '',
  avatar: '',
  robot,
  enabled: true,
  status: 'online',
});

const alice = person('a1', 'Alice');
const bob = person('a2', 'Bob');
const carol = person('a3', 'Carol');
const robo = person('r1', 'Robo', true);

const officeHours = JSON.stringify({
  timezone: 'Asia/Shanghai',
  entries: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
});

const group = (overrides: Partial<Workgroup>): Workgroup => ({
  wid: 'w1',
  nickname: 'Sales',
  avatar: '',
  description: 'Pre-sales questions',
  slogan: '',
  routeType: 'robin',
  leaveMessageType: 'default',
  recent: false,
  defaultRobot: false,
  offlineRobot: false,
  robotUid: null,
  forceRate: false,
  autoPop: false,
  showRobotFaq: false,
  showRobotFaqNotFound: false,
  robotAnswerNotFoundTip: '',
  welcomeTip: 'Hello!',
  acceptTip: '',
  reRequestTip: '',
  robotTip: '',
  offlineTip: '',
  closeTip: '',
  autoCloseTip: '',
  nonWorkingTimeTip: '',
  maxQueueCount: 100,
  maxQueueCountExceedTip: '',
  maxQueueSeconds: 600,
  maxQueueSecondExceedTip: '',
  showTopTip: false,
  topTip: '',
  showForm: false,
  showCollectMobile: false,
  robotCollectMobile: false,
  hideLogo: false,
  showRightColumn: true,
  helpCenterSearch: false,
  workTimes: '',
  autoCloseMinutes: 30,
  users: [],
  admin: null,
  onDutyWorkGroupWid: null,
  webhook: '',
  webhookLeaveMessage: '',
  createdAt: Date.UTC(2024, 4, 1, 8, 0),
  updatedAt: Date.UTC(2024, 4, 1, 8, 0),
  ...overrides,
});

const sales = group({
  users: [alice, bob],
  admin: alice,
  workTimes: officeHours,
  robotUid: 'r1',
});
const support = group({
  wid: 'w2',
  nickname: 'Support',
  description: '',
  routeType: 'least',
  users: [],
  robotCollectMobile: true,
});

const page = (content: Workgroup[], total = content.length) => ({
  content,
  totalElements: total,
  totalPages: Math.max(1, Math.ceil(total / 20)),
  number: 0,
  size: 20,
  first: true,
  last: total <= 20,
  empty: content.length === 0,
});

const admin = (actions: PermissionAction[]): Profile => ({
  uid: 'u1',
  username: 'owner',
  nickname: 'Owner',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'acme',
  balance: 0,
  validateUntilDate: null,
  roles: [
    {
      rid: 'r1',
      value: 'ROLE_ADMIN',
      name: 'Administrator',
      description: '',
      authorities: ['chat'],
      permissions: [{ permissionId: 'kefu.group', actionList: actions }],
    },
  ],
  authorities: ['chat'],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
});

type Call = { method: string; url: string; body: unknown };
type Handler = (call: Call) => Response | undefined;

let calls: Call[] = [];
let override: Handler | undefined;

const callsTo = (method: string, path: string) =>
  calls.filter((call) => call.method === method && call.url.startsWith(path));

beforeEach(() => {
  calls = [];
  override = undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        url: `${url.pathname}${url.search}`,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const custom = override?.(call);
      if (custom) return custom;
      switch (url.pathname) {
        case '/api/workgroup/query':
          return jsonResponse(page([sales, support], 42));
        case '/api/workgroup/filter':
          return jsonResponse(page([sales]));
        case '/api/workgroup/all':
          return jsonResponse([sales, support]);
        case '/api/user/get/all':
          return jsonResponse([alice, bob, carol]);
        case '/api/user/robot/all':
          return jsonResponse([robo]);
        case '/api/workgroup/create':
        case '/api/workgroup/update':
          return jsonResponse(sales);
        case '/api/workgroup/toggle/robot':
        case '/api/workgroup/toggle/robot/collectMobile':
          return jsonResponse(sales);
        default:
          return jsonResponse(null, 404);
      }
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const errorResponse = (status: number, message: string, fields?: { field: string; message: string }[]) =>
  new Response(JSON.stringify({ message, status_code: status, data: null, ...(fields ? { fields } : {}) }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

// antd animates its popups with `pointer-events: none` for a moment; jsdom never finishes them.
const setupUser = () => userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
type User = ReturnType<typeof setupUser>;

const openDrawer = async (user: User, button: HTMLElement) => {
  await user.click(button);
  const drawer = await screen.findByRole('dialog');
  // The option lists load when the drawer opens.
  await waitFor(() => expect(callsTo('GET', '/api/user/get/all')).toHaveLength(1));
  return drawer;
};

/** Opens a select (if closed) and clicks the option of its own list whose text contains `text`. */
const pickOption = async (user: User, combobox: HTMLElement, text: string) => {
  if (combobox.getAttribute('aria-expanded') !== 'true') await user.click(combobox);
  const option = await waitFor(() => {
    const listId = combobox.getAttribute('aria-controls');
    const list = listId ? document.getElementById(listId) : null;
    const popup = list?.closest<HTMLElement>('.ant-select-dropdown');
    const found = [...(popup?.querySelectorAll<HTMLElement>('.ant-select-item-option') ?? [])].find(
      (element) => element.textContent?.includes(text),
    );
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  await user.click(option);
};

const tab = (drawer: HTMLElement, name: string): HTMLElement => {
  const found = [...drawer.querySelectorAll<HTMLElement>('[role="tab"]')].find(
    (element) => element.textContent === name,
  );
  if (!found) throw new Error(`no tab ${name}`);
  return found;
};

/** A button by its exact text (role queries over the whole drawer are slow in jsdom). */
const button = (container: HTMLElement, text: string): HTMLElement => {
  const found = within(container)
    .getAllByText(text)
    .map((element) => element.closest('button'))
    .find((element): element is HTMLButtonElement => element !== null);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

const openTab = async (user: User, drawer: HTMLElement, name: string) => {
  await user.click(tab(drawer, name));
  await waitFor(() => expect(tab(drawer, name)).toHaveAttribute('aria-selected', 'true'));
};

const submittedBody = async (path: string) => {
  await waitFor(() => expect(callsTo('POST', path)).toHaveLength(1));
  return callsTo('POST', path)[0].body as Record<string, unknown>;
};

// A drawer of six tabs of antd fields takes seconds to render in jsdom on a small machine.
describe('GroupPage', { timeout: 60_000 }, () => {
  it('lists the groups with routing, members and work hours, paging through the query call', async () => {
    setProfile(admin(['add', 'edit', 'delete', 'query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain('/api/workgroup/query?page=0&size=20&client=web');
    const salesRow = screen.getByText('Sales').closest('tr') as HTMLElement;
    expect(within(salesRow).getByText('Round robin')).toBeInTheDocument();
    expect(within(salesRow).getByText('Mon–Fri 09:00–18:00 (Asia/Shanghai)')).toBeInTheDocument();
    expect(within(salesRow).getByLabelText('Alice')).toBeInTheDocument();
    expect(within(salesRow).getByLabelText('Bob')).toBeInTheDocument();
    const supportRow = screen.getByText('Support').closest('tr') as HTMLElement;
    expect(within(supportRow).getByText('Least busy')).toBeInTheDocument();
    expect(within(supportRow).getByText('Always open')).toBeInTheDocument();
    expect(within(supportRow).getByText('No members')).toBeInTheDocument();
    expect(within(supportRow).getByRole('switch', { name: 'Robot asks for mobile: Support' })).toBeChecked();
    expect(screen.getAllByText('Edit')).toHaveLength(2);

    await user.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain('/api/workgroup/query?page=1&size=20&client=web'),
    );
  });

  it('searches by name through the filter call', async () => {
    setProfile(admin(['query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Support');
    await user.type(screen.getByPlaceholderText('Skill group name'), 'Sal');
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    await waitFor(() =>
      expect(calls.map((call) => call.url)).toContain(
        '/api/workgroup/filter?page=0&size=20&nickname=Sal&client=web',
      ),
    );
    await waitFor(() => expect(screen.queryByText('Support')).toBeNull());
  });

  it('creates a group with members, an admin and work hours', async () => {
    setProfile(admin(['add', 'edit', 'delete', 'query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    const drawer = await openDrawer(user, screen.getByRole('button', { name: /new skill group/i }));

    await user.type(within(drawer).getByLabelText('Name'), '  After-sales ');

    await openTab(user, drawer, 'Routing & robots');
    await user.click(within(drawer).getByLabelText('Recent agent', { exact: false }));
    await pickOption(user, within(drawer).getByLabelText('Members'), 'Alice');
    await pickOption(user, within(drawer).getByLabelText('Members'), 'Carol');
    await pickOption(user, within(drawer).getByLabelText('Group admin'), 'Carol');
    await user.click(within(drawer).getByLabelText('Visitors can leave a ticket in the chat window'));

    await openTab(user, drawer, 'Work hours');
    await user.click(within(drawer).getByLabelText('Always open'));
    await user.type(within(drawer).getByLabelText('Time zone'), 'Europe/Ber');
    await pickOption(user, within(drawer).getByLabelText('Time zone'), 'Europe/Berlin');
    // Off by default when the schedule starts from office hours; switching Saturday on gives it 09:00–18:00.
    await user.click(within(drawer).getByLabelText('Saturday'));
    // Tuesday off, then "copy Monday" turns it back on.
    await user.click(within(drawer).getByLabelText('Tuesday'));
    expect(within(drawer).getByLabelText('Tuesday')).not.toBeChecked();
    await user.click(button(drawer, 'Copy Monday to Tue–Fri'));
    expect(within(drawer).getByLabelText('Tuesday')).toBeChecked();

    await user.click(button(drawer, 'Save'));
    const body = await submittedBody('/api/workgroup/create');
    expect(body).toMatchObject({
      nickname: 'After-sales',
      routeType: 'recent',
      users: ['a1', 'a3'],
      admin: 'a3',
      robotUid: null,
      onDutyWorkGroupWid: null,
      defaultRobot: false,
      widgetTicket: true,
      maxQueueCount: 100,
      maxQueueSeconds: 600,
      autoCloseMinutes: 30,
      showRightColumn: true,
      webhook: '',
    });
    expect(JSON.parse(body.workTimes as string)).toEqual({
      timezone: 'Europe/Berlin',
      entries: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '18:00' })),
    });
    expect(await screen.findByText('Skill group created')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('GET', '/api/workgroup/query')).toHaveLength(2));
  });

  it('checks the form before sending it', async () => {
    setProfile(admin(['add', 'query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    const drawer = await openDrawer(user, screen.getByRole('button', { name: /new skill group/i }));
    await user.type(within(drawer).getByLabelText('Name'), 'Night shift');
    await openTab(user, drawer, 'Routing & robots');
    await user.click(within(drawer).getByLabelText('Robot answers first'));
    await openTab(user, drawer, 'Advanced');
    await user.type(within(drawer).getByLabelText('Message webhook'), 'ftp://example.com/hook');
    await openTab(user, drawer, 'Basics');
    await user.click(button(drawer, 'Save'));

    // The first failing field's tab comes forward.
    await waitFor(() => expect(tab(drawer, 'Routing & robots')).toHaveAttribute('aria-selected', 'true'));
    expect(await within(drawer).findByText('Choose a robot to let it answer')).toBeInTheDocument();
    expect(within(drawer).getByText('Enter an http:// or https:// address')).toBeInTheDocument();
    expect(callsTo('POST', '/api/workgroup/create')).toHaveLength(0);
  });

  it('opens an existing group with its values, work hours included, and saves it by wid', async () => {
    setProfile(admin(['edit', 'query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    const salesRow = screen.getByText('Sales').closest('tr') as HTMLElement;
    const drawer = await openDrawer(user, within(salesRow).getByText('Edit'));

    expect(within(drawer).getByLabelText('Name')).toHaveValue('Sales');
    expect(within(drawer).getByText('Edit skill group “Sales”')).toBeInTheDocument();
    await openTab(user, drawer, 'Routing & robots');
    const members = within(drawer).getByLabelText('Members').closest('.ant-select') as HTMLElement;
    expect(within(members).getByText('Alice')).toBeInTheDocument();
    expect(within(members).getByText('Bob')).toBeInTheDocument();
    await openTab(user, drawer, 'Tips');
    expect(within(drawer).getByLabelText('Welcome message')).toHaveValue('Hello!');

    await openTab(user, drawer, 'Work hours');
    expect(within(drawer).getByLabelText('Always open')).not.toBeChecked();
    expect(within(drawer).getByText(/^Asia\/Shanghai/)).toBeInTheDocument();
    expect(within(drawer).getByLabelText('Monday')).toBeChecked();
    expect(within(drawer).getByLabelText('Friday')).toBeChecked();
    expect(within(drawer).getByLabelText('Saturday')).not.toBeChecked();
    const monday = drawer.querySelector('[data-weekday="1"]') as HTMLElement;
    expect(within(monday).getByPlaceholderText('Opens')).toHaveValue('09:00');
    expect(within(monday).getByPlaceholderText('Closes')).toHaveValue('18:00');

    await user.click(button(drawer, 'Save'));
    const body = await submittedBody('/api/workgroup/update');
    expect(body).toMatchObject({
      wid: 'w1',
      nickname: 'Sales',
      users: ['a1', 'a2'],
      admin: 'a1',
      robotUid: 'r1',
    });
    expect(JSON.parse(body.workTimes as string)).toEqual(JSON.parse(officeHours));
    expect(await screen.findByText('Skill group saved')).toBeInTheDocument();
  });

  it('shows the server’s field errors on the fields, on their tab', async () => {
    setProfile(admin(['edit', 'query']));
    override = (call) =>
      call.url.startsWith('/api/workgroup/update')
        ? errorResponse(409, 'A skill group named "Support" already exists', [
            { field: 'nickname', message: 'already used by another skill group' },
          ])
        : undefined;
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    const salesRow = screen.getByText('Sales').closest('tr') as HTMLElement;
    const drawer = await openDrawer(user, within(salesRow).getByText('Edit'));
    const name = within(drawer).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Support');
    await openTab(user, drawer, 'Advanced');
    await user.click(button(drawer, 'Save'));

    expect(await within(drawer).findByText('already used by another skill group')).toBeInTheDocument();
    expect(tab(drawer, 'Basics')).toHaveAttribute('aria-selected', 'true');
    // Still open, to be corrected.
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByText('Skill group saved')).toBeNull();
  });

  it('toggles the robot in the table and rolls the switch back when the server refuses', async () => {
    setProfile(admin(['edit', 'query']));
    override = (call) =>
      call.url.startsWith('/api/workgroup/toggle/robot?')
        ? errorResponse(500, 'Database unavailable')
        : undefined;
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    const robotSwitch = screen.getByRole('switch', { name: 'Robot first: Sales' });
    expect(robotSwitch).not.toBeChecked();
    await user.click(robotSwitch);

    await waitFor(() => expect(callsTo('POST', '/api/workgroup/toggle/robot?')).toHaveLength(1));
    expect(callsTo('POST', '/api/workgroup/toggle/robot?')[0].body).toEqual({
      wid: 'w1',
      defaultRobot: true,
    });
    expect(await screen.findByText('Could not change “Sales”')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Robot first: Sales' })).not.toBeChecked());
  });

  it('keeps a successful toggle and reloads the row', async () => {
    setProfile(admin(['edit', 'query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Support');
    await user.click(screen.getByRole('switch', { name: 'Robot asks for mobile: Support' }));
    const body = (await submittedBody('/api/workgroup/toggle/robot/collectMobile')) as unknown;
    expect(body).toEqual({ wid: 'w2', robotCollectMobile: false });
    expect(
      await screen.findByText('The robot no longer asks visitors of “Support” for their mobile number'),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Robot asks for mobile: Support' })).not.toBeChecked();
    await waitFor(() => expect(callsTo('GET', '/api/workgroup/query')).toHaveLength(2));
  });

  it('explains that a robot must be chosen first instead of calling the server', async () => {
    setProfile(admin(['edit', 'query']));
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Support');
    await user.click(screen.getByRole('switch', { name: 'Robot first: Support' }));
    expect(await screen.findByText('Choose a robot first')).toBeInTheDocument();
    expect(screen.getByText(/“Support” has no robot yet/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Robot first: Support' })).not.toBeChecked();
    expect(callsTo('POST', '/api/workgroup/toggle/robot')).toHaveLength(0);
  });

  it('removes the actions the user may not use and locks the switches', async () => {
    setProfile(admin(['query']));
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    expect(screen.queryByRole('button', { name: /new skill group/i })).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
    expect(screen.getByRole('switch', { name: 'Robot first: Sales' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Robot asks for mobile: Support' })).toBeDisabled();
  });

  it('asks before deleting and shows why the server refused', async () => {
    setProfile(admin(['delete', 'query']));
    override = (call) =>
      call.url.startsWith('/api/workgroup/delete')
        ? errorResponse(
            409,
            'Skill group "Sales" still has 2 open conversation(s); close them before deleting it',
          )
        : undefined;
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    expect(screen.queryByText('Edit')).toBeNull();
    const salesRow = screen.getByText('Sales').closest('tr') as HTMLElement;
    await user.click(within(salesRow).getByText('Delete'));
    const confirm = await screen.findByText('Delete skill group “Sales”?');
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    expect(callsTo('DELETE', '/api/workgroup/delete')).toHaveLength(0);
    await user.click(within(popover).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(callsTo('DELETE', '/api/workgroup/delete')).toHaveLength(1));
    expect(callsTo('DELETE', '/api/workgroup/delete')[0].url).toBe('/api/workgroup/delete?wid=w1&client=web');
    expect(
      await screen.findByText(
        'Skill group "Sales" still has 2 open conversation(s); close them before deleting it',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('Skill group deleted')).toBeNull();
  });

  it('fills the tips with the platform’s defaults after a confirm, keeping those it has none for', async () => {
    setProfile(admin(['edit', 'query']));
    override = (call) =>
      call.url.startsWith('/api/platform/greeting/default')
        ? jsonResponse({
            welcomeTip: 'Welcome from the platform',
            acceptTip: '',
            reRequestTip: '',
            robotTip: '',
            robotAnswerNotFoundTip: '',
            offlineTip: 'Platform offline tip',
            closeTip: '',
            autoCloseTip: '',
            nonWorkingTimeTip: '',
            maxQueueCountExceedTip: '',
            maxQueueSecondExceedTip: '',
          })
        : undefined;
    const user = setupUser();
    renderWithProviders(<GroupPage />);
    await screen.findByText('Sales');
    const salesRow = screen.getByText('Sales').closest('tr') as HTMLElement;
    const drawer = await openDrawer(user, within(salesRow).getByText('Edit'));
    await openTab(user, drawer, 'Tips');
    await user.click(button(drawer, 'Use platform defaults'));
    const confirm = await screen.findByText('Replace the tips with the platform’s defaults?');
    expect(callsTo('GET', '/api/platform/greeting/default')).toHaveLength(0);
    await user.click(button(confirm.closest('.ant-popover') as HTMLElement, 'Use platform defaults'));
    await waitFor(() =>
      expect(within(drawer).getByLabelText('Welcome message')).toHaveValue('Welcome from the platform'),
    );
    expect(within(drawer).getByLabelText('When no agent is online')).toHaveValue('Platform offline tip');
    expect(callsTo('GET', '/api/platform/greeting/default')[0].url).toContain('language=en-US');
    expect(await screen.findByText('2 tips filled in from the platform’s defaults')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(admin(['add', 'edit', 'delete', 'query']));
    renderWithProviders(<GroupPage />);
    expect(await screen.findByText('Sales')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建技能组/ })).toBeInTheDocument();
    expect(screen.getByText('轮询')).toBeInTheDocument();
    expect(screen.getByText('最少会话')).toBeInTheDocument();
    expect(screen.getByText('周一–周五 09:00–18:00（Asia/Shanghai）')).toBeInTheDocument();
    expect(screen.getByText('全天候接待')).toBeInTheDocument();
    expect(screen.getByText('暂无成员')).toBeInTheDocument();
    expect(screen.getAllByText('编辑')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: '机器人优先' })).toBeInTheDocument();
  });
});
