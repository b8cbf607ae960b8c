import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Tag } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { page } from '../shared/testFixtures';
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
import { adminWithPermissions, queriesTo, stubFetch, type Recorded } from '../thread/testData';
import { TagPage } from './TagPage';

const tag = (overrides: Partial<Tag>): Tag => ({
  tgid: 'g-1',
  name: 'Refund',
  color: '#ff0000',
  type: 'thread',
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

let rows: Tag[] = [];
let seen: Recorded[] = [];
const requests = (method: string, path: string) =>
  seen.filter((request) => request.method === method && request.path === path);

beforeEach(() => {
  rows = [tag({}), tag({ tgid: 'g-2', name: 'VIP', color: '#00aa00', type: 'visitor' })];
  seen = stubFetch({
    'GET /api/tag/query': () => page(rows),
    'POST /api/tag/create': (request) => tag({ tgid: 'g-new', ...(request.body as Partial<Tag>) }),
    'POST /api/tag/update': () => tag({}),
    'DELETE /api/tag/delete': () => null,
  });
  setProfile(
    adminWithPermissions({ kefu: ['query'], 'kefu.tag': ['add', 'edit', 'delete', 'query', 'get'] }),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('TagPage', { timeout: 60_000 }, () => {
  it('lists tags with their use, and filters by use and name', async () => {
    const user = setupUser();
    renderWithProviders(<TagPage />);
    await screen.findByText('Refund');
    expect(within(rowOf('VIP')).getByText('Visitors')).toBeInTheDocument();
    expect(within(rowOf('Refund')).getByText('Conversations')).toBeInTheDocument();
    const form = searchForm();
    await pickOption(user, form, 'Used on', 'Visitors');
    await fill(user, within(form).getByLabelText('Name'), 'vi');
    await user.click(button(form, /^(query|search)$/i));
    await waitFor(() => {
      const last = new URLSearchParams(queriesTo(seen, '/api/tag/query').at(-1));
      expect([last.get('type'), last.get('keyword'), last.get('page')]).toEqual(['visitor', 'vi', '0']);
    });
  });

  it('says so when there are none', async () => {
    rows = [];
    renderWithProviders(<TagPage />);
    expect(
      await screen.findByText('No tags yet. Add one to label conversations or visitors.'),
    ).toBeInTheDocument();
  });

  it('validates and creates a tag', async () => {
    const user = setupUser();
    renderWithProviders(<TagPage />);
    await screen.findByText('Refund');
    await user.click(button(document.body, 'New tag'));
    const dialog = await findDialog();
    await user.click(button(dialog, 'Save'));
    expect(await within(dialog).findByText('Enter the tag name')).toBeInTheDocument();
    await fill(user, within(dialog).getByLabelText('Name'), 'Complaint');
    await user.click(within(dialog).getByLabelText('Visitors'));
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(requests('POST', '/api/tag/create').map((request) => request.body)).toEqual([
        { name: 'Complaint', color: '#1677ff', type: 'visitor' },
      ]),
    );
    expect(await screen.findByText('Tag created')).toBeInTheDocument();
  });

  it('edits a tag without changing its use', async () => {
    const user = setupUser();
    renderWithProviders(<TagPage />);
    await screen.findByText('Refund');
    await user.click(within(rowOf('Refund')).getByText('Edit'));
    const dialog = await findDialog();
    expect(within(dialog).getByLabelText('Conversations')).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Name'));
    await fill(user, within(dialog).getByLabelText('Name'), 'Refunds');
    await user.click(button(dialog, 'Save'));
    await waitFor(() =>
      expect(requests('POST', '/api/tag/update').map((request) => request.body)).toEqual([
        { tgid: 'g-1', name: 'Refunds', color: '#ff0000' },
      ]),
    );
  });

  it('deletes only after the confirmation, and hides what the role lacks', async () => {
    const user = setupUser();
    const view = renderWithProviders(<TagPage />);
    await screen.findByText('Refund');
    await user.click(within(rowOf('Refund')).getByText('Delete'));
    const confirm = await findPopconfirm('Delete the tag "Refund"?');
    await user.click(button(confirm, 'Delete'));
    await waitFor(() =>
      expect(requests('DELETE', '/api/tag/delete').map((request) => request.params.get('tgid'))).toEqual([
        'g-1',
      ]),
    );
    view.unmount();

    setProfile(adminWithPermissions({ kefu: ['query'], 'kefu.tag': ['query'] }));
    renderWithProviders(<TagPage />);
    await screen.findByText('VIP');
    expect(within(rowOf('VIP')).queryByText('Delete')).toBeNull();
    expect(within(rowOf('VIP')).queryByText('Edit')).toBeNull();
    expect(screen.queryByRole('button', { name: /New tag/ })).toBeNull();
  });
});
