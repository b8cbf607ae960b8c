import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentStatus } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWith,
  describeRequest,
  makeAgentStatus,
  page,
  type RecordedRequest,
} from '../shared/testFixtures';
import { button, pickOption, rowOf, searchForm, setupUser } from '../shared/testUtils';
import { AUTO_REFRESH_MS, StatusPage } from './StatusPage';

const agents: AgentStatus[] = [
  makeAgentStatus({
    autoReplyType: 'eat',
    lastLoginAt: Date.now() - 5 * 60_000,
  }),
  makeAgentStatus({
    uid: 'u-bob',
    username: 'bob',
    nickname: 'Bob',
    realName: '',
    status: 'busy',
    maxThreadCount: 3,
    openThreadCount: 3,
    autoReplyType: 'custom',
    autoReplyContent: 'In a meeting until 3 pm',
    workGroups: [{ wid: 'w-support', nickname: 'Support' }],
  }),
  makeAgentStatus({
    uid: 'u-carol',
    username: 'carol',
    nickname: 'Carol',
    realName: '',
    status: 'offline',
    openThreadCount: 0,
    maxThreadCount: 10,
    workGroups: [],
  }),
];

let requests: RecordedRequest[] = [];
let rows: AgentStatus[] = agents;

const statusRequests = () => requests.filter((r) => r.path === '/api/user/status').map(describeRequest);

beforeEach(() => {
  requests = [];
  rows = agents;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      requests.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        search: url.search,
        body: undefined,
      });
      if (url.pathname === '/api/user/status') {
        const status = url.searchParams.get('status');
        const wid = url.searchParams.get('wid');
        const nickname = url.searchParams.get('nickname');
        const matching = rows.filter(
          (agent) =>
            (status === null || (status === 'offline') === (agent.status === 'offline')) &&
            (wid === null || agent.workGroups.some((group) => group.wid === wid)) &&
            (nickname === null || agent.nickname.toLowerCase().includes(nickname.toLowerCase())),
        );
        return jsonResponse(page(matching, matching.length, Number(url.searchParams.get('size'))));
      }
      if (url.pathname === '/api/workgroup/all')
        return jsonResponse([
          { wid: 'w-sales', nickname: 'Sales' },
          { wid: 'w-support', nickname: 'Support' },
        ]);
      return jsonResponse(null, 404);
    }),
  );
  setProfile(adminWith(['query']));
});

afterEach(async () => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

describe('StatusPage', { timeout: 30_000 }, () => {
  it('shows each agent’s status, auto-reply, load and groups, from page 0 of 20', async () => {
    renderWithProviders(<StatusPage />);
    await screen.findByText('Bob');
    expect(statusRequests()).toContain('GET /api/user/status?page=0&size=20&client=web');

    const alice = rowOf('Alice');
    expect(within(alice).getByText('Online')).toBeInTheDocument();
    expect(within(alice).getByText('2 / 5')).toBeInTheDocument();
    expect(within(alice).getByText('Out for a meal')).toBeInTheDocument();
    expect(within(alice).getByText('Sales')).toBeInTheDocument();
    expect(within(alice).getByText('5 minutes ago')).toBeInTheDocument();
    expect(within(alice).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');

    const bob = rowOf('Bob');
    expect(within(bob).getByText('Busy')).toBeInTheDocument();
    expect(within(bob).getByText('3 / 3')).toBeInTheDocument();
    expect(within(bob).getByText('In a meeting until 3 pm')).toBeInTheDocument();
    expect(within(bob).getByText('Never')).toBeInTheDocument();
    expect(within(rowOf('Carol')).getByText('Offline')).toBeInTheDocument();
  });

  it('sums up online agents, all agents and open conversations', async () => {
    renderWithProviders(<StatusPage />);
    await waitFor(() => expect(within(card('Online agents')).getByText('2')).toBeInTheDocument());
    expect(within(card('Total agents')).getByText('3')).toBeInTheDocument();
    expect(within(card('Open conversations')).getByText('5')).toBeInTheDocument();
    expect(statusRequests()).toContain('GET /api/user/status?page=0&size=100&client=web');
  });

  it('filters by online / offline, skill group and nickname', async () => {
    const user = setupUser();
    renderWithProviders(<StatusPage />);
    await screen.findByText('Bob');

    await user.click(screen.getByText('Offline', { selector: '.ant-segmented-item-label' }));
    await waitFor(() =>
      expect(statusRequests()).toContain('GET /api/user/status?page=0&size=20&status=offline&client=web'),
    );
    await waitFor(() => expect(screen.queryByText('Bob')).toBeNull());
    expect(screen.getByText('Carol')).toBeInTheDocument();

    await user.click(screen.getByText('All', { selector: '.ant-segmented-item-label' }));
    await screen.findByText('Bob');

    const form = searchForm();
    await pickOption(user, form, 'Skill group', 'Support');
    await user.click(within(form).getByLabelText('Nickname'));
    await user.paste('bo');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(statusRequests()).toContain(
        'GET /api/user/status?page=0&size=20&wid=w-support&nickname=bo&client=web',
      ),
    );
    await waitFor(() => expect(screen.queryByText('Alice')).toBeNull());
    expect(screen.getByText('Bob')).toBeInTheDocument();
  });

  it('explains the empty list', async () => {
    rows = [];
    renderWithProviders(<StatusPage />);
    expect(
      await screen.findByText(/Agents appear here once they sign in to the workbench/),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(card('Total agents')).getByText('0')).toBeInTheDocument());
  });

  it('reloads on Refresh and by itself every 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    renderWithProviders(<StatusPage />);
    await screen.findByText('Bob');
    const tableLoads = () => statusRequests().filter((line) => line.includes('size=20')).length;
    const summaryLoads = () => statusRequests().filter((line) => line.includes('size=100')).length;
    await waitFor(() => expect(summaryLoads()).toBe(1));
    const before = tableLoads();

    await user.click(button(document.body, 'Refresh'));
    await waitFor(() => expect(tableLoads()).toBe(before + 1));
    await waitFor(() => expect(summaryLoads()).toBe(2));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(AUTO_REFRESH_MS);
    });
    await waitFor(() => expect(tableLoads()).toBe(before + 2));
    await waitFor(() => expect(summaryLoads()).toBe(3));
  });

  it('stops reloading while the tab is hidden and reloads at once when it shows again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let visibility: DocumentVisibilityState = 'visible';
    const visibilitySpy = vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (next: DocumentVisibilityState) => {
      visibility = next;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      renderWithProviders(<StatusPage />);
      await screen.findByText('Bob');
      expect(
        screen.getByText(/^Live · refreshes every 5 seconds · updated \d\d:\d\d:\d\d$/),
      ).toBeInTheDocument();
      const tableLoads = () => statusRequests().filter((line) => line.includes('size=20')).length;
      const summaryLoads = () => statusRequests().filter((line) => line.includes('size=100')).length;
      await waitFor(() => expect(summaryLoads()).toBe(1));
      await act(async () => {
        setVisibility('hidden');
      });
      const hiddenTable = tableLoads();
      const hiddenSummary = summaryLoads();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(4 * AUTO_REFRESH_MS);
      });
      expect(tableLoads()).toBe(hiddenTable);
      expect(summaryLoads()).toBe(hiddenSummary);

      await act(async () => {
        setVisibility('visible');
      });
      await waitFor(() => expect(tableLoads()).toBe(hiddenTable + 1));
    } finally {
      visibilitySpy.mockRestore();
    }
  });

  it('is labelled in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<StatusPage />);
    await screen.findByText('Bob');
    expect(screen.getByText('在线客服')).toBeInTheDocument();
    expect(screen.getByText('进行中的会话')).toBeInTheDocument();
    expect(within(rowOf('Bob')).getByText('忙碌')).toBeInTheDocument();
    expect(within(rowOf('Alice')).getByText('外出就餐')).toBeInTheDocument();
    expect(screen.getAllByText('接待负载')[0]).toBeInTheDocument();
    expect(screen.getByText('技能组', { selector: 'label' })).toBeInTheDocument();
  });
});
