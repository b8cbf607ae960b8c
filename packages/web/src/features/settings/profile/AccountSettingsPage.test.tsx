import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { sampleProfile, sampleSettings, sampleUser, stubApi } from '../testing';
import { toAccountTab } from './tabs';
import { AccountSettingsPage } from './AccountSettingsPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const stubAll = () =>
  stubApi({
    'GET /api/user/me': () => jsonResponse(sampleUser()),
    'GET /api/user/settings': () => jsonResponse(sampleSettings()),
    'GET /api/workgroup/all': () => jsonResponse([]),
  });

const activeTab = (container: HTMLElement) =>
  container.querySelector('.ok-settings__content')?.getAttribute('data-tab');

describe('AccountSettingsPage', { timeout: 30_000 }, () => {
  it('opens on the basic settings and switches views from its menu', async () => {
    setProfile(sampleProfile());
    stubAll();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<AccountSettingsPage />, { path: '/stable/settings/profile' });
    expect(activeTab(container)).toBe('base');
    expect(await screen.findByLabelText('Nickname')).toHaveValue('Ada');

    await user.click(screen.getAllByText('Personalisation')[0]!);
    expect(activeTab(container)).toBe('custom');
    expect(await screen.findByRole('switch', { name: 'Typing preview' })).toBeChecked();

    await user.click(screen.getAllByText('Account centre')[0]!);
    expect(activeTab(container)).toBe('center');
    expect(screen.getByTestId('center-nickname')).toHaveTextContent('Ada');
  });

  it('opens the view named by ?tab=', () => {
    setProfile(sampleProfile());
    stubAll();
    const { container } = renderWithProviders(<AccountSettingsPage />, {
      path: '/stable/settings/profile?tab=binding',
    });
    expect(activeTab(container)).toBe('binding');
    expect(screen.getByTestId('email-current')).toHaveTextContent('ada@example.com');
  });

  it('shows the Chinese labels in zh-CN', async () => {
    await changeLanguage('zh-CN');
    setProfile(sampleProfile());
    stubAll();
    renderWithProviders(<AccountSettingsPage />, { path: '/stable/settings/profile?tab=security' });
    expect(screen.getAllByText('安全设置').length).toBeGreaterThan(0);
    expect(screen.getAllByText('基本设置').length).toBeGreaterThan(0);
    expect(screen.getAllByText('新消息通知').length).toBeGreaterThan(0);
    expect(screen.getByText('账户密码')).toBeInTheDocument();
    expect(screen.getByLabelText('当前密码')).toBeInTheDocument();
    expect(screen.getByLabelText('确认新密码')).toBeInTheDocument();
  });

  it('falls back to the basic settings for an unknown tab', () => {
    expect(toAccountTab('nope')).toBe('base');
    expect(toAccountTab(null)).toBe('base');
    expect(toAccountTab('notification')).toBe('notification');
  });
});
