import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CrmField, Customer } from '@openkefu/contract';
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

  const planField: CrmField = {
    fid: 'f-1',
    key: 'plan',
    label: 'Plan',
    type: 'select',
    options: ['gold', 'silver'],
    required: false,
    sort: 0,
  };

  it('edits the customer in place with the CRM form, custom fields included', async () => {
    setProfile(adminWithPermissions({ 'crm.list': ['query', 'get', 'edit'] }));
    let current = customer({ customFields: { plan: 'gold' } });
    start({
      'GET /api/customer/visitor': () => current,
      'GET /api/customer/field/query': () => [planField],
      'GET /api/user/all': () => page([]),
      'POST /api/customer/update': (request) => {
        current = { ...current, ...(request.body as Partial<Customer>), owner: null };
        return current;
      },
    });
    const user = setupUser();
    renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    // Custom field values show on the card.
    expect(await screen.findByText('gold')).toBeInTheDocument();
    await user.click(button(document.body, 'Edit'));
    const card = screen.getByRole('region', { name: 'Customer' });
    expect(within(card).getByLabelText('Name')).toHaveValue('Lin Wei');
    await user.clear(within(card).getByLabelText('Email'));
    await fill(user, within(card).getByLabelText('Email'), 'not-an-email');
    await user.click(button(card, 'Save'));
    expect(await within(card).findByText('Enter a valid email address')).toBeInTheDocument();
    expect(postsTo('/api/customer/update')).toEqual([]);
    await user.clear(within(card).getByLabelText('Email'));
    await fill(user, within(card).getByLabelText('Email'), 'lin.wei@example.com');
    await fill(user, within(card).getByLabelText('Mobile'), '+86 138 0000 0000');
    await user.clear(within(card).getByLabelText('Company'));
    await fill(user, within(card).getByLabelText('Company'), 'Globex');
    await fill(user, within(card).getByLabelText('Description'), 'Prefers email');
    await user.click(within(card).getByLabelText('Plan'));
    await user.click(await screen.findByText('silver', { selector: '.ant-select-item-option-content' }));
    await user.click(button(card, 'Save'));
    await waitFor(() => expect(postsTo('/api/customer/update')).toHaveLength(1));
    expect(postsTo('/api/customer/update')[0]).toEqual({
      cid: 'c-1',
      name: 'Lin Wei',
      email: 'lin.wei@example.com',
      mobile: '+86 138 0000 0000',
      company: 'Globex',
      description: 'Prefers email',
      tags: ['vip'],
      owner: null,
      customFields: { plan: 'silver' },
    });
    // Back to the card, showing what was saved.
    expect(await within(card).findByText('Globex')).toBeInTheDocument();
    expect(within(card).getByText('silver')).toBeInTheDocument();
    expect(within(card).queryByLabelText('Name')).toBeNull();
  });

  it('adds a note from the card', async () => {
    start({
      'GET /api/customer/visitor': () => customer(),
      'GET /api/customer/field/query': () => [],
      'POST /api/customer/note/create': () => ({
        nid: 'n-1',
        content: 'Called back',
        author: null,
        createdAt: T0,
      }),
    });
    const user = setupUser();
    renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    await user.click(await screen.findByRole('button', { name: 'Add note' }));
    const card = screen.getByRole('region', { name: 'Customer' });
    await user.click(button(card, 'Add note'));
    expect(await within(card).findByText('Write the note')).toBeInTheDocument();
    await fill(user, within(card).getByLabelText('New note'), '  Called back  ');
    await user.click(button(card, 'Add note'));
    await waitFor(() =>
      expect(postsTo('/api/customer/note/create')).toEqual([{ cid: 'c-1', content: 'Called back' }]),
    );
    await waitFor(() => expect(within(card).queryByLabelText('New note')).toBeNull());
  });

  it('opens the timeline and notes in a drawer inside the workbench', async () => {
    setProfile(adminWithPermissions({ 'crm.list': ['get'] }));
    start({
      'GET /api/customer/visitor': () => customer(),
      'GET /api/customer/timeline': () => [
        { kind: 'ticket', id: 'tk-1', title: '#T-000001 Refund', status: 'pending', at: T0 + 4 },
        { kind: 'feedback', id: 'fb-1', title: 'Slow page', status: 'open', at: T0 + 3 },
        { kind: 'note', id: 'n-1', title: 'VIP since 2020', status: '', at: T0 + 2 },
        { kind: 'conversation', id: 't-1', title: 'Where is my order?', status: 'closed', at: T0 + 1 },
      ],
      'GET /api/customer/notes': () => [
        { nid: 'n-1', content: 'VIP since 2020', author: { uid: 'u-1', nickname: 'Alice' }, createdAt: T0 },
      ],
    });
    const user = setupUser();
    renderWithProviders(<CustomerCard visitor={makeVisitor()} />);
    await screen.findByText('Lin Wei');
    // Read-only: no edit or note buttons, but the timeline opens.
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add note' })).toBeNull();
    await user.click(button(document.body, 'Timeline and notes'));
    const drawer = await findDialog();
    expect(within(drawer).getByText('Lin Wei: timeline and notes')).toBeInTheDocument();
    for (const text of ['#T-000001 Refund', 'Slow page', 'VIP since 2020', 'Where is my order?'])
      expect(await within(drawer).findByText(text)).toBeInTheDocument();
    expect(within(drawer).getByText('Ticket')).toBeInTheDocument();
    expect(within(drawer).getByText('Conversation')).toBeInTheDocument();
    expect(seen.find((request) => request.path === '/api/customer/timeline')?.params.get('cid')).toBe('c-1');
    await user.click(within(drawer).getByRole('tab', { name: 'Notes' }));
    expect(await within(drawer).findByText(/Alice/)).toBeInTheDocument();
    expect(within(drawer).queryByLabelText('New note')).toBeNull();
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
