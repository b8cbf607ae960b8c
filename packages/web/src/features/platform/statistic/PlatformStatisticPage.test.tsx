import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { PlatformStatistic } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACTIONS, platformStaff, stubFetch } from '../shared/testFixtures';
import { PlatformStatisticPage } from './PlatformStatisticPage';

const data: PlatformStatistic = {
  from: '2026-11-01',
  to: '2026-11-02',
  days: [
    {
      day: '2026-11-01',
      newOrganizations: 2,
      totalOrganizations: 40,
      activeAgents: 12,
      conversations: 345,
      messages: 6789,
      revenueCents: 123_456,
    },
    {
      day: '2026-11-02',
      newOrganizations: 1,
      totalOrganizations: 41,
      activeAgents: 9,
      conversations: 210,
      messages: 4321,
      revenueCents: 0,
    },
  ],
  totals: {
    newOrganizations: 3,
    totalOrganizations: 41,
    activeAgents: 15,
    conversations: 555,
    messages: 11_110,
    revenueCents: 123_456,
  },
  byPlan: [
    { pid: 'p-pro', name: 'Pro', organizations: 30, newOrganizations: 2, revenueCents: 123_456 },
    { pid: null, name: 'No plan', organizations: 11, newOrganizations: 1, revenueCents: 0 },
  ],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('PlatformStatisticPage', { timeout: 60_000 }, () => {
  it('shows the figures, the charts with their tables, per plan and per day, for the last 30 days', async () => {
    setProfile(platformStaff({ 'platform.statistic': ALL_ACTIONS }));
    const { requests } = stubFetch({ 'GET /api/platform/statistic': () => data });
    renderWithProviders(<PlatformStatisticPage />);
    expect(await screen.findByText('11,110')).toBeInTheDocument();
    expect(screen.getAllByText(/1,234\.56/).length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Conversations and messages' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'New organisations and active agents' })).toBeInTheDocument();
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('No plan')).toBeInTheDocument();
    expect(screen.getAllByText('6789').length).toBeGreaterThan(0);
    const params = new URLSearchParams(requests[0]?.search);
    expect(params.get('to')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(params.get('from')).toBe(dayjs().subtract(29, 'day').format('YYYY-MM-DD'));
  });

  it('says what went wrong and retries', async () => {
    setProfile(platformStaff({ 'platform.statistic': ALL_ACTIONS }));
    let isDown = true;
    stubFetch({
      'GET /api/platform/statistic': () =>
        isDown
          ? new Response(JSON.stringify({ message: 'Invalid request: to', status_code: 400, data: null }), {
              status: 400,
              headers: { 'Content-Type': 'application/json' },
            })
          : data,
    });
    const user = userEvent.setup();
    renderWithProviders(<PlatformStatisticPage />);
    expect(await screen.findByText('Could not load the statistics')).toBeInTheDocument();
    expect(screen.getByText('Invalid request: to')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: /try again|retry/i }));
    expect(await screen.findByText('11,110')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.statistic': ALL_ACTIONS }));
    stubFetch({ 'GET /api/platform/statistic': () => data });
    renderWithProviders(<PlatformStatisticPage />);
    expect(await screen.findByText('平台统计')).toBeInTheDocument();
    expect(await screen.findByText('按套餐')).toBeInTheDocument();
    expect(screen.getAllByText('活跃客服').length).toBeGreaterThan(0);
  });
});
