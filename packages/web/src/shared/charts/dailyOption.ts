import type { ChartOption } from './echarts';

/** One line or bar per figure along categories (days, hours); null is a gap (no figure there). */
export type DailySeries = { name: string; type: 'line' | 'bar'; data: (number | null)[] };

/**
 * The chart statistics pages draw over time: categories (days, hours) along the bottom, whole
 * counts up the side; the legend only when it tells several lines apart.
 */
export const dailyChartOption = (days: string[], series: DailySeries[]): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0, show: series.length > 1 },
  grid: { left: 40, right: 16, top: series.length > 1 ? 36 : 16, bottom: 28 },
  xAxis: { type: 'category', data: days },
  yAxis: { type: 'value', minInterval: 1 },
  series,
});

/** Shares of a whole as a ring, the legend below it. */
export const ringChartOption = (slices: { name: string; value: number }[]): ChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['35%', '62%'], center: ['50%', '44%'], data: slices }],
});
