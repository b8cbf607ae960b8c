import type { chartsEnUS } from './en-US';

/** The `charts` namespace, zh-CN. */
export const chartsZhCN: typeof chartsEnUS = {
  showTable: '以表格查看数据',
  empty: '该时间段暂无数据。',
};
