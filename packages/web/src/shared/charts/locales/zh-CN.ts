import type { chartsEnUS } from './en-US';

/** The `charts` namespace, zh-CN. */
export const chartsZhCN: typeof chartsEnUS = {
  showTable: '以表格查看数据',
  empty: '该时间段暂无数据。',
  period: '时间段',
  last7: '最近 7 天',
  last30: '最近 30 天',
  last90: '最近 90 天',
  retry: '重试',
  today: '今天',
  yesterday: '昨天',
  formula: '计算方式：{{formula}}',
  vsPrevious: '较上一周期 {{change}}',
  noPrevious: '上一周期无可比数据',
  drill: '查看会话',
  drillOf: '查看“{{title}}”背后的会话',
};
