import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicConfig } from '@openkefu/contract';
import { LoginPage } from './LoginPage';
import { INLINED_CONFIG_ID, clearPublicConfigCache } from '../hooks/usePublicConfig';
import { PRERENDER_ID, removePrerender } from '../prerender';
import { getToken } from '../../../shared/auth/token';
import { changeLanguage } from '../../../shared/i18n';
import { envelope, jsonResponse, makeConfig, renderAt, stubServer, type FetchCall } from '../testUtils';

const tokenBody = {
  access_token: 'fresh',
  token_type: 'bearer',
  expires_in: 604800,
  refresh_token: 'r',
  scope: 'all',
  jti: 'j',
};

let calls: FetchCall[] = [];

const serve = (
  loginMethods: PublicConfig['loginMethods'],
  handler: (url: string) => Response | Promise<Response>,
) => {
  calls = stubServer(makeConfig({ loginMethods }), ({ url }) => handler(url));
};

const renderLogin = (entry = '/antv/user/login') => renderAt('/antv/user/login', entry, <LoginPage />);

describe('LoginPage', () => {
  beforeEach(() => {
    clearPublicConfigCache();
  });

  afterEach(async () => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    await changeLanguage('en-US');
  });

  it("takes over the server's pre-rendered form: typed values, focus and caret, no config request", async () => {
    serve(['password', 'email'], () => jsonResponse(500, {}));
    // What the server sends (issue 18): the form's copy, and the configuration as JSON.
    const copy = document.createElement('div');
    copy.id = PRERENDER_ID;
    copy.innerHTML =
      '<form method="dialog"><input name="username"><input name="password" type="password"></form>';
    const inlined = document.createElement('script');
    inlined.type = 'application/json';
    inlined.id = INLINED_CONFIG_ID;
    inlined.textContent = JSON.stringify(makeConfig({ loginMethods: ['password', 'mobile'] }));
    document.body.append(copy, inlined);
    try {
      const [username, password] = [...copy.querySelectorAll('input')];
      username.value = 'ada';
      password.value = 'secret';
      password.focus();
      password.setSelectionRange(2, 2);
      renderLogin();
      const field = screen.getByLabelText('Password');
      expect(field).toHaveValue('secret');
      expect(field).toHaveFocus();
      expect((field as HTMLInputElement).selectionStart).toBe(2);
      expect(screen.getByLabelText('Username')).toHaveValue('ada');
      // The inlined configuration, on the first render and without asking the server.
      expect(screen.getByRole('tab', { name: 'Mobile code' })).toBeInTheDocument();
      expect(calls.filter((c) => c.url.startsWith('/api/v1/config'))).toHaveLength(0);
      removePrerender();
      expect(document.getElementById(PRERENDER_ID)).toBeNull();
    } finally {
      copy.remove();
      inlined.remove();
    }
  });

  it('shows validation messages under the fields and sends nothing', async () => {
    serve(['password'], () => jsonResponse(500, {}));
    const user = userEvent.setup();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Please enter your username');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Please enter your password');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(calls.filter((c) => c.url.startsWith('/oauth'))).toHaveLength(0);
    // Typing clears that field's message.
    await user.type(screen.getByLabelText('Username'), 'admin');
    expect(screen.queryByText('Please enter your username')).toBeNull();
  });

  it('shows the server error above the form, with the retry time, and stays put', async () => {
    serve(['password'], () =>
      jsonResponse(429, {
        error: 'too_many_attempts',
        error_description: 'Too many failed sign-in attempts',
        message: 'Too many failed sign-in attempts',
        retryAfter: 540,
      }),
    );
    const user = userEvent.setup();
    renderLogin();
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many failed sign-in attempts');
    expect(alert).toHaveTextContent('Try again in 9m.');
    expect(screen.queryByTestId('where')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // The failed sign-in is the form's error only: no toast, no logout.
    expect(document.getElementById('ok-toasts')).toBeNull();
    expect(getToken()).toBeNull();
  });

  it('disables submit while pending, then follows the redirect parameter', async () => {
    let release: (() => void) | undefined;
    serve(
      ['password'],
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(jsonResponse(200, tokenBody));
        }),
    );
    const user = userEvent.setup();
    renderLogin(`/antv/user/login?redirect=${encodeURIComponent('/stable/kefu/account?x=1')}`);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Password'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    const tokenCall = calls.find((c) => c.url.startsWith('/oauth/token'));
    expect(tokenCall?.init.body).toBe('username=admin&password=admin&grant_type=password&scope=all');
    await act(async () => release?.());
    expect(await screen.findByTestId('where')).toHaveTextContent('/stable/kefu/account?x=1');
    expect(getToken()).toBe('fresh');
  });

  it.each([['https://evil.example/steal'], ['//evil.example'], ['javascript:alert(1)']])(
    'ignores the unsafe redirect %s and goes to /dashboard',
    async (target) => {
      serve(['password'], () => jsonResponse(200, tokenBody));
      const user = userEvent.setup();
      renderLogin(`/antv/user/login?redirect=${encodeURIComponent(target)}`);
      await user.type(screen.getByLabelText('Username'), 'admin');
      await user.type(screen.getByLabelText('Password'), 'admin');
      await user.click(screen.getByRole('button', { name: 'Sign in' }));
      expect(await screen.findByTestId('where')).toHaveTextContent(/^\/dashboard$/);
    },
  );

  it('offers code tabs only when the server lists them', async () => {
    serve(['password'], () => jsonResponse(500, {}));
    const first = renderLogin();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/config'))).toBe(true));
    await act(async () => {});
    expect(screen.queryByRole('tab')).toBeNull();
    first.unmount();

    clearPublicConfigCache();
    serve(['password', 'mobile', 'email'], () => jsonResponse(500, {}));
    renderLogin();
    expect(await screen.findByRole('tab', { name: 'Mobile code' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Email code' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
  });

  it('offers scan sign-in for the providers the server configured, keeping the redirect', async () => {
    calls = stubServer(makeConfig({ scanLogin: [] }), () => jsonResponse(500, {}));
    const first = renderLogin();
    await waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/config'))).toBe(true));
    await act(async () => {});
    expect(screen.queryByRole('link', { name: 'Sign in with WeChat' })).toBeNull();
    first.unmount();

    clearPublicConfigCache();
    calls = stubServer(makeConfig({ scanLogin: ['wechat', 'wechatWork'] }), () => jsonResponse(500, {}));
    renderLogin('/antv/user/login?redirect=%2Fstable%2Fkefu%2Fthread');
    const wechat = await screen.findByRole('link', { name: 'Sign in with WeChat' });
    expect(wechat).toHaveAttribute('href', '/oauth/wechat/authorize?redirect=%2Fstable%2Fkefu%2Fthread');
    expect(screen.getByRole('link', { name: 'Sign in with WeCom' })).toHaveAttribute(
      'href',
      '/oauth/wechat-work/authorize?redirect=%2Fstable%2Fkefu%2Fthread',
    );
  });

  it('signs in with a mobile code: send-code countdown, then the mobile grant', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    serve(['password', 'mobile'], (url) => {
      if (url.startsWith('/sms/api/send/'))
        return jsonResponse(200, envelope({ resendAfter: 60, expiresIn: 300 }));
      if (url.startsWith('/mobile/token')) return jsonResponse(200, tokenBody);
      return jsonResponse(404, {});
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderLogin();
    await user.click(await screen.findByRole('tab', { name: 'Mobile code' }));

    // The address is checked before a code is requested.
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(screen.getByLabelText('Mobile number')).toHaveAccessibleDescription(
      'Please enter your mobile number',
    );
    expect(calls.some((c) => c.url.startsWith('/sms/'))).toBe(false);

    await user.type(screen.getByLabelText('Mobile number'), '13800138000');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /Resend in 60s/ })).toBeDisabled();
    expect(calls.find((c) => c.url.startsWith('/sms/'))?.url).toBe(
      '/sms/api/send/log?mobile=13800138000&purpose=login&client=web',
    );
    expect(screen.getByRole('status')).toHaveTextContent('valid for 5 minutes');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(screen.getByRole('button', { name: /Resend in 59s/ })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(59_000);
    });
    expect(screen.getByRole('button', { name: 'Get code' })).toBeEnabled();

    await user.type(screen.getByLabelText('Verification code'), '123');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription(
      'The verification code has 6 digits',
    );
    await user.type(screen.getByLabelText('Verification code'), '456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/dashboard');
    expect(calls.find((c) => c.url.startsWith('/mobile/token'))?.init.body).toBe(
      'mobile=13800138000&code=123456&grant_type=mobile&scope=all',
    );
  });

  it('is in Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    serve(['password'], () => jsonResponse(500, {}));
    const user = userEvent.setup();
    renderLogin();
    expect(screen.getByText('全渠道智能客服')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(screen.getByText('请输入用户名')).toBeInTheDocument();
  });
});
