import './i18n';

export { EChart, type ChartItem, type ChartTable, type EChartProps } from './EChart';
export type { ChartOption } from './echarts';
export { buildChartTheme, isDarkToken } from './theme';
export { dailyChartOption, ringChartOption, type DailySeries } from './dailyOption';
export {
  StatisticPeriodPicker,
  defaultStatisticRange,
  rangeBounds,
  type StatisticRange,
} from './StatisticPeriod';
export { HintedTitle, KpiCards, StatisticQueryView, formatChange, type KpiItem } from './StatisticLayout';
