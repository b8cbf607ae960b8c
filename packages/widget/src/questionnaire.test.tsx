import type { Message, VisitorSurvey } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import type { ChatSocket, connectChat } from './realtime.js';

/* Forms inside the chat (issue 16): the agent's questionnaire card, filled and sent in the widget. */

const params: WidgetParams = {
  org: 'acme',
  wid: 'w1',
  aid: null,
  language: 'en-US',
  page: 'https://shop.example/',
  referrer: '',
  client: 'web',
};

const card: Message = {
  mid: 'card1',
  tid: 't1',
  seq: 1,
  type: 'questionnaire',
  content: JSON.stringify({ fid: 'form0001', version: 2, title: 'After-sales check' }),
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'system',
  localId: 'q1',
  sender: { kind: 'agent', id: 'a1', nickname: 'Ann', avatar: '' },
  createdAt: 1,
};

const survey = (answered: boolean): VisitorSurvey => ({
  fid: 'form0001',
  version: 2,
  title: 'After-sales check',
  description: '',
  answered,
  items: [
    { key: 'buyer', label: 'Did you buy?', type: 'radio', required: true, options: ['yes', 'no'] },
    {
      key: 'why',
      label: 'Why not?',
      type: 'text',
      required: true,
      options: [],
      showIf: { key: 'buyer', values: ['no'] },
    },
    { key: 'stars', label: 'Stars', type: 'rating', required: false, options: [], max: 5 },
  ],
});

let container: HTMLDivElement;
let answers: unknown[] = [];

const stubServer = (options: { answered: boolean; history?: Message[]; status?: string }) => {
  answers = [];
  const fetch = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const routes: Record<string, unknown> = {
      '/visitor/api/init': { token: 'visitor-token', visitor: { vid: 'v1', mobile: '' } },
      '/visitor/api/form': { required: false, fid: '', version: 0, title: '', items: [] },
      '/visitor/api/thread/request': {
        code: 200,
        tip: '',
        thread: {
          tid: 't1',
          status: options.status ?? 'chatting',
          seq: 1,
          cycle: 1,
          queuePosition: null,
          rated: false,
          agent: { nickname: 'Ann' },
        },
        settings: null,
      },
      '/visitor/api/message/history': { messages: options.history ?? [card], hasMore: false },
      '/visitor/api/form/form0001': survey(options.answered),
      '/visitor/api/form/answer': { rid: 'r1', thankYou: '' },
    };
    if (url.pathname === '/visitor/api/form/answer') answers.push(JSON.parse(String(init?.body)));
    if (!(url.pathname in routes))
      return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
    return new Response(JSON.stringify({ message: 'success', status_code: 200, data: routes[url.pathname] }));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
};

const connect: typeof connectChat = (_base, _token, given) => {
  queueMicrotask(() => given.onConnection(true, false));
  return {
    socket: {} as ChatSocket['socket'],
    send: async () => {
      throw new Error('not used');
    },
    sync: async () => ({ messages: [], hasMore: false }),
    receipt: () => undefined,
    typing: () => undefined,
    close: () => undefined,
  } satisfies ChatSocket;
};

const wait = (ms: number) => act(async () => new Promise((resolve) => setTimeout(resolve, ms)));
const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1) await wait(20);
  return container.querySelector(selector);
};
const click = async (selector: string) => {
  await act(() => (container.querySelector(selector) as HTMLElement).click());
  await wait(0);
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

describe('questionnaire card', () => {
  it('shows the card, opens the form, follows its condition, checks and sends the answers', async () => {
    stubServer({ answered: false });
    render(<App params={params} connect={connect} />, container);
    const shown = await until('[data-testid="questionnaire-card"]');
    expect(shown?.textContent).toContain('After-sales check');
    await until('[data-testid="questionnaire-fill"]');
    await click('[data-testid="questionnaire-fill"]');
    await until('[data-testid="questionnaire-item-buyer"]');
    // The condition hides "Why not?" until "no" is chosen.
    expect(container.querySelector('[data-testid="questionnaire-item-why"]')).toBeNull();
    await click('[data-testid="questionnaire-submit"]');
    expect(
      container.querySelector('[data-testid="questionnaire-item-buyer"] [role="alert"]')?.textContent,
    ).toBe('is required');
    expect(answers).toEqual([]);

    await click('input[name="buyer"][value="no"]');
    expect(container.querySelector('[data-testid="questionnaire-item-why"]')).not.toBeNull();
    await click('[data-testid="questionnaire-submit"]');
    expect(
      container.querySelector('[data-testid="questionnaire-item-why"] [role="alert"]')?.textContent,
    ).toBe('is required');
    const why = container.querySelector('[data-testid="questionnaire-input-why"]') as HTMLInputElement;
    await act(() => {
      why.value = 'Too dear';
      why.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click('[data-testid="questionnaire-input-stars"] [aria-label="4 of 5"]');
    await click('[data-testid="questionnaire-submit"]');
    await until('[data-testid="questionnaire-thanks"]');
    expect(answers).toEqual([
      {
        fid: 'form0001',
        tid: 't1',
        mid: 'card1',
        version: 2,
        answers: { buyer: 'no', why: 'Too dear', stars: '4' },
      },
    ]);

    await click('[data-testid="questionnaire-close"]');
    expect(await until('[data-testid="questionnaire-submitted"]')).not.toBeNull();
    expect(container.querySelector('[data-testid="questionnaire-fill"]')).toBeNull();
  });

  it('shows "Submitted" after a reload when the server says the card was answered', async () => {
    const fetch = stubServer({ answered: true });
    render(<App params={params} connect={connect} />, container);
    expect((await until('[data-testid="questionnaire-submitted"]'))?.textContent).toContain('Submitted');
    expect(fetch.mock.calls.map(([input]) => String(input))).toContainEqual(
      expect.stringContaining('/visitor/api/form/form0001?tid=t1&mid=card1'),
    );
  });

  it('shows the answered notice in the timeline', async () => {
    const notice: Message = {
      ...card,
      mid: 'n1',
      seq: 2,
      sender: { kind: 'system', id: '', nickname: '', avatar: '' },
      content: JSON.stringify({
        fid: 'form0001',
        version: 2,
        title: 'After-sales check',
        rid: 'r1',
        replyTo: 'card1',
      }),
    };
    stubServer({ answered: false, history: [card, notice] });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="questionnaire-submitted"]');
    expect(container.textContent).toContain('You submitted “After-sales check”');
  });
});

describe('after-chat survey', () => {
  const afterChat: Message = {
    ...card,
    mid: 'after1',
    seq: 3,
    localId: 'afterchat-1',
    sender: { kind: 'system', id: '', nickname: '', avatar: '' },
    content: JSON.stringify({ fid: 'form0001', version: 2, title: 'How did we do?', purpose: 'afterchat' }),
  };

  it('offers the survey sent at the close under the ended chat, and sends its answers with the thread', async () => {
    stubServer({ answered: false, history: [afterChat], status: 'closed' });
    render(<App params={params} connect={connect} />, container);
    const offer = await until('[data-testid="afterchat-survey"]');
    expect(offer?.textContent).toContain('One more thing: tell us how we did');
    expect(offer?.textContent).toContain('How did we do?');
    expect(container.querySelector('[data-testid="chat-closed"]')).not.toBeNull();
    // The card in the log says what it is.
    expect(container.querySelector('[data-testid="questionnaire-card"]')?.textContent).toContain('Survey');

    await click('[data-testid="afterchat-fill"]');
    await until('[data-testid="questionnaire-item-buyer"]');
    await click('input[name="buyer"][value="yes"]');
    await click('[data-testid="questionnaire-submit"]');
    await until('[data-testid="questionnaire-thanks"]');
    expect(answers).toEqual([
      { fid: 'form0001', tid: 't1', mid: 'after1', version: 2, answers: { buyer: 'yes' } },
    ]);
    await click('[data-testid="questionnaire-close"]');
    await until('[data-testid="questionnaire-submitted"]');
    expect(container.querySelector('[data-testid="afterchat-survey"]')).toBeNull();
  });

  it('is not offered once answered', async () => {
    const notice: Message = {
      ...afterChat,
      mid: 'n2',
      seq: 4,
      localId: '',
      content: JSON.stringify({
        fid: 'form0001',
        version: 2,
        title: 'How did we do?',
        rid: 'r9',
        replyTo: 'after1',
      }),
    };
    stubServer({ answered: true, history: [afterChat, notice], status: 'closed' });
    render(<App params={params} connect={connect} />, container);
    await until('[data-testid="questionnaire-submitted"]');
    expect(container.querySelector('[data-testid="afterchat-survey"]')).toBeNull();
    expect(container.querySelector('[data-testid="chat-closed"]')).not.toBeNull();
  });
});
