import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type {
  CrmField,
  Customer,
  CustomerImportJob,
  CustomerImportResult,
  CustomerView,
} from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import {
  button,
  fill,
  findDialog,
  findPopconfirm,
  pickOption,
  rowOf,
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
import { CustomerListPage } from './CustomerListPage';

const T0 = Date.UTC(2026, 10, 20, 9, 0);
const ALL = ['query', 'get', 'add', 'edit', 'delete', 'import', 'export'] as const;

const customer = (overrides: Partial<Customer> = {}): Customer => ({
  cid: 'c-1',
  name: 'Lin Wei',
  email: 'lin@example.com',
  mobile: '13800138000',
  company: 'Acme',
  avatar: '',
  description: '',
  tags: ['vip'],
  owner: { uid: 'u-1', nickname: 'Alice' },
  channel: 'web',
  externalId: null,
  customFields: { plan: 'gold' },
  firstContactAt: T0,
  lastContactAt: T0,
  visitors: [{ vid: 'v-1', nickname: 'Visitor 1', avatar: '', client: 'web' }],
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

const planField: CrmField = {
  fid: 'f-1',
  key: 'plan',
  label: 'Plan',
  type: 'select',
  options: ['gold', 'silver'],
  required: false,
  sort: 0,
};

const view: CustomerView = { viewId: 'vw-1', name: 'VIPs', filters: { tag: 'vip' }, createdAt: T0 };

let seen: Recorded[] = [];

const start = (extra: Routes = {}) => {
  seen = stubFetch({
    'GET /api/customer/query': () =>
      page([customer(), customer({ cid: 'c-2', name: 'Mallory', email: '', tags: [], owner: null })]),
    'GET /api/customer/field/query': () => [planField],
    'GET /api/customer/view/query': () => [view],
    'GET /api/user/all': () => page([]),
    ...extra,
  });
};

const postsTo = (path: string) =>
  seen.filter((request) => request.method === 'POST' && request.path === path).map((request) => request.body);

beforeEach(() => {
  start();
  setProfile(adminWithPermissions({ 'crm.list': [...ALL] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('CustomerListPage', { timeout: 60_000 }, () => {
  it('lists customers, filters them and applies a saved view', async () => {
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    expect(await screen.findByText('Lin Wei')).toBeInTheDocument();
    expect(within(rowOf('Mallory')).getByText('Nobody')).toBeInTheDocument();
    await fill(user, screen.getByLabelText('Keyword'), 'lin');
    await user.click(button(document.body, 'Search'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/customer/query').at(-1)).toBe('keyword=lin&page=0&size=20'),
    );
    // A custom field filter needs its value.
    await user.click(screen.getByLabelText('Custom field'));
    await user.click(await screen.findByText('Plan', { selector: '.ant-select-item-option-content' }));
    await user.click(button(document.body, 'Search'));
    expect(await screen.findByText('Enter the value the field must equal')).toBeInTheDocument();
    await pickOption(user, document.body, 'equals', 'gold');
    await user.click(button(document.body, 'Search'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/customer/query').at(-1)).toBe(
        'keyword=lin&fieldKey=plan&fieldValue=gold&page=0&size=20',
      ),
    );
    await user.click(screen.getByLabelText('Saved view'));
    await user.click(await screen.findByText('VIPs', { selector: '.ant-select-item-option-content' }));
    await waitFor(() => expect(queriesTo(seen, '/api/customer/query').at(-1)).toBe('tag=vip&page=0&size=20'));
    expect(screen.getByLabelText('Tag')).toHaveValue('vip');
  });

  it('saves the current filters as a view', async () => {
    start({ 'POST /api/customer/view/create': () => ({ ...view, viewId: 'vw-2', name: 'Acme' }) });
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    await screen.findByText('Lin Wei');
    expect(button(document.body, 'Save as view')).toBeDisabled();
    await fill(user, screen.getByLabelText('Keyword'), 'acme');
    await user.click(button(document.body, 'Search'));
    await waitFor(() => expect(button(document.body, 'Save as view')).toBeEnabled());
    await user.click(button(document.body, 'Save as view'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Name the view')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('View name'), 'Acme');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(postsTo('/api/customer/view/create')).toEqual([{ name: 'Acme', filters: { keyword: 'acme' } }]),
    );
  });

  it('tags, deletes after confirming and merges the selected customers', async () => {
    start({
      'POST /api/customer/tag': () => ({ count: 2 }),
      'POST /api/customer/delete': () => ({ count: 2 }),
      'POST /api/customer/merge': () => customer(),
    });
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    await screen.findByText('Lin Wei');
    await user.click(within(rowOf('Lin Wei')).getByRole('checkbox'));
    await user.click(within(rowOf('Mallory')).getByRole('checkbox'));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();

    await user.click(button(document.body, 'Tag'));
    let dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter a tag to add or to remove')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Add tags'), 'gold{enter}');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(postsTo('/api/customer/tag')).toEqual([{ cids: ['c-1', 'c-2'], add: ['gold'], remove: [] }]),
    );

    await user.click(within(rowOf('Lin Wei')).getByRole('checkbox'));
    await user.click(within(rowOf('Mallory')).getByRole('checkbox'));
    await user.click(button(document.body, 'Merge'));
    dialog = await findDialog();
    expect(button(dialog, 'Merge')).toBeDisabled();
    await user.click(within(dialog).getByLabelText(/Mallory/));
    expect(within(dialog).getByText('Mallory merges into Lin Wei and is then deleted.')).toBeInTheDocument();
    await user.click(button(dialog, 'Merge'));
    await waitFor(() => expect(postsTo('/api/customer/merge')).toEqual([{ target: 'c-1', source: 'c-2' }]));

    await user.click(within(rowOf('Lin Wei')).getByRole('checkbox'));
    await user.click(button(document.body, /^Delete$/));
    dialog = await findDialog();
    expect(within(dialog).getAllByText('Delete 1 customer?').length).toBeGreaterThan(0);
    expect(postsTo('/api/customer/delete')).toEqual([]);
    await user.click(button(dialog, 'Delete'));
    await waitFor(() => expect(postsTo('/api/customer/delete')).toEqual([{ cids: ['c-1'] }]));
  });

  it('opens a customer from ?cid=, edits it, shows duplicates, the timeline and notes', async () => {
    start({
      'GET /api/customer/get': () => customer(),
      'GET /api/customer/duplicates': () => [customer({ cid: 'c-9', name: 'Lin W.' })],
      'GET /api/customer/timeline': () => [
        { kind: 'conversation', id: 't-1', title: 'Asked about prices', status: 'closed', at: T0 },
        { kind: 'note', id: 'n-1', title: 'Prefers email', status: '', at: T0 },
      ],
      'GET /api/customer/notes': () => [
        { nid: 'n-1', content: 'Prefers email', author: { uid: 'u-1', nickname: 'Alice' }, createdAt: T0 },
      ],
      'POST /api/customer/update': () =>
        errorResponse(400, 'Invalid', [{ field: 'customFields.plan', message: 'not an option' }]),
      'POST /api/customer/note/create': () => ({
        nid: 'n-2',
        content: 'Call back',
        author: null,
        createdAt: T0,
      }),
      'POST /api/customer/note/delete': () => null,
    });
    const user = setupUser();
    renderWithProviders(<CustomerListPage />, { path: '/?cid=c-1' });
    const drawer = await findDialog();
    expect(
      await within(drawer).findByText('A possible duplicate shares this email or mobile'),
    ).toBeInTheDocument();
    expect(within(drawer).getByText('gold')).toBeInTheDocument();
    await user.click(button(drawer, 'Edit'));
    await user.clear(within(drawer).getByLabelText('Name'));
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('Enter the name')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('Name'), 'Lin Wei');
    await user.click(button(drawer, 'Save'));
    expect(await within(drawer).findByText('not an option')).toBeInTheDocument();
    expect(postsTo('/api/customer/update')[0]).toMatchObject({
      cid: 'c-1',
      name: 'Lin Wei',
      customFields: { plan: 'gold' },
    });
    await user.click(button(drawer, 'Cancel'));

    await user.click(within(drawer).getByRole('tab', { name: 'Timeline' }));
    expect(await within(drawer).findByText('Asked about prices')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Notes' }));
    expect(
      await within(drawer).findByText('Prefers email', { selector: '.ok-crm-note__content' }),
    ).toBeInTheDocument();
    await user.click(button(drawer, 'Add note'));
    expect(await within(drawer).findByText('Write the note')).toBeInTheDocument();
    await fill(user, within(drawer).getByLabelText('New note'), 'Call back');
    await user.click(button(drawer, 'Add note'));
    await waitFor(() =>
      expect(postsTo('/api/customer/note/create')).toEqual([{ cid: 'c-1', content: 'Call back' }]),
    );
    await user.click(button(drawer, 'Delete'));
    const confirm = await findPopconfirm('Delete this note?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() => expect(postsTo('/api/customer/note/delete')).toEqual([{ nid: 'n-1' }]));
  });

  it('assigns the selected customers, deletes a saved view and edits and deletes a custom field', async () => {
    start({
      'GET /api/user/all': () => page([{ uid: 'u-2', nickname: 'Bob', username: 'bob' }]),
      'POST /api/customer/assign': () => ({ count: 1 }),
      'POST /api/customer/view/delete': () => null,
      'POST /api/customer/field/update': () => ({ ...planField, label: 'Plan tier' }),
      'POST /api/customer/field/delete': () => null,
    });
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    await screen.findByText('Lin Wei');
    await user.click(within(rowOf('Mallory')).getByRole('checkbox'));
    await user.click(button(document.body, 'Assign'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Pick an owner, or nobody')).toBeInTheDocument();
    await pickOption(user, dialog, 'New owner', 'Bob');
    await user.click(button(dialog, 'Save'));
    await waitFor(() => expect(postsTo('/api/customer/assign')).toEqual([{ cids: ['c-2'], owner: 'u-2' }]));

    await user.click(screen.getByLabelText('Saved view'));
    await user.click(await screen.findByText('VIPs', { selector: '.ant-select-item-option-content' }));
    await user.click(button(document.body, 'Delete view'));
    await user.click(button(await findPopconfirm('Delete this saved view?'), 'Delete'));
    await waitFor(() => expect(postsTo('/api/customer/view/delete')).toEqual([{ viewId: 'vw-1' }]));

    await user.click(button(document.body, 'Custom fields'));
    const drawer = await findDialog();
    await within(drawer).findByText('gold, silver');
    await user.click(button(drawer, 'Edit'));
    const modal = await findDialog();
    expect(within(modal).getByLabelText('Key')).toBeDisabled();
    await user.clear(within(modal).getByLabelText('Label'));
    await fill(user, within(modal).getByLabelText('Label'), 'Plan tier');
    await user.click(button(modal, 'Save'));
    await waitFor(() =>
      expect(postsTo('/api/customer/field/update')).toEqual([
        { fid: 'f-1', label: 'Plan tier', options: ['gold', 'silver'], required: false, sort: 0 },
      ]),
    );
    await user.click(button(drawer, 'Delete'));
    await user.click(button(await findPopconfirm('Delete the field “Plan”? Stored values stay.'), 'Delete'));
    await waitFor(() => expect(postsTo('/api/customer/field/delete')).toEqual([{ fid: 'f-1' }]));
  });

  it('previews an import with the column mapping (custom fields too), shows progress, then imports', async () => {
    const report = (preview: boolean): CustomerImportResult => ({
      total: 4,
      created: 1,
      updated: 1,
      preview,
      rows: [
        { row: 2, name: 'Ann', action: 'create' },
        { row: 3, name: 'Bob', action: 'update' },
      ],
      errors: [
        { row: 4, field: 'email', message: 'must be an email address' },
        { row: 5, field: 'customFields.plan', message: 'must be one of: gold, silver' },
      ],
    });
    const forms: FormData[] = [];
    const polls: Record<string, number> = {};
    const job = (jobId: string, preview: boolean, step: number): CustomerImportJob => ({
      jobId,
      state: step < 2 ? 'running' : 'done',
      phase: step === 0 ? 'reading' : preview ? 'checking' : 'writing',
      processed: step === 0 ? 0 : step === 1 ? 100 : 250,
      total: step === 0 ? 0 : 250,
      preview,
      result: step < 2 ? null : report(preview),
      error: null,
      startedAt: T0,
      updatedAt: T0,
    });
    start({
      'POST /api/customer/import/start': () => {
        const preview = forms.at(-1)?.get('preview') === 'true';
        return job(preview ? 'j-preview' : 'j-run', preview, 0);
      },
      'GET /api/customer/import/status': (request) => {
        const jobId = request.params.get('jobId') ?? '';
        polls[jobId] = (polls[jobId] ?? 0) + 1;
        return job(jobId, jobId === 'j-preview', Math.min(polls[jobId], 2));
      },
    });
    const stubbed = globalThis.fetch;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.body instanceof FormData) forms.push(init.body);
        return stubbed(input, init);
      }),
    );
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    await screen.findByText('Lin Wei');
    await user.click(button(document.body, 'Import'));
    const dialog = await findDialog();
    expect(button(dialog, 'Preview')).toBeDisabled();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['x'], 'people.xlsx'));
    await user.clear(within(dialog).getByLabelText('Email'));
    await fill(user, within(dialog).getByLabelText('Email'), 'E-mail');
    await user.clear(within(dialog).getByLabelText('Tags'));
    // The custom field is offered under its label, which is also the default header.
    expect(within(dialog).getByLabelText('Plan')).toHaveValue('Plan');
    await user.clear(within(dialog).getByLabelText('Plan'));
    await fill(user, within(dialog).getByLabelText('Plan'), 'Tier');
    await user.click(button(dialog, 'Preview'));
    expect(await within(dialog).findByText('Checked 100 of 250 rows')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(
      await within(dialog).findByText(
        'Preview of 4 rows: 1 would be created, 1 updated, 2 problems. Nothing is written yet.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText('Checked 100 of 250 rows')).toBeNull();
    expect(within(dialog).getByText('must be an email address')).toBeInTheDocument();
    // A custom field's error names the field by its label.
    expect(within(rowOf('must be one of: gold, silver')).getByText('Plan')).toBeInTheDocument();
    expect(within(dialog).getByText('Update')).toBeInTheDocument();
    expect(forms[0]?.get('preview')).toBe('true');
    expect(JSON.parse(String(forms[0]?.get('mapping')))).toEqual({
      name: 'Name',
      email: 'E-mail',
      mobile: 'Mobile',
      company: 'Company',
      description: 'Description',
      customFields: { plan: 'Tier' },
    });
    expect(forms[0]?.get('file')).toBeInstanceOf(File);
    await user.click(button(dialog, /^Import$/));
    expect(await within(dialog).findByText('Imported 100 of 250 rows')).toBeInTheDocument();
    expect(
      await within(dialog).findByText(
        'Imported 4 rows: 1 created, 1 updated, 2 rows refused.',
        {},
        { timeout: 3000 },
      ),
    ).toBeInTheDocument();
    expect(forms[1]?.get('preview')).toBe('false');
    expect(polls).toEqual({ 'j-preview': 2, 'j-run': 2 });
  });

  it('shows why a background import failed', async () => {
    start({
      'POST /api/customer/import/start': () => ({
        jobId: 'j-1',
        state: 'running',
        phase: 'reading',
        processed: 0,
        total: 0,
        preview: true,
        result: null,
        error: null,
        startedAt: T0,
        updatedAt: T0,
      }),
      'GET /api/customer/import/status': () => ({
        jobId: 'j-1',
        state: 'failed',
        phase: 'checking',
        processed: 100,
        total: 250,
        preview: true,
        result: null,
        error: 'The import stopped because of a server error',
        startedAt: T0,
        updatedAt: T0,
      }),
    });
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    await screen.findByText('Lin Wei');
    await user.click(button(document.body, 'Import'));
    const dialog = await findDialog();
    await user.upload(
      dialog.querySelector('input[type="file"]') as HTMLInputElement,
      new File(['x'], 'a.csv'),
    );
    await user.click(button(dialog, 'Preview'));
    expect(await screen.findByText('The import stopped because of a server error')).toBeInTheDocument();
    expect(button(dialog, 'Preview')).toBeEnabled();
    expect(button(dialog, /^Import$/)).toBeDisabled();
  });

  it('defines a select custom field with its options, and exports', async () => {
    start({
      'POST /api/customer/field/create': () => ({ ...planField, fid: 'f-2', key: 'tier', label: 'Tier' }),
      'GET /api/customer/export': () =>
        new Response('xlsx', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="customers.xlsx"' },
        }),
    });
    URL.createObjectURL = vi.fn(() => 'blob:customers');
    URL.revokeObjectURL = vi.fn();
    const user = setupUser();
    renderWithProviders(<CustomerListPage />);
    await screen.findByText('Lin Wei');
    await user.click(button(document.body, 'Custom fields'));
    const drawer = await findDialog();
    expect(await within(drawer).findByText('gold, silver')).toBeInTheDocument();
    await user.click(button(drawer, 'New field'));
    const modal = await findDialog();
    await fill(user, within(modal).getByLabelText('Key'), 'Tier');
    await fill(user, within(modal).getByLabelText('Label'), 'Tier');
    await pickOption(user, modal, 'Type', 'Select');
    await user.click(button(modal, 'Save'));
    expect(
      await within(modal).findByText('Lower-case letters, digits and _, starting with a letter (at most 32)'),
    ).toBeInTheDocument();
    expect(await within(modal).findByText('A select field needs at least one option')).toBeInTheDocument();
    await user.clear(within(modal).getByLabelText('Key'));
    await fill(user, within(modal).getByLabelText('Key'), 'tier');
    await user.type(within(modal).getByLabelText('Options'), 'A{enter}B{enter}');
    await user.click(button(modal, 'Save'));
    await waitFor(() =>
      expect(postsTo('/api/customer/field/create')).toEqual([
        { key: 'tier', label: 'Tier', type: 'select', options: ['A', 'B'], required: false, sort: 0 },
      ]),
    );
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await user.click(button(document.body, 'Export'));
    await waitFor(() => expect(queriesTo(seen, '/api/customer/export')).toEqual(['']));
  });

  it('hides what the role may not do, reports a failed load and speaks Chinese', async () => {
    start({
      'GET /api/customer/query': () => errorResponse(500, 'Database unavailable', undefined, 'INTERNAL'),
    });
    setProfile(adminWithPermissions({ 'crm.list': ['query', 'get'] }));
    await changeLanguage('zh-CN');
    renderWithProviders(<CustomerListPage />);
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('客户')).toBeInTheDocument();
    expect(screen.queryByText('导入')).toBeNull();
    expect(screen.queryByText('导出')).toBeNull();
    expect(screen.queryByText('自定义字段', { selector: 'button *' })).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
  });
});
