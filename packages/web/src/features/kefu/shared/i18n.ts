import { i18n } from '../../../shared/i18n';
import { kefuEnUS } from './locales/en-US';
import { kefuZhCN } from './locales/zh-CN';

/** The customer-service section's namespace; importing this module registers it (deep-merged, so other kefu pages may add keys). */
export const KEFU_NS = 'kefu';

i18n.addResourceBundle('en-US', KEFU_NS, kefuEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_NS, kefuZhCN, true, true);

export { i18n };
