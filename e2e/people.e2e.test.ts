import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser, newContext } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { pngBytes } from './support/png.js';
import { LOGIN_PATH, callApi, locationOf, submitLogin } from './support/auth.js';
import {
  openConsole,
  passwordToken,
  registerAccount,
  screenshot,
  toast,
  tokenState,
} from './support/console.js';

/**
 * Issue 3 in Chromium against the built console and the real server: an organisation admin builds a
 * team (a skill group, then an agent with an uploaded avatar), the agent signs in and sees only what
 * its role allows, and platform staff disable the agent, which ends its session.
 */

/** The console renders after requests; wait for what it shows (vitest's default poll is only 1 s). */
const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000, interval: 100 });

describe.skipIf(!hasChromium)('people and groups: team building, role limits, disabling', () => {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const suffix = Date.now().toString(36);
  const owner = {
    username: `owner_${suffix}`,
    password: 'owner-pass-1',
    nickname: 'Olivia',
    organization: 'Acme',
  };
  const agent = { username: `agent_${suffix}`, password: 'agent-pass-1', nickname: 'Alex Agent' };
  const groupName = 'Pre-sales';
  let agentPage: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
    await registerAccount(server.baseUrl, owner);
  });

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  const openAs = async (username: string, password: string, path: string): Promise<Page> => {
    const token = await passwordToken(server.baseUrl, username, password);
    const { context, page } = await openConsole(
      browser,
      server.baseUrl,
      path,
      tokenState(server.baseUrl, token),
    );
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return page;
  };

  it('the admin creates a skill group', async () => {
    const page = await openAs(owner.username, owner.password, '/stable/kefu/group');
    await page.getByRole('button', { name: 'New skill group' }).click();
    const drawer = page.getByRole('dialog', { name: 'New skill group' });
    // Labels with a help icon carry its name too ("Name question-circle").
    await drawer.getByLabel(/^Name\b/).fill(groupName);
    await drawer.getByRole('button', { name: 'Save' }).click();
    await eventually(() => toast(page, 'Skill group created').count()).toBeGreaterThan(0);
    await eventually(() => page.getByRole('cell', { name: groupName }).count()).toBeGreaterThan(0);
    await screenshot(page, 'people-group-list');
  });

  it('the admin creates an agent in that group and uploads its avatar', async () => {
    const page = await openAs(owner.username, owner.password, '/stable/kefu/account');
    await page.getByRole('button', { name: 'New agent' }).click();
    const form = page.getByRole('dialog', { name: 'New agent' });
    await form.getByLabel(/^Username\b/).fill(agent.username);
    await form.getByLabel('Password', { exact: true }).fill(agent.password);
    await form.getByLabel('Confirm password', { exact: true }).fill(agent.password);
    await form.getByLabel(/^Nickname\b/).fill(agent.nickname);

    // Avatar: the spec's upload widget in the "Upload attachment" modal, with a real PNG.
    await form.getByRole('button', { name: 'Upload' }).click();
    const modal = page.getByRole('dialog', { name: 'Upload attachment' });
    await modal.locator('input[type=file]').setInputFiles({
      name: 'alex.png',
      mimeType: 'image/png',
      buffer: pngBytes(),
    });
    await eventually(() => modal.isVisible()).toBe(false);
    const avatar = form.locator('img[src*="/uploads/"]').first();
    await eventually(() => avatar.count()).toBeGreaterThan(0);

    await form.getByLabel(/^Skill groups\b/).click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText(groupName).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'OK', exact: true }).click();
    await eventually(() => toast(page, 'Agent created').count()).toBeGreaterThan(0);

    const row = page.locator('tr').filter({ hasText: agent.username });
    await eventually(() => row.count()).toBe(1);
    expect(await row.innerText()).toContain(groupName);
    // The admin holds every kefu.account action: its row actions are there.
    for (const action of ['Edit', 'Reset password', 'Delete'])
      expect(await row.getByText(action, { exact: true }).count(), action).toBe(1);
    const avatarSrc = await row.locator('img').first().getAttribute('src');
    expect(avatarSrc).toMatch(/\/uploads\/.+\.png$/);
    const served = await fetch(new URL(avatarSrc ?? '', server.baseUrl));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    await screenshot(page, 'people-agent-list');
  });

  it('the agent signs in and sees colleagues without the actions its role lacks', async () => {
    const context = await newContext(browser);
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    agentPage = await context.newPage();
    await agentPage.goto(`${server.baseUrl}${LOGIN_PATH}`);
    await submitLogin(agentPage, agent.username, agent.password);
    await agentPage.waitForURL(/\/stable\/dashboard\//);

    await agentPage.goto(`${server.baseUrl}/admin/stable/kefu/account`);
    const row = agentPage.locator('tr').filter({ hasText: agent.username });
    await eventually(() => row.count()).toBe(1);
    // ROLE_WORKGROUP_AGENT holds kefu.account query/get only: no add, edit or delete (spec §5).
    expect(await agentPage.getByRole('button', { name: 'New agent' }).count()).toBe(0);
    const ownerRow = agentPage.locator('tr').filter({ hasText: owner.username });
    for (const cells of [row, ownerRow])
      for (const action of ['Edit', 'Reset password', 'Delete'])
        expect(await cells.getByText(action, { exact: true }).count(), action).toBe(0);
    expect(await agentPage.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    await screenshot(agentPage, 'people-agent-view');

    // And the server agrees: the same token cannot delete.
    const token = await passwordToken(server.baseUrl, agent.username, agent.password);
    const refused = await callApi(server.baseUrl, 'POST', '/api/user/delete', { token, json: { id: 'x' } });
    expect(refused.status).toBe(403);
  });

  it('platform staff disable the agent and its session ends', async () => {
    const page = await openAs('admin', 'admin', '/stable/platform/user');
    const row = page.locator('tr').filter({ hasText: agent.username });
    await eventually(() => row.count()).toBe(1);
    await row.getByRole('switch', { name: 'Enabled' }).click();
    await page.locator('.ant-popover:not(.ant-popover-hidden)').getByRole('button', { name: 'OK' }).click();
    await eventually(() => toast(page, `${agent.nickname} is disabled`).count()).toBeGreaterThan(0);

    // The agent's next request is refused; the console signs it out to the login page (spec §8).
    await agentPage.reload();
    await agentPage.waitForURL(/\/antv\/user\/login/, { timeout: 20_000 });
    expect(locationOf(agentPage).pathname).toBe(LOGIN_PATH);
    await expect(passwordToken(server.baseUrl, agent.username, agent.password)).rejects.toThrow(/refused/);
  });
});
