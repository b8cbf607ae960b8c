import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { PublicConfig } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { jsonResponse } from '../../shared/testing/renderWithProviders';
import { platformStaff } from '../../features/platform/shared/testFixtures';
import { renderWithProviders } from '../../shared/testing/renderWithProviders';
import { useHeaderActions } from './HeaderActions';
import { GlobalFooter } from './GlobalFooter';

const config = (privateServer: boolean): PublicConfig => ({
  productName: 'OpenKefu',
  version: '0.1.0',
  privateServer,
  features: {
    onlineVisitor: true,
    historyMessage: true,
    monitor: true,
    qualityCheck: true,
    statistic: true,
    support: true,
    feedback: true,
    wechatScanLogin: false,
    im: false,
  },
  links: {
    support: 'https://example.com/support',
    help: 'https://example.com/help',
    agreement: 'https://example.com/terms',
  },
  uploadBaseUrl: '',
  loginMethods: ['password'],
  showDebugMenus: false,
});

const Actions = ({ isPrivate }: { isPrivate: boolean }) => (
  <div>{useHeaderActions({ config: config(isPrivate), onOpenSettings: () => undefined })}</div>
);

describe('header links', () => {
  it('offers the agent workbench, recharge, account settings, help, language and display settings', () => {
    renderWithProviders(<Actions isPrivate={false} />);
    for (const name of [
      'Agent workbench',
      'Recharge',
      'Account settings',
      'Help',
      'Language',
      'Display settings',
    ]) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('hides recharge and the provider links in private-server mode', () => {
    renderWithProviders(<Actions isPrivate />);
    expect(screen.queryByRole('button', { name: 'Recharge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Help' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Agent workbench' })).toBeInTheDocument();
  });

  it('the footer carries the links and the notice against illegal use', () => {
    renderWithProviders(<GlobalFooter config={config(false)} />);
    expect(screen.getByRole('link', { name: 'User agreement' })).toHaveAttribute(
      'href',
      'https://example.com/terms',
    );
    expect(screen.getByText(/must not be used for illegal services/)).toBeInTheDocument();
  });

  it('shows the notification bell with the unread count to a signed-in user only', async () => {
    expect(screen.queryByRole('button', { name: /^Notifications/ })).toBeNull();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/notice/unread'
          ? jsonResponse({ count: 3 })
          : jsonResponse(null, 404),
      ),
    );
    setProfile(platformStaff({}));
    renderWithProviders(<Actions isPrivate={false} />);
    expect(await screen.findByRole('button', { name: 'Notifications (3 unread)' })).toBeInTheDocument();
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});
