import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformChannelApp } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACTIONS, platformStaff, stubFetch } from '../shared/testFixtures';
import { ChannelAppPage } from './ChannelAppPage';

const apps: PlatformChannelApp[] = [
  {
    type: 'wechat_open',
    settings: { componentAppId: 'wx0123' },
    secretsSet: ['componentAppSecret', 'token', 'encodingAESKey'],
    isConfigured: true,
    canTest: false,
    updatedAt: Date.UTC(2025, 0, 2),
  },
  {
    type: 'shopee',
    settings: { partnerId: '' },
    secretsSet: [],
    isConfigured: false,
    canTest: false,
    updatedAt: null,
  },
  {
    type: 'lazada',
    settings: { appKey: '' },
    secretsSet: [],
    isConfigured: false,
    canTest: false,
    updatedAt: null,
  },
];

const card = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('ChannelAppPage', { timeout: 60_000 }, () => {
  it('shows each app, which secrets are set, and saves one keeping secrets left empty', async () => {
    setProfile(platformStaff({ 'platform.channel': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/channel-app/all': () => apps,
      'POST /api/platform/channel-app/save': () => ({ ...apps[0], settings: { componentAppId: 'wx-new' } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ChannelAppPage />);
    await screen.findByText('WeChat Open Platform (third-party platform)');
    const wechat = card('WeChat Open Platform (third-party platform)');
    expect(within(wechat).getByText('Configured')).toBeInTheDocument();
    expect(within(wechat).getAllByText('Set. Leave empty to keep it.')).toHaveLength(3);
    expect(within(wechat).queryByRole('button', { name: 'Test connection' })).toBeNull();
    // Partner apps that organisations' shops connect through have one push address for every shop.
    expect(
      within(card('Shopee partner app')).getByText(/\/channel\/webhook\/platform\/shopee$/),
    ).toBeInTheDocument();
    // WeChat's third-party platform calls two addresses: authorisation events, and messages per account.
    expect(within(wechat).getByText(/\/channel\/webhook\/platform\/wechat_open$/)).toBeInTheDocument();
    expect(within(wechat).getByText(/\/channel\/webhook\/platform\/mp\/\$APPID\$$/)).toBeInTheDocument();
    const appId = within(wechat).getByLabelText('Component app id (component_appid)');
    await user.clear(appId);
    await user.type(appId, 'wx-new');
    await user.click(within(wechat).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(requests.some((request) => request.method === 'POST')).toBe(true));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      type: 'wechat_open',
      values: { componentAppId: 'wx-new', componentAppSecret: '', token: '', encodingAESKey: '' },
    });
    expect(await screen.findByText('WeChat Open Platform (third-party platform) saved')).toBeInTheDocument();
  });

  it('requires every field of an app not configured yet', async () => {
    setProfile(platformStaff({ 'platform.channel': ALL_ACTIONS }));
    const { requests } = stubFetch({ 'GET /api/platform/channel-app/all': () => apps });
    const user = userEvent.setup();
    renderWithProviders(<ChannelAppPage />);
    await screen.findByText('Shopee partner app');
    const shopee = card('Shopee partner app');
    await user.click(within(shopee).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(shopee).getAllByText('Required')).toHaveLength(2));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('tests the third-party platform and shows what WeChat said', async () => {
    setProfile(platformStaff({ 'platform.channel': ALL_ACTIONS }));
    const testable = apps.map((app) => (app.type === 'wechat_open' ? { ...app, canTest: true } : app));
    const { requests } = stubFetch({
      'GET /api/platform/channel-app/all': () => testable,
      'POST /api/platform/channel-app/test': () => ({ ok: false, detail: 'invalid appsecret (40013)' }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ChannelAppPage />);
    const title = 'WeChat Open Platform (third-party platform)';
    await screen.findByText(title);
    await user.click(within(card(title)).getByRole('button', { name: 'Test connection' }));
    expect(
      await screen.findByText('The platform refused the credentials: invalid appsecret (40013)'),
    ).toBeInTheDocument();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ type: 'wechat_open' });
  });

  it('says what went wrong when loading fails, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(platformStaff({ 'platform.channel': ['query'] }));
    stubFetch({
      'GET /api/platform/channel-app/all': () =>
        new Response(JSON.stringify({ message: '服务暂不可用', status_code: 503, data: null }), {
          status: 503,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderWithProviders(<ChannelAppPage />);
    expect(await screen.findByText('数据加载失败：服务暂不可用')).toBeInTheDocument();
  });
});
