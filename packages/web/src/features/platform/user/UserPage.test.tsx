import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import type { BalanceLog, User } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  ALL_ACTIONS,
  makeUser,
  page,
  platformStaff,
  roles,
  stubFetch,
  type RecordedRequest,
} from '../shared/testFixtures';
import { UserPage } from './UserPage';

const today = dayjs().startOf('day');

const alice = makeUser({
  uid: 'u1',
  username: 'alice',
  nickname: 'Alice',
  balance: 1234.5,
  validateUntilDate: today.subtract(2, 'day').format('YYYY-MM-DD'),
  lastLoginAt: null,
});
const bob = makeUser({
  uid: 'u2',
  username: 'bob',
  nickname: 'Bob',
  balance: 0,
  enabled: false,
  validateUntilDate: today.add(3, 'day').format('YYYY-MM-DD'),
  organization: { oid: 'o2', name: 'Bob Shop', subDomain: 'bobshop' },
  roles: [
    { rid: 'r-admin', value: 'ROLE_ADMIN', name: 'Administrator' },
    { rid: 'r-vip', value: 'ROLE_VIP', name: 'VIP administrator' },
  ],
  lastLoginAt: Date.UTC(2025, 4, 6, 7, 8),
});
const carol = makeUser({
  uid: 'u3',
  username: 'carol',
  nickname: 'Carol',
  validateUntilDate: null,
  organization: { oid: 'o3', name: 'Carol Co', subDomain: 'carolco' },
});

const logs: BalanceLog[] = [
  {
    kind: 'renew',
    amount: 100,
    balanceAfter: 1234.5,
    validateUntilDate: '2026-05-01',
    description: 'Annual plan',
    operator: 'admin',
    createdAt: Date.UTC(2025, 4, 1, 9, 30),
  },
  {
    kind: 'balance',
    amount: -20,
    balanceAfter: 1134.5,
    validateUntilDate: null,
    description: 'Refund',
    operator: null,
    createdAt: Date.UTC(2025, 3, 1, 9, 30),
  },
];

let requests: RecordedRequest[];
const rows: User[] = [alice, bob, carol];

const ok = () => null;

beforeEach(() => {
  ({ requests } = stubFetch({
    'GET /api/user/filter/admin': (url) => {
      const username = url.searchParams.get('username');
      const content = username ? rows.filter((row) => row.username.includes(username)) : rows;
      return page(content, username ? content.length : 45, Number(url.searchParams.get('page')));
    },
    'GET /api/user/all/admin': () => page([bob], 1),
    'GET /api/v1/role/all': () => roles,
    'GET /api/user/balance/log': () => page(logs, 2),
    'POST /api/user/renew': ok,
    'POST /api/user/update/user': ok,
    'POST /api/user/update/enable': ok,
    'POST /api/user/update/disable': ok,
    'POST /api/user/update/balance': ok,
    'POST /api/user/update/password': ok,
    'POST /api/v2/user/description': ok,
    'POST /api/user/create/user': (_url, body) =>
      (body as { username: string }).username === 'taken'
        ? jsonResponse(null, 409)
        : makeUser({ username: (body as { username: string }).username }),
  }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const lines = (method: string, path: string) =>
  requests.filter((request) => request.method === method && request.path === path);

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row for ${text}`);
  return row;
};

const staffWithAll = () => platformStaff({ 'platform.user': ALL_ACTIONS });

describe('UserPage', { timeout: 30_000 }, () => {
  it('lists every organisation’s accounts from page 0 of 20, with balance and validity', async () => {
    setProfile(staffWithAll());
    renderWithProviders(<UserPage />);
    expect(await screen.findByText('alice')).toBeInTheDocument();
    expect(lines('GET', '/api/user/filter/admin')[0].search).toBe('?page=0&size=20&client=web');

    const aliceRow = rowOf('alice');
    expect(within(aliceRow).getByText('Acme Ltd')).toBeInTheDocument();
    expect(within(aliceRow).getByText('CN¥1,234.50')).toBeInTheDocument();
    expect(within(aliceRow).getByText('Expired')).toBeInTheDocument();
    const expiredTag = within(aliceRow).getByText(today.subtract(2, 'day').format('YYYY-MM-DD'));
    expect(expiredTag.className).toMatch(/red/);
    expect(within(aliceRow).getByText('Never')).toBeInTheDocument();

    const bobRow = rowOf('bob');
    expect(within(bobRow).getByText('bobshop')).toBeInTheDocument();
    expect(within(bobRow).getByText('VIP administrator')).toBeInTheDocument();
    expect(within(bobRow).getByText('Expires in 3 days')).toBeInTheDocument();
    expect(within(bobRow).getByText(today.add(3, 'day').format('YYYY-MM-DD')).className).toMatch(/orange/);
    expect(within(rowOf('carol')).getByText('No expiry')).toBeInTheDocument();
  });

  it('filters by username, pages on, and switches to organisation owners only', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');

    await user.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(lines('GET', '/api/user/filter/admin').map((request) => request.search)).toContain(
        '?page=1&size=20&client=web',
      ),
    );

    await user.type(screen.getByLabelText('Username'), 'bo');
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    await waitFor(() =>
      expect(lines('GET', '/api/user/filter/admin').map((request) => request.search)).toContain(
        '?page=0&size=20&username=bo&client=web',
      ),
    );
    await waitFor(() => expect(screen.queryByText('alice')).toBeNull());

    await user.click(screen.getByRole('switch', { name: 'Organisation owners only' }));
    await waitFor(() => expect(lines('GET', '/api/user/all/admin')).toHaveLength(1));
    expect(lines('GET', '/api/user/all/admin')[0].search).toMatch(/^\?page=0&size=20&/);
  });

  it('renews an account: the date, the balance and the reason go in the body', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    await user.click(within(rowOf('alice')).getByText('Renew'));

    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Renew Alice')).toBeInTheDocument();
    const date = within(dialog).getByLabelText('Valid until');
    // Expired accounts renew from today by default.
    expect(date).toHaveValue(today.add(1, 'year').format('YYYY-MM-DD'));
    await user.clear(date);
    await user.type(date, '2031-01-15{enter}');
    const balance = within(dialog).getByLabelText(/Balance/);
    await user.clear(balance);
    await user.type(balance, '500');
    await user.type(within(dialog).getByLabelText('Reason'), 'Annual plan');
    const listCalls = lines('GET', '/api/user/filter/admin').length;
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(lines('POST', '/api/user/renew')).toHaveLength(1));
    expect(lines('POST', '/api/user/renew')[0].body).toEqual({
      uid: 'u1',
      validateUntilDate: '2031-01-15',
      balance: 500,
      description: 'Annual plan',
    });
    await waitFor(() => expect(lines('GET', '/api/user/filter/admin').length).toBeGreaterThan(listCalls));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('does not renew without a date', async () => {
    setProfile(staffWithAll());
    // The picker's clear button only takes pointer events on hover, which jsdom has no CSS for.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    await user.click(within(rowOf('alice')).getByText('Renew'));
    const dialog = await screen.findByRole('dialog');
    const clear = dialog.querySelector('.ant-picker-clear');
    if (!clear) throw new Error('the date picker has no clear button');
    await user.click(clear);
    expect(within(dialog).getByLabelText('Valid until')).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please choose a date')).toBeInTheDocument();
    expect(lines('POST', '/api/user/renew')).toHaveLength(0);
  });

  it('changes roles with a multi-select of every role', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    await user.click(within(rowOf('alice')).getByText('Roles'));

    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Administrator (ROLE_ADMIN)', {
        selector: '.ant-select-selection-item-content',
      }),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox'));
    await user.click(await screen.findByTitle('VIP administrator (ROLE_VIP)'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(lines('POST', '/api/user/update/user')).toHaveLength(1));
    expect(lines('POST', '/api/user/update/user')[0].body).toEqual({
      uid: 'u1',
      roles: ['ROLE_ADMIN', 'ROLE_VIP'],
    });
  });

  it('shows the balance history in a drawer', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('bob');
    await user.click(within(rowOf('bob')).getByText('History'));

    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('History of Bob')).toBeInTheDocument();
    expect(await within(drawer).findByText('Annual plan')).toBeInTheDocument();
    expect(lines('GET', '/api/user/balance/log')[0].search).toBe('?uid=u2&page=0&size=20&client=web');
    const renewal = within(drawer).getByText('Annual plan').closest('tr') as HTMLElement;
    expect(within(renewal).getByText('Renewal')).toBeInTheDocument();
    expect(within(renewal).getByText('+CN¥100.00')).toBeInTheDocument();
    expect(within(renewal).getByText('admin')).toBeInTheDocument();
    const refund = within(drawer).getByText('Refund').closest('tr') as HTMLElement;
    expect(within(refund).getByText('-CN¥20.00')).toBeInTheDocument();
    expect(within(refund).getByText('System')).toBeInTheDocument();
  });

  it('disables an account after a confirmation', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    const toggle = within(rowOf('alice')).getByRole('switch');
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(lines('POST', '/api/user/update/disable')).toHaveLength(0);
    const confirm = await screen.findByText(/Disable Alice\?/);
    const popover = confirm.closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lines('POST', '/api/user/update/disable')).toHaveLength(1));
    expect(lines('POST', '/api/user/update/disable')[0].body).toEqual({ uid: 'u1' });
  });

  it('enables a disabled account', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('bob');
    const toggle = within(rowOf('bob')).getByRole('switch');
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    const popover = (await screen.findByText(/Enable Bob\?/)).closest('.ant-popover') as HTMLElement;
    await user.click(within(popover).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lines('POST', '/api/user/update/enable')).toHaveLength(1));
    expect(lines('POST', '/api/user/update/enable')[0].body).toEqual({ uid: 'u2' });
  });

  it('sets a balance and resets a password from the More menu', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('carol');

    await user.click(within(rowOf('carol')).getByText('More'));
    await user.click(await screen.findByRole('menuitem', { name: 'Balance' }));
    let dialog = await screen.findByRole('dialog');
    const balance = within(dialog).getByLabelText(/Balance/);
    await user.clear(balance);
    await user.type(balance, '88.5');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lines('POST', '/api/user/update/balance')).toHaveLength(1));
    expect(lines('POST', '/api/user/update/balance')[0].body).toEqual({
      uid: 'u3',
      balance: 88.5,
      description: '',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(within(rowOf('carol')).getByText('More'));
    await user.click(await screen.findByRole('menuitem', { name: 'Reset password' }));
    dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('New password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'secret-2');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('The two passwords do not match')).toBeInTheDocument();
    expect(lines('POST', '/api/user/update/password')).toHaveLength(0);
    const confirm = within(dialog).getByLabelText('Confirm password');
    await user.clear(confirm);
    await user.type(confirm, 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lines('POST', '/api/user/update/password')).toHaveLength(1));
    expect(lines('POST', '/api/user/update/password')[0].body).toEqual({ uid: 'u3', password: 'secret-1' });
  });

  it('creates an admin account, after checking the form', async () => {
    setProfile(staffWithAll());
    const user = userEvent.setup();
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    await user.click(screen.getByRole('button', { name: /new admin account/i }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Username'), '-x');
    await user.type(within(dialog).getByLabelText('Mobile'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // Only the submit checks untouched fields, so wait for one of theirs before reading the rest.
    expect(await within(dialog).findByText('Please enter a password')).toBeInTheDocument();
    expect(await within(dialog).findByText('The username must be 3 to 32 characters')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter the organisation’s name')).toBeInTheDocument();
    expect(within(dialog).getByText('Digits only, 6 to 20, with an optional leading +')).toBeInTheDocument();
    expect(lines('POST', '/api/user/create/user')).toHaveLength(0);

    const username = within(dialog).getByLabelText('Username');
    await user.clear(username);
    await user.type(username, 'newboss');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.type(within(dialog).getByLabelText('Nickname'), 'New Boss');
    await user.type(within(dialog).getByLabelText('Organisation'), 'New Co');
    const mobile = within(dialog).getByLabelText('Mobile');
    await user.clear(mobile);
    await user.type(mobile, '+8613800000000');
    await user.type(within(dialog).getByLabelText(/Balance/), '10');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(lines('POST', '/api/user/create/user')).toHaveLength(1));
    expect(lines('POST', '/api/user/create/user')[0].body).toEqual({
      username: 'newboss',
      password: 'secret-1',
      nickname: 'New Boss',
      organization: 'New Co',
      mobile: '+8613800000000',
      balance: 10,
    });
  });

  it('removes write actions the staff member may not use', async () => {
    setProfile(platformStaff({ 'platform.user': ['query', 'get'] }));
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    expect(screen.queryByText('Renew')).toBeNull();
    expect(screen.queryByText('More')).toBeNull();
    expect(screen.queryByRole('button', { name: /new admin account/i })).toBeNull();
    expect(within(rowOf('alice')).getByRole('switch')).toBeDisabled();
    expect(within(rowOf('alice')).getByText('History')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(staffWithAll());
    renderWithProviders(<UserPage />);
    await screen.findByText('alice');
    expect(screen.getAllByText('账号').length).toBeGreaterThan(0);
    expect(screen.getAllByText('有效期至').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /新建管理员账号/ })).toBeInTheDocument();
    expect(screen.getByText('仅显示企业管理员')).toBeInTheDocument();
    expect(within(rowOf('alice')).getByText('续费')).toBeInTheDocument();
    expect(within(rowOf('alice')).getByText('已过期')).toBeInTheDocument();
    expect(within(rowOf('alice')).getByText('¥1,234.50')).toBeInTheDocument();
    expect(within(rowOf('bob')).getByText('3 天后到期')).toBeInTheDocument();
    expect(within(rowOf('carol')).getByText('不限期')).toBeInTheDocument();
    // Roles by key in Chinese, not the server's English names.
    expect(within(rowOf('bob')).getByText('管理员')).toHaveAttribute('title', 'ROLE_ADMIN');
    expect(within(rowOf('bob')).getByText('VIP 管理员')).toHaveAttribute('title', 'ROLE_VIP');
    expect(screen.queryByText('VIP administrator')).toBeNull();
  });
});
