/** The `kefuRate` namespace (kefu → satisfaction), en-US. zh-CN mirrors these keys. */
export const kefuRateEnUS = {
  title: 'Satisfaction ratings',
  empty: 'No ratings match these filters',
  summary: {
    average: 'Average score',
    outOf: '/ 5',
    count: 'Ratings',
    none: 'No ratings yet',
    distribution: 'Score distribution',
    bar: '{{label}}: {{count}} ({{percent}}%)',
  },
  scores: {
    '1': 'Very dissatisfied',
    '2': 'Dissatisfied',
    '3': 'Neutral',
    '4': 'Satisfied',
    '5': 'Very satisfied',
  },
  filters: {
    score: 'Score',
    agent: 'Agent',
    time: 'Time',
  },
  columns: {
    score: 'Score',
    note: 'Note',
    agent: 'Agent',
    visitor: 'Visitor',
    how: 'How',
    createdAt: 'Rated',
    actions: 'Actions',
  },
  how: {
    invited: 'Invited by the agent',
    visitor: 'By the visitor',
    auto: 'Automatic',
  },
  actions: {
    conversation: 'Conversation',
  },
};

export type KefuRateMessages = typeof kefuRateEnUS;
