import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgetPasswordPage } from './ForgetPasswordPage';
import { ForgetBindPage } from './ForgetBindPage';
import { ForgetResultPage } from './ForgetResultPage';
import { clearPublicConfigCache } from '../hooks/usePublicConfig';
import { envelope, jsonResponse, makeConfig, renderAt, stubServer } from '../testUtils';

describe('forget-password pages', () => {
  beforeEach(() => clearPublicConfigCache());
  afterEach(() => vi.unstubAllGlobals());

  it('resets with an email code and goes to the result page', async () => {
    const calls = stubServer(makeConfig({ loginMethods: ['password', 'email', 'mobile'] }), ({ url }) => {
      if (url.startsWith('/email/code'))
        return jsonResponse(200, envelope({ resendAfter: 60, expiresIn: 300 }));
      if (url.startsWith('/api/v1/password/forget')) return jsonResponse(200, envelope(null));
      return jsonResponse(404, {});
    });
    const user = userEvent.setup();
    renderAt('/antv/user/forget-password', '/antv/user/forget-password', <ForgetPasswordPage />);
    expect(await screen.findByRole('tab', { name: 'Mobile' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: /Resend in/ })).toBeDisabled();
    expect(JSON.parse(String(calls.find((c) => c.url.startsWith('/email/code'))?.init.body))).toEqual({
      email: 'a@b.co',
      purpose: 'reset',
    });

    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'newpass1');
    await user.type(screen.getByLabelText('Confirm password'), 'newpass2');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The two passwords do not match',
    );

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'newpass1');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByTestId('where')).toHaveTextContent('/antv/user/forget-result');
    const body = JSON.parse(
      String(calls.find((c) => c.url.startsWith('/api/v1/password/forget'))?.init.body),
    ) as unknown;
    expect(body).toEqual({ email: 'a@b.co', code: '123456', password: 'newpass1' });
  });

  it('explains when no code delivery is configured', async () => {
    stubServer(makeConfig({ loginMethods: ['password'] }));
    renderAt('/antv/user/forget-password', '/antv/user/forget-password', <ForgetPasswordPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('not available on this server');
    expect(screen.getByRole('link', { name: 'No email or mobile bound to your account?' })).toHaveAttribute(
      'href',
      '/antv/user/forget-bind',
    );
  });

  it('forget-bind links to support and back to sign in', async () => {
    stubServer(makeConfig());
    renderAt('/antv/user/forget-bind', '/antv/user/forget-bind', <ForgetBindPage />);
    const card = screen.getByRole('region', { name: 'A bound email or mobile is needed' });
    expect(await within(card).findByRole('link', { name: 'Contact support' })).toHaveAttribute(
      'href',
      'https://support.example',
    );
    expect(within(card).getByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/antv/user/login',
    );
    // The footer carries the configured links too.
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'Help' })).toHaveAttribute(
      'href',
      'https://help.example',
    );
  });

  it('forget-result links to sign in', () => {
    stubServer(makeConfig());
    renderAt('/antv/user/forget-result', '/antv/user/forget-result', <ForgetResultPage />);
    expect(screen.getByRole('heading', { name: 'Password reset' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/antv/user/login');
  });
});
