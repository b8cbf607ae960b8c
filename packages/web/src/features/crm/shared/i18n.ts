import { i18n } from '../../../shared/i18n';
import { crmEnUS } from './locales/en-US';
import { crmZhCN } from './locales/zh-CN';

/** The `crm` namespace of the CRM pages; imported by each page, so it loads with them. */
export const CRM_NS = 'crm';

i18n.addResourceBundle('en-US', CRM_NS, crmEnUS, true, true);
i18n.addResourceBundle('zh-CN', CRM_NS, crmZhCN, true, true);
