/** The `charts` namespace, en-US. zh-CN mirrors these keys. */
export const chartsEnUS = {
  showTable: 'Show the data as a table',
  empty: 'No data for this period.',
  period: 'Period',
  last7: 'Last 7 days',
  last30: 'Last 30 days',
  last90: 'Last 90 days',
  retry: 'Try again',
  today: 'Today',
  yesterday: 'Yesterday',
  formula: 'How it is computed: {{formula}}',
  vsPrevious: '{{change}} vs the previous period',
  noPrevious: 'Nothing to compare with in the previous period',
  drill: 'Conversations',
  drillOf: 'Conversations behind {{title}}',
};
