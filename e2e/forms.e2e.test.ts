import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import {
  contextWith,
  openDropdownItem,
  passwordToken,
  screenshot,
  toast,
  tokenState,
} from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 16 in Chromium, forms: an admin builds a form in the console's builder (a choice, and a
 * text question shown only when the answer is "No") and publishes it; a visitor answers "No" on the
 * public page `/form/<fid>` (the page's own script shows the conditional question), another visitor
 * answers "Yes" inside a chat after the agent sent the form from the workbench. The results page,
 * the statistics page and the Excel export each show both answers.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };
type Page0<T> = { content: T[]; totalElements: number };
type Response0 = { rid: string; tid: string | null; source: string; answers: Record<string, string> };

const QUESTION = 'Did your parcel arrive on time?';
const FOLLOW_UP = 'What went wrong?';
const LATE = 'The box came two days late';

describe.skipIf(!hasChromium)('forms: built, published, answered on the page and in a chat, counted', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  let wid = '';
  let fid = '';
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

  const consolePage = async (token: string, path: string): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, token));
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  const visitorPage = async (): Promise<Page> => {
    const context = await browser.newContext({ viewport: { width: 400, height: 760 }, locale: 'en-US' });
    contexts.push(context);
    return context.newPage();
  };

  const responses = () =>
    api<Page0<Response0>>(`/api/form/survey/responses?fid=${fid}&page=0&size=20`, admin);

  beforeAll(async () => {
    // Results and statistics are debug-only pages: a production build shows them with SHOW_DEBUG_MENUS.
    [server, browser] = await Promise.all([startServer({ SHOW_DEBUG_MENUS: 'true' }), launchBrowser()]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Deliveries',
        welcomeTip: 'Welcome to Acme deliveries!',
      })
    ).wid;
    await api('/api/user/create', admin, {
      username: 'gina',
      password: 'password-123',
      nickname: 'Gina',
      workGroups: [wid],
    });
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('builds and publishes a form in the console builder', async () => {
    const page = await consolePage(admin, '/stable/form/list?edit=new');
    const drawer = page.getByRole('dialog');
    await drawer.locator('#form-title').fill('Delivery check');

    await drawer.getByRole('button', { name: 'Add item' }).click();
    await openDropdownItem(page, 'Single choice').click();
    const choice = drawer.getByTestId('item-q1');
    await choice.locator('#item-q1-label').fill(QUESTION);
    await choice.getByLabel('Option 1', { exact: true }).fill('No');
    await choice.getByLabel('Option 2', { exact: true }).fill('Yes');

    await drawer.getByRole('button', { name: 'Add item' }).click();
    await openDropdownItem(page, 'Short text').click();
    const followUp = drawer.getByTestId('item-q2');
    await followUp.locator('#item-q2-label').fill(FOLLOW_UP);
    await followUp.getByRole('switch', { name: 'Required' }).click();
    // The condition starts on the choice above and its first option: "No".
    await followUp.getByRole('switch', { name: 'Show only when an earlier answer is…' }).click();
    await followUp.getByText('No', { exact: true }).waitFor();

    // The live preview follows the condition too.
    const preview = drawer.getByTestId('preview-desktop');
    expect(await preview.locator('[data-key="q2"]').count()).toBe(0);
    await preview.getByLabel('No', { exact: true }).check();
    await preview.locator('[data-key="q2"]').waitFor();

    await drawer.getByRole('button', { name: 'Publish' }).click();
    await toast(page, 'Published as version 1').waitFor();
    await screenshot(page, 'forms-builder');
    await eventually(() => Promise.resolve(new URL(page.url()).searchParams.get('edit') ?? 'new')).not.toBe(
      'new',
    );
    fid = new URL(page.url()).searchParams.get('edit') ?? '';
    const published = await api<{
      status: string;
      version: number;
      items: { key: string; showIf?: unknown }[];
    }>(`/api/form/survey/get?fid=${fid}`, admin);
    expect(published).toMatchObject({ status: 'published', version: 1 });
    expect(published.items[1]).toMatchObject({ key: 'q2', showIf: { key: 'q1', values: ['No'] } });
  });

  it('is answered on its public page, whose script shows the conditional question', async () => {
    const page = await visitorPage();
    await page.goto(`${server.baseUrl}/form/${fid}?lang=en-US`);
    await page.getByText(QUESTION).waitFor();
    const followUp = page.locator('.q[data-key="q2"]');
    expect(await followUp.isHidden()).toBe(true);
    await page.getByLabel('Yes', { exact: true }).check();
    expect(await followUp.isHidden()).toBe(true);
    await page.getByLabel('No', { exact: true }).check();
    await followUp.waitFor({ state: 'visible' });
    // Shown, so required now: the page refuses to send without it.
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('This question is required.').waitFor();
    await page.getByLabel(FOLLOW_UP).fill(LATE);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Thank you! Your answers have been received.').waitFor();
    await screenshot(page, 'forms-public-page');
    await eventually(async () => (await responses()).totalElements).toBe(1);
    expect((await responses()).content[0]).toMatchObject({
      source: 'page',
      tid: null,
      answers: { q1: 'No', q2: LATE },
    });
  });

  it('is sent by the agent into a chat and answered inside the widget', async () => {
    const gina = await passwordToken(server.baseUrl, 'gina', 'password-123');
    const workbench = await consolePage(gina, '/agent');
    await workbench.getByTestId('agent-status-select').click();
    await workbench
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();

    const visitor = await visitorPage();
    await visitor.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    await visitor.getByText('Welcome to Acme deliveries!').waitFor();
    await visitor.getByTestId('chat-input').fill('Where is my parcel?');
    await visitor.getByTestId('chat-input').press('Enter');

    await workbench.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await workbench.getByTestId('message-list').getByText('Where is my parcel?').waitFor();
    await workbench.getByTestId('send-form').click();
    await workbench.getByTestId(`send-form-${fid}`).click();
    await workbench.getByTestId('questionnaire-card').getByText('Form: Delivery check').waitFor();

    await visitor.getByTestId('questionnaire-card').getByText('Delivery check').waitFor();
    await visitor.getByTestId('questionnaire-fill').click();
    const panel = visitor.getByTestId('questionnaire-panel');
    await panel.getByText(QUESTION).waitFor();
    await panel.getByLabel('Yes', { exact: true }).check();
    expect(await panel.getByTestId('questionnaire-item-q2').count()).toBe(0);
    await panel.getByTestId('questionnaire-submit').click();
    await panel.getByTestId('questionnaire-thanks').waitFor();
    await screenshot(visitor, 'forms-in-chat');

    // The agent sees the notice and reads the answers.
    await workbench.getByText('The visitor submitted “Delivery check”').waitFor();
    await workbench.getByTestId('questionnaire-view-answers').click();
    await workbench.getByTestId('questionnaire-answers').getByText('Yes', { exact: true }).waitFor();

    await eventually(async () => (await responses()).totalElements).toBe(2);
    const inChat = (await responses()).content.find((entry) => entry.source === 'chat');
    expect(inChat).toMatchObject({ answers: { q1: 'Yes' } });
    expect(inChat?.tid).toMatch(/\w+/);
  });

  it('shows both answers on the results page, the statistics page and in the Excel export', async () => {
    const results = await consolePage(admin, `/stable/form/result?fid=${fid}`);
    const rows = results.locator('.ant-table-row');
    await eventually(() => rows.count()).toBe(2);
    await rows.filter({ hasText: LATE }).filter({ hasText: 'No' }).waitFor();
    await rows.filter({ hasText: 'Yes' }).waitFor();
    await screenshot(results, 'forms-results');

    const [download] = await Promise.all([
      results.waitForEvent('download'),
      results.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    const table = (sheet?.getSheetValues() ?? [])
      .filter(Array.isArray)
      .map((row) =>
        (row as unknown[]).slice(1).map((cell) => (cell === undefined || cell === null ? '' : String(cell))),
      );
    const header = table[0] ?? [];
    const questionColumn = header.indexOf(QUESTION);
    const followUpColumn = header.indexOf(FOLLOW_UP);
    expect(questionColumn).toBeGreaterThan(-1);
    expect(followUpColumn).toBeGreaterThan(-1);
    const answers = table.slice(1).map((row) => [row[questionColumn], row[followUpColumn] ?? '']);
    expect(answers.sort()).toEqual([
      ['No', LATE],
      ['Yes', ''],
    ]);

    const statistics = await consolePage(admin, `/stable/form/statistic?fid=${fid}`);
    await statistics.getByText('No 1, Yes 1', { exact: true }).waitFor();
    await statistics.getByText(LATE).waitFor();
    await screenshot(statistics, 'forms-statistics');
  });
});
