import { useEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createFakeSocket } from '../testing/fakeSocket';
import { ConsoleFeedProvider, useConsoleEvent } from './ConsoleFeed';

/** Shows whether the feed is live and every recharge push it was given. */
const Probe = () => {
  const subscribe = useConsoleEvent('recharge:update');
  const [seen, setSeen] = useState<string[]>([]);
  useEffect(
    () => subscribe?.((event) => setSeen((current) => [...current, `${event.orderNo}:${event.state}`])),
    [subscribe],
  );
  return (
    <>
      <p>{subscribe ? 'live' : 'polling'}</p>
      <p>seen {seen.join(',')}</p>
    </>
  );
};

describe('ConsoleFeedProvider', () => {
  it('subscribes while connected, drops malformed pushes, and tries again after the server closed it', async () => {
    const socket = createFakeSocket({ isConnected: false });
    const view = render(
      <ConsoleFeedProvider open={async () => socket} retryMs={20}>
        <Probe />
      </ConsoleFeedProvider>,
    );
    expect(screen.getByText('polling')).toBeInTheDocument();
    await waitFor(() => expect(socket.connectCalls).toBe(1));

    socket.reconnect();
    expect(await screen.findByText('live')).toBeInTheDocument();
    socket.push('recharge:update', { orderNo: 'R1', state: 'paid' });
    socket.push('recharge:update', { orderNo: 'R2', state: 'spent' });
    socket.push('recharge:update', { orderNo: 'R3', state: 'closed' });
    expect(screen.getByText('seen R1:paid,R3:closed')).toBeInTheDocument();

    // A network loss: socket.io-client comes back by itself, so no extra connect from the feed.
    socket.drop('transport close');
    expect(await screen.findByText('polling')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(socket.connectCalls).toBe(1);

    // The server closed it (a restart): the feed connects again itself.
    socket.reconnect();
    socket.drop('io server disconnect');
    await waitFor(() => expect(socket.connectCalls).toBe(2));
    socket.reconnect();
    expect(await screen.findByText('live')).toBeInTheDocument();

    view.unmount();
    expect(socket.connected).toBe(false);
  });

  it('keeps pages polling when the socket cannot be loaded', async () => {
    render(
      <ConsoleFeedProvider open={() => Promise.reject(new Error('chunk failed'))}>
        <Probe />
      </ConsoleFeedProvider>,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText('polling')).toBeInTheDocument();
  });
});
