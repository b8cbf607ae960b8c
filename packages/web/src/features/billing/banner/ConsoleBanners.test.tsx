import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { stubFetch } from '../../platform/shared/testFixtures';
import { makeAnnouncement, makeOverview } from '../shared/testing';
import { ConsoleBanners } from './ConsoleBanners';
import { readDismissed } from './dismissed';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

const Where = () => <span data-testid="where">{useLocation().pathname}</span>;

const renderBanners = (isPrivateServer = false) =>
  renderWithProviders(
    <Routes>
      <Route
        path="*"
        element={
          <>
            <ConsoleBanners isPrivateServer={isPrivateServer} />
            <Where />
          </>
        }
      />
    </Routes>,
  );

describe('ConsoleBanners', { timeout: 30_000 }, () => {
  it('shows nothing while the organisation is active and nothing is announced', async () => {
    const { requests } = stubFetch({
      'GET /api/billing/overview': () => makeOverview(),
      'GET /api/announcement/active': () => [],
    });
    renderBanners();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('warns with the days left and leads to the recharge page when expiring', async () => {
    stubFetch({
      'GET /api/billing/overview': () =>
        makeOverview({ state: 'expiring', daysLeft: 3, validateUntilDate: '2031-01-04' }),
      'GET /api/announcement/active': () => [],
    });
    const user = userEvent.setup();
    renderBanners();
    expect(
      await screen.findByText(
        'Your organisation’s service expires in 3 days (valid until 2031-01-04). Recharge to keep it running.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Recharge' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/stable/settings/recharge');
  });

  it('says the console is read-only when expired and leads to renewing', async () => {
    stubFetch({
      'GET /api/billing/overview': () =>
        makeOverview({ state: 'expired', daysLeft: -2, validateUntilDate: '2030-12-30' }),
      'GET /api/announcement/active': () => [],
    });
    const user = userEvent.setup();
    renderBanners();
    expect(
      await screen.findByText(
        'Your organisation’s service expired on 2030-12-30: the console is read-only until a bill is paid or the service is renewed.',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Renew' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/stable/settings/payment');
  });

  it('hides the recharge link in private-server mode, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({
      'GET /api/billing/overview': () =>
        makeOverview({ state: 'expiring', daysLeft: 1, validateUntilDate: '2031-01-02' }),
      'GET /api/announcement/active': () => [],
    });
    renderBanners(true);
    expect(await screen.findByText(/1 天后到期/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '充值' })).toBeNull();
  });

  it('shows running announcements; a closed one stays closed in this browser', async () => {
    stubFetch({
      'GET /api/billing/overview': () => makeOverview(),
      'GET /api/announcement/active': () => [
        makeAnnouncement(),
        makeAnnouncement({ anid: 'an-2', title: 'New prices', content: '<p>From <strong>May</strong>.</p>' }),
      ],
    });
    const user = userEvent.setup();
    const first = renderBanners();
    expect(await screen.findByText('Maintenance on Sunday')).toBeInTheDocument();
    expect(screen.getByText('The service pauses from 02:00 to 03:00.')).toBeInTheDocument();
    expect(screen.getByText('May').tagName).toBe('STRONG');

    await user.click(screen.getByRole('button', { name: 'Close "Maintenance on Sunday"' }));
    await waitFor(() => expect(screen.queryByText('Maintenance on Sunday')).toBeNull());
    expect(readDismissed()).toEqual(['an-1']);

    first.unmount();
    renderBanners();
    expect(await screen.findByText('New prices')).toBeInTheDocument();
    expect(screen.queryByText('Maintenance on Sunday')).toBeNull();
  });

  it('shows nothing, and no notice, when the calls fail', async () => {
    const { requests } = stubFetch({
      'GET /api/billing/overview': () => jsonResponse(null, 500),
      'GET /api/announcement/active': () => jsonResponse(null, 403),
    });
    renderBanners();
    await waitFor(() => expect(requests).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.querySelector('.ok-toasts')?.textContent ?? '').toBe('');
  });
});
