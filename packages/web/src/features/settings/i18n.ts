import { i18n } from '../../shared/i18n';
import { settingsEnUS } from './locales/en-US';
import { settingsZhCN } from './locales/zh-CN';

/**
 * Registers the `settings` namespace. Imported by the settings pages, so the strings load with
 * their lazy chunks rather than with the shell.
 */
export const SETTINGS_NS = 'settings';

i18n.addResourceBundle('en-US', SETTINGS_NS, settingsEnUS, true, true);
i18n.addResourceBundle('zh-CN', SETTINGS_NS, settingsZhCN, true, true);
