import { render } from 'preact';
import { act } from 'preact/test-utils';
import type { Socket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from '../i18n.js';
import { CallPanel } from './CallPanel.js';

/* The widget's call controls against a stand-in socket and microphone. */

type Listener = (payload: unknown) => void;

const fakeSocket = (answers: Record<string, unknown>) => {
  const listeners = new Map<string, Listener[]>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    on: (event: string, listener: Listener) =>
      listeners.set(event, [...(listeners.get(event) ?? []), listener]),
    off: (event: string, listener: Listener) =>
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((item) => item !== listener),
      ),
    timeout: () => ({
      emitWithAck: async (event: string, payload: unknown) => {
        emitted.push({ event, payload });
        return answers[event] ?? { ok: true, data: null };
      },
    }),
  };
  const push = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload);
  };
  return { socket: socket as unknown as Socket, emitted, push };
};

const call = {
  callId: 'c1',
  tid: 't1',
  media: 'video',
  state: 'ringing',
  caller: 'agent',
  callerName: 'Alice',
  startedAt: 1,
  answeredAt: null,
  ringMs: 30_000,
  iceServers: [],
};

let host: HTMLDivElement;
const stopTrack = vi.fn();
beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
});
afterEach(() => {
  render(null, host);
  host.remove();
  vi.unstubAllGlobals();
});

const flush = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
const byTestId = (id: string) => host.querySelector<HTMLElement>(`[data-testid="${id}"]`);

describe('CallPanel', () => {
  it('offers calls only when the skill group allows them and an agent serves the chat', async () => {
    const { socket } = fakeSocket({});
    await act(() =>
      render(<CallPanel t={createTranslator('en-US')} socket={socket} tid="t1" canCall={false} />, host),
    );
    await flush();
    expect(byTestId('call-video')).toBeNull();
    await act(() =>
      render(<CallPanel t={createTranslator('en-US')} socket={socket} tid="t1" canCall />, host),
    );
    await flush();
    expect(byTestId('call-video')?.textContent).toBe('Video call');
    expect(byTestId('call-voice')?.textContent).toBe('Voice call');
  });

  it('explains a refused microphone or camera in the visitor’s language and stays in the chat', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
    });
    const { socket, emitted } = fakeSocket({});
    await act(() =>
      render(<CallPanel t={createTranslator('zh-CN')} socket={socket} tid="t1" canCall />, host),
    );
    await flush();
    await act(async () => byTestId('call-voice')?.click());
    await flush();
    expect(byTestId('call-notice')?.textContent).toContain('浏览器未允许使用麦克风或摄像头');
    expect(emitted).toEqual([]);
    expect(byTestId('call-voice')).not.toBeNull();
  });

  it('hears busy when the agent is in another call, and releases the microphone', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: async () => ({ getTracks: () => [{ stop: stopTrack }] }),
      },
    });
    const { socket, emitted } = fakeSocket({ 'call:start': { ok: true, data: { ...call, state: 'ended' } } });
    await act(() =>
      render(<CallPanel t={createTranslator('en-US')} socket={socket} tid="t1" canCall />, host),
    );
    await flush();
    await act(async () => byTestId('call-video')?.click());
    await flush();
    expect(emitted).toEqual([{ event: 'call:start', payload: { tid: 't1', media: 'video' } }]);
    expect(byTestId('call-notice')?.textContent).toContain('The agent is in another call');
    expect(stopTrack).toHaveBeenCalled();
  });

  it('rings for the agent’s call and declines it', async () => {
    const { socket, emitted, push } = fakeSocket({});
    await act(() =>
      render(<CallPanel t={createTranslator('en-US')} socket={socket} tid="t1" canCall />, host),
    );
    await flush();
    await act(async () => push('call:ring', { ...call, tid: 'another' }));
    expect(byTestId('call-incoming')).toBeNull();
    await act(async () => push('call:ring', call));
    expect(byTestId('call-incoming')?.textContent).toContain('Alice is calling you (video)');
    await act(async () => byTestId('call-reject')?.click());
    await flush();
    expect(emitted).toEqual([{ event: 'call:reject', payload: { callId: 'c1' } }]);
    expect(byTestId('call-incoming')).toBeNull();
  });
});

describe('code style 5', () => {
  it('offers the video call first, in a card of its own', async () => {
    const { socket } = fakeSocket({});
    await act(() =>
      render(<CallPanel t={createTranslator('en-US')} socket={socket} tid="t1" canCall isFeatured />, host),
    );
    expect(byTestId('call-featured')?.textContent).toContain('start a video call');
    expect(byTestId('call-video')?.className).toBe('okw-button');
  });
});
