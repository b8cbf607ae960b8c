import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, sampleSettings, stubApi } from '../testing';
import { CustomView } from './CustomView';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CustomView', { timeout: 30_000 }, () => {
  it('shows the six switches with their labels, descriptions and stored state', async () => {
    stubApi({ 'GET /api/user/settings': () => jsonResponse(sampleSettings()) });
    renderWithProviders(<CustomView />);
    expect(await screen.findByRole('switch', { name: 'Typing preview' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Connected notice' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Disconnected notice' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'History for returning visitors' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'WeChat Pay' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Alipay' })).not.toBeChecked();
    expect(screen.getByText('See what a visitor is typing before they send it.')).toBeInTheDocument();
  });

  it('saves a switch at once through its toggle call', async () => {
    const api = stubApi({
      'GET /api/user/settings': () => jsonResponse(sampleSettings()),
      'GET /api/user/settings/wechatpay': ({ search }) =>
        jsonResponse(sampleSettings({ wechatPay: search.get('on') === 'true' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomView />);
    const wechat = await screen.findByRole('switch', { name: 'WeChat Pay' });
    await user.click(wechat);
    await waitFor(() => expect(api.callsTo('GET', '/api/user/settings/wechatpay')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/user/settings/wechatpay')[0]?.search.get('on')).toBe('true');
    await waitFor(() => expect(wechat).not.toBeDisabled());
    expect(wechat).toBeChecked();
  });

  it('springs back and says why when the save fails', async () => {
    const api = stubApi({
      'GET /api/user/settings': () => jsonResponse(sampleSettings()),
      'GET /api/user/settings/preview': () => errorResponse(500, 'Database unavailable'),
    });
    const user = userEvent.setup();
    renderWithProviders(<CustomView />);
    const preview = await screen.findByRole('switch', { name: 'Typing preview' });
    expect(preview).toBeChecked();
    await user.click(preview);
    expect(
      await screen.findByText('Could not change “Typing preview”: Database unavailable'),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/user/settings/preview')[0]?.search.get('on')).toBe('false');
    await waitFor(() => expect(preview).toBeChecked());
  });

  it('says what went wrong when the settings cannot be loaded', async () => {
    stubApi({ 'GET /api/user/settings': () => errorResponse(500, 'Database unavailable') });
    renderWithProviders(<CustomView />);
    expect(await screen.findByText('Could not load the data: Database unavailable')).toBeInTheDocument();
  });
});
