import { i18n } from './i18nBoot';
import { appEnUS } from './locales/en-US';
import { appZhCN } from './locales/zh-CN';

/** Registers the full `app` namespace; imported by the shell chunk, never by the login page. */
i18n.addResourceBundle('en-US', 'app', appEnUS, true, true);
i18n.addResourceBundle('zh-CN', 'app', appZhCN, true, true);

export { i18n };
