import { i18n } from '../../shared/i18n';
import { noticeEnUS } from './locales/en-US';
import { noticeZhCN } from './locales/zh-CN';

/** The `notice` namespace of the header's notification centre. */
export const NOTICE_NS = 'notice';

i18n.addResourceBundle('en-US', NOTICE_NS, noticeEnUS, true, true);
i18n.addResourceBundle('zh-CN', NOTICE_NS, noticeZhCN, true, true);
