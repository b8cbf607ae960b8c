import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { SurveyStatistic } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { fill, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, page, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { FormStatisticPage, percent } from './FormStatisticPage';

const T0 = Date.UTC(2026, 10, 20, 9, 0);

const data: SurveyStatistic = {
  fid: 'f1',
  views: 20,
  starts: 8,
  responses: 6,
  completionRate: 0.75,
  items: [
    {
      key: 'buyer',
      label: 'Did you buy?',
      type: 'radio',
      answered: 6,
      choices: [
        { option: 'yes', count: 4, share: 4 / 6 },
        { option: 'no', count: 2, share: 2 / 6 },
      ],
      average: null,
      nps: null,
      texts: [],
      dropOff: 2,
    },
    {
      key: 'nps',
      label: 'Recommend us?',
      type: 'nps',
      answered: 4,
      choices: Array.from({ length: 11 }, (_, score) => ({
        option: String(score),
        count: score === 10 ? 3 : score === 3 ? 1 : 0,
        share: score === 10 ? 0.75 : score === 3 ? 0.25 : 0,
      })),
      average: 8.25,
      nps: { score: 50, promoters: 0.75, passives: 0, detractors: 0.25 },
      texts: [],
      dropOff: 0,
    },
    {
      key: 'why',
      label: 'Why?',
      type: 'textarea',
      answered: 2,
      choices: [],
      average: null,
      nps: null,
      texts: [
        { rid: 'r1', value: 'Too expensive', createdAt: T0 },
        { rid: 'r2', value: 'Great support', createdAt: T0 },
      ],
      dropOff: 0,
    },
  ],
};

let seen: Recorded[] = [];

const start = (statistic: () => unknown = () => data) => {
  seen = stubFetch({
    'GET /api/form/survey/query': () => page([{ fid: 'f1', title: 'Customer survey' }]),
    'GET /api/form/survey/versions': () => [{ version: 1, title: 'Customer survey', publishedAt: T0 }],
    'GET /api/form/survey/statistic': statistic,
  });
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

describe('FormStatisticPage', { timeout: 60_000 }, () => {
  it('shows completion, drop-off and per-item charts, NPS and searchable text answers', async () => {
    start();
    const user = setupUser();
    renderWithProviders(<FormStatisticPage />, { path: '/?fid=f1' });
    const completion = (await screen.findByText('Completion rate')).closest('.ant-card') as HTMLElement;
    expect(within(completion).getByText('75%')).toBeInTheDocument();
    expect(screen.getByText('20')).toBeInTheDocument();
    const query = new URLSearchParams(
      seen.find((request) => request.path === '/api/form/survey/statistic')?.params,
    );
    expect(query.get('fid')).toBe('f1');
    expect(Number(query.get('to')) - Number(query.get('from'))).toBeGreaterThan(29 * 86_400_000);
    expect(screen.getByRole('img', { name: 'Drop-off by item' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Answers to Did you buy?' })).toBeInTheDocument();
    expect(screen.getByText('yes 4, no 2')).toBeInTheDocument();
    expect(screen.getByText('Average').closest('.ant-statistic')?.textContent).toContain('8.25');
    expect(screen.getByText('NPS').closest('.ant-statistic')?.textContent).toContain('50');
    expect(screen.getByText('Promoters').closest('.ant-statistic')?.textContent).toContain('75%');

    const card = screen
      .getByText('Why?', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Great support')).toBeInTheDocument();
    await fill(user, within(card).getByLabelText('Search answers to Why?'), 'expens');
    await waitFor(() => expect(within(card).queryByText('Great support')).toBeNull());
    expect(within(card).getByText('Too expensive')).toBeInTheDocument();

    // Pie instead of bars for a choice item.
    const buyer = screen
      .getByText('Did you buy?', { selector: '.ant-card-head-title' })
      .closest('.ant-card') as HTMLElement;
    await user.click(within(buyer).getByText('Pie'));
    expect(
      within(buyer).getByRole('img', { name: 'Answers to Did you buy?' }).querySelector('svg'),
    ).not.toBeNull();
  });

  it('asks for a form first, shows empty charts and failures, in Chinese', async () => {
    await changeLanguage('zh-CN');
    start(() => ({ ...data, views: 0, starts: 0, responses: 0, completionRate: 0, items: [] }));
    const { unmount } = renderWithProviders(<FormStatisticPage />);
    expect(await screen.findByText('请选择一个表单查看答卷。')).toBeInTheDocument();
    unmount();
    const second = renderWithProviders(<FormStatisticPage />, { path: '/?fid=f1' });
    expect(await screen.findByText('此表单没有题目。')).toBeInTheDocument();
    expect(screen.getByText('该时间段暂无数据。')).toBeInTheDocument();
    second.unmount();
    await changeLanguage('en-US');
    start(() => errorResponse(404, 'Form "f1" does not exist'));
    renderWithProviders(<FormStatisticPage />, { path: '/?fid=f1' });
    expect(await screen.findByText('Form "f1" does not exist')).toBeInTheDocument();
    expect(screen.getByText('Try again')).toBeInTheDocument();
  });

  it('formats shares', () => {
    expect(percent(2 / 3)).toBe('66.7%');
  });
});
