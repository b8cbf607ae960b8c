import { i18n } from '../../shared/i18n';
import { userEnUS } from './locales/en-US';
import { userZhCN } from './locales/zh-CN';

/** The `user` namespace (sign-in, registration, password reset): bundled with the login page. */
i18n.addResourceBundle('en-US', 'user', userEnUS, true, true);
i18n.addResourceBundle('zh-CN', 'user', userZhCN, true, true);

export { i18n };
