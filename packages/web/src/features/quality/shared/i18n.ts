import { i18n } from '../../../shared/i18n';
import { qualityEnUS } from './locales/en-US';
import { qualityZhCN } from './locales/zh-CN';

/** The `quality` namespace of the quality pages; imported by each page, so it loads with them. */
export const QUALITY_NS = 'quality';

i18n.addResourceBundle('en-US', QUALITY_NS, qualityEnUS, true, true);
i18n.addResourceBundle('zh-CN', QUALITY_NS, qualityZhCN, true, true);
