import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { LOGIN_PATH, WORKPLACE_PATH, submitLogin } from './support/auth.js';
import { contextWith, passwordToken } from './support/console.js';
import { createHelpArticle, createPublishedForm } from './support/public-pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 12 "Security headers" in Chromium: the login page, a console list page, the agent
 * workbench, the chat page, a help-centre article and a public form each load under their
 * Content-Security-Policy with no violation, and the chat page can be framed by the
 * organisation's allowed sites only. (e2e/a11y.e2e.test.ts watches every console page for
 * violations as it walks them.)
 */

type Violation = { directive: string; blocked: string; source: string };

describe.skipIf(!hasChromium)('security headers and CSP in the browser', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let wid = '';
  let adminToken = '';
  const cspMessages: string[] = [];
  /*
   * The customer's site: a page that frames the chat, served on another loopback port (Chromium
   * does not let a public or intercepted page frame a local address at all). 127.0.0.1:<port> is
   * the allowed site; localhost:<port> is the same page on another origin, not allowed.
   */
  let shop: Server;
  let shopOrigin = '';
  let otherOrigin = '';

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { data: T }).data;
  };

  /** Records every CSP violation the page's documents report, from before the first script runs. */
  const watch = async (page: Page) => {
    await page.addInitScript(() => {
      const store: Violation[] = [];
      (window as unknown as { __cspViolations: Violation[] }).__cspViolations = store;
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          store.push({
            directive: event.effectiveDirective,
            blocked: event.blockedURI,
            source: `${event.sourceFile}:${event.lineNumber}`,
          }),
        true,
      );
    });
    page.on('console', (message) => {
      if (/content.security.policy|refused to (load|execute|apply|connect|frame)/i.test(message.text()))
        cspMessages.push(`${page.url()}: ${message.text()}`);
    });
  };

  const violationsOf = (page: Page) =>
    page.evaluate(() => (window as unknown as { __cspViolations?: Violation[] }).__cspViolations ?? []);

  const cspOf = (response: Response | null) => {
    const header = response?.headers()['content-security-policy'] ?? '';
    return new Map(
      header
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .filter((parts) => parts[0])
        .map(([name = '', ...sources]) => [name, sources]),
    );
  };

  const expectCommonHeaders = (response: Response | null) => {
    const headers = response?.headers() ?? {};
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['referrer-policy']).toBe('same-origin');
    // Our own pages may ask for the camera, microphone and location (calls, voice notes, location
    // messages), framed origins may not; nothing may use payment or USB.
    expect(headers['permissions-policy']).toBe(
      'camera=(self), microphone=(self), geolocation=(self), payment=(), usb=()',
    );
    // Plain HTTP here: no HSTS, no upgrade of subresources.
    expect(headers['strict-transport-security']).toBeUndefined();
    const csp = cspOf(response);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    shop = createServer((request, response) => {
      const chat = new URL(request.url ?? '/', 'http://shop').searchParams.get('chat') ?? '';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(
        `<!doctype html><title>Shop</title><iframe id="chat" src="${chat.replace(/"/g, '&quot;')}" width="380" height="560"></iframe>`,
      );
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const shopPort = (shop.address() as AddressInfo).port;
    shopOrigin = `http://127.0.0.1:${shopPort}`;
    otherOrigin = `http://localhost:${shopPort}`;
    adminToken = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (await api<{ wid: string }>('/api/workgroup/create', { nickname: 'Security' })).wid;
    await api('/api/org/embed-sites', { sites: [shopOrigin] });
    context = await contextWith(browser);
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await browser?.close();
    await server?.stop();
    await new Promise((resolve) => (shop ? shop.close(resolve) : resolve(undefined)));
  });

  it('loads the login page, a console list and the workbench with no CSP violation', async () => {
    const page = await context.newPage();
    await watch(page);

    const login = await page.goto(`${server.baseUrl}${LOGIN_PATH}`);
    expectCommonHeaders(login);
    expect(cspOf(login).get('frame-ancestors')).toEqual(["'self'"]);
    expect(login?.headers()['x-frame-options']).toBe('SAMEORIGIN');
    await submitLogin(page, 'admin', 'admin');
    await page.waitForURL(`**${WORKPLACE_PATH}`);
    expect(await violationsOf(page)).toEqual([]);

    const list = await page.goto(`${server.baseUrl}/admin/stable/kefu/account`);
    expectCommonHeaders(list);
    await page.locator('.ant-table-row').first().waitFor();
    expect(await violationsOf(page)).toEqual([]);

    const workbench = await page.goto(`${server.baseUrl}/admin/agent`);
    expectCommonHeaders(workbench);
    await page.getByTestId('agent-status-select').waitFor();
    // The socket has to connect (connect-src) before the status is known.
    await expect
      .poll(async () => (await page.getByTestId('agent-status-select').textContent()) ?? '', {
        timeout: 20_000,
      })
      .toMatch(/online|offline|busy|away/i);
    expect(await violationsOf(page)).toEqual([]);
    expect(cspMessages).toEqual([]);
    await page.close();
  });

  it('loads the chat page with no CSP violation and names the allowed site in frame-ancestors', async () => {
    const page = await context.newPage();
    await watch(page);
    const chat = await page.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    expectCommonHeaders(chat);
    expect(cspOf(chat).get('frame-ancestors')).toEqual(["'self'", shopOrigin]);
    expect(cspOf(chat).get('style-src')).toEqual(["'self'"]);
    expect(chat?.headers()['x-frame-options']).toBeUndefined();
    // With nobody online the visitor is offered the leave-message form: the widget ran.
    await page.getByTestId('leave-form').waitFor();
    expect(await violationsOf(page)).toEqual([]);

    // The address without the trailing slash and the browser's icon request both load.
    expect((await page.goto(`${server.baseUrl}/chat?org=openkefu&wid=${wid}`))?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/chat/');
    const icon = await fetch(`${server.baseUrl}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/x-icon');
    expect(cspMessages).toEqual([]);
    await page.close();
  });

  it('loads a help-centre article and a public form under their own strict CSP with no violation', async () => {
    const paths = [
      await createHelpArticle(server.baseUrl, adminToken, 'openkefu'),
      await createPublishedForm(server.baseUrl, adminToken),
    ];
    const page = await context.newPage();
    await watch(page);
    for (const path of paths) {
      const response = await page.goto(`${server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      expectCommonHeaders(response);
      const csp = cspOf(response);
      // Nothing inline at all (the organisation's colour is a stylesheet of its own), and never framed.
      expect(csp.get('style-src'), path).toEqual(["'self'"]);
      expect(csp.get('script-src'), path).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), path).toEqual(["'none'"]);
      await page.waitForLoadState('load');
      expect(await violationsOf(page), path).toEqual([]);
    }
    expect(cspMessages).toEqual([]);
    await page.close();
  });

  it('lets the allowed site frame the chat and keeps another site from doing so', async () => {
    const chatUrl = `${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`;
    const embedding = async (origin: string) => {
      const page = await context.newPage();
      const frameMessages: string[] = [];
      page.on('console', (message) => frameMessages.push(message.text()));
      // The customer's page embeds the chat as the style-3 panel would.
      await page.goto(`${origin}/shop?chat=${encodeURIComponent(chatUrl)}`);
      return { page, frameMessages };
    };

    const allowed = await embedding(shopOrigin);
    await allowed.page.frameLocator('#chat').getByTestId('leave-form').waitFor();
    await allowed.page.close();

    const refused = await embedding(otherOrigin);
    await expect.poll(() => refused.frameMessages.join('\n'), { timeout: 10_000 }).toMatch(/frame-ancestors/);
    expect(await refused.page.frameLocator('#chat').getByTestId('leave-form').count()).toBe(0);
    await refused.page.close();
  });
});
