import type { ChartOption } from './echarts';

/** One line or bar per figure over the days of a statistics page; null is a gap (no figure that day). */
export type DailySeries = { name: string; type: 'line' | 'bar'; data: (number | null)[] };

/** The chart every statistics page draws by day: days along the bottom, whole counts up the side. */
export const dailyChartOption = (days: string[], series: DailySeries[]): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { top: 0 },
  grid: { left: 40, right: 16, top: 36, bottom: 28 },
  xAxis: { type: 'category', data: days },
  yAxis: { type: 'value', minInterval: 1 },
  series,
});
