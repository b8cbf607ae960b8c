import { i18n } from '../i18n';
import { chartsEnUS } from './locales/en-US';
import { chartsZhCN } from './locales/zh-CN';

/** The chart component's namespace; importing this module registers it. */
export const CHARTS_NS = 'charts';

i18n.addResourceBundle('en-US', CHARTS_NS, chartsEnUS, true, true);
i18n.addResourceBundle('zh-CN', CHARTS_NS, chartsZhCN, true, true);
