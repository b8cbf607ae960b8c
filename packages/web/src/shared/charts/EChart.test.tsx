import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { theme } from 'antd';
import { renderWithProviders } from '../testing/renderWithProviders';
import { EChart, buildChartTheme, isDarkToken } from '.';

const option = {
  xAxis: { type: 'category' as const, data: ['Mon', 'Tue'] },
  yAxis: { type: 'value' as const },
  series: [{ type: 'line' as const, name: 'Views', data: [3, 5] }],
};

describe('EChart', () => {
  it('draws an SVG chart with an accessible name, a summary and a data table', () => {
    renderWithProviders(
      <EChart
        option={option}
        ariaLabel="Views by day"
        summary="5 views at most, on Tue"
        table={{
          columns: ['Day', 'Views'],
          rows: [
            ['Mon', 3],
            ['Tue', 5],
          ],
        }}
      />,
    );
    const chart = screen.getByRole('img', { name: 'Views by day' });
    expect(chart.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('5 views at most, on Tue')).toBeInTheDocument();
    expect(screen.getByText('Show the data as a table')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Tue' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: '5' })).toBeInTheDocument();
  });

  it('shows an empty state without data', () => {
    renderWithProviders(<EChart option={option} ariaLabel="Views by day" isEmpty />);
    expect(screen.queryByRole('img', { name: 'Views by day' })).toBeNull();
    expect(screen.getByText('No data for this period.')).toBeInTheDocument();
  });

  it('follows the light and dark antd themes', () => {
    const light = theme.getDesignToken();
    const dark = theme.getDesignToken({ algorithm: theme.darkAlgorithm });
    expect(isDarkToken(light)).toBe(false);
    expect(isDarkToken(dark)).toBe(true);
    const darkTheme = buildChartTheme(dark);
    expect(darkTheme.darkMode).toBe(true);
    expect(darkTheme.textStyle).toMatchObject({ color: dark.colorText });
    expect((buildChartTheme(light).color as string[])[0]).toBe(light.colorPrimary);
  });
});
