/** The `charts` namespace, en-US. zh-CN mirrors these keys. */
export const chartsEnUS = {
  showTable: 'Show the data as a table',
  empty: 'No data for this period.',
};
