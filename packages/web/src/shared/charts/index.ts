import './i18n';

export { EChart, type ChartTable, type EChartProps } from './EChart';
export type { ChartOption } from './echarts';
export { buildChartTheme, isDarkToken } from './theme';
