import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { BindPage } from './BindPage';
import { BindWechatPage } from './BindWechatPage';
import { BindWechatWorkPage } from './BindWechatWorkPage';
import { OAuthRedirectPage } from './OAuthRedirectPage';
import { TestHomePage } from './TestHomePage';
import { channelOfPath } from '../oauthChannels';
import { clearPublicConfigCache } from '../hooks/usePublicConfig';
import { getToken } from '../../../shared/auth/token';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, makeConfig, renderAt, stubServer } from '../testUtils';

const tokenBody = {
  access_token: 'wx',
  token_type: 'bearer',
  expires_in: 604800,
  refresh_token: 'r',
  scope: 'all',
  jti: 'j',
};

describe('bind pages', () => {
  beforeEach(() => clearPublicConfigCache());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('en-US');
  });

  it('say WeChat sign-in is not enabled when the feature is off', async () => {
    stubServer(makeConfig());
    renderAt('/antv/user/bind-wechat', '/antv/user/bind-wechat?unionid=abc', <BindWechatPage />);
    expect(await screen.findByText('WeChat sign-in is not enabled on this server.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/antv/user/login');
  });

  it('say so in Chinese too, on the generic bind page', async () => {
    await changeLanguage('zh-CN');
    stubServer(makeConfig());
    renderAt('/antv/user/bind', '/antv/user/bind', <BindPage />);
    expect(await screen.findByText('本服务器未开启微信登录。')).toBeInTheDocument();
  });

  it('sign in with the WeChat grant when enabled', async () => {
    const calls = stubServer(makeConfig({}, { wechatScanLogin: true }), ({ url }) =>
      url.startsWith('/wechat/token') ? jsonResponse(200, tokenBody) : jsonResponse(404, {}),
    );
    renderAt(
      '/antv/user/bind-wechat',
      '/antv/user/bind-wechat?unionid=u-1&redirect=%2Fstable%2Fcrm%2Flist',
      <BindWechatPage />,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/stable/crm/list');
    expect(calls.find((c) => c.url.startsWith('/wechat/token'))?.init.body).toBe(
      'unionid=u-1&grant_type=wechat&scope=all',
    );
    expect(getToken()).toBe('wx');
  });

  it('explain an unlinked WeCom account', async () => {
    stubServer(makeConfig({}, { wechatScanLogin: true }), () =>
      jsonResponse(400, {
        error: 'invalid_grant',
        error_description: 'Unknown user',
        message: 'Unknown user',
      }),
    );
    renderAt(
      '/antv/user/bind-wechat-work',
      '/antv/user/bind-wechat-work?userid=zhangsan',
      <BindWechatWorkPage />,
    );
    expect(await screen.findByText(/This WeCom account is not linked/)).toBeInTheDocument();
  });
});

describe('OAuthRedirectPage', () => {
  beforeEach(() => clearPublicConfigCache());
  afterEach(() => vi.unstubAllGlobals());

  it('maps routes to channels', () => {
    expect(channelOfPath('/antv/user/redirect')).toBe('redirect');
    expect(channelOfPath('/antv/user/redirect-lazada-im')).toBe('lazadaIm');
    expect(channelOfPath('/antv/user/redirect-wechatwork/')).toBe('wechatwork');
    expect(channelOfPath('/antv/user/unknown')).toBe('redirect');
  });

  it('confirms a received authorisation and links to the console', () => {
    stubServer(makeConfig());
    renderAt('/antv/user/:name', '/antv/user/redirect-shopee?code=abc&state=xyz', <OAuthRedirectPage />);
    expect(screen.getByText('The authorisation from Shopee was received.')).toBeInTheDocument();
    expect(screen.getByText('Reference: xyz')).toBeInTheDocument();
    expect(screen.queryByText(/abc/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the console' })).toHaveAttribute('href', '/dashboard');
  });

  it('reports a refused or empty authorisation', () => {
    stubServer(makeConfig());
    const first = renderAt(
      '/antv/user/:name',
      '/antv/user/redirect-lazada?error=access_denied',
      <OAuthRedirectPage />,
    );
    expect(screen.getByText('The authorisation was not completed: access_denied')).toBeInTheDocument();
    first.unmount();
    renderAt('/antv/user/:name', '/antv/user/redirect-wechatkefu', <OAuthRedirectPage />);
    expect(
      screen.getByText('No authorisation code was received from WeChat customer service.'),
    ).toBeInTheDocument();
  });
});

describe('TestHomePage', () => {
  beforeEach(() => clearPublicConfigCache());
  afterEach(() => vi.unstubAllGlobals());

  it('shows health, readiness and the server version', async () => {
    stubServer(makeConfig(), ({ url }) => {
      if (url.startsWith('/health')) return jsonResponse(200, { status: 'ok' });
      if (url.startsWith('/ready'))
        return jsonResponse(503, { message: 'Database unreachable', status_code: 503, data: null });
      return jsonResponse(404, {});
    });
    renderAt('/antv/test/home', '/antv/test/home', <TestHomePage />);
    await act(async () => {});
    expect(await screen.findByText('1.2.3')).toBeInTheDocument();
    const rows = screen.getAllByRole('listitem').map((li) => li.textContent ?? '');
    expect(rows.find((r) => r.startsWith('Server process'))).toMatch(/OK/);
    expect(rows.find((r) => r.startsWith('Database'))).toMatch(/Failed: Database unreachable/);
    expect(rows.find((r) => r.startsWith('API address'))).toMatch(/same origin/);
  });
});
