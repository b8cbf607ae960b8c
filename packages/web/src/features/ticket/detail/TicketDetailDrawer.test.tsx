import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { TicketDetail } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, fill, findPopconfirm, pickOption, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import {
  ALL_TICKET_ACTIONS,
  alice,
  colleagues,
  makeDetail,
  makeTemplate,
  makeTicket,
  T0,
} from '../shared/testing';
import { makeThread } from '../../kefu/thread/testData';
import { TicketListPage } from '../list/TicketListPages';

let seen: Recorded[] = [];
let detail: TicketDetail;
let transition: (request: Recorded) => unknown;

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  detail = makeDetail({
    comments: [
      {
        cmid: 'c-1',
        kind: 'note',
        content: '<p>Check the toner</p>',
        author: alice,
        authorEmail: '',
        via: 'console',
        mentions: [],
        attachments: [],
        emailed: false,
        createdAt: T0,
      },
    ],
    activities: [
      { field: 'created', oldValue: null, newValue: null, actor: alice, createdAt: T0 },
      { field: 'status', oldValue: 'new', newValue: 'assigned', actor: alice, createdAt: T0 + 1 },
    ],
  });
  transition = () => makeTicket({ status: 'processing' });
  seen = stubFetch({
    'GET /api/ticket/query': () => page([makeTicket()]),
    'GET /api/ticket/get': () => detail,
    'GET /api/user/all': () => page(colleagues()),
    'GET /api/category/tree': () => [
      {
        cid: 'c-hw',
        name: 'Hardware',
        type: 'ticket',
        parent: null,
        order: 0,
        editable: true,
        createdAt: T0,
        updatedAt: T0,
        articleCount: 1,
        children: [],
      },
    ],
    'GET /api/workgroup/all': () => [{ wid: 'g-1', nickname: 'Support' }],
    'POST /api/ticket/transition': (request: Recorded) => transition(request),
    'POST /api/ticket/assign': () => makeTicket(),
    'POST /api/ticket/watch': () => makeTicket(),
    'POST /api/ticket/update': () => makeTicket(),
    'POST /api/ticket/comment': () => detail,
    'POST /api/ticket/create': () => makeTicket({ tkid: 'tk-9' }),
    'GET /api/ticket/template/query': () => [makeTemplate()],
    'GET /api/customer/query': (request: Recorded) =>
      page(
        [
          { cid: 'cu-olga', name: 'Olga Ours', email: 'olga@example.com', mobile: '' },
          { cid: 'cu-ivan', name: 'Ivan Other', email: '', mobile: '13800000000' },
        ].filter((customer) => customer.name.toLowerCase().includes(request.params.get('keyword') ?? '')),
      ),
    'GET /api/thread/transcript': () => ({
      thread: makeThread({
        tid: 'th-9',
        visitor: { vid: 'v-9', nickname: 'Vera', avatar: '', client: 'web' },
      }),
      messages: [],
    }),
  });
  setProfile(adminWithPermissions({ 'ticket.list': [...ALL_TICKET_ACTIONS] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const openTicket = async () => {
  renderWithProviders(<TicketListPage />, { path: '/?tkid=tk-1' });
  return within(await screen.findByRole('group', { name: 'Status actions' })).getAllByRole('button');
};

describe('TicketDetailDrawer', { timeout: 60_000 }, () => {
  it('offers only the status actions the state machine allows, and shows the thread and activity', async () => {
    const actions = await openTicket();
    expect(actions.map((action) => action.textContent)).toEqual(['Start work', 'Resolve', 'Close']);
    expect(
      seen.some((request) => request.path === '/api/ticket/get' && request.params.get('tkid') === 'tk-1'),
    ).toBe(true);
    expect(screen.getByText('Check the toner')).toBeInTheDocument();
    expect(screen.getByText('Alice created the ticket')).toBeInTheDocument();
    expect(screen.getByText('Alice changed status: New → Assigned')).toBeInTheDocument();
  });

  it('shows where the ticket came from: the conversation record, the customer and the feedback', async () => {
    const user = setupUser();
    detail = makeDetail({
      source: 'thread',
      threadUid: 'th-9',
      customerId: 'cu-olga',
      customer: { cid: 'cu-olga', name: 'Olga Ours', email: 'olga@example.com' },
      feedbackId: 'fb-3',
      template: { ttid: 'tt-1', name: 'Refund request' },
    });
    await openTicket();
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    expect(within(drawer).getByRole('link', { name: 'Olga Ours' })).toHaveAttribute(
      'href',
      '/stable/crm/list?cid=cu-olga',
    );
    expect(within(drawer).getByRole('link', { name: 'fb-3' })).toHaveAttribute(
      'href',
      '/stable/feedback/list?fid=fb-3',
    );
    expect(within(drawer).getAllByText('Refund request').length).toBeGreaterThan(0);
    await user.click(within(drawer).getByText('th-9'));
    expect(await screen.findByText('Conversation with Vera')).toBeInTheDocument();
    expect(
      seen.some(
        (request) => request.path === '/api/thread/transcript' && request.params.get('tid') === 'th-9',
      ),
    ).toBe(true);
  });

  it('links a customer found by search, and unlinks it', async () => {
    const user = setupUser();
    await openTicket();
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    const picker = within(drawer).getByLabelText('Customer', { selector: 'input' });
    await user.click(picker);
    await user.type(picker, 'olga');
    await waitFor(() =>
      expect(
        seen.some(
          (request) => request.path === '/api/customer/query' && request.params.get('keyword') === 'olga',
        ),
      ).toBe(true),
    );
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
        (element) => element.textContent === 'Olga Ours · olga@example.com',
      );
      if (!found) throw new Error('Olga not offered');
      return found;
    });
    expect(
      [...document.querySelectorAll('.ant-select-item-option')].some((element) =>
        element.textContent?.startsWith('Ivan'),
      ),
    ).toBe(false);
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts('/api/ticket/update')).toHaveLength(1));
    expect(posts('/api/ticket/update')[0]).toMatchObject({ customerId: 'cu-olga' });
  });

  it('keeps the current customer by name and tells watcher changes apart in the activity', async () => {
    detail = makeDetail({
      customerId: 'cu-gone',
      customer: { cid: 'cu-gone', name: 'Greta Listed', email: '' },
      activities: [
        { field: 'watchers', oldValue: null, newValue: 'Bob', actor: alice, createdAt: T0 },
        { field: 'watchers', oldValue: 'Bob', newValue: null, actor: alice, createdAt: T0 + 1 },
        { field: 'customerId', oldValue: null, newValue: 'cu-gone', actor: alice, createdAt: T0 + 2 },
      ],
    });
    await openTicket();
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    const item = within(drawer)
      .getByText('Customer', { selector: 'label' })
      .closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('Greta Listed')).toBeInTheDocument();
    expect(screen.getByText('Alice added Bob to the watchers')).toBeInTheDocument();
    expect(screen.getByText('Alice removed Bob from the watchers')).toBeInTheDocument();
    expect(screen.getByText('Alice changed customer: — → cu-gone')).toBeInTheDocument();
  });

  it('moves the status, and explains a 409', async () => {
    const user = setupUser();
    await openTicket();
    const group = screen.getByRole('group', { name: 'Status actions' });
    await user.click(button(group, 'Start work'));
    await waitFor(() => expect(posts('/api/ticket/transition')).toEqual([{ tkid: 'tk-1', action: 'start' }]));

    // Someone resolved it meanwhile: the 409 is explained, and the reloaded ticket offers what fits now.
    transition = () => {
      detail = makeDetail({ status: 'resolved', updatedAt: T0 + 5_000 });
      return errorResponse(409, 'The ticket is already resolved.');
    };
    await user.click(button(screen.getByRole('group', { name: 'Status actions' }), 'Resolve'));
    expect(
      await screen.findByText(
        'That change is no longer possible: the ticket changed meanwhile and was reloaded.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('The ticket is already resolved.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('group', { name: 'Status actions' }))
          .getAllByRole('button')
          .map((action) => action.textContent),
      ).toEqual(['Close', 'Reopen']),
    );
    expect(screen.getByText('The ticket is already resolved.')).toBeInTheDocument();
  });

  it('asks before closing', async () => {
    const user = setupUser();
    await openTicket();
    await user.click(button(screen.getByRole('group', { name: 'Status actions' }), 'Close'));
    const confirm = await findPopconfirm('Close this ticket?');
    await user.click(button(confirm, 'Close'));
    await waitFor(() => expect(posts('/api/ticket/transition')).toEqual([{ tkid: 'tk-1', action: 'close' }]));
  });

  it('offers reopen for a closed ticket and nothing that needs an assignee', async () => {
    detail = makeDetail({ status: 'closed', assignee: null });
    const actions = await openTicket();
    expect(actions.map((action) => action.textContent)).toEqual(['Reopen']);
  });

  it('saves edited fields, watches and adds an internal note', async () => {
    const user = setupUser();
    await openTicket();
    const title = screen.getByLabelText('Title');
    await user.clear(title);
    await fill(user, title, 'Printer fixed?');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(posts('/api/ticket/update')).toEqual([
        {
          tkid: 'tk-1',
          title: 'Printer fixed?',
          contactName: 'Carol',
          email: 'carol@example.com',
          phone: '',
          priority: 'high',
          type: 'external',
          category: null,
          wid: 'g-1',
          customerId: null,
          dueAt: null,
        },
      ]),
    );

    await user.click(screen.getByRole('button', { name: /Watch/ }));
    await waitFor(() => expect(posts('/api/ticket/watch')).toEqual([{ tkid: 'tk-1', watching: true }]));

    await user.click(screen.getByText('Internal note', { selector: '.ant-segmented-item-label' }));
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Write something first.')).toBeInTheDocument();
    expect(posts('/api/ticket/comment')).toEqual([]);
    await fill(user, screen.getByLabelText('Comment'), 'Ask <b>facilities</b>');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() =>
      expect(posts('/api/ticket/comment')).toEqual([
        { tkid: 'tk-1', kind: 'note', content: '<p>Ask &lt;b&gt;facilities&lt;/b&gt;</p>', mentions: [] },
      ]),
    );
  });

  it('sends a public reply that mentions a colleague', async () => {
    // jsdom has no scrollIntoView; the mention list scrolls its active option into view.
    if (typeof Element.prototype.scrollIntoView !== 'function')
      Element.prototype.scrollIntoView = () => undefined;
    const user = setupUser();
    await openTicket();
    const box = screen.getByLabelText('Comment');
    await user.type(box, 'Thanks @Bo');
    const option = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-mentions-dropdown-menu-item')].find(
        (element) => element.textContent === 'Bob',
      );
      if (!found) throw new Error('Bob not offered');
      return found;
    });
    await user.click(option);
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(posts('/api/ticket/comment')).toEqual([
        { tkid: 'tk-1', kind: 'reply', content: '<p>Thanks @Bob</p>', mentions: ['u-bob'] },
      ]),
    );
  });

  it('reassigns from the drawer', async () => {
    const user = setupUser();
    await openTicket();
    await pickOption(user, document.querySelector('.ant-drawer') as HTMLElement, 'Assignee', 'Bob');
    await waitFor(() => expect(posts('/api/ticket/assign')).toEqual([{ tkid: 'tk-1', assignee: 'u-bob' }]));
  });

  it('hides editing without the edit permission, in Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(adminWithPermissions({ 'ticket.list': ['query', 'get'] }));
    renderWithProviders(<TicketListPage />, { path: '/?tkid=tk-1' });
    expect(await screen.findByText('沟通记录')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: '状态操作' })).toBeNull();
    expect(screen.queryByRole('button', { name: '添加备注' })).toBeNull();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });

  it('creates a ticket after validating the title', async () => {
    const user = setupUser();
    renderWithProviders(<TicketListPage />, { path: '/?tkid=new' });
    const create = await screen.findByRole('button', { name: 'Create ticket' });
    await user.click(create);
    expect(await screen.findByText('Enter a title.')).toBeInTheDocument();
    const dialog = create.closest('.ant-drawer') as HTMLElement;
    await fill(user, within(dialog).getByLabelText('Title'), 'New laptop');
    await fill(user, within(dialog).getByLabelText('Email'), 'dan@example.com');
    await user.click(create);
    await waitFor(() =>
      expect(posts('/api/ticket/create')).toEqual([
        {
          title: 'New laptop',
          description: '',
          contactName: '',
          email: 'dan@example.com',
          phone: '',
          priority: 'medium',
          type: 'external',
          category: null,
          wid: null,
          assignee: null,
          customerId: null,
          dueAt: null,
          attachments: [],
        },
      ]),
    );
    // The new ticket opens in its drawer (the lazy drawer can take a while on a loaded machine).
    await waitFor(
      () =>
        expect(
          seen.some((request) => request.path === '/api/ticket/get' && request.params.get('tkid') === 'tk-9'),
        ).toBe(true),
      { timeout: 5000 },
    );
  });

  it('creates from a template, asking for its required custom fields', async () => {
    const user = setupUser();
    renderWithProviders(<TicketListPage />, { path: '/?tkid=new' });
    const create = await screen.findByRole('button', { name: 'Create ticket' });
    const drawer = create.closest('.ant-drawer') as HTMLElement;
    await within(drawer).findByLabelText('Template');
    await pickOption(user, drawer, 'Template', 'Refund request');
    expect(within(drawer).getByLabelText('Title')).toHaveValue('Refund');
    await user.click(create);
    expect(await within(drawer).findByText('Fill in Order number.')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Order number'), 'A-1');
    await user.click(create);
    await waitFor(() =>
      expect(posts('/api/ticket/create')).toEqual([
        expect.objectContaining({
          title: 'Refund',
          priority: 'high',
          template: 'tt-1',
          customFields: { order: 'A-1' },
        }),
      ]),
    );
  });

  it('edits the description with the shared editor', async () => {
    const user = setupUser();
    detail = makeDetail({ customFields: { order: 'A-7' } });
    await openTicket();
    expect(screen.getByText('A-7')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit description' }));
    const card = screen.getByRole('button', { name: 'Cancel' }).closest('.ant-card') as HTMLElement;
    await user.click(button(card, 'Save'));
    await waitFor(() => expect(posts('/api/ticket/update')).toHaveLength(1));
    expect(posts('/api/ticket/update')[0]).toEqual({
      tkid: 'tk-1',
      description: expect.stringContaining('It smokes.'),
    });
  });

  it('keeps a category the tree no longer lists and changes it to one of the tree', async () => {
    detail = makeDetail({ category: { cid: 'c-old', name: 'Retired' } });
    const user = setupUser();
    await openTicket();
    const drawer = document.querySelector('.ant-drawer') as HTMLElement;
    const item = within(drawer)
      .getByText('Category', { selector: 'label' })
      .closest('.ant-form-item') as HTMLElement;
    expect(within(item).getByText('Retired')).toBeInTheDocument();
    await user.click(item.querySelector('input') as HTMLInputElement);
    const hardware = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-select-tree-title')].find(
        (element) => element.textContent === 'Hardware',
      );
      if (!found) throw new Error('Hardware not shown');
      return found;
    });
    await user.click(hardware);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts('/api/ticket/update')).toHaveLength(1));
    expect(posts('/api/ticket/update')[0]).toMatchObject({ category: 'c-hw' });
  });
});
