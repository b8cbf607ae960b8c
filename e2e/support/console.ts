import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { screenshotDir } from './browser.js';

/**
 * Helpers for the signed-in console (the shell of packages/web): contexts that reuse a saved
 * sign-in, the `pro__` local storage, the frame's menus and antd's pop-ups.
 */

export type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

export const TAGLINE_EN = 'All-channel intelligent customer service';
export const TAGLINE_ZH = '全渠道智能客服';

/** Spec §4: the token lives 7 days. */
const TOKEN_TTL_MS = 604_800_000;

/** A desktop-sized (≥ 1200 px) context that starts from a saved storage state. */
export const contextWith = (browser: Browser, storageState?: StorageState): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1366, height: 860 }, locale: 'en-US', storageState });

/** Opens a console path (inside /admin) in a new context with the given storage state. */
export const openConsole = async (
  browser: Browser,
  baseUrl: string,
  path: string,
  storageState?: StorageState,
): Promise<{ context: BrowserContext; page: Page }> => {
  const context = await contextWith(browser, storageState);
  const page = await context.newPage();
  await page.goto(`${baseUrl}/admin${path}`);
  return { context, page };
};

/** `POST /oauth/token` (password grant, the default client credentials); returns the access token. */
export const passwordToken = async (baseUrl: string, username: string, password: string): Promise<string> => {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from('client:secret').toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'password', scope: 'all', username, password }).toString(),
  });
  const body = (await response.json()) as { access_token?: string };
  if (!response.ok || !body.access_token) {
    throw new Error(`token for ${username} refused: ${response.status} ${JSON.stringify(body)}`);
  }
  return body.access_token;
};

/** A storage state holding the token the way the console stores it (`pro__Access-Token`, 7 days). */
export const tokenState = (baseUrl: string, token: string): StorageState => ({
  cookies: [],
  origins: [
    {
      origin: new URL(baseUrl).origin,
      localStorage: [
        {
          name: 'pro__Access-Token',
          value: JSON.stringify({ value: token, expire: Date.now() + TOKEN_TTL_MS }),
        },
      ],
    },
  ],
});

/** `POST /api/v1/register` (username method): a new organisation and its admin account. */
export const registerAccount = async (
  baseUrl: string,
  account: { username: string; password: string; nickname: string; organization: string },
): Promise<void> => {
  const response = await fetch(`${baseUrl}/api/v1/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method: 'username', ...account }),
  });
  if (!response.ok)
    throw new Error(`register ${account.username}: ${response.status} ${await response.text()}`);
};

/** The value the console stored under `pro__<key>` (entries are `{ value, expire }` JSON). */
export const readStored = (page: Page, key: string): Promise<unknown> =>
  page.evaluate((name) => {
    const raw = window.localStorage.getItem(`pro__${name}`);
    return raw === null ? undefined : (JSON.parse(raw) as { value: unknown }).value;
  }, key);

export const pathOf = (page: Page): string => new URL(page.url()).pathname;

/** The section's 120 px side menu: a <nav> labelled "<section> menu" / "<section>菜单". */
export const sectionMenu = (
  page: Page,
  sectionTitle: string,
  language: 'en-US' | 'zh-CN' = 'en-US',
): Locator =>
  page.getByRole('navigation', {
    name: language === 'en-US' ? `${sectionTitle} menu` : `${sectionTitle}菜单`,
    // Pages have their own navigation too ("Account settings menu").
    exact: true,
  });

/** The frame's main menu (ProLayout's sider in the side-menu layout). */
export const mainMenu = (page: Page): Locator =>
  page.getByTestId('pro-layout-sider').getByRole('menu').first();

/** The labels of a menu's items, in order. */
export const menuLabels = async (menu: Locator): Promise<string[]> =>
  (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The item of the dropdown / context menu that is open now (antd keeps closed ones in the DOM),
 * by its text (an item's icon would add its aria-label to the accessible name). Only once the
 * popup's opening motion has ended: a click during it can be lost on a loaded machine (the popup
 * stays open and nothing happens), which made the forms and logout tests flaky.
 */
export const openDropdownItem = (page: Page, text: string): Locator =>
  page
    .locator(
      '.ant-dropdown:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])',
    )
    .getByRole('menuitem')
    .filter({ hasText: new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) });

/** A header action (an icon with an aria-label and a tooltip). */
export const headerAction = (page: Page, name: string): Locator =>
  page.locator('.ant-pro-global-header, .ant-pro-top-nav-header').getByRole('button', { name, exact: true });

/** The antd message (toast) or notification carrying this text. */
export const toast = (page: Page, text: string | RegExp): Locator =>
  page.locator('.ant-message-notice, .ant-notification-notice').filter({ hasText: text });

export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `console-${name}.png`) });
};
