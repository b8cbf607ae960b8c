import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { jsonResponse } from '../../../app/testing/renderWithProviders';
import { page } from '../../kefu/shared/testFixtures';
import { findDialog, setupUser } from '../../kefu/shared/testUtils';
import { makeAgentMessage, makeMe, makeMessage, makeThread, makeVisitor } from '../testing/fixtures';
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
    expect(socket.sent('typing')).toEqual([{ tid: 't-1', preview: '' }]);
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
    const bob = makeMe({ uid: 'u-bob', username: 'bob', nickname: 'Bob', realName: '' });
    server.answer = (request) =>
      request.path === '/api/user/all/online' ? jsonResponse(page([makeMe(), bob])) : undefined;
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
    // Only colleagues: the signed-in agent is not offered as a target.
    expect(screen.queryAllByText('Alice Liddell')).toEqual([]);
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
