import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { errorResponse, stubFetch } from '../../../shared/testing/stubFetch';
import { sampleStatistic } from '../shared/testing';
import { FeedbackStatisticPage, TicketStatisticPage } from './TicketStatisticPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en-US');
});

describe('TicketStatisticPage', { timeout: 60_000 }, () => {
  it('shows the medians, the breach rate and the charts with their data tables', async () => {
    const seen = stubFetch({ 'GET /api/ticket/statistic': () => sampleStatistic() });
    renderWithProviders(<TicketStatisticPage />);
    expect(await screen.findByText('12.5%')).toBeInTheDocument();
    expect(screen.getByText('30 min')).toBeInTheDocument();
    expect(screen.getByText('5.5 h')).toBeInTheDocument();
    const query = new URLSearchParams(seen[0]?.params);
    expect(query.get('source')).toBeNull();
    expect(Number(query.get('to')) - Number(query.get('from'))).toBeGreaterThan(29 * 86_400_000);
    expect(screen.getByRole('img', { name: 'Created, resolved and backlog by day' })).toBeInTheDocument();
    expect(screen.getByText('6 created and 4 resolved over 2 days.')).toBeInTheDocument();
    for (const name of ['By status', 'By priority', 'By assignee', 'By group'])
      expect(screen.getByRole('img', { name })).toBeInTheDocument();
    // Status keys are shown translated.
    expect(screen.getAllByRole('rowheader', { name: 'Resolved' }).length).toBeGreaterThan(0);
  });

  it('asks for feedback tickets on the feedback statistics page', async () => {
    const seen = stubFetch({ 'GET /api/ticket/statistic': () => sampleStatistic() });
    renderWithProviders(<FeedbackStatisticPage />);
    await screen.findByText('12.5%');
    expect(new URLSearchParams(seen[0]?.params).get('source')).toBe('feedback');
  });

  it('says what went wrong', async () => {
    stubFetch({ 'GET /api/ticket/statistic': () => errorResponse(400, 'from must be before to') });
    renderWithProviders(<TicketStatisticPage />);
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('from must be before to')).toBeInTheDocument();
  });

  it('shows empty states, in Chinese', async () => {
    await changeLanguage('zh-CN');
    stubFetch({
      'GET /api/ticket/statistic': () => ({
        ...sampleStatistic(),
        byDay: [],
        byStatus: [],
        byPriority: [],
        byAssignee: [],
        byGroup: [],
        medianFirstResponseMs: null,
        medianResolutionMs: null,
        slaBreachRate: null,
        total: 0,
      }),
    });
    renderWithProviders(<TicketStatisticPage />);
    expect(await screen.findByText('SLA 超时率')).toBeInTheDocument();
    expect(screen.getAllByText('该时间段暂无数据。')).toHaveLength(5);
    expect(screen.getAllByText('—')).toHaveLength(3);
  });
});
