import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Category, Cuw } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { FakeXhr } from '../../../shared/components/Upload/testing';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, page } from '../shared/testFixtures';
import { button, fill, findDialog, findPopconfirm, rowOf, setupUser } from '../shared/testUtils';
import { adminWithPermissions, queriesTo, stubFetch, type Recorded } from '../thread/testData';
import { CuwPage } from './CuwPage';

const reply = (overrides: Partial<Cuw>): Cuw => ({
  cid: 'c-1',
  scope: 'mine',
  name: 'Greeting',
  content: 'Hello, how can I help?',
  shortCut: 'hi',
  count: 3,
  category: { cid: 'k-1', name: 'Openers' },
  editable: true,
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

const category: Category = {
  cid: 'k-1',
  name: 'Openers',
  type: 'cuw_mine',
  parent: null,
  order: 0,
  editable: true,
  createdAt: 1,
  updatedAt: 1,
};

const mine = reply({});
const company = reply({
  cid: 'c-2',
  scope: 'company',
  name: 'Hours',
  content: '9 to 6',
  shortCut: '',
  category: null,
});

let seen: Recorded[] = [];
let rows: Record<string, Cuw[]> = {};

const requests = (method: string, path: string) =>
  seen.filter((request) => request.method === method && request.path === path);

beforeEach(() => {
  rows = { mine: [mine], company: [company], platform: [] };
  FakeXhr.instances = [];
  seen = stubFetch({
    'GET /api/cuw/query': (request) => page(rows[request.params.get('scope') ?? 'mine'] ?? []),
    'GET /api/category/all': () => [category],
    'POST /api/cuw/create': (request) => reply({ cid: 'c-new', ...(request.body as Partial<Cuw>) }),
    'POST /api/cuw/update': () => mine,
    'DELETE /api/cuw/delete': () => null,
  });
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  // An agent: add/edit/query on kefu.cuw, no delete, import or export.
  setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.cuw': ['add', 'edit', 'query', 'get'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('CuwPage', { timeout: 60_000 }, () => {
  it("lists the agent's own replies with shortcut, category and use count", async () => {
    renderWithProviders(<CuwPage />);
    await screen.findByText('Hello, how can I help?');
    expect(queriesTo(seen, '/api/cuw/query')).toEqual(['page=0&size=20&scope=mine']);
    const row = rowOf('Greeting');
    expect(within(row).getByText('/hi')).toBeInTheDocument();
    expect(within(row).getByText('Openers')).toBeInTheDocument();
    expect(within(row).getByText('3')).toBeInTheDocument();
    expect(within(row).getByText('Delete')).toBeInTheDocument();
    // Their own replies import and export freely.
    expect(screen.getByText('Import')).toBeInTheDocument();
    expect(screen.getByText('Export')).toBeInTheDocument();
  });

  it('shows the company tab without the actions the role lacks, and an empty platform tab', async () => {
    const user = setupUser();
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    await user.click(screen.getByRole('tab', { name: 'Company' }));
    await screen.findByText('9 to 6');
    expect(queriesTo(seen, '/api/cuw/query')).toContain('page=0&size=20&scope=company');
    const row = rowOf('9 to 6');
    expect(within(row).getByText('Edit')).toBeInTheDocument();
    expect(within(row).queryByText('Delete')).toBeNull();
    expect(screen.queryByText('Import')).toBeNull();
    expect(screen.queryByText('Export')).toBeNull();
    expect(screen.getByRole('button', { name: /New quick reply/ })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Platform' }));
    expect(await screen.findByText('No quick replies here yet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New quick reply/ })).toBeNull();
  });

  it('validates the form and creates a reply in the current scope', async () => {
    const user = setupUser();
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    await user.click(button(document.body, 'New quick reply'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter a title')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter the reply text')).toBeInTheDocument();

    await fill(user, within(dialog).getByLabelText('Title'), 'Refunds');
    await fill(user, within(dialog).getByLabelText('Shortcut'), 'two words');
    await fill(user, within(dialog).getByLabelText('Content'), 'Refunds take 3 days.');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('No spaces or "/"')).toBeInTheDocument();
    expect(requests('POST', '/api/cuw/create')).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Shortcut'));
    await fill(user, within(dialog).getByLabelText('Shortcut'), 'refund');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(requests('POST', '/api/cuw/create').map((request) => request.body)).toEqual([
        { scope: 'mine', name: 'Refunds', content: 'Refunds take 3 days.', shortCut: 'refund', category: '' },
      ]),
    );
    expect(await screen.findByText('Quick reply created')).toBeInTheDocument();
  });

  it("puts the server's field error under the input", async () => {
    seen = stubFetch({
      'GET /api/cuw/query': () => page([mine]),
      'GET /api/category/all': () => [category],
      'POST /api/cuw/create': () =>
        errorResponse(409, 'The shortcut "hi" is already used in this list', [
          { field: 'shortCut', message: 'already used in this list' },
        ]),
    });
    const user = setupUser();
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    await user.click(button(document.body, 'New quick reply'));
    const dialog = await findDialog();
    await fill(user, within(dialog).getByLabelText('Title'), 'Hi again');
    await fill(user, within(dialog).getByLabelText('Shortcut'), 'hi');
    await fill(user, within(dialog).getByLabelText('Content'), 'Hi!');
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText(/already used/)).toBeInTheDocument();
  });

  it('deletes only after the confirmation', async () => {
    const user = setupUser();
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    await user.click(within(rowOf('Greeting')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete the quick reply "Greeting"?');
    expect(requests('DELETE', '/api/cuw/delete')).toEqual([]);
    await user.click(button(confirm, 'Delete'));
    await waitFor(() =>
      expect(requests('DELETE', '/api/cuw/delete').map((request) => request.params.get('cid'))).toEqual([
        'c-1',
      ]),
    );
    expect(await screen.findByText('Quick reply deleted')).toBeInTheDocument();
  });

  it('imports a sheet into the scope with a progress bar and shows the per-row report', async () => {
    const user = setupUser();
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    await user.click(button(document.body, 'Import'));
    const dialog = await findDialog();
    expect(within(dialog).getByText('Import quick replies (Mine)')).toBeInTheDocument();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['xlsx'], 'replies.xlsx', { type: 'application/octet-stream' }));

    const xhr = FakeXhr.latest();
    expect(new URL(xhr.url, 'http://localhost').pathname).toBe('/api/cuw/import');
    expect(xhr.body?.get('scope')).toBe('mine');
    expect((xhr.body?.get('file') as File).name).toBe('replies.xlsx');
    xhr.progress(50, 100);
    expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    xhr.respond(200, {
      message: 'success',
      status_code: 200,
      data: {
        total: 3,
        imported: 1,
        errors: [
          { row: 3, field: 'name', message: 'is required' },
          { row: 4, field: 'shortCut', message: 'The shortcut "hi" is already used in this list' },
        ],
      },
    });

    expect(await within(dialog).findByText('Imported 1 of 3 rows.')).toBeInTheDocument();
    expect(
      within(dialog).getByText(
        '2 rows have errors and were not imported; fix them and import those rows again.',
      ),
    ).toBeInTheDocument();
    const table = within(dialog).getByRole('table');
    expect(within(table).getByText('Title')).toBeInTheDocument();
    expect(within(table).getByText('is required')).toBeInTheDocument();
    expect(within(table).getByText('Shortcut')).toBeInTheDocument();
    // The list reloads with what was written.
    await waitFor(() => expect(queriesTo(seen, '/api/cuw/query').length).toBeGreaterThan(1));
  });

  it('shows why an import was refused', async () => {
    const user = setupUser();
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    await user.click(button(document.body, 'Import'));
    const dialog = await findDialog();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF'], 'old.xlsx'));
    FakeXhr.latest().respond(400, {
      message: 'Old .xls files cannot be imported; save the sheet as .xlsx (Excel 2007 or later) or .csv',
      status_code: 400,
      data: null,
      code: 'BAD_REQUEST',
    });
    expect(await within(dialog).findByText('Import failed')).toBeInTheDocument();
    expect(within(dialog).getByText(/save the sheet as \.xlsx/)).toBeInTheDocument();
  });

  it('speaks Chinese when the language is zh-CN', async () => {
    await changeLanguage('zh-CN');
    renderWithProviders(<CuwPage />);
    await screen.findByText('Greeting');
    expect(screen.getByRole('tab', { name: '个人' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新建常用语/ })).toBeInTheDocument();
  });
});
