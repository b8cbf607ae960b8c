/** The `shared` namespace, en-US. zh-CN mirrors these keys (see ../i18n/types.ts). */
export const sharedEnUS = {
  product: {
    name: 'OpenKefu',
    tagline: 'All-channel intelligent customer service',
  },
  language: {
    label: 'Language',
    'en-US': 'English',
    'zh-CN': '简体中文',
  },
  http: {
    forbidden: 'Forbidden',
    unauthorized: 'Unauthorized',
    network: 'Network error: the server could not be reached',
    timeout: 'The request timed out',
    aborted: 'The request was cancelled',
    badRequest: 'The request was not valid',
    notFound: 'Not found',
    conflict: 'The request conflicts with the current state',
    tooLarge: 'The upload is too large',
    rateLimited: 'Too many requests, please slow down',
    server: 'Server error ({{status}})',
    unknown: 'Something went wrong',
    retryAfter: 'Try again in {{time}}.',
  },
  notice: {
    error: 'Error',
    success: 'Success',
    info: 'Notice',
    warning: 'Warning',
    close: 'Close',
    profileFailed: 'Failed to fetch user info, please try again',
    logoutFailed: 'Logout failed',
  },
  copy: {
    success: 'Copied',
    unsupported: 'This browser cannot copy automatically',
    settingsSuccess: 'Copy complete',
    settingsFailed: 'Copy failed',
  },
  countdown: {
    label: 'Time remaining',
  },
  multiTab: {
    lastTab: 'This is the last tab and cannot be closed',
    noLeft: 'There are no tabs on the left',
    noRight: 'There are no tabs on the right',
  },
  greeting: {
    morning: 'Good morning',
    forenoon: 'Good morning',
    noon: 'Good afternoon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
  timeAgo: {
    justNow: 'just now',
    seconds_one: '{{count}} second ago',
    seconds_other: '{{count}} seconds ago',
    minutes_one: '{{count}} minute ago',
    minutes_other: '{{count}} minutes ago',
    hours_one: '{{count}} hour ago',
    hours_other: '{{count}} hours ago',
    days_one: '{{count}} day ago',
    days_other: '{{count}} days ago',
  },
  dayTime: {
    day: '{{count}}d',
    hour: '{{count}}h',
    minute: '{{count}}m',
    second: '{{count}}s',
    separator: ' ',
  },
  themeColor: {
    title: 'Theme colour',
    daybreak: 'Daybreak Blue (default)',
    dust: 'Dust Red',
    volcano: 'Volcano',
    sunset: 'Sunset Orange',
    cyan: 'Cyan',
    green: 'Polar Green',
    geekblue: 'Geek Blue',
    purple: 'Golden Purple',
  },
  permission: {
    denied: 'You do not have permission for this action',
  },
  pagination: {
    total: '{{from}}-{{to}} of {{total}} items',
    // The server stops counting long lists (Page.totalCapped): the total is a lower bound.
    totalCapped: '{{from}}-{{to}} of more than {{total}} items',
  },
};

export type SharedMessages = typeof sharedEnUS;
