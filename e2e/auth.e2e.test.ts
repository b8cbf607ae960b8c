import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser, newContext, waitForLiveLoginForm } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';
import { openDropdownItem } from './support/console.js';
import {
  LOGIN_PATH,
  WORKPLACE_PATH,
  callApi,
  locationOf,
  newAccount,
  readStoredToken,
  registerAccount,
  screenshot,
  submitLogin,
} from './support/auth.js';

/**
 * Sign-in, sign-out and the navigation guard in Chromium against the built console served by the
 * real server (issue 2 §6; spec §2 routing rules, §4 states, §8 error catalogue).
 */
describe.skipIf(!hasChromium)('auth: login, guard, 401, logout, 403/404, register', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    context = await newContext(browser);
    context.setDefaultTimeout(10_000);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context?.close();
  });

  const url = (path: string) => `${server.baseUrl}${path}`;

  /** Waits until the browser shows this path (query ignored). */
  const waitForPath = (path: string) => page.waitForURL((current) => current.pathname === path);

  /** Signs in through the login page and waits for the workplace. */
  const signInAs = async (username: string, password: string) => {
    await page.goto(url(LOGIN_PATH));
    await submitLogin(page, username, password);
    await waitForPath(WORKPLACE_PATH);
    await page.getByText('Quick links').waitFor();
  };

  /** The avatar in the header (its text is the nickname): its dropdown holds the logout item. */
  const avatarOf = (nickname: string) => {
    const escaped = nickname.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return page.getByRole('button').filter({ hasText: new RegExp(`^${escaped}$`) });
  };

  /** The labels of ProLayout's main (section) menu. */
  const mainMenuLabels = async (): Promise<string[]> => {
    const menu = page.locator('.ant-pro-sider').getByRole('menu').first();
    await menu.getByRole('menuitem').first().waitFor();
    return (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  };

  it('sends a signed-out visitor to login with the redirect and back to the page after sign-in', async () => {
    const target = '/stable/platform/menu?from=e2e&tab=1';
    await page.goto(url(`/admin${target}`));
    await waitForPath(LOGIN_PATH);
    const atLogin = locationOf(page);
    // The guard keeps the full path inside the console, query string included (spec §2).
    expect(atLogin.search.get('redirect')).toBe(target);
    // The login page is a lazy module: wait for it rather than sampling once.
    await page.getByRole('heading', { name: 'Sign in' }).waitFor({ state: 'visible' });
    expect(await readStoredToken(page)).toBeNull();
    await screenshot(page, 'auth-01-login-with-redirect');

    await submitLogin(page, 'admin', 'admin');
    await waitForPath('/admin/stable/platform/menu');
    const landed = locationOf(page);
    expect(landed.search.get('from')).toBe('e2e');
    expect(landed.search.get('tab')).toBe('1');
    expect(await readStoredToken(page)).toMatch(/\S{16,}/);

    // The Menus page lists the seeded menu tree.
    await page.getByText('Menus', { exact: true }).first().waitFor();
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await rows.first().waitFor();
    // A page of the seeded tree (spec §7: size 20), starting with the dashboard section.
    const rowCount = await rows.count();
    expect(rowCount).toBeGreaterThanOrEqual(5);
    expect(rowCount).toBeLessThanOrEqual(20);
    await page.getByRole('cell', { name: '/stable/dashboard', exact: true }).waitFor();
    // Platform staff see the Platform section in the main menu.
    expect(await mainMenuLabels()).toContain('Platform');
    await screenshot(page, 'auth-01-menus-after-login');
  });

  it('shows the server error for a wrong password and field messages for empty fields', async () => {
    const tokenCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/oauth/token')) tokenCalls.push(request.method());
    });
    await page.goto(url(LOGIN_PATH));
    await waitForLiveLoginForm(page);

    // Empty fields: the form's own messages, no call to the server.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByText('Please enter your username').waitFor();
    await page.getByText('Please enter your password').waitFor();
    expect(await page.getByLabel('Username', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(tokenCalls).toEqual([]);
    await screenshot(page, 'auth-02-empty-fields');

    // Typing clears the field's message.
    await page.getByLabel('Username', { exact: true }).fill('admin');
    await page.getByText('Please enter your username').waitFor({ state: 'detached' });
    await page.getByText('Please enter your password').waitFor();

    // Wrong password: the server's message, still on the login page, no token stored.
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Wrong username or password' });
    await alert.waitFor();
    expect(tokenCalls).toEqual(['POST']);
    expect(locationOf(page).pathname).toBe(LOGIN_PATH);
    expect(await readStoredToken(page)).toBeNull();
    // The button is usable again for another attempt.
    await expect(page.getByRole('button', { name: 'Sign in', exact: true }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'auth-02-wrong-password');
  });

  it('sends a signed-in user from the login path and from /admin/ to the workplace', async () => {
    await signInAs('admin', 'admin');

    await page.goto(url(LOGIN_PATH));
    await waitForPath(WORKPLACE_PATH);
    await page.getByText('Quick links').waitFor();
    expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);

    // A redirect parameter does not take a signed-in user past the rule either.
    await page.goto(url(`${LOGIN_PATH}?redirect=${encodeURIComponent('/stable/platform/menu')}`));
    await waitForPath(WORKPLACE_PATH);

    await page.goto(url('/admin/'));
    await waitForPath(WORKPLACE_PATH);
    await page.getByText('Quick links').waitFor();

    // `/` on the server redirects to the console, which goes on to the workplace.
    await page.goto(url('/'));
    await waitForPath(WORKPLACE_PATH);
    await page.getByText('Quick links').waitFor();
    await screenshot(page, 'auth-03-workplace');
  });

  it('on a 401 from an API call in the console, shows "Unauthorized", drops the token and goes to login', async () => {
    await signInAs('admin', 'admin');
    const token = await readStoredToken(page);
    expect(token).toBeTruthy();

    // Revoke the token behind the console's back.
    const revoked = await callApi(server.baseUrl, 'POST', '/api/user/logout', { token: token! });
    expect(revoked.status).toBe(200);
    expect((await callApi(server.baseUrl, 'GET', '/api/user/profile', { token: token! })).status).toBe(401);

    // Navigate inside the app: the Menus page's list call gets the 401 (spec §8: notice, logout, reload).
    await page.locator('.ant-pro-sider').getByRole('menuitem', { name: 'Platform' }).click();
    await waitForPath('/admin/stable/platform/menu');
    const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Unauthorized' });
    await notice.waitFor();
    await screenshot(page, 'auth-04-unauthorized-notice');

    // After the reload (1.5 s) the guard finds no token and sends the user to login with the redirect.
    await waitForPath(LOGIN_PATH);
    expect(locationOf(page).search.get('redirect')).toBe('/stable/platform/menu');
    expect(await readStoredToken(page)).toBeNull();
    expect(await page.evaluate(() => window.localStorage.getItem('pro__Access-Token'))).toBeNull();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await screenshot(page, 'auth-04-login-after-401');
  });

  it('on a reload with a revoked token, shows "Failed to fetch user info" and goes to login', async () => {
    await signInAs('admin', 'admin');
    const token = await readStoredToken(page);
    expect((await callApi(server.baseUrl, 'POST', '/api/user/logout', { token: token! })).status).toBe(200);

    await page.reload();
    await waitForPath(LOGIN_PATH);
    expect(locationOf(page).search.get('redirect')).toBe('/stable/dashboard/workplace');
    const notice = page.getByRole('alert').filter({ hasText: 'Failed to fetch user info, please retry' });
    await notice.waitFor();
    expect(await notice.innerText()).toContain('Error');
    expect(await readStoredToken(page)).toBeNull();
    await screenshot(page, 'auth-04b-profile-failed');
  });

  it('logs out from the avatar menu after confirmation and the old token is refused', async () => {
    await signInAs('admin', 'admin');
    const token = await readStoredToken(page);
    expect((await callApi(server.baseUrl, 'GET', '/api/user/profile', { token: token! })).status).toBe(200);

    await avatarOf('admin').hover();
    await openDropdownItem(page, 'Log out').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Are you sure you want to log out?' });
    await dialog.waitFor();
    await screenshot(page, 'auth-05-logout-confirm');

    // Cancel keeps the session.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await readStoredToken(page)).toBe(token);

    await avatarOf('admin').hover();
    await openDropdownItem(page, 'Log out').click();
    await page
      .getByRole('dialog')
      .filter({ hasText: 'Are you sure you want to log out?' })
      .getByRole('button', { name: 'OK' })
      .click();

    await waitForPath(LOGIN_PATH);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await readStoredToken(page)).toBeNull();
    const refused = await callApi(server.baseUrl, 'GET', '/api/user/profile', { token: token! });
    expect(refused.status).toBe(401);
    await screenshot(page, 'auth-05-after-logout');
  });

  it('shows the 404 screen with a way home, and the 403 screen to a user outside the platform staff', async () => {
    await signInAs('admin', 'admin');
    await page.goto(url('/admin/no-such-page-e2e'));
    await page.getByText('Sorry, this page does not exist or is still in development.').waitFor();
    await page.getByText('404', { exact: true }).waitFor();
    expect(locationOf(page).pathname).toBe('/admin/no-such-page-e2e');
    await screenshot(page, 'auth-06-404');
    await page.getByRole('button', { name: 'Back to home' }).click();
    await waitForPath(WORKPLACE_PATH);
    await page.getByText('Quick links').waitFor();

    // A registered organisation admin is not platform staff.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    const account = newAccount('staffless');
    await registerAccount(server.baseUrl, account);
    await page.goto(url('/admin/'));
    await waitForPath(LOGIN_PATH);
    await submitLogin(page, account.username, account.password);
    await waitForPath(WORKPLACE_PATH);
    await page.getByText('Quick links').waitFor();

    const labels = await mainMenuLabels();
    expect(labels).toContain('Dashboard');
    expect(labels).not.toContain('Platform');

    await page.goto(url('/admin/stable/platform/menu'));
    await page.getByText('Sorry, you do not have permission to open this page.').waitFor();
    await page.getByText('403', { exact: true }).waitFor();
    expect(locationOf(page).pathname).toBe('/admin/stable/platform/menu');
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(0);
    await screenshot(page, 'auth-06-403');
    await page.getByRole('button', { name: 'Back to home' }).click();
    await waitForPath(WORKPLACE_PATH);
  });

  it('registers a newcomer through the register page, who then signs in and sees the workplace', async () => {
    const account = newAccount('newcomer');
    await page.goto(url(LOGIN_PATH));
    await page.getByRole('link', { name: 'Create one' }).click();
    await waitForPath('/admin/antv/user/register');
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();

    await page.getByLabel('Username', { exact: true }).fill(account.username);
    await page.getByLabel('Your name', { exact: true }).fill(account.nickname);
    await page.getByLabel('Organisation name', { exact: true }).fill(account.organization);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password', { exact: true }).fill(account.password);
    await screenshot(page, 'auth-07-register-filled');
    await page.getByRole('button', { name: 'Register', exact: true }).click();

    await waitForPath('/admin/antv/user/register-result');
    await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
    await page.getByText(`Your account ${account.username} is ready. Sign in to start.`).waitFor();
    await screenshot(page, 'auth-07-register-result');

    // The result page's link fills the username in on the login page.
    await page.getByRole('link', { name: 'Sign in now' }).click();
    await waitForPath(LOGIN_PATH);
    expect(await page.getByLabel('Username', { exact: true }).inputValue()).toBe(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await waitForPath(WORKPLACE_PATH);
    await page.getByText(`${account.nickname}. Have a nice day!`).waitFor();
    await avatarOf(account.nickname).waitFor();
    await page.getByText(account.organization).first().waitFor();
    await screenshot(page, 'auth-07-workplace');

    // The same username cannot be registered twice.
    const again = await callApi(server.baseUrl, 'POST', '/api/v1/register', {
      json: { method: 'username', ...account },
    });
    expect(again.status).toBe(409);
  });
});
