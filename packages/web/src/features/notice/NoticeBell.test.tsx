import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Notice, NoticePush } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { changeLanguage } from '../../shared/i18n';
import { renderWithProviders } from '../../shared/testing/renderWithProviders';
import { page, platformStaff, stubFetch } from '../platform/shared/testFixtures';
import { NoticeBell } from './NoticeBell';

const maintenance: Notice = {
  nid: 'n1',
  title: 'Maintenance tonight',
  content: '<p>Down at <strong>22:00</strong></p>',
  level: 'warning',
  read: false,
  createdAt: Date.UTC(2025, 0, 2, 3, 4),
};
const feature: Notice = { ...maintenance, nid: 'n2', title: 'New feature', level: 'info', read: true };

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('NoticeBell', { timeout: 60_000 }, () => {
  it('counts unread notices and opens one, marking it read', async () => {
    setProfile(platformStaff({}));
    let unread = 1;
    const { requests } = stubFetch({
      'GET /api/notice/unread': () => ({ count: unread }),
      'GET /api/notice/query': () => page([{ ...maintenance, read: unread === 0 }, feature]),
      'POST /api/notice/read': () => {
        unread = 0;
        return { count: 0 };
      },
      'POST /api/notice/read/all': () => ({ count: 0 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticeBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications (1 unread)' }));
    expect(await screen.findByText('Maintenance tonight')).toBeInTheDocument();
    expect(screen.getByText('Warning')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/notice/query')?.search).toContain('size=20');

    await user.click(screen.getByText('Maintenance tonight'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('22:00')).toBeInTheDocument();
    await waitFor(() =>
      expect(requests.find((request) => request.path === '/api/notice/read')?.body).toEqual({ nid: 'n1' }),
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
  });

  it('marks all read from the popover', async () => {
    setProfile(platformStaff({}));
    const { requests } = stubFetch({
      'GET /api/notice/unread': () => ({ count: 2 }),
      'GET /api/notice/query': () => page([maintenance, { ...feature, read: false }]),
      'POST /api/notice/read/all': () => ({ count: 0 }),
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticeBell />);
    await user.click(await screen.findByRole('button', { name: 'Notifications (2 unread)' }));
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/notice/read/all')).toBe(true),
    );
    expect(await screen.findByText('All notices marked read')).toBeInTheDocument();
  });

  it('shows the empty state and a load error with retry, in Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({}));
    let isDown = true;
    stubFetch({
      'GET /api/notice/unread': () => ({ count: 0 }),
      'GET /api/notice/query': () =>
        isDown
          ? new Response(JSON.stringify({ message: '服务暂不可用', status_code: 503, data: null }), {
              status: 503,
              headers: { 'Content-Type': 'application/json' },
            })
          : page([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<NoticeBell />);
    await user.click(await screen.findByRole('button', { name: '通知' }));
    expect(await screen.findByText('无法加载通知：服务暂不可用')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('暂无通知')).toBeInTheDocument();
  });

  it('refreshes when a notice is pushed', async () => {
    setProfile(platformStaff({}));
    let unread = 0;
    let push: ((event: NoticePush) => void) | undefined;
    stubFetch({ 'GET /api/notice/unread': () => ({ count: unread }) });
    renderWithProviders(
      <NoticeBell
        subscribe={(listener) => {
          push = listener;
          return () => undefined;
        }}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    unread = 1;
    push?.({ nid: 'n3', title: 'Hello', level: 'info', createdAt: Date.now() });
    expect(await screen.findByRole('button', { name: 'Notifications (1 unread)' })).toBeInTheDocument();
  });

  it('reads the count once more when pushes come back after a break, and not when they first start', async () => {
    setProfile(platformStaff({}));
    let unread = 0;
    const { requests } = stubFetch({ 'GET /api/notice/unread': () => ({ count: unread }) });
    const reads = () => requests.filter((request) => request.path === '/api/notice/unread').length;
    const subscribe = () => () => undefined;
    let setLive: (isLive: boolean) => void = () => undefined;
    const Harness = () => {
      const [isLive, set] = useState(false);
      setLive = set;
      // A poll slower than the test: only the feed's coming back can read the count again.
      return <NoticeBell pollMs={600_000} subscribe={isLive ? subscribe : undefined} />;
    };
    renderWithProviders(<Harness />);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    act(() => setLive(true));
    act(() => setLive(false));
    expect(reads()).toBe(1);
    unread = 2;
    act(() => setLive(true));
    expect(await screen.findByRole('button', { name: 'Notifications (2 unread)' })).toBeInTheDocument();
    expect(reads()).toBe(2);
  });
});
