import { i18n } from '../../../shared/i18n';
import { kefuCuwEnUS } from './locales/en-US';
import { kefuCuwZhCN } from './locales/zh-CN';

/** Registers the `kefuCuw` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_CUW_NS = 'kefuCuw';

i18n.addResourceBundle('en-US', KEFU_CUW_NS, kefuCuwEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_CUW_NS, kefuCuwZhCN, true, true);
