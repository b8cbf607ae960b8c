import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { hasChromium, launchBrowser } from './support/browser.js';
import { contextWith, passwordToken, screenshot, tokenState } from './support/console.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Issue 21 in Chromium with fake camera and microphone: a visitor calls, the agent answers and media
 * flows both ways (inbound RTP bytes on each side), hang-up from either side, a busy agent, and a
 * call nobody answers.
 */

const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000, interval: 200 });

type Envelope<T> = { data: T };

/*
 * The test's own instrumentation, added before the page's scripts: it keeps the page's peer
 * connections so the test can read their getStats(). Production code exposes nothing for this.
 */
const trackPeerConnections = () => {
  const Native = window.RTCPeerConnection;
  const seen: RTCPeerConnection[] = [];
  (window as unknown as { __e2ePeers: RTCPeerConnection[] }).__e2ePeers = seen;
  window.RTCPeerConnection = class extends Native {
    constructor(...args: ConstructorParameters<typeof RTCPeerConnection>) {
      super(...args);
      seen.push(this);
    }
  } as typeof RTCPeerConnection;
};

/** Bytes received over inbound RTP by the page's open peer connections (of one kind, or all). */
const bytesReceived = (page: Page, kind?: 'audio' | 'video'): Promise<number> =>
  page.evaluate(async (only) => {
    let total = 0;
    for (const peer of (window as unknown as { __e2ePeers: RTCPeerConnection[] }).__e2ePeers) {
      if (peer.connectionState === 'closed') continue;
      (await peer.getStats()).forEach((report: { type: string; kind?: string; bytesReceived?: number }) => {
        if (report.type === 'inbound-rtp' && (!only || report.kind === only))
          total += report.bytesReceived ?? 0;
      });
    }
    return total;
  }, kind);

describe.skipIf(!hasChromium)('voice and video calls between the widget and the workbench', () => {
  let server: RunningServer;
  let browser: Browser;
  let wid = '';
  let agentToken = '';
  let agent: Page;
  const contexts: BrowserContext[] = [];

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
    await context.addInitScript(trackPeerConnections);
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}/chat/?org=openkefu&wid=${wid}&lang=en-US`);
    // Calls are offered once an agent serves the conversation.
    await page.getByTestId('call-video').waitFor();
    return page;
  };

  const hangUpEverything = async (pages: Page[]) => {
    for (const page of pages)
      for (const id of ['call-hangup', 'agent-call-hangup'])
        if (await page.getByTestId(id).isVisible()) await page.getByTestId(id).click();
  };

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer({ CALL_RING_SECONDS: '5' }),
      launchBrowser({ fakeMedia: true }),
    ]);
    const admin = await passwordToken(server.baseUrl, 'admin', 'admin');
    wid = (
      await api<{ wid: string }>('/api/workgroup/create', admin, {
        nickname: 'Video support',
        welcomeTip: 'Welcome!',
        allowCall: true,
      })
    ).wid;
    await api('/api/user/create', admin, {
      username: 'carol',
      password: 'password-123',
      nickname: 'Carol',
      maxThreadCount: 5,
      workGroups: [wid],
    });
    agentToken = await passwordToken(server.baseUrl, 'carol', 'password-123');
    const context = await contextWith(browser, tokenState(server.baseUrl, agentToken));
    contexts.push(context);
    await context.addInitScript(trackPeerConnections);
    agent = await context.newPage();
    await agent.goto(`${server.baseUrl}/admin/agent`);
    await agent.getByTestId('agent-status-select').click();
    await agent
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: /^Online$/ })
      .click();
    // Online once the select says so (expect.poll works only inside a test).
    await agent.locator('[data-testid="agent-status-select"]', { hasText: 'Online' }).waitFor();
  });

  afterAll(async () => {
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    await browser?.close();
    await server?.stop();
  });

  it('connects a visitor’s video call with media both ways, and either side hangs up', async () => {
    const visitor = await openVisitor();
    await visitor.getByTestId('call-video').click();
    await eventually(() => visitor.getByTestId('call-view').getAttribute('data-phase')).toBe('outgoing');
    await agent
      .getByTestId('agent-call-incoming')
      .getByText(/calling \(video\)/)
      .waitFor();
    await agent.getByTestId('agent-call-accept').click();
    await eventually(() => visitor.getByTestId('call-view').getAttribute('data-phase')).toBe('active');
    await agent.getByTestId('agent-call-view').waitFor();

    // Sound and pictures, both ways.
    for (const page of [visitor, agent])
      for (const kind of ['audio', 'video'] as const)
        await eventually(() => bytesReceived(page, kind)).toBeGreaterThan(0);
    await visitor.getByTestId('call-timer').waitFor();
    await screenshot(visitor, 'call-visitor-active');
    await screenshot(agent, 'call-workbench-active');

    await visitor.getByTestId('call-mute').click();
    await eventually(() => visitor.getByTestId('call-mute').getAttribute('aria-pressed')).toBe('true');

    // The visitor hangs up: the agent's panel closes with the notice.
    await visitor.getByTestId('call-hangup').click();
    await agent.getByTestId('agent-call-view').waitFor({ state: 'detached' });
    await agent.getByTestId('agent-call-notice').getByText('The call has ended.').waitFor();

    // The agent calls back (voice) from the open conversation and hangs up.
    await agent.getByTestId('thread-list-current').getByTestId('thread-row').first().click();
    await agent.getByTestId('agent-call-voice').click();
    await visitor.getByTestId('call-incoming').getByText('Carol is calling you (voice)').waitFor();
    await visitor.getByTestId('call-accept').click();
    await eventually(() => agent.getByTestId('agent-call-view').getAttribute('data-phase')).toBe('active');
    await eventually(() => bytesReceived(visitor)).toBeGreaterThan(0);
    await agent.getByTestId('agent-call-hangup').click();
    await visitor.getByTestId('call-notice').getByText('The call has ended.').waitFor();
    await eventually(() => visitor.getByTestId('call-view').count()).toBe(0);
  });

  it('tells a second caller that the agent is busy', async () => {
    const first = await openVisitor();
    const second = await openVisitor();
    await first.getByTestId('call-voice').click();
    await agent.getByTestId('agent-call-accept').click();
    await eventually(() => first.getByTestId('call-view').getAttribute('data-phase')).toBe('active');

    await second.getByTestId('call-voice').click();
    await second
      .getByTestId('call-notice')
      .getByText(/The agent is in another call/)
      .waitFor();
    await expect(second.getByTestId('call-view').count()).resolves.toBe(0);
    await hangUpEverything([first, agent]);
    await agent.getByTestId('agent-call-view').waitFor({ state: 'detached' });
  });

  it('ends a call nobody answers', async () => {
    const visitor = await openVisitor();
    await visitor.getByTestId('call-voice').click();
    await agent.getByTestId('agent-call-incoming').waitFor();
    await visitor
      .getByTestId('call-notice')
      .getByText('Nobody answered the call.')
      .waitFor({ timeout: 15_000 });
    await agent.getByTestId('agent-call-incoming').waitFor({ state: 'hidden' });
    await agent.getByTestId('agent-call-notice').getByText('Nobody answered the call.').waitFor();
  });
});
