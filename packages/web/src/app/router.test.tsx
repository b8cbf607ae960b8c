import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Profile } from '@openkefu/contract';
import { setProfile } from '../shared/auth/profileStore';
import { clearToken, setToken } from '../shared/auth/token';
import { setNotifier } from '../shared/feedback/notify';
import { sampleMenu } from '../shared/routing/menuFixture';
import { setSession } from '../shared/routing/session';
import { jsonResponse } from '../shared/testing/renderWithProviders';
import { appRoutes } from './router';

const profile: Profile = {
  uid: 'u1',
  username: 'admin',
  nickname: 'Ada',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'o',
  balance: 12.5,
  validateUntilDate: null,
  roles: [],
  authorities: ['home', 'chat', 'internal'],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'o' },
  isPlatformStaff: true,
  isAdminAccount: true,
};

const start = (path: string) => {
  const router = createMemoryRouter(appRoutes, { basename: '/admin', initialEntries: [`/admin${path}`] });
  render(<RouterProvider router={router} />);
  return router;
};

beforeEach(() => {
  setNotifier({
    success: () => undefined,
    error: () => undefined,
    info: () => undefined,
    warning: () => undefined,
  });
  setSession(null);
  setProfile(null);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const { pathname } = new URL(String(input), 'http://localhost');
      if (pathname === '/api/user/profile') return jsonResponse(profile);
      if (pathname === '/api/v1/menu/list') return jsonResponse(sampleMenu());
      if (pathname === '/api/v1/config') return jsonResponse(null, 500);
      return jsonResponse(null, 404);
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('the console router', () => {
  it('sends a visitor without a token from a console page to login with the redirect', async () => {
    const router = start('/stable/kefu/group?tab=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/antv/user/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/stable/kefu/group?tab=1')}`);
  });

  it('forwards OAuth callbacks to their user-area page with the query string', async () => {
    // Signed in, the page stays to complete the grant (signed out, it sends the user to sign in first).
    setToken('t');
    const router = start('/antv/wechatkefu/redirect?code=c1&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/antv/user/redirect-wechatkefu'));
    expect(router.state.location.search).toBe('?code=c1&state=s1');
  });

  it('sends a signed-out user from an OAuth callback to sign in, with the way back', async () => {
    clearToken();
    const router = start('/antv/shopee/redirect?code=c2&state=s2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/antv/user/login'));
    expect(router.state.location.search).toBe(
      `?redirect=${encodeURIComponent('/antv/user/redirect-shopee?code=c2&state=s2')}`,
    );
  });

  it('signed in: / goes to the workplace inside the frame, with the section menu', async () => {
    setToken('t');
    const router = start('/');
    // The first test to load the frame and a lazy page: on a loaded CI machine that takes seconds.
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/stable/dashboard/workplace'), {
      timeout: 15_000,
    });
    expect(await screen.findByText(/Ada\. Have a nice day!/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Dashboard menu' })).toHaveTextContent('Workplace');
    expect(document.title).toBe('Workplace - All-channel intelligent customer service');
  }, 40_000);

  it('signed in: an unknown path shows the 404 screen in the frame', async () => {
    setToken('t');
    start('/no/such/page');
    expect(
      await screen.findByText(
        'Sorry, this page does not exist or is still in development.',
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(document.title).toBe('404 - All-channel intelligent customer service');
  }, 15000);

  it('signed in: a product page outside the user’s menu shows 403', async () => {
    setToken('t');
    start('/stable/crm/list');
    expect(
      await screen.findByText('Sorry, you do not have permission to open this page.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
  }, 15000);
});
