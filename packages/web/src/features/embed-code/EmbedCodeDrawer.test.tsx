import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '@openkefu/contract';
import { setProfile } from '../../shared/auth/profileStore';
import { jsonResponse, renderWithProviders } from '../../shared/testing/renderWithProviders';
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

  it('previews with preview=1, copies the link without it, and reloads the preview on each opening', async () => {
    const Opener = () => {
      const [isOpen, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen((open) => !open)}>
            toggle
          </button>
          <EmbedCodeDrawer isOpen={isOpen} onClose={() => setOpen(false)} />
        </>
      );
    };
    renderWithProviders(<Opener />);
    await waitFor(() =>
      expect(screen.getByTitle('Preview')).toHaveAttribute('src', expect.stringContaining('wid=')),
    );
    const first = screen.getByTitle('Preview');
    const src = new URL(first.getAttribute('src') ?? '');
    expect(src.pathname).toBe('/chat/');
    expect(src.searchParams.get('preview')).toBe('1');
    expect(src.searchParams.get('wid')).toBe('w-sales');
    const link = screen.getByLabelText('Direct chat link') as HTMLInputElement;
    expect(link.value).toContain('/chat/?org=acme&wid=w-sales');
    expect(link.value).not.toContain('preview');

    // Closed and opened again: a new frame, so the widget loads the current state.
    fireEvent.click(screen.getByText('toggle'));
    fireEvent.click(screen.getByText('toggle'));
    await waitFor(() => expect(screen.getByTitle('Preview')).not.toBe(first));
    expect(first.isConnected).toBe(false);
    expect(screen.getByTitle('Preview').getAttribute('src')).toBe(src.toString());
  });

  it('changes the style, copies the code, and offers the video style', async () => {
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
    expect((screen.getByTestId('embed-snippet') as HTMLTextAreaElement).value).toContain('data-style="5"');
    expect(screen.getByText(/offers a video call first/)).toBeInTheDocument();
  });
});
