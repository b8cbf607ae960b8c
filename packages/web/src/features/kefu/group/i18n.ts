import { i18n } from '../../../shared/i18n';
import { kefuGroupEnUS } from './locales/en-US';
import { kefuGroupZhCN } from './locales/zh-CN';

/** Registers the `kefuGroup` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_GROUP_NS = 'kefuGroup';

i18n.addResourceBundle('en-US', KEFU_GROUP_NS, kefuGroupEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_GROUP_NS, kefuGroupZhCN, true, true);
