import { i18n } from '../../../shared/i18n';
import { kefuRateEnUS } from './locales/en-US';
import { kefuRateZhCN } from './locales/zh-CN';

/** Registers the `kefuRate` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_RATE_NS = 'kefuRate';

i18n.addResourceBundle('en-US', KEFU_RATE_NS, kefuRateEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_RATE_NS, kefuRateZhCN, true, true);
