import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CategoryTreeNode, Ticket } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  pickOption,
  rowOf,
  searchForm,
  setupUser,
  type User,
} from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { ALL_TICKET_ACTIONS, colleagues, makeDetail, makeTicket, T0 } from '../shared/testing';
import { FeedbackTicketPage, MyTicketPage, TicketListPage } from './TicketListPages';

const HOSTILE = '<img src=x onerror=alert(1)>';

const category = (cid: string, name: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  cid,
  name,
  type: 'ticket',
  parent: null,
  order: 0,
  editable: true,
  createdAt: T0,
  updatedAt: T0,
  articleCount: 0,
  children,
});

/** Opens the tree select labelled `label` inside `container` and picks the category `name`. */
const pickCategory = async (user: User, container: HTMLElement, label: string, name: string) => {
  // By its form item: the search form and the drawer both have a field with the id `category`.
  const item = within(container).getByText(label, { selector: 'label' }).closest('.ant-form-item');
  const input = item?.querySelector('input') as HTMLInputElement;
  await user.click(input);
  const choice = await waitFor(() => {
    // Closed dropdowns linger in jsdom: the newest (last) one is this select's.
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')]
      .filter((element) => element.textContent === name)
      .at(-1);
    if (!found) throw new Error(`category ${name} not shown`);
    return found;
  });
  await user.click(choice);
};

const breached = makeTicket();
const unassigned = makeTicket({
  tkid: 'tk-2',
  ticketNumber: 'T-000002',
  title: HOSTILE,
  status: 'new',
  priority: 'low',
  assignee: null,
  workgroup: null,
  sla: {
    firstResponseDueAt: T0,
    resolutionDueAt: null,
    firstRespondedAt: null,
    firstResponseBreached: true,
    resolutionBreached: false,
    warnMinutes: 60,
    dueSoon: false,
  },
});

let seen: Recorded[] = [];
let rows: Ticket[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  rows = [breached, unassigned];
  seen = stubFetch({
    'GET /api/ticket/query': () => page(rows),
    'GET /api/user/all': () => page(colleagues()),
    'GET /api/workgroup/all': () => [{ wid: 'g-1', nickname: 'Support' }],
    'GET /api/category/tree': () => [category('c-hw', 'Hardware', [category('c-pr', 'Printers')])],
    'POST /api/ticket/create': () => makeTicket({ tkid: 'tk-9' }),
    'GET /api/ticket/get': () => makeDetail({ tkid: 'tk-9' }),
    'POST /api/ticket/bulk': (request: Recorded) => {
      const { tkids } = request.body as { tkids: string[] };
      return {
        updated: tkids.slice(0, 1),
        failed: tkids.slice(1).map((tkid) => ({ tkid, message: `${tkid} cannot be resolved from new` })),
      };
    },
  });
  setProfile(adminWithPermissions({ 'ticket.list': [...ALL_TICKET_ACTIONS], 'ticket.my': ['query'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('TicketList', { timeout: 60_000 }, () => {
  it('lists tickets with status, priority, SLA badges and hostile titles as text', async () => {
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    expect(queriesTo(seen, '/api/ticket/query')).toEqual(['page=0&size=20&view=all&sort=newest']);
    const row = rowOf('Printer on fire');
    expect(within(row).getByText('T-000001')).toBeInTheDocument();
    expect(within(row).getByText('Assigned')).toBeInTheDocument();
    expect(within(row).getByText('High')).toBeInTheDocument();
    expect(within(row).getByText('Alice')).toBeInTheDocument();
    const hostile = rowOf(HOSTILE);
    expect(hostile.querySelector('img[src="x"]')).toBeNull();
    expect(within(hostile).getByText('First response breached')).toBeInTheDocument();
    expect(within(hostile).getByText('Unassigned')).toBeInTheDocument();
    for (const tab of ['All', 'Unassigned', 'Open', 'Pending', 'Overdue'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });

  it('switches views, sorts and filters with the right parameters', async () => {
    const user = setupUser();
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    await user.click(screen.getByRole('tab', { name: 'Overdue' }));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/ticket/query').at(-1)).toBe('page=0&size=20&view=overdue&sort=newest'),
    );
    await pickOption(user, document.body, 'Sort', 'Due soonest');
    await waitFor(() =>
      expect(queriesTo(seen, '/api/ticket/query').at(-1)).toBe('page=0&size=20&view=overdue&sort=dueSoon'),
    );
    const form = searchForm();
    await user.type(within(form).getByLabelText('Keyword'), 'T-000002');
    await pickOption(user, form, 'Status', 'Pending');
    await pickOption(user, form, 'Priority', 'Urgent');
    await pickOption(user, form, 'Assignee', 'Bob');
    await user.click(button(form, 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/ticket/query').at(-1)).toBe(
        'page=0&size=20&view=overdue&sort=dueSoon&status=pending&priority=urgent&assignee=u-bob&keyword=T-000002',
      ),
    );
  });

  it('changes priority in bulk and explains the tickets it could not change', async () => {
    const user = setupUser();
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    await user.click(within(rowOf('Printer on fire')).getByRole('checkbox'));
    await user.click(within(rowOf(HOSTILE)).getByRole('checkbox'));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Set priority/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Critical' }));
    await waitFor(() =>
      expect(posts('/api/ticket/bulk')).toEqual([{ tkids: ['tk-1', 'tk-2'], priority: 'critical' }]),
    );
    expect((await screen.findAllByText('1 updated, 1 could not be changed')).length).toBeGreaterThan(0);
    expect(screen.getByText('tk-2 cannot be resolved from new')).toBeInTheDocument();
  });

  it('asks before a bulk status change and sends the action', async () => {
    const user = setupUser();
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    await user.click(within(rowOf('Printer on fire')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Change status/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Resolve' }));
    const dialog = await findDialog();
    expect(within(dialog).getAllByText('Resolve 1 tickets?').length).toBeGreaterThan(0);
    await user.click(button(dialog, 'Resolve'));
    await waitFor(() => expect(posts('/api/ticket/bulk')).toEqual([{ tkids: ['tk-1'], action: 'resolve' }]));
  });

  it('hides creating, selecting and opening without the permissions', async () => {
    setProfile(adminWithPermissions({ 'ticket.list': ['query'] }));
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    expect(screen.queryByRole('button', { name: /New ticket/ })).toBeNull();
    expect(within(rowOf('Printer on fire')).queryByRole('checkbox')).toBeNull();
    expect(screen.getByText('Printer on fire').closest('a')).toBeNull();
  });

  it('shows the empty state, in Chinese', async () => {
    await changeLanguage('zh-CN');
    rows = [];
    renderWithProviders(<TicketListPage />);
    expect(await screen.findByText('暂无工单。')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '未分配' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建工单/ })).toBeInTheDocument();
  });

  it('configures the same list for my tickets and feedback tickets', async () => {
    const user = setupUser();
    const first = renderWithProviders(<MyTicketPage />);
    await screen.findByText('Printer on fire');
    expect(queriesTo(seen, '/api/ticket/query')).toEqual(['page=0&size=20&view=mine&sort=newest']);
    expect(screen.getByText('My tickets')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Watching' }));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/ticket/query').at(-1)).toBe('page=0&size=20&view=watching&sort=newest'),
    );
    first.unmount();
    seen.length = 0;
    renderWithProviders(<FeedbackTicketPage />);
    await screen.findByText('Printer on fire');
    expect(queriesTo(seen, '/api/ticket/query')).toEqual([
      'page=0&size=20&view=all&sort=newest&source=feedback',
    ]);
    expect(screen.getByText('Tickets from feedback')).toBeInTheDocument();
  });

  it('assigns in bulk', async () => {
    const user = setupUser();
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    await user.click(within(rowOf(HOSTILE)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /Assign to/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Bob' }));
    await waitFor(() => expect(posts('/api/ticket/bulk')).toEqual([{ tkids: ['tk-2'], assignee: 'u-bob' }]));
    expect(await screen.findByText('1 tickets updated.')).toBeInTheDocument();
  });

  it('says why the list could not load', async () => {
    stubFetch({
      'GET /api/ticket/query': () => errorResponse(400, 'keyword is too long'),
      'GET /api/user/all': () => page([]),
      'GET /api/workgroup/all': () => [],
    });
    renderWithProviders(<TicketListPage />);
    // The first query waits for the filter form; a loaded machine takes more than the default second.
    expect(await screen.findByText('keyword is too long', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('filters by category, shows it in the list and sets it on a new ticket', async () => {
    rows = [makeTicket({ category: { cid: 'c-pr', name: 'Printers' } })];
    const user = setupUser();
    renderWithProviders(<TicketListPage />);
    await screen.findByText('Printer on fire');
    expect(within(rowOf('Printer on fire')).getByText('Printers')).toBeInTheDocument();
    const form = searchForm();
    await pickCategory(user, form, 'Category', 'Printers');
    await user.click(button(form, 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/ticket/query').at(-1)).toBe(
        'page=0&size=20&view=all&sort=newest&category=c-pr',
      ),
    );

    await user.click(screen.getByRole('button', { name: /New ticket/ }));
    const create = await screen.findByRole('button', { name: 'Create ticket' });
    const drawer = create.closest('.ant-drawer') as HTMLElement;
    await fill(user, within(drawer).getByLabelText('Title'), 'Paper jam');
    await pickCategory(user, drawer, 'Category', 'Hardware');
    await user.click(create);
    await waitFor(() => expect(posts('/api/ticket/create')).toHaveLength(1));
    expect(posts('/api/ticket/create')[0]).toMatchObject({ title: 'Paper jam', category: 'c-hw' });
  });
});
