import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { findDialog, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { makeThread } from '../testing/fixtures';
import { CreateTicketButton } from './CreateTicketButton';

let seen: Recorded[] = [];
let answer: () => unknown = () => ({ tkid: 'tk-1', ticketNumber: 'T-000012' });

beforeEach(() => {
  answer = () => ({ tkid: 'tk-1', ticketNumber: 'T-000012' });
  seen = stubFetch({ 'POST /api/ticket/create/thread': () => answer() });
  setProfile(adminWithPermissions({ 'ticket.list': ['add'] }));
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('CreateTicketButton', () => {
  it('creates a ticket from the conversation and links to it', async () => {
    const user = setupUser();
    renderWithProviders(<CreateTicketButton thread={makeThread()} />);
    await user.click(screen.getByTestId('thread-create-ticket'));
    const dialog = await findDialog();
    const title = within(dialog).getByLabelText('Title');
    expect(title).toHaveValue(`Conversation with ${makeThread().visitor.nickname}`);
    await user.clear(title);
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Give the ticket a title.')).toBeInTheDocument();
    await user.type(title, 'Parcel never arrived');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() =>
      expect(
        seen.filter((request) => request.path === '/api/ticket/create/thread').map((r) => r.body),
      ).toEqual([{ tid: makeThread().tid, title: 'Parcel never arrived', priority: 'medium' }]),
    );
    expect(await screen.findByTestId('thread-ticket-link')).toHaveTextContent('Ticket T-000012');
    expect(screen.getByTestId('thread-ticket-link').getAttribute('href')).toContain(
      '/stable/ticket/list?tkid=tk-1',
    );
  });

  it('links to the ticket a conversation already has, after a reload, instead of offering another', async () => {
    renderWithProviders(
      <CreateTicketButton thread={makeThread({ ticket: { tkid: 'tk-7', ticketNumber: 'T-000007' } })} />,
    );
    const link = await screen.findByTestId('thread-ticket-link');
    expect(link).toHaveTextContent('Ticket T-000007');
    expect(link.getAttribute('href')).toContain('/stable/ticket/list?tkid=tk-7');
    expect(screen.queryByTestId('thread-create-ticket')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('says what went wrong, and is hidden from roles that may not add tickets', async () => {
    const user = setupUser();
    answer = () =>
      new Response(JSON.stringify({ message: 'Conversation not found', status_code: 404, data: null }), {
        status: 404,
      });
    const { unmount } = renderWithProviders(<CreateTicketButton thread={makeThread()} />);
    await user.click(screen.getByTestId('thread-create-ticket'));
    const dialog = await findDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Conversation not found')).toBeInTheDocument();
    unmount();
    setProfile(adminWithPermissions({ 'ticket.list': ['query'] }));
    await changeLanguage('zh-CN');
    renderWithProviders(<CreateTicketButton thread={makeThread()} />);
    expect(screen.queryByTestId('thread-create-ticket')).toBeNull();
  });
});
