import { init, use as registerEcharts, type ComposeOption, type EChartsType } from 'echarts/core';
import {
  BarChart,
  HeatmapChart,
  LineChart,
  PieChart,
  type BarSeriesOption,
  type HeatmapSeriesOption,
  type LineSeriesOption,
  type PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  TooltipComponent,
  VisualMapContinuousComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

/*
 * DESIGN §5/§8: ECharts through `echarts/core` with only what the console draws registered. A
 * page that needs another series type or component adds it here (and to ChartOption), so every
 * chart keeps sharing one module. SVG: crisp at any zoom, smaller than the canvas renderer.
 * The heat map (statistics' weekday × hour) needs the continuous visual map only, not the
 * piecewise one.
 */
registerEcharts([
  LineChart,
  BarChart,
  PieChart,
  HeatmapChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  VisualMapContinuousComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | LineSeriesOption
  | BarSeriesOption
  | PieSeriesOption
  | HeatmapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | VisualMapComponentOption
>;

export { init, type EChartsType };
