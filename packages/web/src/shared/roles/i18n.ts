import { i18n } from '../i18n';
import { rolesEnUS } from './locales/en-US';
import { rolesZhCN } from './locales/zh-CN';

/** The roles namespace; importing this module registers it. */
export const ROLES_NS = 'roles';

i18n.addResourceBundle('en-US', ROLES_NS, rolesEnUS, true, true);
i18n.addResourceBundle('zh-CN', ROLES_NS, rolesZhCN, true, true);
