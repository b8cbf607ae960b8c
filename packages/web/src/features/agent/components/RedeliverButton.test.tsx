import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse } from '../../../shared/testing/renderWithProviders';
import { makeAgentMessage, makeMessage, makeThread } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';

const server = installWorkbenchServer();

const failed = makeAgentMessage({
  seq: 2,
  content: 'Here is the invoice',
  delivery: { state: 'failed', error: 'HTTP 503' },
});

const openWhatsApp = (messages: Message[]) => {
  const all = [makeMessage({ seq: 1, content: 'Where is my invoice?' }), ...messages];
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

/** Holds POST /api/message/redeliver until the test answers it; everything else goes to the stub server. */
const holdRedeliver = () => {
  const served = globalThis.fetch;
  let answer: (response: Response) => void = () => undefined;
  const held = new Promise<Response>((resolve) => {
    answer = resolve;
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const promise = served(input, init);
    return String(input).includes('/api/message/redeliver') ? promise.then(() => held) : promise;
  });
  return { answer: (response: Response) => answer(response) };
};

describe('trying a failed delivery again', () => {
  it('asks the server once, stays disabled meanwhile, and gives way to the pushed delivery', async () => {
    openWhatsApp([failed]);
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    const row = await rowOf('Here is the invoice');
    const held = holdRedeliver();
    const user = userEvent.setup();

    const button = within(row).getByRole('button', { name: /Try again/ });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(server.posts('/api/message/redeliver').map((request) => request.body)).toEqual([
      { tid: 't-1', mid: 'm-2' },
    ]);

    // Answered (without a delivery): still busy until the server's push shows the new attempt.
    held.answer(jsonResponse({ ...failed, delivery: undefined }));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(within(row).getByRole('button', { name: /Try again/ })).toBeDisabled();
    expect(within(row).getByTestId('message-delivery')).toHaveAttribute('data-delivery', 'failed');

    socket.push('message', { ...failed, delivery: { state: 'pending', error: '' } });
    await waitFor(() =>
      expect(within(row).getByTestId('message-delivery')).toHaveAttribute('data-delivery', 'pending'),
    );
    expect(within(row).queryByRole('button', { name: /Try again/ })).toBeNull();
    expect(within(row).queryByTestId('message-delivery-failure')).toBeNull();

    // Failed once more: offered again.
    socket.push('message', { ...failed, delivery: { state: 'failed', error: 'HTTP 503' } });
    expect(await within(row).findByRole('button', { name: /Try again/ })).toBeEnabled();
  });

  it("shows the server's reason when it refuses, and lets the agent try again", async () => {
    openWhatsApp([failed]);
    server.answer = (request) =>
      request.path === '/api/message/redeliver'
        ? new Response(
            JSON.stringify({
              message: 'The delivery of this message has not failed',
              status_code: 409,
              data: null,
            }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          )
        : undefined;
    renderWorkbench({ path: '/agent/t-1' });
    const row = await rowOf('Here is the invoice');
    const user = userEvent.setup();

    await user.click(within(row).getByRole('button', { name: /Try again/ }));
    expect(await screen.findByText('The delivery of this message has not failed')).toBeInTheDocument();
    expect(screen.getByText('The message could not be sent again')).toBeInTheDocument();
    await waitFor(() => expect(within(row).getByRole('button', { name: /Try again/ })).toBeEnabled());
  });

  it('is offered only for a failed delivery, in the reader’s language', async () => {
    await changeLanguage('zh-CN');
    openWhatsApp([
      makeAgentMessage({ seq: 2, content: '稍等', delivery: { state: 'pending', error: '' } }),
      makeAgentMessage({ seq: 3, content: '已发货', delivery: { state: 'sent', error: '' } }),
      makeAgentMessage({ seq: 4, content: '在吗', delivery: { state: 'failed', error: 'window_closed:24' } }),
    ]);
    renderWorkbench({ path: '/agent/t-1' });

    expect(within(await rowOf('在吗')).getByRole('button', { name: /重新投递/ })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /重新投递/ })).toHaveLength(1);
  });
});
