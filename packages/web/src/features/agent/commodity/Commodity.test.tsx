import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { findDialog, setupUser } from '../../kefu/shared/testUtils';
import { makeMessage, makeThread, NOW } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';

/* Product cards in the workbench (issue 21): the visitor's pinned on top, the agent's sent back. */

const server = installWorkbenchServer();

const kettle = {
  kind: 'commodity' as const,
  title: 'Blue kettle',
  price: '¥129.00',
  image: '',
  url: 'https://shop.example.com/k',
};

const openThread = () => {
  server.lists.current = [makeThread({ seq: 3 })];
  server.history['t-1'] = [
    makeMessage({ seq: 1, content: 'Hi' }),
    makeMessage({ seq: 2, mid: 'm-2', type: 'commodity', content: '', card: kettle }),
    makeMessage({ seq: 3, mid: 'm-3', content: 'Is it in stock?' }),
  ];
};

describe('product cards in the workbench', () => {
  it('pins the product the visitor sent above the conversation', async () => {
    openThread();
    renderWorkbench({ path: '/agent/t-1' });
    const pinned = await screen.findByTestId('pinned-commodity');
    expect(pinned).toHaveTextContent('The visitor is looking at');
    expect(within(pinned).getByTestId('message-commodity')).toHaveAttribute('href', kettle.url);
    expect(pinned).toHaveTextContent('¥129.00');
  });

  it('pins the product the visitor’s page reported, and the next one when the page changes', async () => {
    const teapot = { ...kettle, title: 'Teapot', url: 'https://shop.example.com/t' };
    server.lists.current = [makeThread({ seq: 1, commodity: teapot })];
    server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hi' })];
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const pinned = await screen.findByTestId('pinned-commodity');
    expect(within(pinned).getByTestId('message-commodity')).toHaveAttribute('href', teapot.url);
    socket.push('thread:update', makeThread({ seq: 1, commodity: kettle, updatedAt: NOW + 1 }));
    await waitFor(() =>
      expect(within(screen.getByTestId('pinned-commodity')).getByTestId('message-commodity')).toHaveAttribute(
        'href',
        kettle.url,
      ),
    );
  });

  it('sends a product card back, refusing an address that is not http(s)', async () => {
    openThread();
    const user = setupUser();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('Is it in stock?');
    await user.click(screen.getByRole('button', { name: 'Send a product card' }));
    const dialog = await findDialog();
    await user.type(within(dialog).getByLabelText('Product name'), 'Red kettle');
    await user.type(within(dialog).getByLabelText('Price'), '¥99');
    await user.type(within(dialog).getByLabelText('Product page (http or https)'), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Enter an http or https address')).toBeInTheDocument();
    expect(socket.sent('message:send')).toEqual([]);

    const url = within(dialog).getByLabelText('Product page (http or https)');
    await user.clear(url);
    await user.type(url, 'https://shop.example.com/red');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(socket.sent('message:send')).toEqual([
        expect.objectContaining({
          tid: 't-1',
          type: 'commodity',
          commodity: { title: 'Red kettle', price: '¥99', image: '', url: 'https://shop.example.com/red' },
        }),
      ]),
    );
  });
});
