import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PlatformSynonym } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { ALL_ACTIONS, page, platformStaff, stubFetch } from '../shared/testFixtures';
import { PlatformSynonymPage } from './PlatformSynonymPage';

const parcel: PlatformSynonym = {
  psid: 'p1',
  standard: 'parcel',
  synonyms: ['package', '包裹'],
  createdAt: Date.UTC(2025, 0, 2),
  updatedAt: Date.UTC(2025, 0, 2),
};

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('PlatformSynonymPage', { timeout: 60_000 }, () => {
  it('lists entries with their synonyms and searches by keyword', async () => {
    setProfile(platformStaff({ 'platform.synonym': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/synonym/query': (url) =>
        page(
          url.searchParams.get('keyword') === 'zzz' ? [] : [parcel],
          url.searchParams.get('keyword') ? 0 : 1,
        ),
    });
    const user = userEvent.setup();
    renderWithProviders(<PlatformSynonymPage />);
    expect(await screen.findByText('parcel')).toBeInTheDocument();
    expect(screen.getByText('包裹')).toBeInTheDocument();
    expect(requests[0]?.search).toBe('?page=0&size=20&client=web');
    await user.type(screen.getByPlaceholderText('Standard word or synonym'), 'zzz');
    await user.click(screen.getByRole('button', { name: /query|search/i }));
    await waitFor(() =>
      expect(requests.some((request) => request.search.includes('keyword=zzz'))).toBe(true),
    );
    expect(await screen.findByText('No platform synonyms yet')).toBeInTheDocument();
  });

  it('validates the form and creates an entry', async () => {
    setProfile(platformStaff({ 'platform.synonym': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/synonym/query': () => page([parcel]),
      'POST /api/platform/synonym/create': (_url, body) => ({ ...parcel, psid: 'p2', ...(body as object) }),
    });
    const user = userEvent.setup();
    renderWithProviders(<PlatformSynonymPage />);
    await screen.findByText('parcel');
    await user.click(screen.getByRole('button', { name: /new synonym/i }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('Please enter the standard word')).toBeInTheDocument();
    expect(await within(dialog).findByText('Please enter at least one synonym')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Standard word'), 'refund');
    await user.type(within(dialog).getByLabelText('Synonyms'), 'money back{enter}');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        standard: 'refund',
        synonyms: ['money back'],
      }),
    );
  });

  it('shows the server’s field error and deletes after confirming', async () => {
    setProfile(platformStaff({ 'platform.synonym': ALL_ACTIONS }));
    const { requests } = stubFetch({
      'GET /api/platform/synonym/query': () => page([parcel]),
      'POST /api/platform/synonym/update': () =>
        new Response(
          JSON.stringify({
            message: '"refund" is already a standard word of the platform library',
            status_code: 409,
            data: null,
            fields: [{ field: 'standard', message: 'already in the library' }],
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
      'POST /api/platform/synonym/delete': () => null,
    });
    const user = userEvent.setup();
    renderWithProviders(<PlatformSynonymPage />);
    await screen.findByText('parcel');
    await user.click(screen.getByText('Edit'));
    const dialog = await screen.findByRole('dialog');
    const standard = within(dialog).getByLabelText('Standard word');
    await user.clear(standard);
    await user.type(standard, 'refund');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText('already in the library')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByText('Delete'));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(requests.some((request) => request.path === '/api/platform/synonym/delete')).toBe(true),
    );
    expect(requests.find((request) => request.path === '/api/platform/synonym/delete')?.body).toEqual({
      psid: 'p1',
    });
  });

  it('hides the buttons a role may not use', async () => {
    setProfile(platformStaff({ 'platform.synonym': ['query'] }));
    stubFetch({ 'GET /api/platform/synonym/query': () => page([parcel]) });
    renderWithProviders(<PlatformSynonymPage />);
    await screen.findByText('parcel');
    expect(screen.queryByRole('button', { name: /new synonym/i })).toBeNull();
    expect(screen.queryByText('Edit')).toBeNull();
    expect(screen.queryByText('Delete')).toBeNull();
  });
});
