import { i18n } from '../../../shared/i18n';
import { kefuBlockEnUS } from './locales/en-US';
import { kefuBlockZhCN } from './locales/zh-CN';

/** Registers the `kefuBlock` namespace (the blacklist page and the workbench's block button). */
export const KEFU_BLOCK_NS = 'kefuBlock';

i18n.addResourceBundle('en-US', KEFU_BLOCK_NS, kefuBlockEnUS, true, true);
i18n.addResourceBundle('zh-CN', KEFU_BLOCK_NS, kefuBlockZhCN, true, true);
