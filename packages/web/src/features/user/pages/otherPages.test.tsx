import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { BindPage } from './BindPage';
import { BindWechatPage } from './BindWechatPage';
import { BindWechatWorkPage } from './BindWechatWorkPage';
import { OAuthRedirectPage } from './OAuthRedirectPage';
import { TestHomePage } from './TestHomePage';
import { channelOfPath } from '../oauthChannels';
import { clearPublicConfigCache } from '../hooks/usePublicConfig';
import { clearToken, getToken, setToken } from '../../../shared/auth/token';
import { changeLanguage } from '../../../shared/i18n';
import { envelope, jsonResponse, makeConfig, renderAt, stubServer, type FetchCall } from '../testUtils';

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

  it('say when the scan link expired, trade nothing, and offer to scan again', async () => {
    const calls = stubServer(makeConfig({}, { wechatScanLogin: true }), () => jsonResponse(404, {}));
    renderAt('/antv/user/bind-wechat', '/antv/user/bind-wechat?error=expired', <BindWechatPage />);
    expect(
      await screen.findByText('This sign-in link has expired. Scan the code again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Scan again' })).toHaveAttribute(
      'href',
      '/oauth/wechat/authorize?redirect=%2Fdashboard',
    );
    expect(calls.some((c) => c.url.startsWith('/wechat/token'))).toBe(false);
  });

  it('say when WeCom did not confirm who scanned', async () => {
    stubServer(makeConfig({}, { wechatScanLogin: true }), () => jsonResponse(404, {}));
    renderAt(
      '/antv/user/bind-wechat-work',
      '/antv/user/bind-wechat-work?error=platform',
      <BindWechatWorkPage />,
    );
    expect(await screen.findByText('WeCom did not confirm who you are. Try again.')).toBeInTheDocument();
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
  const shopAccount = {
    caid: 'ca-shop',
    type: 'shopee',
    name: 'My Shopee shop',
    workgroup: null,
    config: { partnerId: '2001', shopId: '777' },
    secretsSet: ['partnerKey'],
    webhookUrl: 'https://kefu.example.com/channel/webhook/k',
    appKey: null,
    status: 'connected',
    enabled: true,
    lastInboundAt: null,
    lastOutboundAt: null,
    lastError: '',
    lastErrorAt: null,
    createdAt: 1,
  };
  const completions = (calls: FetchCall[]) =>
    calls.filter((call) => call.url.startsWith('/api/channel/authorize/complete'));

  beforeEach(() => clearPublicConfigCache());
  afterEach(async () => {
    vi.unstubAllGlobals();
    clearToken();
    await changeLanguage('en-US');
  });

  it('maps routes to channels', () => {
    expect(channelOfPath('/antv/user/redirect')).toBe('redirect');
    expect(channelOfPath('/antv/user/redirect-lazada-im')).toBe('lazadaIm');
    expect(channelOfPath('/antv/user/redirect-wechatwork/')).toBe('wechatwork');
    expect(channelOfPath('/antv/user/unknown')).toBe('redirect');
  });

  it('completes a grant with every parameter and links to the channel page', async () => {
    setToken('session');
    const calls = stubServer(makeConfig(), ({ url }) =>
      url.startsWith('/api/channel/authorize/complete')
        ? jsonResponse(200, envelope(shopAccount))
        : jsonResponse(404, {}),
    );
    renderAt(
      '/antv/user/:name',
      '/antv/user/redirect-shopee?code=abc&shop_id=777&state=sealed-state',
      <OAuthRedirectPage />,
    );
    expect(screen.getByText('Completing the authorisation from Shopee…')).toBeInTheDocument();
    expect(
      await screen.findByText('My Shopee shop is connected: Shopee granted access.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Shop ID: 777')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Shopee page' })).toHaveAttribute(
      'href',
      '/stable/channel/shopee',
    );
    expect(completions(calls)).toHaveLength(1);
    const [call] = completions(calls);
    expect(call?.init.method).toBe('POST');
    expect(new Headers(call?.init.headers).get('Authorization')).toBe('Bearer session');
    expect(JSON.parse(String(call?.init.body))).toEqual({
      params: { code: 'abc', shop_id: '777', state: 'sealed-state' },
    });
  });

  it('shows the server’s answer when the grant is refused', async () => {
    setToken('session');
    stubServer(makeConfig(), () =>
      jsonResponse(400, {
        message: 'This authorisation link has expired',
        status_code: 400,
        data: null,
        code: 'BAD_REQUEST',
        fields: [{ field: 'params.state', message: 'expired or for another organisation' }],
      }),
    );
    renderAt('/antv/user/:name', '/antv/user/redirect-lazada?code=xyz&state=old', <OAuthRedirectPage />);
    expect(
      await screen.findByText(
        'The authorisation from Lazada could not be completed: This authorisation link has expired',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the Lazada page' })).toHaveAttribute(
      'href',
      '/stable/channel/lazada',
    );
  });

  it('signs in first, then comes back to this page', async () => {
    const calls = stubServer(makeConfig());
    // Only this page's route: the sign-in page falls through to the router's "where".
    renderAt(
      '/antv/user/redirect-shopee',
      '/antv/user/redirect-shopee?code=abc&state=s1',
      <OAuthRedirectPage />,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent(
      `/antv/user/login?redirect=${encodeURIComponent('/antv/user/redirect-shopee?code=abc&state=s1')}`,
    );
    expect(completions(calls)).toHaveLength(0);
  });

  it('goes to sign in when the session has ended meanwhile', async () => {
    setToken('expired');
    stubServer(makeConfig(), () =>
      jsonResponse(401, { message: 'Unauthorized', status_code: 401, data: null, code: 'UNAUTHORIZED' }),
    );
    renderAt(
      '/antv/user/redirect-shopee',
      '/antv/user/redirect-shopee?code=abc&state=s2',
      <OAuthRedirectPage />,
    );
    expect(await screen.findByTestId('where')).toHaveTextContent('/antv/user/login?redirect=');
    expect(getToken()).toBeNull();
  });

  it('reports a refused or empty authorisation without calling the server', async () => {
    setToken('session');
    const calls = stubServer(makeConfig());
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
    expect(completions(calls)).toHaveLength(0);
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setToken('session');
    stubServer(makeConfig(), () => jsonResponse(200, envelope(shopAccount)));
    renderAt('/antv/user/:name', '/antv/user/redirect-shopee?code=c3&state=s3', <OAuthRedirectPage />);
    expect(await screen.findByText('My Shopee shop 已接入：Shopee已授权访问。')).toBeInTheDocument();
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
