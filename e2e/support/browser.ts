import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (path): path is string => Boolean(path),
);

/** Debian's Chromium; REQUIRE_SERVICES=1 (CI) makes its absence a failure rather than a skip. */
export const chromiumPath = candidates.find((path) => existsSync(path)) ?? null;
if (!chromiumPath) {
  const message = 'Chromium not found (apt-get install -y chromium, or set CHROMIUM_PATH)';
  if (process.env.REQUIRE_SERVICES === '1') throw new Error(message);
  console.warn(`[e2e] ${message}: browser tests are skipped`);
}
export const hasChromium = chromiumPath !== null;

export const launchBrowser = (options: { fakeMedia?: boolean } = {}): Promise<Browser> =>
  chromium.launch({
    executablePath: chromiumPath ?? undefined,
    args: [
      // Calls: a synthetic camera and microphone, granted without the permission prompt.
      ...(options.fakeMedia
        ? [
            '--use-fake-device-for-media-stream',
            '--use-fake-ui-for-media-stream',
            '--autoplay-policy=no-user-gesture-required',
          ]
        : []),
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });

export const newContext = (browser: Browser, options: { locale?: string } = {}): Promise<BrowserContext> =>
  browser.newContext({ viewport: { width: 1366, height: 860 }, locale: options.locale ?? 'en-US' });

/**
 * Waits until React has taken over the login form the server pre-renders into the HTML: the copy's
 * button does nothing (it must not post the password in the address before the scripts arrive), so a
 * fast click on it is lost. Resolves at once on a page without the copy.
 */
export const waitForLiveLoginForm = async (page: Page): Promise<void> => {
  await page.locator('#ok-prerender').waitFor({ state: 'detached' });
};

/** Signs in through the login page and waits until the console shows the given path. */
export const signIn = async (page: Page, baseUrl: string, username = 'admin', password = 'admin') => {
  await page.goto(`${baseUrl}/admin/antv/user/login`);
  await waitForLiveLoginForm(page);
  await page.getByLabel(/username|用户名/i).fill(username);
  await page.getByLabel(/^password|^密码/i).fill(password);
  await page.getByRole('button', { name: /^(log in|sign in|登录)$/i }).click();
};

export const screenshotDir = new URL('../screenshots/', import.meta.url).pathname;
