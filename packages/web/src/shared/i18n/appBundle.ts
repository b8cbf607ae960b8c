import { i18n } from './index';
import { appEnUS } from '../locales/app/en-US';
import { appZhCN } from '../locales/app/zh-CN';

/** Registers the full `app` namespace; imported by the shell chunk, never by the login page. */
i18n.addResourceBundle('en-US', 'app', appEnUS, true, true);
i18n.addResourceBundle('zh-CN', 'app', appZhCN, true, true);

export { i18n };
