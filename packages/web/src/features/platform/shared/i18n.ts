import { i18n } from '../../../shared/i18n';
import { platformEnUS } from './locales/en-US';
import { platformZhCN } from './locales/zh-CN';

/**
 * Registers the `platform` namespace. Imported by the platform pages, so the strings load with
 * their lazy chunks rather than with the shell.
 */
export const PLATFORM_NS = 'platform';

i18n.addResourceBundle('en-US', PLATFORM_NS, platformEnUS, true, true);
i18n.addResourceBundle('zh-CN', PLATFORM_NS, platformZhCN, true, true);
