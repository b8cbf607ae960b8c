import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, sampleProfile, sampleUser, sampleWorkgroup, stubApi } from '../testing';
import { AccountCenter, groupsOf } from './AccountCenter';

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const member = (uid: string) => ({
  uid,
  username: uid,
  nickname: uid,
  realName: '',
  avatar: '',
  robot: false,
  enabled: true,
  status: 'online' as const,
});

const groups = [
  sampleWorkgroup({ wid: 'w1', nickname: 'Pre-sales', users: [member('u-me'), member('u-2')] }),
  sampleWorkgroup({ wid: 'w2', nickname: 'After-sales', users: [member('u-2')] }),
  sampleWorkgroup({ wid: 'w3', nickname: 'VIP desk', users: [], admin: member('u-me') }),
];

describe('AccountCenter', { timeout: 30_000 }, () => {
  it('shows who I am and the skill groups I belong to', async () => {
    setProfile(sampleProfile());
    stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser()),
      'GET /api/workgroup/all': () => jsonResponse(groups),
    });
    const onNavigate = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<AccountCenter onNavigate={onNavigate} />);
    expect(screen.getByTestId('center-nickname')).toHaveTextContent('Ada');
    expect(screen.getByText('ada')).toBeInTheDocument();
    expect(screen.getByText('Acme Ltd')).toBeInTheDocument();
    expect(screen.getByText('acme')).toBeInTheDocument();
    expect(screen.getByText('Agent')).toBeInTheDocument();
    expect(screen.getByText('CN¥88.50')).toBeInTheDocument();
    expect(screen.getByText('2031-06-30')).toBeInTheDocument();
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText(/^2030-01-02 \d\d:\d\d$/)).toBeInTheDocument();

    expect(await screen.findByText('Pre-sales')).toBeInTheDocument();
    expect(screen.getByText('VIP desk')).toBeInTheDocument();
    expect(screen.getByText('Group admin')).toBeInTheDocument();
    expect(screen.queryByText('After-sales')).toBeNull();

    await user.click(screen.getByRole('button', { name: /Edit profile/ }));
    expect(onNavigate).toHaveBeenCalledWith('base');
  });

  it("names my roles in zh-CN from the translations, not the server's English", async () => {
    await changeLanguage('zh-CN');
    setProfile(sampleProfile());
    stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser()),
      'GET /api/workgroup/all': () => jsonResponse(groups),
    });
    renderWithProviders(<AccountCenter onNavigate={() => undefined} />);
    expect(screen.getByText('客服')).toBeInTheDocument();
    expect(screen.queryByText('Agent')).toBeNull();
  });

  it('hides the skill-group tab when my roles may not list skill groups', async () => {
    setProfile(sampleProfile());
    const api = stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser({ lastLoginAt: null })),
      'GET /api/workgroup/all': () => errorResponse(403, 'Your roles do not allow "query" on "kefu.group"'),
    });
    renderWithProviders(<AccountCenter onNavigate={() => undefined} />);
    expect(await screen.findByText('Never')).toBeInTheDocument();
    await vi.waitFor(() => expect(api.callsTo('GET', '/api/workgroup/all')).toHaveLength(1));
    await vi.waitFor(() => expect(screen.queryByRole('tab', { name: 'My skill groups' })).toBeNull());
    expect(screen.getByRole('tab', { name: 'What I can open' })).toBeInTheDocument();
    expect(screen.getByText('Chat')).toBeInTheDocument();
    expect(screen.getByText('Settings')).toBeInTheDocument();
    // A 403 here is expected, not an error to announce.
    expect(screen.queryByText(/do not allow/)).toBeNull();
  });

  it('has an empty state when I am in no skill group', async () => {
    setProfile(sampleProfile({ uid: 'u-lonely' }));
    stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser()),
      'GET /api/workgroup/all': () => jsonResponse(groups),
    });
    renderWithProviders(<AccountCenter onNavigate={() => undefined} />);
    expect(await screen.findByText('You are not a member of any skill group yet')).toBeInTheDocument();
  });

  it('counts a group I run as mine', () => {
    expect(groupsOf(groups, 'u-me').map((group) => group.wid)).toEqual(['w1', 'w3']);
    expect(groupsOf(groups, 'u-2').map((group) => group.wid)).toEqual(['w1', 'w2']);
  });
});
