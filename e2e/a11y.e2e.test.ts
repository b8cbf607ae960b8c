import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import axe from 'axe-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { MenuNode } from '@openkefu/contract';
import { hasChromium, launchBrowser, signIn } from './support/browser.js';
import { LOGIN_PATH, WORKPLACE_PATH } from './support/auth.js';
import { contextWith, passwordToken } from './support/console.js';
import { formatCspViolations, watchCsp } from './support/csp.js';
import { createHelpArticle, createPublishedForm } from './support/public-pages.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 12 "Accessibility": axe-core 4.14 on every console page the admin can reach (debug-only
 * ones included: the server runs with SHOW_DEBUG_MENUS), the 404 screen (once), the login page,
 * the visitor chat page, the agent workbench, a public help-centre page and a public form. Any
 * violation of impact serious or critical fails, listed as rule, page and the first node's target.
 * Every page is also loaded under its Content-Security-Policy: any `securitypolicyviolation` fails.
 */

type Impact = 'minor' | 'moderate' | 'serious' | 'critical';
type Finding = { rule: string; impact: Impact; page: string; target: string; nodes: number; help: string };

const FAILING_IMPACTS: ReadonlySet<string> = new Set(['serious', 'critical']);

/** Runs axe in the page (injected through CDP, so a Content-Security-Policy cannot block it). */
const runAxe = async (page: Page, label: string): Promise<Finding[]> => {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  if (!hasAxe) await page.evaluate(axe.source);
  const violations = await page.evaluate(async () => {
    const result = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      resultTypes: ['violations'],
      // Frames (the embed-code preview) would need axe of their own; the widget is checked on its page.
      iframes: false,
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? 'minor',
      help: violation.help,
      nodes: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
  });
  return violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact as Impact,
      page: label,
      target: violation.nodes[0] ?? '',
      nodes: violation.nodes.length,
      help: violation.help,
    }));
};

const formatFindings = (findings: Finding[]): string =>
  findings
    .map(
      (f) =>
        `${f.rule} (${f.impact}, ${f.nodes} node${f.nodes === 1 ? '' : 's'}) on ${f.page}: ${f.target} — ${f.help}`,
    )
    .join('\n');

/** Requests in flight, minus the socket's long-lived ones: an SPA's "network idle". */
const trackRequests = (page: Page) => {
  const pending = new Set<unknown>();
  const isLongLived = (url: string) => url.includes('/socket.io/');
  page.on('request', (request) => {
    if (!isLongLived(request.url())) pending.add(request);
  });
  page.on('requestfinished', (request) => pending.delete(request));
  page.on('requestfailed', (request) => pending.delete(request));
  return {
    idle: async (timeoutMs = 15_000) => {
      const deadline = Date.now() + timeoutMs;
      let quietSince = Date.now();
      while (Date.now() < deadline) {
        if (pending.size > 0) quietSince = Date.now();
        else if (Date.now() - quietSince >= 250) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
};

/** Waits until spinners and skeletons are gone and no finite animation runs (colours mid-fade mislead axe). */
const settle = async (page: Page) => {
  await page
    .waitForFunction(
      () =>
        document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .ok-boot') === null &&
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' ||
              animation.effect?.getComputedTiming().iterations === Number.POSITIVE_INFINITY,
          ),
      undefined,
      { timeout: 10_000, polling: 100 },
    )
    .catch(() => undefined);
};

/** Every page path of the admin's menu tree: sections with children only redirect, external links leave. */
const listConsolePaths = (tree: MenuNode[]): string[] => {
  const paths: string[] = [];
  const visit = (node: MenuNode, isTopLevel: boolean) => {
    // Debug-only items are visited too (SHOW_DEBUG_MENUS); one not built yet is the 404 screen.
    const children = node.children ?? [];
    const isPage = !/^https?:/i.test(node.path) && (children.length === 0 || !isTopLevel);
    if (isPage) paths.push(node.path.replace(/\/+$/, ''));
    for (const child of [...children].sort((a, b) => a.order - b.order)) visit(child, false);
  };
  for (const node of [...tree].sort((a, b) => a.order - b.order)) visit(node, true);
  return [...new Set(paths)];
};

/** Of the given page paths, those a production build hides without SHOW_DEBUG_MENUS (under a debug-only item too). */
const selectDebugOnlyPaths = (tree: MenuNode[], paths: string[]): Set<string> => {
  const hidden = new Set<string>();
  const visit = (node: MenuNode, isHidden: boolean) => {
    const isNodeHidden = isHidden || node.debugOnly;
    if (isNodeHidden) hidden.add(node.path.replace(/\/+$/, ''));
    for (const child of node.children ?? []) visit(child, isNodeHidden);
  };
  for (const node of tree) visit(node, false);
  return new Set(paths.filter((path) => hidden.has(path)));
};

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('accessibility: axe-core finds no serious or critical violation', () => {
  let server: RunningServer;
  let browser: Browser;
  /** One signed-in context (and page) for the whole console walk and the workbench. */
  let context: BrowserContext;
  let page: Page;
  let network: ReturnType<typeof trackRequests>;
  let csp: Awaited<ReturnType<typeof watchCsp>>;
  let adminToken = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer({ SHOW_DEBUG_MENUS: 'true' }), launchBrowser()]);
    adminToken = await passwordToken(server.baseUrl, 'admin', 'admin');
    context = await contextWith(browser);
    contexts.push(context);
    page = await context.newPage();
    network = trackRequests(page);
    csp = await watchCsp(page);
  });

  afterAll(async () => {
    await Promise.all(contexts.map((opened) => opened.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('the login page', async () => {
    await page.goto(`${server.baseUrl}${LOGIN_PATH}`);
    await page.getByLabel(/username/i).waitFor();
    await settle(page);
    const findings = await runAxe(page, LOGIN_PATH);
    // Signs in for the next tests whatever the result, so one failure does not hide the others.
    await signIn(page, server.baseUrl);
    await page.waitForURL(`**${WORKPLACE_PATH}`);
    expect(formatFindings(findings)).toBe('');
    expect(formatCspViolations(csp.take())).toBe('');
  });

  it('every console page of the admin, and the 404 screen once', async () => {
    const menu = await api<MenuNode[]>('/api/v1/menu/list?platform=kefu');
    const paths = listConsolePaths(menu);
    expect(paths.length).toBeGreaterThan(20);
    // The production build shows debug-only items because the server says so (SHOW_DEBUG_MENUS).
    expect((await api<{ showDebugMenus: boolean }>('/api/v1/config')).showDebugMenus).toBe(true);
    const debugPaths = selectDebugOnlyPaths(menu, paths);
    expect(debugPaths.size).toBeGreaterThan(0);
    const findings: Finding[] = [];
    const visited = new Set<string>();
    let hasChecked404 = false;
    let checked = 0;
    let debugOnlyBuilt = 0;
    for (const path of [...paths, '/stable/no-such-page']) {
      // In-app navigation (React Router follows popstate): no reload, so each page costs only its own chunks.
      await page.evaluate((target) => {
        window.history.pushState(null, '', `/admin${target}`);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await network.idle();
      await settle(page);
      const landed = new URL(page.url()).pathname;
      if (visited.has(landed)) continue;
      visited.add(landed);
      const is404 = (await page.locator('.ant-result-404').count()) > 0;
      if (debugPaths.has(path) && !is404) debugOnlyBuilt += 1;
      if (is404) {
        if (hasChecked404) continue;
        hasChecked404 = true;
      }
      findings.push(...(await runAxe(page, is404 ? `${landed} (404 screen)` : landed)));
      checked += 1;
    }
    console.info(
      `[a11y] ${paths.length} menu paths (${debugPaths.size} debug-only, ${debugOnlyBuilt} of them built): ` +
        `${visited.size} pages, axe run on ${checked}`,
    );
    expect(hasChecked404).toBe(true);
    expect(formatFindings(findings)).toBe('');
    expect(formatCspViolations(csp.take())).toBe('');
  }, 180_000);

  it('the light navigation theme (the menus drawn on white)', async () => {
    const setTheme = (value: 'light' | 'dark') =>
      page.evaluate(
        (theme) => localStorage.setItem('pro__DEFAULT_THEME', JSON.stringify({ value: theme, expire: null })),
        value,
      );
    await setTheme('light');
    const findings: Finding[] = [];
    try {
      for (const path of [WORKPLACE_PATH, '/admin/stable/kefu/account']) {
        await page.goto(`${server.baseUrl}${path}`);
        await page.locator('.ok-frame--light').waitFor();
        await network.idle();
        await settle(page);
        findings.push(...(await runAxe(page, `${path} (light menu)`)));
      }
    } finally {
      await setTheme('dark');
    }
    expect(formatFindings(findings)).toBe('');
    expect(formatCspViolations(csp.take())).toBe('');
  });

  /**
   * The organisation's default skill group (the oldest; its owner is a member). A server from before
   * default groups gets one here, with the admin in it.
   */
  const findDefaultGroup = async (): Promise<string> => {
    const groups = await api<{ wid: string }[]>('/api/workgroup/all');
    const oldest = groups.at(-1)?.wid;
    if (oldest) return oldest;
    const { wid } = await api<{ wid: string }>('/api/workgroup/create', { nickname: 'Support' });
    const { uid } = await api<{ uid: string }>('/api/user/profile');
    await api('/api/user/update', { uid, workGroups: [wid] });
    return wid;
  };

  it('the visitor chat page of the default skill group, in a conversation', async () => {
    // The admin goes online in the workbench first, so the visitor gets the chat rather than the leave-message form.
    await page.goto(`${server.baseUrl}/admin/agent`);
    const status = page.getByTestId('agent-status-select');
    await status.waitFor();
    await status.click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();
    await expect
      .poll(async () => (await status.textContent()) ?? '', { timeout: 15_000 })
      .toContain('Online');

    const wid = await findDefaultGroup();
    const visitorContext = await browser.newContext({
      viewport: { width: 400, height: 760 },
      locale: 'en-US',
    });
    contexts.push(visitorContext);
    const visitor = await visitorContext.newPage();
    const visitorNetwork = trackRequests(visitor);
    const visitorCsp = await watchCsp(visitor);
    await visitor.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    // The admin is online and in the group: the chat opens (not the leave-message form).
    const input = visitor.getByTestId('chat-input');
    await input.waitFor();
    // The visitor's own bubble and its delivery state are part of what is checked.
    await input.fill('Hello, I have a question about my order');
    await input.press('Enter');
    await visitor.getByTestId('chat-messages').getByText('Hello, I have a question').waitFor();
    await visitorNetwork.idle();
    await settle(visitor);
    const findings = await runAxe(visitor, `/chat/?wid=${wid}`);
    expect(formatFindings(findings)).toBe('');
    expect(formatCspViolations(visitorCsp.take())).toBe('');
    // The admin's page (the workbench) received the conversation under its own policy.
    expect(formatCspViolations(csp.take())).toBe('');
  });

  it('the agent workbench, with the conversation open', async () => {
    const row = page.getByText('Hello, I have a question').first();
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    // The agent's own bubble (primary background) and its delivery ticks are checked too.
    await page.getByTestId('composer-input').fill('Sure, let me check that for you.');
    await page.getByTestId('composer-send').click();
    await page.getByText('Sure, let me check that for you.').first().waitFor();
    await network.idle();
    await settle(page);
    const findings = await runAxe(page, '/admin/agent');
    expect(formatFindings(findings)).toBe('');
    expect(formatCspViolations(csp.take())).toBe('');
  });

  it('a public help-centre article and a public form, each under its own CSP', async () => {
    const articlePath = await createHelpArticle(server.baseUrl, adminToken, 'openkefu');
    const formPath = await createPublishedForm(server.baseUrl, adminToken);
    const publicContext = await browser.newContext({
      viewport: { width: 1024, height: 800 },
      locale: 'en-US',
    });
    contexts.push(publicContext);
    const visitor = await publicContext.newPage();
    const visitorCsp = await watchCsp(visitor);
    const findings: Finding[] = [];

    const open = async (path: string) => {
      const response = await visitor.goto(`${server.baseUrl}${path}`);
      expect(response?.status(), path).toBe(200);
      // Their own policy: scripts from the site only, never framed.
      expect(response?.headers()['content-security-policy'], path).toMatch(/script-src 'self'(;|$)/);
      expect(response?.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
    };

    await open(articlePath);
    await visitor.getByRole('heading', { level: 1, name: 'How do I return an order?' }).waitFor();
    // The vote script runs and talks to the server (script-src, connect-src) and the icon loads (img-src).
    await visitor.locator('button[data-helpful="1"]').click();
    await expect.poll(() => visitor.locator('[role=status]').textContent(), { timeout: 10_000 }).not.toBe('');
    const icon = await visitor.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
      return link ? (await fetch(link.href)).headers.get('content-type') : null;
    });
    expect(icon).toBe('image/svg+xml');
    await settle(visitor);
    findings.push(...(await runAxe(visitor, articlePath)));

    await open(formPath);
    // The form's script shows the follow-up question for "No".
    const followUp = visitor.getByLabel('What was missing?');
    await visitor.getByLabel('No', { exact: true }).check();
    await followUp.waitFor();
    await settle(visitor);
    findings.push(...(await runAxe(visitor, formPath)));

    expect(formatFindings(findings)).toBe('');
    expect(formatCspViolations(visitorCsp.take())).toBe('');
  });
});
