import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  rowOf,
  searchForm,
  setupUser,
} from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { makeSynonym, makeWord } from '../shared/testing';
import { StopwordPage, SynonymPage, TransferKeywordPage } from './WordListPages';

let seen: Recorded[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/robot/transfer/query': () => page([makeWord(), makeWord({ rwid: 'w-2', word: '人工' })]),
  'GET /api/robot/stopword/query': () => page([makeWord({ rwid: 'w-3', word: 'please' })]),
  'GET /api/robot/synonym/query': () => page([makeSynonym()]),
  'POST /api/robot/transfer/create': (request) => makeWord({ ...(request.body as object), rwid: 'w-new' }),
  'POST /api/robot/transfer/update': (request) => makeWord({ ...(request.body as object) }),
  'POST /api/robot/transfer/delete': () => null,
  'POST /api/robot/synonym/create': (request) => makeSynonym({ ...(request.body as object), rwid: 's-new' }),
  'POST /api/robot/synonym/update': (request) => makeSynonym({ ...(request.body as object) }),
  ...extra,
});

const ACTIONS = ['query', 'add', 'edit', 'delete'] as const;
const toolbar = () => document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(
    adminWithPermissions({
      'robot.transfer': [...ACTIONS],
      'robot.synonym': [...ACTIONS],
      'robot.stopword': [...ACTIONS],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('Word lists', { timeout: 60_000 }, () => {
  it('lists transfer keywords, searches them, adds, edits and deletes', async () => {
    const user = setupUser();
    renderWithProviders(<TransferKeywordPage />);
    await screen.findByText('人工');
    expect(queriesTo(seen, '/api/robot/transfer/query')).toEqual(['page=0&size=20']);
    expect(screen.getByText(/is handed to an agent/)).toBeInTheDocument();

    await fill(user, within(searchForm()).getByLabelText('Keyword'), 'hum');
    await user.click(button(searchForm(), 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/robot/transfer/query').at(-1)).toBe('page=0&size=20&keyword=hum'),
    );

    await user.click(button(toolbar(), 'New keyword'));
    let dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the word')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Keyword'), ' agent ');
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(posts('/api/robot/transfer/create')).toEqual([{ word: 'agent' }]));
    expect(await screen.findByText('“agent” added')).toBeInTheDocument();

    await user.click(within(rowOf('human')).getByText('Edit'));
    dialog = await findDialog();
    const input = within(dialog).getByDisplayValue('human');
    await user.clear(input);
    await fill(user, input, 'operator');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/robot/transfer/update')).toEqual([{ rwid: 'w-1', word: 'operator' }]),
    );

    await user.click(within(rowOf('人工')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete “人工”?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(posts('/api/robot/transfer/delete')).toEqual([{ rwid: 'w-2' }]));
  });

  it('shows a 409 under the word', async () => {
    seen = stubFetch(
      routes({
        'POST /api/robot/transfer/create': () =>
          errorResponse(409, 'Already in the list', [{ field: 'word', message: 'is already in the list' }]),
      }),
    );
    const user = setupUser();
    renderWithProviders(<TransferKeywordPage />);
    await screen.findByText('人工');
    await user.click(button(toolbar(), 'New keyword'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Keyword'), 'human');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('is already in the list')).toBeInTheDocument();
  });

  it('adds a standard word with its synonyms, never the word itself as one', async () => {
    const user = setupUser();
    renderWithProviders(<SynonymPage />);
    await screen.findByText('refund');
    const row = rowOf('refund');
    expect(within(row).getByText('money back')).toBeInTheDocument();
    expect(within(row).getByText('退款')).toBeInTheDocument();
    // Stop words have no menu item: the core words page links to them.
    expect(screen.getByText('Stop words').closest('a')).toHaveAttribute('href', '/stable/robot/stopword');

    await user.click(button(toolbar(), 'New core word'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Standard word'), 'invoice');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter at least one synonym')).toBeInTheDocument();
    const synonyms = within(dialog).getByLabelText('Synonyms');
    await user.type(synonyms, 'receipt{Enter}');
    await user.type(synonyms, 'invoice{Enter}');
    await user.click(button(dialog, 'Save'));
    expect(
      await within(dialog).findByText('A synonym cannot be the standard word itself'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getAllByLabelText('close').at(-1) as HTMLElement);
    await user.type(synonyms, '发票{Enter}');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(posts('/api/robot/synonym/create')).toEqual([
        { standard: 'invoice', synonyms: ['receipt', '发票'] },
      ]),
    );
  });

  it('shows the built-in thesaurus when opened, searchable', async () => {
    const user = setupUser();
    seen = stubFetch(
      routes({
        'GET /api/robot/thesaurus': () => ({
          groups: [
            ['运费', '邮费', '快递费'],
            ['package', 'parcel', 'box'],
          ],
        }),
      }),
    );
    renderWithProviders(<SynonymPage />);
    await screen.findByText('refund');
    // Loaded only when opened.
    expect(seen.some((request) => request.path === '/api/robot/thesaurus')).toBe(false);
    await user.click(screen.getByText('Built-in thesaurus'));
    expect(await screen.findByText('Built-in thesaurus (2 groups)')).toBeInTheDocument();
    expect(screen.getByText('邮费')).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Find a word'), 'PARC');
    await waitFor(() => expect(screen.queryByText('邮费')).toBeNull());
    expect(screen.getByText('parcel')).toBeInTheDocument();
    await user.clear(screen.getByPlaceholderText('Find a word'));
    await user.type(screen.getByPlaceholderText('Find a word'), 'nothing');
    expect(await screen.findByText('No group holds that word')).toBeInTheDocument();
  });

  it('says when the thesaurus cannot be loaded', async () => {
    const user = setupUser();
    stubFetch(routes({ 'GET /api/robot/thesaurus': () => errorResponse(500, 'boom') }));
    renderWithProviders(<SynonymPage />);
    await screen.findByText('refund');
    await user.click(screen.getByText('Built-in thesaurus'));
    expect(
      await screen.findByText('The thesaurus could not be loaded. Try again later.'),
    ).toBeInTheDocument();
  });

  it('hides what the role may not do, per list', async () => {
    setProfile(adminWithPermissions({ 'robot.stopword': ['query'] }));
    renderWithProviders(<StopwordPage />);
    await screen.findByText('please');
    expect(within(toolbar()).queryByText('New stop word')).toBeNull();
    expect(within(rowOf('please')).queryByText('Edit')).toBeNull();
    expect(within(rowOf('please')).queryByText('Delete')).toBeNull();
    // Without access to the core words, no link to them.
    expect(screen.queryByText('Core words')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<SynonymPage />);
    await screen.findByText('refund');
    expect(screen.getAllByText('核心词').length).toBeGreaterThan(0);
    expect(screen.getAllByText('同义词').length).toBeGreaterThan(0);
    expect(button(toolbar(), '新建核心词')).toBeInTheDocument();
  });
});
