import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { FeedbackStatistic } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { FeedbackStatisticPage, formatDuration } from './FeedbackStatisticPage';

const data: FeedbackStatistic = {
  total: 12,
  byCategory: [
    { category: 'bug', count: 7 },
    { category: 'praise', count: 5 },
  ],
  byDay: [
    { day: '2026-11-01', count: 4 },
    { day: '2026-11-02', count: 8 },
  ],
  replied: 9,
  replyTimeAvgMs: 90 * 60_000,
  replyTimeMedianMs: 30 * 60_000,
  converted: 3,
  convertedShare: 0.25,
};

const empty: FeedbackStatistic = {
  total: 0,
  byCategory: [],
  byDay: [],
  replied: 0,
  replyTimeAvgMs: null,
  replyTimeMedianMs: null,
  converted: 0,
  convertedShare: 0,
};

let seen: Recorded[] = [];

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

describe('FeedbackStatisticPage', { timeout: 60_000 }, () => {
  it('shows the figures and both charts with their data tables for the last 30 days', async () => {
    seen = stubFetch({ 'GET /api/feedback/statistic': () => data });
    renderWithProviders(<FeedbackStatisticPage />);
    expect(await screen.findByText('25%')).toBeInTheDocument();
    expect(screen.getByText('1.5 h')).toBeInTheDocument();
    expect(screen.getByText('30 min')).toBeInTheDocument();
    const query = new URLSearchParams(seen[0]?.params);
    expect(Number(query.get('to')) - Number(query.get('from'))).toBeGreaterThan(29 * 86_400_000);
    expect(screen.getByRole('img', { name: 'Feedback by day' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Feedback by category' })).toBeInTheDocument();
    expect(screen.getByText('12 feedback over 2 days with feedback')).toBeInTheDocument();
    expect(screen.getByText('By category: Bug 7, Praise 5')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: '2026-11-02' })).toBeInTheDocument();
  });

  it('shows empty states in Chinese and explains a failure', async () => {
    await changeLanguage('zh-CN');
    stubFetch({ 'GET /api/feedback/statistic': () => empty });
    const { unmount } = renderWithProviders(<FeedbackStatisticPage />);
    await waitFor(() => expect(screen.getAllByText('该时间段暂无数据。')).toHaveLength(2));
    expect(screen.getAllByText('—')).toHaveLength(2);
    unmount();
    await changeLanguage('en-US');
    stubFetch({
      'GET /api/feedback/statistic': () => errorResponse(400, 'The period is longer than 366 days'),
    });
    renderWithProviders(<FeedbackStatisticPage />);
    expect(await screen.findByText('The period is longer than 366 days')).toBeInTheDocument();
    expect(screen.getByText('Try again')).toBeInTheDocument();
  });

  it('formats reply times', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(20_000)).toBe('1 min');
    expect(formatDuration(3 * 86_400_000)).toBe('3 d');
  });
});
