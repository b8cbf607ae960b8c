import { i18n } from '../../../shared/i18n';
import { kefuMessageEnUS } from './locales/en-US';
import { kefuMessageZhCN } from './locales/zh-CN';

/** Registers the `kefuMessage` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_MESSAGE_NS = 'kefuMessage';

i18n.addResourceBundle('en-US', KEFU_MESSAGE_NS, kefuMessageEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_MESSAGE_NS, kefuMessageZhCN, true, true);
