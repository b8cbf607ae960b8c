/** The `kefuSummary` namespace (kefu → session summaries), en-US. zh-CN mirrors these keys. */
export const kefuSummaryEnUS = {
  title: 'Session summaries',
  empty: 'No summaries match these filters',
  filters: {
    category: 'Category',
    agent: 'Agent',
    keyword: 'Keyword',
    keywordPlaceholder: 'Text in the summary',
    time: 'Time',
  },
  columns: {
    category: 'Category',
    content: 'Summary',
    agent: 'Agent',
    visitor: 'Visitor',
    createdAt: 'Written',
    actions: 'Actions',
  },
  uncategorised: 'Uncategorised',
  actions: {
    conversation: 'Conversation',
  },
};

export type KefuSummaryMessages = typeof kefuSummaryEnUS;
