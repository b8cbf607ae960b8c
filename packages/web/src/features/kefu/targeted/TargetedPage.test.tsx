import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Targeted } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, page } from '../shared/testFixtures';
import { button, fill, findDialog, findPopconfirm, pickOption, rowOf, setupUser } from '../shared/testUtils';
import {
  T0,
  adminWithPermissions,
  queriesTo,
  stubFetch,
  workgroupOptions,
  type Recorded,
} from '../thread/testData';
import { TargetedPage } from './TargetedPage';

const makeRule = (overrides: Partial<Targeted>): Targeted => ({
  tgid: 'tg-1',
  name: 'Pricing page',
  enabled: true,
  matchType: 'contains',
  pattern: '/pricing',
  minSeconds: 15,
  minVisits: 2,
  message: 'Questions about our plans?',
  workgroup: { wid: 'w-sales', nickname: 'Sales' },
  shownCount: 12,
  acceptedCount: 5,
  declinedCount: 4,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

const pricing = makeRule({});
const docs = makeRule({
  tgid: 'tg-2',
  name: 'Docs',
  enabled: false,
  matchType: 'regex',
  pattern: '^https://[^/]+/docs/',
  message: '<b>Stuck?</b>',
  shownCount: 0,
  acceptedCount: 0,
  declinedCount: 0,
});

let rows: Targeted[] = [];
let seen: Recorded[] = [];
let createAnswer: (request: Recorded) => unknown;
const posted = (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path);

beforeEach(() => {
  rows = [pricing, docs];
  createAnswer = (request) => makeRule({ tgid: 'tg-3', ...(request.body as object) });
  seen = stubFetch({
    'GET /api/targeted/query': () => page(rows),
    'GET /api/workgroup/all': () => workgroupOptions,
    'POST /api/targeted/create': (request) => createAnswer(request),
    'POST /api/targeted/update': (request) => makeRule(request.body as Partial<Targeted>),
    'POST /api/targeted/delete': () => null,
  });
  setProfile(
    adminWithPermissions({ kefu: ['query'], 'kefu.targeted': ['query', 'get', 'add', 'edit', 'delete'] }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('TargetedPage', { timeout: 60_000 }, () => {
  it('lists the rules with their page condition and shown / accepted / declined counts', async () => {
    renderWithProviders(<TargetedPage />);
    await screen.findByText('Questions about our plans?');
    expect(queriesTo(seen, '/api/targeted/query')).toEqual(['page=0&size=20']);
    const row = rowOf('Questions about our plans?');
    expect(within(row).getByText('Address contains')).toBeInTheDocument();
    expect(within(row).getByText('after 15 s on the page, from visit 2')).toBeInTheDocument();
    expect(within(row).getByTestId('counts-tg-1')).toHaveTextContent('12 / 5 / 4');
    const docsRow = rowOf('<b>Stuck?</b>');
    expect(within(docsRow).getByText('Off')).toBeInTheDocument();
    expect(within(docsRow).getByText('Address matches regex')).toBeInTheDocument();
  });

  it('says so when there are none, in Chinese too', async () => {
    rows = [];
    await changeLanguage('zh-CN');
    renderWithProviders(<TargetedPage />);
    expect(await screen.findByText('暂无推送规则：新建规则，在指定页面邀请访客咨询')).toBeInTheDocument();
  });

  it('creates a rule through a validated form', async () => {
    const user = setupUser();
    renderWithProviders(<TargetedPage />);
    await screen.findByText('Questions about our plans?');
    await user.click(button(document.body, 'New rule'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Give the rule a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter what the page address should match')).toBeInTheDocument();
    expect(within(dialog).getByText('Write the invitation the visitor sees')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the skill group that takes the chat')).toBeInTheDocument();

    await pickOption(user, dialog, 'Match the page address', 'Address matches regex');
    await fill(user, within(dialog).getByLabelText('Pattern'), '(a+)+');
    await user.click(button(dialog, 'Save'));
    expect(
      await within(dialog).findByText('A repeated group must not itself repeat (it could stall the server)'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Pattern'));
    await fill(user, within(dialog).getByLabelText('Pattern'), '([a-z');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('This is not a valid regular expression')).toBeInTheDocument();
    expect(posted('/api/targeted/create')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('Pattern'));
    await fill(user, within(dialog).getByLabelText('Pattern'), '^https://shop/checkout');
    await fill(user, within(dialog).getByLabelText('Name'), 'Checkout');
    await fill(user, within(dialog).getByLabelText('Invitation message'), 'Need a hand?');
    await pickOption(user, dialog, 'Chat with skill group', 'Support');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posted('/api/targeted/create').map((request) => request.body)).toEqual([
        {
          name: 'Checkout',
          enabled: true,
          matchType: 'regex',
          pattern: '^https://shop/checkout',
          minSeconds: 10,
          minVisits: 1,
          message: 'Need a hand?',
          wid: 'w-support',
        },
      ]),
    );
    await screen.findByText('Rule created');
  });

  it("shows the server's field error under its input", async () => {
    createAnswer = () =>
      errorResponse(400, 'Invalid request: pattern', [{ field: 'pattern', message: 'Server says no' }]);
    const user = setupUser();
    renderWithProviders(<TargetedPage />);
    await screen.findByText('Questions about our plans?');
    await user.click(button(document.body, 'New rule'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Name'), 'X');
    await fill(user, within(dialog).getByLabelText('Pattern'), '/x');
    await fill(user, within(dialog).getByLabelText('Invitation message'), 'Hi');
    await pickOption(user, dialog, 'Chat with skill group', 'Sales');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Server says no')).toBeInTheDocument();
  });

  it('edits a rule, keeping its id', async () => {
    const user = setupUser();
    renderWithProviders(<TargetedPage />);
    await screen.findByText('Questions about our plans?');
    await user.click(within(rowOf('Questions about our plans?')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Pattern')).toHaveValue('/pricing');
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Plans');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posted('/api/targeted/update').map((request) => request.body)).toEqual([
        expect.objectContaining({ tgid: 'tg-1', name: 'Plans', pattern: '/pricing', wid: 'w-sales' }),
      ]),
    );
    await screen.findByText('Rule saved');
  });

  it('deletes a rule after confirmation', async () => {
    const user = setupUser();
    renderWithProviders(<TargetedPage />);
    await screen.findByText('Questions about our plans?');
    await user.click(within(rowOf('Questions about our plans?')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete the rule "Pricing page"?');
    expect(posted('/api/targeted/delete')).toHaveLength(0);
    await user.click(button(confirm, 'Delete'));
    await waitFor(() =>
      expect(posted('/api/targeted/delete').map((request) => request.body)).toEqual([{ tgid: 'tg-1' }]),
    );
    await screen.findByText('Rule deleted');
  });

  it('offers no changes without the permissions', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.targeted': ['query'] }));
    renderWithProviders(<TargetedPage />);
    await screen.findByText('Questions about our plans?');
    expect(screen.queryByText('New rule')).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });
});
