import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import type { TicketNotice } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, page, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { writeAgentNotificationPrefs } from '../../settings/notificationPrefs';
import { ALL_TICKET_ACTIONS, alice, T0 } from '../shared/testing';
import { TicketNoticeBell, type TicketNoticeListener } from './TicketNoticeBell';

const notice = (overrides: Partial<TicketNotice> = {}): TicketNotice => ({
  nid: 'n-1',
  kind: 'mentioned',
  tkid: 'tk-1',
  ticketNumber: 'T-000001',
  title: 'Printer on fire',
  actor: alice,
  read: true,
  createdAt: T0,
  ...overrides,
});

let seen: Recorded[] = [];
let stored: TicketNotice[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

/** The Notification API, granted; records what was shown. */
const stubNotifications = () => {
  const shown: { title: string; options: NotificationOptions }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = vi.fn(async () => 'granted' as const);
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
};

const Where = () => <span data-testid="where">{useLocation().pathname + useLocation().search}</span>;

/** The bell with a fake push channel (the workbench's socket in the app). */
const renderBell = () => {
  let push: TicketNoticeListener = () => undefined;
  const subscribe = (listener: TicketNoticeListener) => {
    push = listener;
    return () => undefined;
  };
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <TicketNoticeBell subscribe={subscribe} />
            <Where />
          </>
        }
      />
    </Routes>,
  );
  return { push: (value: TicketNotice) => act(() => push(value)) };
};

beforeEach(() => {
  stored = [notice()];
  seen = stubFetch({
    'GET /api/ticket/notice/query': () => page(stored),
    'POST /api/ticket/notice/read': () => null,
  });
  setProfile(
    adminWithPermissions({ 'ticket.list': [...ALL_TICKET_ACTIONS] }, { authorities: ['chat', 'workorder'] }),
  );
  writeAgentNotificationPrefs({
    soundOnNewThread: true,
    soundOnNewMessage: true,
    desktopOnTicketNotice: true,
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  localStorage.clear();
  await changeLanguage('en-US');
});

describe('TicketNoticeBell', { timeout: 60_000 }, () => {
  it('shows a pushed notice with the unread count and a desktop notification, and marks it read', async () => {
    const shown = stubNotifications();
    const user = setupUser();
    const { push } = renderBell();
    const bell = await screen.findByRole('button', { name: 'Ticket notices, 0 unread' });
    await waitFor(() =>
      expect(seen.some((request) => request.path === '/api/ticket/notice/query')).toBe(true),
    );
    expect(shown).toEqual([]);

    push(
      notice({
        nid: 'n-2',
        kind: 'assigned',
        tkid: 'tk-2',
        ticketNumber: 'T-000002',
        title: 'Refund',
        read: false,
      }),
    );
    expect(await screen.findByRole('button', { name: 'Ticket notices, 1 unread' })).toBe(bell);
    await waitFor(() =>
      expect(shown).toEqual([
        {
          title: 'Ticket T-000002',
          options: { body: 'Alice assigned you T-000002: Refund', tag: 'ticket-notice-n-2' },
        },
      ]),
    );

    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Ticket notices' });
    expect(within(list).getByText('Alice assigned you T-000002')).toBeInTheDocument();
    expect(within(list).getByText('Alice mentioned you on T-000001')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Mark read: Alice assigned you T-000002' }));
    await waitFor(() => expect(posts('/api/ticket/notice/read')).toEqual([{ nids: ['n-2'] }]));
    expect(await screen.findByRole('button', { name: 'Ticket notices, 0 unread' })).toBeInTheDocument();
  });

  it('opens the ticket from a notice and marks it read; mark all read', async () => {
    stored = [notice({ read: false }), notice({ nid: 'n-3', kind: 'replied', actor: null, read: false })];
    const user = setupUser();
    renderBell();
    const bell = await screen.findByRole('button', { name: 'Ticket notices, 2 unread' });
    await user.click(bell);
    const list = await screen.findByRole('list', { name: 'Ticket notices' });
    expect(within(list).getByText('The contact replied on T-000001')).toBeInTheDocument();
    await user.click(within(list).getByText('Alice mentioned you on T-000001'));
    await waitFor(() => expect(posts('/api/ticket/notice/read')).toEqual([{ nids: ['n-1'] }]));
    expect(screen.getByTestId('where')).toHaveTextContent('/stable/ticket/list?tkid=tk-1');
    await screen.findByRole('button', { name: 'Ticket notices, 1 unread' });

    await user.click(bell);
    await user.click(await screen.findByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(posts('/api/ticket/notice/read').at(-1)).toEqual({ nids: [] }));
    expect(await screen.findByRole('button', { name: 'Ticket notices, 0 unread' })).toBeInTheDocument();
  });

  it('stays quiet on the desktop when the preference is off, and says when there is nothing, in Chinese', async () => {
    await changeLanguage('zh-CN');
    const shown = stubNotifications();
    writeAgentNotificationPrefs({
      soundOnNewThread: true,
      soundOnNewMessage: true,
      desktopOnTicketNotice: false,
    });
    stored = [];
    const user = setupUser();
    const { push } = renderBell();
    const bell = await screen.findByRole('button', { name: '工单通知，0 条未读' });
    await user.click(bell);
    expect(await screen.findByText('暂无工单通知。')).toBeInTheDocument();
    push(notice({ nid: 'n-9', read: false }));
    await screen.findByRole('button', { name: '工单通知，1 条未读' });
    expect(shown).toEqual([]);
  });

  it('is not shown without the ticket authority', async () => {
    setProfile(adminWithPermissions({}, { authorities: ['chat'] }));
    renderBell();
    await screen.findByTestId('where');
    expect(screen.queryByRole('button', { name: /Ticket notices/ })).toBeNull();
    expect(seen).toEqual([]);
  });

  it('polls without a push channel (the console) and notifies new notices only', async () => {
    const shown = stubNotifications();
    renderWithProviders(<TicketNoticeBell pollMs={100} />);
    await screen.findByRole('button', { name: 'Ticket notices, 0 unread' });
    stored = [notice({ nid: 'n-5', kind: 'replied', actor: null, read: false }), ...stored];
    expect(await screen.findByRole('button', { name: 'Ticket notices, 1 unread' })).toBeInTheDocument();
    await waitFor(() =>
      expect(shown.map((entry) => entry.options.body)).toEqual([
        'The contact replied on T-000001: Printer on fire',
      ]),
    );
  });
});
