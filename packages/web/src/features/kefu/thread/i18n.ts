import { i18n } from '../../../shared/i18n';
import { kefuThreadEnUS } from './locales/en-US';
import { kefuThreadZhCN } from './locales/zh-CN';

/** Registers the `kefuThread` namespace; imported by the records pages, so it loads with their chunks. */
export const KEFU_THREAD_NS = 'kefuThread';

i18n.addResourceBundle('en-US', KEFU_THREAD_NS, kefuThreadEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_THREAD_NS, kefuThreadZhCN, true, true);
