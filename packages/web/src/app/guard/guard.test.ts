import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@openkefu/contract';
import { setToken, getToken } from '../../shared/auth/token';
import { getProfile, setProfile } from '../../shared/auth/profileStore';
import { setNotifier, type Notifier } from '../../shared/feedback/notify';
import { changeLanguage } from '../../shared/i18n';
import { page } from '../../shared/utils/page';
import { sampleMenu } from '../../shared/routing/menuFixture';
import { getSession, setSession } from '../../shared/routing/session';
import { appPathOf, guardLoader, redirectSignedInLoader } from './guard';

const profile: Profile = {
  uid: 'u1',
  username: 'admin',
  nickname: 'Admin',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'openkefu',
  balance: 0,
  validateUntilDate: null,
  roles: [],
  authorities: ['home', 'chat'],
  organization: { oid: 'o1', name: 'OpenKefu', subDomain: 'openkefu' },
  isPlatformStaff: true,
  isAdminAccount: true,
};

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ message: status === 200 ? 'ok' : 'failed', status_code: status, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

type Routes = Record<string, () => Response>;
const calls: string[] = [];
const stubServer = (routes: Routes) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(url.pathname + url.search);
      const handler = routes[url.pathname];
      return handler ? handler() : envelope(null, 404);
    }),
  );

const okServer = (menu = sampleMenu()): Routes => ({
  '/api/user/profile': () => envelope(profile),
  '/api/v1/menu/list': () => envelope(menu),
  '/api/v1/config': () => envelope(null, 500),
  '/api/user/logout': () => envelope(null),
});

const run = (path: string) => guardLoader({ request: new Request(`http://localhost/admin${path}`) });

/** The loader's thrown redirect → its target inside the console. */
const redirectOf = async (path: string): Promise<string> => {
  try {
    await run(path);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location') ?? '';
    throw thrown;
  }
  throw new Error(`${path} did not redirect`);
};

let notices: { kind: string; title: string; description?: string }[] = [];
const recordingNotifier: Notifier = {
  success: (o) => notices.push({ kind: 'success', ...o }),
  error: (o) => notices.push({ kind: 'error', ...o }),
  info: (o) => notices.push({ kind: 'info', ...o }),
  warning: (o) => notices.push({ kind: 'warning', ...o }),
};

describe('navigation guard (spec §4)', () => {
  beforeEach(() => {
    notices = [];
    calls.length = 0;
    setNotifier(recordingNotifier);
    setSession(null);
    setProfile(null);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    setNotifier(null);
    await changeLanguage('en-US');
  });

  it('sends a visitor without a token to login with the full original path', async () => {
    stubServer(okServer());
    expect(await redirectOf('/stable/kefu/account?tab=2&x=y')).toBe(
      `/antv/user/login?redirect=${encodeURIComponent('/stable/kefu/account?tab=2&x=y')}`,
    );
    expect(calls).toEqual([]);
  });

  it('with a token and no user info: fetches the profile and the menu, builds the routes, then continues', async () => {
    setToken('token-1');
    stubServer(okServer());
    await expect(run('/stable/kefu/account')).resolves.toEqual({ kind: 'page' });
    expect(getProfile()?.username).toBe('admin');
    expect(getSession()?.table.pages.has('/stable/kefu/account')).toBe(true);
    expect(calls).toContain('/api/v1/menu/list?platform=kefu&client=web');
    // Loaded once: the next navigation does not fetch again.
    calls.length = 0;
    await expect(run('/stable/platform/menu')).resolves.toEqual({ kind: 'page' });
    expect(calls).toEqual([]);
  });

  it('on a failed fetch: notice "Error", logout, then login with the redirect', async () => {
    setToken('token-1');
    stubServer({ ...okServer(), '/api/user/profile': () => envelope(null, 500) });
    expect(await redirectOf('/stable/kefu/group?q=1')).toBe(
      `/antv/user/login?redirect=${encodeURIComponent('/stable/kefu/group?q=1')}`,
    );
    expect(notices).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to fetch user info, please retry' },
    ]);
    expect(calls).toContain('/api/user/logout?client=web');
    expect(getToken()).toBeNull();
    expect(getProfile()).toBeNull();
  });

  it('keeps the session when no answer arrived (offline, or the page navigating away)', async () => {
    setToken('token-1');
    stubServer({
      ...okServer(),
      '/api/user/profile': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await expect(run('/stable/kefu/group')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
    expect(notices).toEqual([
      { kind: 'error', title: 'Error', description: 'Failed to fetch user info, please retry' },
    ]);
    expect(calls).not.toContain('/api/user/logout?client=web');
    expect(getToken()).toBe('token-1');
  });

  it('shows the failure notice in Chinese in zh-CN', async () => {
    await changeLanguage('zh-CN');
    setToken('token-1');
    stubServer({ ...okServer(), '/api/v1/menu/list': () => envelope(null, 401) });
    await redirectOf('/stable/kefu/account');
    expect(notices[0]).toMatchObject({ title: '错误', description: '请求用户信息失败，请重试' });
  });

  it('on an empty menu: logs out and reloads after 1.5 s', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    setToken('token-1');
    stubServer(okServer([]));
    await expect(run('/stable/kefu/account')).resolves.toEqual({ kind: 'signingOut' });
    expect(calls).toContain('/api/user/logout?client=web');
    expect(getToken()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('sends a section path to its default item and /dashboard to the workplace', async () => {
    setToken('token-1');
    stubServer(okServer());
    expect(await redirectOf('/stable/kefu')).toBe('/stable/kefu/account');
    expect(await redirectOf('/stable/platform?from=menu')).toBe('/stable/platform/menu?from=menu');
    expect(await redirectOf('/dashboard')).toBe('/stable/dashboard/workplace');
    expect(await redirectOf('/')).toBe('/dashboard');
  });

  it('resolves unknown paths to 404 and product pages outside the menu to 403', async () => {
    setToken('token-1');
    stubServer(okServer());
    await expect(run('/no/such/page')).resolves.toEqual({ kind: 'notFound' });
    await expect(run('/stable/crm/list')).resolves.toEqual({ kind: 'forbidden' });
  });

  it('sends a signed-in user away from the login page', () => {
    expect(redirectSignedInLoader()).toBeNull();
    setToken('token-1');
    expect(redirectSignedInLoader()?.headers.get('Location')).toBe('/stable/dashboard/workplace');
  });

  it('strips the /admin basename', () => {
    expect(appPathOf(new URL('http://h/admin'))).toBe('/');
    expect(appPathOf(new URL('http://h/admin/stable/kefu?a=1'))).toBe('/stable/kefu?a=1');
  });
});
