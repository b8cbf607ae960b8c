import { i18n } from '../../../shared/i18n';
import { feedbackEnUS } from './locales/en-US';
import { feedbackZhCN } from './locales/zh-CN';

/** The `feedback` namespace of the feedback pages; imported by each page, so it loads with them. */
export const FEEDBACK_NS = 'feedback';

i18n.addResourceBundle('en-US', FEEDBACK_NS, feedbackEnUS, true, true);
i18n.addResourceBundle('zh-CN', FEEDBACK_NS, feedbackZhCN, true, true);
