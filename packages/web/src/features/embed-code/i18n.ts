import { i18n } from '../../shared/i18n';
import { embedCodeEnUS } from './locales/en-US';
import { embedCodeZhCN } from './locales/zh-CN';

/** Registers the `embedCode` namespace; imported by the drawer, so it loads with the drawer's chunk. */
export const EMBED_CODE_NS = 'embedCode';

i18n.addResourceBundle('en-US', EMBED_CODE_NS, embedCodeEnUS, true, true);
i18n.addResourceBundle('zh-CN', EMBED_CODE_NS, embedCodeZhCN, true, true);
