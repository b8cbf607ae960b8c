import { i18n } from '../../i18n';
import { uploadEnUS } from './locales/en-US';
import { uploadZhCN } from './locales/zh-CN';

/** The upload components' namespace; importing this module registers it. */
export const UPLOAD_NS = 'upload';

i18n.addResourceBundle('en-US', UPLOAD_NS, uploadEnUS, true, true);
i18n.addResourceBundle('zh-CN', UPLOAD_NS, uploadZhCN, true, true);

export { i18n };
