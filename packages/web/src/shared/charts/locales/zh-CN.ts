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
};
