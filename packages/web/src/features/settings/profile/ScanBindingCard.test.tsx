import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, stubApi } from '../testing';
import { ScanBindingCard } from './ScanBindingCard';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ScanBindingCard', { timeout: 30_000 }, () => {
  it('binds through the platform page and unbinds after confirming', async () => {
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign });
    const api = stubApi({
      'GET /api/user/bind/wechat': () =>
        jsonResponse({
          available: ['wechat', 'wechatWork'],
          bound: [{ provider: 'wechatWork', boundAt: 1_795_000_000_000 }],
        }),
      'POST /api/user/bind/wechat/start': () =>
        jsonResponse({ url: 'https://open.weixin.qq.com/connect/qrconnect?x=1' }),
      'DELETE /api/user/bind/wechat': () => jsonResponse(null),
    });
    const user = userEvent.setup();
    renderWithProviders(<ScanBindingCard />);
    expect(await screen.findByText('WeChat')).toBeInTheDocument();
    expect(screen.getByText(/^Bound since/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Bind' }));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://open.weixin.qq.com/connect/qrconnect?x=1'),
    );
    expect(api.callsTo('POST', '/api/user/bind/wechat/start')[0]?.body).toEqual({ provider: 'wechat' });

    await user.click(screen.getByRole('button', { name: 'Unbind' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByText('WeCom is unbound.')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/bind/wechat')[0]?.search.get('provider')).toBe('wechatWork');
  });

  it('says what the platform callback reported, and shows nothing when the server offers no scan sign-in', async () => {
    stubApi({ 'GET /api/user/bind/wechat': () => jsonResponse({ available: ['wechat'], bound: [] }) });
    const first = renderWithProviders(<ScanBindingCard />, {
      path: '/stable/settings/profile?tab=binding&bindError=taken',
    });
    expect(await screen.findByText('That account is bound to another user already.')).toBeInTheDocument();
    first.unmount();

    stubApi({
      'GET /api/user/bind/wechat': () => jsonResponse({ available: [], bound: [] }),
      'POST /api/user/bind/wechat/start': () => errorResponse(400, 'unavailable'),
    });
    const { container } = renderWithProviders(<ScanBindingCard />);
    await waitFor(() => expect(container.querySelector('.ant-card')).toBeNull());
    expect(screen.queryByText('Scan sign-in')).toBeNull();
  });
});
