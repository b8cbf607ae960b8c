import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setupUser } from '../../kefu/shared/testUtils';
import { makeMessage, makeThread } from '../testing/fixtures';
import { installWorkbenchServer, renderWorkbench } from '../testing/renderWorkbench';

/* Calls in the workbench against the fake socket: ringing, declining, timeouts and refused devices. */

const server = installWorkbenchServer();

const ring = {
  callId: 'c-1',
  tid: 't-1',
  media: 'video',
  state: 'ringing',
  caller: 'visitor',
  callerName: 'Visitor 1',
  startedAt: 1,
  answeredAt: null,
  ringMs: 30_000,
  iceServers: [],
};

const openThread = () => {
  server.lists.current = [makeThread({ seq: 1 })];
  server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hi' })];
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('calls in the workbench', () => {
  it('shows an incoming call, notifies a hidden tab, and declines it', async () => {
    const shown: { title: string; body: string }[] = [];
    vi.stubGlobal(
      'Notification',
      Object.assign(
        function (this: unknown, title: string, options: { body: string }) {
          shown.push({ title, body: options.body });
        },
        { permission: 'granted' },
      ),
    );
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { socket } = renderWorkbench();
    socket.responders['call:reject'] = () => ({ ok: true, data: null });
    socket.push('call:ring', ring);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('agent-call-incoming')).toHaveTextContent(
      'Visitor 1 is calling (video)',
    );
    expect(shown).toEqual([{ title: 'Visitor 1 is calling (video)', body: 'Open the workbench to answer' }]);

    await setupUser().click(within(dialog).getByTestId('agent-call-reject'));
    expect(socket.sent('call:reject')).toEqual([{ callId: 'c-1' }]);
    await waitFor(() => expect(screen.queryByTestId('agent-call-incoming')).toBeNull());
  });

  it('closes the ring when nobody answered in time, saying so', async () => {
    const { socket } = renderWorkbench();
    socket.push('call:ring', ring);
    await screen.findByTestId('agent-call-incoming');
    socket.push('call:end', { callId: 'c-1', tid: 't-1', reason: 'timeout', by: 'system', durationMs: 0 });
    expect(await screen.findByText('Nobody answered the call.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('agent-call-incoming')).toBeNull());
  });

  it('calls the visitor of the open conversation; a refused camera is explained and nothing is sent', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    openThread();
    const { socket } = renderWorkbench({ path: '/agent/t-1' });
    await setupUser().click(await screen.findByTestId('agent-call-video'));
    expect(await screen.findByText(/did not allow the microphone or camera/)).toBeInTheDocument();
    expect(socket.sent('call:start')).toEqual([]);
  });

  it('offers no call buttons when the conversation’s skill group does not allow calls', async () => {
    server.lists.current = [makeThread({ seq: 1, allowCall: false })];
    server.history['t-1'] = [makeMessage({ seq: 1, content: 'Hi' })];
    renderWorkbench({ path: '/agent/t-1' });
    const list = await screen.findByTestId('message-list');
    expect(await within(list).findByText('Hi')).toBeInTheDocument();
    expect(screen.queryByTestId('agent-call-video')).toBeNull();
    expect(screen.queryByTestId('agent-call-voice')).toBeNull();
  });

  it('shows calls recorded in the conversation as lines in the agent’s language', async () => {
    const system = { kind: 'system' as const, id: '', nickname: '', avatar: '' };
    server.lists.current = [makeThread({ seq: 2 })];
    server.history['t-1'] = [
      makeMessage({
        seq: 1,
        type: 'notification_webrtc',
        sender: system,
        content: JSON.stringify({ callId: 'c', event: 'started', media: 'video', caller: 'visitor' }),
      }),
      makeMessage({
        seq: 2,
        type: 'notification_webrtc',
        sender: system,
        content: JSON.stringify({
          callId: 'c',
          event: 'ended',
          media: 'video',
          caller: 'visitor',
          reason: 'hangup',
          by: 'agent',
          durationMs: 65_000,
        }),
      }),
    ];
    renderWorkbench({ path: '/agent/t-1' });
    const list = await screen.findByTestId('message-list');
    expect(await within(list).findByText('The visitor started a video call')).toBeInTheDocument();
    expect(within(list).getByText('The video call ended after 1:05; the agent hung up')).toBeInTheDocument();
  });
});
