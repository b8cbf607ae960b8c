import { i18n } from '../../../shared/i18n';
import { dashboardEnUS } from './locales/en-US';
import { dashboardZhCN } from './locales/zh-CN';

/** The `dashboard` namespace of the dashboard's pages; imported by each page, so it loads with them. */
export const DASHBOARD_NS = 'dashboard';

i18n.addResourceBundle('en-US', DASHBOARD_NS, dashboardEnUS, true, true);
i18n.addResourceBundle('zh-CN', DASHBOARD_NS, dashboardZhCN, true, true);
