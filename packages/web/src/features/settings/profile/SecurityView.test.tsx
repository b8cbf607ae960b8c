import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setProfile } from '../../../shared/auth/profileStore';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, sampleProfile, stubApi } from '../testing';
import { maskAddress, passwordStrength, SecurityView } from './SecurityView';

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

const fillPasswords = async (
  user: ReturnType<typeof userEvent.setup>,
  values: { old: string; next: string; confirm: string },
) => {
  await user.type(screen.getByLabelText('Current password'), values.old);
  await user.type(screen.getByLabelText('New password'), values.next);
  await user.type(screen.getByLabelText('Confirm new password'), values.confirm);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('SecurityView', { timeout: 30_000 }, () => {
  it('lists the security items with their status and leads to binding', async () => {
    setProfile(sampleProfile({ email: 'ada@example.com', mobile: null }));
    const onNavigate = vi.fn();
    const user = userEvent.setup();
    const { container } = renderWithProviders(<SecurityView onNavigate={onNavigate} />);
    const email = container.querySelector<HTMLElement>('[data-item="email"]')!;
    expect(within(email).getByText('Bound: a***@example.com')).toBeInTheDocument();
    expect(within(email).getByText('Bound')).toBeInTheDocument();
    const mobile = container.querySelector<HTMLElement>('[data-item="mobile"]')!;
    expect(within(mobile).getByText('Not bound')).toBeInTheDocument();
    await user.click(within(mobile).getByText('Bind'));
    expect(onNavigate).toHaveBeenCalledWith('binding');
  });

  it('refuses a confirmation that does not match, without calling the server', async () => {
    setProfile(sampleProfile());
    const api = stubApi({});
    const user = userEvent.setup();
    renderWithProviders(<SecurityView onNavigate={() => undefined} />);
    await fillPasswords(user, { old: 'old-secret', next: 'New-secret-1', confirm: 'New-secret-2' });
    expect(await screen.findByText('The two passwords do not match')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the strength of the new password', async () => {
    setProfile(sampleProfile());
    const user = userEvent.setup();
    renderWithProviders(<SecurityView onNavigate={() => undefined} />);
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    expect(await screen.findByText(/Strength: weak/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'G7#xyz');
    expect(await screen.findByText(/Strength: strong/)).toBeInTheDocument();
  });

  it('puts the server’s wrong-old-password error under the current password', async () => {
    setProfile(sampleProfile());
    const api = stubApi({
      'POST /api/user/update/password': () =>
        errorResponse(400, 'The current password is wrong', [
          { field: 'oldPassword', message: 'wrong password' },
        ]),
    });
    const user = userEvent.setup();
    renderWithProviders(<SecurityView onNavigate={() => undefined} />);
    await fillPasswords(user, { old: 'not-it', next: 'New-secret-1', confirm: 'New-secret-1' });
    expect(await screen.findByText('The current password is wrong')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/update/password')[0]?.body).toEqual({
      oldPassword: 'not-it',
      password: 'New-secret-1',
    });
    const oldField = screen.getByLabelText('Current password').closest('.ant-form-item');
    expect(oldField).toHaveClass('ant-form-item-has-error');
  });

  it('changes the password and clears the form', async () => {
    setProfile(sampleProfile());
    stubApi({ 'POST /api/user/update/password': () => jsonResponse(null) });
    const user = userEvent.setup();
    renderWithProviders(<SecurityView onNavigate={() => undefined} />);
    await fillPasswords(user, { old: 'old-secret', next: 'New-secret-1', confirm: 'New-secret-1' });
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('rates and masks', () => {
    expect(passwordStrength('123456')).toBe('weak');
    expect(passwordStrength('abcd1234')).toBe('medium');
    expect(passwordStrength('Abcd1234!x')).toBe('strong');
    expect(maskAddress('13800000123')).toBe('138****0123');
    expect(maskAddress('ada@example.com')).toBe('a***@example.com');
  });
});
