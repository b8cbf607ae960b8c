import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DashboardWorkplace, Profile } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { makeMenu, sampleMenu } from '../../../shared/routing/menuFixture';
import { createSession, setSession } from '../../../shared/routing/session';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
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

const workplace: DashboardWorkplace = {
  today: '2026-03-02',
  tz: 'UTC',
  me: {
    today: {
      conversationsAccepted: 3,
      conversationsClosed: 2,
      firstResponseAvg: 95,
      satisfactionAvg: 4.5,
      ratings: 2,
    },
    yesterday: {
      conversationsAccepted: 2,
      conversationsClosed: 4,
      firstResponseAvg: 60,
      satisfactionAvg: null,
      ratings: 0,
    },
    openConversations: 1,
    openTickets: 4,
  },
  team: { online: 2, busy: 1, away: 0, offline: 5, total: 8, waiting: 3 },
};

let seen: Recorded[] = [];
let answer: () => unknown = () => workplace;

beforeEach(() => {
  answer = () => workplace;
  seen = stubFetch({ 'GET /api/dashboard/workplace': () => answer() });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  setSession(null);
  await changeLanguage('en-US');
});

/** The card whose title is `title`. */
const cardOf = (title: string) => screen.getByText(title).closest('.ant-card') as HTMLElement;

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
    const links = within(cardOf('Quick links'))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
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

  it("shows the user's own figures against yesterday, open work and the team now", async () => {
    setProfile(profile);
    setSession(createSession(sampleMenu(), null, true));
    renderWithProviders(<WorkplacePage />);
    const mine = cardOf('My day');
    expect(await within(mine).findByText('My conversations today')).toBeInTheDocument();
    const figure = (title: string) => within(mine).getByText(title).closest('.ant-card') as HTMLElement;
    expect(figure('My conversations today')).toHaveTextContent('3');
    expect(figure('My conversations today')).toHaveTextContent('Yesterday: 2');
    // More conversations is good news, a slower first response is bad news.
    expect(within(figure('My conversations today')).getByText(/\+50%/)).toHaveClass('ant-typography-success');
    expect(figure('My first response (average)')).toHaveTextContent('1m 35s');
    expect(within(figure('My first response (average)')).getByText(/\+58\.3%/)).toHaveClass(
      'ant-typography-danger',
    );
    expect(figure('My rating today')).toHaveTextContent('4.5');
    expect(figure('My rating today')).toHaveTextContent('Yesterday: —');
    expect(figure('Open conversations now')).toHaveTextContent('1');
    expect(figure('My open tickets')).toHaveTextContent('4');

    const team = cardOf('Team now');
    expect(within(team).getByText('Online').closest('.ant-statistic')).toHaveTextContent('2');
    expect(within(team).getByText('Offline').closest('.ant-statistic')).toHaveTextContent('5');
    expect(team).toHaveTextContent('8 agents in the team; 3 visitors waiting in a queue.');

    // The request counts "today" in the browser's zone.
    expect(seen[0]?.params.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('offers shortcuts only to the pages this user can open', async () => {
    setProfile({ ...profile, authorities: ['home', 'chat'] });
    setSession(
      createSession(
        makeMenu([
          {
            key: 'dashboard',
            defaultItem: 'workplace',
            items: [
              { key: 'workplace' },
              { key: 'analysis' },
              { key: 'monitor', show: false },
              { key: 'guide', debugOnly: true },
            ],
          },
          { key: 'ticket', defaultItem: 'my', items: [{ key: 'my' }] },
        ]),
        null,
        true,
      ),
    );
    renderWithProviders(<WorkplacePage />);
    const shortcuts = screen.getByRole('navigation', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Open the workbench', '/agent'],
      ['My tickets', '/stable/ticket/my'],
      ['Analysis', '/stable/dashboard/analysis'],
      ['Wallboard', '/stable/dashboard/monitor'],
    ]);
    expect(await screen.findByRole('link', { name: 'See my tickets' })).toHaveAttribute(
      'href',
      '/stable/ticket/my',
    );
  });

  it('leaves out tickets without the ticket section, and says so when the figures fail, in Chinese', async () => {
    await changeLanguage('zh-CN');
    answer = () => ({ ...workplace, me: { ...workplace.me, openTickets: null } });
    setProfile(profile);
    setSession(createSession(sampleMenu(), null, true));
    const { unmount } = renderWithProviders(<WorkplacePage />);
    expect(await screen.findByText('今日我接待的会话')).toBeInTheDocument();
    expect(screen.queryByText('我的未结工单')).toBeNull();
    expect(screen.getByText('团队共 8 名客服；3 位访客正在排队。')).toBeInTheDocument();
    unmount();

    answer = () => errorResponse(500, '服务器开小差了');
    renderWithProviders(<WorkplacePage />);
    expect((await screen.findAllByText('个人数据加载失败')).length).toBe(2);
    expect(screen.getAllByText('服务器开小差了').length).toBe(2);
  });
});
