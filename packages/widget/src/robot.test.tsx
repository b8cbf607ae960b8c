import type { Message, RobotReply, Thread } from '@openkefu/contract';
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App, type WidgetParams } from './App.js';
import type { ChatSocket, connectChat } from './realtime.js';

/* A robot conversation (206) as the visitor sees it, against a stubbed server and a fake socket. */

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
  leaveMessageType: 'default',
  showForm: false,
  showCollectMobile: false,
  hideLogo: false,
  helpCenterSearch: false,
};

const robotThread = (overrides: Partial<Thread> = {}) =>
  ({
    tid: 't1',
    type: 'robot',
    status: 'robot',
    queuePosition: null,
    rated: false,
    seq: 1,
    cycle: 1,
    closeType: null,
    agent: { uid: 'r1', nickname: 'Robo', avatar: '' },
    ...overrides,
  }) as Thread;

const robotMessage = (seq: number, reply: RobotReply): Message => ({
  mid: `m${seq}`,
  tid: 't1',
  seq,
  type: 'robot',
  content: JSON.stringify(reply),
  imageUrl: '',
  thumbUrl: '',
  fileUrl: '',
  fileName: '',
  fileSize: 0,
  status: 'stored',
  client: 'web',
  localId: '',
  sender: { kind: 'robot', id: 'r1', nickname: 'Robo', avatar: '' },
  createdAt: seq,
});

const welcome = robotMessage(1, {
  kind: 'welcome',
  text: 'Hi, I am Robo. Ask me anything.',
  faqs: [
    { aid: 'f1', question: 'How do I get a refund?' },
    { aid: 'f2', question: 'Where is my parcel?' },
  ],
  quickButtons: [
    { qbid: 'q1', label: 'Order status', action: 'send', content: 'Where is my order?' },
    { qbid: 'q2', label: 'Shop', action: 'link', content: 'https://shop.example/orders' },
    { qbid: 'q3', label: 'Sneaky', action: 'link', content: 'javascript:alert(1)' },
    { qbid: 'q4', label: 'Talk to a person', action: 'transfer', content: '' },
  ],
});

const answer = (seq: number, overrides: Partial<Extract<RobotReply, { kind: 'answer' }>> = {}) =>
  robotMessage(seq, {
    kind: 'answer',
    question: 'refund please',
    source: 'faq',
    aid: 'f1',
    title: 'How do I get a refund?',
    answer:
      '<p>Refunds take <strong>7 days</strong>. <a href="https://shop.example/refund">Refund form</a></p>' +
      '<img src="x" onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">bad</a>' +
      '<img src="/uploads/chart.png" alt="Refund steps" width="50%">',
    url: '',
    related: [{ aid: 'f3', question: 'Can I cancel an order?' }],
    rating: null,
    ...overrides,
  });

let container: HTMLDivElement;
let requests: { path: string; body: unknown }[];

/** The server: a 206 robot chat whose log is `history`; `routes` adds or overrides answers. */
const stubServer = (history: Message[], routes: Record<string, (body: unknown) => unknown> = {}) => {
  requests = [];
  const all: Record<string, (body: unknown) => unknown> = {
    '/visitor/api/init': () => ({ token: 'visitor-token', visitor: { vid: 'v1', mobile: '1' } }),
    '/visitor/api/form': () => ({ required: false, title: '', fields: [] }),
    '/visitor/api/thread/request': () => ({
      code: 206,
      tip: 'Hi, I am Robo. Ask me anything.',
      thread: robotThread({ seq: history.length }),
      settings,
    }),
    '/visitor/api/message/history': () => ({ messages: history, hasMore: false }),
    '/visitor/api/leavemsg': () => [],
    ...routes,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://localhost').pathname;
      const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
      requests.push({ path, body });
      const handler = all[path];
      if (!handler) return new Response(JSON.stringify({ message: 'not found' }), { status: 404 });
      return new Response(JSON.stringify({ message: 'success', status_code: 200, data: handler(body) }));
    }),
  );
};

type Handlers = Parameters<typeof connectChat>[2];

const fakeSocket = () => {
  const sent: { content?: string }[] = [];
  let handlers: Handlers | null = null;
  let seq = 100;
  const connect: typeof connectChat = (_base, _token, given) => {
    handlers = given;
    queueMicrotask(() => given.onConnection(true, false));
    return {
      socket: {} as ChatSocket['socket'],
      send: async (payload) => {
        sent.push(payload);
        seq += 1;
        return {
          ...welcome,
          mid: `v${seq}`,
          seq,
          type: 'text',
          content: payload.content ?? '',
          localId: payload.localId,
          sender: { kind: 'visitor', id: 'v1', nickname: '', avatar: '' },
        };
      },
      sync: async () => ({ messages: [], hasMore: false }),
      receipt: () => undefined,
      typing: () => undefined,
      close: () => undefined,
    } satisfies ChatSocket;
  };
  const emit = (push: (given: Handlers) => void) =>
    act(() => {
      push(handlers as Handlers);
    });
  return { sent, connect, emit };
};

const settle = async () => {
  for (let round = 0; round < 5; round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
};

const until = async (selector: string) => {
  for (let round = 0; round < 100 && !container.querySelector(selector); round += 1)
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(container.querySelector(selector)).not.toBeNull();
};

const buttonNamed = (name: string) => {
  const found = [...container.querySelectorAll('button')].find(
    (button) => (button.getAttribute('aria-label') ?? button.textContent) === name,
  );
  if (!found) throw new Error(`no button named ${name}`);
  return found;
};

const click = async (element: Element) => {
  await act(() => {
    (element as HTMLElement).click();
  });
  await settle();
};

const start = async (history: Message[], routes: Record<string, (body: unknown) => unknown> = {}) => {
  stubServer(history, routes);
  const socket = fakeSocket();
  render(<App params={params} connect={socket.connect} />, container);
  await until('[data-testid="chat-message"][data-type="robot"]');
  return socket;
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

describe('the robot in the widget', () => {
  it('shows its welcome once with the FAQs; a FAQ is asked as the visitor’s text', async () => {
    const socket = await start([welcome]);
    const row = container.querySelector('[data-testid="chat-message"]') as HTMLElement;
    expect(row.querySelector('.okw-sender')?.textContent).toBe('Robo');
    expect(row.textContent).toContain('Hi, I am Robo. Ask me anything.');
    // The 206 tip is the welcome itself: not repeated as a notice.
    expect(container.querySelector('[data-testid="chat-notice"]')).toBeNull();
    expect(container.querySelector('[role="group"][aria-label="Frequently asked questions"]')).not.toBeNull();
    await click(buttonNamed('Where is my parcel?'));
    expect(socket.sent).toMatchObject([{ tid: 't1', type: 'text', content: 'Where is my parcel?' }]);
    expect(container.querySelector('[data-testid="robot-transfer"]')?.textContent).toBe('Talk to a person');
  });

  it('shows typing under the robot’s name while it thinks', async () => {
    const socket = await start([welcome]);
    await socket.emit((on) => on.onTyping('t1'));
    expect(container.querySelector('[data-testid="chat-typing"]')?.textContent).toBe('Robo is typing…');
    await socket.emit((on) => on.onMessage(answer(2)));
    expect(container.querySelector('[data-testid="chat-typing"]')).toBeNull();
  });

  it('offers quick buttons: send as text, open only http(s) links in a new tab, transfer to a person', async () => {
    const socket = await start([welcome], {
      '/visitor/api/robot/transfer': () => ({
        code: 202,
        tip: 'Please wait for an agent',
        thread: robotThread({ status: 'queuing', type: 'robot_to_agent', queuePosition: 3 }),
        settings,
      }),
    });
    const group = container.querySelector('[role="group"][aria-label="Quick options"]') as HTMLElement;
    expect(group).not.toBeNull();
    await click(buttonNamed('Order status'));
    expect(socket.sent.at(-1)).toMatchObject({ content: 'Where is my order?' });
    const link = [...group.querySelectorAll('a')];
    expect(link.map((anchor) => anchor.getAttribute('href'))).toEqual(['https://shop.example/orders']);
    expect(link[0]?.getAttribute('target')).toBe('_blank');
    expect(link[0]?.getAttribute('rel')).toContain('noopener');
    expect(group.textContent).not.toContain('Sneaky');

    await click(buttonNamed('Talk to a person'));
    expect(requests.filter((request) => request.path === '/visitor/api/robot/transfer')).toEqual([
      { path: '/visitor/api/robot/transfer', body: { tid: 't1' } },
    ]);
    await until('[data-testid="chat-queue"]');
    expect(container.querySelector('[data-testid="chat-queue"]')?.textContent).toContain('number 3');
    expect(container.textContent).toContain('Please wait for an agent');
    // With a person on the way the robot's buttons rest, and the header button goes.
    expect(container.querySelector('[data-testid="robot-transfer"]')).toBeNull();
    expect(buttonNamed('Order status').disabled).toBe(true);
    expect(container.querySelectorAll('[data-testid="chat-message"][data-type="robot"]')).toHaveLength(1);
  });

  it('renders an answer as contained rich text, with related questions and one rating', async () => {
    const rated = {
      ...answer(2),
      content: JSON.stringify({ ...JSON.parse(answer(2).content), rating: 'useless' }),
    };
    const socket = await start([welcome, answer(2)], { '/visitor/api/robot/rate': () => rated });
    const box = container.querySelector('[data-testid="robot-answer"]') as HTMLElement;
    expect(box.querySelector('strong')?.textContent).toBe('7 days');
    expect(box.querySelector('script, [onerror], img[src="x"]')).toBeNull();
    expect(box.querySelector('img')?.getAttribute('alt')).toBe('Refund steps');
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/uploads/chart.png');
    expect(box.textContent).not.toContain('alert(2)');
    const links = [...box.querySelectorAll('a')];
    expect(links.map((anchor) => anchor.getAttribute('href'))).toEqual(['https://shop.example/refund', null]);
    for (const anchor of links) {
      expect(anchor.getAttribute('target')).toBe('_blank');
      expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
    }
    // A FAQ answer has no article page to read on.
    expect(container.querySelector('[data-testid="robot-more"]')).toBeNull();

    await click(buttonNamed('Can I cancel an order?'));
    expect(socket.sent.at(-1)).toMatchObject({ content: 'Can I cancel an order?' });

    const rating = container.querySelector('[role="group"][aria-label="Did this help?"]') as HTMLElement;
    expect(rating).not.toBeNull();
    await click(buttonNamed('Not helpful'));
    expect(requests.find((request) => request.path === '/visitor/api/robot/rate')?.body).toEqual({
      tid: 't1',
      mid: 'm2',
      helpful: false,
    });
    const [helpful, useless] = [buttonNamed('Helpful'), buttonNamed('Not helpful')];
    expect(helpful.disabled && useless.disabled).toBe(true);
    expect(useless.getAttribute('aria-pressed')).toBe('true');
    expect(helpful.getAttribute('aria-pressed')).toBe('false');
    expect(rating.textContent).toContain('Thanks for your feedback!');
    // The server's push of the same message keeps it rated.
    await socket.emit((on) => on.onMessage(rated));
    expect(buttonNamed('Not helpful').disabled).toBe(true);
  });

  it('links an article answer to its help-centre page and shows a stored rating', async () => {
    await start([
      welcome,
      answer(2, {
        source: 'article',
        aid: 'a1',
        url: '/help/acme/article/a1',
        rating: 'helpful',
        related: [],
      }),
    ]);
    const more = container.querySelector('[data-testid="robot-more"]') as HTMLAnchorElement;
    expect(more.getAttribute('href')).toBe('/help/acme/article/a1');
    expect(more.getAttribute('target')).toBe('_blank');
    expect(more.textContent).toContain('Read more');
    expect(buttonNamed('Helpful').getAttribute('aria-pressed')).toBe('true');
    expect(buttonNamed('Helpful').disabled).toBe(true);
  });

  it('offers "did you mean" candidates and the not-found tip with FAQs to try', async () => {
    const socket = await start([
      welcome,
      robotMessage(2, {
        kind: 'suggest',
        question: 'refnd',
        text: '',
        candidates: [
          { source: 'faq', aid: 'f1', question: 'How do I get a refund?' },
          { source: 'article', aid: 'a9', question: 'Refund policy' },
        ],
      }),
      robotMessage(3, {
        kind: 'none',
        question: 'zebra',
        text: 'Sorry, I do not know that yet.',
        faqs: [{ aid: 'f4', question: 'Opening hours' }],
      }),
    ]);
    const suggest = container.querySelector('[role="group"][aria-label="Did you mean:"]') as HTMLElement;
    expect([...suggest.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'How do I get a refund?',
      'Refund policy',
    ]);
    await click(buttonNamed('Refund policy'));
    expect(socket.sent.at(-1)).toMatchObject({ content: 'Refund policy' });
    expect(container.textContent).toContain('Sorry, I do not know that yet.');
    await click(buttonNamed('Opening hours'));
    expect(socket.sent.at(-1)).toMatchObject({ content: 'Opening hours' });
  });

  it('sends the visitor to the leave-message form when nobody can take the chat', async () => {
    await start([welcome], {
      '/visitor/api/robot/transfer': () => ({
        code: 204,
        tip: 'We are offline, leave a message',
        thread: robotThread({ status: 'offline', type: 'robot_to_agent' }),
        settings,
      }),
    });
    await click(container.querySelector('[data-testid="robot-transfer"]') as HTMLElement);
    await until('[data-testid="leave-form"]');
    expect(container.querySelector('[data-testid="leave-tip"]')?.textContent).toBe(
      'We are offline, leave a message',
    );
    expect(requests.filter((request) => request.path === '/visitor/api/message/history')).toHaveLength(1);
  });

  it('follows a hand-over by keyword to the leave-message form, and says it in Chinese', async () => {
    stubServer([welcome]);
    const socket = fakeSocket();
    render(<App params={{ ...params, language: 'zh-CN' }} connect={socket.connect} />, container);
    await until('[data-testid="robot-transfer"]');
    expect(container.querySelector('[data-testid="robot-transfer"]')?.textContent).toBe('转人工');
    expect(container.querySelector('[role="group"][aria-label="常见问题"]')).not.toBeNull();
    await socket.emit((on) => on.onThread(robotThread({ status: 'offline', closeType: 'offline' })));
    await until('[data-testid="leave-form"]');
    expect(container.querySelector('[data-testid="leave-tip"]')?.textContent).toBe('We are away');
  });

  it('says why "Talk to a person" failed and lets the visitor try again', async () => {
    await start([welcome], {});
    await click(container.querySelector('[data-testid="robot-transfer"]') as HTMLElement);
    expect(container.querySelector('[data-testid="robot-transfer-error"]')?.textContent).toContain(
      'Could not reach a person',
    );
    expect((container.querySelector('[data-testid="robot-transfer"]') as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('writes a large-model answer as it streams, then shows it with its sources and rating', async () => {
    const socket = await start([welcome], {
      '/visitor/api/robot/rate': (body) => ({
        ...generated,
        content: JSON.stringify({ ...reply, rating: 'helpful' }),
        body,
      }),
    });
    const reply: RobotReply = {
      kind: 'generated',
      question: 'how long is a refund?',
      answer: '<p>Up to <strong>seven days</strong> [1].</p>',
      streamId: 's1',
      sources: [
        { source: 'faq', aid: 'f1', title: 'How do I get a refund?', url: '' },
        { source: 'article', aid: 'a1', title: 'Refund policy', url: '/help/acme/article/a1' },
        { source: 'article', aid: 'a2', title: 'Sneaky', url: 'javascript:alert(1)' },
      ],
      rating: null,
    };
    const generated = robotMessage(3, reply);
    // Pieces may arrive out of order; the bubble shows them in order.
    await socket.emit((on) =>
      on.onRobotStream?.({ tid: 't1', streamId: 's1', index: 1, delta: 'seven days' }),
    );
    await socket.emit((on) => on.onRobotStream?.({ tid: 't1', streamId: 's1', index: 0, delta: 'Up to ' }));
    await socket.emit((on) =>
      on.onRobotStream?.({ tid: 't9', streamId: 's9', index: 0, delta: 'other chat' }),
    );
    expect(container.querySelector('[data-testid="robot-stream"]')?.textContent).toBe('Up to seven days');
    expect(container.querySelectorAll('[data-testid="robot-stream"]')).toHaveLength(1);

    await socket.emit((on) => on.onMessage(generated));
    expect(container.querySelector('[data-testid="robot-stream"]')).toBeNull();
    // A late piece of a finished stream does not bring the bubble back.
    await socket.emit((on) => on.onRobotStream?.({ tid: 't1', streamId: 's1', index: 2, delta: ' late' }));
    expect(container.querySelector('[data-testid="robot-stream"]')).toBeNull();
    const row = container.querySelector(
      '[data-testid="chat-message"][data-type="robot"]:last-of-type',
    ) as HTMLElement;
    expect(row.querySelector('[data-testid="robot-answer"] strong')?.textContent).toBe('seven days');
    const links = [...row.querySelectorAll('[data-testid="robot-sources"] a')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/help/acme/article/a1']);
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    await click(buttonNamed('How do I get a refund?'));
    expect(socket.sent.at(-1)).toMatchObject({ content: 'How do I get a refund?' });
    await click(row.querySelector('[data-testid="robot-helpful"]') as Element);
    expect(requests.find((request) => request.path === '/visitor/api/robot/rate')?.body).toEqual({
      tid: 't1',
      mid: 'm3',
      helpful: true,
    });
  });

  it('asks for a name and mobile once, checks them, and thanks the visitor', async () => {
    const lead = robotMessage(2, { kind: 'lead', text: '', done: false, name: '', mobile: '' });
    await start([welcome, lead], {
      '/visitor/api/robot/lead': () =>
        robotMessage(2, { kind: 'lead', text: '', done: true, name: 'Lin Wei', mobile: '138****8000' }),
    });
    const form = container.querySelector('[data-testid="robot-lead"]') as HTMLFormElement;
    expect(form.textContent).toContain('Leave your name and mobile number and we will get back to you.');
    const [name, mobile] = [...form.querySelectorAll('input')] as HTMLInputElement[];
    const type = async (input: HTMLInputElement | undefined, value: string) => {
      await act(() => {
        if (!input) return;
        input.value = value;
        input.dispatchEvent(new Event('input', { bubbles: true }));
      });
    };
    const submit = async () => {
      await act(() => {
        form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
      await settle();
    };
    await submit();
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('Please enter your name.');
    await type(name, 'Lin Wei');
    await type(mobile, 'call me');
    await submit();
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('Please enter a phone number.');
    expect(requests.some((request) => request.path === '/visitor/api/robot/lead')).toBe(false);
    await type(mobile, '138 0013 8000');
    await submit();
    expect(requests.find((request) => request.path === '/visitor/api/robot/lead')?.body).toEqual({
      tid: 't1',
      mid: 'm2',
      name: 'Lin Wei',
      mobile: '138 0013 8000',
    });
    await until('[data-kind="lead"] p');
    expect(container.querySelector('[data-kind="lead"]')?.textContent).toBe(
      'Thank you, Lin Wei. We will contact you at 138****8000.',
    );
  });
});
