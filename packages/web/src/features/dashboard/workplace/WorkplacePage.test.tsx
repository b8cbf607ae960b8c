import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { Profile } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { makeMenu, sampleMenu } from '../../../shared/routing/menuFixture';
import { createSession, setSession } from '../../../shared/routing/session';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
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

afterEach(async () => {
  setProfile(null);
  setSession(null);
  await changeLanguage('en-US');
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

  it("names and describes the roles in the reader's language, by role key", async () => {
    await changeLanguage('zh-CN');
    setProfile({
      ...profile,
      roles: [
        ...profile.roles,
        {
          ...profile.roles[0],
          rid: 'r2',
          value: 'ROLE_WORKGROUP_AGENT',
          name: 'Agent',
          description: 'Serves',
        },
      ],
    });
    setSession(createSession(sampleMenu(), null, true));
    renderWithProviders(<WorkplacePage />);
    expect(screen.getByText('管理员')).toHaveAttribute('title', '组织所有者：可使用控制台的全部功能。');
    expect(screen.getByText('客服', { selector: '.ant-tag' })).toHaveAttribute(
      'title',
      '接待访客：对话、会话、历史、访客、客户管理、个人设置、反馈和工单。',
    );
    expect(screen.queryByText('Administrator')).toBeNull();
    expect(screen.queryByText('Agent')).toBeNull();
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
