import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { findDialog, setupUser } from '../../kefu/shared/testUtils';
import { makeAgentMessage, makeMessage, makeThread, makeVisitor } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';

const server = installWorkbenchServer();

const openThread = (messages = [makeMessage({ seq: 1, content: 'Hi, anyone there?' })]) => {
  const thread = makeThread({ seq: messages.length });
  server.lists.current = [thread];
  server.history['t-1'] = messages;
  return thread;
};

const system = { kind: 'system' as const, id: '', nickname: '', avatar: '' };

const composer = () => screen.findByRole('textbox', { name: 'Message' });

describe('the conversation', () => {
  it("shows a visitor's HTML as text, never as markup", async () => {
    const html = '<img src=x onerror="alert(1)"><b>bold?</b>';
    openThread([
      makeMessage({ seq: 1, content: html }),
      makeAgentMessage({ seq: 2, content: '<i>reply</i>' }),
    ]);

    renderWorkbench({ path: '/agent/t-1' });

    const list = await screen.findByTestId('message-list');
    expect(await within(list).findByText(html)).toBeInTheDocument();
    expect(within(list).getByText('<i>reply</i>')).toBeInTheDocument();
    expect(list.querySelector('b, i, img[src="x"]')).toBeNull();
  });

  it('renders notifications as centred lines in the chosen language, images and files as media', async () => {
    openThread([
      makeMessage({ seq: 1, type: 'notification_queue_accept', content: 'Bob', sender: system }),
      makeMessage({
        seq: 4,
        type: 'notification_agent_close',
        content: 'Thanks for visiting!',
        sender: system,
      }),
      makeMessage({
        seq: 2,
        type: 'image',
        content: '',
        imageUrl: '/files/a.png',
        thumbUrl: '/files/a-thumb.png',
        fileName: 'a.png',
      }),
      makeMessage({
        seq: 3,
        type: 'file',
        content: '',
        fileUrl: '/files/report.pdf',
        fileName: 'report.pdf',
        fileSize: 2048,
      }),
    ]);

    renderWorkbench({ path: '/agent/t-1' });

    const notice = await screen.findByText('Bob accepted the conversation from the queue');
    expect(notice).toHaveAttribute('role', 'note');
    const closed = screen.getByText('The agent closed the conversation');
    expect(within(closed).getByText('Thanks for visiting!')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'a.png' })).toHaveAttribute('src', '/files/a-thumb.png');
    const download = screen.getByRole('link', { name: 'Download report.pdf' });
    expect(download).toHaveAttribute('href', '/files/report.pdf');
    expect(screen.getByText('2 KB')).toBeInTheDocument();
  });

  it('loads earlier messages with beforeSeq', async () => {
    const messages = Array.from({ length: 35 }, (_, index) =>
      makeMessage({ seq: index + 1, content: `message ${index + 1}` }),
    );
    openThread(messages);
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await screen.findByText('message 35');
    expect(screen.queryByText('message 5')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));

    expect(await screen.findByText('message 5')).toBeInTheDocument();
    const pages = server.requests.filter((r) => r.path === '/api/message/history');
    expect(new URLSearchParams(pages[pages.length - 1].search).get('beforeSeq')).toBe('6');
    expect(screen.getByText('Beginning of the conversation')).toBeInTheDocument();
  });

  it('marks what the visitor sent as read', async () => {
    openThread([makeMessage({ seq: 1 }), makeMessage({ seq: 2, content: 'Still there?' })]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });

    await screen.findByText('Still there?');
    await waitFor(() =>
      expect(socket.sent('message:receipt')).toEqual([{ tid: 't-1', seq: 2, status: 'read' }]),
    );
  });

  it("shows the visitor's typing preview when the preview setting is on", async () => {
    openThread();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('Hi, anyone there?');

    socket.push('typing', { tid: 't-1', preview: 'Do you ship to', by: 'visitor' });

    expect(await screen.findByText('The visitor is typing: Do you ship to')).toBeInTheDocument();
  });
});

describe('the composer', () => {
  it('sends on Enter, shows the stored message with its mark and clears the input', async () => {
    openThread();
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();

    await user.type(input, 'Sure, how can I help?{Enter}');

    expect(socket.sent('message:send')).toEqual([
      expect.objectContaining({
        tid: 't-1',
        type: 'text',
        content: 'Sure, how can I help?',
        localId: expect.any(String),
      }),
    ]);
    expect(input).toHaveValue('');
    const sent = await screen.findByText('Sure, how can I help?');
    const row = sent.closest('[data-testid="message"]') as HTMLElement;
    await waitFor(() =>
      expect(within(row).getByTestId('message-status')).toHaveAttribute('data-status', 'stored'),
    );
    // Throttled to one a second, so a slow typist sends more than one; agents' carry no preview.
    const typing = socket.sent('typing');
    expect(typing.length).toBeGreaterThan(0);
    expect(
      typing.every((event) => JSON.stringify(event) === JSON.stringify({ tid: 't-1', preview: '' })),
    ).toBe(true);
  });

  it('starts a new line on Shift+Enter instead of sending', async () => {
    openThread();
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();

    await user.type(input, 'line one{Shift>}{Enter}{/Shift}line two');

    expect(input).toHaveValue('line one\nline two');
    expect(socket.sent('message:send')).toEqual([]);
  });

  it('does not send an empty message', async () => {
    openThread();
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();

    await user.type(input, '   {Enter}');

    expect(socket.sent('message:send')).toEqual([]);
    expect(screen.getByTestId('composer-send')).toBeDisabled();
  });

  it('offers a resend when the server refuses the message, reusing its localId', async () => {
    openThread();
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    socket.responders['message:send'] = () => ({ ok: false, status: 429, message: 'Slow down' });
    const input = await composer();

    await user.type(input, 'Hello{Enter}');
    expect(await screen.findByText('Slow down')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    const [first, second] = socket.sent('message:send') as { localId: string }[];
    expect(second.localId).toBe(first.localId);
  });

  it('inserts an emoji from the built-in set', async () => {
    openThread();
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();

    await user.click(screen.getByRole('button', { name: 'Emoji' }));
    await user.click(await screen.findByRole('option', { name: '👍' }));

    expect(input).toHaveValue('👍');
  });
});

describe('conversation actions', () => {
  it('closes with the summary and category the agent wrote', async () => {
    const thread = openThread();
    server.answer = (request) =>
      request.path === '/api/thread/close'
        ? jsonResponse({ ...thread, status: 'closed', closedAt: Date.now(), updatedAt: Date.now() })
        : undefined;
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByTestId('thread-close'));
    const dialog = await findDialog();
    await user.type(within(dialog).getByLabelText('Category'), 'Shipping');
    await user.type(
      within(dialog).getByLabelText('Summary'),
      'Asked about delivery times; sent the tracking link.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));

    await waitFor(() =>
      expect(server.posts('/api/thread/close').map((r) => r.body)).toEqual([
        { tid: 't-1', category: 'Shipping', summary: 'Asked about delivery times; sent the tracking link.' },
      ]),
    );
    expect(await screen.findByText('This conversation is closed.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('closes without a summary when none is written', async () => {
    const thread = openThread();
    server.answer = (request) =>
      request.path === '/api/thread/close'
        ? jsonResponse({ ...thread, status: 'closed', updatedAt: Date.now() })
        : undefined;
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByTestId('thread-close'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Close conversation' }));

    await waitFor(() =>
      expect(server.posts('/api/thread/close').map((r) => r.body)).toEqual([{ tid: 't-1' }]),
    );
  });

  it('asks for a transfer target before sending the transfer', async () => {
    openThread();
    server.transferTargets = [
      { uid: 'u-bob', nickname: 'Bob', avatar: '', status: 'online', load: 1, maxThreadCount: 5 },
    ];
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByTestId('thread-transfer'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Pick the agent to transfer to')).toBeInTheDocument();
    expect(server.posts('/api/thread/transfer')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: 'A skill group' }));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Pick the skill group to transfer to')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'An agent' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    const options = await screen.findAllByText('Bob');
    await user.click(options[options.length - 1]);
    await user.type(within(dialog).getByLabelText('Note for the colleague'), 'Wants a refund');
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));

    await waitFor(() =>
      expect(server.posts('/api/thread/transfer').map((r) => r.body)).toEqual([
        { tid: 't-1', uid: 'u-bob', note: 'Wants a refund' },
      ]),
    );
    const asked = server.requests.filter((r) => r.path === '/api/thread/transfer/targets');
    expect(asked.map((r) => new URLSearchParams(r.search).get('tid'))).toContain('t-1');
  });

  it("shows each colleague's load and limit, and a colleague at the limit cannot be picked", async () => {
    openThread();
    server.transferTargets = [
      { uid: 'u-bob', nickname: 'Bob', avatar: '', status: 'online', load: 3, maxThreadCount: 5 },
      { uid: 'u-carol', nickname: 'Carol', avatar: '', status: 'busy', load: 5, maxThreadCount: 5 },
      { uid: 'u-dan', nickname: 'Dan', avatar: '', status: 'online', load: 2, maxThreadCount: 0 },
      { uid: 'u-eve', nickname: 'Eve', avatar: '', status: 'offline', load: 0, maxThreadCount: 5 },
    ];
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByTestId('thread-transfer'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('combobox', { name: 'Agent' }));
    const targets = await screen.findAllByTestId('transfer-target');
    expect(targets.map((target) => target.textContent)).toEqual([
      'Bob3 / 5',
      'Carol5 / 5 · At the limit',
      'Dan2 / no limit',
    ]);
    const carol = targets[1].closest('.ant-select-item-option') as HTMLElement;
    expect(carol).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(carol).getByText('Carol'));
    await user.click(within(dialog).getByRole('button', { name: 'Transfer' }));
    expect(await within(dialog).findByText('Pick the agent to transfer to')).toBeInTheDocument();
    expect(server.posts('/api/thread/transfer')).toEqual([]);
  });

  it('invites the visitor to rate and shows the invitation in the conversation', async () => {
    openThread();
    server.answer = (request) =>
      request.path === '/api/thread/rate/invite'
        ? jsonResponse(makeMessage({ seq: 2, type: 'notification_invite_rate', content: '', sender: system }))
        : undefined;
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByTestId('thread-invite-rate'));

    expect(await screen.findByText('The visitor was invited to rate the conversation')).toBeInTheDocument();
    expect(server.posts('/api/thread/rate/invite').map((r) => r.body)).toEqual([{ tid: 't-1' }]);
  });

  it("shows the visitor's profile and saves the note", async () => {
    openThread();
    server.answer = (request) =>
      request.path === '/api/visitor/note'
        ? jsonResponse(makeVisitor({ note: (request.body as { note: string }).note }))
        : undefined;
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByRole('button', { name: 'Visitor details' }));
    const panel = await screen.findByTestId('visitor-panel');
    expect(within(panel).getByText('203.0.113.9')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'https://shop.example.com/pricing' })).toBeInTheDocument();
    const note = within(panel).getByRole('textbox', { name: 'Note' });
    await user.clear(note);
    await user.type(note, 'Call back on Monday');
    await user.click(within(panel).getByRole('button', { name: 'Save note' }));

    await waitFor(() =>
      expect(server.posts('/api/visitor/note').map((r) => r.body)).toEqual([
        { vid: 'v-1', note: 'Call back on Monday' },
      ]),
    );
    expect(await screen.findByText('Note saved')).toBeInTheDocument();
  });
});

describe('live delivery', () => {
  it('shows a push that came before a missing one in seq order, and asks for the gap it left', async () => {
    openThread([makeMessage({ seq: 1, content: 'one' })]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('one');
    socket.responders['message:sync'] = (payload) => ({
      ok: true,
      data: {
        messages:
          (payload as { afterSeq: number }).afterSeq === 1 ? [makeMessage({ seq: 2, content: 'two' })] : [],
        hasMore: false,
      },
    });

    socket.push('message', makeMessage({ seq: 3, content: 'three' }));
    await screen.findByText('three');
    expect(socket.sent('message:sync')).toEqual([]);

    await waitFor(() => expect(socket.sent('message:sync')).toEqual([{ tid: 't-1', afterSeq: 1 }]));
    await screen.findByText('two');
    const rows = screen.getAllByTestId('message').map((row) => row.getAttribute('data-seq'));
    expect(rows).toEqual(['1', '2', '3']);
  });

  it('does not ask when the late push fills the gap in time, nor twice for a gap the server cannot fill', async () => {
    openThread([makeMessage({ seq: 1, content: 'one' })]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('one');

    socket.push('message', makeMessage({ seq: 3, content: 'three' }));
    socket.push('message', makeMessage({ seq: 2, content: 'two' }));
    await screen.findByText('two');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(socket.sent('message:sync')).toEqual([]);

    // seq 5 never comes: one sync (answered with nothing), then no more for the same gap.
    socket.push('message', makeMessage({ seq: 6, content: 'six' }));
    socket.push('message', makeMessage({ seq: 4, content: 'four' }));
    await waitFor(() => expect(socket.sent('message:sync')).toEqual([{ tid: 't-1', afterSeq: 4 }]));
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(socket.sent('message:sync')).toHaveLength(1);
  });

  it("marks the agent's own messages delivered, then read, from the visitor's receipts", async () => {
    openThread([makeMessage({ seq: 1 }), makeAgentMessage({ seq: 2, content: 'How can I help?' })]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const row = (await screen.findByText('How can I help?')).closest(
      '[data-testid="message"]',
    ) as HTMLElement;
    const mark = () => within(row).getByTestId('message-status');
    expect(mark()).toHaveAttribute('data-status', 'stored');
    expect(mark()).toHaveAccessibleName('Sent');

    socket.push('receipt', { tid: 't-1', seq: 2, status: 'received', by: 'visitor' });
    await waitFor(() => expect(mark()).toHaveAttribute('data-status', 'received'));
    expect(mark()).toHaveAccessibleName('Delivered');

    socket.push('receipt', { tid: 't-1', seq: 2, status: 'read', by: 'visitor' });
    await waitFor(() => expect(mark()).toHaveAccessibleName('Read'));
  });

  it('keeps a receipt that arrives before the ack of the message it covers', async () => {
    openThread([makeMessage({ seq: 1 })]);
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    let answer: ((response: unknown) => void) | undefined;
    const emit = socket.emit;
    socket.emit = (event, payload, ack) => {
      if (event !== 'message:send') return emit(event, payload, ack);
      socket.emitted.push({ event, payload });
      answer = ack;
    };

    await user.type(await composer(), 'Quick question{Enter}');
    await waitFor(() => expect(answer).toBeDefined());
    socket.push('receipt', { tid: 't-1', seq: 2, status: 'read', by: 'visitor' });
    const stored = {
      ...makeAgentMessage({ mid: 'm-2', seq: 2, content: 'Quick question' }),
      localId: (socket.sent('message:send')[0] as { localId: string }).localId,
    };
    act(() => answer?.({ ok: true, data: stored }));

    const row = (await screen.findByText('Quick question')).closest('[data-testid="message"]') as HTMLElement;
    await waitFor(() =>
      expect(within(row).getByTestId('message-status')).toHaveAttribute('data-status', 'read'),
    );
  });
});

describe('what the visitor supplied', () => {
  const hostile = '<img src=x onerror=alert(1)>';

  it('shows a hostile visitor name as text in the list and the conversation header, never as an element', async () => {
    const thread = makeThread({ visitor: { vid: 'v-1', nickname: hostile, avatar: '', client: 'web' } });
    server.lists.current = [thread];
    server.history['t-1'] = [
      makeMessage({ seq: 1, sender: { kind: 'visitor', id: 'v-1', nickname: hostile, avatar: '' } }),
    ];
    renderWorkbench({ path: '/agent/t-1' });

    const conversation = await screen.findByTestId('conversation');
    expect(within(conversation).getByRole('heading', { name: hostile })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Current' });
    expect(within(list).getAllByText(hostile).length).toBeGreaterThan(0);
    expect(document.querySelector('img[src="x"], img[onerror]')).toBeNull();
    expect(document.body.innerHTML).not.toContain(hostile);
  });

  it("shows the visitor's client in the reader's language", async () => {
    openThread();
    const thread = makeThread({
      visitor: { vid: 'v-1', nickname: 'Grace', avatar: '', client: 'wechat_mini' },
    });
    server.lists.current = [thread];
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    const conversation = await screen.findByTestId('conversation');
    expect(await within(conversation).findByText('WeChat mini program')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Visitor details' }));
    const panel = await screen.findByTestId('visitor-panel');
    expect(within(panel).getByText('Web')).toBeInTheDocument();
    expect(within(panel).queryByText('web')).toBeNull();
  });
});
