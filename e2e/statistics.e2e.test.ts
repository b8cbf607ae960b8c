import ExcelJS from 'exceljs';
import type { Thread, ThreadRequestResult, Transfer, VisitorInitResult } from '@openkefu/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.js';
import { passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 17 in Chromium, statistics of online service: a day of conversations through the real
 * product — a widget visitor answered at once and rating 5, a visitor who queues behind her, is
 * taken when she leaves, transferred to a colleague and rates 2, a visitor who gives up in the
 * queue, and a reopened conversation. The test counts what it did; the analysis page's cards, a
 * drill-down and the Excel export must say the same. The console runs in Shanghai time (the
 * server's rollups are in UTC hours), so the report's days are the viewer's own.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

const TIME_ZONE = 'Asia/Shanghai';

type Envelope<T> = { data: T };
type Ack<T> = { ok: true; data: T } | { ok: false; status: number; message: string };

/** What the test did, counted as it happened (the expected figures come only from here). */
type Tally = {
  started: number;
  reopened: number;
  queued: number;
  accepted: number;
  abandoned: number;
  transferred: number;
  closedByAgent: number;
  closedByVisitor: number;
  visitorMessages: number;
  agentMessages: number;
  scores: number[];
  /** The one conversation taken from the queue: its wait lies between these bounds (ms). */
  queueWait: Bounds | null;
  /** Each first response: request (or reopening) → the agent's first message, between bounds (ms). */
  firstResponses: Bounds[];
};

/** A duration the test cannot read off a clock it owns, bounded by the moments around both ends. */
type Bounds = { min: number; max: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "42 s", "2 min 5 s", "1 h 3 min" (the console's duration text, en-US) in seconds. */
const secondsOf = (text: string): number => {
  const hours = /(\d+) h/.exec(text)?.[1];
  const minutes = /(\d+) min/.exec(text)?.[1];
  const seconds = /(\d+) s/.exec(text)?.[1];
  if (hours === undefined && minutes === undefined && seconds === undefined)
    throw new Error(`not a duration: ${text}`);
  return Number(hours ?? 0) * 3600 + Number(minutes ?? 0) * 60 + Number(seconds ?? 0);
};

describe.skipIf(!hasChromium)('statistics: a scripted day, counted by the test and by the product', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let wid = '';
  const contexts: BrowserContext[] = [];
  const sockets: Socket[] = [];

  const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  const connect = async (auth: { kind: 'agent' | 'visitor'; token: string }): Promise<Socket> => {
    const socket = io(server.baseUrl, { path: '/socket.io/', transports: ['websocket'], auth });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  };

  const emit = async <T>(socket: Socket, event: string, payload: unknown): Promise<T> => {
    const answer = (await socket.timeout(5000).emitWithAck(event, payload)) as Ack<T>;
    if (!answer.ok) throw new Error(`${event}: ${answer.status} ${answer.message}`);
    return answer.data;
  };

  let sent = 0;
  const say = (socket: Socket, tid: string, content: string) =>
    emit(socket, 'message:send', { tid, localId: `m-${(sent += 1)}`, type: 'text', content });

  const agent = async (username: string, nickname: string) => {
    const { uid } = await api<{ uid: string }>('/api/user/create', admin, {
      username,
      password: 'password-123',
      nickname,
      maxThreadCount: 1,
      workGroups: [wid],
    });
    return { token: await passwordToken(server.baseUrl, username, 'password-123'), uid, nickname };
  };

  const online = async (token: string): Promise<Socket> => {
    const socket = await connect({ kind: 'agent', token });
    await emit(socket, 'agent:status', { status: 'online' });
    return socket;
  };

  const visitor = async (nickname: string) => {
    const { token } = await api<VisitorInitResult>('/visitor/api/init', '', {
      org: 'openkefu',
      nickname,
      page: 'https://shop.example/orders',
    });
    return { token, nickname, socket: await connect({ kind: 'visitor', token }) };
  };

  const requestChat = (token: string) =>
    api<ThreadRequestResult>('/visitor/api/thread/request', token, { wid });

  const consolePage = async (path: string): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      timezoneId: TIME_ZONE,
      acceptDownloads: true,
      storageState: tokenState(server.baseUrl, admin),
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  /** The KPI card's figure as shown (antd Statistic; the title carries an info icon after a space). */
  const kpi = (page: Page, title: string): Locator =>
    page
      .locator('.ant-statistic')
      .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}\\s*$`) }) })
      .locator('.ant-statistic-content-value');

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Orders',
        welcomeTip: 'Welcome to Acme orders!',
        offlineTip: 'Please leave a message.',
        forceRate: true,
      })
    ).wid;
  });

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('the cards, a drill-down and the Excel export equal what the test counted', async () => {
    const tally: Tally = {
      started: 0,
      reopened: 0,
      queued: 0,
      accepted: 0,
      abandoned: 0,
      transferred: 0,
      closedByAgent: 0,
      closedByVisitor: 0,
      visitorMessages: 0,
      agentMessages: 0,
      scores: [],
      queueWait: null,
      firstResponses: [],
    };
    /** Accepted conversations and accepted transfers per agent nickname (the leaderboard's rows). */
    const acceptedBy = new Map<string, number>();
    const transfersTo = new Map<string, number>();
    const credit = (map: Map<string, number>, name: string) => map.set(name, (map.get(name) ?? 0) + 1);

    const [erin, frank] = [await agent('erin', 'Erin'), await agent('frank', 'Frank')];
    const erinSocket = await online(erin.token);

    // 1. Alice chats in the widget: Erin (the only one online, one conversation at a time) takes her.
    const aliceContext = await browser.newContext({
      viewport: { width: 400, height: 760 },
      locale: 'en-US',
      timezoneId: TIME_ZONE,
    });
    contexts.push(aliceContext);
    const alice = await aliceContext.newPage();
    const aliceOpensAt = Date.now();
    await alice.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    await alice.getByText('Welcome to Acme orders!').waitFor();
    await alice.getByTestId('chat-input').fill('Where is my parcel?');
    await alice.getByTestId('chat-input').press('Enter');
    tally.visitorMessages += 1;
    await eventually(
      async () => (await api<{ content: Thread[] }>('/api/thread/mine?kind=current', erin.token)).content,
    ).toHaveLength(1);
    const aliceSeenAt = Date.now();
    const [aliceThread] = (await api<{ content: Thread[] }>('/api/thread/mine?kind=current', erin.token))
      .content;
    if (!aliceThread) throw new Error('Erin has no conversation');
    tally.started += 1;
    tally.accepted += 1;
    credit(acceptedBy, erin.nickname);
    const aliceName = aliceThread.visitor.nickname;
    expect(aliceName).not.toBe('');
    const erinAnswersAt = Date.now();
    await say(erinSocket, aliceThread.tid, 'It left our warehouse this morning.');
    tally.agentMessages += 1;
    // Alice's conversation began after the page opened and before Erin's list showed it.
    tally.firstResponses.push({ min: erinAnswersAt - aliceSeenAt, max: Date.now() - aliceOpensAt });
    await alice.getByText('It left our warehouse this morning.').waitFor();

    // 2. Bob asks while Erin is busy: he queues.
    const bob = await visitor('Bob Queue');
    const bobAskedAt = Date.now();
    const bobRequest = await requestChat(bob.token);
    const bobAnsweredAt = Date.now();
    expect(bobRequest.code).toBe(202);
    const bobTid = bobRequest.thread?.tid ?? '';
    tally.started += 1;
    tally.queued += 1;

    // 3. Carol queues behind him, writes once and gives up.
    const carol = await visitor('Carol Gone');
    const carolRequest = await requestChat(carol.token);
    expect(carolRequest.code).toBe(202);
    const carolTid = carolRequest.thread?.tid ?? '';
    tally.started += 1;
    tally.queued += 1;
    await say(carol.socket, carolTid, 'Anyone there?');
    tally.visitorMessages += 1;
    await api('/visitor/api/thread/close', carol.token, { tid: carolTid });
    tally.closedByVisitor += 1;
    tally.abandoned += 1;
    // Bob waits a while longer, so his queue time is seconds, not milliseconds.
    await sleep(2500);

    // 4. Erin closes Alice's conversation; Alice rates 5 in the widget; Bob is taken from the queue.
    const erinClosesAt = Date.now();
    await api('/api/thread/close', erin.token, { tid: aliceThread.tid });
    const erinClosedAt = Date.now();
    tally.closedByAgent += 1;
    await alice.getByTestId('rate-form').waitFor();
    await alice.getByTestId('rate-score-5').click();
    await alice.getByTestId('rate-submit').click();
    await alice.getByText('Thank you for your rating!').waitFor();
    tally.scores.push(5);
    const bobNow = await api<{ content: Thread[] }>('/api/thread/mine?kind=current', erin.token);
    expect(bobNow.content.map((thread) => thread.tid)).toEqual([bobTid]);
    tally.accepted += 1;
    credit(acceptedBy, erin.nickname);
    // Queued at the request, taken during the close that freed Erin.
    tally.queueWait = { min: erinClosesAt - bobAnsweredAt, max: erinClosedAt - bobAskedAt };

    // 5. Bob and Erin talk; Frank comes online and takes the conversation over; Frank closes it.
    await say(bob.socket, bobTid, 'My order 1042 is late.');
    tally.visitorMessages += 1;
    const erinAnswersBobAt = Date.now();
    await say(erinSocket, bobTid, 'Let me ask our shipping desk.');
    tally.agentMessages += 1;
    tally.firstResponses.push({ min: erinAnswersBobAt - bobAnsweredAt, max: Date.now() - bobAskedAt });
    const frankSocket = await online(frank.token);
    const transfer = await api<Transfer>('/api/thread/transfer', erin.token, {
      tid: bobTid,
      uid: frank.uid,
      note: 'Shipping question',
    });
    await api('/api/thread/transfer/respond', frank.token, { id: transfer.id, accept: true });
    tally.transferred += 1;
    credit(transfersTo, frank.nickname);
    await say(frankSocket, bobTid, 'Frank from shipping: it goes out today.');
    tally.agentMessages += 1;
    await api('/api/thread/close', frank.token, { tid: bobTid });
    tally.closedByAgent += 1;
    await api('/visitor/api/rate', bob.token, { tid: bobTid, score: 2, note: 'Too slow' });
    tally.scores.push(2);

    // 6. Bob comes back to the same conversation (a new care cycle) and leaves before anyone writes.
    const again = await requestChat(bob.token);
    expect(again.code).toBe(200);
    expect(again.thread).toMatchObject({ tid: bobTid, cycle: 2 });
    tally.started += 1;
    tally.reopened += 1;
    tally.accepted += 1;
    credit(acceptedBy, again.thread?.agent?.nickname ?? '?');
    await api('/visitor/api/thread/close', bob.token, { tid: bobTid });
    tally.closedByVisitor += 1;

    // The figures, from the tally alone.
    const closed = tally.closedByAgent + tally.closedByVisitor;
    const ratings = tally.scores.length;
    const average = tally.scores.reduce((sum, score) => sum + score, 0) / ratings;
    const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
    const missed = tally.abandoned; // nobody (agent or robot) took Carol
    expect({ started: tally.started, closed, ratings, average, missed }).toEqual({
      started: 4,
      closed: 4,
      ratings: 2,
      average: 3.5,
      missed: 1,
    });

    // The analysis page (last 30 days in Shanghai, the default period).
    const page = await consolePage('/stable/statictic/analysis');
    await eventually(() => kpi(page, 'New conversations').innerText()).toBe(String(tally.started));
    expect(await kpi(page, 'Accepted').innerText()).toBe(String(tally.accepted));
    expect(await kpi(page, 'Missed').innerText()).toBe(String(missed));
    expect(await kpi(page, 'Abandonment rate').innerText()).toBe(percent(tally.abandoned / tally.queued));
    expect(await kpi(page, 'Transferred').innerText()).toBe(String(tally.transferred));
    expect(await kpi(page, 'Reopened').innerText()).toBe(String(tally.reopened));
    expect(await kpi(page, 'Average satisfaction').innerText()).toBe(String(average));
    const queueWait = tally.queueWait;
    if (!queueWait) throw new Error('nobody was taken from the queue');
    const firstResponse: Bounds = {
      min: tally.firstResponses.reduce((sum, bounds) => sum + bounds.min, 0) / tally.firstResponses.length,
      max: tally.firstResponses.reduce((sum, bounds) => sum + bounds.max, 0) / tally.firstResponses.length,
    };
    expect(queueWait.min).toBeGreaterThanOrEqual(2000);
    // Durations read as whole seconds ("3 s").
    for (const [title, bounds] of [
      ['Average queue time', queueWait],
      ['Average first response', firstResponse],
    ] as const) {
      const shown = secondsOf(await kpi(page, title).innerText());
      const within = `${title}: ${shown} s, the test saw ${bounds.min}–${bounds.max} ms`;
      expect(shown, within).toBeGreaterThanOrEqual(Math.floor(bounds.min / 1000));
      expect(shown, within).toBeLessThanOrEqual(Math.ceil(bounds.max / 1000));
    }
    // The satisfaction chart's caption (its figure's accessible name).
    await page
      .getByRole('figure', {
        name: `${ratings} ratings, average ${average}, ${percent(ratings / closed)} of closed conversations rated.`,
        exact: true,
      })
      .waitFor();

    // The leaderboard: conversations each agent accepted, transfers counted for who took over.
    const leaderboard = page.locator('.ant-card').filter({ hasText: 'Agent leaderboard' });
    for (const name of [erin.nickname, frank.nickname]) {
      const cells = await leaderboard
        .locator('.ant-table-row')
        .filter({ has: page.getByRole('cell', { name, exact: true }) })
        .getByRole('cell')
        .allInnerTexts();
      // Rank, agent, accepted, closed, transferred, …
      expect([name, cells[2], cells[4]]).toEqual([
        name,
        String(acceptedBy.get(name) ?? 0),
        String(transfersTo.get(name) ?? 0),
      ]);
    }
    await screenshot(page, 'statistics-analysis');

    // Drill-down: the conversations behind "New conversations" and behind "Missed".
    await page.getByRole('button', { name: 'Conversations behind New conversations', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Conversations behind “New conversations”' });
    await drawer.getByText(`${tally.started} conversations`, { exact: false }).waitFor();
    const rows = drawer.locator('.ant-table-row');
    await eventually(() => rows.count()).toBe(tally.started);
    // Newest first: Bob's second cycle, then Carol, Bob and Alice.
    const visitorsListed = await rows.locator('td:nth-child(2)').allInnerTexts();
    expect(visitorsListed).toEqual(['Bob Queue', 'Carol Gone', 'Bob Queue', aliceName]);
    const cycles = await rows.locator('td:nth-child(7)').allInnerTexts();
    expect(cycles).toEqual(['2', '1', '1', '1']);
    await screenshot(page, 'statistics-drill');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Conversations behind Missed', exact: true }).click();
    const missedDrawer = page.getByRole('dialog', { name: 'Conversations behind “Missed”' });
    await eventually(() => missedDrawer.locator('.ant-table-row').count()).toBe(missed);
    expect(await missedDrawer.locator('.ant-table-row td:nth-child(2)').allInnerTexts()).toEqual([
      'Carol Gone',
    ]);
    await page.keyboard.press('Escape');
    await missedDrawer.waitFor({ state: 'hidden' });

    // Excel: the export of the page's report opens with the same numbers.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Excel' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^online-statistics-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx$/,
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('the workbook has no sheet');
    const values = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    const [header = [], ...body] = values;
    const total = body.find((row) => row[0] === 'Total');
    if (!total) throw new Error(`no total row in ${JSON.stringify(values)}`);
    const column = (label: string) => {
      const index = header.indexOf(label);
      if (index < 0) throw new Error(`no column ${label} in ${JSON.stringify(header)}`);
      return index;
    };
    const cell = (label: string) => total[column(label)];
    expect({
      new: cell('New conversations'),
      reopened: cell('Reopened'),
      queued: cell('Queued'),
      accepted: cell('Accepted'),
      missed: cell('Missed'),
      abandoned: cell('Abandoned in queue'),
      abandonmentRate: cell('Abandonment rate'),
      transferred: cell('Transferred'),
      closed: cell('Closed'),
      closedByAgent: cell('Closed by agent'),
      closedByVisitor: cell('Closed by visitor'),
      visitorMessages: cell('Visitor messages'),
      agentMessages: cell('Agent messages'),
      ratings: cell('Ratings'),
      ratedShare: cell('Rated share'),
      average: cell('Average satisfaction'),
      rated5: cell('Rated 5'),
      rated2: cell('Rated 2'),
    }).toEqual({
      new: tally.started,
      reopened: tally.reopened,
      queued: tally.queued,
      accepted: tally.accepted,
      missed,
      abandoned: tally.abandoned,
      abandonmentRate: tally.abandoned / tally.queued,
      transferred: tally.transferred,
      closed,
      closedByAgent: tally.closedByAgent,
      closedByVisitor: tally.closedByVisitor,
      visitorMessages: tally.visitorMessages,
      agentMessages: tally.agentMessages,
      ratings,
      ratedShare: Math.round((ratings / closed) * 1000) / 1000,
      average,
      rated5: tally.scores.filter((score) => score === 5).length,
      rated2: tally.scores.filter((score) => score === 2).length,
    });
    for (const [label, bounds] of [
      ['Average queue time (s)', queueWait],
      ['Average first response (s)', firstResponse],
    ] as const) {
      const seconds = Number(cell(label));
      // The server rounds seconds to 3 decimals.
      const within = `${label}: ${seconds}, the test saw ${bounds.min}–${bounds.max} ms`;
      expect(seconds, within).toBeGreaterThanOrEqual(bounds.min / 1000 - 0.001);
      expect(seconds, within).toBeLessThanOrEqual(bounds.max / 1000 + 0.001);
    }
    // The days (30 rows, one per local day) add up to the total.
    const days = body.filter((row) => row !== total);
    expect(days).toHaveLength(30);
    expect(days.reduce((sum, row) => sum + Number(row[column('New conversations')] ?? 0), 0)).toBe(
      tally.started,
    );
    expect(days.at(-1)?.[0]).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date()),
    );
  });
});
