import { i18n } from '../../../shared/i18n';
import { kefuTagEnUS } from './locales/en-US';
import { kefuTagZhCN } from './locales/zh-CN';

/** Registers the `kefuTag` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_TAG_NS = 'kefuTag';

i18n.addResourceBundle('en-US', KEFU_TAG_NS, kefuTagEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_TAG_NS, kefuTagZhCN, true, true);
