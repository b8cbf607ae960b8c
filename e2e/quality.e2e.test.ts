import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, toast, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 16 in Chromium, quality inspection: with the rule "every conversation rated 2 stars or
 * fewer", a widget conversation the visitor rates 1 star after the agent closed it lands in the
 * scoring queue; a checker scores it with a comment on the agent's message, the agent reads it and
 * appeals on her results page (the only page of the section she sees), the checker accepts with a
 * new score, and the statistics page shows the average and appeal rate the test computes from the
 * scores it entered (a second conversation, rated 2 stars, scored through the API and not
 * appealed, makes the figures more than one number).
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };
type Inspection = {
  qid: string;
  tid: string;
  status: string;
  source: string;
  score: number | null;
  isPassed: boolean | null;
};
type Detail = Inspection & {
  items: { key: string; earned: number }[];
  comments: { mid: string | null; content: string }[];
  transcript: { mid: string; content: string; senderKind: string }[];
  appeal: { reason: string; reply: string } | null;
};
type Page0<T> = { content: T[]; totalElements: number };

/** The group's scheme: two criteria, no automatic checks, so every point is one the test entered. */
const PASS_MARK = 70;
const CRITERIA = [
  {
    key: 'attitude',
    name: 'Attitude',
    weight: 60,
    items: [
      { key: 'greet', name: 'Greets the visitor', points: 10 },
      { key: 'polite', name: 'Polite tone', points: 10 },
    ],
  },
  {
    key: 'solution',
    name: 'Solution',
    weight: 40,
    items: [{ key: 'solve', name: 'Solves the problem', points: 10 }],
  },
];

/** The score the scheme gives (weight × share of points, one decimal); items not given earn full points. */
const scoreOf = (earned: Record<string, number>): number => {
  const total = CRITERIA.reduce((sum, criterion) => {
    const possible = criterion.items.reduce((points, item) => points + item.points, 0);
    const got = criterion.items.reduce((points, item) => points + (earned[item.key] ?? item.points), 0);
    return sum + (criterion.weight * got) / possible;
  }, 0);
  return Math.round(total * 10) / 10;
};

describe.skipIf(!hasChromium)('quality inspection: sampled, scored, appealed, decided, counted', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let agent = '';
  let checker = '';
  let wid = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  const statusOf = async (path: string, token: string): Promise<number> =>
    (await fetch(`${server.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

  const consolePage = async (token: string, path: string): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, token));
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  const queue = () => api<Page0<Inspection>>('/api/quality/query?page=0&size=20', checker);

  /** The KPI card's figure as shown (antd Statistic). */
  const kpi = (page: Page, title: string): Locator =>
    page
      .locator('.ant-statistic')
      .filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) })
      .locator('.ant-statistic-content-value');

  beforeAll(async () => {
    // The results and statistics pages are debug-only: a production build shows them with SHOW_DEBUG_MENUS.
    [server, browser] = await Promise.all([startServer({ SHOW_DEBUG_MENUS: 'true' }), launchBrowser()]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Returns',
        welcomeTip: 'Welcome to Acme returns!',
        offlineTip: 'Please leave a message.',
        forceRate: true,
      })
    ).wid;
    await Promise.all([
      api('/api/user/create', admin, {
        username: 'erin',
        password: 'password-123',
        nickname: 'Erin',
        workGroups: [wid],
      }),
      api('/api/user/create', admin, {
        username: 'quinn',
        password: 'password-123',
        nickname: 'Quinn',
        roles: ['ROLE_WORKGROUP_CHECKER'],
      }),
      api('/api/quality/scheme/save', admin, {
        name: 'Returns desk',
        passMark: PASS_MARK,
        criteria: CRITERIA,
        workgroups: [wid],
      }),
      api('/api/quality/rule/save', admin, { kind: 'lowRating', threshold: 2 }),
    ]);
    [agent, checker] = await Promise.all([
      passwordToken(server.baseUrl, 'erin', 'password-123'),
      passwordToken(server.baseUrl, 'quinn', 'password-123'),
    ]);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('queues a low-rated chat; the checker scores and comments, the agent appeals, the checker rescores', async () => {
    const workbench = await consolePage(agent, '/agent');
    await workbench.getByTestId('agent-status-select').click();
    await workbench
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();

    // The visitor chats through the widget; Erin answers and closes; the visitor rates 1 star.
    const visitorContext = await browser.newContext({
      viewport: { width: 400, height: 760 },
      locale: 'en-US',
    });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    await visitor.getByText('Welcome to Acme returns!').waitFor();
    await visitor.getByTestId('chat-input').fill('The blender I returned was never refunded');
    await visitor.getByTestId('chat-input').press('Enter');
    await workbench.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await workbench
      .getByTestId('message-list')
      .getByText('The blender I returned was never refunded')
      .waitFor();
    await workbench.getByTestId('composer-input').fill('Refunds take a while, just wait.');
    await workbench.getByTestId('composer-send').click();
    await visitor.getByText('Refunds take a while, just wait.').waitFor();
    await workbench.getByTestId('thread-close').click();
    await workbench.getByRole('dialog').locator('.ant-btn-primary').click();
    await workbench.getByRole('dialog').waitFor({ state: 'detached' });
    // The group insists on a rating: the form comes with the close, so the rule runs again on the rating.
    await visitor.getByTestId('rate-form').waitFor();
    await visitor.getByTestId('rate-score-1').click();
    await visitor.getByTestId('rate-submit').click();
    await visitor.getByText('Thank you for your rating!').waitFor();

    await eventually(async () => (await queue()).totalElements).toBe(1);
    const [queued] = (await queue()).content;
    expect(queued).toMatchObject({ status: 'pending', source: 'lowRating', score: null });
    const qid = queued?.qid ?? '';

    // The checker scores it in the queue's scoring view, with a comment on Erin's message.
    const scoring = await consolePage(checker, '/stable/quality/list');
    const row = scoring.locator('.ant-table-row').filter({ hasText: 'Low rating' });
    await row.getByText('Score', { exact: true }).click();
    const drawer = scoring.getByRole('dialog', { name: 'Score conversation' });
    const message = drawer
      .getByRole('list', { name: 'Transcript' })
      .getByRole('listitem')
      .filter({ hasText: 'Refunds take a while, just wait.' });
    await message.getByRole('button', { name: 'Comment on this message' }).click();
    await drawer.getByText('On the message: “Refunds take a while, just wait.”').waitFor();
    await drawer.getByLabel('Comments').fill('Give the refund date instead of asking to wait.');
    await drawer.getByRole('button', { name: 'Add comment' }).click();
    await message.getByText('Quinn: Give the refund date instead of asking to wait.').waitFor();

    const first = { greet: 5, solve: 4 };
    const firstScore = scoreOf(first);
    await drawer.getByLabel('Greets the visitor').fill(String(first.greet));
    await drawer.getByLabel('Solves the problem').fill(String(first.solve));
    await drawer.getByText(`Score ${firstScore} / 100 — pass mark ${PASS_MARK}`).waitFor();
    await screenshot(scoring, 'quality-scoring');
    await drawer.getByRole('button', { name: 'Submit score' }).click();
    await toast(scoring, `Score saved: ${firstScore}`).waitFor();

    const scored = await api<Detail>(`/api/quality/get?qid=${qid}`, checker);
    expect(scored).toMatchObject({ status: 'scored', score: firstScore, isPassed: firstScore >= PASS_MARK });
    const anchor = scored.transcript.find((entry) => entry.content === 'Refunds take a while, just wait.');
    expect(scored.comments).toEqual([
      expect.objectContaining({
        mid: anchor?.mid,
        content: 'Give the refund date instead of asking to wait.',
      }),
    ]);

    // Erin's quality section holds only her results: she reads the comment and appeals in the console.
    expect(await statusOf('/api/quality/query?page=0&size=10', agent)).toBe(403);
    const own = await consolePage(agent, '/stable/quality');
    await own.waitForURL(/\/stable\/quality\/result$/);
    const sectionMenu = own.getByRole('navigation', { name: 'Quality inspection menu' });
    await sectionMenu.getByRole('menuitem', { name: 'Results' }).waitFor();
    expect(await sectionMenu.getByRole('menuitem').allInnerTexts()).toEqual(['Results']);
    const ownRows = own.locator('.ant-table-row');
    await ownRows.first().waitFor();
    expect(await ownRows.count()).toBe(1);
    await ownRows.first().getByText('View', { exact: true }).click();
    const ownResult = own.getByRole('dialog', { name: 'Quality result' });
    await ownResult.getByText(`Score ${firstScore} / 100 — pass mark ${PASS_MARK}`).waitFor();
    await ownResult.getByText('Quinn: Give the refund date instead of asking to wait.').waitFor();
    // Reading is all she may do to the score: its inputs are disabled, there is no decision to take.
    expect(await ownResult.getByLabel('Greets the visitor').inputValue()).toBe(String(first.greet));
    expect(await ownResult.getByLabel('Greets the visitor').isDisabled()).toBe(true);
    expect(await ownResult.getByRole('button', { name: 'Accept and rescore' }).count()).toBe(0);
    await ownResult.getByLabel('Reason').fill('I greeted the visitor and the refund date was not known yet.');
    await ownResult.getByRole('button', { name: 'Appeal', exact: true }).click();
    await toast(own, 'Appeal sent').waitFor();
    await ownResult
      .getByText(/^Appealed .+: I greeted the visitor and the refund date was not known yet\.$/)
      .waitFor();
    expect(await ownResult.getByLabel('Reason').count()).toBe(0);
    await screenshot(own, 'quality-agent-appeal');
    expect(await api<Detail>(`/api/quality/get?qid=${qid}`, agent)).toMatchObject({
      status: 'appealed',
      appeal: { reason: 'I greeted the visitor and the refund date was not known yet.' },
    });

    // The checker accepts the appeal on the results page with a new score.
    const results = await consolePage(checker, `/stable/quality/result?qid=${qid}`);
    const result = results.getByRole('dialog', { name: 'Quality result' });
    await result
      .getByText(/^Appealed .+: I greeted the visitor and the refund date was not known yet\.$/)
      .waitFor();
    const rescore = { greet: 10, solve: 8 };
    const finalScore = scoreOf(rescore);
    await result.getByLabel('Greets the visitor').fill(String(rescore.greet));
    await result.getByLabel('Solves the problem').fill(String(rescore.solve));
    await result.getByText(`Score ${finalScore} / 100 — pass mark ${PASS_MARK}`).waitFor();
    await result.getByLabel('Reply to the agent').fill('Agreed: the greeting was there.');
    await result.getByRole('button', { name: 'Accept and rescore' }).click();
    await toast(results, 'Appeal decided').waitFor();
    await result.getByText('Reply: Agreed: the greeting was there.').waitFor();
    await screenshot(results, 'quality-appeal-accepted');
    const decided = await api<Detail>(`/api/quality/get?qid=${qid}`, agent);
    expect(decided).toMatchObject({
      status: 'accepted',
      score: finalScore,
      appeal: { reply: 'Agreed: the greeting was there.' },
    });

    // A second conversation (API), rated 2 stars after the close, is scored and not appealed.
    const { token: visitorToken } = await api<{ token: string }>('/visitor/api/init', '', {
      org: 'openkefu',
      page: 'https://shop.example/returns',
    });
    const requested = await api<{ code: number; thread: { tid: string } | null }>(
      '/visitor/api/thread/request',
      visitorToken,
      { wid },
    );
    // Erin is online: a chat with her (200), not the leave-message form.
    expect(requested.code).toBe(200);
    const tid = requested.thread?.tid ?? '';
    await api('/api/thread/close', agent, { tid });
    await api('/visitor/api/rate', visitorToken, { tid, score: 2, note: '' });
    await eventually(async () => (await queue()).totalElements).toBe(2);
    const other = (await queue()).content.find((entry) => entry.tid === tid);
    expect(other).toMatchObject({ status: 'pending', source: 'lowRating' });
    const second = { polite: 3 };
    await api('/api/quality/score', checker, {
      qid: other?.qid,
      items: Object.entries(second).map(([key, earned]) => ({ key, earned })),
    });

    // The statistics page shows what the entered scores give.
    const scores = [finalScore, scoreOf(second)];
    const average = Math.round((scores.reduce((sum, value) => sum + value, 0) / scores.length) * 10) / 10;
    const passRate = scores.filter((value) => value >= PASS_MARK).length / scores.length;
    const percent = (share: number) => `${Math.round(share * 1000) / 10}%`;
    const statistics = await consolePage(checker, '/stable/quality/statistic');
    await eventually(() => kpi(statistics, 'Scored').innerText()).toBe('2');
    expect(await kpi(statistics, 'Average score').innerText()).toBe(String(average));
    expect(await kpi(statistics, 'Appeal rate').innerText()).toBe(percent(1 / 2));
    expect(await kpi(statistics, 'Pass rate').innerText()).toBe(percent(passRate));
    // By criterion (share of its points, highest first): solution (8/10, 10/10), attitude (20/20, 13/20).
    await statistics.getByText('2 entries: Solution 90, Attitude 82.5', { exact: true }).waitFor();
    await screenshot(statistics, 'quality-statistics');
  });
});
