import type { Message } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import type { ChatSocket, connectChat } from './realtime.js';

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
  offlineTip: 'We are away',
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

const agentMessage = (seq: number, content: string): Message => ({
  mid: `m${seq}`,
  tid: 't1',
  seq,
  type: 'text',
  content,
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

let container: HTMLDivElement;
let requests: { path: string; body: unknown }[];

const stubServer = (routes: Record<string, (body: unknown) => unknown>) => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ path, body });
      // Groups without a pre-chat form unless a test says otherwise.
      const all: typeof routes = {
        '/visitor/api/form': () => ({ required: false, title: '', fields: [] }),
        ...routes,
      };
      const handler = all[path];
      if (!handler) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data: handler(body) }), {
        status: 200,
      });
    }),
  );
};

const fakeSocket = () => {
  const sent: unknown[] = [];
  const connect: typeof connectChat = () =>
    ({
      socket: {} as ChatSocket['socket'],
      send: async (payload) => {
        sent.push(payload);
        return {
          ...agentMessage(9, payload.content ?? ''),
          localId: payload.localId,
          sender: { kind: 'visitor', id: 'v', nickname: 'V', avatar: '' },
        };
      },
      sync: async () => ({ messages: [], hasMore: false }),
      receipt: () => undefined,
      typing: () => undefined,
      close: () => undefined,
    }) satisfies ChatSocket;
  return { sent, connect };
};

const settle = async () => {
  for (let round = 0; round < 5; round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

/** Lets the page load until `selector` appears (or 2 s pass). */
const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  localStorage.clear();
});

afterEach(() => {
  render(null, container);
  container.remove();
  vi.unstubAllGlobals();
});

const init = () => ({ token: 'visitor-token', visitor: { vid: 'v1' }, organization: { name: 'Acme' } });

describe('chat page', () => {
  it('shows the conversation, renders message text as text and sends on Enter', async () => {
    stubServer({
      '/visitor/api/init': init,
      '/visitor/api/thread/request': () => ({ code: 200, tip: 'Welcome!', thread, settings }),
      '/visitor/api/message/history': () => ({
        messages: [agentMessage(1, '<img src=x onerror="alert(1)">')],
        hasMore: false,
      }),
    });
    const socket = fakeSocket();
    render(<App params={params} connect={socket.connect} />, container);
    await until('[data-testid="chat-messages"]');
    const list = container.querySelector('[data-testid="chat-messages"]');
    expect(list?.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(list?.querySelector('img')).toBeNull();
    expect(localStorage.getItem('openkefu:visitor:acme')).toBe('visitor-token');

    const input = container.querySelector<HTMLTextAreaElement>(
      '[data-testid="chat-input"]',
    ) as HTMLTextAreaElement;
    await act(() => {
      input.value = 'Hello there';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await settle();
    expect(socket.sent).toMatchObject([{ tid: 't1', type: 'text', content: 'Hello there' }]);
    expect(container.textContent).toContain('Hello there');
    expect(container.querySelector('[data-testid="chat-message-status"]')?.textContent).toBe('Delivered');
  });

  it('shows the queue position while queued', async () => {
    stubServer({
      '/visitor/api/init': init,
      '/visitor/api/thread/request': () => ({
        code: 202,
        tip: '',
        thread: { ...thread, status: 'queuing', queuePosition: 2 },
        settings,
      }),
      '/visitor/api/message/history': () => ({ messages: [], hasMore: false }),
    });
    render(<App params={params} connect={fakeSocket().connect} />, container);
    await until('[data-testid="chat-queue"]');
    expect(container.querySelector('[data-testid="chat-queue"]')?.textContent).toContain('number 2');
  });

  it('offers the leave-message form when nobody can answer, validating the contact the group needs', async () => {
    stubServer({
      '/visitor/api/init': init,
      '/visitor/api/thread/request': () => ({ code: 204, tip: 'We are away', thread: null, settings }),
      '/visitor/api/leavemsg': (body) => (body ? { lid: 'l1' } : []),
    });
    render(<App params={params} connect={fakeSocket().connect} />, container);
    await until('[data-testid="leave-form"]');
    expect(container.textContent).toContain('We are away');
    const form = container.querySelector('[data-testid="leave-form"]') as HTMLFormElement;
    // leaveMessageType "email": the mobile field is not asked.
    expect(container.querySelector('[data-testid="leave-mobile"]')).toBeNull();
    await act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    expect(container.textContent).toContain('Please write your message.');
    expect(container.textContent).toContain('Please give your email address.');
    const content = container.querySelector('[data-testid="leave-content"]') as HTMLTextAreaElement;
    const email = container.querySelector('[data-testid="leave-email"]') as HTMLInputElement;
    await act(() => {
      content.value = 'Please call back';
      content.dispatchEvent(new Event('input', { bubbles: true }));
      email.value = 'ann@example.com';
      email.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(() => {
      form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
    expect(
      requests.find((request) => request.path === '/visitor/api/leavemsg' && request.body)?.body,
    ).toEqual({
      wid: 'w1',
      content: 'Please call back',
      mobile: '',
      email: 'ann@example.com',
    });
    expect(container.querySelector('[data-testid="leave-sent"]')).not.toBeNull();
  });

  it('says so when the visitor is blocked or the link is wrong', async () => {
    stubServer({
      '/visitor/api/init': init,
      '/visitor/api/thread/request': () => ({ code: -3, tip: '', thread: null, settings: null }),
    });
    render(<App params={{ ...params, language: 'zh-CN' }} connect={fakeSocket().connect} />, container);
    await until('[data-testid="chat-blocked"]');
    expect(container.querySelector('[data-testid="chat-blocked"]')?.textContent).toBe('您已经被禁言');
    render(null, container);
    stubServer({
      '/visitor/api/init': init,
      '/visitor/api/thread/request': () => ({ code: -2, tip: '', thread: null, settings: null }),
    });
    render(<App params={params} connect={fakeSocket().connect} />, container);
    await until('[role="alert"]');
    expect(container.textContent).toContain('the skill group or agent does not exist');
  });

  it('names what is missing when the link has neither a skill group nor an agent, and asks the server nothing', async () => {
    const calls: string[] = [];
    stubServer({
      '/visitor/api/init': () => {
        calls.push('init');
        return init();
      },
    });
    render(<App params={{ ...params, wid: null, aid: null }} connect={fakeSocket().connect} />, container);
    await until('[data-testid="chat-incomplete"]');
    expect(container.querySelector('[data-testid="chat-incomplete"]')?.textContent).toContain('(wid or aid)');
    expect(calls).toEqual([]);
  });
});
