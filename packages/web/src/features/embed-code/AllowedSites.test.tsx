import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthorityKey, Profile } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { jsonResponse, renderWithProviders } from '../../shared/testing/renderWithProviders';
import { AllowedSites } from './AllowedSites';

const profileWith = (authorities: AuthorityKey[]): Profile => ({
  uid: 'u1',
  username: 'owner',
  nickname: 'Owner',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'acme',
  balance: 0,
  validateUntilDate: null,
  roles: [],
  authorities,
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
});

describe('AllowedSites', () => {
  let stored: string[];
  let posted: unknown[];

  beforeEach(() => {
    stored = ['https://shop.example.com'];
    posted = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (new URL(String(input), 'http://localhost').pathname !== '/api/org/embed-sites')
          return jsonResponse(null, 404);
        if (init?.method === 'POST') {
          const body = JSON.parse(String(init.body)) as { sites: string[] };
          posted.push(body);
          stored = body.sites;
        }
        return jsonResponse({ sites: stored });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setProfile(null);
  });

  const input = () => screen.getByRole('combobox', { name: 'Sites allowed to embed the chat' });

  it('shows the stored sites, refuses a site with a path, and saves a valid list for an admin', async () => {
    setProfile(profileWith(['chat', 'admin']));
    const user = userEvent.setup();
    renderWithProviders(<AllowedSites isOpen />);
    expect(await screen.findByText('https://shop.example.com')).toBeInTheDocument();
    expect(
      await screen.findByText('Only these sites (and this console) may show the chat in a frame.'),
    ).toBeInTheDocument();

    await user.type(input(), 'https://blog.example.com/posts{Enter}');
    expect(
      await screen.findByText(
        '"https://blog.example.com/posts" is not a site address such as https://shop.example.com (no path)',
      ),
    ).toBeInTheDocument();
    const saveButton = screen.getByRole('button', { name: 'Save sites' });
    expect(saveButton).toBeDisabled();

    // Remove the bad one (its tag's close icon) and add a good one.
    const badTag = screen.getByText('https://blog.example.com/posts').closest('.ant-tag') as HTMLElement;
    await user.click(badTag.querySelector('.ant-tag-close-icon') as HTMLElement);
    await user.type(input(), 'https://Blog.Example.com/{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save sites' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Save sites' }));
    await waitFor(() =>
      expect(posted).toEqual([{ sites: ['https://shop.example.com', 'https://blog.example.com'] }]),
    );
    expect(await screen.findByText('Allowed sites saved')).toBeInTheDocument();
  });

  it('says any site may embed the chat when the list is empty, and is read-only for agents', async () => {
    stored = [];
    setProfile(profileWith(['chat']));
    renderWithProviders(<AllowedSites isOpen />);
    expect(
      await screen.findByText('Any site may embed the chat. List your sites to keep others from framing it.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Only administrators can change the allowed sites.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save sites' })).toBeNull();
    expect(input()).toBeDisabled();
  });
});
