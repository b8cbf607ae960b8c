import type { Message, MessageHistory } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import type { ChatSocket, connectChat } from './realtime.js';
import { gapGraceMs } from './state/useChat.js';

/* The live chat wired to a fake socket: gaps resynced, receipts reported, tools reachable. */

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

/** A red packet an agent gave, as stored before and after the visitor opens it. */
const redPacket = (openedAt: number | null): Message => ({
  ...message(2),
  type: 'red_packet',
  content: '',
  card: {
    kind: 'red_packet',
    amount: '¥10',
    greeting: 'Sorry for the wait',
    code: 'SORRY10',
    url: 'https://shop.example/c',
    openedAt,
  },
});

let container: HTMLDivElement;

/** The widget's HTTP calls answered in memory; returns the posted bodies by path. */
const stubServer = (history: Message[]) => {
  const posted: Record<string, unknown[]> = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: { body?: string }) => {
      const path = new URL(input, 'http://localhost').pathname;
      if (init?.body) (posted[path] ??= []).push(JSON.parse(init.body));
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
        '/visitor/api/thread/commodity': null,
        '/visitor/api/message/red-packet/open': redPacket(1_000),
      };
      if (!(path in routes)) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data: routes[path] }));
    }),
  );
  return posted;
};

type Handlers = Parameters<typeof connectChat>[2];

/** A socket the test drives: it pushes through `handlers` and records what the page asks. */
const fakeSocket = (
  answerSync: (afterSeq: number) => MessageHistory,
  send: ChatSocket['send'] = async () => {
    throw new Error('not used');
  },
) => {
  const calls = { syncs: [] as number[], receipts: [] as [number, string][] };
  let handlers: Handlers | null = null;
  const connect: typeof connectChat = (_base, _token, given) => {
    handlers = given;
    // Connected at once, before the conversation is loaded, as a socket on a good network.
    queueMicrotask(() => given.onConnection(true, false));
    return {
      socket: {} as ChatSocket['socket'],
      send,
      sync: async (_tid, afterSeq) => {
        calls.syncs.push(afterSeq);
        return answerSync(afterSeq);
      },
      receipt: (_tid, seq, status) => {
        calls.receipts.push([seq, status]);
      },
      typing: () => undefined,
      close: () => undefined,
    } satisfies ChatSocket;
  };
  const emit = async (act_: (given: Handlers) => void) =>
    act(() => {
      act_(handlers as Handlers);
    });
  return { calls, connect, emit };
};

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));

const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1) await wait(20);
};

const shownTexts = () =>
  [...container.querySelectorAll('[data-testid="chat-message"] .okw-text')].map((node) => node.textContent);

const setVisibility = (state: 'visible' | 'hidden') => {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  localStorage.clear();
});

afterEach(() => {
  render(null, container);
  container.remove();
  vi.unstubAllGlobals();
  setVisibility('visible');
});

describe('live chat', () => {
  it('asks the server for a message missing between two pushes and shows all in seq order', async () => {
    stubServer([message(1)]);
    const socket = fakeSocket(() => ({ messages: [message(2), message(3)], hasMore: false }));
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-message"]');
    await socket.emit((on) => on.onMessage(message(3)));
    expect(shownTexts()).toEqual(['agent says 1', 'agent says 3']);
    await wait(gapGraceMs + 100);
    expect(socket.calls.syncs).toEqual([1]);
    expect(shownTexts()).toEqual(['agent says 1', 'agent says 2', 'agent says 3']);
  });

  it('asks nothing when the late push arrives within the grace period', async () => {
    stubServer([message(1)]);
    const socket = fakeSocket(() => ({ messages: [], hasMore: false }));
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-message"]');
    await socket.emit((on) => on.onMessage(message(3)));
    await socket.emit((on) => on.onMessage(message(2)));
    await socket.emit((on) => on.onMessage(message(2)));
    await wait(gapGraceMs + 100);
    expect(socket.calls.syncs).toEqual([]);
    expect(shownTexts()).toEqual(['agent says 1', 'agent says 2', 'agent says 3']);
  });

  it('catches up after a reconnect', async () => {
    stubServer([message(1)]);
    const socket = fakeSocket(() => ({ messages: [message(2)], hasMore: false }));
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-message"]');
    await socket.emit((on) => on.onConnection(false, true));
    expect(container.textContent).toContain('Reconnecting…');
    await socket.emit((on) => on.onConnection(true, true));
    await wait(50);
    expect(socket.calls.syncs).toEqual([1]);
    expect(shownTexts()).toEqual(['agent says 1', 'agent says 2']);
    expect(container.textContent).not.toContain('Reconnecting…');
  });

  it('reports agent messages received while the tab is hidden and read when it shows', async () => {
    stubServer([message(1)]);
    const socket = fakeSocket(() => ({ messages: [], hasMore: false }));
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-message"]');
    await wait(0);
    expect(socket.calls.receipts).toEqual([[1, 'read']]);
    await act(() => setVisibility('hidden'));
    await socket.emit((on) => on.onMessage(message(2)));
    await wait(0);
    expect(socket.calls.receipts).toEqual([
      [1, 'read'],
      [2, 'received'],
    ]);
    await act(() => setVisibility('visible'));
    await wait(0);
    expect(socket.calls.receipts.at(-1)).toEqual([2, 'read']);
    expect(socket.calls.receipts).toHaveLength(3);
  });

  it('offers the image and file pickers as labelled buttons that open the file inputs', async () => {
    stubServer([]);
    render(
      <App params={params} connect={fakeSocket(() => ({ messages: [], hasMore: false })).connect} />,
      container,
    );
    await until('[data-testid="chat-input"]');
    const imageButton = container.querySelector('[data-testid="chat-image"]') as HTMLButtonElement;
    expect(imageButton.tagName).toBe('BUTTON');
    expect(imageButton.getAttribute('aria-label')).toBe('Send an image');
    expect(container.querySelector('[data-testid="chat-file"]')?.getAttribute('aria-label')).toBe(
      'Send a file',
    );
    expect(container.querySelector('label[aria-label]')).toBeNull();
    const input = container.querySelector('[data-testid="chat-image-input"]') as HTMLInputElement;
    const opened = vi.spyOn(input, 'click');
    imageButton.click();
    expect(opened).toHaveBeenCalledOnce();
  });

  it('retries a failed file as the file it was, not as text', async () => {
    stubServer([]);
    // The upload answers at once (the widget uploads with XHR for its progress).
    class UploadRequest {
      status = 200;
      responseText = JSON.stringify({
        data: { aid: 'att-1', mediaType: 'application/pdf', fileName: 'order.pdf', size: 4 },
      });
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      open() {}
      setRequestHeader() {}
      send() {
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', UploadRequest);
    const sent: Parameters<ChatSocket['send']>[0][] = [];
    const socket = fakeSocket(
      () => ({ messages: [], hasMore: false }),
      async (payload) => {
        sent.push(payload);
        if (sent.length === 1) throw new Error('connection lost');
        return { ...message(1), type: 'file', content: '', localId: payload.localId, fileName: 'order.pdf' };
      },
    );
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-file-input"]');
    const input = container.querySelector('[data-testid="chat-file-input"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', {
      value: [new File(['%PDF'], 'order.pdf', { type: 'application/pdf' })],
      configurable: true,
    });
    await act(() => {
      input.dispatchEvent(new Event('change'));
    });
    await until('[data-testid="chat-message-status"] button');
    expect(container.textContent).toContain('connection lost');
    await act(() => {
      (container.querySelector('[data-testid="chat-message-status"] button') as HTMLButtonElement).click();
    });
    await wait(20);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect(sent[1]).toMatchObject({ type: 'file', aid: 'att-1' });
    expect(container.querySelector('[data-testid="chat-message-status"] button')).toBeNull();
  });

  it('pins the product the page shows for the agent once the conversation is known', async () => {
    const posted = stubServer([message(1)]);
    const commodity = {
      title: 'Blue kettle',
      price: '¥129',
      image: '',
      url: 'https://shop.example/kettle',
    };
    const socket = fakeSocket(() => ({ messages: [], hasMore: false }));
    render(<App params={{ ...params, commodity }} connect={socket.connect} />, container);
    await until('[data-testid="chat-message"]');
    await wait(20);
    expect(posted['/visitor/api/thread/commodity']).toEqual([{ tid: 't1', commodity }]);
    await socket.emit((on) => on.onMessage(message(2)));
    await wait(20);
    expect(posted['/visitor/api/thread/commodity']).toHaveLength(1);
  });

  it('opens a red packet: the greeting and Open first, then what it holds', async () => {
    const posted = stubServer([message(1), redPacket(null)]);
    const socket = fakeSocket(() => ({ messages: [], hasMore: false }));
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-red-packet-open"]');
    const packet = container.querySelector('[data-testid="chat-red-packet"]') as HTMLElement;
    expect(packet.textContent).toContain('Sorry for the wait');
    // What it holds stays hidden until opened.
    expect(packet.textContent).not.toContain('SORRY10');
    await act(() => {
      (container.querySelector('[data-testid="chat-red-packet-open"]') as HTMLButtonElement).click();
    });
    await until('[data-testid="chat-red-packet-code"]');
    expect(posted['/visitor/api/message/red-packet/open']).toEqual([{ tid: 't1', mid: 'm2' }]);
    expect(container.querySelector('[data-testid="chat-red-packet-code"]')?.textContent).toBe(
      'Code: SORRY10',
    );
    expect(container.querySelector('[data-testid="chat-red-packet"]')?.textContent).toContain('¥10');
    expect(container.querySelector('[data-testid="chat-red-packet-open"]')).toBeNull();
  });
});
