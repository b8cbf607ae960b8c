import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { i18n, WORKBENCH_NS } from '../i18n';
import { makeMessage, makeThread } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';
import { formatWindowLeft, ReplyWindowNotice } from './ReplyWindowNotice';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('formatWindowLeft', () => {
  const t = i18n.getFixedT('en-US', WORKBENCH_NS);

  it('counts whole minutes, rounded up', () => {
    expect(formatWindowLeft(72 * MINUTE, t)).toBe('1 h 12 min');
    expect(formatWindowLeft(71 * MINUTE + 1, t)).toBe('1 h 12 min');
    expect(formatWindowLeft(2 * HOUR, t)).toBe('2 h');
    expect(formatWindowLeft(45 * MINUTE, t)).toBe('45 min');
    expect(formatWindowLeft(5_000, t)).toBe('1 min');
  });
});

describe('ReplyWindowNotice', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-15T09:30:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const notice = () => screen.queryByTestId('reply-window');

  it('says nothing while the window is long, counts down once it is short, and says when it has closed', () => {
    render(<ReplyWindowNotice replyUntil={Date.now() + 2 * HOUR + 30_000} client="whatsapp" />);
    expect(notice()).toBeNull();

    act(() => vi.advanceTimersByTime(30_000));
    expect(notice()).toHaveAttribute('data-state', 'closing');
    expect(notice()).toHaveTextContent('The customer’s WhatsApp window closes in 2 h');

    act(() => vi.advanceTimersByTime(48 * MINUTE));
    expect(notice()).toHaveTextContent('The customer’s WhatsApp window closes in 1 h 12 min');
    expect(notice()).toHaveTextContent(
      'After that, replies are not delivered until the customer writes again.',
    );

    act(() => vi.advanceTimersByTime(72 * MINUTE - 1_000));
    expect(notice()).toHaveTextContent('closes in 1 min');

    act(() => vi.advanceTimersByTime(1_000));
    expect(notice()).toHaveAttribute('data-state', 'closed');
    expect(notice()).toHaveTextContent('The customer’s WhatsApp window has closed');
    expect(notice()).toHaveTextContent(
      'Replies you send now will not be delivered until the customer writes again.',
    );
  });

  it('goes away when the customer writes and the window moves on', () => {
    const { rerender } = render(<ReplyWindowNotice replyUntil={Date.now() - MINUTE} client="wechat_mp" />);
    expect(notice()).toHaveTextContent('The customer’s WeChat official account window has closed');

    rerender(<ReplyWindowNotice replyUntil={Date.now() + 48 * HOUR} client="wechat_mp" />);
    expect(notice()).toBeNull();

    // …and comes back as the renewed window runs short.
    act(() => vi.advanceTimersByTime(47 * HOUR));
    expect(notice()).toHaveTextContent('closes in 1 h');
  });

  it('shows nothing where the platform sets no limit', () => {
    render(<ReplyWindowNotice replyUntil={undefined} client="email" />);
    act(() => vi.advanceTimersByTime(HOUR));
    expect(notice()).toBeNull();
  });
});

describe('the reply window in the conversation', () => {
  const server = installWorkbenchServer();

  it('warns above the composer, which stays usable, and clears when a thread:update renews the window', async () => {
    const thread = makeThread({
      client: 'whatsapp',
      visitor: { vid: 'v-1', nickname: 'Visitor 1', avatar: '', client: 'whatsapp' },
      replyUntil: Date.now() - 5 * MINUTE,
    });
    server.lists.current = [thread];
    server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hello?' })];
    const { socket } = renderWorkbench({ path: '/agent/t-1' });

    const warning = await screen.findByTestId('reply-window');
    expect(warning).toHaveTextContent('The customer’s WhatsApp window has closed');
    const conversation = screen.getByTestId('conversation');
    const input = within(conversation).getByRole('textbox', { name: 'Message' });
    expect(input).toBeEnabled();
    // Above the composer: the agent reads it before writing.
    expect(warning.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    socket.push('thread:update', {
      ...thread,
      replyUntil: Date.now() + 24 * HOUR,
      updatedAt: thread.updatedAt + 1,
    });
    await waitFor(() => expect(screen.queryByTestId('reply-window')).toBeNull());

    socket.push('thread:update', {
      ...thread,
      replyUntil: Date.now() + 30 * MINUTE,
      updatedAt: thread.updatedAt + 2,
    });
    expect(await screen.findByText('The customer’s WhatsApp window closes in 30 min')).toBeInTheDocument();
  });
});
