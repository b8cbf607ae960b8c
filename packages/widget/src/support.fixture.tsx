import { render } from 'preact';
import { act } from 'preact/test-utils';
import { vi } from 'vitest';
import type { WidgetParams } from './App.js';
import type { ChatSocket, connectChat } from './realtime.js';

/* A fake server and page for the widget's support tests (feedback, tickets, identity). */

export const params: WidgetParams = {
  org: 'acme',
  wid: 'w1',
  aid: null,
  language: 'en-US',
  page: 'https://shop.example/cart',
  referrer: '',
  client: 'web',
};

export const settings = (widgetTicket: boolean) => ({
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
  widgetTicket,
});

export const thread = {
  tid: 't1',
  status: 'chatting',
  queuePosition: null,
  rated: false,
  seq: 0,
  cycle: 1,
  agent: null,
};

export type Call = { method: string; path: string; body: unknown; authorization: string | null };
export type Handler = (call: Call) => unknown;

export const ok = (data: unknown) =>
  new Response(JSON.stringify({ message: 'success', status_code: 200, data }), { status: 200 });
export const fail = (status: number, message: string, fields: { field: string; message: string }[] = []) =>
  new Response(JSON.stringify({ message, status_code: status, data: null, fields }), { status });

/** Stubs fetch with `routes` (by path) over the calls every chat page makes; returns the call log. */
export const stubServer = (routes: Record<string, Handler>): Call[] => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const headers = (init.headers ?? {}) as Record<string, string>;
      const call: Call = {
        method: init.method ?? 'GET',
        path: url.pathname,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null,
        authorization: headers.authorization ?? null,
      };
      calls.push(call);
      const all: Record<string, Handler> = {
        '/visitor/api/init': () => ({
          token: 'token',
          visitor: { vid: 'v1' },
          organization: { name: 'Acme' },
        }),
        '/visitor/api/form': () => ({ required: false, title: '', fields: [] }),
        '/visitor/api/settings': () => settings(false),
        '/visitor/api/message/history': () => ({ messages: [], hasMore: false }),
        '/visitor/api/thread/request': () => ({ code: 200, tip: '', thread, settings: settings(false) }),
        '/visitor/api/feedback/mine': () => [],
        '/visitor/api/ticket/mine': () => [],
        ...routes,
      };
      const handler = all[url.pathname];
      if (!handler) return fail(404, 'not found');
      const data = handler(call);
      return data instanceof Response ? data : ok(data);
    }),
  );
  return calls;
};

/** XHR uploads (api.upload): each file answers with an attachment after two progress events. */
export const stubUploads = (answer: (file: File) => { status: number; body: unknown }) => {
  const sent: { url: string; file: File }[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    private url = '';
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      const file = form.get('file') as File;
      sent.push({ url: this.url, file });
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        setTimeout(() => {
          const result = answer(file);
          this.status = result.status;
          this.responseText = JSON.stringify(result.body);
          this.onload?.();
        }, 5);
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
};

export const connect: typeof connectChat = () =>
  ({
    socket: {} as ChatSocket['socket'],
    send: async () => {
      throw new Error('not in these tests');
    },
    sync: async () => ({ messages: [], hasMore: false }),
    receipt: () => undefined,
    typing: () => undefined,
    close: () => undefined,
  }) satisfies ChatSocket;

export const createPage = () => {
  const container = document.createElement('div');
  document.body.appendChild(container);
  const $ = <T extends Element = HTMLElement>(selector: string) => container.querySelector<T>(selector);
  const until = async (selector: string, isGone = false) => {
    for (let round = 0; round < 150 && Boolean(container.querySelector(selector)) === isGone; round += 1)
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    if (Boolean(container.querySelector(selector)) === isGone)
      throw new Error(`${selector} ${isGone ? 'still there' : 'never appeared'}:\n${container.innerHTML}`);
  };
  const settle = async (rounds = 5) => {
    for (let round = 0; round < rounds; round += 1)
      await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  };
  const click = async (selector: string) => {
    const element = $<HTMLElement>(selector);
    if (!element) throw new Error(`no ${selector}`);
    await act(() => element.click());
    await settle(2);
  };
  const type = async (selector: string, value: string) => {
    const element = $<HTMLInputElement>(selector);
    if (!element) throw new Error(`no ${selector}`);
    await act(() => {
      element.value = value;
      element.dispatchEvent(new Event('input', { bubbles: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };
  const pick = async (selector: string, files: File[]) => {
    const input = $<HTMLInputElement>(selector);
    if (!input) throw new Error(`no ${selector}`);
    Object.defineProperty(input, 'files', { value: files, configurable: true });
    await act(() => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
    });
  };
  const submit = async (selector: string) => {
    await act(() => {
      $(selector)?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    });
    await settle();
  };
  const close = () => {
    render(null, container);
    container.remove();
  };
  return { container, $, until, settle, click, type, pick, submit, close };
};
