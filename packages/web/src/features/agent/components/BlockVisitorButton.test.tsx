import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Block, BlockStatus, Visitor } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { button, fill, findDialog, findPopconfirm, setupUser } from '../../kefu/shared/testUtils';
import { T0, adminWithPermissions, stubFetch, type Recorded } from '../../kefu/thread/testData';
import { BlockVisitorButton } from './BlockVisitorButton';

const visitor: Visitor = {
  vid: 'v-ann',
  nickname: 'Ann',
  avatar: '',
  client: 'web',
  ip: '203.0.113.9',
  userAgent: '',
  page: '',
  referrer: '',
  email: '',
  mobile: '',
  note: '',
  visitCount: 1,
  firstVisitAt: T0,
  lastVisitAt: T0,
};

const block: Block = {
  bid: 'b-1',
  type: 'visitor',
  visitor: { vid: 'v-ann', nickname: 'Ann', avatar: '', client: 'web' },
  ip: '',
  note: 'rude',
  operator: null,
  startAt: T0,
  endAt: null,
  revokedAt: null,
  active: true,
  createdAt: T0,
};

let status: BlockStatus;
let seen: Recorded[] = [];
const posted = (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path);

beforeEach(() => {
  status = { blocked: false, block: null };
  seen = stubFetch({
    'GET /api/block/visitor': () => status,
    'POST /api/block/create': () => block,
    'POST /api/block/unblock': () => ({ ...block, active: false, revokedAt: T0 }),
  });
  setProfile(adminWithPermissions({ 'kefu.block': ['query', 'get', 'add', 'edit'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('BlockVisitorButton (workbench visitor panel)', { timeout: 60_000 }, () => {
  it('blocks the visitor with a reason and shows the state', async () => {
    const user = setupUser();
    renderWithProviders(<BlockVisitorButton visitor={visitor} />);
    await user.click(await screen.findByText('Block visitor'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Block Ann')).toBeInTheDocument();
    expect(within(dialog).getByText('Their IP address (203.0.113.9)')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Reason'), 'Abusive language');
    await user.click(button(dialog, 'Block'));
    await waitFor(() =>
      expect(posted('/api/block/create').map((request) => request.body)).toEqual([
        { type: 'visitor', vid: 'v-ann', note: 'Abusive language', endAt: null },
      ]),
    );
    expect(await screen.findByText('Blocked until unblocked')).toBeInTheDocument();
  });

  it('blocks the address instead when chosen', async () => {
    const user = setupUser();
    renderWithProviders(<BlockVisitorButton visitor={visitor} />);
    await user.click(await screen.findByText('Block visitor'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByText('Their IP address (203.0.113.9)'));
    await user.click(button(dialog, 'Block'));
    await waitFor(() =>
      expect(posted('/api/block/create').map((request) => request.body)).toEqual([
        { type: 'ip', ip: '203.0.113.9', note: '', endAt: null },
      ]),
    );
  });

  it('unblocks a blocked visitor after confirmation', async () => {
    status = { blocked: true, block };
    const user = setupUser();
    renderWithProviders(<BlockVisitorButton visitor={visitor} />);
    expect(await screen.findByText('Blocked until unblocked')).toBeInTheDocument();
    await user.click(button(document.body, 'Unblock'));
    const confirm = await findPopconfirm('Unblock Ann?');
    expect(posted('/api/block/unblock')).toHaveLength(0);
    await user.click(button(confirm, 'Unblock'));
    await waitFor(() =>
      expect(posted('/api/block/unblock').map((request) => request.body)).toEqual([{ bid: 'b-1' }]),
    );
    expect(await screen.findByText('Block visitor')).toBeInTheDocument();
  });

  it('shows nothing without the blacklist permission', async () => {
    setProfile(adminWithPermissions({ kefu: ['query'] }));
    renderWithProviders(<BlockVisitorButton visitor={visitor} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText('Block visitor')).toBeNull();
    expect(seen.filter((request) => request.path === '/api/block/visitor')).toHaveLength(0);
  });
});
