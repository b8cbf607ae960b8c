import { registerMessages, type CatalogueEntry } from '../../http/i18n.js';

/** Server messages of the user module (registered with http/i18n.ts below). Keys start with `user.`. */
export const userMessages = {
  'user.notFound': { 'en-US': 'Account "{uid}" does not exist', 'zh-CN': '账号「{uid}」不存在' },
  'user.agentNotFound': { 'en-US': 'Agent "{uid}" does not exist', 'zh-CN': '客服「{uid}」不存在' },
  'user.robotNotFound': { 'en-US': 'Robot "{uid}" does not exist', 'zh-CN': '机器人「{uid}」不存在' },
  'user.organizationNotFound': {
    'en-US': 'Organisation "{subDomain}" does not exist',
    'zh-CN': '企业「{subDomain}」不存在',
  },
  'user.adminProtected': {
    'en-US': '"{username}" is an administrator account; only platform staff can change it',
    'zh-CN': '「{username}」是管理员账号，只有平台管理员可以修改',
  },
  'user.ownRolesProtected': {
    'en-US': 'Your own administrator roles cannot be changed here',
    'zh-CN': '不能在此修改自己的管理员角色',
  },
  'user.cannotDisableSelf': {
    'en-US': 'You cannot disable your own account',
    'zh-CN': '不能禁用自己的账号',
  },
  'user.cannotDeleteSelf': {
    'en-US': 'You cannot delete your own account',
    'zh-CN': '不能删除自己的账号',
  },
  'user.cannotDeleteOwner': {
    'en-US': '"{username}" owns the organisation "{organization}" and cannot be deleted; disable it instead',
    'zh-CN': '「{username}」是企业「{organization}」的所有者，不能删除，可以禁用',
  },
  'user.cannotDropOwnPlatformRole': {
    'en-US': 'You cannot remove the platform role (ROLE_SUPER) from your own account',
    'zh-CN': '不能移除自己账号的平台角色（ROLE_SUPER）',
  },
  'user.hasOpenThreads': {
    'en-US':
      '"{username}" still has {count} open conversation(s); close or transfer them before deleting the account',
    'zh-CN': '「{username}」还有 {count} 个未结束的会话，请先结束或转接后再删除',
  },
  'user.workgroupNotFound': {
    'en-US': 'Skill group(s) not found in your organisation: {wids}',
    'zh-CN': '本企业不存在以下技能组：{wids}',
  },
  'user.oldPasswordRequired': {
    'en-US': 'Enter your current password to set a new one',
    'zh-CN': '请输入当前密码',
  },
  'user.oldPasswordWrong': { 'en-US': 'The current password is wrong', 'zh-CN': '当前密码错误' },
  'user.usernameTaken': {
    'en-US': 'The username "{value}" is already taken',
    'zh-CN': '用户名「{value}」已被占用',
  },
  'user.emailTaken': {
    'en-US': 'The email address "{value}" is already used by another account',
    'zh-CN': '邮箱「{value}」已被其他账号使用',
  },
  'user.mobileTaken': {
    'en-US': 'The mobile number "{value}" is already used by another account',
    'zh-CN': '手机号「{value}」已被其他账号使用',
  },
} satisfies Record<string, CatalogueEntry>;

// Adds these keys to MessageKey; declaration merging is the one thing that needs an interface.
declare module '../../http/i18n.js' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface ModuleMessages {
    user: typeof userMessages;
  }
}

registerMessages(userMessages);
