import { i18n } from '../../../shared/i18n';
import { kbEnUS } from './locales/en-US';
import { kbZhCN } from './locales/zh-CN';

/** The `kb` namespace of the knowledge-base pages; imported by each page, so it loads with them. */
export const KB_NS = 'kb';

i18n.addResourceBundle('en-US', KB_NS, kbEnUS, true, true);
i18n.addResourceBundle('zh-CN', KB_NS, kbZhCN, true, true);
