import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { ArticleSummary } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
  searchForm,
  setupUser,
} from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { ALL_ARTICLE_ACTIONS, makeSummary, sampleTree, T0 } from '../shared/testing';
import { FakeXhr } from '../../../shared/components/Upload/testing';
import { ArticleList } from './ArticleList';

const HOSTILE = '<img src=x onerror=alert(1)>';

const published = makeSummary();
const scheduled = makeSummary({
  aid: 'a-2',
  title: HOSTILE,
  status: 'scheduled',
  publishAt: Date.UTC(2030, 5, 1, 9, 30),
  publishedAt: null,
  top: true,
  categories: [],
  author: null,
});
const trashed = makeSummary({ aid: 'a-3', title: 'Old pricing', deletedAt: T0 + 1000 });

let seen: Recorded[] = [];
let rows: ArticleSummary[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const routes = () => ({
  'GET /api/article/query': (request: Recorded) =>
    page(request.params.get('status') === 'deleted' ? [trashed] : rows),
  'GET /api/category/tree': () => sampleTree(),
  'GET /api/user/all': () => page([]),
  'POST /api/article/batch': (request: Recorded) => ({
    count: (request.body as { aids: string[] }).aids.length,
  }),
  'DELETE /api/category/delete': () => null,
});

beforeEach(() => {
  rows = [published, scheduled];
  seen = stubFetch(routes());
  setProfile(adminWithPermissions({ 'kb.list': [...ALL_ARTICLE_ACTIONS] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

const renderList = async (type: Parameters<typeof ArticleList>[0]['type'] = 'support') => {
  renderWithProviders(<ArticleList type={type} />);
  await screen.findByText('How to reset a password');
};

describe('ArticleList', { timeout: 60_000 }, () => {
  it('lists the type with status, schedule, categories, votes, and hostile titles as text', async () => {
    await renderList();
    expect(queriesTo(seen, '/api/article/query')).toEqual(['type=support&page=0&size=20']);
    expect(queriesTo(seen, '/api/category/tree')).toEqual(['type=support']);
    const row = rowOf('How to reset a password');
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getAllByText('Account').length).toBeGreaterThan(0);
    expect(within(row).getByText('42')).toBeInTheDocument();
    expect(within(row).getByLabelText('7 found it helpful')).toBeInTheDocument();
    expect(within(row).getByText('Boss')).toBeInTheDocument();

    // The title is shown as typed, never parsed as HTML.
    const hostile = rowOf(HOSTILE);
    expect(hostile.querySelector('img[src="x"]')).toBeNull();
    expect(within(hostile).getByText(/Scheduled · 2030-06-01/)).toBeInTheDocument();
    expect(within(hostile).getByText('Pinned')).toBeInTheDocument();

    // The tree counts articles in a category and below it.
    const tree = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(tree).getByText('All categories')).toBeInTheDocument();
    expect(within(tree).getByText('Security')).toBeInTheDocument();
    expect(
      within(tree.querySelector('[title="Account"]')?.parentElement as HTMLElement).getByText('3'),
    ).toBeInTheDocument();
  });

  it('filters by the tree, keyword, status and author', async () => {
    const user = setupUser();
    await renderList();
    await user.click(screen.getByText('Security'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/article/query')).toContain(
        'type=support&page=0&size=20&category=c-security',
      ),
    );
    const form = searchForm();
    await user.type(within(form).getByLabelText('Keyword'), 'reset');
    await pickOption(user, form, 'Status', 'Draft');
    await pickOption(user, form, 'Author', 'Me (Boss)');
    await user.click(button(form, 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/article/query').at(-1)).toBe(
        'type=support&page=0&size=20&status=draft&keyword=reset&author=u-admin&category=c-security',
      ),
    );
  });

  it('exports what the list shows, as Markdown or a sheet, and says when the file holds only part', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
    seen = stubFetch({
      ...routes(),
      'GET /api/article/export': () =>
        new Response('zip-bytes', {
          status: 200,
          headers: {
            'Content-Disposition': 'attachment; filename="articles.zip"',
            'X-Export-Rows': '5000',
            'X-Total-Count': '5200',
          },
        }),
    });
    const user = setupUser();
    await renderList();
    await user.click(screen.getByText('Security'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/article/query').at(-1)).toContain('category=c-security'),
    );
    await user.click(screen.getByRole('button', { name: /Export/ }));
    await user.click(await screen.findByText('Markdown files (.zip)'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/article/export')).toEqual(['type=support&format=zip&category=c-security']),
    );
    expect(
      await screen.findByText(
        'The file holds the first 5000 of 5200 articles; narrow the filters to export the rest.',
      ),
    ).toBeInTheDocument();
  });

  it('imports a zip through the shared dialog and reloads the list with what it reports', async () => {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const user = setupUser();
    await renderList();
    const loads = queriesTo(seen, '/api/article/query').length;
    await user.click(screen.getByRole('button', { name: /Import/ }));
    const dialog = await findDialog();
    expect(within(dialog).getByText(/Import a \.zip of Markdown files/)).toBeInTheDocument();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('.zip');
    await user.upload(input, new File(['PK'], 'guides.zip', { type: 'application/zip' }));
    const xhr = FakeXhr.latest();
    expect(xhr.url).toContain('/api/article/import?type=support');
    xhr.respond(200, {
      message: 'success',
      status_code: 200,
      data: {
        total: 3,
        imported: 2,
        created: 1,
        updated: 1,
        images: 4,
        errors: [{ row: 'guides/a.md', field: 'images', message: 'The image "x.png" is not in the zip' }],
      },
    });
    expect(await within(dialog).findByText('1 created, 1 updated, 4 images uploaded.')).toBeInTheDocument();
    expect(within(dialog).getByText('guides/a.md')).toBeInTheDocument();
    expect(within(dialog).getByText('Images')).toBeInTheDocument();
    await waitFor(() => expect(queriesTo(seen, '/api/article/query').length).toBeGreaterThan(loads));
  });

  it('publishes, moves and deletes the selected articles', async () => {
    const user = setupUser();
    await renderList();
    await user.click(within(rowOf('How to reset a password')).getByRole('checkbox'));
    await user.click(within(rowOf(HOSTILE)).getByRole('checkbox'));
    const alert = () => screen.getByText(/\d selected/).closest('.ant-pro-table-alert') as HTMLElement;
    expect(await screen.findByText('2 selected')).toBeInTheDocument();

    await user.click(button(alert(), 'Publish'));
    await waitFor(() =>
      expect(posts('/api/article/batch')).toEqual([{ action: 'publish', aids: ['a-1', 'a-2'] }]),
    );
    expect(await screen.findByText('2 articles published')).toBeInTheDocument();

    // The list reloads and the selection clears; choose again and move.
    await waitFor(() => expect(screen.queryByText('2 selected')).toBeNull());
    await user.click(within(rowOf('How to reset a password')).getByRole('checkbox'));
    await user.click(button(alert(), 'Move'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Move 1 articles')).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Category'));
    await user.click(
      await waitFor(() => {
        const option = document.querySelector<HTMLElement>('.ant-select-dropdown [title="Billing"]');
        if (!option) throw new Error('no Billing option');
        return option;
      }),
    );
    await user.click(button(dialog, 'Move'));
    await waitFor(() =>
      expect(posts('/api/article/batch').at(-1)).toEqual({
        action: 'move',
        aids: ['a-1'],
        category: 'c-billing',
      }),
    );

    await waitFor(() => expect(screen.queryByText('1 selected')).toBeNull());
    await user.click(within(rowOf('How to reset a password')).getByRole('checkbox'));
    await user.click(button(alert(), 'Delete'));
    const [confirm] = await screen.findAllByText('Move 1 articles to the trash?');
    expect(posts('/api/article/batch')).toHaveLength(2);
    await user.click(
      button(confirm?.closest('.ant-modal-container, .ant-modal-content') as HTMLElement, 'Delete'),
    );
    await waitFor(() =>
      expect(posts('/api/article/batch').at(-1)).toEqual({ action: 'delete', aids: ['a-1'] }),
    );
  });

  it('shows the trash with restore and delete forever behind a confirmation', async () => {
    const user = setupUser();
    await renderList();
    await pickOption(user, searchForm(), 'Status', 'In trash');
    await user.click(button(searchForm(), 'Query'));
    await screen.findByText('Old pricing');
    expect(screen.getByText('Trash')).toBeInTheDocument();
    const row = rowOf('Old pricing');
    expect(within(row).getByText('In trash')).toBeInTheDocument();
    expect(within(row).queryByText('Edit')).toBeNull();

    await user.click(within(row).getByText('Restore'));
    await waitFor(() => expect(posts('/api/article/batch')).toEqual([{ action: 'restore', aids: ['a-3'] }]));

    await user.click(within(rowOf('Old pricing')).getByText('Delete forever'));
    const confirm = await findPopconfirm('Delete "Old pricing" forever?');
    expect(posts('/api/article/batch')).toHaveLength(1);
    await user.click(button(confirm, 'Delete forever'));
    await waitFor(() =>
      expect(posts('/api/article/batch').at(-1)).toEqual({ action: 'purge', aids: ['a-3'] }),
    );
  });

  it('says what deleting a category does to its articles and sub-categories', async () => {
    const user = setupUser();
    await renderList();
    await user.click(screen.getByRole('button', { name: 'Actions for category Account' }));
    await user.click(await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }));
    const [dialog] = await screen.findAllByText('Delete the category "Account"?');
    const modal = dialog?.closest('.ant-modal-container, .ant-modal-content') as HTMLElement;
    expect(within(modal).getByText('Its 2 articles stay, without this category.')).toBeInTheDocument();
    expect(within(modal).getByText('Its 1 sub-category is deleted with it.')).toBeInTheDocument();
    await user.click(button(modal, 'Delete'));
    await waitFor(() =>
      expect(
        seen
          .filter((request) => request.path === '/api/category/delete')
          .map((request) => request.params.get('cid')),
      ).toEqual(['c-account']),
    );
  });

  it('hides what the role may not do', async () => {
    setProfile(adminWithPermissions({ 'kb.list': ['query', 'get'] }));
    await renderList();
    expect(screen.queryByRole('button', { name: /New article/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Import/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Export/ })).toBeInTheDocument();
    expect(within(rowOf('How to reset a password')).queryByText('Delete')).toBeNull();
    expect(within(rowOf('How to reset a password')).queryByText('Edit')).toBeNull();
    expect(within(rowOf('How to reset a password')).queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New category' })).toBeNull();
  });

  it('shows the tender columns for the tender list, and speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    setProfile(adminWithPermissions({ 'kb.zhaobiaolist': [...ALL_ARTICLE_ACTIONS] }));
    rows = [
      {
        ...makeSummary({ type: 'zhaobiao', title: 'Road works' }),
        tender: {
          buyer: 'City of Hangzhou',
          region: 'Zhejiang',
          budget: 1200000,
          deadline: T0,
          sourceUrl: '',
        },
      } as ArticleSummary,
    ];
    renderWithProviders(<ArticleList type="zhaobiao" />);
    await screen.findByText('Road works');
    const row = rowOf('Road works');
    expect(within(row).getByText('City of Hangzhou')).toBeInTheDocument();
    expect(within(row).getByText('¥1,200,000')).toBeInTheDocument();
    expect(within(row).getByText('已发布')).toBeInTheDocument();
    expect(screen.getAllByText('采购方').length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: /新建招标/ })).toBeInTheDocument();
    expect(screen.getByText('全部分类')).toBeInTheDocument();
  });
});
