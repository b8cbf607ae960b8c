import type { Message } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import { SendRefused, type ChatSocket, type connectChat } from './realtime.js';

/* The widget's side of the blacklist and of sensitive words (issue 5). */

const params: WidgetParams = {
  org: 'acme',
  wid: 'w1',
  aid: null,
  language: 'en-US',
  page: 'https://shop.example/',
  referrer: '',
  client: 'web',
};

const settings = {
  wid: 'w1',
  nickname: 'Acme support',
  avatar: '',
  welcomeTip: 'Welcome!',
  acceptTip: '',
  offlineTip: '',
  nonWorkingTimeTip: '',
  closeTip: '',
  showTopTip: false,
  topTip: '',
  forceRate: false,
  leaveMessageType: 'email',
  showForm: false,
  showCollectMobile: false,
  hideLogo: false,
  helpCenterSearch: false,
};

const thread = {
  tid: 't1',
  status: 'chatting',
  queuePosition: null,
  rated: false,
  seq: 0,
  cycle: 1,
  agent: { nickname: 'Ann' },
};

let container: HTMLDivElement;

const stubServer = (requestResult: unknown) => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://localhost').pathname;
      const routes: Record<string, unknown> = {
        '/visitor/api/init': {
          token: 'visitor-token',
          visitor: { vid: 'v1' },
          organization: { name: 'Acme' },
        },
        '/visitor/api/form': { required: false, title: '', fields: [] },
        '/visitor/api/thread/request': requestResult,
        '/visitor/api/message/history': { messages: [], hasMore: false },
      };
      if (!(path in routes)) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data: routes[path] }), {
        status: 200,
      });
    }),
  );
};

/** A socket whose sends the server refuses with `status` and `message`. */
const refusingSocket = (status: number, message: string) => {
  const sent: unknown[] = [];
  const connect: typeof connectChat = () =>
    ({
      socket: {} as ChatSocket['socket'],
      send: async (payload): Promise<Message> => {
        sent.push(payload);
        throw new SendRefused(status, message);
      },
      sync: async () => ({ messages: [], hasMore: false }),
      receipt: () => undefined,
      typing: () => undefined,
      close: () => undefined,
    }) satisfies ChatSocket;
  return { sent, connect };
};

const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
};

const typeAndSend = async (text: string) => {
  const input = container.querySelector('[data-testid="chat-input"]') as HTMLTextAreaElement;
  await act(() => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await act(() => {
    (container.querySelector('[data-testid="chat-send"]') as HTMLButtonElement).click();
  });
  for (let round = 0; round < 5; round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
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
});

describe('blocked visitors and sensitive words', () => {
  it('says so in English when the thread request answers -3, with no composer', async () => {
    stubServer({ code: -3, tip: '', thread: null, settings: null });
    render(<App params={params} connect={refusingSocket(403, '').connect} />, container);
    await until('[data-testid="chat-blocked"]');
    expect(container.querySelector('[data-testid="chat-blocked"]')?.textContent).toBe(
      'You have been blocked from this chat',
    );
    expect(container.querySelector('[data-testid="chat-input"]')).toBeNull();
  });

  it('switches to the blocked notice when a send is refused because the visitor was blocked mid-chat', async () => {
    stubServer({ code: 200, tip: '', thread, settings });
    const socket = refusingSocket(403, '您已经被禁言');
    render(<App params={{ ...params, language: 'zh-CN' }} connect={socket.connect} />, container);
    await until('[data-testid="chat-input"]');
    await typeAndSend('还在吗');
    await until('[data-testid="chat-blocked"]');
    expect(socket.sent).toHaveLength(1);
    expect(container.querySelector('[data-testid="chat-blocked"]')?.textContent).toBe('您已经被禁言');
    expect(container.querySelector('[data-testid="chat-input"]')).toBeNull();
  });

  it("shows the server's reason when a message with a sensitive word is refused, and keeps the chat", async () => {
    stubServer({ code: 200, tip: '', thread, settings });
    const socket = refusingSocket(400, 'Your message contains a sensitive word and was not sent');
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-input"]');
    await typeAndSend('you idiot');
    expect(container.querySelector('[data-testid="chat-message-status"]')?.textContent).toContain(
      'Not sent: Your message contains a sensitive word and was not sent',
    );
    expect(container.querySelector('[data-testid="chat-blocked"]')).toBeNull();
    expect(container.querySelector('[data-testid="chat-input"]')).not.toBeNull();
  });
});
