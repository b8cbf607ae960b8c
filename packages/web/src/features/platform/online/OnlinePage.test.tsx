import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OnlineAgent, OnlineOrganization, OnlineSummary, OnlineVisitor } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACTIONS, page, platformStaff, stubFetch } from '../shared/testFixtures';
import { OnlinePage } from './OnlinePage';

const acme: OnlineOrganization = {
  oid: 'o1',
  name: 'Acme Ltd',
  subDomain: 'acme',
  agentsOnline: 2,
  agentsConnected: 1,
  visitorsConnected: 5,
};

const summary = (content: OnlineOrganization[]): OnlineSummary => ({
  totals: { organizations: content.length, agentsOnline: 2, agentsConnected: 1, visitorsConnected: 57 },
  organizations: page(content),
});

const alice: OnlineAgent = {
  uid: 'u1',
  username: 'alice',
  nickname: 'Alice',
  status: 'busy',
  connected: true,
  lastLoginAt: Date.UTC(2025, 0, 2, 3, 4),
  lastLoginClient: 'web',
};

const visitor: OnlineVisitor = {
  vid: 'v1',
  nickname: 'Visitor 42',
  client: 'wap',
  connections: 2,
  lastVisitAt: Date.UTC(2025, 0, 2, 3, 4),
};

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('OnlinePage', { timeout: 60_000 }, () => {
  it('shows the totals and the organisations, filtered by keyword', async () => {
    setProfile(platformStaff({ 'platform.online': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/online/summary': (url) => summary(url.searchParams.get('keyword') ? [] : [acme]),
    });
    const user = userEvent.setup();
    renderWithProviders(<OnlinePage />);
    expect(await screen.findByText('Acme Ltd (acme)')).toBeInTheDocument();
    expect(screen.getByText('57')).toBeInTheDocument();
    expect(
      screen.getByText('Visitors connected', { selector: '.ant-statistic-title *, .ant-statistic-title' }),
    ).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Name or subdomain'), 'zzz');
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    expect(await screen.findByText('No one is online right now')).toBeInTheDocument();
    expect(requests.some((request) => request.search.includes('keyword=zzz'))).toBe(true);
  });

  it('drills into an organisation and signs an agent out after confirming', async () => {
    setProfile(platformStaff({ 'platform.online': ALL_ACTIONS }));
    let isSignedOut = false;
    const { requests } = stubFetch({
      'GET /api/platform/online/summary': () => summary([acme]),
      'GET /api/platform/online/agents': () => page(isSignedOut ? [] : [alice]),
      'GET /api/platform/online/visitors': () => page([visitor]),
      'POST /api/platform/online/signout': () => {
        isSignedOut = true;
        return null;
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<OnlinePage />);
    await user.click(await screen.findByText('Acme Ltd (acme)'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Alice')).toBeInTheDocument();
    expect(within(drawer).getByText('Busy')).toBeInTheDocument();
    expect(within(drawer).getByText('Connected')).toBeInTheDocument();
    expect(requests.find((request) => request.path === '/api/platform/online/agents')?.search).toContain(
      'subDomain=acme',
    );

    await user.click(within(drawer).getByText('Sign out'));
    expect(await screen.findByText('Sign out Alice?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ uid: 'u1' }),
    );
    expect(await screen.findByText('Alice was signed out')).toBeInTheDocument();
    expect(await within(drawer).findByText('No agent of this organisation is online')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: /Visitors/ }));
    expect(await within(drawer).findByText('Visitor 42')).toBeInTheDocument();
  });

  it('says what went wrong when the summary fails', async () => {
    setProfile(platformStaff({ 'platform.online': ALL_ACTIONS }));
    stubFetch({
      'GET /api/platform/online/summary': () =>
        new Response(JSON.stringify({ message: 'Database unavailable', status_code: 500, data: null }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderWithProviders(<OnlinePage />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
  });

  it('hides Sign out without the edit action, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.online': ['query'] }));
    stubFetch({
      'GET /api/platform/online/summary': () => summary([acme]),
      'GET /api/platform/online/agents': () => page([alice]),
      'GET /api/platform/online/visitors': () => page([]),
    });
    const user = userEvent.setup();
    renderWithProviders(<OnlinePage />);
    await user.click(await screen.findByText('Acme Ltd (acme)'));
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('忙碌')).toBeInTheDocument();
    expect(within(drawer).queryByText('强制下线')).toBeNull();
  });
});
