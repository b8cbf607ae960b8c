import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getProfile, setProfile } from '../../../shared/auth/profileStore';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, sampleProfile, sampleUser, stubApi } from '../testing';
import { BaseView, toProfileUpdateBody } from './BaseView';

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

describe('BaseView', { timeout: 30_000 }, () => {
  it('fills the form from the account', async () => {
    setProfile(sampleProfile());
    stubApi({ 'GET /api/user/me': () => jsonResponse(sampleUser()) });
    renderWithProviders(<BaseView />);
    expect(await screen.findByLabelText('Nickname')).toHaveValue('Ada');
    expect(screen.getByLabelText(/^Real name/)).toHaveValue('Ada Lovelace');
    expect(screen.getByLabelText(/^About me/)).toHaveValue('Night shift');
    expect(screen.getByLabelText(/^Welcome message/)).toHaveValue('Hello, how can I help?');
    expect(screen.getByLabelText(/^Offline message/)).toHaveValue('I am offline.');
    expect(screen.getByRole('radio', { name: 'None' })).toBeChecked();
    // The text box belongs to the custom preset only.
    expect(screen.queryByLabelText('Auto-reply text')).toBeNull();
  });

  it('saves the body and refreshes the profile so the header follows', async () => {
    setProfile(sampleProfile());
    const api = stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser()),
      'POST /api/user/update/profile': ({ body }) =>
        jsonResponse(sampleUser({ ...(body as object), autoReplyType: 'custom' })),
      'GET /api/user/profile': () => jsonResponse(sampleProfile({ nickname: 'Ada L.' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<BaseView />);
    const nickname = await screen.findByLabelText('Nickname');
    await user.clear(nickname);
    await user.type(nickname, '  Ada L. ');
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.type(await screen.findByLabelText('Auto-reply text'), 'Back at 14:00');
    await user.click(screen.getByRole('button', { name: 'Update basic information' }));

    expect(await screen.findByText('Your basic information has been updated')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/update/profile')[0]?.body).toEqual({
      nickname: 'Ada L.',
      realName: 'Ada Lovelace',
      avatar: '',
      description: 'Night shift',
      welcomeTip: 'Hello, how can I help?',
      offlineTip: 'I am offline.',
      autoReplyType: 'custom',
      autoReplyContent: 'Back at 14:00',
    });
    await waitFor(() => expect(getProfile()?.nickname).toBe('Ada L.'));
    expect(api.callsTo('GET', '/api/user/profile')).toHaveLength(1);
  });

  it('sends the avatar chosen in the avatar field', async () => {
    setProfile(sampleProfile({ avatar: 'https://cdn.example.com/ada.png' }));
    const api = stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser({ avatar: 'https://cdn.example.com/ada.png' })),
      'POST /api/user/update/profile': ({ body }) => jsonResponse(sampleUser(body as object)),
      'GET /api/user/profile': () => jsonResponse(sampleProfile({ avatar: '' })),
    });
    const user = userEvent.setup();
    renderWithProviders(<BaseView />);
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Update basic information' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/user/update/profile')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/user/update/profile')[0]?.body).toMatchObject({ avatar: '' });
    await waitFor(() => expect(getProfile()?.avatar).toBe(''));
  });

  it('validates before sending: nickname required, custom text required', async () => {
    setProfile(sampleProfile());
    const api = stubApi({ 'GET /api/user/me': () => jsonResponse(sampleUser()) });
    const user = userEvent.setup();
    renderWithProviders(<BaseView />);
    await user.clear(await screen.findByLabelText('Nickname'));
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    await user.click(screen.getByRole('button', { name: 'Update basic information' }));
    expect(await screen.findByText('Please enter a nickname')).toBeInTheDocument();
    expect(await screen.findByText('Please enter the auto-reply text')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/update/profile')).toHaveLength(0);
  });

  it('puts a server field error under its input', async () => {
    setProfile(sampleProfile());
    stubApi({
      'GET /api/user/me': () => jsonResponse(sampleUser()),
      'POST /api/user/update/profile': () =>
        errorResponse(400, 'The nickname is not allowed', [{ field: 'nickname', message: 'bad' }]),
    });
    const user = userEvent.setup();
    renderWithProviders(<BaseView />);
    await screen.findByLabelText('Nickname');
    await user.click(screen.getByRole('button', { name: 'Update basic information' }));
    expect(await screen.findByText('The nickname is not allowed')).toBeInTheDocument();
    expect(getProfile()?.nickname).toBe('Ada');
  });

  it('says what went wrong when the account cannot be loaded', async () => {
    stubApi({ 'GET /api/user/me': () => errorResponse(500, 'Database unavailable') });
    renderWithProviders(<BaseView />);
    expect(await screen.findByText('Could not load the data: Database unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('leaves the auto-reply text out unless the preset is custom', () => {
    const body = toProfileUpdateBody({
      nickname: 'A',
      realName: '',
      avatar: '',
      description: '',
      welcomeTip: '',
      offlineTip: '',
      autoReplyType: 'eat',
      autoReplyContent: 'stale',
    });
    expect(body.autoReplyType).toBe('eat');
    expect(body).not.toHaveProperty('autoReplyContent');
  });
});
