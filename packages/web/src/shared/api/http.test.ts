import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { HttpError, buildUrl, http } from './http';
import { getToken, setToken } from '../auth/token';
import { changeLanguage } from '../i18n';
import { page } from '../utils/page';
import { setNotifier } from '../feedback/notify';

type Call = { url: string; init: RequestInit };

const jsonResponse = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

const stubFetch = (respond: (call: Call) => Response | Promise<Response>) => {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return Promise.resolve(respond(call));
    }),
  );
  return calls;
};

const headerOf = (call: Call, name: string) => new Headers(call.init.headers).get(name);

describe('http client', () => {
  beforeEach(() => {
    setNotifier(null);
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
    document.getElementById('ok-toasts')?.remove();
    await changeLanguage('en-US');
  });

  it('sends Bearer, Accept-Language and client=web, and resolves to the body', async () => {
    setToken('tok-123');
    await changeLanguage('zh-CN');
    const envelope = { message: 'ok', status_code: 200, data: { uid: 'u1' } };
    const calls = stubFetch(() => jsonResponse(200, envelope));
    const body = await http.get<typeof envelope>('/api/user/profile', {
      params: { page: 0, size: 20, skip: undefined },
    });
    expect(body).toEqual(envelope);
    expect(calls[0].url).toBe('/api/user/profile?page=0&size=20&client=web');
    expect(calls[0].init.method).toBe('GET');
    expect(headerOf(calls[0], 'Authorization')).toBe('Bearer tok-123');
    expect(headerOf(calls[0], 'Accept-Language')).toBe('zh-CN');
  });

  it('omits Authorization without a token and keeps an explicit client param', async () => {
    const calls = stubFetch(() => jsonResponse(200, { message: 'ok', status_code: 200, data: null }));
    await http.get('/api/v1/config?client=widget');
    expect(headerOf(calls[0], 'Authorization')).toBeNull();
    expect(calls[0].url).toBe('/api/v1/config?client=widget');
  });

  it('sends JSON bodies, form-encoded bodies when asked, and DELETE data', async () => {
    const calls = stubFetch(() => jsonResponse(200, {}));
    await http.post('/api/v1/menu/create', { name: 'x', show: true });
    await http.post(
      '/oauth/token',
      { username: 'admin', password: 'p&ss', grant_type: 'password', scope: 'all' },
      { form: true },
    );
    await http.put('/api/v1/menu/update', { mid: 'm1' });
    await http.delete('/api/v1/menu/delete', { params: { mid: 'm1' }, data: { platform: 'kefu' } });

    expect(headerOf(calls[0], 'Content-Type')).toBe('application/json');
    expect(calls[0].init.body).toBe('{"name":"x","show":true}');
    expect(headerOf(calls[1], 'Content-Type')).toBe('application/x-www-form-urlencoded;charset=UTF-8');
    expect(calls[1].init.body).toBe('username=admin&password=p%26ss&grant_type=password&scope=all');
    expect(calls[2].init.method).toBe('PUT');
    expect(calls[3].init.method).toBe('DELETE');
    expect(calls[3].url).toBe('/api/v1/menu/delete?mid=m1&client=web');
    expect(calls[3].init.body).toBe('{"platform":"kefu"}');
  });

  it('403: notice "Forbidden" with the server message, and rejects', async () => {
    setToken('tok');
    stubFetch(() =>
      jsonResponse(403, {
        message: 'No permission: kefu.account',
        status_code: 403,
        data: null,
        code: 'FORBIDDEN',
      }),
    );
    const error = await http.get('/api/user/query').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN', message: 'No permission: kefu.account' });
    const notice = screen.getByRole('alert');
    expect(notice).toHaveTextContent('Forbidden');
    expect(notice).toHaveTextContent('No permission: kefu.account');
    expect(getToken()).toBe('tok');
  });

  it('403 notice is titled 无权限-禁止访问 in zh-CN', async () => {
    await changeLanguage('zh-CN');
    stubFetch(() =>
      jsonResponse(403, { message: '没有权限', status_code: 403, data: null, code: 'FORBIDDEN' }),
    );
    await expect(http.get('/api/user/query')).rejects.toBeInstanceOf(HttpError);
    expect(screen.getByRole('alert')).toHaveTextContent('无权限-禁止访问');
  });

  it('401 without result.isLogin: notice, token cleared, reload after 1500 ms', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    setToken('expired');
    stubFetch(() =>
      jsonResponse(401, { message: 'Token expired', status_code: 401, data: null, code: 'UNAUTHORIZED' }),
    );

    const results = await Promise.allSettled([http.get('/api/user/profile'), http.get('/api/v1/menu/list')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({
      status: 401,
      message: 'Token expired',
    });
    expect(getToken()).toBeNull();
    // One notice for the burst, with "Unauthorized" as title (and description).
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Unauthorized');

    vi.advanceTimersByTime(1499);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('401 with result.isLogin true keeps the session', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    setToken('tok');
    stubFetch(() =>
      jsonResponse(401, {
        message: 'Need a fresh login for this',
        status_code: 401,
        data: null,
        result: { isLogin: true },
      }),
    );
    await expect(http.get('/api/user/settings')).rejects.toMatchObject({
      status: 401,
      message: 'Need a fresh login for this',
    });
    vi.advanceTimersByTime(5000);
    expect(getToken()).toBe('tok');
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('token endpoint 400/401: no notice, no logout, rejects with error_description', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    setToken('old');
    stubFetch(({ url }) =>
      url.startsWith('/oauth/token')
        ? jsonResponse(400, {
            error: 'invalid_grant',
            error_description: 'Wrong username or password',
            message: 'Bad credentials',
          })
        : jsonResponse(401, {
            error: 'invalid_client',
            error_description: 'Unknown client',
            message: 'Unknown client',
          }),
    );
    const error = await http
      .post('/oauth/token', { grant_type: 'password' }, { form: true })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_grant',
      message: 'Wrong username or password',
    });
    await expect(http.post('/mobile/token', {}, { form: true })).rejects.toMatchObject({
      status: 401,
      code: 'invalid_client',
    });
    vi.advanceTimersByTime(5000);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reload).not.toHaveBeenCalled();
    expect(getToken()).toBe('old');
  });

  it('401 without a stored token does not reload (public pages)', async () => {
    vi.useFakeTimers();
    const reload = vi.spyOn(page, 'reload').mockImplementation(() => undefined);
    stubFetch(() => jsonResponse(401, { message: 'Sign in first', status_code: 401, data: null }));
    await expect(http.get('/api/user/profile')).rejects.toMatchObject({ status: 401 });
    vi.advanceTimersByTime(5000);
    expect(reload).not.toHaveBeenCalled();
  });

  it('silent calls skip notices and logout but still reject', async () => {
    setToken('tok');
    stubFetch(() => jsonResponse(401, { message: 'gone', status_code: 401, data: null }));
    await expect(http.post('/api/user/logout', undefined, { silent: true })).rejects.toBeInstanceOf(
      HttpError,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(getToken()).toBe('tok');
  });

  it('reads field errors and retryAfter (body or header)', async () => {
    stubFetch(({ url }) =>
      url.startsWith('/api/a')
        ? jsonResponse(400, {
            message: 'Invalid input',
            status_code: 400,
            data: null,
            code: 'BAD_REQUEST',
            fields: [{ field: 'username', message: 'Too short' }],
          })
        : jsonResponse(
            429,
            { message: 'Slow down', status_code: 429, data: null, code: 'RATE_LIMITED' },
            { 'Retry-After': '42' },
          ),
    );
    await expect(http.post('/api/a', {})).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      fields: { username: 'Too short' },
    });
    await expect(http.get('/api/b')).rejects.toMatchObject({
      status: 429,
      retryAfter: 42,
      message: 'Slow down',
    });
  });

  it('falls back to translated messages for network errors and bodies without a message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(http.get('/api/x')).rejects.toMatchObject({
      status: 0,
      code: 'NETWORK',
      message: 'Network error: the server could not be reached',
    });
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(http.get('/api/x')).rejects.toMatchObject({
      status: 502,
      code: 'INTERNAL',
      message: 'Server error (502)',
    });
  });

  it('times out after 300000 ms', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = http.get('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(299_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'The request timed out' });
  });

  it('a caller abort rejects as ABORTED', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = http.get('/api/slow', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'ABORTED' });
  });
});

describe('buildUrl', () => {
  it('adds client=web, repeats array params and keeps absolute addresses', () => {
    expect(buildUrl('/api/x', { ids: ['a', 'b'], on: true })).toBe('/api/x?ids=a&ids=b&on=true&client=web');
    expect(buildUrl('https://upload.example.com/file')).toBe('https://upload.example.com/file?client=web');
    expect(buildUrl('/api/x?a=1#frag')).toBe('/api/x?a=1&client=web');
  });
});
