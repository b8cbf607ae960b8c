import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, searchForm, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { LeadListPage } from './LeadListPage';

const lead = (overrides: Partial<Customer> = {}): Customer => ({
  cid: 'c-1',
  name: 'Lin Wei',
  email: '',
  mobile: '13800138000',
  company: '',
  avatar: '',
  description: '',
  tags: [],
  owner: null,
  channel: 'lead',
  externalId: null,
  customFields: {},
  firstContactAt: null,
  lastContactAt: null,
  visitors: [{ vid: 'v-1', nickname: 'Visitor 1', avatar: '', client: 'web' }],
  createdAt: Date.UTC(2026, 10, 20, 9, 0),
  updatedAt: Date.UTC(2026, 10, 20, 9, 0),
  ...overrides,
});

let seen: Recorded[] = [];

beforeEach(() => {
  seen = stubFetch({
    'GET /api/customer/query': () =>
      page([lead(), lead({ cid: 'c-2', name: '<b>Mallory</b>', visitors: [] })]),
    'GET /api/customer/export': () =>
      new Response('xlsx', {
        status: 200,
        headers: { 'Content-Disposition': 'attachment; filename="leads.xlsx"' },
      }),
  });
  setProfile(adminWithPermissions({ 'robot.huoke': ['query'], 'crm.list': ['query', 'export'] }));
  URL.createObjectURL = vi.fn(() => 'blob:leads');
  URL.revokeObjectURL = vi.fn();
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('LeadListPage', () => {
  it('lists the leads only, searches them and exports them', async () => {
    const user = setupUser();
    renderWithProviders(<LeadListPage />);
    expect(await screen.findByText('Lin Wei')).toBeInTheDocument();
    expect(screen.getByText('<b>Mallory</b>')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/customer/query')).toEqual(['page=0&size=20&channel=lead']);
    await user.type(within(searchForm()).getByLabelText('Name or mobile'), '138');
    await user.click(button(searchForm(), 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/customer/query').at(-1)).toBe('page=0&size=20&keyword=138&channel=lead'),
    );
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await waitFor(() => expect(queriesTo(seen, '/api/customer/export')).toEqual(['channel=lead']));
  });

  it('hides the export without the CRM export permission, and speaks Chinese', async () => {
    setProfile(adminWithPermissions({ 'robot.huoke': ['query'], 'crm.list': ['query'] }));
    await changeLanguage('zh-CN');
    renderWithProviders(<LeadListPage />);
    expect(await screen.findByText('机器人获取的线索')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出/ })).toBeNull();
  });
});
