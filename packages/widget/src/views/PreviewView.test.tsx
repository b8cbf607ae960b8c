import type { WidgetPreview, WidgetSettings } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from '../App.js';
import type { connectChat } from '../realtime.js';

/* preview=1: the console's embed-code drawer. Shows the chat as it is now; creates nothing. */

const params: WidgetParams = {
  org: 'acme',
  wid: 'w1',
  aid: null,
  language: 'en-US',
  page: '',
  referrer: '',
  client: 'web',
  isPreview: true,
};

const settings: WidgetSettings = {
  wid: 'w1',
  nickname: 'Acme support',
  avatar: '/uploads/acme.png',
  welcomeTip: 'Welcome!',
  acceptTip: '',
  offlineTip: 'We are away',
  nonWorkingTimeTip: '',
  closeTip: '',
  showTopTip: true,
  topTip: 'Orders ship within 24 hours',
  forceRate: false,
  leaveMessageType: 'mobile',
  showForm: false,
  showCollectMobile: false,
  hideLogo: false,
  helpCenterSearch: false,
};

let container: HTMLDivElement;
let requests: { url: string; init?: RequestInit }[];

const stubPreview = (answer: WidgetPreview | { status: number; message: string }) => {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, init });
      if (!new URL(url, 'http://localhost').pathname.endsWith('/visitor/api/preview'))
        return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      if ('status' in answer) return new Response(JSON.stringify({ message: answer.message }), answer);
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data: answer }));
    }),
  );
};

const noSocket = vi.fn<typeof connectChat>();

const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
};

const $ = (testId: string) => container.querySelector(`[data-testid="${testId}"]`);

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  localStorage.clear();
  noSocket.mockClear();
});

afterEach(async () => {
  render(null, container);
  // Preact runs effects after paint (requestAnimationFrame raced by a 35 ms timeout): let that
  // timeout fire while the DOM environment still exists, not after the file's teardown.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
  container.remove();
  vi.unstubAllGlobals();
});

describe('preview mode', () => {
  it('asks only the public preview, without a token or a socket, and shows the chat as a visitor would', async () => {
    localStorage.setItem('openkefu:visitor:acme', 'a-real-visitor-token');
    stubPreview({ code: 200, tip: 'Welcome!', settings });
    render(<App params={params} connect={noSocket} base="https://kefu.example" />, container);
    await until('[data-testid="chat-messages"]');

    expect(requests.map((request) => request.url)).toEqual([
      'https://kefu.example/visitor/api/preview?org=acme&wid=w1',
    ]);
    const headers = (requests[0]?.init?.headers ?? {}) as Record<string, string>;
    expect(headers.authorization).toBeUndefined();
    expect(requests[0]?.init?.cache).toBe('no-store');
    expect(noSocket).not.toHaveBeenCalled();
    expect(localStorage.getItem('openkefu:visitor:acme')).toBe('a-real-visitor-token');

    expect($('chat-title')?.textContent).toBe('Acme support');
    expect(container.querySelector('.okw-header img')?.getAttribute('src')).toBe('/uploads/acme.png');
    expect($('chat-toptip')?.textContent).toBe('Orders ship within 24 hours');
    expect($('chat-messages')?.firstElementChild?.textContent).toBe('Welcome!');
    expect($('chat-preview-note')?.textContent).toBe(
      'Preview — this is what visitors see now. Nothing is sent.',
    );
    expect(($('chat-input') as HTMLTextAreaElement).disabled).toBe(true);
    expect(($('chat-send') as HTMLButtonElement).disabled).toBe(true);
    expect(($('chat-image') as HTMLButtonElement).disabled).toBe(true);
    expect($('chat-end')).toBeNull();
  });

  it('shows the leave-message form read-only when nobody is online, sending nothing', async () => {
    stubPreview({ code: 204, tip: 'We are away', settings });
    render(<App params={{ ...params, language: 'zh-CN' }} connect={noSocket} />, container);
    await until('[data-testid="leave-form"]');
    expect($('leave-tip')?.textContent).toBe('We are away');
    expect($('chat-preview-note')?.textContent).toContain('预览');
    // leaveMessageType "mobile": only the mobile number is asked, as the visitor would see.
    expect($('leave-email')).toBeNull();
    expect(($('leave-content') as HTMLTextAreaElement).disabled).toBe(true);
    expect(($('leave-mobile') as HTMLInputElement).disabled).toBe(true);
    expect(($('leave-submit') as HTMLButtonElement).disabled).toBe(true);
    ($('leave-form') as HTMLFormElement).dispatchEvent(
      new Event('submit', { bubbles: true, cancelable: true }),
    );
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(requests).toHaveLength(1);
    expect(noSocket).not.toHaveBeenCalled();
  });

  it('says when the skill group does not exist, and when the server refuses the preview', async () => {
    stubPreview({ code: -2, tip: '', settings: null });
    render(<App params={{ ...params, wid: null, aid: 'u9' }} connect={noSocket} />, container);
    await until('[data-testid="chat-unknown"]');
    expect(requests[0]?.url).toBe('/visitor/api/preview?org=acme&aid=u9');
    render(null, container);

    stubPreview({ status: 400, message: 'org: Required' });
    render(<App params={params} connect={noSocket} />, container);
    await until('[role="alert"]');
    expect(container.textContent).toContain('org: Required');
    expect(noSocket).not.toHaveBeenCalled();
  });

  it('asks nothing for a link without a skill group or agent', async () => {
    stubPreview({ code: 200, tip: '', settings });
    render(<App params={{ ...params, wid: null, aid: null }} connect={noSocket} />, container);
    await until('[data-testid="chat-incomplete"]');
    expect(requests).toEqual([]);
  });
});
