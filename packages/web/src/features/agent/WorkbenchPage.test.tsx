import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../shared/testing/renderWithProviders';
import { changeLanguage } from '../../shared/i18n';
import { pickOption, setupUser } from '../kefu/shared/testUtils';
import { adminProfile, makeMessage, makeOffer, makeThread, NOW } from './testing/fixtures';
import { createFakeSocket } from '../../shared/testing/fakeSocket';
import { installWorkbenchServer, locationNow, renderWorkbench } from './testing/renderWorkbench';
import { workbenchKeys } from './keys';

const server = installWorkbenchServer();

const rows = (kind: string) =>
  within(screen.getByTestId(`thread-list-${kind}`))
    .queryAllByTestId('thread-row')
    .map((row) => row.getAttribute('data-tid'));

const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(name) });

describe('the thread lists', () => {
  it("lists the agent's current conversations with preview and unread count", async () => {
    server.lists.current = [
      makeThread({ tid: 't-1', content: 'Where is my parcel?', unreadCount: 2 }),
      makeThread({
        tid: 't-2',
        visitor: { vid: 'v-2', nickname: 'Grace', avatar: '', client: 'web' },
        content: 'Thanks!',
      }),
    ];
    renderWorkbench();

    const list = await screen.findByTestId('thread-list-current');
    expect(await within(list).findByText('Where is my parcel?')).toBeInTheDocument();
    expect(within(list).getByText('Grace')).toBeInTheDocument();
    expect(within(list).getByTitle('2 unread')).toBeInTheDocument();
    expect(screen.getByText('Pick a conversation on the left to start.')).toBeInTheDocument();
  });

  it('says so when there are no conversations', async () => {
    renderWorkbench();

    expect(await screen.findByText('No conversations yet. New ones appear here.')).toBeInTheDocument();
  });

  it('opens a conversation from the list and keeps it in the URL', async () => {
    server.lists.current = [makeThread()];
    server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hello?' })];
    const user = setupUser();
    renderWorkbench();

    await user.click(await screen.findByTestId('thread-row'));

    expect(await screen.findByText('Hello?')).toBeInTheDocument();
    expect(locationNow()).toBe('/agent/t-1');
  });

  it('shows the groups tab to admins only', async () => {
    renderWorkbench();
    await screen.findByTestId('thread-list-current');
    expect(screen.queryByRole('tab', { name: /Groups/ })).not.toBeInTheDocument();
  });

  it("lists colleagues' conversations under Groups for admins", async () => {
    server.lists.groups = [
      makeThread({
        tid: 't-g',
        agent: { ...makeThread().agent!, uid: 'u-bob', nickname: 'Bob' },
        content: 'Refund?',
      }),
    ];
    const user = setupUser();
    renderWorkbench({ profile: adminProfile });

    await user.click(await screen.findByRole('tab', { name: /Groups/ }));

    const list = await screen.findByTestId('thread-list-groups');
    expect(await within(list).findByText('with Bob')).toBeInTheDocument();
    expect(locationNow()).toBe('/agent?tab=groups');
  });
});

describe('live updates', () => {
  it('puts a newly assigned conversation into the list and counts visitor messages as unread', async () => {
    server.lists.current = [makeThread({ tid: 't-1', seq: 1 })];
    const { socket } = renderWorkbench();
    await waitFor(() => expect(rows('current')).toEqual(['t-1']));

    socket.push(
      'thread:update',
      makeThread({
        tid: 't-2',
        seq: 0,
        visitor: { vid: 'v-2', nickname: 'Grace', avatar: '', client: 'web' },
        lastMessageAt: NOW + 1_000,
        updatedAt: NOW + 1_000,
      }),
    );
    // TanStack Query tells its observers on the next tick.
    await waitFor(() => expect(rows('current')).toEqual(['t-2', 't-1']));

    socket.push(
      'message',
      makeMessage({ tid: 't-1', seq: 2, content: 'Are you there?', createdAt: NOW + 5_000 }),
    );

    await waitFor(() => expect(rows('current')).toEqual(['t-1', 't-2']));
    expect(within(screen.getByTestId('thread-list-current')).getByText('Are you there?')).toBeInTheDocument();
    expect(within(screen.getByTestId('thread-list-current')).getByTitle('1 unread')).toBeInTheDocument();
    expect(within(tab('Current')).getByText('1')).toBeInTheDocument();
  });

  it('removes a closed conversation from Current', async () => {
    const thread = makeThread();
    server.lists.current = [thread];
    const { socket } = renderWorkbench();
    await waitFor(() => expect(rows('current')).toEqual(['t-1']));

    socket.push('thread:update', { ...thread, status: 'closed', closedAt: NOW, updatedAt: NOW });

    await waitFor(() => expect(rows('current')).toEqual([]));
  });

  it('shows the number waiting on the Queue tab', async () => {
    const { socket } = renderWorkbench();
    await screen.findByTestId('thread-list-current');

    socket.push('queue:update', { waiting: 3 });

    expect(await within(tab('Queue')).findByText('3')).toBeInTheDocument();
  });

  it('resyncs the open conversation after a reconnect and refetches the lists', async () => {
    server.lists.current = [makeThread({ seq: 2 })];
    server.history['t-1'] = [makeMessage({ seq: 1 }), makeMessage({ seq: 2, content: 'Last seen' })];
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('Last seen');
    socket.responders['message:sync'] = () => ({
      ok: true,
      data: { messages: [makeMessage({ seq: 3, content: 'Sent while you were away' })], hasMore: false },
    });
    const listCalls = () => server.requests.filter((r) => r.path === '/api/thread/mine').length;
    const before = listCalls();

    socket.drop();
    expect(await screen.findByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    socket.reconnect();

    expect(await screen.findByText('Sent while you were away')).toBeInTheDocument();
    expect(socket.sent('message:sync')).toEqual([{ tid: 't-1', afterSeq: 2 }]);
    await waitFor(() => expect(listCalls()).toBeGreaterThan(before));
    expect(screen.queryByText('Connection lost. Reconnecting…')).not.toBeInTheDocument();
  });
});

describe('the connection', () => {
  it('connects again after the server closed the socket itself (a restart)', async () => {
    const { socket } = renderWorkbench();
    await screen.findByTestId('thread-list-current');
    const before = socket.connectCalls;

    socket.drop('io server disconnect');

    expect(await screen.findByText('Connection lost. Reconnecting…')).toBeInTheDocument();
    await waitFor(() => expect(socket.connectCalls).toBe(before + 1), { timeout: 3_000 });
  });

  it('stops and says why when the server ends the session', async () => {
    const { socket } = renderWorkbench();
    await screen.findByTestId('thread-list-current');

    socket.push('session:end', { reason: 'Signed in elsewhere' });

    expect(await screen.findByText('Your chat session ended: Signed in elsewhere')).toBeInTheDocument();
    expect(socket.connected).toBe(false);
  });
});

describe('the queue', () => {
  it('accepts a waiting visitor and opens the conversation', async () => {
    const waiting = makeThread({
      tid: 't-q',
      status: 'queuing',
      agent: null,
      queuePosition: 1,
      content: 'Hi',
    });
    server.lists.queue = [waiting];
    server.answer = (request) =>
      request.path === '/api/thread/accept'
        ? jsonResponse({
            ...waiting,
            status: 'chatting',
            agent: makeThread().agent,
            queuePosition: null,
            updatedAt: NOW,
          })
        : undefined;
    const user = setupUser();
    renderWorkbench({ path: '/agent?tab=queue' });

    const list = await screen.findByTestId('thread-list-queue');
    expect(await within(list).findByText('No. 1 in the queue')).toBeInTheDocument();
    await user.click(within(list).getByTestId('queue-accept'));

    await waitFor(() =>
      expect(server.posts('/api/thread/accept').map((r) => r.body)).toEqual([{ tid: 't-q' }]),
    );
    await waitFor(() => expect(locationNow()).toBe('/agent/t-q'));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeInTheDocument();
  });
});

describe('offers', () => {
  it('accepts a transfer offered by a colleague', async () => {
    const offer = makeOffer();
    server.offers = [offer];
    server.answer = (request) =>
      request.path === '/api/thread/transfer/respond'
        ? jsonResponse({ ...offer.thread, updatedAt: NOW })
        : undefined;
    const user = setupUser();
    renderWorkbench();

    const shown = await screen.findByTestId('offer');
    expect(
      within(shown).getByText('Bob wants to transfer the conversation with Grace to you.'),
    ).toBeInTheDocument();
    expect(within(shown).getByText('Note: VIP customer')).toBeInTheDocument();
    await user.click(within(shown).getByTestId('offer-accept'));

    await waitFor(() =>
      expect(server.posts('/api/thread/transfer/respond').map((r) => r.body)).toEqual([
        { id: 'x-1', accept: true },
      ]),
    );
    await waitFor(() => expect(screen.queryByTestId('offer')).not.toBeInTheDocument());
    // The offer closes as soon as the answer arrives; navigation follows on the next render.
    await waitFor(() => expect(locationNow()).toBe('/agent/t-9'));
  });

  it('tells an agent at the limit so, and shows the server refusing the accept while the offer waits', async () => {
    server.me = { ...server.me, maxThreadCount: 2 };
    server.lists.current = [makeThread({ tid: 't-1' }), makeThread({ tid: 't-2' })];
    const offer = makeOffer();
    server.offers = [offer];
    const refusal = 'You already chat in 2 conversations, your maximum';
    server.answer = (request) =>
      request.path === '/api/thread/transfer/respond'
        ? new Response(JSON.stringify({ message: refusal, status_code: 409, data: null, code: 'CONFLICT' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          })
        : undefined;
    const user = setupUser();
    renderWorkbench();

    const shown = await screen.findByTestId('offer');
    expect(await within(shown).findByTestId('offer-at-capacity')).toHaveTextContent(
      'You are chatting in 2 conversations, your limit of 2: end one before accepting',
    );
    await user.click(within(shown).getByTestId('offer-accept'));

    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(server.posts('/api/thread/transfer/respond').map((r) => r.body)).toEqual([
      { id: 'x-1', accept: true },
    ]);
    // Still waiting (the server's list has it): not dropped, the agent may accept after ending one.
    await waitFor(() =>
      expect(server.requests.filter((r) => r.path === '/api/thread/offers')).toHaveLength(2),
    );
    expect(screen.getByTestId('offer')).toBeInTheDocument();
    expect(locationNow()).toBe('/agent');
  });

  it('says nothing about the limit while the agent has room', async () => {
    server.me = { ...server.me, maxThreadCount: 2 };
    server.lists.current = [
      makeThread({ tid: 't-1' }),
      makeThread({ tid: 't-2', status: 'closed', closedAt: NOW }),
    ];
    server.offers = [makeOffer()];
    renderWorkbench();

    const shown = await screen.findByTestId('offer');
    await waitFor(() => expect(rows('current')).toContain('t-1'));
    expect(within(shown).queryByTestId('offer-at-capacity')).toBeNull();
  });

  it('shows an invitation pushed while working and declines it', async () => {
    const user = setupUser();
    const { socket } = renderWorkbench();
    await screen.findByTestId('thread-list-current');

    socket.push('offer', makeOffer({ kind: 'invite', transfer: { ...makeOffer().transfer, id: 'x-2' } }));
    await user.click(await screen.findByTestId('offer-reject'));

    await waitFor(() =>
      expect(server.posts('/api/thread/invite/respond').map((r) => r.body)).toEqual([
        { id: 'x-2', accept: false },
      ]),
    );
  });
});

describe('the status switcher', () => {
  it('says Connecting… rather than a guessed Offline until the server has said the status', async () => {
    const socket = createFakeSocket({ isConnected: false });
    renderWorkbench({ socket });
    const switcher = screen.getByTestId('agent-status');
    expect(within(switcher).getByText('Connecting…')).toBeInTheDocument();
    expect(within(switcher).queryByText('Offline')).toBeNull();

    // The profile answered but the socket is not up yet: still connecting.
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/user/me')).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(switcher).getByText('Connecting…')).toBeInTheDocument();
    expect(within(switcher).queryByText('Offline')).toBeNull();

    socket.reconnect();
    await waitFor(() => expect(within(switcher).getByText('Online')).toBeInTheDocument());
    expect(within(switcher).queryByText('Connecting…')).toBeNull();
  });

  it('sends the chosen status over the socket and keeps the auto-reply', async () => {
    server.me = { ...server.me, status: 'online', autoReplyType: 'phone' };
    const user = setupUser();
    const { socket } = renderWorkbench();
    const switcher = await screen.findByTestId('agent-status');
    await waitFor(() => expect(within(switcher).getByText('Online')).toBeInTheDocument());

    await pickOption(user, switcher, 'My status', 'Busy');

    await waitFor(() =>
      expect(socket.sent('agent:status')).toEqual([
        { status: 'busy', autoReplyType: 'phone', autoReplyContent: '' },
      ]),
    );
    expect(
      await within(switcher).findByText('Only “Online” receives new conversations.'),
    ).toBeInTheDocument();
  });

  it('sends a custom auto-reply only once its text is saved', async () => {
    const user = setupUser();
    const { socket } = renderWorkbench();
    const switcher = await screen.findByTestId('agent-status');
    await waitFor(() => expect(within(switcher).getByText('Online')).toBeInTheDocument());

    await pickOption(user, switcher, 'Auto-reply', 'Custom');
    expect(socket.sent('agent:status')).toEqual([]);
    await user.click(within(switcher).getByRole('button', { name: 'Save' }));
    expect(within(switcher).getByRole('alert')).toHaveTextContent('Enter the auto-reply text');

    await user.type(within(switcher).getByRole('textbox', { name: 'Auto-reply text' }), 'Back at 2 pm');
    await user.click(within(switcher).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(socket.sent('agent:status')).toEqual([
        { status: 'online', autoReplyType: 'custom', autoReplyContent: 'Back at 2 pm' },
      ]),
    );
  });

  it('speaks Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWorkbench();

    expect(await screen.findByRole('tab', { name: /排队/ })).toBeInTheDocument();
    expect(await screen.findByText('请在左侧选择一个会话。')).toBeInTheDocument();
  });
});

describe('alerts while the window is in the background', () => {
  const shown: { title: string; body: string }[] = [];
  class FakeNotification {
    static permission: NotificationPermission = 'granted';
    static requestPermission = async () => 'granted' as const;
    onclick: (() => void) | null = null;
    constructor(title: string, options?: NotificationOptions) {
      shown.push({ title, body: options?.body ?? '' });
    }
    close() {}
  }
  const grace = { vid: 'v-2', nickname: 'Grace', avatar: '', client: 'web' as const };

  beforeEach(() => {
    shown.length = 0;
    vi.stubGlobal('Notification', FakeNotification);
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
  });
  afterEach(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
  });

  const renderWithSettingsLoaded = async () => {
    const view = renderWorkbench();
    await waitFor(() => expect(view.queryClient.getQueryData(workbenchKeys.settings)).toBeDefined());
    await waitFor(() => expect(view.queryClient.getQueryData(workbenchKeys.list('current'))).toBeDefined());
    return view;
  };

  it('announces a conversation newly assigned to the agent', async () => {
    const { socket } = await renderWithSettingsLoaded();

    socket.push('thread:update', makeThread({ tid: 't-2', visitor: grace, updatedAt: NOW + 1 }));

    expect(shown).toEqual([{ title: 'New conversation', body: 'Grace started a conversation with you.' }]);
  });

  it("stays quiet about new conversations when the user's connected notice is off", async () => {
    server.settings = { ...server.settings, connected: false };
    const { socket } = await renderWithSettingsLoaded();

    socket.push('thread:update', makeThread({ tid: 't-2', visitor: grace, updatedAt: NOW + 1 }));

    expect(shown).toEqual([]);
  });

  it("shows a visitor's new message as plain text", async () => {
    server.lists.current = [makeThread({ tid: 't-2', visitor: grace, seq: 1 })];
    const { socket } = await renderWithSettingsLoaded();

    socket.push(
      'message',
      makeMessage({
        tid: 't-2',
        seq: 2,
        content: '<b>Hello?</b>',
        sender: { kind: 'visitor', id: 'v-2', nickname: 'Grace', avatar: '' },
      }),
    );

    expect(shown).toEqual([{ title: 'New message from Grace', body: '<b>Hello?</b>' }]);
  });
});

describe('the workbench on a phone', () => {
  it('shows the visitor as a view of its own with a way back to the conversation', async () => {
    server.lists.current = [makeThread()];
    server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hello?' })];
    const user = setupUser();
    const { container } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('Hello?');
    const workbench = container.querySelector('.ok-wb');
    // workbench.css puts the visitor in the conversation's place below 640 px while this class is on.
    expect(workbench).not.toHaveClass('ok-wb--profile');

    await user.click(screen.getByTestId('thread-profile'));
    expect(await screen.findByTestId('visitor-panel')).toBeInTheDocument();
    expect(workbench).toHaveClass('ok-wb--profile');

    await user.click(screen.getByTestId('visitor-panel-back'));
    await waitFor(() => expect(screen.queryByTestId('visitor-panel')).not.toBeInTheDocument());
    expect(workbench).not.toHaveClass('ok-wb--profile');
    expect(screen.getByTestId('thread-back')).toHaveAccessibleName('Back to the list');
  });
});
