import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { setProfile } from '../../../shared/auth/profileStore';
import { changeLanguage } from '../../../shared/i18n';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { setupUser } from '../../../shared/testing/dom';
import { adminWithPermissions, errorResponse, stubFetch } from '../../../shared/testing/stubFetch';
import { sampleStatistic } from '../shared/testing';
import { FeedbackStatisticPage, TicketStatisticPage } from './TicketStatisticPage';

afterEach(async () => {
  vi.unstubAllGlobals();
  setProfile(null);
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

  it('exports the figures of the shown range to Excel, for roles that may export', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:ticket-statistics');
    URL.revokeObjectURL = vi.fn();
    const seen = stubFetch({
      'GET /api/ticket/statistic': () => sampleStatistic(),
      'GET /api/ticket/statistic/export': () =>
        new Response('xlsx-bytes', {
          status: 200,
          headers: { 'Content-Disposition': 'attachment; filename="Ticket statistics.xlsx"' },
        }),
    });
    setProfile(adminWithPermissions({ 'ticket.statistic': ['query', 'export'] }));
    const user = setupUser();
    const { unmount } = renderWithProviders(<FeedbackStatisticPage />);
    await screen.findByText('12.5%');
    await user.click(screen.getByRole('button', { name: /Export Excel/ }));
    expect(await screen.findByText('Saved Ticket statistics.xlsx.')).toBeInTheDocument();
    const asked = seen.filter((request) => request.path === '/api/ticket/statistic');
    const exported = seen.filter((request) => request.path === '/api/ticket/statistic/export');
    expect(exported).toHaveLength(1);
    for (const key of ['from', 'to', 'source'])
      expect(exported[0]?.params.get(key)).toBe(asked[0]?.params.get(key) ?? null);
    expect(exported[0]?.params.get('source')).toBe('feedback');
    unmount();

    setProfile(adminWithPermissions({ 'ticket.statistic': ['query'] }));
    renderWithProviders(<TicketStatisticPage />);
    await waitFor(() => expect(screen.getAllByText('12.5%').length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: /Export Excel/ })).toBeNull();
  });

  it('says what went wrong', async () => {
    stubFetch({ 'GET /api/ticket/statistic': () => errorResponse(400, 'from must be before to') });
    renderWithProviders(<TicketStatisticPage />);
    expect(await screen.findByText('The statistics could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByText('from must be before to')).toBeInTheDocument();
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
