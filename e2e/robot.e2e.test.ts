import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 14 in Chromium: a visitor asks the robot in Chinese and in English, marks an answer
 * unhelpful, types 人工 and is handed to an agent who reads the robot part; the question the
 * robot missed shows up in training and, once added to a FAQ, is answered next time.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('the robot: widget, hand-over and training', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let agent = '';
  let wid = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  const openVisitor = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 400, height: 760 }, locale: 'en-US' });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    await page.getByText('Hi, I am Robo. Ask me anything.').waitFor();
    return page;
  };

  const robotAnswers = (visitor: Page) =>
    visitor.getByTestId('chat-messages').locator('[data-testid="chat-message"][data-type="robot"]');

  /** Asks and waits for the robot's next message; answers with it. */
  const ask = async (visitor: Page, text: string) => {
    const before = await robotAnswers(visitor).count();
    await visitor.getByTestId('chat-input').fill(text);
    await visitor.getByTestId('chat-input').press('Enter');
    await eventually(() => robotAnswers(visitor).count()).toBe(before + 1);
    return robotAnswers(visitor).last();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    const robot = await api<{ uid: string }>('/api/user/create/robot', admin, {
      nickname: 'Robo',
      robotType: 'before',
      welcomeTip: 'Hi, I am Robo. Ask me anything.',
    });
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Robot desk',
        welcomeTip: 'Welcome!',
        offlineTip: 'Nobody is here right now, please leave a message.',
        defaultRobot: true,
        robotUid: robot.uid,
        showRobotFaq: true,
        showRobotFaqNotFound: true,
        robotAnswerNotFoundTip: 'Sorry, I do not know that one yet.',
      })
    ).wid;
    await api('/api/user/create', admin, {
      username: 'carol',
      password: 'password-123',
      nickname: 'Carol',
      workGroups: [wid],
    });
    agent = await passwordToken(server.baseUrl, 'carol', 'password-123');
    await api('/api/faq/create', admin, {
      question: 'How long does a refund take?',
      similarQuestions: ['退款要多久到账'],
      answer: '<p>Refunds reach your card within <strong>7 days</strong>.</p>',
      welcome: true,
    });
    // 人工 is one of the transfer keywords every organisation starts with (robot.defaults.ts).
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('answers in English and Chinese, takes a rating, and hands over to an agent who reads it all', async () => {
    const context = await contextWith(browser, tokenState(server.baseUrl, agent));
    contexts.push(context);
    const workbench = await context.newPage();
    await workbench.goto(`${server.baseUrl}/admin/agent`);
    await workbench.getByTestId('agent-status-select').click();
    await workbench
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();

    const visitor = await openVisitor();
    // The welcome offers its FAQs; a click asks one.
    await visitor.getByRole('button', { name: 'How long does a refund take?' }).click();
    await eventually(() => robotAnswers(visitor).count()).toBe(2);
    const english = await ask(visitor, 'how long will my refund take');
    await english.getByText('7 days').waitFor();
    const chinese = await ask(visitor, '请问退款多久能到账');
    await chinese.getByText('7 days').waitFor();
    await chinese.getByTestId('robot-useless').click();
    await eventually(() => chinese.getByTestId('robot-useless').getAttribute('aria-pressed')).toBe('true');
    const missed = await ask(visitor, 'where is my parcel tracking number');
    await missed.getByText('Sorry, I do not know that one yet.').waitFor();
    await screenshot(visitor, 'robot-widget');

    await visitor.getByTestId('chat-input').fill('人工');
    await visitor.getByTestId('chat-input').press('Enter');
    await workbench.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    const log = workbench.getByTestId('message-list');
    await log.getByText('where is my parcel tracking number', { exact: true }).waitFor();
    await eventually(() => log.getByTestId('robot-message').count()).toBeGreaterThanOrEqual(5);
    await log.getByText('Not helpful').waitFor();
    await screenshot(workbench, 'robot-handed-over');
    await workbench.getByTestId('composer-input').fill('Hi, Carol here. Let me find your parcel.');
    await workbench.getByTestId('composer-send').click();
    await visitor.getByText('Hi, Carol here. Let me find your parcel.').waitFor();
    await expect(visitor.getByTestId('robot-transfer').count()).resolves.toBe(0);
  });

  it('puts the missed question in training; added to a FAQ, it is answered next time', async () => {
    type Group = { question: string; questions: string[]; keys: string[] };
    const queue = await api<Group[]>('/api/robot/training', admin);
    const parcel = queue.find((group) => group.questions.includes('where is my parcel tracking number'));
    expect(parcel).toBeDefined();
    const tracking = await api<{ aid: string }>('/api/faq/create', admin, {
      question: 'How can I track my order?',
      answer: '<p>Open <em>My orders</em> and press Track.</p>',
    });
    await api('/api/robot/training/resolve', admin, {
      keys: parcel?.keys,
      action: 'similar',
      faqAid: tracking.aid,
      questions: parcel?.questions,
    });
    const again = await api<Group[]>('/api/robot/training', admin);
    expect(again.some((group) => group.questions.includes('where is my parcel tracking number'))).toBe(false);

    const visitor = await openVisitor();
    const answer = await ask(visitor, 'where is my parcel tracking number');
    await answer.getByText('My orders').waitFor();
  });
});
