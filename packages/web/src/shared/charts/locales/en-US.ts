/** The `charts` namespace, en-US. zh-CN mirrors these keys. */
export const chartsEnUS = {
  showTable: 'Show the data as a table',
  empty: 'No data for this period.',
  period: 'Period',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  retry: 'Try again',
};
