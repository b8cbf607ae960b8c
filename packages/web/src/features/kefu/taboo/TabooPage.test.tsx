import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Profile, Taboo, TabooHit } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { PlatformTabooPage } from '../../platform/taboo/PlatformTabooPage';
import { errorResponse, page } from '../shared/testFixtures';
import { button, fill, findDialog, findPopconfirm, rowOf, searchForm, setupUser } from '../shared/testUtils';
import { T0, adminWithPermissions, queriesTo, stubFetch, type Recorded } from '../thread/testData';
import { TabooPage } from './TabooPage';

const makeTaboo = (overrides: Partial<Taboo>): Taboo => ({
  tbid: 'tb-1',
  standard: 'Scam',
  synonyms: ['fraud', '骗局'],
  platform: false,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

const scam = makeTaboo({});
const gamble = makeTaboo({ tbid: 'tb-p', standard: 'Gamble', synonyms: [], platform: true });

const hit: TabooHit = {
  hid: 'h-1',
  word: '骗局',
  standard: 'Scam',
  action: 'mask',
  sender: { kind: 'visitor', id: 'v-ann', nickname: 'Ann' },
  tid: 't-123',
  createdAt: T0,
};

let words: Taboo[] = [];
let hits: TabooHit[] = [];
let mode: 'mask' | 'block' = 'mask';
let seen: Recorded[] = [];
let createAnswer: (request: Recorded) => unknown;

const posted = (path: string) => seen.filter((request) => request.method === 'POST' && request.path === path);

const agentProfile = (): Profile => {
  const profile = adminWithPermissions({ kefu: ['query'], 'kefu.taboo': ['query', 'get', 'add', 'edit'] });
  return { ...profile, roles: profile.roles.map((role) => ({ ...role, value: 'ROLE_WORKGROUP_AGENT' })) };
};

beforeEach(() => {
  words = [scam, gamble];
  hits = [hit];
  mode = 'mask';
  createAnswer = (request) => makeTaboo({ tbid: 'tb-new', ...(request.body as object) });
  seen = stubFetch({
    'GET /api/taboo/query': () => page(words),
    'GET /api/taboo/platform/query': () => page([gamble]),
    'GET /api/taboo/mode': () => ({ mode }),
    'POST /api/taboo/mode': (request) => {
      mode = (request.body as { mode: 'mask' | 'block' }).mode;
      return { mode };
    },
    'GET /api/taboo/hits': () => page(hits),
    'POST /api/taboo/create': (request) => createAnswer(request),
    'POST /api/taboo/update': (request) => makeTaboo(request.body as object),
    'POST /api/taboo/delete': () => null,
    'POST /api/taboo/platform/create': (request) =>
      makeTaboo({ platform: true, ...(request.body as object) }),
  });
  setProfile(
    adminWithPermissions({
      kefu: ['query'],
      'kefu.taboo': ['query', 'get', 'add', 'edit', 'delete', 'export'],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('TabooPage', { timeout: 60_000 }, () => {
  it("lists the organisation's words with synonyms, and the platform's read-only", async () => {
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    expect(queriesTo(seen, '/api/taboo/query')).toEqual(['page=0&size=20']);
    const scamRow = rowOf('Scam');
    expect(within(scamRow).getByText('骗局')).toBeInTheDocument();
    expect(within(scamRow).getByText('Edit')).toBeInTheDocument();
    const gambleRow = rowOf('Gamble');
    expect(within(gambleRow).getByText('Platform')).toBeInTheDocument();
    expect(within(gambleRow).queryByText('Edit')).toBeNull();
    expect(within(gambleRow).queryByText('Delete')).toBeNull();
  });

  it('searches by word or synonym, and says so when there are none', async () => {
    const user = setupUser();
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    words = [];
    await fill(user, within(searchForm()).getByLabelText('Word or synonym'), 'fraud');
    await user.click(button(searchForm(), /^(query|search)$/i));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/taboo/query')).toContain('page=0&size=20&keyword=fraud'),
    );
    expect(await screen.findByText('No sensitive words yet')).toBeInTheDocument();
  });

  it('adds a word with synonyms through a validated form', async () => {
    const user = setupUser();
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    await user.click(button(document.body, 'Add word'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the word')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Word'), 'x'.repeat(65));
    expect(await within(dialog).findByText('At most 64 characters')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Word'));
    await fill(user, within(dialog).getByLabelText('Word'), ' 傻瓜 ');
    const synonyms = within(dialog).getByLabelText('Synonyms');
    await user.type(synonyms, '笨蛋{Enter}');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posted('/api/taboo/create').map((request) => request.body)).toEqual([
        { standard: '傻瓜', synonyms: ['笨蛋'] },
      ]),
    );
    await screen.findByText('“傻瓜” added');
  });

  it('shows the server’s conflict under the word', async () => {
    createAnswer = () =>
      errorResponse(409, '"scam" is already in the list', [
        { field: 'standard', message: 'already in the list' },
      ]);
    const user = setupUser();
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    await user.click(button(document.body, 'Add word'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Word'), 'scam');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('already in the list')).toBeInTheDocument();
  });

  it('edits and deletes (after confirmation) a word', async () => {
    const user = setupUser();
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    await user.click(within(rowOf('Scam')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Word')).toHaveValue('Scam');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posted('/api/taboo/update').map((request) => request.body)).toEqual([
        { tbid: 'tb-1', standard: 'Scam', synonyms: ['fraud', '骗局'] },
      ]),
    );
    await user.click(within(rowOf('Scam')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete “Scam”?');
    expect(posted('/api/taboo/delete')).toHaveLength(0);
    await user.click(button(confirm, 'Delete'));
    await waitFor(() =>
      expect(posted('/api/taboo/delete').map((request) => request.body)).toEqual([{ tbid: 'tb-1' }]),
    );
    await screen.findByText('“Scam” deleted');
  });

  it('lets an admin switch to refusing messages; agents only see the mode', async () => {
    const user = setupUser();
    const view = renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    const setting = screen.getByTestId('taboo-mode');
    expect(within(setting).getByLabelText('Mask it (each character becomes *)')).toBeChecked();
    await user.click(
      within(setting).getByLabelText('Refuse the message (the sender is told, nothing is sent)'),
    );
    await waitFor(() =>
      expect(posted('/api/taboo/mode').map((request) => request.body)).toEqual([{ mode: 'block' }]),
    );
    await screen.findByText('Saved: Refused');
    view.unmount();

    setProfile(agentProfile());
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    const readOnly = screen.getByTestId('taboo-mode');
    expect(within(readOnly).getByText('Only administrators change this.')).toBeInTheDocument();
    expect(within(readOnly).getByLabelText('Mask it (each character becomes *)')).toBeDisabled();
    // Agents add and edit but neither delete nor export.
    expect(within(rowOf('Scam')).queryByText('Delete')).toBeNull();
    expect(screen.queryByText('Export', { selector: 'button *' })).toBeNull();
  });

  it('lists the hits: who, which word, what happened', async () => {
    const user = setupUser();
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    await user.click(screen.getByRole('tab', { name: 'Hits' }));
    const row = await waitFor(() => rowOf('t-123'));
    expect(within(row).getByText('Ann')).toBeInTheDocument();
    expect(within(row).getByText('骗局')).toBeInTheDocument();
    expect(within(row).getByText('Masked')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/taboo/hits')).toEqual(['page=0&size=20']);
  });

  it('says so when no message hit a word, in Chinese too', async () => {
    hits = [];
    await changeLanguage('zh-CN');
    const user = setupUser();
    renderWithProviders(<TabooPage />);
    await screen.findByText('Scam');
    await user.click(screen.getByRole('tab', { name: '命中记录' }));
    expect(await screen.findByText('暂无消息命中敏感词')).toBeInTheDocument();
  });
});

describe('PlatformTabooPage', { timeout: 60_000 }, () => {
  it("manages the platform's words for platform staff", async () => {
    setProfile({ ...adminWithPermissions({}), isPlatformStaff: true });
    const user = setupUser();
    renderWithProviders(<PlatformTabooPage />);
    await screen.findByText('Gamble');
    expect(screen.getByText('Platform sensitive words')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/taboo/platform/query')).toEqual(['page=0&size=20']);
    expect(within(rowOf('Gamble')).getByText('Edit')).toBeInTheDocument();
    await user.click(button(document.body, 'Add word'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Word'), 'Casino');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posted('/api/taboo/platform/create').map((request) => request.body)).toEqual([
        { standard: 'Casino', synonyms: [] },
      ]),
    );
  });
});
