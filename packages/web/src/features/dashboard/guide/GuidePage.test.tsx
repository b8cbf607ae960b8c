import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { guideStepKeys, type DashboardGuide, type GuideStepKey } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { makeMenu } from '../../../shared/routing/menuFixture';
import { createSession, setSession } from '../../../shared/routing/session';
import { setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, errorResponse, stubFetch } from '../../../shared/testing/stubFetch';
import { GuidePage } from './GuidePage';

const guideWith = (done: GuideStepKey[]): DashboardGuide => ({
  steps: guideStepKeys.map((key) => ({ key, isDone: done.includes(key) })),
});

let answer: () => unknown = () => guideWith([]);

beforeEach(() => {
  answer = () => guideWith(['skillGroup', 'agent', 'firstConversation']);
  stubFetch({ 'GET /api/dashboard/guide': () => answer() });
  setProfile(adminWithPermissions({}, { authorities: ['home', 'chat'] }));
  // Skill groups, agents, records and the preview are this user's; robot FAQs and articles are not.
  setSession(
    createSession(
      makeMenu([
        {
          key: 'dashboard',
          defaultItem: 'workplace',
          items: [{ key: 'workplace' }, { key: 'guide', debugOnly: true }, { key: 'preview', show: false }],
        },
        {
          key: 'kefu',
          defaultItem: 'account',
          items: [{ key: 'account' }, { key: 'group' }, { key: 'thread' }, { key: 'cuw' }],
        },
      ]),
      null,
      false,
    ),
  );
});

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  setSession(null);
  await changeLanguage('en-US');
});

const stepOf = (key: GuideStepKey) => document.querySelector(`[data-step="${key}"]`) as HTMLElement;

describe('GuidePage', { timeout: 60_000 }, () => {
  it('ticks the steps done, marks the next one and links each to where it is done', async () => {
    renderWithProviders(<GuidePage />);
    expect(await screen.findByText('3 of 8 done')).toBeInTheDocument();
    expect(within(stepOf('skillGroup')).getByText('Done')).toBeInTheDocument();
    expect(stepOf('skillGroup')).toHaveClass('is-done');
    expect(within(stepOf('agentOnline')).getByText('Next')).toBeInTheDocument();
    expect(within(stepOf('embedLoaded')).getByText('To do')).toBeInTheDocument();

    const linkOf = (key: GuideStepKey) => within(stepOf(key)).queryByRole('link');
    expect(linkOf('skillGroup')).toHaveAttribute('href', '/stable/kefu/group');
    expect(linkOf('skillGroup')).toHaveTextContent('Open');
    expect(linkOf('agentOnline')).toHaveAttribute('href', '/agent');
    expect(linkOf('agentOnline')).toHaveAccessibleName('Do it · Go online in the workbench');
    expect(linkOf('embedLoaded')).toHaveAttribute('href', '/stable/dashboard/preview');
    expect(linkOf('firstConversation')).toHaveAttribute('href', '/stable/kefu/thread');
    expect(linkOf('quickReply')).toHaveAttribute('href', '/stable/kefu/cuw');
    // Pages outside this user's menu get no link rather than a 403.
    expect(linkOf('robotFaq')).toBeNull();
    expect(linkOf('kbArticle')).toBeNull();
    expect(screen.queryByText('All set: your customer service is ready.')).toBeNull();
  });

  it('asks again on refresh and celebrates when everything is done, in Chinese', async () => {
    await changeLanguage('zh-CN');
    const user = setupUser();
    renderWithProviders(<GuidePage />);
    expect(await screen.findByText('已完成 3 / 8')).toBeInTheDocument();
    expect(within(stepOf('robotFaq')).getByText('教机器人一个答案')).toBeInTheDocument();
    answer = () => guideWith([...guideStepKeys]);
    await user.click(screen.getByRole('button', { name: /刷\s?新/ }));
    expect(await screen.findByText('全部完成：您的客服系统已准备就绪。')).toBeInTheDocument();
    expect(screen.getByText('已完成 8 / 8')).toBeInTheDocument();
    expect(screen.queryByText('下一步')).toBeNull();
  });

  it('shows the error with a retry', async () => {
    let isDown = true;
    answer = () => (isDown ? errorResponse(500, 'Server hiccup') : guideWith(['skillGroup']));
    const user = setupUser();
    renderWithProviders(<GuidePage />);
    expect(await screen.findByText('Could not load the checklist')).toBeInTheDocument();
    expect(screen.getByText('Server hiccup')).toBeInTheDocument();
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('1 of 8 done')).toBeInTheDocument());
  });
});
