import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { CategoryTreeNode, TicketInboundInfo, TicketSlaPolicy } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, findDialog, fill, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { TicketListPage } from '../list/TicketListPages';
import { ALL_TICKET_ACTIONS, makeTicket, T0 } from '../shared/testing';

const policy = (
  priority: TicketSlaPolicy['priority'],
  first: number,
  resolution: number,
): TicketSlaPolicy => ({
  priority,
  firstResponseMinutes: first,
  resolutionMinutes: resolution,
  warnMinutes: 60,
  updatedAt: null,
});

const policies = (): TicketSlaPolicy[] => [
  policy('lowest', 0, 0),
  policy('low', 24 * 60, 120 * 60),
  policy('medium', 8 * 60, 48 * 60),
  policy('high', 4 * 60, 24 * 60),
  policy('urgent', 60, 8 * 60),
  policy('critical', 30, 4 * 60),
];

const node = (cid: string, name: string, children: CategoryTreeNode[] = []): CategoryTreeNode => ({
  cid,
  name,
  type: 'ticket',
  parent: null,
  order: 0,
  editable: true,
  createdAt: T0,
  updatedAt: T0,
  articleCount: 2,
  children,
});

let seen: Recorded[] = [];
let inbound: TicketInboundInfo;

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  inbound = {
    url: 'https://kefu.example.com/api/ticket/inbound/acme',
    replyAddress: 'support+tk-<token>@acme.test',
    secretCreatedAt: T0,
  };
  seen = stubFetch({
    'GET /api/ticket/query': () => page([makeTicket()]),
    'GET /api/user/all': () => page([]),
    'GET /api/workgroup/all': () => [],
    'GET /api/category/tree': () => [node('c-hw', 'Hardware', [node('c-pr', 'Printers')])],
    'POST /api/category/create': (request: Recorded) => ({
      ...node('c-new', 'x'),
      ...(request.body as object),
    }),
    'GET /api/ticket/sla': () => policies(),
    'POST /api/ticket/sla': (request: Recorded) =>
      (request.body as { policies: TicketSlaPolicy[] }).policies.map((entry) => ({
        ...entry,
        updatedAt: T0,
      })),
    'GET /api/ticket/inbound/secret': () => inbound,
    'POST /api/ticket/inbound/secret': () => ({ secret: 'fresh-secret-123', url: inbound.url }),
  });
  setProfile(adminWithPermissions({ 'ticket.list': [...ALL_TICKET_ACTIONS] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const openSettings = async (tab?: string) => {
  renderWithProviders(<TicketListPage />, { path: tab ? `/?settings=${tab}` : '/' });
  if (!tab) {
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: /Settings/ }));
  }
  return (await screen.findByText('Ticket settings')).closest('.ant-drawer') as HTMLElement;
};

describe('Ticket settings', { timeout: 60_000 }, () => {
  it('is offered only to those who manage tickets', async () => {
    setProfile(adminWithPermissions({ 'ticket.list': ['query', 'get', 'add', 'edit'] }));
    renderWithProviders(<TicketListPage />, { path: '/?settings=sla' });
    await screen.findByText('Printer on fire');
    expect(screen.queryByRole('button', { name: /Settings/ })).toBeNull();
    expect(screen.queryByText('Ticket settings')).toBeNull();
  });

  it('validates SLA targets and saves them in minutes after a confirmation', async () => {
    const user = setupUser();
    const drawer = await openSettings();
    const firstHours = await within(drawer).findByLabelText('First response within, hours (Critical)');
    expect(firstHours).toHaveValue('0');
    expect(within(drawer).getByLabelText('First response within, minutes (Critical)')).toHaveValue('30');
    expect(
      within(drawer).getByText('These are the default targets; nothing has been saved yet.'),
    ).toBeVisible();
    // Lowest has no targets: switched off, its inputs disabled.
    const lowest = within(drawer).getByRole('switch', { name: 'SLA for Lowest priority' });
    expect(lowest).not.toBeChecked();
    expect(within(drawer).getByLabelText('Resolution within, hours (Lowest)')).toBeDisabled();

    // On without a target, and a resolution due before the first response: both refused.
    await user.click(lowest);
    const resolutionHours = within(drawer).getByLabelText('Resolution within, hours (Critical)');
    await user.clear(resolutionHours);
    await user.type(resolutionHours, '0');
    await user.click(button(drawer, 'Save SLA policies'));
    // Present, not "visible": under load antd's help text may still be in its appear motion (opacity 0).
    expect(
      await within(drawer).findByText('Set a target above zero, or turn this priority off.'),
    ).toBeInTheDocument();
    const resolutionMinutes = within(drawer).getByLabelText('Resolution within, minutes (Critical)');
    await user.clear(resolutionMinutes);
    await user.type(resolutionMinutes, '10');
    await user.click(button(drawer, 'Save SLA policies'));
    // Present, not "visible": under load antd's help text may still be in its appear motion (opacity 0).
    expect(
      await within(drawer).findByText('Resolution cannot be due before the first response.'),
    ).toBeInTheDocument();
    expect(posts('/api/ticket/sla')).toEqual([]);

    await user.click(lowest);
    await user.clear(resolutionHours);
    await user.type(resolutionHours, '6');
    // The message may linger in its leave animation (jsdom never ends it): the item's state is what counts.
    await waitFor(() =>
      expect(resolutionHours.closest('.ant-form-item')).not.toHaveClass('ant-form-item-has-error'),
    );
    await user.click(button(drawer, 'Save SLA policies'));
    const confirm = (await screen.findAllByText('Save the SLA policies?')).at(-1) as HTMLElement;
    await user.click(button(confirm.closest('.ant-modal') as HTMLElement, 'Save'));
    await waitFor(() => expect(posts('/api/ticket/sla')).toHaveLength(1));
    const sent = (posts('/api/ticket/sla')[0] as { policies: unknown[] }).policies;
    expect(sent[0]).toEqual({
      priority: 'critical',
      firstResponseMinutes: 30,
      resolutionMinutes: 6 * 60 + 10,
      warnMinutes: 60,
    });
    expect(sent.at(-1)).toEqual({
      priority: 'lowest',
      firstResponseMinutes: 0,
      resolutionMinutes: 0,
      warnMinutes: 60,
    });
    expect(await screen.findByText('SLA policies saved.')).toBeInTheDocument();
    expect(await within(drawer).findByText(/^Last saved/)).toBeVisible();
  });

  it('edits ticket categories with the shared tree editor', async () => {
    const user = setupUser();
    const drawer = await openSettings('categories');
    expect(await within(drawer).findByText('Hardware')).toBeVisible();
    expect(within(drawer).getByText('Printers')).toBeVisible();
    expect(queriesTo(seen, '/api/category/tree')).toContain('type=ticket');
    await user.click(within(drawer).getByRole('button', { name: 'New category' }));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Category name'), 'Billing');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/category/create')).toEqual([{ type: 'ticket', name: 'Billing', parent: null }]),
    );
    expect(await screen.findByText('Category created')).toBeInTheDocument();
  });

  it('shows the inbound webhook and regenerates the secret after a confirmation, once', async () => {
    const user = setupUser();
    const drawer = await openSettings('email');
    expect(await within(drawer).findByTestId('inbound-url')).toHaveTextContent(inbound.url);
    expect(within(drawer).getByText('support+tk-<token>@acme.test')).toBeVisible();
    expect(within(drawer).getByText(/^A secret was generated/)).toBeVisible();
    expect(within(drawer).getByText('SendGrid Inbound Parse')).toBeVisible();

    await user.click(button(drawer, 'Regenerate secret'));
    const confirm = (await screen.findAllByText('Regenerate the inbound secret?')).at(-1) as HTMLElement;
    const modal = confirm.closest('.ant-modal') as HTMLElement;
    await user.click(button(modal, 'Cancel'));
    expect(posts('/api/ticket/inbound/secret')).toEqual([]);

    await user.click(button(drawer, 'Regenerate secret'));
    const again = (await screen.findAllByText('Regenerate the inbound secret?')).at(-1) as HTMLElement;
    await user.click(button(again.closest('.ant-modal') as HTMLElement, 'Regenerate secret'));
    await waitFor(() => expect(posts('/api/ticket/inbound/secret')).toHaveLength(1));
    expect(await within(drawer).findByTestId('inbound-secret')).toHaveTextContent('fresh-secret-123');
    expect(within(drawer).getByText('Copy the secret now: it is shown only once.')).toBeVisible();
    expect(
      within(drawer).getByText(`${inbound.url}?secret=fresh-secret-123`, { exact: false }),
    ).toBeInTheDocument();
  });

  it('generates the first secret without asking, in Chinese', async () => {
    await changeLanguage('zh-CN');
    inbound = { ...inbound, secretCreatedAt: null };
    const user = setupUser();
    renderWithProviders(<TicketListPage />, { path: '/?settings=email' });
    const drawer = (await screen.findByText('工单设置')).closest('.ant-drawer') as HTMLElement;
    expect(await within(drawer).findByText('尚无密钥：生成密钥前，Webhook 会拒绝所有邮件。')).toBeVisible();
    await user.click(button(drawer, '生成密钥'));
    await waitFor(() => expect(posts('/api/ticket/inbound/secret')).toHaveLength(1));
    expect(await within(drawer).findByTestId('inbound-secret')).toHaveTextContent('fresh-secret-123');
  });
});
