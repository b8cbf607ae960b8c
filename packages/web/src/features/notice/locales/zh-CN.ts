import type { Messages } from '../../../shared/i18n/types';
import type { NoticeMessages } from './en-US';

/** The `notice` namespace, zh-CN. */
export const noticeZhCN: Messages<NoticeMessages> = {
  bell: '通知',
  bellWithCount: '通知（{{count}} 条未读）',
  title: '平台通知',
  markAllRead: '全部标为已读',
  allRead: '已将全部通知标为已读',
  empty: '暂无通知',
  loadFailed: '无法加载通知：{{message}}',
  retry: '重试',
  unread: '未读',
  levels: { info: '普通', warning: '警告' },
  close: '关闭',
};
