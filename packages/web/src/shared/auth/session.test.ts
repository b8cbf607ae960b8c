import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { Profile } from '@openkefu/contract';
import { getToken, setToken } from './token';
import { getProfile, setProfile } from './profileStore';
import { loginWithEmailCode, loginWithPassword, logout, logoutAndReload, sendSmsCode } from './session';
import { page } from '../utils/page';

type Call = { url: string; init: RequestInit };

const stubFetch = (status: number, body: unknown) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(
        new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  return calls;
};

const tokenBody = {
  access_token: 'new-token',
  token_type: 'bearer',
  expires_in: 604800,
  refresh_token: 'r',
  scope: 'all',
  jti: 'j',
};

describe('session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.getElementById('ok-toasts')?.remove();
  });

  it('logs in with the password grant: Basic client auth, form body, token stored', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2024-05-01T00:00:00Z'));
    const calls = stubFetch(200, tokenBody);
    const token = await loginWithPassword(' admin ', 'secret1');
    expect(token.access_token).toBe('new-token');
    expect(calls[0].url).toBe('/oauth/token?client=web');
    const headers = new Headers(calls[0].init.headers);
    expect(headers.get('Authorization')).toBe(`Basic ${btoa('client:secret')}`);
    expect(calls[0].init.body).toBe('username=admin&password=secret1&grant_type=password&scope=all');
    expect(getToken()).toBe('new-token');
    const stored = JSON.parse(localStorage.getItem('pro__Access-Token') ?? '{}') as { expire: number };
    expect(stored.expire).toBe(Date.parse('2024-05-01T00:00:00Z') + 604_800_000);
  });

  it('logs in with an email code', async () => {
    const calls = stubFetch(200, tokenBody);
    await loginWithEmailCode('a@b.co', '123456');
    expect(calls[0].url).toBe('/email/token?client=web');
    expect(calls[0].init.body).toBe('email=a%40b.co&code=123456&grant_type=email&scope=all');
  });

  it('sends an SMS code with its purpose', async () => {
    const calls = stubFetch(200, {
      message: 'ok',
      status_code: 200,
      data: { resendAfter: 60, expiresIn: 300 },
    });
    await expect(sendSmsCode('13800138000', 'reset')).resolves.toEqual({ resendAfter: 60, expiresIn: 300 });
    expect(calls[0].url).toBe('/sms/api/send/log?mobile=13800138000&purpose=reset&client=web');
  });

  it('logout calls the server and clears token and profile', async () => {
    setToken('tok');
    setProfile({ username: 'admin' } as Profile);
    const calls = stubFetch(200, { message: 'ok', status_code: 200, data: null });
    await logout();
    expect(calls[0].url).toBe('/api/user/logout?client=web');
    expect(new Headers(calls[0].init.headers).get('Authorization')).toBe('Bearer tok');
    expect(getToken()).toBeNull();
    expect(getProfile()).toBeNull();
  });

  it('logout still clears the token when the server fails, and shows the message', async () => {
    setToken('tok');
    stubFetch(500, { message: 'Database unavailable', status_code: 500, data: null, code: 'INTERNAL' });
    await expect(logout()).resolves.toBeUndefined();
    expect(getToken()).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
  });

  it('logout with an already dead token is quiet and does not schedule the 401 reload', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    setToken('dead');
    stubFetch(401, { message: 'Token revoked', status_code: 401, data: null });
    await logout();
    vi.advanceTimersByTime(5000);
    expect(getToken()).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('logoutAndReload reloads after the delay', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    setToken('tok');
    stubFetch(200, { message: 'ok', status_code: 200, data: null });
    await logoutAndReload(1500);
    expect(getToken()).toBeNull();
    vi.advanceTimersByTime(1499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
