import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { buildApp } from '../packages/server/src/app.js';
import { loadConfig } from '../packages/server/src/config.js';
import { databaseSpecFromConfig, openDatabase } from '../packages/server/src/db/database.js';
import { migrateToLatest } from '../packages/server/src/db/migrate.js';
import { seedDatabase } from '../packages/server/src/db/seed.js';
import {
  decryptPush,
  makeBrowserKeys,
  readVapid,
  startPushService,
  type ReceivedPush,
} from '../packages/server/src/test/protocol/webpush.js';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 21, the workbench on a phone, in Chromium at 390×844 with touch: an agent takes a waiting
 * visitor, replies, transfers and closes by tap; the console installs as an app (manifest, icons)
 * and its service worker shows a Web Push message as a notification.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('the workbench on a phone', () => {
  let server: RunningServer;
  let browser: Browser;
  let wid = '';
  const contexts: BrowserContext[] = [];
  const tokens: Record<string, string> = {};

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
    return page;
  };

  const say = async (visitor: Page, text: string) => {
    await visitor.getByTestId('chat-input').fill(text);
    await visitor.getByTestId('chat-input').press('Enter');
    await visitor.getByTestId('chat-messages').getByText(text).waitFor();
  };

  const openPhone = async (name: string): Promise<Page> => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      storageState: tokenState(server.baseUrl, tokens[name] ?? ''),
    });
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin/agent`);
    await page.getByTestId('agent-status-select').waitFor();
    return page;
  };

  const setStatus = async (page: Page, label: string, byTap: boolean) => {
    const select = page.getByTestId('agent-status-select');
    if (byTap) await select.tap();
    else await select.click();
    const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({
      hasText: new RegExp(`^${label}$`),
    });
    if (byTap) await option.tap();
    else await option.click();
    await eventually(async () => (await select.textContent()) ?? '').toContain(label);
  };

  /** The element is on screen and large enough for a finger (≥ 40 CSS px). */
  const expectTouchSized = async (page: Page, testId: string) => {
    const box = await page.getByTestId(testId).first().boundingBox();
    expect(box, testId).not.toBeNull();
    expect(box?.height ?? 0, `${testId} height`).toBeGreaterThanOrEqual(40);
    expect(box?.width ?? 0, `${testId} width`).toBeGreaterThanOrEqual(40);
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390, `${testId} inside`).toBe(true);
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    const admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    // Publish-subscribe: nobody is assigned; every agent of the group sees the visitor waiting.
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Mobile support',
        routeType: 'pubsub',
        welcomeTip: 'Welcome to Acme support!',
        closeTip: 'Thanks for chatting with Acme.',
      })
    ).wid;
    for (const [name, nickname] of [
      ['mia', 'Mia'],
      ['noah', 'Noah'],
    ] as const) {
      await api('/api/user/create', admin, {
        username: name,
        password: 'password-123',
        nickname,
        maxThreadCount: 3,
        workGroups: [wid],
      });
      tokens[name] = await passwordToken(server.baseUrl, name, 'password-123');
    }
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('accepts, replies, transfers and closes by touch at 390 px', async () => {
    const noahContext = await contextWith(browser, tokenState(server.baseUrl, tokens.noah ?? ''));
    contexts.push(noahContext);
    const noah = await noahContext.newPage();
    await noah.goto(`${server.baseUrl}/admin/agent`);
    await setStatus(noah, 'Online', false);

    const phone = await openPhone('mia');
    await setStatus(phone, 'Online', true);
    // One column: the lists, no conversation and no visitor panel beside them.
    await expect.poll(() => phone.locator('.ok-wb__main').isVisible()).toBe(false);

    const first = await openVisitor();
    await say(first, 'Hello from my phone question');
    const second = await openVisitor();
    await say(second, 'Second visitor waiting');

    await phone.getByTestId('workbench-tab-queue').tap();
    const queue = phone.getByTestId('thread-list-queue');
    await eventually(() => queue.getByTestId('thread-row').count()).toBe(2);
    await expectTouchSized(phone, 'queue-accept');
    await phone.screenshot({ path: '/tmp/mobile-390-queue.png' });
    await queue
      .locator('li')
      .filter({ hasText: 'Hello from my phone question' })
      .getByTestId('queue-accept')
      .tap();

    // Accepting opens the conversation as its own view, with a way back.
    const log = phone.getByTestId('message-list');
    await log.getByText('Hello from my phone question').waitFor();
    await expect.poll(() => phone.locator('.ok-wb__side').isVisible()).toBe(false);
    for (const testId of [
      'thread-back',
      'thread-transfer',
      'thread-close',
      'thread-profile',
      'composer-send',
    ])
      await expectTouchSized(phone, testId);

    await phone.getByTestId('composer-input').tap();
    await phone.getByTestId('composer-input').fill('Hi! Mia here, on the go.');
    await phone.getByTestId('composer-send').tap();
    await first.getByTestId('chat-messages').getByText('Hi! Mia here, on the go.').waitFor();
    await phone.screenshot({ path: '/tmp/mobile-390-conversation.png' });

    // The visitor panel is a view of its own too, and back returns to the conversation.
    await phone.getByTestId('thread-profile').tap();
    await phone.getByTestId('visitor-panel').waitFor();
    await expect.poll(() => phone.getByTestId('message-list').isVisible()).toBe(false);
    await phone.screenshot({ path: '/tmp/mobile-390-visitor.png' });
    await phone.getByTestId('visitor-panel-back').tap();
    await log.waitFor();

    // Transfer to Noah, who accepts at his desk.
    await phone.getByTestId('thread-transfer').tap();
    const dialog = phone.getByRole('dialog');
    await dialog.locator('.ant-select').first().tap();
    await phone
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'Noah' })
      .first()
      .tap();
    await dialog.locator('textarea').fill('Noah knows this product');
    await phone.screenshot({ path: '/tmp/mobile-390-transfer.png' });
    await dialog.locator('.ant-btn-primary').tap();
    await dialog.waitFor({ state: 'detached' });
    await noah.getByTestId('offer').getByText('Noah knows this product').waitFor();
    await noah.getByTestId('offer-accept').click();
    await noah.getByTestId('thread-list-current').getByTestId('thread-row').first().waitFor();

    // Back to the lists; the second visitor is still waiting: accept and close it by touch.
    await phone.getByTestId('thread-back').tap();
    await phone.getByTestId('workbench-tab-queue').tap();
    // The queue's rows are not fed the messages of waiting visitors: the one left is the second visitor.
    await eventually(() => queue.getByTestId('queue-accept').count()).toBe(1);
    await queue.getByTestId('queue-accept').tap();
    await log.getByText('Second visitor waiting').waitFor();
    await phone.getByTestId('thread-close').tap();
    const closeDialog = phone.getByRole('dialog');
    await closeDialog.locator('textarea').first().fill('Answered on the phone');
    await closeDialog.locator('.ant-btn-primary').tap();
    await second.getByTestId('chat-closed').waitFor();
    await second.getByText('Thanks for chatting with Acme.').waitFor();
    await closeDialog.waitFor({ state: 'detached' });
    await phone.getByTestId('thread-back').tap();
    await phone.getByTestId('workbench-tab-closed').tap();
    await phone.getByTestId('thread-list-closed').getByTestId('thread-row').first().waitFor();
    await phone.screenshot({ path: '/tmp/mobile-390-closed.png' });
  });

  it('installs as an app: manifest, icons and a service worker for the console', async () => {
    const html = await (await fetch(`${server.baseUrl}/admin/agent`)).text();
    expect(html).toContain('rel="manifest" href="/admin/manifest.webmanifest"');
    const manifestResponse = await fetch(`${server.baseUrl}/admin/manifest.webmanifest`);
    expect(manifestResponse.status).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      start_url: string;
      scope: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ start_url: '/admin/agent', scope: '/admin/', display: 'standalone' });
    // The same app in Chinese, linked while the console is in Chinese.
    const chinese = (await (await fetch(`${server.baseUrl}/admin/manifest.zh-CN.webmanifest`)).json()) as {
      name: string;
      lang: string;
      start_url: string;
    };
    expect(chinese).toMatchObject({ name: 'OpenKefu 客服工作台', lang: 'zh-CN', start_url: '/admin/agent' });
    for (const size of ['192x192', '512x512']) {
      const icon = manifest.icons.find((entry) => entry.sizes === size);
      const response = await fetch(`${server.baseUrl}${icon?.src ?? '/missing'}`);
      expect(response.headers.get('content-type')).toBe('image/png');
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.readUInt32BE(16)).toBe(Number(size.split('x')[0]));
    }
    const worker = await fetch(`${server.baseUrl}/admin/sw.js`);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    // Revalidated on every check, so a new worker reaches phones at once.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
  });

  it('shows a push message delivered to the service worker as a notification of its conversation', async () => {
    const phone = await openPhone('mia');
    const origin = new URL(server.baseUrl).origin;
    await phone.context().grantPermissions(['notifications'], { origin });
    const cdp = await phone.context().newCDPSession(phone);
    const registrationIds: string[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const registration of registrations)
        if (registration.scopeURL === `${origin}/admin/` && !registration.isDeleted)
          registrationIds.push(registration.registrationId);
    });
    await cdp.send('ServiceWorker.enable');
    // Chromium itself reads the manifest the page links, without errors (what "install app" needs).
    const appManifest = await cdp.send('Page.getAppManifest');
    expect(appManifest.url).toBe(`${origin}/admin/manifest.webmanifest`);
    expect(appManifest.errors).toEqual([]);
    const scope = await phone.evaluate(async () => {
      const registration = await navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin/' });
      await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(scope).toBe(`${origin}/admin/`);
    await eventually(async () => registrationIds.length).toBeGreaterThan(0);

    const payload = {
      kind: 'message',
      title: 'Message from Visitor 42',
      body: 'Do you ship to Lisbon?',
      tid: 'tid-from-push',
      url: 'https://elsewhere.example/phish',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: registrationIds.at(-1) ?? '',
      data: JSON.stringify(payload),
    });
    const notifications = () =>
      phone.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/admin/');
        const shown = (await registration?.getNotifications()) ?? [];
        return shown.map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          url: (notification.data as { url?: string } | null)?.url ?? '',
        }));
      });
    await eventually(notifications).toEqual([
      {
        title: 'Message from Visitor 42',
        body: 'Do you ship to Lisbon?',
        tag: 'thread-tid-from-push',
        // Built from the tid in the console's own scope, never the address the payload carried.
        url: `${origin}/admin/agent/tid-from-push`,
      },
    ]);
  });
});

/**
 * The whole way of a notice: the server (in this process, built with the test-only switch that lets
 * it post to an http push service) sends a queued conversation to the push service this test runs,
 * which decrypts it as a browser's push service would hand it over and delivers it to the console's
 * service worker through the DevTools protocol; the phone shows the notification.
 */
describe.skipIf(!hasChromium)('Web Push from the server to the phone', () => {
  const root = new URL('../', import.meta.url).pathname;
  const dataDir = mkdtempSync(join(tmpdir(), 'openkefu-push-e2e-'));
  let browser: Browser;
  let context: BrowserContext | undefined;
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: ReturnType<typeof openDatabase>;
  let baseUrl = '';
  let cdp: CDPSession | undefined;
  let registrationId = '';
  const keys = makeBrowserKeys();
  const delivered: string[] = [];

  const deliver = async (push: ReceivedPush) => {
    if (!cdp || !registrationId) return;
    readVapid(push.headers.authorization);
    const data = decryptPush(push.body, keys);
    delivered.push(data);
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data });
  };
  let pushService: Awaited<ReturnType<typeof startPushService>>;

  const api = async <T>(path: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await fetch(`${baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  beforeAll(async () => {
    pushService = await startPushService((push) => void deliver(push));
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      WEB_DIST_DIR: join(root, 'packages/web/dist'),
      WIDGET_DIST_DIR: join(root, 'packages/widget/dist'),
    });
    database = openDatabase(databaseSpecFromConfig(config));
    await migrateToLatest(database);
    await seedDatabase(database, config);
    app = await buildApp({ config, database, logger: false, push: { allowInsecureEndpoints: true } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await app?.close();
    await database?.close();
    await pushService?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('notifies the agent of a waiting visitor on the phone', async () => {
    const admin = await passwordToken(baseUrl, 'admin', 'admin');
    const { wid } = await api<{ wid: string }>('/api/workgroup/create', admin, {
      nickname: 'Push support',
      routeType: 'pubsub',
    });
    await api('/api/user/create', admin, {
      username: 'ava',
      password: 'password-123',
      nickname: 'Ava',
      workGroups: [wid],
    });
    const ava = await passwordToken(baseUrl, 'ava', 'password-123');

    context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'en-US',
      storageState: tokenState(baseUrl, ava),
    });
    await context.grantPermissions(['notifications'], { origin: baseUrl });
    const phone = await context.newPage();
    await phone.goto(`${baseUrl}/admin/agent`);
    cdp = await context.newCDPSession(phone);
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      for (const registration of registrations)
        if (registration.scopeURL === `${baseUrl}/admin/` && !registration.isDeleted)
          registrationId = registration.registrationId;
    });
    await cdp.send('ServiceWorker.enable');
    await phone.evaluate(async () => {
      await navigator.serviceWorker.register('/admin/sw.js', { scope: '/admin/' });
      await navigator.serviceWorker.ready;
    });
    await eventually(async () => registrationId).not.toBe('');

    // This phone's subscription, as PushManager would give it with a real push service.
    await api('/api/push/subscribe', ava, { endpoint: `${pushService.base}/ava`, keys: keys.json });
    const select = phone.getByTestId('agent-status-select');
    await select.tap();
    await phone
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .tap();
    await eventually(async () => (await select.textContent()) ?? '').toContain('Online');

    const visitor = await api<{ token: string }>('/visitor/api/init', null, { org: 'openkefu' });
    const request = await api<{ code: number; thread: { tid: string } }>(
      '/visitor/api/thread/request',
      visitor.token,
      { wid },
    );
    expect(request.code).toBe(202);

    await eventually(async () => delivered.length).toBe(1);
    expect(JSON.parse(delivered[0] ?? '{}')).toMatchObject({ kind: 'queued', tid: request.thread.tid });
    await eventually(() =>
      phone.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/admin/');
        return ((await registration?.getNotifications()) ?? []).map((notification) => ({
          title: notification.title,
          tag: notification.tag,
        }));
      }),
    ).toEqual([{ title: 'A visitor is queuing', tag: `thread-${request.thread.tid}` }]);
    await phone.screenshot({ path: '/tmp/mobile-390-push.png' });
  });
});
