import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { makeMenu } from '../../../shared/routing/menuFixture';
import { createSession, setSession } from '../../../shared/routing/session';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { sampleProfile } from '../testing';
import { AccountRolePage } from './AccountRolePage';

const menu = makeMenu([
  {
    key: 'kefu',
    title: '客服',
    titleEn: 'Customer service',
    items: [{ key: 'account', title: '客服账号', titleEn: 'Agents' }],
  },
  {
    key: 'settings',
    layout: 'SettingsLayout',
    title: '设置',
    titleEn: 'Settings',
    items: [{ key: 'profile', title: '账号设置', titleEn: 'Account settings' }],
  },
]);

afterEach(async () => {
  setProfile(null);
  setSession(null);
  await changeLanguage('en-US');
});

const rowOf = (permissionId: string) => screen.getAllByText(permissionId)[0]!.closest('tr') as HTMLElement;

describe('AccountRolePage', { timeout: 30_000 }, () => {
  it('lists each role with its authorities and, per page, the allowed actions', () => {
    setProfile(sampleProfile());
    setSession(createSession(menu, null, false));
    renderWithProviders(<AccountRolePage />);
    expect(screen.getByText('Agent')).toBeInTheDocument();
    expect(screen.getByText('ROLE_WORKGROUP_AGENT')).toBeInTheDocument();
    // Role texts come from the console's translations by key, not the server's stored English.
    expect(screen.getByText(/^Serves visitors:/)).toBeInTheDocument();
    expect(screen.getByText('Chat')).toBeInTheDocument();

    const account = rowOf('kefu.account');
    expect(within(account).getByText('Agents')).toBeInTheDocument();
    expect(within(account).getByText('Query')).toBeInTheDocument();
    expect(within(account).getByText('View details')).toBeInTheDocument();
    expect(within(account).queryByText('Delete')).toBeNull();

    const profile = rowOf('settings.profile');
    expect(within(profile).getByText('Account settings')).toBeInTheDocument();
    expect(within(profile).getAllByText(/^(Add|Edit|Query|View details)$/)).toHaveLength(4);

    // Not in this user's menu: the id stands in for the title; no actions reads "None".
    const secret = rowOf('ticket.secret');
    expect(within(secret).getAllByText('ticket.secret')).toHaveLength(2);
    expect(within(secret).getByText('None')).toBeInTheDocument();
  });

  it('uses the Chinese labels and menu titles in zh-CN', async () => {
    await changeLanguage('zh-CN');
    setProfile(sampleProfile());
    setSession(createSession(menu, null, false));
    renderWithProviders(<AccountRolePage />);
    expect(screen.getByText('我的角色')).toBeInTheDocument();
    expect(screen.getAllByText('允许的操作').length).toBeGreaterThan(0);
    const account = rowOf('kefu.account');
    expect(within(account).getByText('客服账号')).toBeInTheDocument();
    expect(within(account).getByText('查询')).toBeInTheDocument();
    expect(screen.getByText('在线客服')).toBeInTheDocument();
    expect(screen.getByText('客服')).toBeInTheDocument();
    expect(screen.getByText(/^接待访客/)).toBeInTheDocument();
  });

  it('has an empty state for a user without roles', () => {
    setProfile(sampleProfile({ roles: [] }));
    renderWithProviders(<AccountRolePage />);
    expect(screen.getByText('You hold no roles')).toBeInTheDocument();
  });
});
