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
  nickname: 'Acme sales',
  avatar: '',
  welcomeTip: 'Welcome!',
  acceptTip: '',
  offlineTip: '',
  nonWorkingTimeTip: '',
  closeTip: '',
  showTopTip: false,
  topTip: '',
  forceRate: false,
  leaveMessageType: 'default',
  showForm: true,
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

const form = {
  required: true,
  fid: '',
  version: 0,
  title: '',
  items: [
    { key: 'name', label: '', type: 'text', required: true, options: [] },
    { key: 'mobile', label: '', type: 'mobile', required: false, options: [] },
    { key: 'email', label: '', type: 'email', required: false, options: [] },
    { key: 'age', label: '', type: 'number', required: false, options: [] },
    { key: 'plan', label: 'Plan', type: 'select', required: true, options: ['Free', 'Pro'] },
  ],
};

type Reply = { status?: number; body: unknown };
let container: HTMLDivElement;
let requests: { path: string; body: unknown }[];

const stubServer = (routes: Record<string, (body: unknown) => Reply>) => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ path, body });
      const reply = routes[path]?.(body) ?? { status: 404, body: { message: 'not found' } };
      return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
    }),
  );
};

const data = (value: unknown): Reply => ({ body: { message: 'success', status_code: 200, data: value } });

const connect: typeof connectChat = () =>
  ({
    socket: {} as ChatSocket['socket'],
    send: async () => {
      throw new Error('not used');
    },
    sync: async () => ({ messages: [], hasMore: false }),
    receipt: () => undefined,
    typing: () => undefined,
    close: () => undefined,
  }) satisfies ChatSocket;

const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
};

const type = async (testId: string, value: string) => {
  const input = container.querySelector(`[data-testid="${testId}"]`) as HTMLInputElement;
  await act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};

const submit = async (testId: string) => {
  const element = container.querySelector(`[data-testid="${testId}"]`) as HTMLFormElement;
  await act(() => {
    element.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  for (let round = 0; round < 5; round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

const init = (mobile = '') =>
  data({ token: 'vt', visitor: { vid: 'v1', mobile }, organization: { name: 'Acme' } });
const history = () => data({ messages: [], hasMore: false });

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

describe('pre-chat form', () => {
  it('asks the form before the chat, validates it and sends the answers with the thread request', async () => {
    stubServer({
      '/visitor/api/init': () => init(),
      '/visitor/api/form': () => data(form),
      '/visitor/api/thread/request': () => data({ code: 200, tip: 'Welcome!', thread, settings }),
      '/visitor/api/message/history': history,
    });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="prechat-form"]');
    expect(requests.some((request) => request.path === '/visitor/api/thread/request')).toBe(false);
    expect(container.textContent).toContain('Before we start');
    expect(container.textContent).toContain('Plan');

    await submit('prechat-form');
    expect(container.textContent).toContain('This field is required.');
    expect(container.textContent).toContain('Please choose one of the options.');

    await type('prechat-name', ' Ann ');
    await type('prechat-mobile', 'call me');
    await type('prechat-email', 'nope');
    await type('prechat-age', '200');
    await submit('prechat-form');
    expect(container.textContent).toContain('This is not a valid mobile number.');
    expect(container.textContent).toContain('This is not a valid email address.');
    expect(container.textContent).toContain('Please enter an age from 0 to 150.');
    expect(requests.some((request) => request.path === '/visitor/api/thread/request')).toBe(false);

    await type('prechat-mobile', '13800138000');
    await type('prechat-email', 'ann@example.com');
    await type('prechat-age', '34');
    const plan = container.querySelector('[data-testid="prechat-plan"]') as HTMLSelectElement;
    await act(() => {
      plan.value = 'Pro';
      plan.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await submit('prechat-form');
    await until('[data-testid="chat-messages"]');
    expect(requests.find((request) => request.path === '/visitor/api/thread/request')?.body).toEqual({
      wid: 'w1',
      form: { name: 'Ann', mobile: '13800138000', email: 'ann@example.com', age: '34', plan: 'Pro' },
    });
  });

  it("shows the server's field errors under their field, in Chinese when asked", async () => {
    stubServer({
      '/visitor/api/init': () => init(),
      '/visitor/api/form': () => data({ ...form, items: form.items.slice(0, 1) }),
      '/visitor/api/thread/request': () => ({
        status: 400,
        body: {
          message: '请正确填写咨询前表单：form.name',
          fields: [{ field: 'form.name', message: '姓名不可用' }],
        },
      }),
    });
    render(<App params={{ ...params, language: 'zh-CN' }} connect={connect} />, container);
    await until('[data-testid="prechat-form"]');
    expect(container.textContent).toContain('咨询前请先填写以下信息');
    expect(container.textContent).toContain('姓名');
    await submit('prechat-form');
    expect(container.textContent).toContain('此项为必填项');
    await type('prechat-name', 'Ann');
    await submit('prechat-form');
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('姓名不可用');
    expect(container.querySelector('[data-testid="prechat-form"]')).not.toBeNull();
  });

  it("asks a builder form with its condition and sends ticked options; the 'Other' detail only when shown", async () => {
    stubServer({
      '/visitor/api/init': () => init(),
      '/visitor/api/form': () =>
        data({
          required: true,
          fid: 'f1',
          version: 3,
          title: 'Before we talk',
          items: [
            { key: 'topic', label: 'Topic', type: 'radio', required: true, options: ['Sales', 'Other'] },
            {
              key: 'detail',
              label: 'Tell us more',
              type: 'text',
              required: true,
              options: [],
              showIf: { key: 'topic', values: ['Other'] },
            },
            {
              key: 'reach',
              label: 'Reach me by',
              type: 'checkbox',
              required: false,
              options: ['Email', 'Phone'],
            },
          ],
        }),
      '/visitor/api/thread/request': () => data({ code: 200, tip: 'Welcome!', thread, settings }),
      '/visitor/api/message/history': history,
    });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="prechat-form"]');
    expect(container.textContent).toContain('Before we talk');
    expect(container.querySelector('[data-testid="prechat-form-item-detail"]')).toBeNull();
    const click = async (selector: string) =>
      act(() => (container.querySelector(selector) as HTMLElement).click());
    await click('input[name="topic"][value="Other"]');
    expect(container.querySelector('[data-testid="prechat-form-item-detail"]')).not.toBeNull();
    await click('input[name="reach"][value="Phone"]');
    await click('input[name="reach"][value="Email"]');
    await submit('prechat-form');
    expect(
      container.querySelector('[data-testid="prechat-form-item-detail"] [role="alert"]')?.textContent,
    ).toBe('This field is required.');
    await type('prechat-detail', 'Invoices');
    await submit('prechat-form');
    await until('[data-testid="chat-messages"]');
    expect(requests.find((request) => request.path === '/visitor/api/thread/request')?.body).toEqual({
      wid: 'w1',
      form: { topic: 'Other', detail: 'Invoices', reach: ['Email', 'Phone'] },
    });
  });

  it('goes straight to the chat when the form is not required', async () => {
    stubServer({
      '/visitor/api/init': () => init(),
      '/visitor/api/form': () => data({ ...form, required: false }),
      '/visitor/api/thread/request': () => data({ code: 201, tip: '', thread, settings }),
      '/visitor/api/message/history': history,
    });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="chat-messages"]');
    expect(container.querySelector('[data-testid="prechat-form"]')).toBeNull();
    expect(requests.find((request) => request.path === '/visitor/api/thread/request')?.body).toEqual({
      wid: 'w1',
    });
  });
});

describe('showCollectMobile', () => {
  const chatRoutes = (mobile: string) => ({
    '/visitor/api/init': () => init(mobile),
    '/visitor/api/form': () => data({ ...form, required: false }),
    '/visitor/api/thread/request': () =>
      data({
        code: 200,
        tip: '',
        thread,
        settings: { ...settings, showForm: false, showCollectMobile: true },
      }),
    '/visitor/api/message/history': history,
    '/visitor/api/profile': (body: unknown) => data({ vid: 'v1', ...(body as object) }),
  });

  it('asks for a mobile number during the chat, checks it and stores it on the visitor', async () => {
    stubServer(chatRoutes(''));
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="mobile-prompt"]');
    await type('mobile-input', 'abc');
    await submit('mobile-prompt');
    expect(container.textContent).toContain('This is not a valid mobile number.');
    expect(requests.some((request) => request.path === '/visitor/api/profile')).toBe(false);
    await type('mobile-input', ' 13800138000 ');
    await submit('mobile-prompt');
    expect(requests.find((request) => request.path === '/visitor/api/profile')?.body).toEqual({
      mobile: '13800138000',
    });
    expect(container.querySelector('[data-testid="mobile-prompt"]')).toBeNull();
    expect(container.querySelector('[data-testid="mobile-saved"]')).not.toBeNull();
  });

  it('does not ask a visitor whose number is on file', async () => {
    stubServer(chatRoutes('13800138000'));
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="chat-messages"]');
    expect(container.querySelector('[data-testid="mobile-prompt"]')).toBeNull();
  });
});
