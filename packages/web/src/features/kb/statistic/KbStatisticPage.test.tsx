import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { KbStatistic } from '@openkefu/contract';
import { changeLanguage } from '../../../shared/i18n';
import { pickOption, setupUser } from '../../../shared/testing/dom';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { stubFetch, type Recorded } from '../../../shared/testing/stubFetch';
import { KbStatisticPage } from './KbStatisticPage';

const data: KbStatistic = {
  totals: {
    views: 1234,
    helpful: 30,
    useless: 10,
    helpfulRate: 0.75,
    searches: 80,
    searchesWithoutResults: 6,
    publishedArticles: 12,
  },
  byDay: [
    { day: '2026-01-01', views: 600, helpful: 10, useless: 4, searches: 30 },
    { day: '2026-01-02', views: 634, helpful: 20, useless: 6, searches: 50 },
  ],
  topArticles: [{ aid: 'a-1', title: '<img src=x onerror=alert(1)>', views: 500, helpful: 9, useless: 1 }],
  topSearches: [{ query: 'refund', count: 20, results: 4 }],
  emptySearches: [{ query: 'teleport', count: 3 }],
};

const empty: KbStatistic = {
  totals: {
    views: 0,
    helpful: 0,
    useless: 0,
    helpfulRate: null,
    searches: 0,
    searchesWithoutResults: 0,
    publishedArticles: 0,
  },
  byDay: [],
  topArticles: [],
  topSearches: [],
  emptySearches: [],
};

let seen: Recorded[] = [];

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

describe('KbStatisticPage', { timeout: 60_000 }, () => {
  it('shows the figures, two charts with their data tables, and the top lists', async () => {
    const user = setupUser();
    seen = stubFetch({ 'GET /api/kb/statistic': () => data });
    renderWithProviders(<KbStatisticPage />);
    expect(await screen.findByText('75%')).toBeInTheDocument();
    expect(screen.getByText('1,234')).toBeInTheDocument();
    const query = new URLSearchParams(seen[0]?.params);
    expect(query.get('type')).toBe('support');
    expect(Number(query.get('to')) - Number(query.get('from'))).toBeGreaterThan(29 * 86_400_000);

    const traffic = screen.getByRole('img', { name: 'Views and searches by day' });
    expect(traffic.querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('img', { name: 'Helpful and not helpful votes by day' })).toBeInTheDocument();
    expect(screen.getByText('1234 views and 80 searches over 2 days.')).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader', { name: '2026-01-02' }).length).toBe(2);

    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText('refund')).toBeInTheDocument();
    expect(screen.getByText('teleport')).toBeInTheDocument();

    await pickOption(user, document.body, 'Article type', 'Blog posts');
    await waitFor(() => expect(new URLSearchParams(seen.at(-1)?.params).get('type')).toBe('blog'));
  });

  it('shows empty states without data, in Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({ 'GET /api/kb/statistic': () => empty });
    renderWithProviders(<KbStatisticPage />);
    expect(await screen.findByText('所有搜索都有结果。')).toBeInTheDocument();
    expect(screen.getAllByText('该时间段暂无数据。')).toHaveLength(2);
    expect(screen.getByText('—')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '每日阅读与搜索' })).toBeNull();
  });
});
