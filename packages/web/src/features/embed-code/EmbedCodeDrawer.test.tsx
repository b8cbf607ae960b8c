import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { jsonResponse, renderWithProviders } from '../../app/testing/renderWithProviders';
import { EmbedCodeDrawer, EMBED_CODE_DRAWER_WIDTH } from './EmbedCodeDrawer';

const profile: Profile = {
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
  authorities: ['chat'],
  organization: { oid: 'o1', name: 'Acme', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
};

describe('EmbedCodeDrawer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setProfile(null);
  });

  beforeEach(() => {
    setProfile(profile);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/workgroup/all'
          ? jsonResponse([
              { wid: 'w-sales', nickname: 'Sales' },
              { wid: 'w-help', nickname: 'Helpdesk' },
            ])
          : jsonResponse(null, 404),
      ),
    );
  });

  it('is 660 px wide and shows the code for the first skill group in the H5 style', async () => {
    expect(EMBED_CODE_DRAWER_WIDTH).toBe(660);
    renderWithProviders(<EmbedCodeDrawer isOpen onClose={() => undefined} />);
    const snippet = await screen.findByTestId('embed-snippet');
    await waitFor(() => expect((snippet as HTMLTextAreaElement).value).toContain('data-wid="w-sales"'));
    expect((snippet as HTMLTextAreaElement).value).toContain('data-org="acme"');
    expect((snippet as HTMLTextAreaElement).value).toContain('data-style="4"');
    expect(screen.getByTitle('Preview')).toHaveAttribute(
      'src',
      expect.stringContaining('/chat/?org=acme&wid=w-sales'),
    );
  });

  it('changes the style, copies the code, and explains that video is not available yet', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderWithProviders(<EmbedCodeDrawer isOpen onClose={() => undefined} />);
    await screen.findByTestId('embed-snippet');
    await user.click(screen.getByText('PC embedded'));
    expect((screen.getByTestId('embed-snippet') as HTMLTextAreaElement).value).toContain('data-style="3"');
    await user.click(screen.getAllByRole('button', { name: /copy/i })[0] as HTMLElement);
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('data-style="3"'));
    await user.click(screen.getByText('Video'));
    expect(screen.queryByTestId('embed-snippet')).toBeNull();
    expect(
      screen.getByText('Video chat comes with video calls, which are not available yet.'),
    ).toBeInTheDocument();
  });
});
