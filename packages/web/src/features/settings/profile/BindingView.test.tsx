import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getProfile, setProfile } from '../../../shared/auth/profileStore';
import { jsonResponse, renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, sampleProfile, stubApi } from '../testing';
import { BindingView } from './BindingView';

afterEach(() => {
  vi.unstubAllGlobals();
  setProfile(null);
});

const cardOf = (container: HTMLElement, channel: 'email' | 'mobile') =>
  container.querySelector<HTMLElement>(`[data-channel="${channel}"]`)!;

describe('BindingView', { timeout: 30_000 }, () => {
  it('shows the current email and mobile', () => {
    setProfile(sampleProfile({ email: 'ada@example.com', mobile: null }));
    renderWithProviders(<BindingView />);
    expect(screen.getByTestId('email-current')).toHaveTextContent('ada@example.com');
    expect(screen.getByTestId('mobile-current')).toHaveTextContent('Not bound');
  });

  it('sends a code to the new mobile, counts down, binds it and refreshes the profile', async () => {
    setProfile(sampleProfile({ mobile: null }));
    const api = stubApi({
      'GET /sms/api/send/log': () => jsonResponse({ resendAfter: 60, expiresIn: 300 }),
      'POST /api/user/bind/mobile': ({ body }) =>
        jsonResponse({ email: 'ada@example.com', mobile: (body as { mobile: string }).mobile }),
      'GET /api/user/profile': () => jsonResponse(sampleProfile({ mobile: '13800000123' })),
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BindingView />);
    const card = cardOf(container, 'mobile');
    await user.type(within(card).getByLabelText('New mobile number'), '13800000123');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));

    expect(
      await screen.findByText('A code has been sent to 13800000123; it is valid for 5 minutes.'),
    ).toBeInTheDocument();
    const send = api.callsTo('GET', '/sms/api/send/log')[0];
    expect(send?.search.get('mobile')).toBe('13800000123');
    expect(send?.search.get('purpose')).toBe('register');
    expect(await within(card).findByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();

    await user.type(within(card).getByLabelText('Verification code'), '123456');
    await user.click(within(card).getByRole('button', { name: 'Bind mobile' }));
    expect(await screen.findByText('Mobile 13800000123 is now bound to your account')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/bind/mobile')[0]?.body).toEqual({
      mobile: '13800000123',
      code: '123456',
    });
    await waitFor(() => expect(getProfile()?.mobile).toBe('13800000123'));
    expect(screen.getByTestId('mobile-current')).toHaveTextContent('13800000123');
  });

  it('sends an email code with purpose register and shows a wrong code under the code input', async () => {
    setProfile(sampleProfile({ email: 'ada@example.com' }));
    const api = stubApi({
      'POST /email/code': () => jsonResponse({ resendAfter: 60, expiresIn: 300 }),
      'POST /api/user/bind/email': () =>
        errorResponse(400, 'The verification code is wrong or has expired', [
          { field: 'code', message: 'wrong or expired code' },
        ]),
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BindingView />);
    const card = cardOf(container, 'email');
    await user.type(within(card).getByLabelText('New email address'), 'new@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/email/code')[0]?.body).toEqual({
        email: 'new@example.com',
        purpose: 'register',
      }),
    );
    await user.type(within(card).getByLabelText('Verification code'), '000000');
    await user.click(within(card).getByRole('button', { name: 'Change email' }));
    expect(
      await within(card).findByText('The verification code is wrong or has expired'),
    ).toBeInTheDocument();
    expect(getProfile()?.email).toBe('ada@example.com');
  });

  it('shows an address taken by another account under the address, from the send call', async () => {
    setProfile(sampleProfile());
    stubApi({
      'POST /email/code': () =>
        errorResponse(409, 'The email address "bob@example.com" is already used by another account', [
          { field: 'email', message: 'already registered' },
        ]),
    });
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BindingView />);
    const card = cardOf(container, 'email');
    await user.type(within(card).getByLabelText('New email address'), 'bob@example.com');
    await user.click(within(card).getByRole('button', { name: 'Send code' }));
    expect(
      await within(card).findByText('The email address "bob@example.com" is already used by another account'),
    ).toBeInTheDocument();
    // Nothing was sent, so the button is offered again at once.
    expect(within(card).getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('checks the address before sending a code', async () => {
    setProfile(sampleProfile({ email: 'ada@example.com' }));
    const api = stubApi({});
    const user = userEvent.setup();
    const { container } = renderWithProviders(<BindingView />);
    const email = cardOf(container, 'email');
    await user.click(within(email).getByRole('button', { name: 'Send code' }));
    expect(await within(email).findByText('Please enter an email address')).toBeInTheDocument();
    await user.type(within(email).getByLabelText('New email address'), 'ADA@example.com');
    await user.click(within(email).getByRole('button', { name: 'Send code' }));
    expect(await within(email).findByText('This is already bound to your account')).toBeInTheDocument();
    const mobile = cardOf(container, 'mobile');
    await user.type(within(mobile).getByLabelText('New mobile number'), 'call-me');
    await user.click(within(mobile).getByRole('button', { name: 'Send code' }));
    expect(
      await within(mobile).findByText('Please enter a valid mobile number (digits, optional leading +)'),
    ).toBeInTheDocument();
    // Only the scan sign-in card's own query; no code was sent.
    expect(api.calls.filter((call) => call.path !== '/api/user/bind/wechat')).toHaveLength(0);
  });
});
