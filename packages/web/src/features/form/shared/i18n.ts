import { i18n } from '../../../shared/i18n';
import { formEnUS } from './locales/en-US';
import { formZhCN } from './locales/zh-CN';

/** The `wenjuan` namespace of the forms section; imported by each page, so it loads with them. */
export const FORM_NS = 'wenjuan';

i18n.addResourceBundle('en-US', FORM_NS, formEnUS, true, true);
i18n.addResourceBundle('zh-CN', FORM_NS, formZhCN, true, true);
