import { i18n } from '../../../shared/i18n';
import { kefuFormEnUS } from './locales/en-US';
import { kefuFormZhCN } from './locales/zh-CN';

/** Registers the `kefuForm` namespace (the form page and the workbench's answers panel import it). */
export const KEFU_FORM_NS = 'kefuForm';

i18n.addResourceBundle('en-US', KEFU_FORM_NS, kefuFormEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_FORM_NS, kefuFormZhCN, true, true);
