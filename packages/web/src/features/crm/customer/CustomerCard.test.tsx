import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Customer } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, fill, findDialog, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { CustomerCard } from '../../agent/components/CustomerCard';
import { makeVisitor } from '../../agent/testing/fixtures';

/* The workbench's customer card (features/agent/components/CustomerCard.tsx), tested with the CRM. */

const T0 = Date.UTC(2026, 10, 20, 9, 0);

const customer = (overrides: Partial<Customer> = {}): Customer => ({
  cid: 'c-1',
  name: 'Lin Wei',
  email: 'lin@example.com',
  mobile: '',
  company: 'Acme',
  avatar: '',
  description: '',
  tags: ['vip'],
  owner: null,
  channel: 'web',
  externalId: null,
  customFields: {},
  firstContactAt: T0,
  lastContactAt: T0,
  visitors: [],
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

let seen: Recorded[] = [];
const start = (routes: Routes) => {
  seen = stubFetch(routes);
};
const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  setProfile(adminWithPermissions({ 'crm.list': ['query', 'get', 'add', 'edit'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('CustomerCard', { timeout: 60_000 }, () => {
  it('shows the linked customer with a link to the CRM', async () => {
    start({ 'GET /api/customer/visitor': () => customer() });
    renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    expect(await screen.findByText('Lin Wei')).toBeInTheDocument();
    expect(screen.getByText('vip')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in CRM' })).toHaveAttribute(
      'href',
      '/stable/crm/list?cid=c-1',
    );
    expect(seen[0]?.params.get('vid')).toBe('v-1');
  });

  it('links the visitor to an existing customer', async () => {
    start({
      'GET /api/customer/visitor': () => null,
      'GET /api/customer/query': () => page([customer()]),
      'POST /api/customer/link': () => customer(),
    });
    const user = setupUser();
    renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    expect(await screen.findByText('This visitor is not linked to a customer yet.')).toBeInTheDocument();
    await user.click(button(document.body, 'Link to existing'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByLabelText('Search customers by name, email or mobile'));
    await user.click(
      await screen.findByText('Lin Wei · lin@example.com', { selector: '.ant-select-item-option-content' }),
    );
    await user.click(button(dialog, 'Link'));
    await waitFor(() => expect(postsTo('/api/customer/link')).toEqual([{ cid: 'c-1', vid: 'v-1' }]));
    expect(await screen.findByRole('link', { name: 'Open in CRM' })).toBeInTheDocument();
  });

  it('creates a customer from the visitor, showing the server’s field errors', async () => {
    let attempts = 0;
    start({
      'GET /api/customer/visitor': () => null,
      'POST /api/customer/create': () =>
        ++attempts === 1
          ? errorResponse(400, 'Invalid', [{ field: 'mobile', message: 'must be a phone number' }])
          : customer({ cid: 'c-7', name: 'Ann' }),
      'POST /api/customer/link': () => customer({ cid: 'c-7', name: 'Ann' }),
    });
    const user = setupUser();
    renderWithProviders(<CustomerCard visitor={makeVisitor({ email: 'ann@example.com' })} />);
    await user.click(await screen.findByText('Create customer'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Email')).toHaveValue('ann@example.com');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the name')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Name'), 'Ann');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('must be a phone number')).toBeInTheDocument();
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(postsTo('/api/customer/link')).toEqual([{ cid: 'c-7', vid: 'v-1' }]));
    expect(postsTo('/api/customer/create')[1]).toMatchObject({ name: 'Ann', email: 'ann@example.com' });
  });

  it('is absent without CRM access and read-only without edit, in Chinese', async () => {
    start({ 'GET /api/customer/visitor': () => null });
    setProfile(adminWithPermissions({}));
    const { unmount } = renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    expect(screen.queryByText('Customer')).toBeNull();
    expect(seen).toHaveLength(0);
    unmount();
    setProfile(adminWithPermissions({ 'crm.list': ['get'] }));
    await changeLanguage('zh-CN');
    renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    expect(await screen.findByText('该访客尚未关联客户。')).toBeInTheDocument();
    expect(screen.queryByText('关联已有客户')).toBeNull();
  });
});
