import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChannelTestPlatform } from '../packages/server/src/modules/channel/channel.adapter.js';
import { whatsappKit } from '../packages/server/src/test/protocol/meta.js';
import { mpKit } from '../packages/server/src/test/protocol/wechat.js';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { findFreePort, startServer, type RunningServer } from './support/server.js';

/**
 * Issue 19 in Chromium, against the built server: an admin connects a WeChat official account in
 * the console; a message from the local WeChat server (speaking WeChat's protocol, encrypted and
 * signed as WeChat does) appears in the agent's workbench, and the agent's reply arrives at that
 * server through the customer-service API. The same for WhatsApp (Meta's Cloud API).
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 100 });

type Envelope<T> = { data: T };

describe.skipIf(!hasChromium)('channels: platform → workbench → platform', () => {
  let server: RunningServer;
  let browser: Browser;
  let wechat: ChannelTestPlatform;
  let whatsapp: ChannelTestPlatform;
  let admin = '';
  const contexts: BrowserContext[] = [];

  const api = async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return ((await response.json()) as Envelope<T>).data;
  };

  /** Posts a platform's webhook call to the address the console showed. */
  const deliver = async (
    webhookUrl: string,
    request: ReturnType<ChannelTestPlatform['textMessage']>,
  ): Promise<number> => {
    const url = new URL(webhookUrl);
    for (const [key, value] of Object.entries(request.query)) url.searchParams.set(key, value);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const body = request.method === 'POST' ? new Uint8Array(request.rawBody) : undefined;
    const response = await fetch(url, { method: request.method, headers, body });
    return response.status;
  };

  const openPage = async (path: string): Promise<Page> => {
    const context = await contextWith(browser, tokenState(server.baseUrl, admin));
    contexts.push(context);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/admin${path}`);
    return page;
  };

  const openWorkbenchOnline = async (): Promise<Page> => {
    const page = await openPage('/agent');
    await page.getByTestId('agent-status-select').waitFor();
    await page.getByTestId('agent-status-select').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();
    await eventually(
      async () => (await page.getByTestId('agent-status-select').textContent()) ?? '',
    ).toContain('Online');
    return page;
  };

  /** The agent opens the conversation showing `text`, answers, and the answer reaches the platform. */
  const answer = async (workbench: Page, text: string, reply: string, platform: ChannelTestPlatform) => {
    await workbench
      .getByTestId('thread-list-current')
      .getByTestId('thread-row')
      .filter({ hasText: text })
      .first()
      .click();
    await workbench.getByTestId('message-list').getByText(text).waitFor();
    await workbench.getByTestId('composer-input').fill(reply);
    await workbench.getByTestId('composer-send').click();
    await eventually(async () => platform.sent().map((sent) => sent.text)).toContain(reply);
  };

  beforeAll(async () => {
    [wechat, whatsapp] = await Promise.all([mpKit.start(), whatsappKit.start()]);
    const port = await findFreePort();
    const bases = { ...wechat.apiBases, ...whatsapp.apiBases };
    [server, browser] = await Promise.all([
      startServer(
        {
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          CHANNEL_API_BASES: Object.entries(bases)
            .map(([platform, base]) => `${platform}=${base}`)
            .join(','),
        },
        { port },
      ),
      launchBrowser(),
    ]);
    admin = await passwordToken(server.baseUrl, 'admin', 'admin');
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
    await Promise.all([wechat?.close(), whatsapp?.close()]);
  });

  it('connects an official account in the console and carries a conversation both ways', async () => {
    const workbench = await openWorkbenchOnline();
    const page = await openPage('/stable/channel/mp');
    await page.getByRole('button', { name: 'Connect an account' }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('Acme official account');
    await dialog.getByLabel('AppID').fill(wechat.settings.appId ?? '');
    await dialog.getByLabel('AppSecret').fill(wechat.settings.appSecret ?? '');
    await dialog.getByLabel('Token').fill(wechat.settings.token ?? '');
    await dialog.getByLabel('EncodingAESKey').fill(wechat.settings.encodingAesKey ?? '');
    await screenshot(page, 'channel-mp-connect');
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    // The details dialog tells the admin what to paste at WeChat: the webhook address among it.
    const details = page.getByRole('dialog').filter({ hasText: 'Webhook URL' });
    await details.waitFor();
    const webhookUrl = await details.getByLabel('Webhook URL', { exact: true }).first().inputValue();
    expect(webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/channel\/webhook\/[0-9a-z]{24}$/);
    await screenshot(page, 'channel-mp-details');

    const status = await deliver(
      webhookUrl,
      wechat.textMessage({ userId: 'oWeChatUser001', messageId: '9001', text: 'Is my order shipped?' }),
    );
    expect(status).toBe(200);
    await answer(workbench, 'Is my order shipped?', 'Yes, it left this morning.', wechat);
    expect(wechat.sent().at(-1)).toEqual({ to: 'oWeChatUser001', text: 'Yes, it left this morning.' });
    await screenshot(workbench, 'channel-mp-workbench');

    // The account now shows its traffic on the channel page.
    await page.reload();
    await page.getByText('Acme official account').waitFor();
    await page.getByText('Connected').first().waitFor();
    await screenshot(page, 'channel-mp-list');
  });

  it('carries a WhatsApp conversation both ways', async () => {
    const account = await api<{ webhookUrl: string }>('/api/channel/create', {
      type: 'whatsapp',
      name: 'Acme WhatsApp',
      config: whatsapp.settings,
    });
    const workbench = await openWorkbenchOnline();
    const status = await deliver(
      account.webhookUrl,
      whatsapp.textMessage({
        userId: '15551234567',
        messageId: 'wamid.e2e-1',
        text: 'Can I change my address?',
      }),
    );
    expect(status).toBe(200);
    await answer(workbench, 'Can I change my address?', 'Sure, send me the new one.', whatsapp);
    expect(whatsapp.sent().at(-1)).toEqual({ to: '15551234567', text: 'Sure, send me the new one.' });
    // The reply shows it was delivered to the platform.
    await eventually(() => workbench.getByLabel(/Delivered to WhatsApp/).count()).toBeGreaterThan(0);
    await screenshot(workbench, 'channel-whatsapp-workbench');
  });
});
