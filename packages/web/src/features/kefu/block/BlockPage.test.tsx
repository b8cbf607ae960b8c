import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Block } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, page } from '../shared/testFixtures';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
  searchForm,
  setupUser,
} from '../shared/testUtils';
import {
  T0,
  adminWithPermissions,
  makeThread,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../thread/testData';
import { BlockPage } from './BlockPage';

const makeBlock = (overrides: Partial<Block>): Block => ({
  bid: 'b-1',
  type: 'visitor',
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  ip: '',
  note: 'Abusive language',
  operator: makeThread().agent,
  startAt: T0,
  endAt: null,
  revokedAt: null,
  active: true,
  createdAt: T0,
  ...overrides,
});

const annBlock = makeBlock({});
const ipBlock = makeBlock({ bid: 'b-2', type: 'ip', visitor: null, ip: '203.0.113.9', note: 'Spam bot' });
const ended = makeBlock({
  bid: 'b-3',
  visitor: { vid: 'v-bo', nickname: 'Bo', avatar: '', client: 'web' },
  note: 'Old quarrel',
  active: false,
  revokedAt: T0 + 60_000,
});

let rows: Block[] = [];
let seen: Recorded[] = [];
let createAnswer: (request: Recorded) => unknown;

const posted = (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path);

beforeEach(() => {
  rows = [ipBlock, annBlock, ended];
  createAnswer = () => makeBlock({ bid: 'b-9', type: 'ip', visitor: null, ip: '198.51.100.1' });
  seen = stubFetch({
    'GET /api/block/query': () => page(rows),
    'POST /api/block/create': (request) => createAnswer(request),
    'POST /api/block/unblock': () => ({ ...annBlock, active: false, revokedAt: T0 }),
  });
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.block': ['query', 'get', 'add', 'edit'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('BlockPage', { timeout: 60_000 }, () => {
  it('lists blocked visitors and addresses with reason, end and state', async () => {
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    expect(queriesTo(seen, '/api/block/query')).toEqual(['page=0&size=20']);
    const annRow = rowOf('Abusive language');
    expect(within(annRow).getByText('Ann')).toBeInTheDocument();
    expect(within(annRow).getByText('Until unblocked')).toBeInTheDocument();
    expect(within(annRow).getByText('In force')).toBeInTheDocument();
    expect(within(rowOf('Spam bot')).getByText('203.0.113.9')).toBeInTheDocument();
    const endedRow = rowOf('Old quarrel');
    expect(within(endedRow).getByText(/^Unblocked /)).toBeInTheDocument();
    expect(within(endedRow).queryByText('Unblock')).toBeNull();
  });

  it('filters by type, state and keyword', async () => {
    const user = setupUser();
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    const form = searchForm();
    await pickOption(user, form, 'Type', 'IP address');
    await pickOption(user, form, 'State', 'In force');
    await fill(user, within(form).getByLabelText('Search'), 'spam');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/block/query')).toContain(
        'page=0&size=20&type=ip&active=true&keyword=spam',
      ),
    );
  });

  it('says so when nobody is blocked', async () => {
    rows = [];
    renderWithProviders(<BlockPage />);
    expect(await screen.findByText('Nobody is blocked')).toBeInTheDocument();
  });

  it('unblocks after confirmation and reloads', async () => {
    const user = setupUser();
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    await user.click(within(rowOf('Abusive language')).getByText('Unblock'));
    const confirm = await findPopconfirm('Unblock Ann?');
    expect(posted('/api/block/unblock')).toHaveLength(0);
    await user.click(button(confirm, 'Unblock'));
    await waitFor(() =>
      expect(posted('/api/block/unblock').map((request) => request.body)).toEqual([{ bid: 'b-1' }]),
    );
    await screen.findByText('Ann is unblocked');
    await waitFor(() => expect(queriesTo(seen, '/api/block/query')).toHaveLength(2));
  });

  it('blocks an address through a validated form', async () => {
    const user = setupUser();
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    await user.click(button(document.body, 'Block an IP address'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Block'));
    expect(await within(dialog).findByText('Enter an IP address')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('IP address'), '300.1.2.3');
    await user.click(button(dialog, 'Block'));
    expect(
      await within(dialog).findByText('Enter an IPv4 or IPv6 address, e.g. 203.0.113.9'),
    ).toBeInTheDocument();
    expect(posted('/api/block/create')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('IP address'));
    await fill(user, within(dialog).getByLabelText('IP address'), '198.51.100.1');
    await fill(user, within(dialog).getByLabelText('Reason'), ' Scraper ');
    await user.click(button(dialog, 'Block'));
    await waitFor(() =>
      expect(posted('/api/block/create').map((request) => request.body)).toEqual([
        { type: 'ip', ip: '198.51.100.1', note: 'Scraper', endAt: null },
      ]),
    );
    await screen.findByText('198.51.100.1 is blocked');
  });

  it('shows the server’s answer under the address', async () => {
    createAnswer = () =>
      errorResponse(409, '"198.51.100.1" is already blocked', [{ field: 'ip', message: 'already blocked' }]);
    const user = setupUser();
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    await user.click(button(document.body, 'Block an IP address'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('IP address'), '198.51.100.1');
    await user.click(button(dialog, 'Block'));
    expect(await within(dialog).findByText('already blocked')).toBeInTheDocument();
  });

  it('offers neither blocking nor unblocking without the permissions', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.block': ['query'] }));
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    expect(screen.queryByText('Unblock')).toBeNull();
    expect(screen.queryByText('Block an IP address', { selector: 'button *' })).toBeNull();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<BlockPage />);
    await screen.findByText('Abusive language');
    expect(screen.getAllByText('生效中').length).toBeGreaterThan(0);
    expect(button(document.body, '拉黑 IP 地址')).toBeInTheDocument();
  });
});
