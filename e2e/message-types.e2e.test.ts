import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext } from 'playwright-core';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { databaseSpecFromConfig, openDatabase } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { seedDatabase } from '../packages/server/src/db/seed.js';
import { createLinkPreviewer } from '../packages/server/src/modules/message/link-preview/link-preview.js';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';

/**
 * Issue 21 in Chromium: a visitor shares their position (the browser grants it, at a fixed point)
 * and a link; the agent sees the OpenStreetMap link and the page's card. The server runs in this
 * process so that its link previews may reach the page server this test starts (in production
 * only public addresses are fetched).
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)(
  'message types: location, link cards, the pinned product and red packets',
  () => {
    const root = new URL('../', import.meta.url).pathname;
    const dataDir = mkdtempSync(join(tmpdir(), 'openkefu-types-e2e-'));
    let browser: Browser;
    let app: Awaited<ReturnType<typeof buildApp>>;
    let database: ReturnType<typeof openDatabase>;
    let pages: Server;
    let baseUrl = '';
    let pageUrl = '';
    const contexts: BrowserContext[] = [];

    const api = async <T>(path: string, token: string, body?: unknown): Promise<T> => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: body ? JSON.stringify(body) : undefined,
      });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return ((await response.json()) as Envelope<T>).data;
    };

    beforeAll(async () => {
      pages = createServer((_, response) => {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end(
          '<html><head><title>Acme kettle</title>' +
            '<meta property="og:title" content="Acme Blue Kettle">' +
            '<meta property="og:description" content="1.7 litres, boils in three minutes">' +
            '</head><body>Kettle</body></html>',
        );
      });
      await new Promise<void>((done) => pages.listen(0, '127.0.0.1', done));
      pageUrl = `http://127.0.0.1:${(pages.address() as AddressInfo).port}/kettle`;
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        // Checked as a setting only: the app listens on a free port below.
        PORT: '9003',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        REDIS_URL: '',
        WEB_DIST_DIR: join(root, 'packages/web/dist'),
        WIDGET_DIST_DIR: join(root, 'packages/widget/dist'),
      });
      database = openDatabase(databaseSpecFromConfig(config));
      await migrateToLatest(database);
      await seedDatabase(database, config);
      app = await buildApp({
        config,
        database,
        logger: false,
        // This test's page server only; every other address is checked as in production.
        linkPreview: createLinkPreviewer({ allowAddresses: ['127.0.0.1'] }),
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser?.close();
      await app?.close();
      await database?.close();
      await new Promise((done) => pages?.close(done));
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('shows the agent a shared location, a link card and the product looked at; a red packet opened', async () => {
      const admin = await passwordToken(baseUrl, 'admin', 'admin');
      const { wid } = await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Shop support',
      });
      await api('/api/user/create', admin, {
        username: 'ivy',
        password: 'password-123',
        nickname: 'Ivy',
        workGroups: [wid],
      });
      const ivy = await passwordToken(baseUrl, 'ivy', 'password-123');

      const agentContext = await contextWith(browser, tokenState(baseUrl, ivy));
      contexts.push(agentContext);
      const agent = await agentContext.newPage();
      await agent.goto(`${baseUrl}/admin/agent`);
      const select = agent.getByTestId('agent-status-select');
      await select.click();
      await agent
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: /^Online$/ })
        .click();
      await eventually(async () => (await select.textContent()) ?? '').toContain('Online');

      const visitorContext = await browser.newContext({
        viewport: { width: 400, height: 760 },
        locale: 'en-US',
        geolocation: { latitude: 31.2304, longitude: 121.4737 },
        permissions: ['geolocation'],
      });
      contexts.push(visitorContext);
      const visitor = await visitorContext.newPage();
      // The widget asks before it locates: the visitor agrees.
      visitor.on('dialog', (dialog) => void dialog.accept());
      // The shop's page says which product the visitor is looking at.
      const product = { title: 'Acme Blue Kettle', price: '¥129', url: 'https://shop.example.com/kettle' };
      await visitor.goto(
        `${baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US&commodity=${encodeURIComponent(JSON.stringify(product))}`,
      );
      await visitor.getByTestId('chat-input').waitFor();

      await visitor.getByTestId('chat-location-button').click();
      const mine = visitor.getByTestId('chat-messages');
      await mine.getByTestId('chat-location').waitFor();
      await visitor.getByTestId('chat-input').fill(`Do you have this one? ${pageUrl}`);
      await visitor.getByTestId('chat-input').press('Enter');
      await mine.getByTestId('chat-link-card').getByText('Acme Blue Kettle').waitFor();

      await agent.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
      const log = agent.getByTestId('message-list');
      const location = log.getByTestId('message-location');
      await location.waitFor();
      expect(await location.getAttribute('href')).toBe(
        'https://www.openstreetmap.org/?mlat=31.230400&mlon=121.473700#map=16/31.230400/121.473700',
      );
      expect(await location.textContent()).toContain('31.230400, 121.473700');
      const card = log.getByTestId('message-link-card');
      await card.getByText('Acme Blue Kettle').waitFor();
      expect(await card.textContent()).toContain('1.7 litres, boils in three minutes');
      expect(await card.getAttribute('href')).toBe(pageUrl);
      // The product the visitor's page reported, pinned above the conversation.
      const pinned = agent.getByTestId('pinned-commodity');
      await pinned.getByText('Acme Blue Kettle').waitFor();
      expect(await pinned.getByTestId('message-commodity').getAttribute('href')).toBe(product.url);

      // The agent gives a red packet; the visitor opens it; the agent sees that.
      await agent.getByRole('button', { name: 'Give a red packet' }).click();
      const dialog = agent.getByRole('dialog');
      await dialog.getByLabel('Worth').fill('¥10');
      await dialog.getByLabel('Greeting').fill('Sorry for the wait');
      await dialog.getByLabel('Code to redeem').fill('SORRY10');
      await dialog.getByRole('button', { name: 'Give' }).click();
      const given = log.getByTestId('message-red-packet');
      await given.getByText('Not opened yet').waitFor();
      const packet = mine.getByTestId('chat-red-packet');
      await packet.getByText('Sorry for the wait').waitFor();
      expect(await packet.textContent()).not.toContain('SORRY10');
      await packet.getByTestId('chat-red-packet-open').click();
      await packet.getByTestId('chat-red-packet-code').getByText('Code: SORRY10').waitFor();
      await given.getByText(/^Opened \d{4}-\d{2}-\d{2} \d{2}:\d{2}$/).waitFor();
      await screenshot(agent, 'message-types-workbench');
      await screenshot(visitor, 'message-types-visitor');
    });
  },
);
