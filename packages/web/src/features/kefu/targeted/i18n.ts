import { i18n } from '../../../shared/i18n';
import { kefuTargetedEnUS } from './locales/en-US';
import { kefuTargetedZhCN } from './locales/zh-CN';

/** Registers the `kefuTargeted` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_TARGETED_NS = 'kefuTargeted';

i18n.addResourceBundle('en-US', KEFU_TARGETED_NS, kefuTargetedEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_TARGETED_NS, kefuTargetedZhCN, true, true);
