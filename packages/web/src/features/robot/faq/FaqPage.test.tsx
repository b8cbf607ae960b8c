import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Faq } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { FakeXhr } from '../../../shared/components/Upload/testing';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
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
  errorResponse,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { ALL_ACTIONS, makeFaq, sampleCategories, sampleWorkgroups } from '../shared/testing';
import { FaqPage } from './FaqPage';

const HOSTILE = '<img src=x onerror=alert(1)>';

const refund = makeFaq();
const hostile = makeFaq({
  aid: 'f-2',
  question: HOSTILE,
  similarQuestions: [],
  categories: [],
  workGroups: [{ wid: 'w-sales', nickname: 'Sales' }],
  welcome: false,
  recommend: true,
  enabled: false,
});

let seen: Recorded[] = [];

const posts = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const routes = (extra: Routes = {}): Routes => ({
  'GET /api/faq/query': () => page([refund, hostile]),
  'GET /api/faq/get': (request) => (request.params.get('aid') === 'f-2' ? hostile : refund),
  'GET /api/faq/category/all': () => sampleCategories(),
  'GET /api/workgroup/all': () => sampleWorkgroups(),
  'GET /api/user/robot/all': () => [{ uid: 'r-1', username: 'robot-1', nickname: 'Xiaoke' }],
  'POST /api/faq/enable': (request) => ({
    ...hostile,
    enabled: (request.body as { enabled: boolean }).enabled,
  }),
  'POST /api/faq/delete': () => null,
  'POST /api/faq/create': (request) => makeFaq({ ...(request.body as Partial<Faq>), aid: 'f-new' } as Faq),
  'POST /api/faq/update': (request) => makeFaq({ ...(request.body as Partial<Faq>) } as Faq),
  'POST /api/faq/category/create': () => sampleCategories()[0],
  'POST /api/faq/category/delete': () => null,
  ...extra,
});

const renderPage = async (path = '/') => {
  renderWithProviders(<FaqPage />, { path });
  await screen.findByText('How do I get a refund?');
};

/** The table's toolbar (a CSS query: role queries over the whole table are slow). */
const toolbar = () => document.querySelector('.ant-pro-table-list-toolbar') as HTMLElement;

const drawer = () => document.querySelector('.ok-robot-editor') as HTMLElement;

beforeAll(async () => {
  await import('../../../shared/editor/RichTextEditorImpl');
});

beforeEach(() => {
  seen = stubFetch(routes());
  setProfile(
    adminWithPermissions({
      'robot.faq': [...ALL_ACTIONS],
      'robot.list': ['query'],
      'kefu.group': ['query'],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('FaqPage', { timeout: 60_000 }, () => {
  it('lists the FAQs with their flags, categories, groups and counts, and hostile text as text', async () => {
    await renderPage();
    expect(queriesTo(seen, '/api/faq/query')).toEqual(['page=0&size=20']);
    const row = rowOf('How do I get a refund?');
    expect(within(row).getByText('Welcome')).toBeInTheDocument();
    expect(within(row).getByText('2 similar questions')).toBeInTheDocument();
    expect(within(row).getByText('Orders')).toBeInTheDocument();
    expect(within(row).getByText('Every skill group')).toBeInTheDocument();
    expect(within(row).getByText('12')).toBeInTheDocument();
    expect(within(row).getByLabelText('5 found it helpful')).toBeInTheDocument();
    expect(within(row).getByRole('switch', { name: 'Enable “How do I get a refund?”' })).toBeChecked();

    const other = rowOf(HOSTILE);
    expect(other.querySelector('img[src="x"]')).toBeNull();
    expect(within(other).getByText('Recommended')).toBeInTheDocument();
    expect(within(other).getByText('Sales')).toBeInTheDocument();
    expect(within(other).getByRole('switch')).not.toBeChecked();

    // The robots page has no menu item: it is reached from here.
    expect(within(toolbar()).getByText('Robots and their settings').closest('a')).toHaveAttribute(
      'href',
      '/stable/robot/list',
    );

    const panel = screen.getByRole('navigation', { name: 'Categories' });
    expect(within(panel).getByText('All categories')).toBeInTheDocument();
    expect(within(panel).getByText('Shipping')).toBeInTheDocument();
  });

  it('filters by category, keyword, skill group and status', async () => {
    const user = setupUser();
    await renderPage();
    const panel = screen.getByRole('navigation', { name: 'Categories' });
    await user.click(within(panel).getByText('Shipping'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/faq/query').at(-1)).toBe('page=0&size=20&category=c-shipping'),
    );
    const form = searchForm();
    await fill(user, within(form).getByLabelText('Keyword'), 'refund');
    await pickOption(user, form, 'Skill group', 'Support');
    await pickOption(user, form, 'Status', 'Disabled');
    await user.click(button(form, 'Query'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/faq/query').at(-1)).toBe(
        'page=0&size=20&keyword=refund&wid=w-support&category=c-shipping&enabled=false',
      ),
    );
  });

  it('enables a FAQ with its switch and deletes one after confirming', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(within(rowOf(HOSTILE)).getByRole('switch'));
    await waitFor(() => expect(posts('/api/faq/enable')).toEqual([{ aid: 'f-2', enabled: true }]));
    expect(await screen.findByText(`“${HOSTILE}” is enabled: the robot answers with it`)).toBeInTheDocument();

    await user.click(within(rowOf('How do I get a refund?')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete “How do I get a refund?”?');
    expect(posts('/api/faq/delete')).toEqual([]);
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(posts('/api/faq/delete')).toEqual([{ aid: 'f-1' }]));
  });

  it('names what is missing, then creates a FAQ with similar questions and a Markdown answer', async () => {
    const user = setupUser();
    await renderPage();
    const panel = screen.getByRole('navigation', { name: 'Categories' });
    await user.click(within(panel).getByText('Shipping'));
    await user.click(button(toolbar(), 'New FAQ'));
    await screen.findByText('New FAQ', { selector: '.ok-robot-editor__title' });

    await user.click(button(drawer(), 'Save'));
    expect(await screen.findByText('Enter the question')).toBeInTheDocument();
    expect(await screen.findByText('Write the answer')).toBeInTheDocument();

    await fill(user, within(drawer()).getByLabelText('Question'), 'Where is my parcel?');
    await user.click(button(drawer(), 'Add a similar question'));
    await fill(user, within(drawer()).getByLabelText('Similar question 1'), 'where is my parcel?');
    await user.click(button(drawer(), 'Add a similar question'));
    await fill(user, within(drawer()).getByLabelText('Similar question 2'), 'track my order');
    await user.click(await screen.findByRole('tab', { name: 'Markdown' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Markdown source' }), {
      target: { value: 'See **Orders → Track**.' },
    });
    await user.click(button(drawer(), 'Save'));
    // The first similar question is the question itself (case aside).
    expect(await screen.findByText('This is the question itself')).toBeInTheDocument();
    expect(posts('/api/faq/create')).toEqual([]);

    await user.click(within(drawer()).getByRole('button', { name: 'Remove similar question 1' }));
    await user.click(button(drawer(), 'Save'));
    await waitFor(() =>
      expect(posts('/api/faq/create')).toEqual([
        {
          question: 'Where is my parcel?',
          similarQuestions: ['track my order'],
          answer: expect.stringContaining('<strong>Orders → Track</strong>') as unknown as string,
          markdown: 'See **Orders → Track**.',
          categories: ['c-shipping'],
          workGroups: [],
          welcome: false,
          recommend: false,
          enabled: true,
          related: [],
        },
      ]),
    );
    expect(await screen.findByText('FAQ added')).toBeInTheDocument();
  });

  it('edits a FAQ from the address, sends every field, and shows the server’s field errors', async () => {
    const user = setupUser();
    seen = stubFetch(
      routes({
        'POST /api/faq/update': () =>
          errorResponse(400, 'Bad request', [{ field: 'similarQuestions.1', message: 'is too long' }]),
      }),
    );
    await renderPage('/?edit=f-1');
    const question = await within(await findDialog()).findByDisplayValue('How do I get a refund?');
    expect(queriesTo(seen, '/api/faq/get')).toEqual(['aid=f-1']);
    expect(within(drawer()).getByDisplayValue('money back')).toBeInTheDocument();
    expect(
      within(drawer()).getByText(/^Answered 12 times · 5 helpful, 1 not · updated 2026-01-05/),
    ).toBeInTheDocument();
    await fill(user, question, ' now');
    await user.click(button(drawer(), 'Save'));
    await waitFor(() =>
      expect(posts('/api/faq/update')).toEqual([
        {
          aid: 'f-1',
          question: 'How do I get a refund? now',
          similarQuestions: ['refund please', 'money back'],
          answer: '<p>Open your orders and choose <strong>Refund</strong>.</p>',
          markdown: '',
          categories: ['c-orders'],
          workGroups: [],
          welcome: true,
          recommend: false,
          enabled: true,
          related: [],
        },
      ]),
    );
    expect(await within(drawer()).findByText('is too long')).toBeInTheDocument();

    // The same question twice is a 409 without a field: it lands under the question.
    seen = stubFetch(
      routes({ 'POST /api/faq/update': () => errorResponse(409, 'A FAQ with this question already exists') }),
    );
    await user.click(button(drawer(), 'Save'));
    expect(await within(drawer()).findByText('A FAQ with this question already exists')).toBeInTheDocument();
  });

  it('imports a sheet with a per-row report and exports the FAQs', async () => {
    FakeXhr.instances = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    URL.createObjectURL = vi.fn(() => 'blob:faqs');
    URL.revokeObjectURL = vi.fn();
    seen = stubFetch(
      routes({
        'GET /api/faq/export': () =>
          new Response('xlsx-bytes', {
            status: 200,
            headers: { 'Content-Disposition': 'attachment; filename="faqs.xlsx"' },
          }),
      }),
    );
    const user = setupUser();
    await renderPage();
    await user.click(button(toolbar(), 'Export'));
    await waitFor(() => expect(queriesTo(seen, '/api/faq/export')).toEqual(['']));

    const loads = queriesTo(seen, '/api/faq/query').length;
    await user.click(button(toolbar(), 'Import'));
    const dialog = await findDialog();
    expect(within(dialog).getByText(/Download the template and fill in one FAQ per row/)).toBeInTheDocument();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(
      input,
      new File(['x'], 'faqs.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    const xhr = FakeXhr.latest();
    expect(xhr.url).toContain('/api/faq/import');
    xhr.respond(200, {
      message: 'success',
      status_code: 200,
      data: { imported: 2, errors: [{ row: 4, field: 'categories', message: 'Unknown category "Misc"' }] },
    });
    expect(await within(dialog).findByText('Unknown category "Misc"')).toBeInTheDocument();
    expect(within(dialog).getByText('Categories')).toBeInTheDocument();
    await waitFor(() => expect(queriesTo(seen, '/api/faq/query').length).toBeGreaterThan(loads));
  });

  it('tests what the robot would answer: verdict, normalised text and scored candidates', async () => {
    seen = stubFetch(
      routes({
        'POST /api/faq/test': () => ({
          result: {
            kind: 'answer',
            hit: { source: 'faq', aid: 'f-1', question: 'How do I get a refund?', score: 0.82 },
            answer: '<p>Open your orders.</p>',
            related: [],
          },
          normalized: 'refund money',
          candidates: [
            { source: 'faq', aid: 'f-1', question: 'How do I get a refund?', score: 0.82 },
            { source: 'article', aid: 'a-9', question: 'Refund policy', score: 0.31 },
          ],
        }),
      }),
    );
    const user = setupUser();
    await renderPage();
    await user.click(button(toolbar(), 'Test'));
    const box = await screen.findByRole('region', { name: 'Test the robot' });
    await user.click(button(box, 'Test'));
    expect(await within(box).findByText('Type a question to test')).toBeInTheDocument();
    await fill(user, within(box).getByLabelText('Visitor’s text'), 'I want my money back');
    await pickOption(user, box, 'Skill group', 'Sales');
    await pickOption(user, box, 'Robot', 'Xiaoke');
    await user.click(button(box, 'Test'));
    await waitFor(() =>
      expect(posts('/api/faq/test')).toEqual([
        { text: 'I want my money back', robotUid: 'r-1', wid: 'w-sales' },
      ]),
    );
    expect(await within(box).findByText('Answers with “How do I get a refund?” (82%)')).toBeInTheDocument();
    expect(within(box).getByTestId('robot-test-normalized')).toHaveTextContent('refund money');
    expect(within(box).getByText('Refund policy')).toBeInTheDocument();
    expect(within(box).getByText('31%')).toBeInTheDocument();
    expect(within(box).getByText('Article')).toBeInTheDocument();
  });

  it('adds a category and deletes one, saying its FAQs stay', async () => {
    const user = setupUser();
    await renderPage();
    await user.click(document.querySelector('[aria-label="New category"]') as HTMLElement);
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the category name')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Name'), 'Payments');
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(posts('/api/faq/category/create')).toEqual([{ name: 'Payments', order: 2 }]));

    const panel = screen.getByRole('navigation', { name: 'Categories' });
    await user.click(within(panel).getByText('Shipping'));
    await user.click(within(panel).getByLabelText('Actions for category Shipping'));
    await user.click(await screen.findByText('Delete', { selector: '.ant-dropdown-menu-title-content' }));
    const [title] = await screen.findAllByText('Delete the category “Shipping”?');
    const modal = title?.closest('.ant-modal-container, .ant-modal-content') as HTMLElement;
    expect(within(modal).getByText('Its FAQs stay, without this category.')).toBeInTheDocument();
    await user.click(button(modal, 'Delete'));
    await waitFor(() => expect(posts('/api/faq/category/delete')).toEqual([{ cid: 'c-shipping' }]));
    // The list no longer filters by the deleted category.
    await waitFor(() => expect(queriesTo(seen, '/api/faq/query').at(-1)).toBe('page=0&size=20'));
  });

  it('hides what the role may not do', async () => {
    setProfile(adminWithPermissions({ 'robot.faq': ['query', 'get'] }));
    await renderPage();
    expect(within(toolbar()).queryByText('New FAQ')).toBeNull();
    expect(within(toolbar()).queryByText('Import')).toBeNull();
    expect(within(toolbar()).queryByText('Export')).toBeNull();
    expect(button(toolbar(), 'Test')).toBeInTheDocument();
    expect(within(toolbar()).queryByText('Robots and their settings')).toBeNull();
    const row = rowOf('How do I get a refund?');
    expect(within(row).queryByText('Delete')).toBeNull();
    expect(within(row).queryByText('Edit')).toBeNull();
    expect(within(row).getByRole('switch')).toBeDisabled();
    expect(document.querySelector('[aria-label="New category"]')).toBeNull();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    await renderPage();
    expect(screen.getByText('常见问题')).toBeInTheDocument();
    expect(screen.getByText('全部分类')).toBeInTheDocument();
    expect(button(toolbar(), '新建问题')).toBeInTheDocument();
    expect(within(rowOf('How do I get a refund?')).getByText('全部技能组')).toBeInTheDocument();
    expect(within(rowOf('How do I get a refund?')).getByText('2 个相似问题')).toBeInTheDocument();
  });
});
