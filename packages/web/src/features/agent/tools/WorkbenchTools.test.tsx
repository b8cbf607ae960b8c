import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Cuw, Tag } from '@openkefu/contract';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { setupUser } from '../../kefu/shared/testUtils';
import { makeMessage, makeThread } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';
import { matchQuickReplies, slashKeywordOf } from './quickReplies';

const server = installWorkbenchServer();

const makeReply = (overrides: Partial<Cuw>): Cuw => ({
  cid: 'c-1',
  scope: 'mine',
  name: 'Greeting',
  content: 'Hello, how can I help?',
  shortCut: 'hi',
  count: 0,
  category: null,
  editable: true,
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

const replies = [
  makeReply({ cid: 'c-hi', name: 'Greeting', content: 'Hello, how can I help?', shortCut: 'hi' }),
  makeReply({
    cid: 'c-ship',
    scope: 'company',
    name: 'Shipping times',
    content: 'We ship within 2 days.',
    shortCut: 'ship',
  }),
  makeReply({ cid: 'c-hours', scope: 'platform', name: 'Hours', content: 'Open 9 to 6.', shortCut: '' }),
];

const makeTag = (overrides: Partial<Tag>): Tag => ({
  tgid: 'g-1',
  name: 'Refund',
  color: '#ff0000',
  type: 'thread',
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

const openThread = () => {
  server.lists.current = [makeThread({ seq: 1 })];
  server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hi there' })];
};

const serveTools = (options: { replies?: Cuw[] } = {}) => {
  server.answer = (request) => {
    if (request.path === '/api/cuw/all') return jsonResponse(options.replies ?? replies);
    if (request.path === '/api/cuw/use') return jsonResponse(replies[0]);
    if (request.path === '/api/tag/all')
      return jsonResponse(
        request.search.includes('type=visitor')
          ? [makeTag({ tgid: 'g-vip', name: 'VIP', type: 'visitor' })]
          : [makeTag({ tgid: 'g-refund', name: 'Refund' }), makeTag({ tgid: 'g-bug', name: 'Bug' })],
      );
    if (request.path === '/api/thread/tags' && request.method === 'GET') return jsonResponse([]);
    if (request.path === '/api/visitor/tags' && request.method === 'GET') return jsonResponse([]);
    if (request.path === '/api/thread/tags' && request.method === 'POST')
      return jsonResponse([{ tgid: 'g-bug', name: 'Bug', color: '#ff0000', type: 'thread' }]);
    return undefined;
  };
};

const composer = () => screen.findByRole('textbox', { name: 'Message' });

describe('quick-reply matching', () => {
  it('reads the keyword only from "/" at the start with no space after', () => {
    expect(slashKeywordOf('/')).toBe('');
    expect(slashKeywordOf('/sh')).toBe('sh');
    expect(slashKeywordOf('/sh now')).toBeNull();
    expect(slashKeywordOf('a /sh')).toBeNull();
  });

  it('ranks shortcut prefixes first, then titles, then contains; content only for the search', () => {
    expect(matchQuickReplies(replies, 'h').map((reply) => reply.cid)).toEqual(['c-hi', 'c-hours', 'c-ship']);
    expect(matchQuickReplies(replies, 'SHIP').map((reply) => reply.cid)).toEqual(['c-ship']);
    expect(matchQuickReplies(replies, 'days')).toEqual([]);
    expect(matchQuickReplies(replies, 'days', true).map((reply) => reply.cid)).toEqual(['c-ship']);
  });
});

describe('the "/" menu in the composer', () => {
  it('lists matching replies as the agent types and inserts the chosen one with the keyboard', async () => {
    openThread();
    serveTools();
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();

    await user.type(input, '/');
    const list = await screen.findByRole('listbox', { name: 'Quick replies matching what you typed' });
    expect(within(list).getAllByRole('option')).toHaveLength(3);

    await user.type(input, 'sh');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
    expect(within(list).getByRole('option')).toHaveTextContent('Shipping times');

    await user.clear(input);
    await user.type(input, '/h');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Enter}');

    expect(input).toHaveValue('Open 9 to 6.');
    expect(screen.queryByTestId('slash-menu')).toBeNull();
    // Enter chose the reply; nothing was sent.
    expect(socket.sent('message:send')).toEqual([]);
    await waitFor(() =>
      expect(server.posts('/api/cuw/use').map((request) => request.body)).toEqual([{ cid: 'c-hours' }]),
    );

    await user.keyboard('{Enter}');
    expect(socket.sent('message:send')).toEqual([expect.objectContaining({ content: 'Open 9 to 6.' })]);
  });

  it('inserts a reply clicked in the menu, closes on Escape and says when nothing matches', async () => {
    openThread();
    serveTools();
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();

    await user.type(input, '/zzz');
    expect(await screen.findByText('No quick reply matches "zzz"')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('slash-menu')).toBeNull();

    await user.clear(input);
    await user.type(input, '/hi');
    const option = await screen.findByRole('option', { name: /Greeting/ });
    await user.pointer({ keys: '[MouseLeft>]', target: option });

    expect(input).toHaveValue('Hello, how can I help?');
    await waitFor(() => expect(server.posts('/api/cuw/use')).toHaveLength(1));
  });

  it('says so when the agent has no quick replies yet', async () => {
    openThread();
    serveTools({ replies: [] });
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.type(await composer(), '/');

    expect(
      await screen.findByText('No quick replies yet. Add them under Customer service → Quick replies.'),
    ).toBeInTheDocument();
  });
});

describe('the quick-reply button', () => {
  it('searches replies by title, shortcut or content and inserts at the caret', async () => {
    openThread();
    serveTools();
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });
    const input = await composer();
    await user.type(input, 'Note: ');

    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    const picker = await screen.findByTestId('quick-reply-picker');
    expect(await within(picker).findByText('Greeting')).toBeInTheDocument();
    await user.type(within(picker).getByRole('searchbox', { name: 'Search quick replies' }), 'days');
    await waitFor(() => expect(within(picker).queryByText('Greeting')).toBeNull());
    await user.click(within(picker).getByText('Shipping times'));

    expect(input).toHaveValue('Note: We ship within 2 days.');
    await waitFor(() =>
      expect(server.posts('/api/cuw/use').map((request) => request.body)).toEqual([{ cid: 'c-ship' }]),
    );
  });
});

describe('tags in the visitor panel', () => {
  it('applies tags to the conversation and saves them at once', async () => {
    openThread();
    serveTools();
    const user = setupUser();
    renderWorkbench({ path: '/agent/t-1' });

    await user.click(await screen.findByRole('button', { name: 'Visitor details' }));
    const panel = await screen.findByTestId('workbench-tags');
    const select = await within(panel).findByLabelText('Conversation tags');
    await waitFor(() => expect(select).not.toBeDisabled());
    await user.click(select);
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (element) => element.textContent === 'Bug',
      );
      if (!found) throw new Error('no Bug option');
      return found;
    });
    await user.click(option);

    await waitFor(() =>
      expect(server.posts('/api/thread/tags').map((request) => request.body)).toEqual([
        { tid: 't-1', tags: ['g-bug'] },
      ]),
    );
    expect(within(panel).getByLabelText('Visitor tags')).toBeInTheDocument();
  });
});
