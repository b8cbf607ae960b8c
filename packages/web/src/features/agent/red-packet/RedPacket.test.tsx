import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { findDialog, setupUser } from '../../kefu/shared/testUtils';
import { makeMessage, makeThread, NOW } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';

/* Red packets in the workbench (issue 21): the agent gives one and sees when the visitor opens it. */

const server = installWorkbenchServer();

const given = {
  kind: 'red_packet' as const,
  amount: '¥10',
  greeting: 'Sorry for the wait',
  code: 'SORRY10',
  url: 'https://shop.example.com/c',
  openedAt: null,
};

describe('red packets in the workbench', () => {
  it('gives a red packet, refusing one without a worth or with a bad address', async () => {
    server.lists.current = [makeThread({ seq: 1 })];
    server.history['t-1'] = [makeMessage({ seq: 1, content: 'It came broken' })];
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('It came broken');
    await user.click(screen.getByRole('button', { name: 'Give a red packet' }));
    const dialog = await findDialog();
    await user.type(within(dialog).getByLabelText('Where to use it (http or https)'), 'ftp://shop');
    await user.click(within(dialog).getByRole('button', { name: 'Give' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Enter an http or https address, or leave it empty'),
    ).toBeInTheDocument();
    expect(socket.sent('message:send')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Worth'), '¥10');
    await user.type(within(dialog).getByLabelText('Greeting'), 'Sorry for the wait');
    await user.type(within(dialog).getByLabelText('Code to redeem'), 'SORRY10');
    const url = within(dialog).getByLabelText('Where to use it (http or https)');
    await user.clear(url);
    await user.type(url, 'https://shop.example.com/c');
    await user.click(within(dialog).getByRole('button', { name: 'Give' }));
    await waitFor(() =>
      expect(socket.sent('message:send')).toEqual([
        expect.objectContaining({
          tid: 't-1',
          type: 'red_packet',
          redPacket: {
            amount: '¥10',
            greeting: 'Sorry for the wait',
            code: 'SORRY10',
            url: 'https://shop.example.com/c',
          },
        }),
      ]),
    );
    // Shown at once as it will be stored: not opened yet.
    expect(await screen.findByTestId('message-red-packet-state')).toHaveTextContent('Not opened yet');
  });

  it('shows when the visitor opened it', async () => {
    server.lists.current = [makeThread({ seq: 1 })];
    const message = makeMessage({
      seq: 1,
      mid: 'm-red',
      type: 'red_packet',
      content: '',
      sender: { kind: 'agent', id: 'u-me', nickname: 'Me', avatar: '' },
      card: given,
    });
    server.history['t-1'] = [message];
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const card = await screen.findByTestId('message-red-packet');
    expect(card).toHaveTextContent('¥10');
    expect(card).toHaveTextContent('Code: SORRY10');
    expect(within(card).getByTestId('message-red-packet-state')).toHaveTextContent('Not opened yet');
    socket.push('message', { ...message, card: { ...given, openedAt: NOW } });
    await waitFor(() =>
      expect(screen.getByTestId('message-red-packet-state')).toHaveTextContent(
        /^Opened \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/,
      ),
    );
  });
});
