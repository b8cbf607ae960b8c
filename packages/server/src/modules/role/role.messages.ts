import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the role module (registered with http/i18n.ts below). Keys start with `role.`. */
export const roleMessages = {
  'role.notFound': { 'en-US': 'Role "{rid}" does not exist', 'zh-CN': '角色「{rid}」不存在' },
  'role.superKeepsInternal': {
    'en-US': 'ROLE_SUPER must keep the "internal" authority, or nobody could administer the platform',
    'zh-CN': 'ROLE_SUPER 必须保留「internal」权限，否则将无人能管理平台',
  },
  'role.internalOnlySuper': {
    'en-US': 'Only ROLE_SUPER may hold the "internal" authority: it opens every organisation\'s data',
    'zh-CN': '只有 ROLE_SUPER 可以拥有「internal」权限：它可以查看所有企业的数据',
  },
  'role.unknownPermissions': {
    'en-US': 'These permissions are not menu items: {ids}',
    'zh-CN': '以下权限不是菜单项：{ids}',
  },
  'role.duplicatePermissions': {
    'en-US': 'These permissions are listed more than once: {ids}',
    'zh-CN': '以下权限重复出现：{ids}',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    role: typeof roleMessages;
  }
}

registerMessages(roleMessages);
