import { i18n } from '../../../shared/i18n';
import { kefuTabooEnUS } from './locales/en-US';
import { kefuTabooZhCN } from './locales/zh-CN';

/** Registers the `kefuTaboo` namespace (kefu → and platform → sensitive words). */
export const KEFU_TABOO_NS = 'kefuTaboo';

i18n.addResourceBundle('en-US', KEFU_TABOO_NS, kefuTabooEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_TABOO_NS, kefuTabooZhCN, true, true);
