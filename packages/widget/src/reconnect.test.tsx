import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Message } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import { serverCloseRetryMs } from './realtime.js';

/*
 * The widget's real socket against a real Socket.IO server: a server going down for a deploy
 * disconnects its sockets itself, and socket.io-client never comes back from that on its own.
 */

const params: WidgetParams = {
  org: 'acme',
  wid: 'w1',
  aid: null,
  language: 'en-US',
  page: 'https://shop.example/',
  referrer: '',
  client: 'web',
};

const message = (seq: number): Message => ({
  mid: `m${seq}`,
  tid: 't1',
  seq,
  type: 'text',
  content: `agent says ${seq}`,
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: '',
  sender: { kind: 'agent', id: 'a1', nickname: 'Ann', avatar: '' },
  createdAt: seq,
});

const stubHttp = (history: Message[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const routes: Record<string, unknown> = {
        '/visitor/api/init': { token: 'visitor-token', visitor: { vid: 'v1', mobile: '' } },
        '/visitor/api/form': { required: false, title: '', fields: [] },
        '/visitor/api/thread/request': {
          code: 200,
          tip: 'Welcome!',
          thread: {
            tid: 't1',
            status: 'chatting',
            seq: history.at(-1)?.seq ?? 0,
            cycle: 1,
            queuePosition: null,
            rated: false,
            agent: { nickname: 'Ann' },
          },
          settings: null,
        },
        '/visitor/api/message/history': { messages: history, hasMore: false },
      };
      if (!(path in routes)) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data: routes[path] }));
    }),
  );

let container: HTMLDivElement;
let http: HttpServer;
let io: Server;
let base: string;
/** Every handshake the server accepted, in order, with the token it came with. */
let connections: { socket: ServerSocket; token: unknown }[];
let syncs: number[];

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

const waitFor = async (isDone: () => boolean, timeoutMs = 4_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!isDone()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await wait(20);
  }
};

const shownTexts = () =>
  [...container.querySelectorAll('[data-testid="chat-message"] .okw-text')].map((node) => node.textContent);

beforeEach(async () => {
  container = document.createElement('div');
  document.body.append(container);
  localStorage.clear();
  connections = [];
  syncs = [];
  http = createServer();
  io = new Server(http, { path: '/socket.io/' });
  io.on('connection', (socket) => {
    connections.push({ socket, token: (socket.handshake.auth as { token?: unknown }).token });
    socket.on('message:sync', (payload: { afterSeq: number }, ack: (answer: unknown) => void) => {
      syncs.push(payload.afterSeq);
      ack({ ok: true, data: { messages: payload.afterSeq < 2 ? [message(2)] : [], hasMore: false } });
    });
    socket.on('message:receipt', (_payload: unknown, ack: (answer: unknown) => void) =>
      ack({ ok: true, data: null }),
    );
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterEach(async () => {
  render(null, container);
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await io.close();
});

describe('after the server closes the connection (a restart, a deploy)', () => {
  it('comes back after a short random wait and catches up on what it missed', async () => {
    // The shortest wait of the 1–3 s spread keeps the test quick.
    vi.spyOn(Math, 'random').mockReturnValue(0);
    stubHttp([message(1)]);
    render(<App params={params} base={base} />, container);
    await waitFor(() => connections.length === 1 && shownTexts().length === 1);
    expect(shownTexts()).toEqual(['agent says 1']);

    connections[0].socket.disconnect(true);
    await waitFor(() => container.textContent?.includes('Reconnecting…') ?? false);
    // Not at once: a restart is not met by every visitor in the same instant.
    await wait(serverCloseRetryMs / 2);
    expect(connections).toHaveLength(1);

    await waitFor(() => connections.length === 2);
    expect(connections[1].token).toBe('visitor-token');
    await waitFor(() => shownTexts().length === 2);
    expect(syncs).toEqual([1]);
    expect(shownTexts()).toEqual(['agent says 1', 'agent says 2']);
    expect(container.textContent).not.toContain('Reconnecting…');
  });
});
