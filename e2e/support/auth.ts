import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshotDir, waitForLiveLoginForm } from './browser.js';

/** The console keeps its login token here as JSON `{ value, expire }` (spec §4, `pro__` prefix). */
export const TOKEN_STORAGE_KEY = 'pro__Access-Token';

export const LOGIN_PATH = '/admin/antv/user/login';
export const WORKPLACE_PATH = '/admin/stable/dashboard/workplace';

/** The token the console has stored, or null when there is none. */
export const readStoredToken = (page: Page): Promise<string | null> =>
  page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    if (raw === null) return null;
    try {
      const entry = JSON.parse(raw) as { value?: unknown };
      return typeof entry.value === 'string' ? entry.value : null;
    } catch {
      return null;
    }
  }, TOKEN_STORAGE_KEY);

/** Fills and submits the username/password form of the login page the browser is on. */
export const submitLogin = async (page: Page, username: string, password: string): Promise<void> => {
  await waitForLiveLoginForm(page);
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
};

/** Path and query of the page's URL. */
export const locationOf = (page: Page): { pathname: string; search: URLSearchParams } => {
  const url = new URL(page.url());
  return { pathname: url.pathname, search: url.searchParams };
};

export type ApiResult = { status: number; body: unknown };

/** A call to the server from Node (not the browser), optionally with a Bearer token. */
export const callApi = async (
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; json?: unknown } = {},
): Promise<ApiResult> => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
};

export type NewAccount = { username: string; password: string; nickname: string; organization: string };

/** A fresh, valid account description (usernames: 3–32 letters/digits, unique per call). */
export const newAccount = (prefix: string): NewAccount => {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  return {
    username: `${prefix}${suffix}`.slice(0, 32),
    password: `pw-${suffix}`,
    nickname: `Nick ${prefix} ${suffix}`.slice(0, 32),
    organization: `Org ${prefix} ${suffix}`.slice(0, 64),
  };
};

/** Registers an organisation admin through POST /api/v1/register (method 'username'). */
export const registerAccount = async (baseUrl: string, account: NewAccount): Promise<void> => {
  const result = await callApi(baseUrl, 'POST', '/api/v1/register', {
    json: { method: 'username', ...account },
  });
  if (result.status !== 200) {
    throw new Error(`register ${account.username} failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
};

/** Saves a full-page screenshot as e2e/screenshots/<name>.png. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true });
};
