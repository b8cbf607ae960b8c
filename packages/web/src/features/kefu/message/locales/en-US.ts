/** The `kefuMessage` namespace (kefu → message records), en-US. zh-CN mirrors these keys. */
export const kefuMessageEnUS = {
  title: 'Message records',
  empty: 'No messages match these filters',
  filters: {
    keyword: 'Keyword',
    keywordPlaceholder: 'Whole words, or any Chinese characters',
    keywordHint:
      'Every word of the keyword must occur. English and other spaced languages match whole words, regardless of case; Chinese, Japanese and Korean match any run of characters.',
    type: 'Type',
    time: 'Time',
  },
  columns: {
    content: 'Message',
    type: 'Type',
    sender: 'Sender',
    createdAt: 'Sent',
    actions: 'Actions',
  },
  senderKinds: {
    visitor: 'Visitor',
    agent: 'Agent',
    robot: 'Robot',
    system: 'System',
  },
  actions: {
    conversation: 'Conversation',
  },
};

export type KefuMessageMessages = typeof kefuMessageEnUS;
