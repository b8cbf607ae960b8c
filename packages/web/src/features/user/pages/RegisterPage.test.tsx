import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RegisterPage } from './RegisterPage';
import { RegisterEmailPage } from './RegisterEmailPage';
import { RegisterMobilePage } from './RegisterMobilePage';
import { RegisterResultPage } from './RegisterResultPage';
import { clearPublicConfigCache } from '../hooks/usePublicConfig';
import { envelope, jsonResponse, makeConfig, renderAt, stubServer } from '../testUtils';

describe('register pages', () => {
  beforeEach(() => clearPublicConfigCache());
  afterEach(() => vi.unstubAllGlobals());

  it('validates, registers with a username and goes to the result page', async () => {
    const calls = stubServer(makeConfig(), ({ url }) =>
      url.startsWith('/api/v1/register')
        ? jsonResponse(200, envelope({ uid: 'u1', username: 'alice', subDomain: 'alice' }))
        : jsonResponse(404, {}),
    );
    const user = userEvent.setup();
    renderAt('/antv/user/register', '/antv/user/register', <RegisterPage />);

    await user.type(screen.getByLabelText('Username'), 'al');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Confirm password'), '123457');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription(/3 to 32 characters/);
    expect(screen.getByLabelText('Your name')).toHaveAccessibleDescription('Please enter your name');
    expect(screen.getByLabelText('Organisation name')).toHaveAccessibleDescription(
      'Please enter your organisation name',
    );
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'The two passwords do not match',
    );
    expect(calls.some((c) => c.url.startsWith('/api/v1/register'))).toBe(false);

    await user.type(screen.getByLabelText('Username'), 'ice');
    await user.type(screen.getByLabelText('Your name'), 'Alice');
    await user.type(screen.getByLabelText('Organisation name'), 'Acme');
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByTestId('where')).toHaveTextContent('/antv/user/register-result?username=alice');
    const body = JSON.parse(
      String(calls.find((c) => c.url.startsWith('/api/v1/register'))?.init.body),
    ) as unknown;
    expect(body).toEqual({
      method: 'username',
      username: 'alice',
      nickname: 'Alice',
      organization: 'Acme',
      password: '123456',
    });
  });

  it('shows the server error and field messages from a 409/400', async () => {
    stubServer(makeConfig(), () =>
      jsonResponse(409, {
        message: 'This username is taken',
        status_code: 409,
        data: null,
        code: 'CONFLICT',
        fields: [{ field: 'username', message: 'Already in use' }],
      }),
    );
    const user = userEvent.setup();
    renderAt('/antv/user/register', '/antv/user/register', <RegisterPage />);
    await user.type(screen.getByLabelText('Username'), 'admin');
    await user.type(screen.getByLabelText('Your name'), 'A');
    await user.type(screen.getByLabelText('Organisation name'), 'B');
    await user.type(screen.getByLabelText('Password'), '123456');
    await user.type(screen.getByLabelText('Confirm password'), '123456');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This username is taken');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Already in use');
  });

  it('links the three methods when the server can deliver codes', async () => {
    stubServer(makeConfig({ loginMethods: ['password', 'email', 'mobile'] }));
    renderAt('/antv/user/register-email', '/antv/user/register-email', <RegisterEmailPage />);
    expect(await screen.findByRole('link', { name: 'Mobile' })).toHaveAttribute(
      'href',
      '/antv/user/register-mobile',
    );
    expect(screen.getByRole('link', { name: 'Username' })).toHaveAttribute('href', '/antv/user/register');
    expect(screen.getByRole('link', { name: 'Email' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Get code' })).toBeInTheDocument();
  });

  it('says when mobile registration is unavailable', async () => {
    stubServer(makeConfig({ loginMethods: ['password'] }));
    renderAt('/antv/user/register-mobile', '/antv/user/register-mobile', <RegisterMobilePage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Registration by mobile is not available');
    expect(screen.getByRole('link', { name: 'Register with a username instead' })).toHaveAttribute(
      'href',
      '/antv/user/register',
    );
  });

  it('result page names the account and links to sign in', () => {
    stubServer(makeConfig());
    renderAt(
      '/antv/user/register-result',
      '/antv/user/register-result?username=alice',
      <RegisterResultPage />,
    );
    expect(screen.getByText('Your account alice is ready. Sign in to start.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in now' })).toHaveAttribute(
      'href',
      '/antv/user/login?username=alice',
    );
  });
});
