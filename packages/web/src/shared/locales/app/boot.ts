import type { Messages } from '../../i18n/types';

/**
 * The few `app` strings needed before the authenticated shell loads (guard notices, titles of the
 * public routes). The rest of the `app` namespace loads with the shell (DESIGN §5: the login page
 * stays light).
 */
export const bootEnUS = {
  errorTitle: 'Error',
  profileFailed: 'Failed to fetch user info, please retry',
  emptyMenu: 'No menu is available for this account. Signing out…',
  loading: 'Loading…',
  loadFailed: 'The page could not be loaded.',
  retry: 'Retry',
  home: 'Back to home',
  titles: {
    exception403: '403',
    exception404: '404',
    exception500: '500',
    agent: 'Agent workbench',
  },
};

export const bootZhCN: Messages<typeof bootEnUS> = {
  errorTitle: '错误',
  profileFailed: '请求用户信息失败，请重试',
  emptyMenu: '当前账号没有可用的菜单，正在退出…',
  loading: '加载中…',
  loadFailed: '页面加载失败。',
  retry: '重试',
  home: '返回首页',
  titles: {
    exception403: '403',
    exception404: '404',
    exception500: '500',
    agent: '客服工作台',
  },
};
