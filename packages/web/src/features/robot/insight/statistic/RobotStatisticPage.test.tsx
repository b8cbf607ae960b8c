import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { RobotStatistic } from '@openkefu/contract';
import { setProfile } from '../../../../shared/auth/profileStore';
import { changeLanguage } from '../../../../shared/i18n';
import { pickOption, setupUser } from '../../../../shared/testing/dom';
import { renderWithProviders } from '../../../../shared/testing/renderWithProviders';
import {
  adminWithPermissions,
  errorResponse,
  stubFetch,
  type Recorded,
} from '../../../../shared/testing/stubFetch';
import { sampleWorkgroups } from '../../shared/testing';
import { RobotStatisticPage } from './RobotStatisticPage';

const HOSTILE = '<img src=x onerror=alert(1)>';

const counts = { conversations: 0, questions: 0, answered: 0, handOvers: 0, helpful: 0, useless: 0 };

const data: RobotStatistic = {
  totals: {
    conversations: 40,
    questions: 1234,
    answered: 1000,
    handOvers: 10,
    helpful: 30,
    useless: 10,
    answeredRate: 0.8104,
    handOverRate: 0.25,
    helpfulRate: 0.75,
  },
  byDay: [
    {
      day: '2026-11-24',
      conversations: 20,
      questions: 600,
      answered: 500,
      handOvers: 4,
      helpful: 10,
      useless: 4,
    },
    {
      day: '2026-11-25',
      conversations: 20,
      questions: 634,
      answered: 500,
      handOvers: 6,
      helpful: 20,
      useless: 6,
    },
  ],
  byGroup: [
    {
      wid: 'w-sales',
      nickname: 'Sales',
      conversations: 40,
      questions: 1234,
      answered: 1000,
      handOvers: 10,
      helpful: 30,
      useless: 10,
    },
  ],
  topQuestions: [{ source: 'faq', aid: 'f-1', title: HOSTILE, count: 77 }],
  topMisses: [{ question: 'teleport me', count: 9 }],
};

const empty: RobotStatistic = {
  totals: { ...counts, answeredRate: null, handOverRate: null, helpfulRate: null },
  byDay: [{ day: '2026-11-25', ...counts }],
  byGroup: [],
  topQuestions: [],
  topMisses: [],
};

let seen: Recorded[] = [];
const statisticQueries = () =>
  seen
    .filter((request) => request.path === '/api/robot/statistic')
    .map((request) => new URLSearchParams(request.params));

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('RobotStatisticPage', { timeout: 60_000 }, () => {
  it('shows the KPIs, two charts with their tables, the group table and the top lists; filters by group', async () => {
    const user = setupUser();
    seen = stubFetch({
      'GET /api/robot/statistic': () => data,
      'GET /api/workgroup/all': () => sampleWorkgroups(),
    });
    setProfile(adminWithPermissions({ 'robot.statistic': ['query'], 'robot.training': ['query'] }));
    renderWithProviders(<RobotStatisticPage />);
    expect(await screen.findByText('81%')).toBeInTheDocument();
    expect(screen.getByText('25%')).toBeInTheDocument();
    expect(screen.getByText('75%')).toBeInTheDocument();
    expect(screen.getAllByText('1,234').length).toBeGreaterThan(0);
    const query = statisticQueries()[0] as URLSearchParams;
    expect(query.get('wid')).toBeNull();
    expect(Number(query.get('to')) - Number(query.get('from'))).toBeGreaterThan(29 * 86_400_000);

    const questions = screen.getByRole('img', { name: 'Questions, answers and hand-overs by day' });
    expect(questions.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Helpful and not helpful ratings by day' })).toBeInTheDocument();
    expect(
      screen.getByText('1234 questions, 1000 answered and 10 handed over, over 2 days.'),
    ).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader', { name: '2026-11-25' }).length).toBe(2);

    expect(screen.getByText('Sales')).toBeInTheDocument();
    expect(screen.getByText(HOSTILE)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('77')).toBeInTheDocument();
    expect(screen.getByText('teleport me')).toBeInTheDocument();
    expect(screen.getByText('Teach the robot').closest('a')).toHaveAttribute(
      'href',
      '/stable/robot/training',
    );

    await pickOption(user, document.body, 'Skill group', 'Support');
    await waitFor(() => expect(statisticQueries().at(-1)?.get('wid')).toBe('w-support'));
  });

  it('says what went wrong and retries', async () => {
    const user = setupUser();
    let fail = true;
    stubFetch({
      'GET /api/robot/statistic': () =>
        fail ? errorResponse(400, 'The range is longer than 366 days') : data,
    });
    renderWithProviders(<RobotStatisticPage />);
    expect(await screen.findByText('Could not load the statistics')).toBeInTheDocument();
    expect(screen.getByText('The range is longer than 366 days')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('81%')).toBeInTheDocument();
  });

  it('shows empty states without data, in Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({ 'GET /api/robot/statistic': () => empty });
    renderWithProviders(<RobotStatisticPage />);
    expect(await screen.findByText('机器人没有未回答的问题。')).toBeInTheDocument();
    expect(screen.getByText('该时间段没有机器人会话。')).toBeInTheDocument();
    expect(screen.getByText('回答率')).toBeInTheDocument();
    expect(screen.getAllByText('—')).toHaveLength(3);
    expect(screen.queryByRole('img', { name: '每日提问、回答与转人工' })).toBeNull();
    // Without the training permission there is no link to the queue.
    expect(screen.queryByText('训练机器人')).toBeNull();
  });
});
