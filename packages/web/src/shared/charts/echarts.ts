import { init, use as registerEcharts, type ComposeOption, type EChartsType } from 'echarts/core';
import {
  BarChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/*
 * DESIGN §5/§8: ECharts through `echarts/core` with only what the console draws registered. A
 * page that needs another series type or component adds it here (and to ChartOption), so every
 * chart keeps sharing one module. SVG: crisp at any zoom, smaller than the canvas renderer.
 */
registerEcharts([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
>;

export { init, type EChartsType };
