import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { DashboardMonitor } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { findDialog, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { createFakeSocket, type FakeSocket } from '../../../shared/testing/fakeSocket';
import { MonitorPage } from './MonitorPage';
import { MONITOR_THRESHOLDS_KEY } from './thresholds';

const snapshotAt = (at: number, changes: Partial<DashboardMonitor> = {}): DashboardMonitor => ({
  at,
  tz: 'UTC',
  queue: {
    waiting: 3,
    oldestQueuedAt: at - 150_000,
    groups: [
      { wid: 'w-support', nickname: 'Support', waiting: 2, oldestQueuedAt: at - 150_000, agentsOnline: 1 },
      { wid: 'w-sales', nickname: 'Sales', waiting: 1, oldestQueuedAt: at - 30_000, agentsOnline: 0 },
      { wid: null, nickname: '', waiting: 0, oldestQueuedAt: null, agentsOnline: 0 },
    ],
  },
  conversations: { chatting: 7, robot: 2 },
  agents: {
    online: 1,
    busy: 1,
    away: 0,
    offline: 1,
    total: 3,
    list: [
      {
        uid: 'u-ann',
        nickname: 'Ann',
        avatar: '',
        activity: 'online',
        status: 'online',
        openConversations: 2,
        maxConversations: 5,
      },
      {
        uid: 'u-bo',
        nickname: 'Bo',
        avatar: '',
        activity: 'busy',
        status: 'busy',
        openConversations: 5,
        maxConversations: 5,
      },
      {
        uid: 'u-cy',
        nickname: 'Cy',
        avatar: '',
        activity: 'offline',
        status: 'online',
        openConversations: 0,
        maxConversations: 0,
      },
    ],
  },
  today: {
    conversationsNew: 40,
    conversationsAccepted: 35,
    conversationsMissed: 5,
    abandonmentRate: 0.2,
    queueTimeAvg: 30,
    firstResponseAvg: 45,
    satisfactionAvg: 3.8,
  },
  ...changes,
});

let seen: Recorded[] = [];
let socket: FakeSocket;

beforeEach(() => {
  localStorage.clear();
  socket = createFakeSocket();
  setProfile(adminWithPermissions({}, { authorities: ['home', 'monitor', 'statistic'] }));
  seen = stubFetch({ 'GET /api/dashboard/monitor': () => snapshotAt(Date.now()) });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const tileOf = (label: string): HTMLElement => {
  const found = [...document.querySelectorAll<HTMLElement>('.ok-wallboard__tile')].find(
    (tile) => tile.querySelector('.ok-wallboard__label')?.textContent === label,
  );
  if (!found) throw new Error(`no tile ${label}`);
  return found;
};
const valueOf = (label: string) => tileOf(label).querySelector('.ok-wallboard__value')?.textContent;

describe('MonitorPage', { timeout: 60_000 }, () => {
  it('shows the live state with the figures past their thresholds in red', async () => {
    renderWithProviders(<MonitorPage socket={socket} />);
    expect(await screen.findByText('Live wallboard')).toBeInTheDocument();
    await waitFor(() => expect(valueOf('Waiting now')).toBe('3'));
    expect(screen.getByText('Live')).toBeInTheDocument();
    expect(tileOf('Waiting now')).not.toHaveClass('is-alert');
    // 2½ minutes against the default 2-minute threshold.
    expect(valueOf('Longest wait')).toMatch(/^2m 3\ds$/);
    expect(tileOf('Longest wait')).toHaveClass('is-alert');
    expect(within(tileOf('Longest wait')).getByText('(over its threshold)')).toBeInTheDocument();
    expect(valueOf('With an agent')).toBe('7');
    expect(valueOf('With a robot')).toBe('2');
    expect(valueOf('Agents online')).toBe('1 / 3');

    expect(valueOf('Abandoned in queue')).toBe('20%');
    expect(tileOf('Abandoned in queue')).toHaveClass('is-alert');
    expect(valueOf('Average rating')).toBe('3.8');
    expect(tileOf('Average rating')).toHaveClass('is-alert');
    expect(valueOf('Average first response')).toBe('45s');
    expect(tileOf('Average first response')).not.toHaveClass('is-alert');

    // Sales has a visitor waiting and nobody online to take them.
    const sales = screen.getByText('Sales').closest('tr') as HTMLElement;
    expect(within(sales).getByText('1')).toHaveClass('ant-typography-danger');
    expect(screen.getByText('Appointed agents')).toBeInTheDocument();

    const agents = screen.getByRole('list', { name: 'Agents' });
    const ann = within(agents).getByText('Ann').closest('li') as HTMLElement;
    expect(ann).toHaveTextContent('Online');
    expect(ann).toHaveTextContent('2 / 5');
    expect(within(agents).getByText('Cy').closest('li')).toHaveTextContent('Offline');

    expect(seen.map((request) => request.path)).toEqual(['/api/dashboard/monitor']);
    expect(seen[0]?.params.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it("follows the server's pushes without asking again, and drops a malformed one", async () => {
    renderWithProviders(<MonitorPage socket={socket} />);
    await waitFor(() => expect(valueOf('Waiting now')).toBe('3'));
    const now = Date.now();
    socket.push(
      'monitor:snapshot',
      snapshotAt(now, { queue: { waiting: 9, oldestQueuedAt: now, groups: [] } }),
    );
    await waitFor(() => expect(valueOf('Waiting now')).toBe('9'));
    expect(tileOf('Waiting now')).toHaveClass('is-alert');
    expect(screen.getByText('No skill groups yet.')).toBeInTheDocument();
    socket.push('monitor:snapshot', { queue: 'garbage' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(valueOf('Waiting now')).toBe('9');
    expect(seen).toHaveLength(1);

    socket.drop();
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    socket.reconnect();
    expect(screen.getByText('Live')).toBeInTheDocument();
  });

  it('keeps thresholds changed on this screen', async () => {
    const user = setupUser();
    renderWithProviders(<MonitorPage socket={socket} />);
    await waitFor(() => expect(tileOf('Longest wait')).toHaveClass('is-alert'));
    await user.click(screen.getByRole('button', { name: /Thresholds/ }));
    const dialog = await findDialog();
    const input = within(dialog).getByLabelText('Longest wait, seconds, more than');
    await user.clear(input);
    await user.type(input, '600');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(tileOf('Longest wait')).not.toHaveClass('is-alert'));
    expect(within(tileOf('Longest wait')).getByText('Alert above 10m')).toBeInTheDocument();
    expect(localStorage.getItem(`pro__${MONITOR_THRESHOLDS_KEY}`)).toContain('"longestWaitSeconds":600');
  });

  it('leaves out today without the statistics authority, in Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({ 'GET /api/dashboard/monitor': () => snapshotAt(Date.now(), { today: null }) });
    renderWithProviders(<MonitorPage socket={socket} />);
    await waitFor(() => expect(valueOf('当前排队')).toBe('3'));
    expect(screen.queryByText('今日')).toBeNull();
    expect(screen.getByText('各技能组排队')).toBeInTheDocument();
    expect(screen.getByText('指定客服')).toBeInTheDocument();
  });

  it('shows the error with a retry, and says who the wallboard is for', async () => {
    let isDown = true;
    stubFetch({
      'GET /api/dashboard/monitor': () =>
        isDown ? errorResponse(500, 'Server hiccup') : snapshotAt(Date.now()),
    });
    const user = setupUser();
    const { unmount } = renderWithProviders(<MonitorPage socket={socket} />);
    expect(await screen.findByText('Could not load the wallboard')).toBeInTheDocument();
    expect(screen.getByText('Server hiccup')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(valueOf('Waiting now')).toBe('3'));
    unmount();

    setProfile(adminWithPermissions({}, { authorities: ['home', 'chat'] }));
    renderWithProviders(<MonitorPage socket={socket} />);
    expect(screen.getByText('The wallboard is for supervisors')).toBeInTheDocument();
  });
});
