import { i18n } from '../../../shared/i18n';
import { kefuLeavemsgEnUS } from './locales/en-US';
import { kefuLeavemsgZhCN } from './locales/zh-CN';

/** Registers the `kefuLeavemsg` namespace; imported by the page, so it loads with the page's chunk. */
export const KEFU_LEAVEMSG_NS = 'kefuLeavemsg';

i18n.addResourceBundle('en-US', KEFU_LEAVEMSG_NS, kefuLeavemsgEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_LEAVEMSG_NS, kefuLeavemsgZhCN, true, true);
