import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Profile } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { makeMenu, sampleMenu } from '../../../app/routing/menuFixture';
import { createSession, setSession } from '../../../app/routing/session';
import { renderWithProviders } from '../../../app/testing/renderWithProviders';
import { WorkplacePage } from './WorkplacePage';

const profile: Profile = {
  uid: 'u1',
  username: 'ada',
  nickname: 'Ada',
  avatar: '',
  email: null,
  mobile: null,
  subDomain: 'acme',
  balance: 1234.5,
  validateUntilDate: '2030-01-31T00:00:00.000Z',
  roles: [
    {
      rid: 'r1',
      value: 'ROLE_ADMIN',
      name: 'Administrator',
      description: '',
      authorities: [],
      permissions: [],
    },
  ],
  authorities: ['home'],
  organization: { oid: 'o1', name: 'Acme Ltd', subDomain: 'acme' },
  isPlatformStaff: false,
  isAdminAccount: false,
};

afterEach(() => {
  setProfile(null);
  setSession(null);
});

describe('WorkplacePage', () => {
  it('greets the user and shows their card and a quick link to every other section', () => {
    setProfile(profile);
    setSession(createSession(sampleMenu(), null, true));
    renderWithProviders(<WorkplacePage />);
    expect(screen.getByText(/, Ada\. Have a nice day!$/)).toBeInTheDocument();
    expect(screen.getAllByText('Acme Ltd').length).toBeGreaterThan(0);
    expect(screen.getByText('Administrator')).toBeInTheDocument();
    expect(screen.getByText('1,234.50')).toBeInTheDocument();
    expect(screen.getByText('2030-01-31')).toBeInTheDocument();
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(links).toEqual(['/stable/kefu/account', '/stable/platform/menu']);
    expect(screen.getByText('Getting started')).toBeInTheDocument();
  });

  it('shows loading placeholders before the user info and an empty state without sections', () => {
    const { container, unmount } = renderWithProviders(<WorkplacePage />);
    expect(container.querySelectorAll('.ant-skeleton').length).toBeGreaterThan(0);
    unmount();
    setProfile(profile);
    setSession(
      createSession(
        makeMenu([{ key: 'dashboard', defaultItem: 'workplace', items: [{ key: 'workplace' }] }]),
        null,
        true,
      ),
    );
    renderWithProviders(<WorkplacePage />);
    expect(screen.getByText('No sections are available to your account yet.')).toBeInTheDocument();
  });
});
