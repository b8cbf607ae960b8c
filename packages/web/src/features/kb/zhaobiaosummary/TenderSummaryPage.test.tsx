import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TenderSummaryRow } from '@openkefu/contract';
import { renderWithProviders } from '../../../shared/testing/renderWithProviders';
import { stubFetch } from '../../../shared/testing/stubFetch';
import { TenderSummaryPage, toGrid } from './TenderSummaryPage';

const rows: TenderSummaryRow[] = [
  { month: '2026-02', category: { cid: 'c-road', name: 'Roads' }, count: 2, budget: 500 },
  { month: '2026-01', category: { cid: 'c-road', name: 'Roads' }, count: 1, budget: 100 },
  { month: '2026-01', category: null, count: 3, budget: 0 },
  { month: '2026-02', category: { cid: 'c-it', name: 'IT' }, count: 4, budget: 1000 },
];

afterEach(() => vi.unstubAllGlobals());

describe('TenderSummaryPage', { timeout: 60_000 }, () => {
  it('builds a month × category grid with totals', () => {
    const grid = toGrid(rows, 'None');
    expect(grid.columns.map((column) => column.name)).toEqual(['IT', 'Roads', 'None']);
    expect(grid.months.map((month) => [month.month, month.total])).toEqual([
      ['2026-01', 4],
      ['2026-02', 6],
    ]);
    expect(grid.totals).toMatchObject({ total: 10, budget: 1600, counts: { 'c-road': 3, 'c-it': 4 } });
  });

  it('shows the table with a totals row and a stacked chart', async () => {
    stubFetch({ 'GET /api/article/tender/summary': () => rows });
    renderWithProviders(<TenderSummaryPage />);
    const table = await screen.findByRole('table');
    const totals = within(table).getAllByRole('row').at(-1) as HTMLElement;
    expect(within(totals).getByText('10')).toBeInTheDocument();
    expect(within(totals).getByText('¥1,600')).toBeInTheDocument();
    expect(within(table).getAllByText('Uncategorised').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'Published tenders by month and category' })).toBeInTheDocument();
  });
});
