import { i18n } from '../../../shared/i18n';
import { kefuMonitorEnUS } from './locales/en-US';
import { kefuMonitorZhCN } from './locales/zh-CN';

/** Registers the `kefuMonitor` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_MONITOR_NS = 'kefuMonitor';

i18n.addResourceBundle('en-US', KEFU_MONITOR_NS, kefuMonitorEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_MONITOR_NS, kefuMonitorZhCN, true, true);
