import { i18n } from '../../../shared/i18n';
import { kefuSummaryEnUS } from './locales/en-US';
import { kefuSummaryZhCN } from './locales/zh-CN';

/** Registers the `kefuSummary` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_SUMMARY_NS = 'kefuSummary';

i18n.addResourceBundle('en-US', KEFU_SUMMARY_NS, kefuSummaryEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_SUMMARY_NS, kefuSummaryZhCN, true, true);
