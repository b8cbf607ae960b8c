import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Message } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { makeAgentMessage, makeMessage, makeThread } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';

const server = installWorkbenchServer();

const robot = { kind: 'robot' as const, id: 'u-robot', nickname: 'Robo', avatar: '' };

/** A WhatsApp conversation with these messages after the customer's first one. */
const openWhatsApp = (messages: Message[]) => {
  const all = [makeMessage({ seq: 1, content: 'Hi, is my order on its way?' }), ...messages];
  server.lists.current = [
    makeThread({
      client: 'whatsapp',
      visitor: { vid: 'v-1', nickname: 'Visitor 1', avatar: '', client: 'whatsapp' },
      seq: all.length,
    }),
  ];
  server.history['t-1'] = all;
};

const rowOf = async (text: string): Promise<HTMLElement> =>
  (await screen.findByText(text)).closest('[data-testid="message"]') as HTMLElement;

const deliveryIn = (row: HTMLElement) => within(row).getByTestId('message-delivery');

describe("delivery to the customer's channel", () => {
  it('shows each state beside the receipts: on its way, retrying, delivered, failed and why', async () => {
    openWhatsApp([
      makeAgentMessage({ seq: 2, content: 'Checking', delivery: { state: 'pending', error: '' } }),
      makeAgentMessage({ seq: 3, content: 'One moment', delivery: { state: 'pending', error: 'HTTP 500' } }),
      makeAgentMessage({ seq: 4, content: 'It ships today', delivery: { state: 'sent', error: '' } }),
      makeAgentMessage({
        seq: 5,
        content: 'Anything else?',
        delivery: { state: 'failed', error: 'window_closed:24' },
      }),
      makeAgentMessage({
        seq: 6,
        content: 'Here is the invoice',
        delivery: { state: 'failed', error: 'Recipient phone number not in allowed list (131030)' },
      }),
    ]);
    renderWorkbench({ path: '/agent/t-1' });

    const pending = await rowOf('Checking');
    expect(deliveryIn(pending)).toHaveAttribute('data-delivery', 'pending');
    expect(within(pending).getByText('Sending to WhatsApp…')).toBeInTheDocument();
    // "Sent" (stored) would say less than the delivery, and contradict "sending".
    expect(within(pending).queryByTestId('message-status')).toBeNull();

    const retrying = await rowOf('One moment');
    expect(deliveryIn(retrying)).toHaveAttribute('data-delivery', 'retrying');
    expect(within(retrying).getByText('Retrying — HTTP 500')).toBeInTheDocument();

    const sent = await rowOf('It ships today');
    expect(within(sent).getByRole('img', { name: 'Delivered to WhatsApp' })).toBeInTheDocument();
    expect(within(sent).queryByTestId('message-delivery-failure')).toBeNull();

    const failed = await rowOf('Anything else?');
    expect(within(failed).getByRole('img', { name: 'Not delivered to WhatsApp' })).toBeInTheDocument();
    expect(within(failed).getByTestId('message-delivery-failure')).toHaveTextContent(
      'Not delivered: WhatsApp accepts replies only within 24 h of the customer’s last message; the customer has to write first.',
    );

    // The platform's own words are shown as they came.
    const refused = await rowOf('Here is the invoice');
    expect(within(refused).getByTestId('message-delivery-failure')).toHaveTextContent(
      'Not delivered: Recipient phone number not in allowed list (131030)',
    );
  });

  it("shows the robot's deliveries too, and translates the server's codes", async () => {
    openWhatsApp([
      makeMessage({
        seq: 2,
        sender: robot,
        content: 'Your order ships today.',
        delivery: { state: 'failed', error: 'disabled' },
      }),
      makeAgentMessage({
        seq: 3,
        content: 'Still there?',
        delivery: { state: 'failed', error: 'no_recipient' },
      }),
      makeAgentMessage({
        seq: 4,
        type: 'voice',
        content: '',
        fileUrl: '/uploads/a.amr',
        delivery: { state: 'failed', error: 'unsupported:voice' },
      }),
      makeAgentMessage({
        seq: 5,
        content: 'See the photo',
        delivery: { state: 'failed', error: 'media_missing' },
      }),
    ]);
    renderWorkbench({ path: '/agent/t-1' });

    await rowOf('See the photo');
    const reasons = screen.getAllByTestId('message-delivery-failure').map((node) => node.textContent);
    expect(reasons).toEqual([
      'Not delivered: The WhatsApp account is disabled.',
      'Not delivered: The WhatsApp account is no longer connected.',
      'Not delivered: Voice messages cannot be sent on WhatsApp.',
      'Not delivered: The attachment is no longer stored.',
    ]);
    const robotRow = await rowOf('Your order ships today.');
    expect(within(robotRow).getByRole('img', { name: 'Not delivered to WhatsApp' })).toBeInTheDocument();
  });

  it('speaks the reader’s language', async () => {
    await changeLanguage('zh-CN');
    openWhatsApp([
      makeAgentMessage({ seq: 2, content: '稍等', delivery: { state: 'pending', error: '' } }),
      makeAgentMessage({ seq: 3, content: '在吗', delivery: { state: 'failed', error: 'window_closed:24' } }),
    ]);
    renderWorkbench({ path: '/agent/t-1' });

    expect(within(await rowOf('稍等')).getByText('正在发送到 WhatsApp…')).toBeInTheDocument();
    expect(within(await rowOf('在吗')).getByTestId('message-delivery-failure')).toHaveTextContent(
      '未送达：WhatsApp 只接受客户最后一条消息后 24 小时内的回复，需等客户先发消息。',
    );
  });

  it('moves from pending to retrying to delivered as the server pushes the same message again', async () => {
    const message = makeAgentMessage({
      seq: 2,
      content: 'On its way',
      delivery: { state: 'pending', error: '' },
    });
    openWhatsApp([message]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const row = await rowOf('On its way');
    expect(deliveryIn(row)).toHaveAttribute('data-delivery', 'pending');

    socket.push('message', { ...message, delivery: { state: 'pending', error: 'HTTP 502' } });
    await waitFor(() => expect(deliveryIn(row)).toHaveAttribute('data-delivery', 'retrying'));
    expect(within(row).getByText('Retrying — HTTP 502')).toBeInTheDocument();

    socket.push('message', { ...message, delivery: { state: 'sent', error: '' } });
    await waitFor(() => expect(deliveryIn(row)).toHaveAttribute('data-delivery', 'sent'));
    expect(within(row).queryByText(/Retrying/)).toBeNull();
    expect(screen.getAllByTestId('message')).toHaveLength(2);

    // Where a channel reports receipts, they say more than "delivered".
    socket.push('receipt', { tid: 't-1', seq: 2, status: 'read', by: 'visitor' });
    await waitFor(() => expect(within(row).getByTestId('message-status')).toHaveAccessibleName('Read'));
    expect(within(row).queryByTestId('message-delivery')).toBeNull();
  });

  it('shows a failure pushed for a message the agent just sent', async () => {
    openWhatsApp([]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await screen.findByText('Hi, is my order on its way?');

    socket.push(
      'message',
      makeAgentMessage({ seq: 2, content: 'Hello?', delivery: { state: 'pending', error: '' } }),
    );
    const row = await rowOf('Hello?');
    socket.push(
      'message',
      makeAgentMessage({
        seq: 2,
        content: 'Hello?',
        delivery: { state: 'failed', error: 'window_closed:24' },
      }),
    );

    await waitFor(() => expect(deliveryIn(row)).toHaveAttribute('data-delivery', 'failed'));
    expect(within(row).getByTestId('message-delivery-failure')).toHaveTextContent(
      /customer has to write first/,
    );
  });

  it('shows nothing of the sort in a website conversation', async () => {
    server.lists.current = [makeThread()];
    server.history['t-1'] = [makeMessage({ seq: 1 }), makeAgentMessage({ seq: 2, content: 'Welcome' })];
    renderWorkbench({ path: '/agent/t-1' });

    const row = await rowOf('Welcome');
    expect(within(row).getByTestId('message-status')).toHaveAccessibleName('Sent');
    expect(within(row).queryByTestId('message-delivery')).toBeNull();
  });
});
