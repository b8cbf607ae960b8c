import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { attachment } from '../../../shared/components/Upload/testing';
import { button, findPopconfirm, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  page,
  queriesTo,
  stubFetch,
  type Recorded,
} from '../../../shared/testing/stubFetch';
import { AttachmentDetailPage } from '../attachment/AttachmentDetailPage';
import { AttachmentLibraryPage } from './AttachmentLibraryPage';

const photo = attachment();
const manual = attachment({
  aid: 'a2',
  kind: 'attachment',
  fileName: '20261122093000-manual.pdf',
  path: '/uploads/a2.pdf',
  thumbPath: null,
  suffix: 'pdf',
  mediaType: 'application/pdf',
  size: 3 * 1024 * 1024,
});

let seen: Recorded[] = [];

beforeEach(() => {
  seen = stubFetch({
    'GET /api/attachment/query': () => page([photo, manual], 14, 12),
    'DELETE /api/attachment/delete': () =>
      new Response(
        JSON.stringify({
          message: 'The attachment is used by 2 articles: Refunds, Shipping',
          status_code: 409,
          data: null,
          code: 'CONFLICT',
          articles: [
            { aid: 'x1', title: 'Refunds' },
            { aid: 'x2', title: '<script>alert(1)</script>' },
          ],
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      ),
    'GET /api/attachment/get': () => ({
      ...manual,
      articles: [{ aid: 'x1', title: 'Refunds', type: 'support' }],
    }),
  });
  setProfile(adminWithPermissions({ 'kb.upload': ['query', 'add', 'delete'] }));
});

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

describe('AttachmentLibraryPage', { timeout: 60_000 }, () => {
  it('pages by 12, filters by name and type, and names the articles that still use a file', async () => {
    const user = setupUser();
    renderWithProviders(<AttachmentLibraryPage />);
    expect(await screen.findByText('20261122093000-manual.pdf')).toBeInTheDocument();
    expect(screen.getByText('14 attachments')).toBeInTheDocument();
    expect(screen.getByText('3 MB')).toBeInTheDocument();
    expect(queriesTo(seen, '/api/attachment/query')).toEqual(['page=0&size=12']);
    expect(screen.getByRole('button', { name: /Upload/ })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search by file name' }), 'manual{Enter}');
    await user.click(screen.getByText('Images'));
    await waitFor(() =>
      expect(queriesTo(seen, '/api/attachment/query').at(-1)).toBe(
        'page=0&size=12&mediaType=image&keyword=manual',
      ),
    );

    await user.click(screen.getByRole('button', { name: 'Delete 20261122093000-manual.pdf' }));
    const confirm = await findPopconfirm('Delete "20261122093000-manual.pdf"?');
    await user.click(button(confirm, 'Delete'));
    const [title] = await screen.findAllByText('"20261122093000-manual.pdf" is still in use');
    const modal = title?.closest('.ant-modal-container, .ant-modal-content') as HTMLElement;
    expect(
      within(modal).getByText('The attachment is used by 2 articles: Refunds, Shipping'),
    ).toBeInTheDocument();
    const list = within(modal).getByRole('list', { name: 'Used by these articles' });
    expect(within(list).getByText('Refunds')).toBeInTheDocument();
    expect(within(list).getByText('<script>alert(1)</script>')).toBeInTheDocument();
  });

  it('hides upload and delete without the permissions', async () => {
    setProfile(adminWithPermissions({ 'kb.upload': ['query'] }));
    renderWithProviders(<AttachmentLibraryPage />);
    await screen.findByText('20261122093000-manual.pdf');
    expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    expect(
      screen.getByRole('button', { name: 'Copy the link of 20261122093000-manual.pdf' }),
    ).toBeInTheDocument();
  });
});

describe('AttachmentDetailPage', () => {
  it('reads ?aid= and shows the file, its absolute address and the articles using it', async () => {
    renderWithProviders(<AttachmentDetailPage />, { path: '/stable/kb/attachment?aid=a2' });
    expect(await screen.findByRole('heading', { name: '20261122093000-manual.pdf' })).toBeInTheDocument();
    expect(queriesTo(seen, '/api/attachment/get')).toEqual(['aid=a2']);
    expect(screen.getByText('http://localhost:3000/uploads/a2.pdf')).toBeInTheDocument();
    expect(screen.getByText('application/pdf (.pdf) · Attachment')).toBeInTheDocument();
    expect(screen.getByText('Refunds')).toBeInTheDocument();
  });

  it('says so when no attachment is chosen', async () => {
    renderWithProviders(<AttachmentDetailPage />, { path: '/stable/kb/attachment' });
    expect(await screen.findByText('No attachment chosen.')).toBeInTheDocument();
  });
});
