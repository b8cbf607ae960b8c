import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { pngBytes } from './support/png.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 13 in Chromium: an article written in the console (Markdown mode, with an uploaded image and
 * a table) is published, found in the public help centre by a Chinese and an English query, voted
 * helpful, and counted in the knowledge-base statistics.
 */

type Envelope<T> = { data: T };

// The help centre does not count views from headless browsers; a visitor's browser says what it is.
const visitorAgent =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';

describe.skipIf(!hasChromium)('knowledge base to public help centre', () => {
  let server: RunningServer;
  let browser: Browser;
  let admin = '';
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('publishes an article with an image and a table, finds it in the help centre, votes, and sees it in the statistics', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pngBytes())], { type: 'image/png' }), 'diagram.png');
    form.append('file_name', '20261125080000-diagram.png');
    const uploaded = await fetch(`${server.baseUrl}/api/upload/image`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const image = ((await uploaded.json()) as Envelope<{ path: string }>).data;

    const consoleContext = await contextWith(browser, tokenState(server.baseUrl, admin));
    contexts.push(consoleContext);
    const page = await consoleContext.newPage();
    await page.goto(`${server.baseUrl}/admin/stable/kb/list`);
    await page.getByRole('button', { name: 'New article' }).click();
    await page.getByLabel('Title').fill('How to request a refund 如何申请退款');
    await page.getByLabel('Summary').fill('Refunds for orders paid online');
    await page.getByRole('tab', { name: 'Markdown' }).click();
    await page
      .getByLabel('Markdown source')
      .fill(
        [
          'Open **My orders**, choose the order and press *Request refund*. 在“我的订单”中选择订单，点击申请退款。',
          '',
          `![Where the button is](${image.path})`,
          '',
          '| Payment | Refund time |',
          '| --- | --- |',
          '| Card | 3–5 days |',
          '| Wallet | same day |',
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect
      .poll(() => page.getByText('Published', { exact: true }).count(), { timeout: 20_000 })
      .toBeGreaterThan(0);
    await screenshot(page, 'kb-list-published');

    const list = (await (
      await fetch(`${server.baseUrl}/api/article/query?type=support`, {
        headers: { authorization: `Bearer ${admin}` },
      })
    ).json()) as Envelope<{ content: { aid: string; title: string; status: string }[] }>;
    const article = list.data.content.find((item) => item.title === 'How to request a refund 如何申请退款');
    expect(article?.status).toBe('published');

    const visitorContext = await browser.newContext({ userAgent: visitorAgent, locale: 'zh-CN' });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    const violations: string[] = [];
    visitor.on('console', (message) => {
      if (message.type() === 'error') violations.push(message.text());
    });

    for (const query of ['退款', 'refund']) {
      await visitor.goto(`${server.baseUrl}/help/openkefu/search?q=${encodeURIComponent(query)}`);
      const hit = visitor.locator('main a', { hasText: 'How to request a refund' }).first();
      await expect.poll(() => hit.count()).toBe(1);
      expect(await visitor.locator('main mark').count()).toBeGreaterThan(0);
    }
    await visitor.locator('main a', { hasText: 'How to request a refund' }).first().click();
    await visitor.waitForURL(/\/help\/openkefu\/article\//);
    const body = visitor.locator('.body');
    await expect.poll(() => body.locator('table td').allTextContents()).toContain('3–5 days');
    const picture = body.locator('img');
    expect(await picture.getAttribute('src')).toBe(image.path);
    expect(
      await picture.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0),
    ).toBe(true);
    await visitor.locator('button[data-helpful="1"]').click();
    await expect.poll(() => visitor.locator('.vote [role="status"]').textContent()).toContain('感谢您的反馈');
    await screenshot(visitor, 'help-article');
    expect(violations).toEqual([]);

    await page.goto(`${server.baseUrl}/admin/stable/kb/statistic`);
    const topArticles = page.locator('.ant-table-row', { hasText: 'How to request a refund' });
    await expect.poll(() => topArticles.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const cells = await topArticles.first().locator('td').allTextContents();
    // Title, views, helpful, not helpful.
    expect(cells.slice(1)).toEqual(expect.arrayContaining(['1']));
    await screenshot(page, 'kb-statistic');
  });
});
