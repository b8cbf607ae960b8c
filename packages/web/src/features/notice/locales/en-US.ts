/** The `notice` namespace (the header's notification centre), en-US. zh-CN mirrors these keys. */
export const noticeEnUS = {
  bell: 'Notifications',
  bellWithCount: 'Notifications ({{count}} unread)',
  title: 'Platform notices',
  markAllRead: 'Mark all read',
  allRead: 'All notices marked read',
  empty: 'No notices',
  loadFailed: 'Could not load the notices: {{message}}',
  retry: 'Retry',
  unread: 'Unread',
  levels: { info: 'Info', warning: 'Warning' },
  close: 'Close',
};

export type NoticeMessages = typeof noticeEnUS;
