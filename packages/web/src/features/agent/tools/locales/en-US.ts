/** The `workbenchTools` namespace (quick replies and tags in the workbench), en-US. zh-CN mirrors these keys. */
export const workbenchToolsEnUS = {
  quickReply: {
    button: 'Quick replies',
    search: 'Search quick replies',
    loading: 'Loading quick replies…',
    failed: 'Quick replies could not be loaded',
    retry: 'Retry',
    empty: 'No quick replies yet. Add them under Customer service → Quick replies.',
    noMatch: 'No quick reply matches "{{keyword}}"',
    slashList: 'Quick replies matching what you typed',
    slashHint: '↑↓ to choose, Enter to insert, Esc to close',
    scope: { mine: 'Mine', company: 'Company', platform: 'Platform' },
  },
  tags: {
    thread: 'Conversation tags',
    visitor: 'Visitor tags',
    placeholder: 'Add tags',
    none: 'No tags yet. Create them under Customer service → Tags.',
    loading: 'Loading tags…',
    failed: 'Tags could not be loaded',
    saved: 'Tags saved',
  },
};
