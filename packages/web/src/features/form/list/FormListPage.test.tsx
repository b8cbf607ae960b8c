import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FormItem, Survey, SurveySaveBody } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { button, findDialog, setupUser, type User } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  page,
  stubFetch,
  type Recorded,
  type Routes,
} from '../../../shared/testing/stubFetch';
import { FormListPage } from './FormListPage';

const T0 = Date.UTC(2026, 10, 20, 9, 0);

const survey = (overrides: Partial<Survey> = {}): Survey => ({
  fid: 'f1',
  title: 'Customer survey',
  description: '',
  items: [],
  settings: { onePerVisitor: false, thankYou: '' },
  status: 'draft',
  version: 0,
  answerCount: 0,
  url: 'http://localhost/form/f1',
  createdAt: T0,
  updatedAt: T0,
  publishedAt: null,
  uses: [],
  ...overrides,
});

let seen: Recorded[] = [];
let stored: Survey = survey();

const start = (extra: Routes = {}) => {
  seen = stubFetch({
    'GET /api/form/survey/query': () =>
      page([
        survey({ status: 'published', version: 2, answerCount: 7 }),
        survey({ fid: 'f2', title: 'Event' }),
      ]),
    'GET /api/form/survey/get': () => stored,
    'POST /api/form/survey/save': (request) => {
      const body = request.body as SurveySaveBody;
      stored = survey({
        fid: 'f9',
        title: body.title,
        items: body.items as FormItem[],
        status: stored.version > 0 ? 'changed' : 'draft',
        version: stored.version,
      });
      return stored;
    },
    'POST /api/form/survey/publish': () => {
      stored = { ...stored, status: 'published', version: stored.version + 1 };
      return stored;
    },
    ...extra,
  });
};

const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

const addItem = async (user: User, drawer: HTMLElement, type: string) => {
  await user.click(button(drawer, 'Add item'));
  const entry = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-dropdown-menu-item')].find(
      (element) => element.textContent === type && !element.closest('.ant-dropdown-hidden'),
    );
    if (!found) throw new Error(`no menu entry ${type}`);
    return found;
  });
  await user.click(entry);
};

beforeEach(() => {
  stored = survey();
  start();
  setProfile(
    adminWithPermissions({
      'form.list': ['query', 'get', 'add', 'edit', 'delete'],
      'form.result': ['query', 'get', 'export'],
      'form.statistic': ['query'],
    }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('FormListPage', { timeout: 60_000 }, () => {
  it('lists forms with their status, version and answers', async () => {
    renderWithProviders(<FormListPage />);
    expect(await screen.findByText('Customer survey')).toBeInTheDocument();
    expect(screen.getByText('Published')).toBeInTheDocument();
    expect(screen.getByText('v2')).toBeInTheDocument();
    expect(screen.getByText('7')).toBeInTheDocument();
    expect(screen.getAllByText('Copy link')).toHaveLength(1);
  });

  it('builds a form: adds items, edits options, shows an item conditionally and publishes a version', async () => {
    const user = setupUser();
    renderWithProviders(<FormListPage />, { path: '/?edit=new' });
    const drawer = await findDialog();
    expect(
      within(drawer).getByText('No questions yet. Add one below.', { selector: '.ant-empty *' }),
    ).toBeInTheDocument();

    await addItem(user, drawer, 'Single choice');
    const first = await within(drawer).findByTestId('item-q1');
    await user.clear(within(first).getByLabelText('Option 2'));
    await user.type(within(first).getByLabelText('Option 2'), 'No');
    await user.click(within(first).getByLabelText('Move option 2 up'));
    expect((within(first).getByLabelText('Option 1') as HTMLInputElement).value).toBe('No');

    await addItem(user, drawer, 'Short text');
    const second = await within(drawer).findByTestId('item-q2');
    await user.click(within(second).getByLabelText('Required'));
    await user.click(within(second).getByLabelText('Show only when an earlier answer is…'));

    // Preview: the text item waits for "No" (the first option now) in the choice above.
    const preview = within(drawer).getByTestId('preview-desktop');
    expect(preview.querySelector('[data-key="q2"]')).toBeNull();
    await user.click(within(preview).getByLabelText('No'));
    await waitFor(() => expect(preview.querySelector('[data-key="q2"]')).not.toBeNull());
    await user.click(button(preview, 'Check answers'));
    expect(await within(preview).findByText('is required')).toBeInTheDocument();

    await user.click(within(drawer).getByText('Mobile'));
    expect(within(drawer).getByTestId('preview-mobile')).toBeInTheDocument();

    await user.click(button(drawer, 'Publish'));
    await waitFor(() => expect(postsTo('/api/form/survey/publish')).toEqual([{ fid: 'f9' }]));
    const saved = postsTo('/api/form/survey/save')[0] as SurveySaveBody;
    expect(saved.items).toEqual([
      { key: 'q1', label: 'Single choice', type: 'radio', required: false, options: ['No', 'Option 1'] },
      {
        key: 'q2',
        label: 'Short text',
        type: 'text',
        required: true,
        options: [],
        showIf: { key: 'q1', values: ['No'] },
      },
    ]);
    expect(await screen.findByText('Published as version 1')).toBeInTheDocument();
  });

  it('marks a problem where it is and shows the server’s field errors', async () => {
    start({
      'POST /api/form/survey/save': () =>
        errorResponse(400, 'Invalid request', [{ field: 'items.0.label', message: 'too rude' }]),
    });
    const user = setupUser();
    renderWithProviders(<FormListPage />, { path: '/?edit=new' });
    const drawer = await findDialog();
    await addItem(user, drawer, 'Multiple choice');
    const item = await within(drawer).findByTestId('item-q1');
    await user.click(within(item).getByLabelText('Remove option 1'));
    await user.click(within(item).getByLabelText('Remove option 1'));
    await user.click(button(drawer, 'Save draft'));
    expect(await within(item).findByText('give at least one option')).toBeInTheDocument();
    expect(postsTo('/api/form/survey/save')).toHaveLength(0);
    await user.click(within(item).getByText('Add option'));
    await user.click(button(drawer, 'Save draft'));
    expect(await within(item).findByText('too rude')).toBeInTheDocument();
  });

  it('speaks Chinese', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<FormListPage />);
    expect(await screen.findByText('已发布')).toBeInTheDocument();
    expect(screen.getByText('新建表单')).toBeInTheDocument();
  });
});
