import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { QualityStatistic } from '@openkefu/contract';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { adminWithPermissions, errorResponse, stubFetch } from '../../../shared/testing/stubFetch';
import { QualityStatisticPage, formatShare } from './QualityStatisticPage';

const data: QualityStatistic = {
  scored: 8,
  average: 82.5,
  passRate: 0.875,
  appealRate: 0.125,
  byAgent: [{ key: 'u-1', label: 'Agent Smith', count: 8, average: 82.5 }],
  byGroup: [{ key: 'w-1', label: 'Sales', count: 8, average: 82.5 }],
  byCriterion: [{ key: 'Attitude', label: 'Attitude', count: 8, average: 90 }],
  byWeek: [{ key: '2026-11-16', label: '2026-11-16', count: 8, average: 82.5 }],
  missedItems: [{ key: 'Polite greeting', label: 'Polite greeting', count: 3 }],
};

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
  await changeLanguage('en-US');
});

describe('QualityStatisticPage', { timeout: 60_000 }, () => {
  it('shows the figures and charts with their tables and offers the export', async () => {
    stubFetch({ 'GET /api/quality/statistic': () => data });
    setProfile(adminWithPermissions({ 'quality.statistic': ['query', 'export'] }));
    renderWithProviders(<QualityStatisticPage />);
    expect(await screen.findByText('87.5%')).toBeInTheDocument();
    expect(screen.getByText('12.5%')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Average by agent' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Most-missed check items' })).toBeInTheDocument();
    expect(screen.getByText('1 entries: Polite greeting 3')).toBeInTheDocument();
    expect(screen.getByText('Export Excel')).toBeInTheDocument();
  });

  it('shows empty states in Chinese and explains a failure', async () => {
    await changeLanguage('zh-CN');
    stubFetch({
      'GET /api/quality/statistic': () => ({
        ...data,
        scored: 0,
        average: null,
        passRate: null,
        appealRate: null,
        byAgent: [],
        byGroup: [],
        byCriterion: [],
        byWeek: [],
        missedItems: [],
      }),
    });
    setProfile(adminWithPermissions({ 'quality.statistic': ['query'] }));
    const { unmount } = renderWithProviders(<QualityStatisticPage />);
    await waitFor(() => expect(screen.getAllByText('该时间段暂无数据。')).toHaveLength(5));
    expect(screen.queryByText('导出 Excel')).toBeNull();
    unmount();
    await changeLanguage('en-US');
    stubFetch({ 'GET /api/quality/statistic': () => errorResponse(400, 'The range is at most 366 days') });
    renderWithProviders(<QualityStatisticPage />);
    expect(await screen.findByText('The range is at most 366 days')).toBeInTheDocument();
  });

  it('formats shares', () => {
    expect(formatShare(null)).toBe('—');
    expect(formatShare(0.3333)).toBe('33.3%');
  });
});
